"""A whole game played at `portolan play`'s prompts by a script, as a person would type it, with
a snapshot of the log file at every prompt (what a stop there leaves): the shared play tests
(test_games_play.py) resume the game from each snapshot."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from portolan.checker.core.log import parse_log
from portolan.checker.core.logwriter import log_text
from portolan.checker.core.play import BACK, Heading, Session, menu_entries
from portolan.checker.core.registry import rules_for
from portolan.model import load_game
from tests.checker.games import GAME_TESTS


@dataclass
class Prompt:
    """One prompt of the game: the answers typed before it, the log file as it was then and
    what the prompt asked (``asked``)."""

    typed: int
    text: str
    asked: tuple


@dataclass
class Script:
    game: str
    log: Path
    answers: list[str] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    final: str = ""


def asked(session: Session) -> tuple:
    """What the prompt under way asks, and of what game: who, what is offered, the log the
    steps so far make and the scores so far (a game resumed must ask the same)."""
    rules, state = session.rules, session.state
    d = rules.decision(state)
    kind = session.asking[0]
    if kind == "chance":
        offered = sorted(rules.describe(m) for m, _ in rules.outcomes(state))
        offered.append(rules.describe(d.secret) if d.secret is not None else "")
    else:
        offered = [rules.describe(m) for m in rules.legal_moves(state)]
    sheet = rules.score(state)
    log = log_text(rules, session.model, session.players, session.options, session.steps)
    return (
        kind,
        d.player,
        d.phase,
        d.prompt,
        tuple(offered),
        tuple(ln.total for ln in sheet.lines),
        tuple(session.rules.public_state(state)),
        log,
    )


def play_script(game: str, log: Path) -> Script:
    """Play a whole game in-process, answering at random as a person would type: a card's name
    for what the table reveals (or 'hidden' for a card its owner may keep secret), the number
    of an entry for a choice (a heading, then a move under it), now and then its words instead;
    Enter at a forced move; 't' and '?' now and then. Every prompt's log file is kept."""
    spec = GAME_TESTS[game].play
    rules, model = rules_for(game), load_game(spec.components, game)
    defaults = {o.name: o.default for o in rules.options(model)}
    rng = random.Random(spec.seed)
    script = Script(game, log)
    queue: list[str] = []
    at: list[int] = []  # len(session.steps) at the last prompt kept

    def ask(prompt: str) -> str:
        kind = session.asking[0]
        fresh = not queue and at[-1:] != [len(session.steps)]
        if fresh:  # a new prompt: what a stop here leaves
            at.append(len(session.steps))
            text = log.read_text(encoding="utf-8")
            script.prompts.append(Prompt(len(script.answers), text, asked(session)))
            if rng.random() < 0.08:
                return typed("t")
        if kind == "forced":
            answer = ""
        elif kind == "chance":
            answer = chance_answer(session, rng)
        elif queue:
            answer = queue.pop(0)
        else:
            answer = choice_answer(session, rng, queue)
        return typed(answer)

    def typed(answer: str) -> str:
        script.answers.append(answer)
        return answer

    session = Session(rules, model, spec.players, defaults, log, ask, lambda _: None)
    assert session.run() is True
    script.final = log.read_text(encoding="utf-8")
    return script


def chance_answer(session: Session, rng: random.Random) -> str:
    rules = session.rules
    _, outcomes, secret = session.asking
    if secret is not None and rng.random() < 0.3:
        return "hidden"
    move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
    return rules.outcome_name(move)


def choice_answer(session: Session, rng: random.Random, queue: list[str]) -> str:
    """The key of a random legal move's entry (of its heading first, the move queued)."""
    rules = session.rules
    _, entries, keys, moves = session.asking
    menus = [rules.menu(m) for m in moves]
    k = rng.randrange(len(moves))
    if menus[k] is None:
        i = next(i for i, (_, e) in enumerate(entries) if e is moves[k])
        return by_words(entries, keys, i, rng)
    inside = menu_entries(moves, menus, menus[k], rules.describe)
    assert inside[-1][1] is BACK
    j = next(j for j, (_, e) in enumerate(inside) if e is moves[k])
    queue.append(str(j + 1))  # no counts under a heading in these games
    return str(keys[next(i for i, (_, e) in enumerate(entries) if e == Heading(menus[k]))])


def by_words(entries: list[tuple[str, Any]], keys: list[int], i: int, rng: random.Random) -> str:
    """An entry's number, or now and then its label typed out whole."""
    label = entries[i][0]
    if rng.random() < 0.15 and sum(1 for lab, _ in entries if lab == label) == 1:
        return label
    return str(keys[i])


def resumed_at(game: str, path: Path, text: str) -> tuple[tuple, Session]:
    """A game resumed in-process from a log file holding ``text`` (as `portolan play --log`
    resumes it), stopped at its first prompt: what that prompt asked."""
    spec = GAME_TESTS[game].play
    rules, model = rules_for(game), load_game(spec.components, game)
    path.write_text(text, encoding="utf-8")
    loaded = parse_log(text, str(path), spec.components)
    seen: list[tuple] = []

    def ask(prompt: str) -> None:
        seen.append(asked(session))
        return None  # the input ends: the game stops here

    said: list[str] = []
    session = Session(rules, model, loaded.players, loaded.options, path, ask, said.append)
    assert session.resume(text, loaded) is None
    assert session.run() is False
    assert not any("no longer fit" in s for s in said), said
    return seen[0], session
