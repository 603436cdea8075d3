"""A game's log declared once: the keys of its turns, and for each key the move it stands for
and a typed reader of what is written there, and its own top-level sections. One declaration
gives the parser (``parse_log``, ``read_turns``), the writer ``play`` saves with (``write_log``,
``write_turns``) and the JSON schema of ``portolan schema log`` (``turn_schema``); docs/logs.md
shows how a game declares its log.

The readers check the generic things once (a mapping, an unknown key with did-you-mean, a whole
number in range, a name from a list, a list) and note a problem with the file, line, column and
field of the value; a value that cannot be read gives ``BAD``, and the log is refused with every
problem found once all of it is read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from portolan.checker.core.game import Step
from portolan.checker.core.log import turn_entries
from portolan.checker.core.logargs import (  # noqa: F401 (the readers, declared as lf.X)
    BAD,
    Arg,
    At,
    Bundle,
    Flag,
    Name,
    Nothing,
    PlayerName,
    TurnReader,
    Unread,
    Whole,
    Words,
    YesNo,
    _escape,
    each,
    once,
    spaced,
    value_of,
)
from portolan.checker.core.logshapes import (  # noqa: F401 (declared as lf.X)
    ByKey,
    Fields,
    Forms,
    ListOf,
    MapOf,
    Pair,
    Parsed,
    Ref,
)
from portolan.errors import InputError, did_you_mean
from portolan.names import fold
from portolan.yamlsrc import Pos, Source, YMap


@dataclass(frozen=True)
class Verb:
    """A step written as a verb and the text after it ('draw 25'): the move ``move`` makes of
    what ``arg`` reads from that text, or what ``read`` makes of it (reader, text, position,
    field -> the move, or None with the problem noted). ``pattern``: the text, for the schema."""

    move: Callable | None = None
    arg: Arg | None = None
    read: Callable[[Any, str, Pos | None, str], Any] | None = None
    pattern: str | None = None  # None: its reader's words, when it has a list, else any text

    def text_pattern(self, book: Any, defs: dict[str, Any]) -> str:
        """The text after the verb, as a pattern."""
        if self.pattern is not None:
            return self.pattern
        scratch = dict(defs)  # the text's reader names nothing in the schema's $defs
        schema = self.arg.schema(book, scratch) if self.arg is not None else {}
        if "$ref" in schema:
            schema = scratch[schema["$ref"].rpartition("/")[2]]
        words = schema.get("enum")
        return f"({'|'.join(map(_escape, words))})" if words else ".+"

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


# -- a turn's keys -----------------------------------------------------------------------------
def only_field(move: Any) -> Any:
    """The one field of a move like ``Draw(card)``: what its key holds in the log."""
    return getattr(move, fields(move)[0].name)


def one_step_each(r: TurnReader, at: At, move: Callable, player: str | None = None) -> None:
    """The steps of a simple key: ``move(value)``, or one per item of a list."""
    if isinstance(at.value, list):
        for item in at.value:
            r.step(move(item.value), item.pos, player)
    else:
        r.step(move(at.value), at.pos, player)


@dataclass(frozen=True)
class Key:
    """One key of a turn: its reader, the move it stands for and how steps come of it (by
    default ``move(value)``, one per item of a list, ``move(key, value)`` for each of a
    mapping), and how moves are written back under it (by default the move's fields, as
    ``arg`` reads them: appended when ``arg`` is a list). ``moves`` are the
    moves written under this key (by default ``move``)."""

    arg: Arg
    move: Callable | None = None
    steps: Callable[[TurnReader, At], None] | None = None
    write: Callable[[dict, str, Step], None] | None = None
    moves: tuple[type, ...] = ()
    doc: str = ""
    at_key: bool = False  # its steps are where the key is written ('coins: take')
    each: Callable[[TurnReader, At], None] | None = None  # the steps of each item of a list

    def read(self, r: TurnReader, entry: YMap, name: str, field: str) -> None:
        """The steps of this key of ``entry``, read."""
        pos, kfield = entry.value_pos[name], f"{field}.{name}" if field else name
        got = self.arg.read(r, entry[name], pos, kfield)
        if got is BAD:
            return
        at = At(got, entry.key_pos[name] if self.at_key else pos, kfield)
        if self.steps is not None:
            self.steps(r, at)
        elif self.each is not None:
            for item in at.value:
                self.each(r, item)
        elif isinstance(self.arg, MapOf):  # a move of each key and its value, at the key
            for k, v in at.value:
                r.step(self.move(k.value, v.value), k.pos)
        elif self.move is not None:
            one_step_each(r, at, self.move)

    def schema(self, book: Any, defs: dict[str, Any]) -> dict[str, Any]:
        schema = self.arg.schema(book, defs)
        return {**schema, "description": self.doc} if self.doc else schema

    def write_move(self, turn: dict, key: str, st: Step) -> None:
        """``st``'s move under ``key``: the value its reader reads back to it."""
        if self.write is not None:
            return self.write(turn, key, st)
        if isinstance(self.arg, MapOf):  # a move of two fields: key and value
            k, v = (getattr(st.move, f.name) for f in fields(st.move))
            turn.setdefault(key, {})[self.arg.key.write(k)] = self.arg.value.write(v)
            return None
        value = only_field(st.move) if fields(st.move) else st.move  # (or the move itself)
        if isinstance(self.arg, ListOf):
            turn.setdefault(key, []).append(self.arg.item.write(value))
        else:
            turn[key] = self.arg.write(value)

    def written(self) -> tuple[type, ...]:
        return self.moves or ((self.move,) if isinstance(self.move, type) else ())


def record_key(arg: Fields, makes: Mapping[str, type], player: str | None = None) -> Key:
    """The key of a mapping read by ``arg`` that holds one move under each key of ``makes``
    (one per item of a list): the moves made in ``makes``'s order (by ``player``, by default
    the turn's), and written back, each value as its reader writes it."""
    names = {make: name for name, make in makes.items()}

    def steps(r: TurnReader, at: At) -> None:
        for name, make in makes.items():
            if name in at.value:
                one_step_each(r, at.value[name], make, player)

    def write(out: dict, key: str, st: Step) -> None:
        name = names[type(st.move)]
        arg_of, into = arg.keys[name], out.setdefault(key, {})
        if isinstance(arg_of, ListOf):
            into.setdefault(name, []).append(arg_of.item.write(only_field(st.move)))
        else:
            into[name] = arg_of.write(only_field(st.move))

    return Key(arg, steps=steps, write=write, moves=tuple(makes.values()))


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
    top: Mapping[str, Arg | Key] = field(default_factory=dict)  # a Key: read by read_top
    written_order: bool = False  # the keys read in the order written, not declared
    after: tuple[str, ...] = ()  # the sections of ``top`` read after the turns ('end')
    again: str | None = None  # the key of what follows, where a key comes again (``follows``)
    shape: str = "a turn is a mapping with at least 'player'"  # anything else in the turns
    # the sections of ``top`` the turns are played on: the message when one is missing (the
    # turns are not read when one cannot be)
    needs: Mapping[str, str] = field(default_factory=dict)
    before: Callable[[TurnReader, YMap], None] | None = None  # the log checked before it is read
    writes: dict[type, str] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        writes = {kind: name for name, key in self.keys.items() for kind in key.written()}
        object.__setattr__(self, "writes", writes)

    @property
    def turn_keys(self) -> tuple[str, ...]:
        return ("player", *self.keys)


def follows(keys: Mapping[str, Key], shape: str, doc: str) -> Key:
    """The key of what follows a turn's actions (``LogFormat.again``): a list of mappings of
    ``keys``, each read key by key in the order written, so that a key comes again after
    another ('then: [{reserve: Blue Ship 3}]'); ``shape``: the message for anything else."""
    entry = Fields({name: key.arg for name, key in keys.items()}, shape=shape, spell=spaced)

    def steps(r: TurnReader, at: At) -> None:
        for item in at.value:
            if not item.value:
                r.bad(shape, item.pos, item.field)
                continue
            for name, written in entry.written(r, item.value, item.field).items():
                keys[name].read(r, item.value, written, item.field)

    one = Parsed(lambda r, value, pos, field: None, entry.schema)  # read key by key (steps)
    return Key(ListOf(Forms(((YMap, one),), shape)), steps=steps, doc=doc)


def read_turns(form: LogFormat, r: TurnReader, turns: Any) -> None:
    """Every turn of ``turns`` read into ``r.steps`` (the problems into ``r.problems``)."""
    r.turns = len(turns)
    for t, entry, player, where in turn_entries(
        turns, r.source, r.players, form.turn_keys, r.problems, form.shape
    ):
        r.turn, r.player, r.entry, r.first = t, player, entry, len(r.steps)
        r.step(form.start(player), entry.value_pos["player"])
        names = [k for k in entry if k in form.keys] if form.written_order else form.keys
        for name in names:
            if name in entry:
                form.keys[name].read(r, entry, name, where)


def parse_log(
    form: LogFormat, book: Any, raw: YMap, source: Source, players: list[str], options: dict
) -> list[Step]:
    """The steps of a log: its sections of ``form.top`` (the Keys; a section of ``form.after``
    once the turns are read), then its turns; every problem found, or the steps."""
    r = TurnReader(book, source, players, options)
    r.player = players[0] if players else ""  # whose the steps before the first turn are
    if form.before is not None:
        form.before(r, raw)
    tops = [name for name, key in form.top.items() if isinstance(key, Key)]
    for name in (name for name in tops if name not in form.after):
        read_top(form, r, raw, name)
    if r.problems and form.needs:
        raise InputError(r.problems)
    if raw.get("turns"):
        read_turns(form, r, raw["turns"])
    for name in form.after:
        read_top(form, r, raw, name)
    if r.problems:
        raise InputError(r.problems)
    return r.steps


def read_top(form: LogFormat, r: TurnReader, raw: YMap, name: str) -> None:
    """The steps of the log's top-level section ``name`` (a ``Key`` of ``form.top``), when
    it is written."""
    if raw.get(name) is not None:
        form.top[name].read(r, raw, name, "")
    elif name in form.needs and (name in raw or (raw.get("turns") and "position" not in raw)):
        r.bad(form.needs[name], raw.pos, name)  # else an empty game, or one from a position


def write_log(form: LogFormat, steps: list[Step]) -> dict[str, Any]:
    """The log for a list of steps (what ``parse_log`` reads back to them): the sections of
    ``form.top`` written by their Keys, of the moves before the first turn (those of
    ``form.after``: of the moves after it), around the turns; an empty section is left out."""
    first = next((i for i, st in enumerate(steps) if isinstance(st.move, form.start)), None)
    first = len(steps) if first is None else first
    out: dict[str, Any] = {}
    for name in (name for name in form.top if name not in form.after):
        _write_top(form, name, steps[:first], out)
    out["turns"] = write_turns(form, steps)
    for name in form.after:
        _write_top(form, name, steps[first:], out)
    return out


def _write_top(form: LogFormat, name: str, steps: list[Step], out: dict[str, Any]) -> None:
    key = form.top[name]
    kinds = key.written() if isinstance(key, Key) and key.write is not None else ()
    for st in steps:
        if type(st.move) in kinds:
            key.write_move(out, name, st)


def write_turns(form: LogFormat, steps: list[Step]) -> list[dict]:
    """The log's ``turns`` for a list of steps (what ``read_turns`` reads back to them); moves
    the log leaves out (the checker supplies them) are not written."""
    turns: list[dict] = []
    last = None  # the key written last
    for st in steps:
        if isinstance(st.move, form.start):
            turns.append({"player": st.move.player})
            last = None
            continue
        name = form.writes.get(type(st.move))
        if name is not None and turns:
            where = _where(form, turns[-1], name, last)
            form.keys[name].write_move(where, name, st)
            last = name
    if form.tidy is not None:
        for turn in turns:
            form.tidy(turn)
    return turns


def _where(form: LogFormat, turn: dict, name: str, last: str | None) -> dict:
    """Where a move under key ``name`` is written: the turn, or its ``form.again`` once a key
    comes back after another (a second Reservation after a purchase)."""
    if form.again is None:
        return turn
    where = turn[form.again][-1] if turn.get(form.again) else turn
    if name in where and last != name:
        where = {}
        turn.setdefault(form.again, []).append(where)
    return where


def turn_schema(form: LogFormat, book: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The JSON schema of one turn: every key typed by its reader (the lists of names it
    refers to go into ``defs``)."""
    properties: dict[str, Any] = {"player": {"type": "string", "description": "whose turn it is"}}
    for name, key in form.keys.items():
        properties[name] = key.schema(book, defs)
    return {
        "type": "object",
        "required": ["player"],
        "properties": properties,
        "additionalProperties": False,
    }
