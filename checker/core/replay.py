"""The replay loop shared by every game: apply steps until the first illegal one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from portolan.checker.core.game import Decision, GameRules, Illegal, Step, missing_of
from portolan.checker.core.log import LogFile
from portolan.checker.core.position import STATE_FAULTS, state_fault
from portolan.checker.core.violation import Violation
from portolan.model.loader import Game


@dataclass
class Replay:
    state: Any
    violation: Violation | None
    applied: int
    turns: int
    trace: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.violation is None


def replay(log: LogFile, *, trace: bool = False) -> Replay:
    state = start_state(log)
    try:
        result = run(log.rules, log.model, state, log.steps, log.source.path, trace=trace)
    except STATE_FAULTS as exc:
        if log.start is None:  # from the setup: a fault is Portolan's own (exit 3)
            raise
        start = log.start  # a state written by hand that the rules failed on later
        raise state_fault(start.source, start.pos, exc, "in the log's turns") from None
    if log.start is not None and not result.applied:  # no turn yet: the position's count
        result.turns = log.start.turns
    return result


def start_state(log: LogFile) -> Any:
    """The state a log's first turn is played in: a copy of the position it names, or the
    setup."""
    if log.start is not None:
        return log.rules.copy_state(log.start.state)
    return log.rules.setup(log.model, log.players, log.options)


def run(
    rules: GameRules,
    model: Game,
    state: Any,
    steps: list[Step],
    file: str,
    *,
    trace: bool = False,
    finish: bool = True,
) -> Replay:
    """Apply ``steps`` to ``state``; stop at the first illegal one with a ``Violation``.

    Each log turn is held to account when it ends: a decision it leaves open (with no default)
    when the next turn begins is reported at the turn's own last step, turn and player; with
    ``finish``, the decisions the log may leave out are applied after its last step and a
    decision that closes a turn (``Decision.closes_turn``) still open is reported the same way.
    """
    lines: list[str] = []
    applied = 0
    last_turn = 0
    last_step: Step | None = None  # the last step applied
    last_phase: str | None = None  # the phase of the decision it answered

    def stop(step: Step, decision: Decision | None, illegal: Illegal, phase: str | None = None):
        pos = step.pos
        violation = Violation(
            file=file,
            line=pos.line if pos else None,
            column=pos.column if pos else None,
            turn=step.turn,
            player=step.player,
            phase=phase or (decision.phase if decision else None),
            rule=model.cite(illegal.section),
            message=illegal.message,
            section=illegal.section,
        )
        return Replay(state, violation, applied, last_turn, lines)

    def unanswered(decision: Decision) -> Illegal:
        return missing_of(decision) or Illegal(rules.turn_section, f"expected {decision.prompt}")

    for step in steps:
        decision = rules.decision(state)
        if decision is not None and not isinstance(step.move, decision.accepts):
            # A move that can no longer come this turn is refused before any default is applied.
            early = rules.misplaced(state, step.move)
            if early is not None:
                # A step written after its own turn ended is reported in that turn's phase.
                after = decision.starts_turn and last_step is not None and step.turn == last_turn
                phase = rules.phase_of(step.move) or (last_phase if after else None)
                return stop(step, decision, early, phase)
        while decision is not None and not isinstance(step.move, decision.accepts):
            if decision.default is None:
                # A new log turn while the last one still owes this decision: the last one's fault.
                ended = last_step is not None and step.turn != last_turn
                if not ended and decision.starts_turn and last_step is not None:
                    # The turn ended on the way (what it may leave out): the step is its own.
                    late = rules.misplaced(state, step.move)
                    if late is not None:
                        return stop(step, decision, late, rules.phase_of(step.move) or last_phase)
                return stop(last_step if ended else step, decision, unanswered(decision))
            events = rules.apply(state, decision.default)
            if trace:  # a default left out at the end of a turn belongs to that turn
                turn = step.turn if step.turn == last_turn else last_turn
                lines += _trace(turn, decision, events)
            decision = rules.decision(state)
        if decision is None:
            return stop(step, None, Illegal(rules.end_section, "the game is already over"))
        if step.player != decision.player:
            return stop(
                step,
                decision,
                Illegal(rules.turn_section, f"it is {decision.player}'s turn, not {step.player}'s"),
            )
        illegal = rules.check(state, step.move, step.player)
        if illegal is not None:
            return stop(step, decision, illegal)
        events = rules.apply(state, step.move)
        applied += 1
        last_turn = step.turn
        last_step = step
        last_phase = decision.phase
        if trace:
            lines += _trace(step.turn, decision, events)
    if finish:  # decisions the log may leave out (e.g. no Save played) after its last step
        decision = rules.decision(state)
        while decision is not None and decision.default is not None:
            events = rules.apply(state, decision.default)
            if trace:
                lines += _trace(last_turn, decision, events)
            decision = rules.decision(state)
        if decision is not None and decision.closes_turn and last_step is not None:
            # The log's last turn is over: its end-of-turn duties are due.
            return stop(last_step, decision, unanswered(decision))
    return Replay(state, None, applied, last_turn, lines)


def _trace(turn: int, decision: Decision, events: list[str]) -> list[str]:
    return [f"turn {turn:>3}  {decision.player:<10} {decision.phase:<12} {e}" for e in events]
