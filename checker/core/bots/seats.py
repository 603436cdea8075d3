"""A bot seat at the table: its level and how the table handles its secret cards.

Spelled ``LEVEL`` or ``LEVEL:hidden`` (``--bot Ben=mcts:hidden``, the log's ``bots: {Ben:
mcts:hidden}``). The procedure after the colon says who draws the bot's secret cards (a
contract, a mission, a hand of cards; docs/bots.md):

- ``entered`` (the default): the person draws the bot's card, enters it like any card and plays
  on knowing it;
- ``hidden``: the person leaves the card face down on the bot's pile and enters nothing;
  Portolan draws for the bot from what the deck can still hold and names the card only when the
  rules reveal it.
"""

from __future__ import annotations

from dataclasses import dataclass

from portolan.checker.core.bots import LEVELS

PROCEDURES = ("entered", "hidden")


@dataclass(frozen=True)
class BotSeat:
    level: str
    secrets: str = "entered"

    @property
    def hidden(self) -> bool:
        return self.secrets == "hidden"

    def spelled(self) -> str:
        """As the log and ``--bot`` write it (the default procedure left out)."""
        return self.level if self.secrets == "entered" else f"{self.level}:{self.secrets}"


class BadSeat(ValueError):
    """A spelling that names no level or procedure: ``message`` and the words that would do."""

    def __init__(self, message: str, allowed: tuple[str, ...], word: str):
        super().__init__(message)
        self.allowed = allowed
        self.word = word


def read_seat(text: str) -> BotSeat:
    """``LEVEL`` or ``LEVEL:PROCEDURE`` (case and spaces aside); ``BadSeat`` otherwise."""
    level, _, secrets = text.strip().lower().partition(":")
    level, secrets = level.strip(), secrets.strip() or "entered"
    if level not in LEVELS:
        raise BadSeat(f"'{level}' is not a bot level ({', '.join(LEVELS)})", LEVELS, level)
    if secrets not in PROCEDURES:
        raise BadSeat(
            f"'{secrets}' is not a procedure for a bot's secret cards ({', '.join(PROCEDURES)})",
            PROCEDURES,
            secrets,
        )
    return BotSeat(level, secrets)
