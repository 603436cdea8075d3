"""The list of choices as play shows it: menu headings and the way back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from portolan.names import fold


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
    counts = Counter(h for h in menus if h is not None)
    return top + [(f"{h} ({n})", Heading(h)) for h, n in counts.items()]


def named_exactly(answer: str, names: Sequence[Sequence[str]]) -> bool:
    """Whether ``answer`` is exactly one of the spellings in ``names`` (case and accents aside)."""
    folded = fold(answer)
    return any(folded == fold(n) for ns in names for n in ns)
