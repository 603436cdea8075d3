"""Where a reveal stands in a run of the same question: the referee says "card 5 of 12" while
the table deals the display (the terminal's ``play`` and the web referee alike)."""

from __future__ import annotations

from typing import Any

from portolan.checker.core.game import Decision, GameRules, Step
from portolan.model.loader import Game

RUN_LOOKAHEAD = 60  # reveals of one run counted ahead at most


def run_of_reveals(
    rules: GameRules,
    model: Game,
    players: list[str],
    options: dict[str, Any],
    steps: list[Step],
    d: Decision,
) -> tuple[int, int] | None:
    """Where decision ``d``, reached after ``steps``, stands in a run of the same question (the
    12 cards dealt to the display: (5, 12)), or None if it is asked once. Meant for the setup,
    where the game so far is a few dozen steps: they are played again on a fresh state, noting
    each question, and the reveals to come are counted on it, revealing the first outcome."""
    asked = (d.kind, d.prompt, d.player)
    state = rules.setup(model, players, options)
    before = []
    for step in steps:
        was = rules.decision(state)
        before.append(was is not None and (was.kind, was.prompt, was.player) == asked)
        rules.apply(state, step.move)
    done = 0
    while done < len(before) and before[-1 - done]:
        done += 1
    left = 0
    while left < RUN_LOOKAHEAD:
        ahead = rules.decision(state)
        if ahead is None or (ahead.kind, ahead.prompt, ahead.player) != asked:
            break
        rules.apply(state, rules.outcomes(state)[0][0])
        left += 1
    total = done + left
    return (done + 1, total) if total > 1 else None
