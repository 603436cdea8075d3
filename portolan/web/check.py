"""Check a log: paste or upload it, see every turn, and at the first illegal step the line,
the reason, the rule and what the rules reference says about it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from portolan.checker.core.log import parse_log
from portolan.checker.core.replay import replay
from portolan.errors import InputError
from portolan.web.rulebook import blocks_of, passages
from portolan.web.site import Site, numbered, problems_of, read_form, text_of
from portolan.web.work import in_turn

PASTED = "pasted-log.yaml"  # what messages call a pasted log
_TRACE = re.compile(r"^turn\s+(\d+)\s+(.*)$")


@dataclass
class Checked:
    game: str
    title: str
    turns: int
    finished: bool
    trace: list[dict[str, Any]] = field(default_factory=list)  # {turn, lines}
    violation: dict[str, Any] | None = None
    rule_text: list[str] = field(default_factory=list)
    excerpt: list[dict] = field(default_factory=list)
    sheet: dict[str, Any] | None = None


def check_text(site: Site, text: str, name: str) -> Checked:
    loaded = parse_log(text, name, site.components)
    result = replay(loaded, trace=True)
    rules = loaded.rules
    out = Checked(
        loaded.model.id,
        loaded.model.title,
        result.turns,
        rules.decision(result.state) is None,
        trace=_by_turn(result.trace, loaded.players),
    )
    v = result.violation
    if v is None:
        out.sheet = rules.sheet(result.state).as_json()  # no winner while the game is not over
        return out
    out.violation = {**v.as_json(), "where": str(v).split(": illegal step", 1)[0], "text": str(v)}
    model, blocks = blocks_of(site.components, loaded.model.id)
    out.rule_text = passages(model, blocks, v.section)
    if v.line:
        out.excerpt = numbered(text, {v.line}, around=v.line)
    return out


def _by_turn(lines: list[str], players: list[str]) -> list[dict[str, Any]]:
    """The trace of ``portolan check --trace`` grouped by turn, each line split into who, in
    which phase, and what happened (the trace's columns: player in 10, phase in 12)."""
    turns: list[dict[str, Any]] = []
    for line in lines:
        m = _TRACE.match(line)
        turn, rest = (int(m.group(1)), m.group(2)) if m else (None, line)
        if not turns or turns[-1]["turn"] != turn:
            turns.append({"turn": turn, "lines": []})
        turns[-1]["lines"].append(_columns(rest, players))
    return turns


def _columns(rest: str, players: list[str]) -> dict[str, str]:
    player = next((p for p in sorted(players, key=len, reverse=True) if rest.startswith(p)), "")
    if not player:
        return {"player": "", "phase": "", "what": " ".join(rest.split())}
    rest = rest[max(len(player), 10) + 1 :]
    if len(rest) > 13 and rest[12] == " " and rest[:12].strip():
        phase, what = rest[:12].strip(), rest[13:]
    else:
        phase, _, what = rest.partition(" ")
    return {"player": player, "phase": phase, "what": what.strip()}


def routes(site: Site) -> list[Route]:
    def page(request: Request, status=200, *, text="", result=None, problems=(), rows=()):
        values = dict(text=text, result=result, problems=list(problems), rows=list(rows))
        return site.page(request, "check.html.j2", status, **values)

    async def submit(request: Request):
        form = await read_form(request)
        text = ""
        try:
            text, name = await text_of(form, "text", "file", PASTED)
            result = await in_turn(check_text, site, text, name)
        except InputError as exc:
            lines = {p.line for p in exc.problems if p.line}
            rows = numbered(text, lines) if lines else []
            return page(request, 422, text=text, problems=problems_of(exc), rows=rows)
        return page(request, text=text, result=result)

    return [
        Route("/check", page, name="check"),
        Route("/check", submit, methods=["POST"], name="check_submit"),
    ]
