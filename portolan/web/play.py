"""Referee a game: start one, answer the question of the moment, undo, download the log.

Every answer is a POST that names how many steps the page showed (``at``): an answer sent from
a page that is out of date (a second phone moved the game on, a button pressed twice) is not
applied, and the page is shown again as it is now.
"""

from __future__ import annotations

import re
from datetime import date

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse
from starlette.routing import Route

from portolan.checker.core import options as rule_options
from portolan.checker.core.bots import LEVELS
from portolan.checker.core.bots.seats import PROCEDURES, read_seat
from portolan.checker.core.play import HEADER, resume_command
from portolan.checker.core.registry import rules_for
from portolan.errors import InputError, Problem
from portolan.web.picture import picture_of
from portolan.web.score import players_of
from portolan.web.site import Site, attachment, form_problem, problems_of, read_form
from portolan.web.work import in_turn
from portolan.yamlsrc import Source

ACTIONS = ("choose", "reveal", "secret", "random", "undo")
# What a redirect after an answer may tell the table, by code: a link names a code, never the
# text, so nobody can make the page say what they like.
NOTICES = {
    "moved": "The game had moved on; here it is as it is now.",
    "nothing-to-undo": "Nothing to undo.",
    "not-a-choice": "That answer is not one of the choices now.",
}
_RESUME = re.compile(r"portolan play ([a-z0-9-]+) --log")


def routes(site: Site) -> list[Route]:
    pages = _PlayPages(site)
    return [
        Route("/play", pages.new_page, name="play_new"),
        Route("/play", pages.create, methods=["POST"], name="play_create"),
        Route("/play/{key}", pages.table_page, name="table"),
        Route("/play/{key}", pages.post_answer, methods=["POST"], name="table_answer"),
        Route("/play/{key}/log.yaml", pages.download, name="table_log"),
    ]


class _PlayPages:
    """The referee's pages over one site: starting a game, its table, answers, its log."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.store = site.store

    def new_page(self, request: Request, status: int = 200, **values):
        game_id = values.pop("chosen", None) or request.query_params.get("game", "")
        games = self.site.checked_games()
        model = next((g for g in games if g.id == game_id), None)
        rules = rules_for(game_id) if model else None
        options = list(rules.options(model)) if model else []
        return self.site.page(
            request,
            "play_new.html.j2",
            status,
            games=games,
            chosen=model.id if model else "",
            game=model,
            rule_options=options,
            problems=values.get("problems", []),
            players=values.get("players", ""),
            seats=values.get("seats", {}),
            levels=LEVELS,
            secret_cards=rules is not None and getattr(rules.bot, "hidden_hand", None) is not None,
            in_progress=[] if model else self.store.in_progress(),
            titles={g.id: g.title for g in games},
        )

    async def create(self, request: Request):
        form = await read_form(request)
        game_id = str(form.get("game", ""))
        raw = str(form.get("players", ""))
        if game_id not in {g.id for g in self.site.checked_games()}:
            return self.new_page(
                request, 400, players=raw, problems=[form_problem("form", "choose a game")]
            )
        seats = {k: str(v) for k, v in form.items() if k.startswith(("bot.", "cards."))}
        try:
            players = players_of(self.site, game_id, raw)
            model = self.site.game(game_id)
            rules = rules_for(game_id)
            typed = {k[2:]: str(v) for k, v in form.items() if k.startswith("o.") and v}
            chosen = rule_options.resolve(rules.options(model), typed, Source("form"))
            bots = bot_seats(seats, players)
            key = await in_turn(self.store.create, game_id, players, chosen, bots)
        except InputError as exc:
            return self.new_page(
                request,
                400,
                chosen=game_id,
                players=raw,
                seats=seats,
                problems=problems_of(exc),
            )
        return RedirectResponse(str(request.url_for("table", key=key)), status_code=303)

    def show(self, request: Request, key: str, status: int = 200):
        opened = request.query_params.get("open") or None
        with self.store.table(key, changes=False) as table:
            before = table.version
            table.settle()  # a bot's turn: it answers now, within its budget
            if table.over and table.version != before:
                _keep_history(self.site, key, table)
            values = _table_values(table, key, opened)
        notice = NOTICES.get(request.query_params.get("notice", ""), "")
        return self.site.page(request, "play.html.j2", status, notice=notice, **values)

    async def table_page(self, request: Request):
        return await in_turn(self.show, request, request.path_params["key"])

    def answer(self, key: str, action: str, value: str, at: str) -> str:
        """Apply one answer; the code of what to tell the table (``NOTICES``; '' if all went
        as asked)."""
        with self.store.table(key) as table:
            if at != str(table.version):
                return "moved"
            try:
                if action == "undo":
                    return "" if table.undo() else "nothing-to-undo"
                table.answer(action, value)
                return ""
            except (ValueError, IndexError):
                return "not-a-choice"
            finally:
                if table.over or action == "undo":
                    _keep_history(self.site, key, table)

    async def post_answer(self, request: Request):
        key = request.path_params["key"]
        form = await read_form(request)
        action = str(form.get("action", ""))
        if action not in ACTIONS:
            raise HTTPException(400, "unknown action")
        notice = await in_turn(
            self.answer, key, action, str(form.get("value", ""))[:20], str(form.get("at", ""))
        )
        url = request.url_for("table", key=key)
        if notice:
            url = url.include_query_params(notice=notice)
        return RedirectResponse(str(url), status_code=303)

    async def download(self, request: Request):
        key = request.path_params["key"]
        path = self.store.log_path(key)
        text = await in_turn(path.read_text, encoding="utf-8")
        first, _, rest = text.partition("\n")
        game = _game_of(first)
        name = f"{game or 'portolan'}-{key[:6]}.yaml"
        if first.startswith("# Portolan play log") and game:
            text = HEADER.format(command=resume_command(game, name)) + rest
        return attachment(text, "application/yaml; charset=utf-8", name)


def _table_values(table, key: str, opened: str | None) -> dict:
    """What the table's page shows of the game now (read inside the table's lock)."""
    prompt = table.prompt(opened)
    sheet = table.score()
    return dict(
        key=key,
        game=table.session.model,
        players=table.session.players,
        bots={p: read_seat(spec) for p, spec in table.session.bot_levels.items()},
        prompt=prompt,
        at=table.version,
        turn=table.steps[-1].turn if table.steps else 0,
        can_undo=table.can_undo,
        events=list(table.events),
        public=table.public_state(),
        picture=picture_of(table),
        scores=[(ln.player, ln.total) for ln in sheet.lines],
        sheet=sheet.as_json() if prompt is None else None,
    )


def bot_seats(form: dict[str, str], players: list[str]) -> dict[str, str]:
    """The form's seats a bot plays (``bot.N``: a level, or '' for a person; ``cards.N``: the
    procedure for its secret cards), as seat -> LEVEL[:PROCEDURE], by seat number from 1."""
    out: dict[str, str] = {}
    for field, level in form.items():
        if not field.startswith("bot.") or not level:
            continue
        n = int(field[4:]) if field[4:].isdecimal() and len(field) < 8 else 0
        if not 1 <= n <= len(players):
            raise InputError(
                Problem(
                    f"seat {field[4:12]} is a bot, but {len(players)} players are named",
                    field="players",
                    hint="name a player for every seat, or make that seat a person",
                )
            )
        cards = form.get(f"cards.{n}", "entered")
        if level not in LEVELS or cards not in PROCEDURES:
            raise InputError(Problem(f"seat {n}: not a bot level", field=field))
        out[players[n - 1]] = read_seat(f"{level}:{cards}").spelled()
    if out and len(out) == len(players):
        raise InputError(
            Problem("every seat is a bot", field="players", hint="keep at least one for a person")
        )
    return {p: out[p] for p in players if p in out}


def _keep_history(site: Site, key: str, table) -> None:
    """A game that ended goes in the table's history (again, if an undo changed its end); an
    ending that was undone leaves it."""
    if table.over:
        sheet = table.score().as_json()
        site.history.record_session(key, table.rules.id, date.today().isoformat(), sheet)
    else:
        site.history.drop_session(key)


def _game_of(header: str) -> str | None:
    """The game id in a play log's first line ("... portolan play GAME --log ...")."""
    m = _RESUME.search(header)
    return m.group(1) if m else None
