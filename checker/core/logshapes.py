"""The typed readers of a value's shape (checker/core/logargs.py reads the single values): a
list, a mapping of known keys, a mapping of any keys, one pair, a value of several forms, and
a reader named once in the schema's ``$defs``. Each reads into ``At``s (the value, its
position and field) or ``BAD`` with the problem noted; every name here is also reachable as
``logformat.X``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from portolan.checker.core.logargs import BAD, Arg, At
from portolan.errors import did_you_mean
from portolan.names import fold
from portolan.yamlsrc import Pos, YMap


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
                got = self.item.read(r, value, pos, field)
                return BAD if got is BAD else [At(got, pos, field)]
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

    def read_items(self, r, value, pos, field) -> Any:
        out, ok = [], True
        for item, ipos, ifield in r.items(value, pos, field):
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
        lacking = [key for key in self.required if key not in written]
        if lacking:  # {key}: the first missing, {keys}: all of them; the rest is still read
            r.bad(self.missing.format(key=lacking[0], keys=", ".join(lacking)), pos, field)
            ok = False  # so a misspelt name among the keys written is named too
        out = {}
        for key, arg in self.keys.items():
            if key in written:
                kpos, kfield = value.value_pos[written[key]], f"{field}.{key}"
                got = arg.read(r, value[written[key]], kpos, kfield)
                ok = ok and got is not BAD
                if got is not BAD or not self.partial:
                    out[key] = At(got, kpos, kfield)
        return out if (ok or self.partial) and not lacking else BAD

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
