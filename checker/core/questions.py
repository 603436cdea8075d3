"""Questions the interactive referee asks (play.py) and how an answer is read.

Choices are listed with numbers; a number, or words that pick out one entry (matching.py),
answers; a heading opens its choices. For what the table reveals the card's name is typed, '?'
lists what is still possible, and a secret card may be left 'hidden'. A forced move that spends
something is asked before it is played. At any prompt 'u' undoes the last answer, 't' shows the
table, 'h' helps and 'q' stops.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from portolan.checker.core.bots.facedown import FaceDown
from portolan.checker.core.game import Decision, GameRules
from portolan.checker.core.matching import counts_of, match, number_keys, suggestion
from portolan.checker.core.menus import BACK, Heading, menu_entries, named_exactly
from portolan.names import fold

COMMANDS = (
    "At a prompt: a number or a few words pick a choice (a log's spelling too, e.g. cw); at a "
    "card, its name or a short form (? lists those still possible; hidden or Enter keeps a "
    "secret card unnamed; r picks at random when offered). t shows the table, u undoes the "
    "last answer, h this help, q stops (the log keeps everything; q prints the command that "
    "resumes the game); a choice named by that one letter (a player T) is picked, and table, "
    "undo, help, quit are the commands."
)
HIDDEN_WORDS = ("", "hidden", "secret", "skip")
STOP, UNDO, AGAIN = object(), object(), object()  # what a command asks of the prompt


class Questions:
    """The prompts of a play session (``play.Session``, which provides what is declared here)."""

    rules: GameRules
    state: Any
    ask: Callable[[str], str | None]
    say: Callable[[str], None]
    rng: random.Random
    facedown: FaceDown
    asking: tuple
    undo: Callable[[], None]
    turn_of: Callable[[Decision], int]
    run_of_reveals: Callable[[Decision], tuple[int, int] | None]

    # -- commands typed at any prompt -----------------------------------------------------
    def _read(self, prompt: str, names: Sequence[Sequence[str]] = ()) -> Any:
        """The answer typed at ``prompt``, stripped, once it is no command that asks again
        (table, help); STOP or UNDO for those commands."""
        while True:
            answer = self.ask(prompt)
            answer = None if answer is None else answer.strip()
            asked = self.command(answer, names)
            if asked is not AGAIN:
                return answer if asked is None else asked

    def command(self, answer: str | None, names: Sequence[Sequence[str]] = ()) -> Any:
        """STOP, UNDO or AGAIN (the prompt is asked again) for a command; None otherwise. An
        answer that is exactly one of the choices' ``names`` (a player named T, say) picks it:
        each command has its long form too (table, undo, help, quit)."""
        if answer is None:
            return STOP
        word = answer.lower()
        if len(word) == 1 and named_exactly(answer, names):
            return None
        if word in ("q", "quit"):
            return STOP
        if word in ("u", "undo"):
            self.undo()
            return UNDO
        if word in ("t", "table"):
            self.show_table()
            return AGAIN
        if word in ("h", "help"):
            self.say(COMMANDS)
            return AGAIN
        return None

    def show_table(self) -> None:
        """The public state of the table: what is in front of each player, the scores so far."""
        held = self.facedown.held(self.state) if self.facedown else None
        for line in self.rules.public_state(self.state):
            self.say(f"  {line if held is None else self.facedown.mask(line, held)}")
        sheet = self.rules.score(self.state)
        self.say("  scores so far: " + ", ".join(f"{ln.player} {ln.total}" for ln in sheet.lines))

    # -- questions ------------------------------------------------------------------------
    def ask_choice(self, d: Decision) -> Any:
        moves = self.rules.legal_moves(self.state)
        menus = [self.rules.menu(m) for m in moves]
        opened: str | None = None
        while True:
            entries = menu_entries(moves, menus, opened, self._label)
            keys = number_keys([counts_of(self._spellings(e)) for _, e in entries])
            self.asking = ("choice", entries, keys, moves)
            self.say(f"{d.player}: choose {d.prompt}")
            for key, (label, _) in zip(keys, entries, strict=True):
                self.say(f"  {key:>2}. {label}")
            chosen = self._pick_entry(entries, keys, moves)
            if chosen is STOP or chosen is UNDO:
                return chosen
            if chosen is AGAIN:
                continue
            if isinstance(chosen, Heading):
                opened = chosen.name
            elif chosen is BACK:
                opened = None
            else:
                return chosen

    def _label(self, move: Any) -> str:
        """A choice as listed: its words, and what it gives that they leave out."""
        extra = self.rules.detail(self.state, move)
        return self.rules.describe(move) + (f" ({extra})" if extra else "")

    def _spellings(self, entry: Any) -> tuple[str, ...]:
        if entry is BACK:
            return ("back",)
        if isinstance(entry, Heading):
            return (entry.name,)
        return tuple(self.rules.spellings(entry))

    def _pick_entry(self, entries: list[tuple[str, Any]], keys: list[int], moves: list) -> Any:
        shown = [(label, *self._spellings(e)) for label, e in entries]
        hidden = [m for m in moves if all(m is not e for _, e in entries)]
        under = [(self.rules.describe(m), *self.rules.spellings(m)) for m in hidden]
        while True:
            answer = self._read("> ", shown)
            if answer is STOP or answer is UNDO:
                return answer
            if answer in ("", "?"):
                return AGAIN  # the list again
            if answer.isdecimal():
                if int(answer) in keys:
                    return entries[keys.index(int(answer))][1]
                self.say(f"  {answer} is not in the list: type one of its numbers or words.")
                continue
            found = match(answer, shown)
            if len(found) == 1:
                return entries[found[0]][1]
            if not found:  # a move under a heading, named from the top of the list
                inside = match(answer, under)
                if len(inside) == 1:
                    return hidden[inside[0]]
            self._not_understood(answer, [labels[0] for labels in shown], found, shown + under)

    def _not_understood(self, answer: str, labels: list[str], found: list[int], names) -> None:
        if found:
            self.say(
                f"  '{answer}' fits {len(found)} entries: "
                + "; ".join(labels[i] for i in found[:6])
                + ("…" if len(found) > 6 else "")
                + ". Type more words or the number."
            )
            return
        meant = suggestion(answer, names)
        hint = f" Did you mean '{meant}'?" if meant else ""
        self.say(f"  '{answer}' is none of the choices.{hint} (h: help)")

    def ask_chance(self, d: Decision) -> Any:
        outcomes = self.rules.outcomes(self.state)
        moves = [m for m, _ in outcomes]
        names = [(self.rules.outcome_name(m), *self.rules.spellings(m)) for m in moves]
        random_ok = len({w for _, w in outcomes}) == 1 and len(outcomes) <= 6
        random_ok = random_ok and d.secret is None  # a secret card is its owner's to name
        hints = ["? lists them"]
        if d.secret is not None:
            hints.insert(0, "Enter keeps it hidden until it is revealed")
        if random_ok:
            hints.append("r picks at random")
        self.asking = ("chance", outcomes, d.secret)
        question = d.prompt
        if d.secret is None and not self.turn_of(d):  # a run of reveals in the setup
            count = self.run_of_reveals(d)
            question += f" (card {count[0]} of {count[1]})" if count else ""
        while True:
            answer = self._read(f"{d.player}, {question}? ({'; '.join(hints)}) > ", names)
            if answer is STOP or answer is UNDO:
                return answer
            if d.secret is not None and fold(answer) in HIDDEN_WORDS:
                return d.secret
            if answer == "?":
                self.say("  possible: " + ", ".join(self._possible(moves)))
                continue
            if random_ok and answer.lower() in ("r", "random") and not named_exactly(answer, names):
                move = self.rng.choice(moves)
                self.say(f"  picked at random: {self.rules.outcome_name(move)}")
                return move
            found = match(answer, names)
            if len(found) == 1:
                return moves[found[0]]
            if found:
                self.say("  which one: " + ", ".join(names[i][0] for i in found))
                continue
            meant = suggestion(answer, names)
            hint = f" Did you mean '{meant}'?" if meant else ""
            self.say(f"  '{answer}' cannot happen now.{hint} (? lists what can)")

    def _possible(self, moves: list[Any]) -> list[str]:
        """The outcomes by name, with the copies left when the game counts them."""
        out = []
        for m in moves:
            n = self.rules.copies_left(self.state, m)
            name = self.rules.outcome_name(m)
            out.append(f"{name} ×{n}" if n is not None and n > 1 else name)
        return out

    def ask_forced(self, d: Decision, move: Any) -> Any:
        """The only move left spends something: say so before playing it."""
        what = self.rules.spends(move)
        self.asking = ("forced", move)
        self.say(
            f"{d.player}: the only choice is to {self.rules.describe(move)}, which spends {what}."
        )
        while True:
            answer = self._read("Enter plays it (u undoes the last answer, q stops) > ")
            if answer is STOP or answer is UNDO:
                return answer
            if fold(answer) in ("", "y", "yes", "ok"):
                return move
            self.say("  Press Enter to play it, u to undo the last answer, q to stop.")
