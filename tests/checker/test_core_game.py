"""checker/core/game.py, the contract: the base class owns the position's caches (the decision
and the scratch), runs the move table, and gives every hook the core calls a default or
marks it as the game's to write. A toy game stands in for a real one."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from portolan.checker.core.game import Decision, GameState, Illegal, RulesBase
from portolan.checker.core.registry import GAMES, rules_for
from tests.checker.helpers import ROOT


@dataclass(slots=True)
class Count(GameState):
    n: int = 0


@dataclass(frozen=True)
class Add:
    k: int


def check_add(state: Count, move: Add) -> Illegal | None:
    return None if move.k > 0 else Illegal("§1", "add at least one")


def apply_add(state: Count, move: Add) -> list[str]:
    state.n += move.k
    return [f"adds {move.k}"]


class Toy(RulesBase):
    id = "toy"
    turn_section = end_section = "§1"
    moves = {Add: (check_add, apply_add)}

    def __init__(self) -> None:
        super().__init__()
        self.decided = 0

    def decide(self, state: Count) -> Decision | None:
        self.decided += 1
        return None if state.n >= 3 else Decision("Ana", "Play", "choice", (Add,), "add")

    def choices(self, state: Count, decision: Decision) -> list[Add]:
        return [Add(1), Add(2)]


class Settling(Toy):
    """A game with something that follows every move (as Ships' card gains do)."""

    def apply(self, state: Count, move: Add) -> list[str]:
        return [*super().apply(state, move), "settles"]


def test_the_decision_is_worked_out_once_a_position():
    rules, state = Toy(), Count()
    assert rules.decision(state) is rules.decision(state)
    assert rules.legal_moves(state) == [Add(1), Add(2)]
    assert rules.decided == 1
    rules.apply(state, Add(1))
    rules.decision(state)
    assert rules.decided == 2


def test_apply_forgets_the_scratch_of_the_position():
    rules, state = Toy(), Count()
    state.scratch()["where"] = "worked out"
    assert state.scratch() == {"where": "worked out"}
    assert rules.apply(state, Add(2)) == ["adds 2"]
    assert state.scratchpad is None and state.scratch() == {}


def test_a_state_changed_by_hand_is_forgotten_by_forget():
    rules, state = Toy(), Count()
    rules.decision(state)
    state.scratch()["x"] = 1
    state.n = 3
    state.forget()
    assert rules.decision(state) is None and state.scratch() == {}


def test_the_move_table_checks_and_an_override_of_apply_keeps_the_cache_owned():
    rules, state = Settling(), Count()
    assert rules.check(state, Add(0), "Ana") == Illegal("§1", "add at least one")
    assert rules.check(state, Add(1), "Ana") is None
    rules.decision(state)
    assert rules.apply(state, Add(1)) == ["adds 1", "settles"]
    assert state.memo is None


def test_optional_hooks_have_defaults():
    rules, state = Toy(), Count()
    assert rules.misplaced(state, Add(1)) is None
    assert rules.outcomes(state) == []
    assert rules.describe is not None and rules.menu(Add(1)) is None
    assert rules.spellings(Add(1)) == () and rules.spends(Add(1)) is None
    assert rules.copies_left(state, Add(1)) is None and rules.public_state(state) == []
    assert rules.phase_of(Add(1)) is None and rules.log_keys == ()


# A hook called on a rules object (``rules.decision``, ``self.rules.apply``, ``log.rules.id``)
# by the core, the web page, the command line or the pictures, "rules.yaml" in words aside.
CALLED = re.compile(r"(?<![\w.])(?:self\.|log\.|session\.)?rules\.(\w+)\b(?!\.yaml)")
CALLERS = ("checker/core", "portolan/web", "portolan/cli", "portolan/show")


def called_hooks() -> set[str]:
    return {
        name
        for folder in CALLERS
        for p in sorted((ROOT / folder).rglob("*.py"))
        for name in CALLED.findall(p.read_text(encoding="utf-8"))
    } - {"yaml"}


def test_every_hook_the_core_calls_is_declared_on_the_base_class():
    hooks = called_hooks()
    assert {"decision", "apply", "legal_moves", "turn_section", "bot"} <= hooks
    declared = set(dir(RulesBase)) | set(RulesBase.__annotations__)
    assert not hooks - declared
    for game in GAMES:
        rules = rules_for(game)
        assert all(hasattr(rules, h) for h in hooks | declared), game


CORE = ROOT / "checker" / "core"


def test_the_core_finds_no_hook_with_getattr():
    found = [
        f"{p.name}:{n}"
        for p in sorted(CORE.glob("*.py"))
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"(getattr|hasattr)\((self\.)?rules\b", line)
    ]
    assert not found


@pytest.mark.parametrize("game", list(GAMES))
def test_no_game_clears_the_position_caches_by_hand(game):
    folder = ROOT / "checker" / "games" / GAMES[game].rsplit(".", 1)[1]
    found = [
        f"{p.relative_to(folder)}:{n}"
        for p in sorted(folder.rglob("*.py"))
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\.(memo|scratchpad)\s*=[^=]|\.scratchpad\.clear\(", line)
    ]
    assert not found, f"{game} clears the core's caches itself: {found}"
