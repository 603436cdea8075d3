"""The position a log reaches after one of its turns (``portolan position``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portolan.checker.core.game import Illegal
from portolan.checker.core.log import LogFile
from portolan.checker.core.position import between_turns, position_data
from portolan.checker.core.replay import run, start_state
from portolan.checker.core.violation import Violation


@dataclass
class Reached:
    """The position after a log's turn: its data, or the violation that stops the log first."""

    state: Any
    data: dict[str, Any] | None
    violation: Violation | None


def position_after(log: LogFile, turns: int) -> Reached:
    """Replay ``log`` up to the end of its turn ``turns`` (0: the setup), close that turn and
    take the position. A log that breaks a rule before, or a turn left unfinished, gives its
    violation instead."""
    rules = log.rules
    state = start_state(log)
    steps = [s for s in log.steps if s.turn <= turns]
    result = run(rules, log.model, state, steps, log.source.path, finish=False)
    if result.violation is not None:
        return Reached(state, None, result.violation)
    decision = between_turns(rules, state)
    if isinstance(decision, Illegal):
        last = steps[-1] if steps else None
        pos = last.pos if last else None
        violation = Violation(
            file=log.source.path,
            line=pos.line if pos else None,
            column=pos.column if pos else None,
            turn=last.turn if last else turns,
            player=last.player if last else None,
            phase=rules.decision(state).phase,
            rule=log.model.cite(decision.section),
            message=decision.message,
            section=decision.section,
        )
        return Reached(state, None, violation)
    data = position_data(rules, log.model, state, log.players, log.options, turns)
    return Reached(state, data, None)
