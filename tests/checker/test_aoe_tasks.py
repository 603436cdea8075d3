"""Age of Exploration's tasks (tasks.py): every kind of task has what its section owes it, and a
copy of a position shares its tasks."""

from __future__ import annotations

import dataclasses

import pytest

from portolan.checker.core.registry import rules_for
from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS

RULES = rules_for("age-of-exploration")  # imports every section: their hooks are registered
KINDS = sorted(
    (
        k
        for k in vars(tk).values()
        if isinstance(k, type) and issubclass(k, tk.TurnTask) and k not in (tk.TurnTask, tk.Effect)
    ),
    key=lambda k: k.__name__,
)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_every_task_is_carried_out_alone_or_asks_a_decision(kind):
    hooks = kind.hooks
    if issubclass(kind, tk.Effect):
        assert hooks.auto is not None and hooks.decide is None
        return
    assert hooks.auto is not None or hooks.decide is not None
    if hooks.decide is not None:  # a decision has its moves and their answer
        assert hooks.options is not None and hooks.answer is not None


def test_tasks_are_frozen_and_equal_by_value():
    a, b = (
        tk.RollCheck(7, "Navigation", (tk.StraitPassed(),), ()),
        tk.RollCheck(7, "Navigation", (tk.StraitPassed(),), ()),
    )
    assert a == b and hash(a) == hash(b) and a != tk.RollCheck(8, "Navigation", (), ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.target = 3


def test_an_effect_is_carried_out_with_its_fields_and_leaves_the_stack():
    state = RULES.setup(load_game(COMPONENTS, "age-of-exploration"), ["Ana", "Ben"], {})
    space = "NA1-NE"
    push(state, tk.Deplete(space))
    events = tk.Deplete(space).carry_out(state)
    assert space in state.depleted and tk.Deplete(space) not in state.tasks
    assert isinstance(events, list)
