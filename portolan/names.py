"""Names typed at the table: case- and accent-insensitive matching with unique prefixes."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache


@lru_cache(maxsize=4096)  # the same few names are looked up again and again in a log
def fold(text: str) -> str:
    """Lower-case, without accents, single spaces: 'Hernán  Cortés' -> 'hernan cortes'."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


class NameIndex:
    """Resolves what a user typed to one canonical name: exact (folded) match first, then a unique
    prefix. ``resolve`` returns None when nothing or more than one name matches."""

    def __init__(self, names: Iterable[str]):
        self.names = list(dict.fromkeys(names))
        self._by_fold = {fold(n): n for n in self.names}

    def __contains__(self, typed: str) -> bool:
        return fold(typed) in self._by_fold

    def exact(self, typed: str) -> str | None:
        return self._by_fold.get(fold(typed))

    def matches(self, typed: str) -> list[str]:
        key = fold(typed)
        if key in self._by_fold:
            return [self._by_fold[key]]
        return [n for f, n in self._by_fold.items() if f.startswith(key)] if key else []

    def resolve(self, typed: str, *, allow_prefix: bool = True) -> str | None:
        found = self.matches(typed) if allow_prefix else [self.exact(typed)]
        return found[0] if len(found) == 1 and found[0] is not None else None
