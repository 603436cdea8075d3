"""A game's state as plain YAML data and back: the ``state:`` section of a position a log may
start from (docs/logs.md, "Starting from a position").

Every game's ``State`` is a dataclass; its fields' type hints say how each value is written:
a dataclass as a mapping of its fields, a list or a tuple as a sequence, a set as a sequence,
a dict as a mapping (keys that are not words or numbers: a sequence of ``[key, value]``
pairs). Where a hint says no more than "any" (a tuple of the in-turn engine), the value says
what it is with a one-key mapping: ``{tuple: [...]}``, ``{set: [...]}``, ``{dict: [[k, v]]}``
or the class's name, ``{Voyage: {...}}``.

Reading is checked against the same hints, with the line and column of every mistake; a
field left out keeps the value the setup gives it (``template``), so a puzzle writes only what
differs from the setup.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import sys
import types
import typing
from typing import Any, Union

from portolan.errors import did_you_mean
from portolan.yamlsrc import Pos, YList, YMap

TAGS = {"tuple": tuple, "set": set, "frozenset": frozenset, "dict": dict}  # tag -> kind
UNKNOWN = "unknown"  # a deck whose contents the table does not know
SCALARS = (bool, int, float, str)
_SKIPPED = ("memo", "scratchpad")  # the core's caches (GameState)


class BadState(Exception):
    """A value of the ``state:`` section that cannot be: its place and what is wrong."""

    def __init__(self, message: str, pos: Pos | None, field: str, hint: str | None = None):
        super().__init__(message)
        self.message, self.pos, self.field, self.hint = message, pos, field, hint


def fields_of(cls: type, skip: tuple[str, ...]) -> dict[str, Any]:
    """A dataclass's fields written in a position, with their type hints."""
    hints = _hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls) if f.name not in skip}


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return {f.name: _hint_of(cls, f) for f in dataclasses.fields(cls)}


def _hint_of(cls: type, f: dataclasses.Field) -> Any:
    """A field's type hint, evaluated where its class is written (Any when it names what
    is imported only for type checkers)."""
    if not isinstance(f.type, str):
        return f.type
    owner = next((c for c in cls.__mro__ if f.name in getattr(c, "__annotations__", {})), cls)
    try:
        # the annotation is text from our own source (postponed annotations), never input
        return eval(f.type, vars(sys.modules[owner.__module__]))
    except NameError:
        return Any


def classes_of(state_cls: type) -> dict[str, type]:
    """The dataclasses a state may hold, by name: those of its game's package and of the
    core's in-turn engine (checker/core/turn.py)."""
    package = state_cls.__module__.rsplit(".", 1)[0]
    out: dict[str, type] = {}
    for name, module in list(sys.modules.items()):
        ours = (
            name == package
            or name.startswith(package + ".")
            or name == "portolan.checker.core.turn"
        )
        if module is None or not ours:
            continue
        for value in vars(module).values():
            if isinstance(value, type) and dataclasses.is_dataclass(value):
                out.setdefault(value.__name__, value)
    out[state_cls.__name__] = state_cls
    return out


# -- writing ---------------------------------------------------------------------------------
def encode(value: Any, hint: Any = Any, skip: tuple[str, ...] = ()) -> Any:
    """``value`` as plain data (dicts, lists, scalars), as ``hint`` lets it be read back."""
    origin, args = _origin(hint), typing.get_args(hint)
    if value is None or isinstance(value, SCALARS):
        return value
    if origin in (Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        return encode(value, kinds[0] if len(kinds) == 1 else Any)
    if dataclasses.is_dataclass(value):
        body = {
            name: encode(getattr(value, name), h)
            for name, h in fields_of(type(value), (*skip, *_SKIPPED)).items()
        }
        return body if hint is type(value) else {type(value).__name__: body}
    if isinstance(value, list) and origin is list:
        return [encode(v, args[0] if args else Any) for v in value]
    if isinstance(value, tuple) and (origin is tuple or hint is tuple):
        return [encode(v, _item_hint(args, i)) for i, v in enumerate(value)]
    if isinstance(value, (set, frozenset)) and origin in (set, frozenset):
        return _in_order(encode(v, args[0] if args else Any) for v in value)
    if isinstance(value, dict) and origin is dict:
        key_hint, value_hint = args if args else (Any, Any)
        if key_hint in (str, int) or all(isinstance(k, str) for k in value):
            return {k: encode(v, value_hint) for k, v in value.items()}
        return [[encode(k, key_hint), encode(v, value_hint)] for k, v in value.items()]
    return _tagged(value)


def _tagged(value: Any) -> Any:
    """A value whose hint says nothing of its kind, with the kind written beside it."""
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"tuple": [encode(v) for v in value]}
    if isinstance(value, frozenset):
        return {"frozenset": _in_order(encode(v) for v in value)}
    if isinstance(value, set):
        return {"set": _in_order(encode(v) for v in value)}
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"a state holds a {type(value).__name__}, which a position cannot write")


def _in_order(items: Any) -> list:
    """A set's members in one order whatever the hash seed (the same state, the same file)."""
    return sorted(items, key=repr)


def _origin(hint: Any) -> Any:
    """The container a hint names (``list`` for ``list[int]`` and for a bare ``list``)."""
    if hint in (list, tuple, set, frozenset, dict):
        return hint
    return typing.get_origin(hint)


def _item_hint(args: tuple, i: int) -> Any:
    if not args:
        return Any
    if len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return args[i] if i < len(args) else Any


# -- reading ---------------------------------------------------------------------------------
class Reader:
    """Reads plain YAML data back into a state's values, checked against the type hints."""

    def __init__(
        self, classes: dict[str, type], skip: tuple[str, ...], unknown: tuple[str, ...] = ()
    ):
        self.classes = classes
        self.skip = (*skip, *_SKIPPED)
        self.unknown = unknown  # the state's fields a position may write as "unknown"
        self.root = "state"  # the field name of the state itself
        self.left_unknown: list[str] = []  # ...and those it did (the setup's value for now)

    def read(self, raw: Any, hint: Any, pos: Pos | None, field: str, template: Any = None):
        origin, args = _origin(hint), typing.get_args(hint)
        if origin in (Union, types.UnionType):
            kinds = [a for a in args if a is not type(None)]
            if raw is None and len(kinds) < len(args):
                return None
            return self.read(raw, kinds[0] if len(kinds) == 1 else Any, pos, field, template)
        if hint is Any or hint is object:
            return self._any(raw, pos, field)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            if self._tagged_instead(raw, hint):  # another kind, or a subclass, said by name
                return self._any(raw, pos, field)
            return self.dataclass(raw, hint, pos, field, template)
        if origin in (list, tuple, set, frozenset):
            return self._sequence(raw, origin, args, pos, field, template)
        if origin is dict:
            return self._mapping(raw, args or (Any, Any), pos, field)
        if hint not in (*SCALARS, type(None)):  # a base class or protocol: the value says
            return self._any(raw, pos, field)
        return self._scalar(raw, hint, pos, field)

    def _tagged_instead(self, raw: Any, cls: type) -> bool:
        """Whether ``raw``, where a ``cls`` is expected, says its own kind (a tuple in a stack
        of tasks, a subclass of the task type): a one-key mapping naming no field of ``cls``."""
        if not isinstance(raw, YMap) or len(raw) != 1:
            return False
        (key,) = raw
        return key not in fields_of(cls, ()) and (key in TAGS or key in self.classes)

    def dataclass(self, raw: Any, cls: type, pos: Pos | None, field: str, template: Any = None):
        if not isinstance(raw, YMap):
            raise BadState(
                f"{field or 'state'} is a mapping of {cls.__name__}'s fields", pos, field
            )
        hints = fields_of(cls, self.skip)
        for key in raw:
            if key not in hints:
                raise BadState(
                    f"unknown key '{key}'",
                    raw.key_pos.get(key),
                    _join(field, key),
                    did_you_mean(str(key), hints),
                )
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if field == self.root and raw.get(f.name) == UNKNOWN and f.name in self.unknown:
                self.left_unknown.append(f.name)
                values[f.name] = _kept(getattr(template, f.name), True)
            elif f.name in raw and f.name in hints:
                old = getattr(template, f.name, None) if template is not None else None
                sub = _join(field, f.name)
                values[f.name] = self.read(
                    raw[f.name], hints[f.name], raw.value_pos[f.name], sub, old
                )
            elif template is not None:
                values[f.name] = _kept(getattr(template, f.name), f.name in hints)
            elif (
                f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            ):
                continue
            else:
                raise BadState(f"'{f.name}' is missing", raw.pos or pos, _join(field, f.name))
        if template is None:
            return cls(**values)
        out = copy.copy(template)
        for name, value in values.items():
            setattr(out, name, value)
        return out

    def _sequence(self, raw, kind, args, pos, field, template):
        if not isinstance(raw, list):
            raise BadState(f"{field} is a list", pos, field)
        item_pos = raw.item_pos if isinstance(raw, YList) else [pos] * len(raw)
        items = []
        for i, item in enumerate(raw):
            hint = _item_hint(args, i) if kind is tuple else (args[0] if args else Any)
            old = template[i] if isinstance(template, list) and i < len(template) else None
            items.append(self.read(item, hint, item_pos[i], f"{field}[{i}]", old))
        if kind is tuple and args and args[-1] is not Ellipsis and len(items) != len(args):
            raise BadState(f"{field} holds {len(args)} values, not {len(items)}", pos, field)
        return kind(items)

    def _mapping(self, raw, args, pos, field):
        key_hint, value_hint = args
        if isinstance(raw, YMap):
            out = {}
            for k, v in raw.items():
                sub = f"{field}.{k}"
                key = (
                    self._scalar(k, key_hint, raw.key_pos.get(k), sub)
                    if key_hint in (str, int)
                    else k
                )
                out[key] = self.read(v, value_hint, raw.value_pos.get(k), sub)
            return out
        if isinstance(raw, list):
            return dict(self._pairs(raw, key_hint, value_hint, pos, field))
        raise BadState(f"{field} is a mapping", pos, field)

    def _pairs(self, raw, key_hint, value_hint, pos, field):
        item_pos = raw.item_pos if isinstance(raw, YList) else [pos] * len(raw)
        for i, pair in enumerate(raw):
            if not isinstance(pair, list) or len(pair) != 2:
                raise BadState(f"{field}[{i}] is a pair [key, value]", item_pos[i], f"{field}[{i}]")
            where = f"{field}[{i}]"
            key = self.read(pair[0], key_hint, item_pos[i], where)
            yield key, self.read(pair[1], value_hint, item_pos[i], where)

    def _any(self, raw, pos, field):
        if raw is None or isinstance(raw, SCALARS):
            return raw
        if isinstance(raw, list):
            return self._sequence(raw, list, (), pos, field, None)
        if isinstance(raw, YMap) and len(raw) == 1:
            ((tag, body),) = raw.items()
            where = raw.value_pos.get(tag, pos)
            if tag in TAGS:
                kind = TAGS[tag]
                if kind is dict:
                    return self._mapping(body, (Any, Any), where, field)
                return self._sequence(body, kind, (), where, field, None)
            if tag in self.classes:
                return self.dataclass(body, self.classes[tag], where, field)
            raise BadState(
                f"'{tag}' is not a kind of value a position holds",
                raw.key_pos.get(tag, pos),
                field,
                did_you_mean(str(tag), (*TAGS, *self.classes)),
            )
        raise BadState(
            f"{field} is a value, a list or a one-key mapping naming its kind", pos, field
        )

    def _scalar(self, raw, hint, pos, field):
        if hint is float and isinstance(raw, int) and not isinstance(raw, bool):
            return float(raw)
        if hint in SCALARS and (type(raw) is not hint):
            words = {bool: "true or false", int: "a whole number", str: "a word", float: "a number"}
            raise BadState(f"{field} is {words[hint]}, not {raw!r}", pos, field)
        if hint is type(None) and raw is not None:
            raise BadState(f"{field} is empty (null), not {raw!r}", pos, field)
        return raw


def _kept(value: Any, written: bool) -> Any:
    """A field the position leaves out: the setup's value (shared data is shared, not copied)."""
    return copy.deepcopy(value) if written else value


def _join(field: str, key: Any) -> str:
    return f"{field}.{key}" if field else str(key)
