"""A game's log declared once: the keys of its turns, and for each key the move it stands for
and a typed reader of what is written there. One declaration gives the parser (``read_turns``),
the writer ``play`` saves with (``write_turns``) and the JSON schema of ``portolan schema log``
(``turn_schema``); docs/logs.md shows how a game declares its log.

The readers check the generic things once (a mapping, an unknown key with did-you-mean, a whole
number in range, a name from a list, a list) and note a problem with the file, line, column and
field of the value; a value that cannot be read gives ``BAD``, and the log is refused with every
problem found once all of it is read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from portolan.checker.core.game import Step
from portolan.checker.core.log import LogReader, turn_entries
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

    def read(self, r, value, pos, field):
        if value is None and self.partial:
            value = YMap()
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

    def written(self, r, value: YMap, field: str) -> dict[str, Any]:
        """Each known key of ``value``: how it is written. An unknown key is noted (with
        did-you-mean), and a key spelt twice ('first_scoring' and 'first scoring')."""
        out: dict[str, Any] = {}
        for k in value:
            key = self.spell(k) if self.spell else k
            kpos, kfield = value.key_pos.get(k, value.pos), f"{field}.{k}"
            if key in self.keys and key not in out:
                out[key] = k
            elif key in self.keys:
                r.bad(f"'{k}' and '{out[key]}' are one key: write it once", kpos, kfield)
            else:
                r.bad(f"unknown key '{k}'", kpos, kfield, did_you_mean(str(key), tuple(self.keys)))
        return out

    def schema(self, book, defs):
        one = {
            "type": "object",
            "properties": {k: arg.schema(book, defs) for k, arg in self.keys.items()},
            "additionalProperties": False,
        }
        if self.required:
            one["required"] = list(self.required)
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
class Verb:
    """A step written as a verb and the text after it ('draw 25'): the move ``move`` makes of
    what ``arg`` reads from that text, or what ``read`` makes of it (reader, text, position,
    field -> the move, or None with the problem noted). ``pattern``: the text, for the schema."""

    move: Callable | None = None
    arg: Arg | None = None
    read: Callable[[Any, str, Pos | None, str], Any] | None = None
    pattern: str = ".+"

    def text_pattern(self, book: Any, defs: dict[str, Any]) -> str:
        """The text after the verb, as a pattern: its reader's words, when it has a list."""
        schema = self.arg.schema(book, defs) if self.arg is not None else {}
        if "$ref" in schema:
            schema = defs[schema["$ref"].rpartition("/")[2]]
        words = schema.get("enum")
        return f"({'|'.join(map(_escape, words))})" if words else self.pattern

    def step(self, r: TurnReader, text: str, pos: Pos | None, field: str) -> Any:
        if self.read is not None:
            got = self.read(r, text, pos, field)
            return BAD if got is None else got
        got = self.arg.read(r, text, pos, field)
        return BAD if got is BAD else self.move(got)


@dataclass(frozen=True)
class Verbs(Arg):
    """A step written in words: one of ``words`` ('port'), or a verb of ``verbs`` and its
    text ('to ATL2'); ``first`` reads the forms a game tries before them (a dice roll: the
    move, None if it is not one, ``BAD`` if it is one misread)."""

    words: Mapping[str, Any]
    verbs: Mapping[str, Verb]
    first: Callable[[Any, Any, Pos | None, str], Any] | None = None
    more: tuple[dict[str, Any], ...] = ()  # the schemas of what ``first`` reads
    hint: str = "see docs/logs.md for the steps"

    def read(self, r, value, pos, field):
        if isinstance(value, bool) or value is None:
            r.bad(f"cannot read the step {value!r}", pos, field)
            return BAD
        got = self.first(r, value, pos, field) if self.first else None
        if got is not None:
            return got
        text = " ".join(str(value).split())
        if fold(text) in self.words:
            return self.words[fold(text)]
        verb, _, rest = text.partition(" ")
        if fold(verb) not in self.verbs or not rest:
            hint = did_you_mean(fold(verb), [*self.verbs, *self.words]) or self.hint
            r.bad(f"cannot read the step '{text}'", pos, field, hint)
            return BAD
        return self.verbs[fold(verb)].step(r, rest.strip(), pos, field)

    def schema(self, book, defs):
        verbs = (
            {"type": "string", "pattern": rf"^\s*{_escape(v)}\s+{d.text_pattern(book, defs)}\s*$"}
            for v, d in self.verbs.items()
        )
        return {"anyOf": [{"enum": list(self.words)}, *self.more, *verbs]}


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
class Flag(Arg):
    """Yes or no: any value, read as true or false ('industry: true')."""

    def read(self, r, value, pos, field):
        return bool(value)

    def schema(self, book, defs):
        return {"type": "boolean"}


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


# -- a turn's keys -----------------------------------------------------------------------------
def only_field(move: Any) -> Any:
    """The one field of a move like ``Draw(card)``: what its key holds in the log."""
    return getattr(move, fields(move)[0].name)


def one_step_each(r: TurnReader, at: At, move: Callable) -> None:
    """The steps of a simple key: ``move(value)``, or one per item of a list."""
    if isinstance(at.value, list):
        for item in at.value:
            r.step(move(item.value), item.pos)
    else:
        r.step(move(at.value), at.pos)


@dataclass(frozen=True)
class Key:
    """One key of a turn: its reader, the move it stands for and how steps come of it (by
    default ``move(value)``, one per item of a list), and how moves are written back under it
    (by default the move's one field, appended when ``arg`` is a list). ``moves`` are the
    moves written under this key (by default ``move``)."""

    arg: Arg
    move: Callable | None = None
    steps: Callable[[TurnReader, At], None] | None = None
    write: Callable[[dict, str, Step], None] | None = None
    moves: tuple[type, ...] = ()
    doc: str = ""
    at_key: bool = False  # its steps are where the key is written ('coins: take')

    def read(self, r: TurnReader, entry: YMap, name: str, field: str) -> None:
        """The steps of this key of ``entry``, read."""
        pos, kfield = entry.value_pos[name], f"{field}.{name}"
        got = self.arg.read(r, entry[name], pos, kfield)
        if got is BAD:
            return
        at = At(got, entry.key_pos[name] if self.at_key else pos, kfield)
        if self.steps is not None:
            self.steps(r, at)
        elif self.move is not None:
            one_step_each(r, at, self.move)

    def write_move(self, turn: dict, key: str, st: Step) -> None:
        if self.write is not None:
            self.write(turn, key, st)
        elif isinstance(self.arg, ListOf):
            turn.setdefault(key, []).append(only_field(st.move))
        else:
            turn[key] = only_field(st.move)

    def written(self) -> tuple[type, ...]:
        return self.moves or ((self.move,) if isinstance(self.move, type) else ())


@dataclass(frozen=True)
class LogFormat:
    """A game's log: the move that starts a turn (for its ``player``), the turn's other keys,
    read in the order declared (the rulebook's order of the turn) whatever order they are
    written in, or in the order written (``written_order``: a game whose actions come in any
    order), and the log's own top-level sections besides ``turns`` (``top``, read by the
    game's ``parse_log``)."""

    start: type
    keys: Mapping[str, Key]
    tidy: Callable[[dict], None] | None = None  # a written turn put in its shortest form
    top: Mapping[str, Arg] = field(default_factory=dict)
    written_order: bool = False  # the keys read in the order written, not declared
    writes: dict[type, str] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        writes = {kind: name for name, key in self.keys.items() for kind in key.written()}
        object.__setattr__(self, "writes", writes)

    @property
    def turn_keys(self) -> tuple[str, ...]:
        return ("player", *self.keys)


def read_turns(form: LogFormat, r: TurnReader, turns: Any) -> None:
    """Every turn of ``turns`` read into ``r.steps`` (the problems into ``r.problems``)."""
    for t, entry, player, where in turn_entries(
        turns, r.source, r.players, form.turn_keys, r.problems
    ):
        r.turn, r.player = t, player
        r.step(form.start(player), entry.value_pos["player"])
        names = [k for k in entry if k in form.keys] if form.written_order else form.keys
        for name in names:
            if name in entry:
                form.keys[name].read(r, entry, name, where)


def write_turns(form: LogFormat, steps: list[Step]) -> list[dict]:
    """The log's ``turns`` for a list of steps (what ``read_turns`` reads back to them); moves
    the log leaves out (the checker supplies them) are not written."""
    turns: list[dict] = []
    for st in steps:
        if isinstance(st.move, form.start):
            turns.append({"player": st.move.player})
            continue
        name = form.writes.get(type(st.move))
        if name is not None and turns:
            form.keys[name].write_move(turns[-1], name, st)
    if form.tidy is not None:
        for turn in turns:
            form.tidy(turn)
    return turns


def turn_schema(form: LogFormat, book: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The JSON schema of one turn: every key typed by its reader (the lists of names it
    refers to go into ``defs``)."""
    properties: dict[str, Any] = {"player": {"type": "string", "description": "whose turn it is"}}
    for name, key in form.keys.items():
        properties[name] = key.arg.schema(book, defs)
        if key.doc:
            properties[name]["description"] = key.doc
    return {
        "type": "object",
        "required": ["player"],
        "properties": properties,
        "additionalProperties": False,
    }


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
