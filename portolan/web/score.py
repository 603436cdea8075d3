"""Score a session: the game and players, the score pad, the score sheet and its downloads."""

from __future__ import annotations

import json
from datetime import date

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from portolan.checker.core.registry import rules_for
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.errors import InputError, Problem
from portolan.web.scorecells import cells_of
from portolan.web.scorepad import MAX_CELL, Pad, Written, check_cells, pad_for, position_text
from portolan.web.site import (
    Site,
    attachment,
    form_problem,
    numbered,
    problems_of,
    read_form,
    text_of,
)
from portolan.web.work import in_turn
from portolan.yamlsrc import Source, parse_yaml

POSITION = "position.yaml"  # what messages call the position the form makes


def players_of(site: Site, game_id: str, raw: str) -> list[str]:
    """The seat order typed as "Ana, Ben, Cai", checked as a log's players are."""
    from portolan.checker.core.log import read_players
    from portolan.limits import component_limits

    names = read_players(raw, None, Source("players"))
    limit = component_limits().name_chars
    for name in names:
        if len(name) > limit:
            raise InputError(
                Problem(f"'{name[:20]}…' is longer than {limit} characters", field="players")
            )
    problem = site.game(game_id).player_count_problem(len(names))
    if problem is not None:
        raise InputError(Problem(problem, field="players"))
    return names


def routes(site: Site) -> list[Route]:
    pages = _ScorePages(site)
    return [
        Route("/score", pages.start, name="score_start"),
        Route("/score/{game}", pages.pad, name="score_pad"),
        Route("/score/{game}", pages.submit, methods=["POST"], name="score_submit"),
        Route("/score/{game}/totals", pages.totals, methods=["POST"], name="score_totals"),
    ]


class _ScorePages:
    """The score pad's pages over one site: choosing the game and players, the pad, scoring it
    (the sheet, its downloads, saving it) and the running totals."""

    def __init__(self, site: Site) -> None:
        self.site = site

    def known(self, game_id: str) -> str:
        if game_id not in {g.id for g in self.site.checked_games()}:
            raise HTTPException(404, f"no checker for a game called '{game_id[:64]}'")
        return game_id

    def start_page(self, request: Request, status: int, problems: list, chosen: str, players: str):
        return self.site.page(
            request,
            "score_start.html.j2",
            status,
            games=self.site.checked_games(),
            problems=problems,
            chosen=chosen,
            players=players,
        )

    def pad_page(
        self, request: Request, game_id: str, players: list[str], status: int = 200, **extra
    ):
        model = self.site.game(game_id)
        values = dict(
            typed={},
            wrong={},
            options={},
            sheet=None,
            problems=[],
            yaml_text="",
            yaml_rows=[],
            today=date.today().isoformat(),
        )
        values.update(extra)
        return self.site.page(
            request,
            "score.html.j2",
            status,
            game=model,
            pad=pad_for(model),
            players=players,
            rule_options=rules_for(game_id).options(model),
            **values,
        )

    async def start(self, request: Request):
        game_id = request.query_params.get("game", "")
        raw_players = request.query_params.get("players", "")
        if not (game_id or raw_players):
            return self.start_page(request, 200, [], "", "")
        try:
            self.known(game_id)
            players = players_of(self.site, game_id, raw_players)
        except HTTPException:
            problems = [form_problem("game", "choose a game")]
            return self.start_page(request, 400, problems, game_id, raw_players)
        except InputError as exc:
            return self.start_page(request, 400, problems_of(exc), game_id, raw_players)
        url = request.url_for("score_pad", game=game_id).include_query_params(
            players=", ".join(players)
        )
        return RedirectResponse(str(url), status_code=303)

    async def pad(self, request: Request):
        game_id = self.known(request.path_params["game"])
        raw_players = request.query_params.get("players", "")
        try:
            players = players_of(self.site, game_id, raw_players)
        except InputError as exc:
            return self.start_page(request, 400, problems_of(exc), game_id, raw_players)
        return self.pad_page(request, game_id, players)

    async def submit(self, request: Request):
        game_id = self.known(request.path_params["game"])
        form = await read_form(request)
        pad = pad_for(self.site.game(game_id))
        raw_players = str(form.get("players", ""))
        try:
            players = players_of(self.site, game_id, raw_players)
        except InputError as exc:
            return self.start_page(request, 400, problems_of(exc), game_id, raw_players)
        typed, options = _typed(form, pad, players)
        kept = dict(typed=typed, options=options)
        text, name = await text_of(form, "yaml", "file", POSITION)
        written = None
        if not text.strip() or form.get("from") == "pad":
            wrong = check_cells(pad, players, typed)
            if wrong:
                problems = [form_problem("pad", m) for m in wrong.values()]
                return self.pad_page(
                    request, game_id, players, 422, wrong=wrong, problems=problems, **kept
                )
            written = position_text(pad, players, typed, options)
            text, name = written.text, POSITION
        try:
            sheet = await in_turn(_score, self.site, game_id, text, name)
            played = _played_on(str(form.get("played", ""))) if form.get("save") else None
        except InputError as exc:
            lines = {p.line for p in exc.problems if p.line}
            return self.pad_page(
                request,
                game_id,
                players,
                422,
                wrong=_wrong_cells(exc, written),
                problems=problems_of(exc),
                yaml_text=text,
                yaml_rows=numbered(text, lines),
                **kept,
            )
        if played is not None:
            return await self.saved(request, game_id, played, sheet, text)
        if form.get("format") in ("csv", "json"):
            return _download(game_id, sheet, str(form.get("format")))
        if written is None:  # a pasted file or a play opened again: shown in the pad's cells
            kept = await _in_cells(self.site, game_id, pad, players, text, sheet) or kept
        return self.pad_page(
            request, game_id, players, sheet=sheet.as_json(), yaml_text=text, **kept
        )

    async def saved(self, request: Request, game_id: str, played: str, sheet, text: str):
        """A scored play kept in the history; its page says so."""
        history = self.site.history
        play_id = await in_turn(history.add_scored, game_id, played, sheet.as_json(), text)
        url = request.url_for("history_play", play=play_id).include_query_params(notice="saved")
        return RedirectResponse(str(url), status_code=303)

    async def totals(self, request: Request):
        """The running totals of a pad being filled in (the page's script asks as the table
        types): each player's total, or the wrong cells with their messages."""
        game_id = self.known(request.path_params["game"])
        form = await read_form(request)
        pad = pad_for(self.site.game(game_id))
        try:
            players = players_of(self.site, game_id, str(form.get("players", "")))
        except InputError:
            return JSONResponse({"totals": None, "wrong": {}, "problems": []}, status_code=400)
        typed, options = _typed(form, pad, players)
        wrong = check_cells(pad, players, typed)
        if wrong:
            return JSONResponse({"totals": None, "wrong": wrong, "problems": []})
        written = position_text(pad, players, typed, options)
        try:
            sheet = await in_turn(_score, self.site, game_id, written.text, POSITION)
        except InputError as exc:
            messages = [p.message for p in exc.problems]
            return JSONResponse(
                {"totals": None, "wrong": _wrong_cells(exc, written), "problems": messages}
            )
        shown = {line.player: line.total for line in sheet.lines}
        return JSONResponse({"totals": shown, "wrong": {}, "problems": []})


def _typed(form, pad: Pad, players: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    def cell(key: str) -> str:
        value = form.get(key)
        return value[:MAX_CELL] if isinstance(value, str) else ""

    typed = {name: cell(name) for name in pad.names(players)}
    options = {k[2:]: cell(k) for k in form if k.startswith("o.")}
    return typed, options


def _wrong_cells(exc: InputError, written: Written | None) -> dict[str, str]:
    """The pad's cells the scorer's problems point at, with their messages."""
    if written is None:
        return {}
    wrong: dict[str, str] = {}
    for problem in exc.problems:
        name = written.cell_for(problem.field)
        if name and name not in wrong:
            wrong[name] = problem.message
    return wrong


def _played_on(text: str) -> str:
    """The date a play was played on (YYYY-MM-DD), from the save form."""
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise InputError(
            Problem(f"'{text[:20]}' is not a date", field="played", hint="e.g. 2026-12-04")
        ) from None
    if not 1900 <= day.year <= date.today().year + 1:
        raise InputError(Problem(f"{day.year} is not a year of a play", field="played"))
    return day.isoformat()


async def _in_cells(site: Site, game_id: str, pad: Pad, players, text: str, sheet: ScoreSheet):
    """The pad's cells for a position file, if they score exactly as the file does (a file
    may say what the pad has no cell for; the notes may list things in another order); else
    None."""
    typed, options = cells_of(pad, players, parse_yaml(text, POSITION))
    if check_cells(pad, players, typed):
        return None
    remade = position_text(pad, players, typed, options)
    try:
        again = await in_turn(_score, site, game_id, remade.text, POSITION)
    except InputError:
        return None
    same = {k: v for k, v in again.as_json().items() if k != "notes"}  # notes: in file order
    alike = same == {k: v for k, v in sheet.as_json().items() if k != "notes"}
    return dict(typed=typed, options=options) if alike else None


def _score(site: Site, game_id: str, text: str, name: str) -> ScoreSheet:
    rules = rules_for(game_id)
    raw = parse_yaml(text, name)
    return rules.score_position(site.game(game_id), raw, Source(name), None)


def _download(game_id: str, sheet: ScoreSheet, kind: str) -> Response:
    if kind == "csv":
        body, media = sheet.as_csv(), "text/csv; charset=utf-8"
    else:
        body = json.dumps(
            {"ok": True, "game": game_id, "finished": sheet.finished, **sheet.as_json()},
            ensure_ascii=False,
            indent=2,
        )
        media = "application/json"
    name = f"{game_id}-scores.{kind}"
    return attachment(body, media, name)
