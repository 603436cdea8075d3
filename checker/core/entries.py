"""A position's entries read by declaration: each game names the keys of a player's entry
(and of its own sections) with the typed readers of checker/core/logformat.py, and reads them
here against the shared part ``read_position`` gave. Problems keep their file, line, column,
field and did-you-mean; a value refused is left out of what is read (reported once)."""

from __future__ import annotations

from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.log import LogReader
from portolan.checker.core.position import Position
from portolan.yamlsrc import Pos

value_of = lf.value_of  # what an entry read holds under a key
SEAT = lf.PlayerName("a player in this position")


class EntryReader:
    """A position read as a log is (what the typed readers ask of a reader): its book, its
    players, and every problem noted on the position (which stops at a report's length)."""

    items = staticmethod(LogReader.items)

    def __init__(self, head: Position, book: Any):
        self.head, self.book, self.players = head, book, head.players
        self.source, self.problems = head.source, head.problems

    def bad(self, message: str, pos: Pos | None, field: str, hint: str | None = None) -> None:
        self.head.bad(message, pos, field, hint)

    def read(self, arg: lf.Arg, value: Any, pos: Pos | None, field: str) -> Any:
        """``value`` read by ``arg``; None when refused (the problem noted)."""
        got = arg.read(self, value, pos, field)
        return None if got is lf.BAD else got

    def section(self, key: str, arg: lf.Arg) -> Any:
        """The position's section ``key`` read by ``arg`` (None: left out, or refused)."""
        raw = self.head.raw
        if raw.get(key) is None:
            return None
        return self.read(arg, raw[key], raw.value_pos[key], key)


def player_entries(r: EntryReader, entry: lf.Fields) -> dict[str, dict[str, lf.At]]:
    """Each player's entry (seat order) read by ``entry``: {player: {key: what was read}}; a
    player whose entry is not a mapping is left out (the problem noted)."""
    table, out = r.head.table, {}
    for player, name in zip(r.players, table, strict=True):
        got = r.read(entry, table[name], table.value_pos[name], f"players.{name}")
        if got is not None:
            out[player] = got
    return out
