"""The interactive referee of ``checker/core/play.py`` driven one answer at a time, for the web.

A terminal ``Session`` asks and waits; a web page shows the question of the moment and gets the
answer in a later request. This adapter keeps that difference in one place: it holds a
``Session`` (its log writing, undo marks and state come from the core unchanged), answers the
moves the core would answer by itself (a choice with one legal move), and describes the prompt
of the moment as plain data for a template.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.core.game import Decision, GameRules, Step
from checker.core.play import BACK, Heading, Session, menu_entries
from checker.core.replay import run
from checker.core.scoresheet import ScoreSheet
from portolan.model.loader import Game

EVENTS_KEPT = 12  # the last things that happened, shown above the prompt


@dataclass
class Entry:
    """One button of the prompt: its label and what pressing it sends back."""

    label: str
    value: str
    kind: str  # "move", "heading", "back", "outcome"
    weight: int = 1


@dataclass
class Prompt:
    turn: int
    player: str
    phase: str
    kind: str  # "choice" or "chance"
    question: str
    entries: list[Entry]
    opened: str | None = None
    random_ok: bool = False


@dataclass
class Table:
    """A refereed game: the core's ``Session`` plus what the page shows."""

    session: Session
    events: list[str] = field(default_factory=list)
    version: int = 0  # answers and undos so far: what a page showed, to spot a stale answer

    @classmethod
    def start(
        cls,
        rules: GameRules,
        model: Game,
        players: list[str],
        options: dict[str, Any],
        log: Path,
        steps: list[Step] | None = None,
        marks: list[int] | None = None,
    ) -> Table:
        """A new game, or one resumed from the steps (and undo marks) saved so far. Steps that
        are not legal any more raise ``ValueError`` with the violation."""
        table = cls(Session(rules, model, players, options, log, _no_input, _silent))
        table.session.say = table._heard
        table.session.shown = None  # the terminal loop's last heading (its run() sets it)
        if steps:
            result = run(rules, model, table.session.state, steps, str(log), finish=False)
            if result.violation is not None:
                raise ValueError(str(result.violation))
            table.session.steps = list(steps)
        table.session.marks = [m for m in (marks or []) if m < len(table.session.steps)]
        table.settle()
        return table

    # -- what the page shows -----------------------------------------------------------------
    @property
    def rules(self) -> GameRules:
        return self.session.rules

    @property
    def steps(self) -> list[Step]:
        return self.session.steps

    @property
    def marks(self) -> list[int]:
        return self.session.marks

    def decision(self) -> Decision | None:
        return self.rules.decision(self.session.state)

    @property
    def over(self) -> bool:
        return self.decision() is None

    def score(self) -> ScoreSheet:
        return self.rules.score(self.session.state)

    def public_state(self) -> list[tuple[str, str]]:
        """What everyone at the table may see, as (label, value) rows. A game's own
        ``public_state`` hook is used when the core has one; otherwise the score so far."""
        hook = getattr(self.rules, "public_state", None)  # until the core declares the hook
        if hook is not None:
            try:
                shown = hook(self.session.state)
            except NotImplementedError:
                shown = None
            if shown:
                return [(str(k), str(v)) for k, v in _rows(shown)]
        sheet = self.score()
        return [(ln.player, f"{ln.total} points") for ln in sheet.lines]

    def prompt(self, opened: str | None = None) -> Prompt | None:
        d = self.decision()
        if d is None:
            return None
        turn = self.session.turn_of(d)
        if d.kind == "choice":
            moves = self.rules.legal_moves(self.session.state)
            menus = [self.rules.menu(m) for m in moves]
            where = {id(m): i for i, m in enumerate(moves)}
            if opened is not None and opened not in menus:
                opened = None
            entries = []
            for label, target in menu_entries(moves, menus, opened, self.rules.describe):
                if isinstance(target, Heading):
                    entries.append(Entry(label, target.name, "heading"))
                elif target is BACK:
                    entries.append(Entry(label, "", "back"))
                else:
                    entries.append(Entry(label, str(where[id(target)]), "move"))
            return Prompt(turn, d.player, d.phase, "choice", d.prompt, entries, opened)
        outcomes = self.rules.outcomes(self.session.state)
        entries = [
            Entry(self.rules.outcome_name(m), str(i), "outcome", w)
            for i, (m, w) in enumerate(outcomes)
        ]
        random_ok = len({w for _, w in outcomes}) == 1 and len(outcomes) <= 6
        return Prompt(turn, d.player, d.phase, "chance", d.prompt, entries, None, random_ok)

    # -- answers -------------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        """Play the legal move at ``index`` of the current choice (IndexError if none)."""
        d = self._decision("choice")
        moves = self.rules.legal_moves(self.session.state)
        if not 0 <= index < len(moves):
            raise IndexError(index)
        self._play(d, moves[index])

    def reveal(self, index: int) -> None:
        """The table revealed the outcome at ``index`` of the current chance."""
        d = self._decision("chance")
        outcomes = self.rules.outcomes(self.session.state)
        if not 0 <= index < len(outcomes):
            raise IndexError(index)
        self._play(d, outcomes[index][0])

    def reveal_random(self) -> None:
        d = self._decision("chance")
        outcomes = self.rules.outcomes(self.session.state)
        move = self.session.rng.choice([m for m, _ in outcomes])
        self.events.append(f"picked at random: {self.rules.outcome_name(move)}")
        self._play(d, move)

    def undo(self) -> bool:
        if not self.session.marks:
            return False
        self.session.undo()  # says "Undone."
        self.version += 1
        self.settle()
        return True

    def save(self) -> None:
        self.session.save()

    def log_text(self) -> str:
        return self.session.log.read_text(encoding="utf-8")

    # -- inside ------------------------------------------------------------------------------
    def _decision(self, kind: str) -> Decision:
        d = self.decision()
        if d is None or d.kind != kind:
            raise IndexError(kind)
        return d

    def _play(self, d: Decision, move: Any) -> None:
        with self._one_save():
            self.session.apply(d, move, self.session.turn_of(d), prompted=True)
            self.version += 1
            self.settle()

    @contextmanager
    def _one_save(self) -> Iterator[None]:
        """The core saves the log after every step; an answer and the moves that follow by
        themselves are saved once, together, before the page is answered."""
        self.session.save = _nothing  # an instance attribute hides the method for a while
        try:
            yield
        finally:
            del self.session.save
        self.session.save()

    def settle(self) -> None:
        """Apply what nobody has to decide (a choice with one legal move), as the terminal
        referee does, so the page always stops at a real question or at the end."""
        while True:
            d = self.decision()
            if d is None or d.kind != "choice":
                break
            moves = self.rules.legal_moves(self.session.state)
            if len(moves) != 1:
                break
            self.session.apply(d, moves[0], self.session.turn_of(d), prompted=False)
        del self.events[:-EVENTS_KEPT]

    def _heard(self, text: str) -> None:
        text = text.strip()
        if text and not text.startswith("=="):
            self.events.append(text)
            del self.events[:-EVENTS_KEPT]


def _rows(shown: Any) -> list[tuple[Any, Any]]:
    if isinstance(shown, dict):
        return list(shown.items())
    return [tuple(row) if isinstance(row, (list, tuple)) else ("", row) for row in shown]


def _nothing() -> None:
    pass


def _no_input(prompt: str) -> str | None:
    return None


def _silent(text: str) -> None:
    pass
