"""Typed readers (as in checker/core/logargs.py) of what a table writes as a short phrase: a
number or a phrase in a set form ('Area 7', '3 Merchant'), pieces listed or counted
('2 Cloth + 1 Wine': one value a piece), text that begins with a name of the board ('Tyre
Cloth': Tyre, then 'Cloth'), a value a game reads further with its book (``Then``) and one it
reads later, once it knows how (``Later``). Each notes its problem with the file, line,
column and field of the value, and gives the JSON schema of what it allows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from portolan.checker.core.logargs import BAD, Arg, At, bundles
from portolan.errors import did_you_mean
from portolan.names import fold


@dataclass(frozen=True)
class Phrase(Arg):
    """Text in a set form, matched whole by ``pattern`` (case free; a number is read as its
    text): ``make`` makes the value of its groups (None: not one). ``wrong`` is the message
    for anything else ({value}: what was written), ``shape`` the JSON schema."""

    pattern: str
    wrong: str
    shape: dict[str, Any]
    make: Callable[..., Any] = lambda *groups: groups

    def read(self, r, value, pos, field):
        text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
        m = re.fullmatch(self.pattern, text.strip(), re.I) if isinstance(text, str) else None
        got = None if m is None else self.make(*m.groups())
        if got is None:
            r.bad(self.wrong.format(value=value), pos, field)
            return BAD
        return got

    def schema(self, book, defs):
        return self.shape


@dataclass(frozen=True)
class Pieces(Arg):
    """Pieces written as a list, a bundle or both ([Cloth, Cloth], '2 Cloth + 1 Wine'): one
    ``At`` a piece, where the item naming it is written; ``most`` (the book and a name -> how
    many the game has) refuses a count past what the box holds (and bounds the list)."""

    names: Callable[[Any], list[str]]  # the book -> the words
    what: str  # 'good'
    description: str
    most: Callable[[Any, str], int]

    def read(self, r, value, pos, field):
        out, ok = [], True
        for count in bundles(r, value, pos, field, self.names(r.book), self.what):
            if count is BAD:
                ok = False
                continue
            name, n, ipos, ifield = count
            most = self.most(r.book, name)
            if n > most:  # a slip, not n pieces
                r.bad(f"{n} {name}: the game has {most}", ipos, ifield)
                ok = False
            else:
                out += [At(name, ipos, ifield)] * n
        return out if ok else BAD

    def schema(self, book, defs):
        one = {"type": "string", "description": self.description}
        return {"anyOf": [one, {"type": "array", "items": one}]}


@dataclass(frozen=True)
class Leading(Arg):
    """Text that begins with a name of a list ('Tyre Cloth', 'Rest of the World Wine'): the
    longest such name (as listed) and the words after it."""

    names: Callable[[Any], list[str]]  # the book -> the names
    kind: str  # what the value should be: "expected <kind>, found ..."
    wrong: str  # the message when no name begins it ({value})

    def read(self, r, value, pos, field):
        if not isinstance(value, str) or not value.strip():
            r.bad(f"expected {self.kind}, found {value!r}", pos, field)
            return BAD
        text, names = fold(value), self.names(r.book)
        found = [n for n in names if text == fold(n) or text.startswith(fold(n) + " ")]
        if not found:
            hint = did_you_mean(value.split()[0], names)
            r.bad(self.wrong.format(value=value), pos, field, hint)
            return BAD
        best = max(found, key=lambda n: len(fold(n)))
        return best, " ".join(value.split()[len(best.split()) :])

    def schema(self, book, defs):
        return {"type": "string"}


@dataclass(frozen=True)
class Then(Arg):
    """What ``arg`` reads, made into the value by ``then`` (reader, what was read, position,
    field -> the value, or ``BAD`` with the problem noted): a meaning that needs the book."""

    arg: Arg
    then: Callable[[Any, Any, Any, str], Any]
    description: str | None = None

    def read(self, r, value, pos, field):
        got = self.arg.read(r, value, pos, field)
        return got if got is BAD else self.then(r, got, pos, field)

    def schema(self, book, defs):
        schema = self.arg.schema(book, defs)
        return schema if self.description is None else {**schema, "description": self.description}


@dataclass(frozen=True)
class Later(Arg):
    """A value kept as written, which the game reads later with one of ``args``, the one what
    else is written calls for (Ships: the cubes taken back, a count or boxes by the area);
    its schema allows each."""

    args: tuple[Arg, ...]

    def read(self, r, value, pos, field):
        return value

    def schema(self, book, defs):
        forms = [arg.schema(book, defs) for arg in self.args]
        return forms[0] if len(forms) == 1 else {"anyOf": forms}
