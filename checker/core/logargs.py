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
from portolan.yamlsrc import Pos, Source, YList, YMap

BAD: Any = type("Bad", (), {"__repr__": lambda self: "BAD"})()  # a value that was not read


class At(NamedTuple):
    """A value read, where it was written (the position steps are reported at)."""

    value: Any
    pos: Pos | None
    field: str


class TurnReader(LogReader):
    """What a log's parser keeps while it reads: the steps so far and the turn being read."""

    def __init__(self, book: Any, source: Source, players: list[str]):
        super().__init__(book, source, players)
        self.steps: list[Step] = []
        self.turn, self.player = 0, ""

    def step(self, move: Any, pos: Pos | None, player: str | None = None) -> None:
        self.steps.append(Step(move, self.turn, player or self.player, pos))


class Arg:
    """A typed reader of one value of a log: ``read`` gives what it means (or ``BAD``, with the
    problem noted), ``schema`` what the JSON schema allows there."""

    def read(self, r: TurnReader, value: Any, pos: Pos | None, field: str) -> Any:
        raise NotImplementedError

    def schema(self, book: Any, defs: dict[str, Any]) -> dict[str, Any]:
        """The JSON schema of the value; a list of names goes once into ``defs``."""
        raise NotImplementedError


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
        for item, ipos, ifield in r.items(value, pos, field):
            bundle, message, hint = read_bundle(item, self.names(r.book), self.what)
            if message:
                r.bad(message, ipos, ifield, hint)
                ok = False
                continue
            for name, n in bundle.items():
                out[name] = out.get(name, 0) + n
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
            hint = self.hint or did_you_mean(str(value), self.words)
            r.bad(f"'{value}' is not {self.what}", pos, field, hint)
        return BAD

    def schema(self, book, defs):
        words = {"enum": list(self.words), "description": self.what}
        return {"anyOf": [words, self.otherwise.schema(book, defs)]} if self.otherwise else words


@dataclass(frozen=True)
class ListOf(Arg):
    """A list of values read by ``item`` (each an ``At``). With ``alone``, one value written on
    its own is a list of one; ``size`` asks for exactly that many; ``shape`` is the message for
    anything else."""

    item: Arg
    alone: bool = True
    size: int | None = None
    shape: str = "expected a list"

    def read(self, r, value, pos, field):
        if not self.many(value):
            if self.alone:
                return self.read_items(r, [value], pos, field, single=True)
            r.bad(self.shape, pos, field)
            return BAD
        if self.size is not None and len(value) != self.size:
            r.bad(self.shape, pos, field)
            return BAD
        return self.read_items(r, value, pos, field)

    def many(self, value: Any) -> bool:
        """Whether ``value`` is the list itself (a list of lists when the items are lists)."""
        if not isinstance(value, list):
            return False
        return not isinstance(self.item, ListOf) or (bool(value) and isinstance(value[0], list))

    def read_items(self, r, value, pos, field, single: bool = False) -> Any:
        out, ok = [], True
        for i, item in enumerate(value):
            ipos = value.item_pos[i] if isinstance(value, YList) else pos
            ifield = field if single else f"{field}[{i}]"
            got = self.item.read(r, item, ipos, ifield)
            ok = ok and got is not BAD
            out.append(At(got, ipos, ifield))
        return out if ok else BAD

    def schema(self, book, defs):
        many: dict[str, Any] = {"type": "array", "items": self.item.schema(book, defs)}
        if self.size is not None:
            many["minItems"] = many["maxItems"] = self.size
        return {"anyOf": [self.item.schema(book, defs), many]} if self.alone else many


@dataclass(frozen=True)
class Fields(Arg):
    """A mapping of known keys, each read by its own reader (each an ``At``). ``alone`` names
    the key a value written on its own stands for ('Cook: Ocean' for '{flip: Ocean}'). With
    ``partial``, what was read of a mapping with a wrong value (the others noted), nothing
    written reading as an empty mapping."""

    keys: Mapping[str, Arg]
    required: tuple[str, ...] = ()
    missing: str = "'{key}' is missing"
    alone: str | None = None
    shape: str = "expected a mapping"
    partial: bool = False
    spell: Callable[[Any], str] | None = None  # a key as written -> the key ('first_scoring')
    # the one key not among ``keys`` stands for pair[0], its value for pair[1] ('Ship: New'
    # for {ship: Ship, new: New}); more than one such key: ``shape``
    pair: tuple[str, str] | None = None
    aliases: Mapping[str, str] = field(default_factory=dict)  # another name of a key ('color')

    def read(self, r, value, pos, field):
        if value is None and self.partial:
            value = YMap()
        if self.pair is not None and isinstance(value, YMap):
            value = self.paired(value)
            if value is None:
                r.bad(self.shape, pos, field)
                return BAD
        if not isinstance(value, YMap):
            if self.alone is not None:
                got = self.keys[self.alone].read(r, value, pos, f"{field}.{self.alone}")
                return BAD if got is BAD else {self.alone: At(got, pos, f"{field}.{self.alone}")}
            r.bad(self.shape, pos, field)
            return BAD
        written = self.written(r, value, field)
        ok = len(written) == len(value)
        for key in self.required:
            if key not in written:
                r.bad(self.missing.format(key=key), pos, field)
                return BAD
        out = {}
        for key, arg in self.keys.items():
            if key in written:
                kpos, kfield = value.value_pos[written[key]], f"{field}.{key}"
                got = arg.read(r, value[written[key]], kpos, kfield)
                ok = ok and got is not BAD
                if got is not BAD or not self.partial:
                    out[key] = At(got, kpos, kfield)
        return out if ok or self.partial else BAD

    def key(self, k: Any) -> str:
        key = self.spell(k) if self.spell else k
        return self.aliases.get(key, key)

    def paired(self, value: YMap) -> YMap | None:
        """``value`` with its one unknown key written out as ``pair`` (None: several)."""
        others = [k for k in value if fold(str(self.key(k))) not in map(fold, self.keys)]
        if not others or any(self.key(k) in self.pair for k in value):
            return value
        if len(others) > 1:
            return None
        (k,) = others
        out = YMap({self.pair[0]: k, self.pair[1]: value[k]})
        out.pos = value.pos
        out.key_pos = dict.fromkeys(self.pair, value.key_pos.get(k))
        out.value_pos = {self.pair[0]: value.key_pos.get(k), self.pair[1]: value.value_pos.get(k)}
        for key in value:
            if key != k:
                out[key] = value[key]
                out.key_pos[key], out.value_pos[key] = value.key_pos[key], value.value_pos[key]
        return out

    def written(self, r, value: YMap, field: str) -> dict[str, Any]:
        """Each known key of ``value``: how it is written. An unknown key is noted (with
        did-you-mean), and a key spelt twice ('first_scoring' and 'first scoring')."""
        out: dict[str, Any] = {}
        for k in value:
            key = self.key(k)
            kpos, kfield = value.key_pos.get(k, value.pos), f"{field}.{k}"
            if key in self.keys and key not in out:
                out[key] = k
            elif key in self.keys:
                r.bad(f"'{k}' and '{out[key]}' are one key: write it once", kpos, kfield)
            else:
                r.bad(f"unknown key '{k}'", kpos, kfield, did_you_mean(str(key), tuple(self.keys)))
        return out

    def schema(self, book, defs):
        properties = {k: arg.schema(book, defs) for k, arg in self.keys.items()}
        properties |= {alias: properties[key] for alias, key in self.aliases.items()}
        one = {"type": "object", "properties": properties, "additionalProperties": False}
        if self.required:
            one["required"] = list(self.required)
        if self.partial:
            one = {"anyOf": [one, {"type": "null"}]}
        if self.pair is not None:
            others = {k: v for k, v in properties.items() if k not in self.pair}
            names = self.keys[self.pair[0]].schema(book, defs)
            pair = {
                "type": "object",
                "minProperties": 1,
                "properties": others,
                "propertyNames": {"anyOf": [names, {"enum": list(others)}]} if others else names,
                "additionalProperties": self.keys[self.pair[1]].schema(book, defs),
            }
            return {"anyOf": [one, pair]}
        return {"anyOf": [self.keys[self.alone].schema(book, defs), one]} if self.alone else one


@dataclass(frozen=True)
class MapOf(Arg):
    """A mapping of any number of keys, each read by ``key`` and its value by ``value``: a
    list of (key, value), each an ``At`` (both at the key's field)."""

    key: Arg
    value: Arg
    shape: str = "expected a mapping"
    listed: str | None = None  # a list of one-key mappings allowed; the message for a wrong item
    empty: bool = False  # nothing written: no keys
    bare: bool = False  # a list of keys alone, each standing for 'key: null'

    def read(self, r, value, pos, field):
        if value is None and self.empty:
            return []
        pairs = self.pairs(r, value, pos, field)
        if pairs is None:
            r.bad(self.shape, pos, field)
            return BAD
        out, ok = [], True
        for k, v, kpos, vpos in pairs:
            kfield = f"{field}.{k}"
            key = self.key.read(r, k, kpos, kfield)
            got = BAD if key is BAD else self.value.read(r, v, vpos, kfield)
            ok = ok and got is not BAD
            out.append((At(key, kpos, kfield), At(got, vpos, kfield)))
        return out if ok else BAD

    def pairs(self, r, value, pos, field) -> list | None:
        """(key, value, key position, value position) of each pair written; None: no mapping."""
        if isinstance(value, YMap):
            kp, vp = value.key_pos, value.value_pos
            return [(k, v, kp.get(k, pos), vp.get(k, pos)) for k, v in value.items()]
        if not (self.listed or self.bare) or not isinstance(value, list):
            return None
        out = []
        for item, ipos, ifield in r.items(value, pos, field):
            if self.listed and isinstance(item, YMap) and len(item) == 1:
                ((k, v),) = item.items()
                out.append((k, v, item.key_pos.get(k, ipos), item.value_pos.get(k, ipos)))
            elif self.bare:
                out.append((item if isinstance(item, str | int) else str(item), None, ipos, ipos))
            else:
                r.bad(self.listed, ipos, ifield)
        return out

    def schema(self, book, defs):
        key = self.key.schema(book, defs)
        names = {"propertyNames": key} if "$ref" in key or "enum" in key else {}
        one = {"type": "object", **names, "additionalProperties": self.value.schema(book, defs)}
        if self.listed is None:
            return one
        return {"anyOf": [one, {"type": "array", "items": {**one, "maxProperties": 1}}]}


@dataclass(frozen=True)
class Pair(Arg):
    """A mapping of one key to its value ('Magellan: Ocean'): two ``At``s, the key's at its
    key."""

    key: Arg
    value: Arg
    shape: str = "expected a mapping of one key"

    def read(self, r, value, pos, field):
        if not isinstance(value, YMap) or len(value) != 1:
            r.bad(self.shape, pos, field)
            return BAD
        ((k, v),) = value.items()
        kpos, vpos = value.key_pos[k], value.value_pos[k]
        key, got = self.key.read(r, k, kpos, field), self.value.read(r, v, vpos, field)
        return BAD if key is BAD or got is BAD else (At(key, kpos, field), At(got, vpos, field))

    def schema(self, book, defs):
        key = self.key.schema(book, defs)
        names = {"propertyNames": key} if "$ref" in key or "enum" in key else {}
        return {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            **names,
            "additionalProperties": self.value.schema(book, defs),
        }


@dataclass(frozen=True)
class Parsed(Arg):
    """A value read by a function of the game's, which makes its steps as it reads (a shape
    too free for the readers above: an action that is a card's name or a mapping of several
    forms), with the JSON schema of what it reads."""

    parse: Callable[[Any, Any, Pos | None, str], None]  # (reader, value, pos, field)
    shape: Callable[[Any, dict[str, Any]], dict[str, Any]]  # (book, defs) -> its schema

    def read(self, r, value, pos, field):
        self.parse(r, value, pos, field)
        return value

    def schema(self, book, defs):
        return self.shape(book, defs)


@dataclass(frozen=True)
class Forms(Arg):
    """A value written in one of several forms, each read by its own reader: the first of
    ``forms`` whose kind the value is (``int``, ``str``, ``list``, ``YMap``; true and false
    are not numbers); ``wrong`` is the message for any other value."""

    forms: tuple[tuple[type, Arg], ...]
    wrong: str

    def read(self, r, value, pos, field):
        for kind, arg in self.forms:
            if isinstance(value, kind) and not (isinstance(value, bool) and kind is int):
                return arg.read(r, value, pos, field)
        r.bad(self.wrong, pos, field)
        return BAD

    def schema(self, book, defs):
        return {"anyOf": [arg.schema(book, defs) for _, arg in self.forms]}


@dataclass(frozen=True)
class ByKey(Arg):
    """A mapping of several forms told apart by a key: read by the reader of the first of
    ``keys`` it has (whatever its case and spelling), else by ``otherwise``."""

    keys: tuple[tuple[str, Arg], ...]
    otherwise: Arg
    spell: Callable[[Any], str] = fold

    def read(self, r, value, pos, field):
        written = {self.spell(k) for k in value} if isinstance(value, YMap) else set()
        arg = next((arg for key, arg in self.keys if key in written), self.otherwise)
        return arg.read(r, value, pos, field)

    def schema(self, book, defs):
        forms = [arg.schema(book, defs) for _, arg in self.keys]
        return {"anyOf": [*forms, self.otherwise.schema(book, defs)]}


@dataclass(frozen=True)
class Ref(Arg):
    """``arg`` named in the schema's ``$defs`` (written there once, referred to where used)."""

    name: str
    arg: Arg

    def read(self, r, value, pos, field):
        return self.arg.read(r, value, pos, field)

    def schema(self, book, defs):
        if self.name not in defs:
            defs[self.name] = self.arg.schema(book, defs)
        return {"$ref": f"#/$defs/{self.name}"}


@dataclass(frozen=True)
class Flag(Arg):
    """Yes or no: any value, read as true or false ('industry: true')."""

    def read(self, r, value, pos, field):
        return bool(value)

    def schema(self, book, defs):
        return {"type": "boolean"}


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


def unknown_keys(r: LogReader, value: YMap, keys: Mapping[str, Any] | tuple, field: str) -> bool:
    """Notes every key of ``value`` not among ``keys`` (with did-you-mean); True if none."""
    known = tuple(keys)
    wrong = [k for k in value if k not in known]
    for key in wrong:
        r.bad(
            f"unknown key '{key}'",
            value.key_pos.get(key, value.pos),
            f"{field}.{key}",
            did_you_mean(str(key), known),
        )
    return not wrong


def value_of(read: Mapping[str, At], key: str, default: Any = 0) -> Any:
    """What a mapping read holds under ``key`` (``default`` when it is not written)."""
    return read[key].value if key in read else default


def each(values: list[At]) -> Iterator[Any]:
    """The values of a list read (without their positions)."""
    return (at.value for at in values)


def object_schema(properties: dict[str, Any], **more: Any) -> dict[str, Any]:
    """The schema of a mapping of these keys only."""
    return {"type": "object", "properties": properties, "additionalProperties": False, **more}


def one_or_list(item: dict[str, Any]) -> dict[str, Any]:
    """The schema of one value, or a list of them."""
    return {"anyOf": [item, {"type": "array", "items": item}]}


def _escape(text: str) -> str:
    """``text`` in a pattern of the schema (ECMA 262: a space is not escaped)."""
    return re.sub(r"([\\^$.|?*+()\[\]{}])", r"\\\1", text)
