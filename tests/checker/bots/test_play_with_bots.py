"""`portolan play` with bot seats: a whole game of every game with one person (scripted) and two
bots, the bots' moves in the log like anyone's, and `check` of that log giving the same scores."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from portolan.checker.core.bots import Budget
from portolan.checker.core.log import load_log
from portolan.checker.core.play import Session
from portolan.checker.core.registry import GAMES, rules_for
from portolan.checker.core.replay import replay
from portolan.model.loader import load_game

COMPONENTS = Path(__file__).resolve().parents[3] / "components"


def person(session_box: list, rng: random.Random):
    """Ana at the prompts: an entry of the list at random, by its number; at a card, one the
    table may turn up (drawn with its odds), by name; Enter at a forced move."""

    def ask(prompt: str) -> str:
        session = session_box[0]
        kind = session.asking[0]
        if kind == "chance":
            outcomes = session.rules.outcomes(session.state)
            move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
            return session.rules.outcome_name(move)
        if kind == "choice":
            return str(rng.choice(session.asking[2]))
        return ""

    return ask


def new_session(game: str, log: Path, bots: dict[str, str], lines: list[str], seed: int = 5):
    rules, model = rules_for(game), load_game(COMPONENTS, game)
    players = ["Ana", "Ben", "Cai"] if model.spec.players.max.value >= 3 else ["Ana", "Ben"]
    box: list = []
    session = Session(
        rules,
        model,
        players,
        {o.name: o.default for o in rules.options(model)},
        log,
        person(box, random.Random(seed)),
        lines.append,
        bot_levels={p: lv for p, lv in bots.items() if p in players},
        budget=Budget(iterations=4),
        bot_seed=seed,
    )
    box.append(session)
    return session


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_with_two_bots_checks_to_the_same_scores(game, tmp_path):
    log = tmp_path / "game.yaml"
    lines: list[str] = []
    session = new_session(game, log, {"Ben": "greedy", "Cai": "mcts"}, lines)
    assert session.run() is True
    said = "\n".join(lines)
    assert "Ben (bot, greedy): " in said and " · worth " in said
    assert "Cai (bot, mcts): " in said and " it played ahead after it" in said
    checked = load_log(log, COMPONENTS)
    assert checked.bots == session.bot_levels
    result = replay(checked)
    assert result.ok, result.violation
    want = session.rules.sheet(session.state)
    got = checked.rules.sheet(result.state)
    assert [(ln.player, ln.total) for ln in got.lines] == [
        (ln.player, ln.total) for ln in want.lines
    ]
    assert got.winners == want.winners
