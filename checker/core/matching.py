"""What a person types at `play`'s prompts, matched to what may be chosen.

Every entry offered has names: its words as listed (a move's description, a card's name) and
the other ways a log may write it (``GameRules.spellings``: 'cw', '8'). An answer picks the
entries of the first rule that finds any:

1. the whole answer is one of the names (case, accents and spacing aside);
2. the answer begins a name ('all ships' for All Ships (2 players), not Half of All Ships);
3. every word typed is a whole word of a name (a number must always be whole: '1' is not
   the beginning of '12');
4. every word typed begins a word of a name ('red 2' for Red Ship 2, 'mag gal' for
   "form an expedition: Magellan + Galleons + Sailors").

An answer that picks nothing gets a did-you-mean, worked out word by word.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Sequence

from portolan.names import fold

_WORD = re.compile(r"[\w']+")


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


def match(answer: str, names: Sequence[Sequence[str]]) -> list[int]:
    """The indexes of the entries ``answer`` picks out (each entry has one or more names)."""
    key = fold(answer)
    if not key:
        return []
    exact = [i for i, ns in enumerate(names) if any(fold(n) == key for n in ns)]
    if exact:
        return exact
    begun = [i for i, ns in enumerate(names) if any(fold(n).startswith(key) for n in ns)]
    if begun:
        return begun
    typed = words(answer)
    if not typed:
        return []
    split = [[words(n) for n in ns] for ns in names]
    for whole in (True, False):
        found = [i for i, ws in enumerate(split) if any(_covers(typed, w, whole) for w in ws)]
        if found:
            return found
    return []


def _covers(typed: list[str], words_of_name: list[str], whole: bool) -> bool:
    """Every word typed is a word of the name (``whole``; a number always) or begins one."""
    return all(
        t in words_of_name if whole or t.isdigit() else any(w.startswith(t) for w in words_of_name)
        for t in typed
    )


def suggestion(answer: str, names: Sequence[Sequence[str]]) -> str | None:
    """The entry (its first name) a mistyped answer most likely meant, or None."""
    vocabulary = sorted({w for ns in names for n in ns for w in words(n)})
    fixed = []
    for t in words(answer):
        if t.isdigit() or any(w.startswith(t) for w in vocabulary):
            fixed.append(t)
            continue
        close = difflib.get_close_matches(t, vocabulary, n=1, cutoff=0.7)
        if not close:
            fixed = []
            break
        fixed.append(close[0])
    if fixed:
        found = match(" ".join(fixed), names)
        if len(found) == 1:
            return names[found[0]][0]
        if found:  # the words, corrected, fit several: say them, and the list says which
            return " ".join(fixed)
    firsts = {fold(ns[0]): ns[0] for ns in names if ns}
    close = difflib.get_close_matches(fold(answer), list(firsts), n=1, cutoff=0.6)
    return firsts[close[0]] if close else None


def number_keys(counts: Sequence[Sequence[int]]) -> list[int]:
    """The number each entry is listed under. An entry that stands for a count no other entry
    shares ('8 investment markers', 'sail 3 steps') is listed under that count, so a number
    typed means one thing only; the others take the numbers after the highest count."""
    seen = Counter(c for cs in counts for c in set(cs))
    own = [next((c for c in cs if seen[c] == 1), None) for cs in counts]
    taken = {c for c in own if c is not None}
    following = max(taken, default=0) + 1
    keys = []
    for c in own:
        if c is None:
            while following in taken:
                following += 1
            c = following
            following += 1
        keys.append(c)
    return keys


def counts_of(spellings: Sequence[str]) -> list[int]:
    """The counts among a move's spellings (those that are a bare number)."""
    return [int(s) for s in spellings if s.strip().isdigit()]
