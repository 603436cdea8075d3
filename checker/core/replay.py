"""The replay loop shared by every game: apply steps until the first illegal one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from portolan.checker.core.game import Decision, GameRules, Illegal, Step
from portolan.checker.core.log import LogFile
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
    except Exception as exc:
        if log.start is None:  # from the setup: a fault is Portolan's own (exit 3)
            raise
        # positions are read only for a log that starts from one: imported then
        from portolan.checker.core.position import STATE_FAULTS, state_fault

        if not isinstance(exc, STATE_FAULTS):
            raise
        start = log.start  # a state written by hand that the rules failed on later
        raise state_fault(start.source, start.pos, exc, "in the log's turns") from None
    if log.start is not None and not result.applied:  # no turn yet: the position's count
        result.turns = log.start.turns
    return result


def start_state(log: Any) -> Any:
    """The state a log's first turn is played in: a copy of the position it names, or the
    setup (``log``: a log, or a game at play, which has the same fields)."""
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
    decision that closes a turn (``Decision.closes_turn``) still open is reported the same way:
    a log's last turn is a finished turn. Any other decision open then is a game not yet over.
    """
    going = _Run(rules, model, state, file, trace)
    for step in steps:
        stopped = going.take(step)
        if stopped is not None:
            return stopped
    if finish:  # decisions the log may leave out (e.g. no Save played) after its last step
        stopped = going.finish()
        if stopped is not None:
            return stopped
    return Replay(state, None, going.applied, going.last_turn, going.lines)


@dataclass
class _Run:
    """A replay under way: the state and where the log has got to."""

    rules: GameRules
    model: Game
    state: Any
    file: str
    trace: bool
    lines: list[str] = field(default_factory=list)
    applied: int = 0
    last_turn: int = 0
    last_step: Step | None = None  # the last step applied
    last_phase: str | None = None  # the phase of the decision it answered

    def stop(
        self, step: Step, decision: Decision | None, illegal: Illegal, phase: str | None = None
    ) -> Replay:
        pos = step.pos
        violation = Violation(
            file=self.file,
            line=pos.line if pos else None,
            column=pos.column if pos else None,
            turn=step.turn,
            player=step.player,
            phase=phase or (decision.phase if decision else None),
            rule=self.model.cite(illegal.section),
            message=illegal.message,
            section=illegal.section,
        )
        return Replay(self.state, violation, self.applied, self.last_turn, self.lines)

    def take(self, step: Step) -> Replay | None:
        """Apply one step (after the defaults before it), or the replay stopped at it."""
        rules, state = self.rules, self.state
        decision = rules.decision(state)
        if decision is not None and not isinstance(step.move, decision.accepts):
            # A move that can no longer come this turn is refused before any default is applied.
            early = rules.misplaced(state, step.move)
            if early is not None:
                # A step written after its own turn ended is reported in that turn's phase.
                after = (
                    decision.starts_turn
                    and self.last_step is not None
                    and step.turn == self.last_turn
                )
                phase = rules.phase_of(step.move) or (self.last_phase if after else None)
                return self.stop(step, decision, early, phase)
            decision = self.defaults_before(step, decision)
            if isinstance(decision, Replay):
                return decision
        if decision is None:
            return self.stop(step, None, Illegal(rules.end_section, "the game is already over"))
        if step.player != decision.player:
            return self.stop(
                step,
                decision,
                Illegal(rules.turn_section, f"it is {decision.player}'s turn, not {step.player}'s"),
            )
        illegal = rules.check(state, step.move, step.player)
        if illegal is not None:
            return self.stop(step, decision, illegal)
        events = rules.apply(state, step.move)
        self.applied += 1
        self.last_turn = step.turn
        self.last_step = step
        self.last_phase = decision.phase
        if self.trace:
            self.lines += _trace(step.turn, decision, events)
        return None

    def defaults_before(self, step: Step, decision: Decision | None) -> Decision | Replay | None:
        """Apply the defaults of the decisions ``step`` does not answer: the decision it does,
        or the replay stopped where one has no default."""
        rules, state, last_step = self.rules, self.state, self.last_step
        while decision is not None and not isinstance(step.move, decision.accepts):
            if decision.default is None:
                # A new log turn while the last one still owes this decision: the last one's fault.
                ended = last_step is not None and step.turn != self.last_turn
                if not ended and decision.starts_turn and last_step is not None:
                    # The turn ended on the way (what it may leave out): the step is its own.
                    late = rules.misplaced(state, step.move)
                    if late is not None:
                        phase = rules.phase_of(step.move) or self.last_phase
                        return self.stop(step, decision, late, phase)
                culprit = last_step if ended and last_step is not None else step
                return self.stop(culprit, decision, self.rules.unanswered(decision))
            events = rules.apply(state, decision.default)
            if self.trace:  # a default left out at the end of a turn belongs to that turn
                self.lines += _trace(self.last_turn, decision, events)
            decision = rules.decision(state)
        return decision

    def finish(self) -> Replay | None:
        """Apply the defaults after the last step; the replay stopped if the last turn still
        owes a decision that closes it."""
        rules, state = self.rules, self.state
        decision = rules.decision(state)
        while decision is not None and decision.default is not None:
            events = rules.apply(state, decision.default)
            if self.trace:
                self.lines += _trace(self.last_turn, decision, events)
            decision = rules.decision(state)
        if decision is not None and decision.closes_turn and self.last_step is not None:
            # The log's last turn is over: its end-of-turn duties are due.
            return self.stop(self.last_step, decision, self.rules.unanswered(decision))
        return None


def _trace(turn: int, decision: Decision, events: list[str]) -> list[str]:
    return [f"turn {turn:>3}  {decision.player:<10} {decision.phase:<12} {e}" for e in events]
