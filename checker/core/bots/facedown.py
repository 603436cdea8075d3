"""A bot's secret cards left face down on the table (the ``hidden`` procedure, seats.py).

The person puts the bot's card face down on its pile and enters nothing: Portolan draws the card
for the bot from what the deck can still hold (by the deck's odds, seeded), writes it in the log
like any draw (so ``portolan check`` replays the game: the log file is a spoiler), and keeps its
name out of what it prints until the card leaves the bot's hidden hand, which is when the rules
reveal it (a contract fulfilled, a card played, the missions scored): the person then swaps the
named card in for one of the bot's face-down ones.

Which draws are secret is the game's to say: its bot module's ``hidden_hand(state, seat)`` lists
the named cards a seat holds unseen, as (kind, name). A chance the seat answers is a secret draw
when its outcome adds to that list. Games without the function have no secret cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from portolan.checker.core.game import Decision, GameRules

Held = Counter  # (seat, kind, name) -> copies held unseen


class FaceDown:
    def __init__(self, rules: GameRules, seats: Iterable[str], seed: Any):
        self.rules = rules
        self.hand = getattr(rules.bot, "hidden_hand", None)
        self.seats = tuple(seats) if self.hand is not None else ()
        self.seed = seed
        # copies of cards in a hidden hand that the table has seen (a flagship back from its
        # voyage): neither masked nor revealed again
        self.known: Held = Counter()

    def __bool__(self) -> bool:
        return bool(self.seats)

    def draws(self, state: Any, d: Decision) -> str | None:
        """The kind of card (e.g. 'trade contract') if ``d`` is a secret draw of a face-down
        seat; None if the table enters its outcome as usual."""
        if d.kind != "chance" or d.player not in self.seats:
            return None
        outcomes = [m for m, _ in self.rules.outcomes(state) if m != d.secret]
        if not outcomes:
            return None
        ahead = self.rules.copy_state(state)
        self.rules.apply(ahead, outcomes[0])
        added = Counter(self.hand(ahead, d.player)) - Counter(self.hand(state, d.player))
        return next(iter(sorted(added)))[0] if added else None

    def pick(self, state: Any, d: Decision, nth_step: int) -> Any:
        """The card Portolan draws for the bot: by the outcomes' weights (the copies left),
        seeded by the game's seed, the seat and the step, so a resumed game draws the same."""
        rng = random.Random(f"portolan-facedown:{self.seed}:{d.player}:{nth_step}")
        outcomes = [(m, w) for m, w in self.rules.outcomes(state) if m != d.secret]
        return rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]

    def held(self, state: Any) -> Held:
        """Every card the face-down seats hold that the table has not seen."""
        every = Counter(
            (seat, kind, name) for seat in self.seats for kind, name in self.hand(state, seat)
        )
        return every - self.known

    def moved(self, before: Held, state: Any, *, drawn: bool, told: str = "") -> list[str]:
        """After a move from a position that held ``before`` unseen: note the cards that came
        back into a hidden hand in view of the table (a flagship home from its voyage, a card
        taken face up), unless Portolan ``drawn`` them face down; the lines that reveal the
        cards that left a hidden hand unseen, or that the move's words (``told``) name (a
        flagship sent on a voyage is shown as it goes)."""
        every = self.held(state) + self.known
        old = before + self.known
        came, left = every - old, old - every
        self.known -= left  # a card the table had seen leaves: nothing to reveal
        if not drawn:
            self.known += came
        gone = before - self.held(state)
        names = {name for _, _, name in gone}
        for card in self.held(state):
            if card[2] in told and card[2] not in names:
                self.known[card] += 1
                gone[card] += 1
        return [
            f"{seat} reveals {kind} {name}: swap it in for a card left face down"
            for (seat, kind, name), n in sorted(gone.items())
            for _ in range(n)
        ]

    def forget(self) -> None:
        """Nothing seen yet (a game replayed from its start)."""
        self.known.clear()

    @staticmethod
    def mask(text: str, held: Held) -> str:
        """``text`` with the name of every card still held unseen replaced by its kind."""
        for _seat, kind, name in sorted(held, key=lambda k: -len(k[2])):
            text = text.replace(name, f"a face-down {kind}")
        return text


def a_card(kind: str) -> str:
    """'a trade contract', 'an Outfitting card'."""
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}"
