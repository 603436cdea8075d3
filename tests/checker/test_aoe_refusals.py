"""Age of Exploration: a step the rules forbid is refused with the rule that forbids it, in the
phase of the step written, also when it comes after the turn it was written in has ended (not
"expected Ben's turn to begin"); spaces are named with their ids; what the rules already decided
may be written, and is refused with the rule when it contradicts them."""

from __future__ import annotations

import pytest

from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.model import load_game
from tests.checker.games.age_of_exploration import BASE, BEN_OUT, HOME, LAND
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
    "a move before the turn's card": (
        BASE + BEN_OUT + turn("Ana", "to ATL2"),
        "Draw and resolve an exploration card",
        "Ana's expedition draws its exploration card now: write its number before 'move to ATL2'",
        "Movement",
    ),
    "a new Leader picked at the end of an exploration turn": (
        BASE + BEN_OUT + turn("Ana", "draw 110, to ATL2, to ATL3, pick explorer"),
        "End-of-turn Actions",
        "Ana's turn is over: the end-of-turn actions are its last steps",
        None,
    ),
    "a launch after staying in port": (
        OUTFITTED + turn("Ana", "port, draw 27, draw 30, launch ATL1"),
        "Outfitting Expeditions",
        "Ana outfits this turn: stay in port or launch next turn",
        "Port",
    ),
    "a card drawn before staying in port": (
        BASE + HOME + turn("Ana", "draw 39"),
        "Outfitting Expeditions",
        "a turn in port begins with 'port' or 'launch'",
        None,
    ),
    "dice after a stay in port": (
        OUTFITTED + turn("Ana", "port, draw 27, draw 30, 7"),
        "Outfitting Expeditions",
        "Ana's turn is over: a turn in port stays in port",
        None,
    ),
}


def test_a_card_dealt_beyond_the_setup_cites_the_set_up():
    log = OUTFITTED.replace("47, 51]}", "47, 51, 52]}  # here")
    v = run_log(log).violation
    assert v is not None and (v.rule, v.line) == (MODEL.cite("Set Up"), marked_line(log)), v
    assert "the setup deals each player an Explorer and 6 Outfitting cards" in v.message


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


# Ana back home (HOME) launches straight to the Land Sighted off the Grand Banks: a scurvy die of
# 3 costs her three Provision (men) losses, which the rules take alone (two Provisions, then a
# Crew): each may be written, or left out.
def scurvy(more: str) -> str:
    return BASE + HOME + f"  - player: Ana\n    steps: [launch ATL4, 3{more}]  # here\n"


def ben_switches(more: str) -> str:
    return BASE + turn(
        "Ben",
        f"port, draw 30, draw 57, play 30 Rutter, hire 57 conquistador, leader 12, "
        f"retire John Cabot{more}",
    )


@pytest.mark.parametrize(
    "log",
    [
        scurvy(""),
        scurvy(", lose Provision, lose Provision"),
        scurvy(", lose Provision, lose Provision, lose Crew"),
        BASE + LAND + "  - player: Ana\n    steps: [draw 151, ashore 1 1, drop Crew]  # here\n",
        ben_switches(", keep Pilot"),
        ben_switches(""),
        OUTFITTED + turn("Ana", "ship Carrack, launch ATL1"),
        BASE + turn("Ben", "port, draw 45, draw 33, ship Carrack"),
    ],
    ids=[
        "losses left out",
        "two losses written",
        "three losses written",
        "the Crew left aboard",
        "the Rutter become a Pilot",
        "the Pilot left out",
        "the ship type it has, before the launch",
        "the ship type it has, while outfitting",
    ],
)
def test_what_the_rules_decided_may_be_written(log):
    result = run_log(log)
    assert result.ok, result.violation


@pytest.mark.parametrize(
    ("log", "section", "words"),
    [
        (
            scurvy(", lose Missionary"),
            "Taking Losses",
            "'men' losses may not be satisfied by losing a Missionary: the loss of Provision "
            "(men) took the only counter it could, Provision",
        ),
        (
            scurvy(", lose Provision, lose Provision, lose Provision"),
            "Taking Losses",
            "the loss of Provision (men) took the only counter it could, Crew, not Provision",
        ),
        (
            BASE + HOME + "  - player: Ana\n    steps: [launch ATL4, 6, lose Provision, "
            "lose Provision, lose Crew, lose Crew, lose Missionary]  # here\n",
            "Taking Losses",
            "'men' losses may not be satisfied by losing a Missionary: with no men left, the loss "
            "is a Leadership check",
        ),
        (
            ben_switches(", keep Rutter"),
            "Switching Leaders",
            "only an Explorer a Rutter: with the new Leader the expedition's Rutter became a Pilot",
        ),
        (
            OUTFITTED + turn("Ana", "ship Caravel, launch ATL1"),
            "Choosing Ship Type",
            "the ship type is chosen while outfitting",
        ),
    ],
    ids=[
        "a Missionary for men",
        "a Provision there is no more of",
        "a Missionary for men, with none left",
        "a Rutter kept by a Conquistador",
        "a ship type changed at the launch",
    ],
)
def test_what_contradicts_the_rules_is_refused_with_the_rule(log, section, words):
    v = run_log(log).violation
    assert v is not None
    assert (v.rule, v.line) == (MODEL.cite(section), marked_line(log)), v
    assert words in v.message, v.message


@pytest.mark.parametrize(
    ("log", "words"),
    [
        (OUTFITTED + turn("Ana", "from M1"), "Malacca (M1) is not a New World base"),
        (BASE + turn("Ben", "port, draw 45, draw 33, from M1"), "Malacca (M1) is not a New"),
        (
            BASE + BEN_OUT + turn("Ana", "draw 110, to ATL9"),
            "Trade Winds (ATL9) is not next to Western Approaches (ATL1)",
        ),
    ],
)
def test_spaces_are_named_with_their_ids(log, words):
    v = run_log(log).violation
    assert v is not None and words in v.message, v


def test_a_missionary_is_no_man_where_a_loss_of_men_leaves_a_choice():
    from portolan.checker.core.registry import rules_for
    from portolan.checker.core.turn import push, run
    from portolan.checker.games.age_of_exploration.moves import Lose
    from portolan.checker.games.age_of_exploration.state import Turn
    from tests.checker.test_aoe_rules import launched, table

    rules = rules_for("age-of-exploration")
    state = table()
    launched(state, "Ana", "ATL2", Crew=2, Soldiers=1, Missionary=1, Provision=2)
    state.now = Turn(start="ATL2")
    push(state, tk.TakeLoss(("men",), "disease"), tk.NextPlayer())
    run(state)
    state.forget()
    assert rules.decision(state).accepts == (Lose,)
    illegal = rules.check(state, Lose("Missionary"), "Ana")
    assert illegal is not None and illegal.section == "Taking Losses"
    assert illegal.message == (
        "'men' losses may not be satisfied by losing a Missionary: the loss of men takes one "
        "of Crew, Soldiers"
    )
