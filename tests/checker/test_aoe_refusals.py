"""Age of Exploration: a step the rules forbid is refused with the rule that forbids it, in the
phase of the step written, also when it comes after the turn it was written in has ended (not
"expected Ben's turn to begin"); spaces are named with their ids; what the rules already decided
may be written, and is refused with the rule when it contradicts them."""

from __future__ import annotations

import pytest

from portolan.model import load_game
from tests.checker.games.age_of_exploration import BASE, BEN_OUT
from tests.checker.helpers import COMPONENTS, marked_line, run_log

MODEL = load_game(COMPONENTS, "age-of-exploration")
ANA_LAUNCHES = "  - player: Ana\n    steps: [launch ATL1]\n"
assert BASE.endswith(ANA_LAUNCHES)
OUTFITTED = BASE[: -len(ANA_LAUNCHES)]  # both have outfitted; Ana's turn


def turn(player: str, steps: str) -> str:
    return f"  - player: {player}\n    steps: [{steps}]  # here\n"


# (log, section, words of the message, phase)
REFUSED = {
    "a card drawn on the launch turn": (
        OUTFITTED + turn("Ana", "launch ATL1, draw 110"),
        "Launching Expeditions",
        "launching takes an entire turn: Ana draws no card",
        "Port",
    ),
    "an abort on the first player's launch turn": (
        OUTFITTED + turn("Ana", "launch ATL1, abort"),
        "Launching Expeditions",
        "launching takes the whole turn: no end-of-turn action",
        "End of turn",
    ),
    "a move on the launch turn": (
        OUTFITTED + turn("Ana", "launch ATL1, to ATL2"),
        "Launching Expeditions",
        "launching takes an entire turn: Ana takes no other action after it",
        "Movement",
    ),
    "the ship type changed on the launch turn": (
        OUTFITTED + turn("Ana", "launch ATL1, ship Caravel"),
        "Choosing Ship Type",
        "the ship type can change only until the expedition is launched: Ana's is out (Carrack)",
        "Outfitting",
    ),
    "the ship type changed at sea": (
        BASE + BEN_OUT + turn("Ana", "draw 110, ship Caravel"),
        "Choosing Ship Type",
        "the ship type can change only until the expedition is launched",
        "Outfitting",
    ),
    "a third card drawn staying in port": (
        OUTFITTED + turn("Ana", "port, draw 27, draw 30, draw 31"),
        "Outfitting Expeditions",
        "staying in port draws 2 Outfitting cards: Ana has drawn them",
        "Outfitting",
    ),
    "a move after staying in port": (
        OUTFITTED + turn("Ana", "port, draw 27, draw 30, to ATL2"),
        "Launching Expeditions",
        "Ana's expedition is in port: it explores once launched",
        "Movement",
    ),
    "a second exploration card": (
        BASE + BEN_OUT + turn("Ana", "draw 110, to ATL2, to ATL3, draw 104"),
        "Draw and resolve an exploration card",
        "one exploration card a turn: Ana has drawn it",
        None,
    ),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_step_is_refused_with_the_rule_that_forbids_it(case):
    log, section, words, phase = REFUSED[case]
    v = run_log(log).violation
    assert v is not None, f"{case}: the log was accepted"
    assert (v.rule, v.line) == (MODEL.cite(section), marked_line(log)), v
    assert words in v.message and "expected" not in v.message, v.message
    assert v.player == "Ana"
    if phase:
        assert v.phase == phase, v
