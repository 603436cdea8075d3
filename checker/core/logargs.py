"""The typed readers of a log's values (and of a position's entries, checker/core/entries.py):
each reads one value into what it means (or ``BAD``, its problem noted with the file, line,
column and field of the value, and a did-you-mean where there is a list to compare with) and
gives the JSON schema of what it allows. checker/core/logformat.py declares a game's turns
with them; every name here is also reachable as ``logformat.X``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from portolan.checker.core.game import Step
from portolan.checker.core.log import LogReader
from portolan.errors import did_you_mean
from portolan.model.bundles import read_bundle
from portolan.names import NameIndex, fold
from portolan.yamlsrc import Pos, Source, YMap

BAD: Any = type("Bad", (), {"__repr__": lambda self: "BAD"})()  # a value that was not read


class At(NamedTuple):
    """A value read, where it was written (the position steps are reported at)."""

    value: Any
    pos: Pos | None
    field: str


class TurnReader(LogReader):
    """What a log's parser keeps while it reads: the steps so far and the turn being read."""

    def __init__(self, book: Any, source: Source, players: list[str], options: dict | None = None):
        super().__init__(book, source, players)
        self.options = options or {}  # the log's rule options, resolved by the core
        self.steps: list[Step] = []
        self.turn, self.player = 0, ""
        self.turns = 0  # how many the log has (its last may be cut short by a game saved)
        self.entry: YMap = YMap()  # the turn being read, as written
        self.first = 0  # where its steps begin in ``steps``

    def step(self, move: Any, pos: Pos | None, player: str | None = None) -> None:
        self.steps.append(Step(move, self.turn, player or self.player, pos))

    def read(self, arg: Arg, value: Any, pos: Pos | None, field: str) -> Any:
        """``value`` read by ``arg``; None when refused (the problem noted)."""
        got = arg.read(self, value, pos, field)
        return None if got is BAD else got


class Arg:
    """A typed reader of one value of a log: ``read`` gives what it means (or ``BAD``, with the
    problem noted), ``schema`` what the JSON schema allows there."""

    def read(self, r: TurnReader, value: Any, pos: Pos | None, field: str) -> Any:
        raise NotImplementedError

    def schema(self, book: Any, defs: dict[str, Any]) -> dict[str, Any]:
        """The JSON schema of the value; a list of names goes once into ``defs``."""
        raise NotImplementedError

    def write(self, value: Any) -> Any:
        """What the log writes for a value this reads as ``value`` (by default itself)."""
        return value


@dataclass(frozen=True)
class Whole(Arg):
    """A whole number, within bounds when they are given."""

    low: int | None = None
    high: int | None = None
    what: str = "a whole number"
    text: bool = False  # also written as text ('2')
    wrong: str | None = None  # the message for any value refused ({key}, {value}: its own)

    def read(self, r, value, pos, field):
        if self.text and isinstance(value, str) and value.strip().isdecimal():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            message = f"expected {self.what}, found {value!r}"
        elif (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            message = f"{value} is not {self.what} {self.bounds()}"
        else:
            return value
        key = field.rpartition(".")[2]
        r.bad(
            message if self.wrong is None else self.wrong.format(key=key, value=value), pos, field
        )
        return BAD

    def bounds(self) -> str:
        if self.low is not None and self.high is not None:
            return f"from {self.low} to {self.high}"
        return f"of at least {self.low}" if self.high is None else f"of at most {self.high}"

    def schema(self, book, defs):
        out: dict[str, Any] = {"type": "integer", "description": self.what}
        if self.low is not None:
            out["minimum"] = self.low
        if self.high is not None:
            out["maximum"] = self.high
        if self.text:
            return {"anyOf": [out, {"type": "string", "pattern": r"^\s*\d+\s*$"}]}
        return out


@dataclass(frozen=True)
class Name(Arg):
    """A name from a list the book keeps (case and accents free), with did-you-mean."""

    names: Callable[[Any], NameIndex]  # the book -> the names
    what: str  # 'a card of the Expedition deck': the message says "'X' is not <what>"
    kind: str = "a card name"  # what a value that is not text should be ("": not <what>)
    ref: str = "card"  # its name among the schema's $defs
    # a name found another way than by its spelling (a short name, a kind of card): the
    # reader and the text -> the name, or None; ``hints`` are then what a misspelling is
    # compared with, and the schema lists the names as examples, not as the only ones
    find: Callable[[TurnReader, str], str | None] | None = None
    hints: Callable[[Any], list[str]] | None = None
    closed: bool = True  # the schema allows these names only, spelt as listed

    def read(self, r, value, pos, field):
        text = isinstance(value, str) and value.strip()
        if not text and self.kind:
            r.bad(f"expected {self.kind}, found {value!r}", pos, field)
            return BAD
        name = None
        if text:
            name = self.names(r.book).exact(value) if self.find is None else self.find(r, value)
        if name is None:
            hints = self.hints(r.book) if self.hints else self.names(r.book).names
            r.bad(f"'{value}' is not {self.what}", pos, field, did_you_mean(str(value), hints))
            return BAD
        return name

    def schema(self, book, defs):
        names = list(self.names(book).names)
        if self.find is None and self.closed:
            defs[self.ref] = {"enum": names, "description": self.what}
        else:
            defs[self.ref] = {"type": "string", "description": self.what, "examples": names}
        return {"$ref": f"#/$defs/{self.ref}"}


@dataclass(frozen=True)
class PlayerName(Arg):
    """One of the file's players (case-insensitive), with did-you-mean."""

    what: str = "a player in this game"

    def read(self, r, value, pos, field):
        text = value.strip().casefold() if isinstance(value, str) else None
        found = next((p for p in r.players if p.casefold() == text), None)
        if found is None:
            r.bad(f"'{value}' is not {self.what}", pos, field, did_you_mean(str(value), r.players))
            return BAD
        return found

    def schema(self, book, defs):
        return {"type": "string", "description": "a player of this game"}


def bundles(r, value, pos, field, names: list[str], what: str):
    """Each ``(name, count, pos, field)`` of the bundles written in ``value`` (an item or a list
    of them, '2 Fruit + 1 Gold'), in the order written; an item that does not read is noted
    and stands as ``BAD``."""
    for item, ipos, ifield in r.items(value, pos, field):
        bundle, message, hint = read_bundle(item, names, what)
        if message:
            r.bad(message, ipos, ifield, hint)
            yield BAD
        else:
            yield from ((name, n, ipos, ifield) for name, n in bundle.items())


@dataclass(frozen=True)
class Bundle(Arg):
    """Pieces written '2 Fruit + 1 Gold' or {Fruit: 2, Gold: 1} (or a list of those): the
    count of each; with ``total``, a number alone says how many pieces in all."""

    names: Callable[[Any], list[str]]  # the book -> the words
    what: str  # 'resource'
    total: bool = False

    def read(self, r, value, pos, field):
        if self.total and isinstance(value, int) and not isinstance(value, bool):
            return Whole(0, wrong="{key} cannot be negative").read(r, value, pos, field)
        out: dict[str, int] = {}
        ok = True
        for count in bundles(r, value, pos, field, self.names(r.book), self.what):
            if count is BAD:
                ok = False
            else:
                out[count[0]] = out.get(count[0], 0) + count[1]
        return out if ok else BAD

    def schema(self, book, defs):
        text = {"type": "string", "description": f"'2 {self.what}s' written as '2 X + 1 Y'"}
        return {"anyOf": [{"type": "integer", "minimum": 0}, text] if self.total else [text]}


@dataclass(frozen=True)
class Words(Arg):
    """A choice of words (case-insensitive), each standing for a value; anything else is read
    by ``otherwise`` when there is one."""

    words: Mapping[str, Any]
    what: str = "one of the words"
    otherwise: Arg | None = None
    wrong: str | None = None  # the message for anything else, in place of "'X' is not <what>"
    hint: str | None = None  # the hint for anything else, in place of did-you-mean
    hints: tuple[str, ...] = ()  # what a misspelling is compared with (default: the words)
    by_fold: dict[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_fold", {fold(w): v for w, v in self.words.items()})

    def read(self, r, value, pos, field):
        if isinstance(value, str) and fold(value) in self.by_fold:
            return self.by_fold[fold(value)]
        if self.otherwise is not None:
            return self.otherwise.read(r, value, pos, field)
        if self.wrong is not None:
            r.bad(self.wrong, pos, field)
        else:
            hint = self.hint or did_you_mean(str(value), self.hints or tuple(self.words))
            r.bad(f"'{value}' is not {self.what}", pos, field, hint)
        return BAD

    def write(self, value):
        """The first word listed for ``value`` (so list the word to write before its short
        forms), or ``value`` itself when no word stands for it."""
        return next((w for w, v in self.words.items() if v == value), value)

    def schema(self, book, defs):
        words = {"enum": list(self.words), "description": self.what}
        return {"anyOf": [words, self.otherwise.schema(book, defs)]} if self.otherwise else words


@dataclass(frozen=True)
class Flag(Arg):
    """Yes or no: any value, read as true or false ('industry: true')."""

    def read(self, r, value, pos, field):
        return bool(value)

    def schema(self, book, defs):
        return {"type": "boolean"}


@dataclass(frozen=True)
class YesNo(Arg):
    """Yes or no: true or false, nothing (no), or one of the words ``no`` and ``yes`` (case
    free); anything else is read by ``otherwise``."""

    no: tuple[str, ...] = ("no", "false")
    yes: tuple[str, ...] = ("yes", "true")
    otherwise: Arg | None = None
    what: str = "yes or no"

    def read(self, r, value, pos, field):
        if value is None or isinstance(value, bool):
            return bool(value)
        text = fold(value) if isinstance(value, str) else None
        if text in map(fold, (*self.no, *self.yes)):
            return text in map(fold, self.yes)
        if self.otherwise is not None:
            return self.otherwise.read(r, value, pos, field)
        r.bad(f"expected {self.what}, found {value!r}", pos, field)
        return BAD

    def schema(self, book, defs):
        forms = [{"type": ["boolean", "null"]}, {"enum": [*self.no, *self.yes]}]
        return {"anyOf": [*forms, self.otherwise.schema(book, defs)] if self.otherwise else forms}


@dataclass(frozen=True)
class Nothing(Arg):
    """Nothing written (null), where something else may be."""

    def read(self, r, value, pos, field):
        return None

    def schema(self, book, defs):
        return {"type": "null"}


@dataclass(frozen=True)
class Unread(Arg):
    """A value the log does not read (``gold: 1``: the key alone says it)."""

    what: str

    def read(self, r, value, pos, field):
        return value

    def schema(self, book, defs):
        return {"description": self.what}


def value_of(read: Mapping[str, At], key: str, default: Any = 0) -> Any:
    """What a mapping read holds under ``key`` (``default`` when it is not written)."""
    return read[key].value if key in read else default


def once(r: Any, seen: dict[Any, str], at: At, owner: str, message: str) -> bool:
    """Whether the value read in ``at`` is ``owner``'s alone so far (then noted in ``seen``);
    else the problem ``message`` ({value}; {owner}: whose it is already) is noted at ``at``:
    a card the box has once, in two players' entries."""
    if at.value in seen:
        r.bad(message.format(value=at.value, owner=seen[at.value]), at.pos, at.field)
        return False
    seen[at.value] = owner
    return True


def each(values: list[At]) -> Iterator[Any]:
    """The values of a list read (without their positions)."""
    return (at.value for at in values)


def spaced(key: Any) -> str:
    """A key as written, '_' or '-' standing for a space: 'purchase_row', 'purchase-row' and
    'purchase row' are one key (case counts: 'Coins' is not 'coins')."""
    return (
        " ".join(key.replace("_", " ").replace("-", " ").split())
        if isinstance(key, str)
        else str(key)
    )


def _escape(text: str) -> str:
    """``text`` in a pattern of the schema (ECMA 262: a space is not escaped)."""
    return re.sub(r"([\\^$.|?*+()\[\]{}])", r"\\\1", text)
