"""The interactive referee: at every step, whose turn, which phase, what may be done.

Choices are listed with numbers; a number, or words that pick out one entry (case- and
accent-insensitive, unique prefixes allowed), answers. A game may file some choices under
headings (``menu``): the list then shows the headings, and a heading opens its choices. For
what the table reveals (a card drawn or turned over) the card's name is typed; '?' lists what
is still possible. After every step the whole log is rewritten in one go, so an interrupted
game loses nothing and running the same command again resumes it. 'u' undoes the last
answer, 'q' stops.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.core.game import Decision, GameRules, Step
from checker.core.logwriter import log_text, write_atomic
from checker.core.replay import run
from portolan.model.loader import Game
from portolan.names import NameIndex, fold

HEADER = "# Portolan play log. Resume with: portolan play {game} --log {file}\n"


@dataclass
class Session:
    rules: GameRules
    model: Game
    players: list[str]
    options: dict[str, Any]
    log: Path
    ask: Callable[[str], str | None]  # returns None at end of input
    say: Callable[[str], None]
    rng: random.Random = field(default_factory=random.Random)
    steps: list[Step] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)  # len(steps) before each answered prompt

    def __post_init__(self) -> None:
        self.state = self.rules.setup(self.model, self.players, self.options)

    # -- log ------------------------------------------------------------------------------
    def save(self) -> None:
        header = HEADER.format(game=self.rules.id, file=self.log)
        write_atomic(
            self.log,
            log_text(self.rules, self.model, self.players, self.options, self.steps, header),
        )

    def rebuild(self) -> None:
        self.state = self.rules.setup(self.model, self.players, self.options)
        run(self.rules, self.model, self.state, self.steps, str(self.log), finish=False)

    def turn_of(self, d: Decision) -> int:
        """The log turn of the next step; 0 for a game's setup, before the first turn."""
        last = self.steps[-1].turn if self.steps else 0
        return last + 1 if d.starts_turn else last  # 0: the setup, before the first turn

    # -- loop -----------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game ends (True) or the input stops or 'q' is typed (False)."""
        self.save()
        self.shown = None
        while True:
            d = self.rules.decision(self.state)
            if d is None:
                self.say("")
                self.say("The game is over.")
                self.say(self.rules.sheet(self.state).as_text())
                return True
            turn = self.turn_of(d)
            if d.kind == "choice":
                moves = self.rules.legal_moves(self.state)
                if len(moves) == 1:  # nothing to decide
                    self.apply(d, moves[0], turn, prompted=False)
                    continue
            self.header(turn, d)
            move = self.ask_choice(d) if d.kind == "choice" else self.ask_chance(d)
            if move is None:
                self.say(
                    f"Stopped. The log is saved in {self.log}; run the same command to resume."
                )
                return False
            if move == "undo":
                self.shown = None
                continue
            self.apply(d, move, turn, prompted=True)

    def header(self, turn: int, d: Decision) -> None:
        if self.shown != (turn, d.phase):
            when = f"Turn {turn}" if turn else "Before the first turn"
            self.say(f"\n== {when} · {d.player} · {d.phase} phase ==")
            self.shown = (turn, d.phase)

    def apply(self, d: Decision, move: Any, turn: int, *, prompted: bool) -> None:
        illegal = self.rules.check(self.state, move, d.player)
        if illegal is not None:  # legal_moves offered it, so this is a bug, not user input
            raise AssertionError(f"offered an illegal move: {illegal}")
        if prompted:
            self.marks.append(len(self.steps))
        events = self.rules.apply(self.state, move)
        if events and not d.starts_turn:
            self.header(turn, d)
        for event in events:
            self.say(f"  {event}")
        self.steps.append(Step(move, turn, d.player))
        self.save()

    def undo(self) -> None:
        if not self.marks:
            self.say("Nothing to undo.")
            return
        del self.steps[self.marks.pop() :]
        self.rebuild()
        self.save()
        self.say("Undone.")

    # -- questions ------------------------------------------------------------------------
    def _read(self, prompt: str) -> str | None:
        answer = self.ask(prompt)
        return None if answer is None else answer.strip()

    def ask_choice(self, d: Decision) -> Any:
        moves = self.rules.legal_moves(self.state)
        menus = [self.rules.menu(m) for m in moves]
        opened: str | None = None
        while True:
            entries = menu_entries(moves, menus, opened, self.rules.describe)
            labels = [label for label, _ in entries]
            self.say(f"{d.player}: choose {d.prompt}")
            for i, label in enumerate(labels, start=1):
                self.say(f"  {i:>2}. {label}")
            chosen = self._pick_entry(entries)
            if chosen in (None, "undo"):
                return chosen
            if isinstance(chosen, Heading):
                opened = chosen.name
            elif chosen is BACK:
                opened = None
            else:
                return chosen

    def _pick_entry(self, entries: list[tuple[str, Any]]) -> Any:
        labels = [label for label, _ in entries]
        while True:
            answer = self._read("> ")
            if answer is None or answer.lower() in ("q", "quit"):
                return None
            if answer.lower() in ("u", "undo"):
                self.undo()
                return "undo"
            if answer.isdigit() and 1 <= int(answer) <= len(entries):
                return entries[int(answer) - 1][1]
            found = pick(answer, labels)
            if len(found) == 1:
                return entries[found[0]][1]
            self.say(
                "Type a number from the list"
                + (f" ({len(found)} entries match '{answer}')" if found else "")
                + ", u to undo or q to stop."
            )

    def ask_chance(self, d: Decision) -> Any:
        outcomes = self.rules.outcomes(self.state)
        names = [self.rules.outcome_name(m) for m, _ in outcomes]
        index = NameIndex(names)
        random_ok = len({w for _, w in outcomes}) == 1 and len(outcomes) <= 6
        hint = "? lists them" + (", r picks at random" if random_ok else "")
        while True:
            answer = self._read(f"{d.player}, {d.prompt}? ({hint}) > ")
            if answer is None or answer.lower() in ("q", "quit"):
                return None
            if answer.lower() in ("u", "undo"):
                self.undo()
                return "undo"
            if answer == "?":
                self.say(
                    "  possible: "
                    + ", ".join(
                        f"{n} ×{w}" if w > 1 else n
                        for n, (_, w) in zip(names, outcomes, strict=True)
                    )
                )
                continue
            if random_ok and answer.lower() in ("r", "random"):
                move = self.rng.choice([m for m, _ in outcomes])
                self.say(f"  picked at random: {self.rules.outcome_name(move)}")
                return move
            name = index.resolve(answer)
            if name is not None:
                return outcomes[names.index(name)][0]
            matches = index.matches(answer)
            if len(matches) > 1:
                self.say("  which one: " + ", ".join(matches))
            else:
                self.say(f"  '{answer}' cannot happen now; ? lists what can.")


@dataclass(frozen=True)
class Heading:
    """A menu heading in a list of choices (what ``GameRules.menu`` files moves under)."""

    name: str


BACK = object()  # the entry that closes an open heading


def menu_entries(
    moves: list[Any],
    menus: list[str | None],
    opened: str | None,
    describe: Callable[[Any], str],
) -> list[tuple[str, Any]]:
    """The entries of the list as shown: with no heading open, the moves filed under none and
    one entry per heading (in the order of their first move); with a heading open, its moves
    and the way back."""
    if opened is not None:
        inside = [(describe(m), m) for m, h in zip(moves, menus, strict=True) if h == opened]
        return [*inside, ("back (the other choices)", BACK)]
    top = [(describe(m), m) for m, h in zip(moves, menus, strict=True) if h is None]
    counts: dict[str, int] = {}
    for h in menus:
        if h is not None:
            counts[h] = counts.get(h, 0) + 1
    return top + [(f"{h} ({n})", Heading(h)) for h, n in counts.items()]


def pick(answer: str, labels: list[str]) -> list[int]:
    """Indexes of the labels in which every typed word starts a word (or is the whole label)."""
    typed = fold(answer).split()
    if not typed:
        return []
    exact = [i for i, lab in enumerate(labels) if fold(lab) == fold(answer)]
    if exact:
        return exact
    out = []
    for i, label in enumerate(labels):
        words = fold(label).replace("+", " ").replace(":", " ").replace(",", " ").split()
        if all(any(w.startswith(t) for w in words) for t in typed):
            out.append(i)
    return out
