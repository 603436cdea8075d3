"""YAML that remembers where everything was written.

``load_yaml`` returns ordinary dicts, lists and scalars, except that every mapping is a ``YMap``
and every sequence a ``YList``: they know the line and column of themselves, of each key and of
each value, so any later error (a schema problem, an illegal turn) can point at the exact spot.
Lines and columns are 1-based, as editors show them.

Every document is read within the bounds of ``data/limits.yaml`` (size, nesting, aliases, long
strings and numbers): a file from a stranger cannot make Portolan run out of time or memory.
A merge key (``<<: *base``) works as YAML defines it: the mapping's own keys override the merged
ones.
"""

from __future__ import annotations

import contextlib
import gc
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from portolan.errors import InputError, Problem, display_path
from portolan.limits import YamlLimits, hint, shown, yaml_limits

try:  # libyaml is several times faster; PyYAML's wheels ship it.
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on the PyYAML build
    from yaml import SafeLoader as _Loader


class Pos(NamedTuple):
    line: int
    column: int


class YMap(dict):
    """A mapping with positions: ``pos`` (the mapping), ``key_pos[k]`` and ``value_pos[k]``."""

    __slots__ = ("key_pos", "pos", "value_pos")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pos: Pos | None = None
        self.key_pos: dict[Any, Pos] = {}
        self.value_pos: dict[Any, Pos] = {}


class YList(list):
    """A sequence with positions: ``pos`` (the sequence) and ``item_pos[i]``."""

    __slots__ = ("item_pos", "pos")

    def __init__(self, *args):
        super().__init__(*args)
        self.pos: Pos | None = None
        self.item_pos: list[Pos] = []


class Source(NamedTuple):
    """Where a document came from, for messages."""

    path: str

    def problem(self, message: str, pos: Pos | None = None, **kw) -> Problem:
        return Problem(
            message,
            file=self.path,
            line=pos.line if pos else None,
            column=pos.column if pos else None,
            **kw,
        )


class _Open:
    """A mapping or sequence being built: its value, and for a mapping the key waiting for its
    value and the merge keys (``<<``) seen so far."""

    __slots__ = ("anchor", "key", "key_pos", "merges", "value")

    def __init__(self, value: YMap | YList, anchor: str | None):
        self.value = value
        self.anchor = anchor
        self.key: Any = _NO_KEY
        self.key_pos: Pos | None = None
        self.merges: list[tuple[Any, Pos]] = []


_NO_KEY = object()
_MERGE = "tag:yaml.org,2002:merge"
_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"


class _Builder:
    """Builds ``YMap``/``YList`` trees straight from the parser's events (no node graph), within
    the bounds of ``limits.yaml``: document size, depth, alias expansion, string and number size.
    Aliases are copied (as the node graph was), so no two places share one mutable value."""

    def __init__(self, source: Source, limits: YamlLimits):
        self.source = source
        self.limits = limits
        self.constructor = yaml.constructor.SafeConstructor()
        self.resolver = yaml.resolver.Resolver()
        self.plain: dict[str, Any] = {}  # plain scalar text -> its value, read once
        self.texts: dict[str, str] = {}  # one copy of each quoted text
        self.anchors: dict[str, Any] = {}
        self.open_anchors: set[str] = set()
        self.copied = 0

    def fail(self, message: str, pos: Pos | None, limit: str | None = None) -> InputError:
        return InputError(self.source.problem(message, pos, hint=hint(limit) if limit else None))

    # -- scalars ----------------------------------------------------------------------------
    def scalar(self, ev: yaml.ScalarEvent, pos: Pos) -> Any:
        value = ev.value
        if len(value) > self.limits.string_chars:
            raise self.fail(
                f"a value of {shown(len(value))} characters is longer than the limit of "
                f"{shown(self.limits.string_chars)}",
                pos,
                "yaml.string_chars",
            )
        tag = ev.tag
        if tag is None or tag == "!":
            if not ev.implicit[0]:
                return self.texts.setdefault(value, value)
            return self.plain_value(value, pos)
        return self.construct(tag, value, ev, pos)

    def plain_value(self, value: str, pos: Pos) -> Any:
        """The value of a plain (unquoted, untagged) scalar, worked out once per text."""
        known = self.plain.get(value, _NO_KEY)
        if known is not _NO_KEY:
            return known
        tag = self.resolver.resolve(yaml.ScalarNode, value, (True, False))
        result = value if tag == _STR else self.construct(tag, value, None, pos)
        if tag != _MERGE:
            self.plain[value] = result
        return result

    def construct(self, tag: str, value: str, ev: yaml.ScalarEvent | None, pos: Pos) -> Any:
        if tag == _MERGE:
            return _MERGE_KEY
        if tag == _INT and len(value) > 4 * self.limits.integer_digits:
            raise self._too_large(value, pos)
        marks = (ev.start_mark, ev.end_mark, ev.style) if ev is not None else (None, None, None)
        node = yaml.ScalarNode(tag, value, *marks)
        try:
            result = self.constructor.construct_object(node)
        except (ValueError, OverflowError, TypeError) as exc:  # e.g. a date on the 31st of June
            raise self.fail(f"cannot read value '{value[:40]}': {exc}", pos) from None
        finally:
            self.constructor.constructed_objects.clear()
        if isinstance(result, bool):
            return result
        if isinstance(result, int) and abs(result) >= 10**self.limits.integer_digits:
            raise self._too_large(value, pos)
        if isinstance(result, float) and not math.isfinite(result):
            raise self.fail(f"'{value}' is not a finite number", pos)
        return result

    def _too_large(self, value: str, pos: Pos) -> InputError:
        shown_value = value if len(value) <= 24 else value[:20] + "..."
        return self.fail(
            f"the number {shown_value} has more than {self.limits.integer_digits} digits",
            pos,
            "yaml.integer_digits",
        )

    # -- aliases ----------------------------------------------------------------------------
    def alias(self, name: str, pos: Pos) -> Any:
        if name in self.open_anchors:
            raise self.fail(
                f"the alias *{name} is inside the value it names (a value cannot contain itself)",
                pos,
            )
        if name not in self.anchors:
            raise self.fail(f"the alias *{name} names no anchor (&{name}) written before it", pos)
        return self.copy(self.anchors[name], pos)

    def copy(self, value: Any, pos: Pos) -> Any:
        """A fresh copy of an anchored value (positions included), counted against the limit."""
        self.copied += 1
        if self.copied > self.limits.alias_nodes:
            raise self.fail(
                f"aliases repeat more than {shown(self.limits.alias_nodes)} values",
                pos,
                "yaml.alias_nodes",
            )
        if isinstance(value, YMap):
            out = YMap((k, self.copy(v, pos)) for k, v in value.items())
            out.pos = value.pos
            out.key_pos, out.value_pos = dict(value.key_pos), dict(value.value_pos)
            return out
        if isinstance(value, YList):
            out_list = YList(self.copy(v, pos) for v in value)
            out_list.pos, out_list.item_pos = value.pos, list(value.item_pos)
            return out_list
        return value

    # -- mappings ---------------------------------------------------------------------------
    def add(self, value: Any, pos: Pos, is_scalar: bool) -> None:
        """Put a finished value into the open mapping or sequence on top (none: the root)."""
        top = self.stack[-1] if self.stack else None
        target = top.value if top is not None else None
        if value is _MERGE_KEY and not (isinstance(target, YMap) and top.key is _NO_KEY):
            raise self.fail(_MERGE_AS_TEXT, pos)
        if top is None:
            self.root = value
            return
        if isinstance(target, YList):
            target.append(value)
            target.item_pos.append(pos)
            return
        if top.key is _NO_KEY:
            if not is_scalar:
                raise self.fail("a key must be a plain value", pos)
            top.key, top.key_pos = value, pos
            return
        key, key_pos = top.key, top.key_pos
        top.key = _NO_KEY
        if key is _MERGE_KEY:
            top.merges.append((value, pos))
            return
        try:
            first = target.key_pos.get(key) if key in target else None
        except TypeError:  # an unhashable key, such as a !!binary value
            raise self.fail("a key must be a plain value", key_pos) from None
        if key in target:
            raise InputError(
                self.source.problem(
                    f"'{key}' appears twice in the same mapping",
                    key_pos,
                    field=str(key),
                    hint=f"first written at line {first.line}" if first else None,
                )
            )
        target[key] = value
        target.key_pos[key] = key_pos
        target.value_pos[key] = pos

    def merged(self, top: _Open) -> YMap:
        """The mapping with its merge keys applied: its own keys win, then the first merged
        mapping that has the key (YAML's merge key type)."""
        own = top.value
        if not top.merges:
            return own
        sources: list[YMap] = []
        for value, pos in top.merges:
            items = value if isinstance(value, YList) else [value]
            for item in items:
                if not isinstance(item, YMap):
                    raise self.fail("'<<' merges a mapping or a list of mappings", pos)
                sources.append(item)
        out = YMap()
        out.pos = own.pos
        for source in sources:
            for k, v in source.items():
                if k not in own and k not in out:
                    out[k] = v
                    out.key_pos[k] = source.key_pos[k]
                    out.value_pos[k] = source.value_pos[k]
        out.update(own)
        out.key_pos.update(own.key_pos)
        out.value_pos.update(own.value_pos)
        return out

    # -- the event loop ---------------------------------------------------------------------
    def build(self, next_event) -> Any:
        """The document's value, built event by event until the stream ends."""
        self.stack: list[_Open] = []
        self.root: Any = None
        self.documents = 0
        self._line_of = (-1, 0)  # libyaml's line (from 0) -> ours (from 1), kept for the next
        self._pos = Pos(0, 0)  # the last place made: the next on the same spot reuses it
        handlers = {
            yaml.ScalarEvent: self.on_scalar,
            yaml.MappingStartEvent: self.on_start,
            yaml.SequenceStartEvent: self.on_start,
            yaml.MappingEndEvent: self.on_end,
            yaml.SequenceEndEvent: self.on_end,
            yaml.AliasEvent: self.on_alias,
            yaml.DocumentStartEvent: self.on_document,
        }
        while True:
            ev = next_event()
            handler = handlers.get(type(ev))
            if handler is not None:
                handler(ev)
            elif type(ev) is yaml.StreamEndEvent:
                return self.root

    def place(self, mark) -> Pos:
        """The place of a parser mark, one Pos per place (memory: a log has many)."""
        raw_line, line = self._line_of
        if mark.line != raw_line:
            line = mark.line + 1
            self._line_of = (mark.line, line)
        pos = self._pos
        if mark.column + 1 != pos[1] or line != pos[0]:
            pos = self._pos = tuple.__new__(Pos, (line, mark.column + 1))
        return pos

    def on_scalar(self, ev: yaml.ScalarEvent) -> None:
        pos = self.place(ev.start_mark)
        value = self.scalar(ev, pos)
        if ev.anchor is not None:
            self.anchors[ev.anchor] = value
        self.add(value, pos, True)

    def on_start(self, ev: yaml.MappingStartEvent | yaml.SequenceStartEvent) -> None:
        pos = self.place(ev.start_mark)
        depth = self.limits.depth
        if len(self.stack) >= depth:
            raise self.fail(f"values are nested more than {depth} levels deep", pos, "yaml.depth")
        container = YMap() if type(ev) is yaml.MappingStartEvent else YList()
        container.pos = pos
        if ev.anchor is not None:
            self.open_anchors.add(ev.anchor)
        self.stack.append(_Open(container, ev.anchor))

    def on_end(self, ev: yaml.MappingEndEvent | yaml.SequenceEndEvent) -> None:
        done = self.stack.pop()
        value = self.merged(done) if done.merges else done.value
        if done.anchor is not None:
            self.open_anchors.discard(done.anchor)
            self.anchors[done.anchor] = value
        self.add(value, value.pos, False)

    def on_alias(self, ev: yaml.AliasEvent) -> None:
        pos = self.place(ev.start_mark)
        value = self.alias(ev.anchor, pos)
        self.add(value, pos, not isinstance(value, YMap | YList))

    def on_document(self, ev: yaml.DocumentStartEvent) -> None:
        self.documents += 1
        if self.documents > 1:
            mark = ev.start_mark
            raise self.fail(
                "expected one YAML document, found a second ('---')",
                Pos(mark.line + 1, mark.column + 1),
            )


class _MergeKey:
    """The ``<<`` key of a mapping."""

    def __repr__(self) -> str:
        return "<<"


_MERGE_KEY = _MergeKey()
_MERGE_AS_TEXT = "'<<' is a merge key (<<: *name); quote it to write it as text"


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while a tree of new objects is built: building makes many
    containers and no cycles, and the collector walked the growing tree again and again, so a
    log of twice the turns took 2.5 times as long to read (tests/test_fuzz.py, --fuzz-long).
    A collector that was off stays off."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def parse_yaml(text: str | bytes, path: str = "<input>") -> Any:
    """Parse one YAML document; syntax errors and values past the limits become an
    ``InputError``."""
    source = Source(path)
    limits = yaml_limits()
    check_size(text, source, limits)
    loader = _Loader(text)
    try:
        with gc_paused():
            return _Builder(source, limits).build(loader.get_event)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = Pos(mark.line + 1, mark.column + 1) if mark else None
        reason = exc.problem or exc.context or "not valid YAML"
        if isinstance(exc, yaml.constructor.ConstructorError):
            raise InputError(source.problem(f"cannot read value: {reason}", pos)) from None
        raise InputError(source.problem(f"YAML syntax error: {reason}", pos)) from None
    except yaml.reader.ReaderError as exc:
        raise InputError(
            source.problem(
                f"YAML syntax error: {exc.reason} (character {exc.character!r})",
                _reader_pos(text, exc.position),
            )
        ) from None
    except yaml.YAMLError as exc:
        raise InputError(source.problem(f"YAML syntax error: {exc}")) from None
    finally:
        loader.dispose()


def check_size(text: str | bytes, source: Source, limits: YamlLimits) -> None:
    """A document larger than ``yaml.document_bytes`` is refused before it is parsed."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > limits.document_bytes:
        raise InputError(
            source.problem(
                f"the file is {size / 2**20:.1f} MiB, more than the limit of "
                f"{limits.document_bytes / 2**20:g} MiB",
                hint=hint("yaml.document_bytes"),
            )
        )


def _reader_pos(text: str | bytes, index: int) -> Pos | None:
    """Line and column (in characters) of the character at ``index``: libyaml counts bytes of
    the UTF-8 text, a text given as ``str`` included; PyYAML counts characters."""
    if not isinstance(index, int) or index < 0:
        return None
    if _Loader is not yaml.SafeLoader and isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    head = text[:index]
    if isinstance(head, bytes):
        head = head.decode("utf-8", "replace")
    line = head.count("\n") + 1
    return Pos(line, len(head) - (head.rfind("\n") + 1) + 1)


def load_yaml(path: str | Path) -> Any:
    """Read and parse a YAML file; a missing, unreadable or oversized file is an ``InputError``."""
    return parse_yaml(read_document(path), document_name(path))


# The file name that means standard input (``cat log.yaml | portolan check -``).
STDIN = "-"
STDIN_SHOWN = "<stdin>"


def document_name(path: str | Path) -> str:
    """How messages name a document: its path as the user reads it, or ``<stdin>``."""
    return STDIN_SHOWN if str(path) == STDIN else display_path(path)


def read_document(path: str | Path) -> bytes:
    """A YAML file's bytes (``-``: standard input's), checked to be UTF-8 text within the size
    limit."""
    shown_path = document_name(path)
    limit = yaml_limits().document_bytes
    try:
        if str(path) == STDIN:
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(limit + 1)  # never more, whatever the file (a device, a growing file)
    except FileNotFoundError:
        raise InputError(Problem("file not found", file=shown_path)) from None
    except IsADirectoryError:
        raise InputError(Problem("is a folder, not a YAML file", file=shown_path)) from None
    except OSError as exc:
        raise InputError(Problem(f"cannot read: {exc.strerror}", file=shown_path)) from None
    if len(data) > limit:
        raise InputError(
            Problem(
                f"the file is larger than the limit of {limit / 2**20:g} MiB",
                file=shown_path,
                hint=hint("yaml.document_bytes"),
            )
        )
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(Problem(f"not UTF-8 text ({exc.reason})", file=shown_path)) from None
    return data


def plain(value: Any) -> Any:
    """A tree read from YAML (or any tree of dicts, lists and scalars) as a fresh copy of plain
    dicts and lists: for writing it back or comparing it; much faster than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def position_at(data: Any, path: tuple, *, key: bool = False) -> Pos | None:
    """The position of the value at ``path`` inside ``data`` (or of its key when ``key``).

    Walks as deep as the path exists and returns the deepest position found, so a problem with a
    missing field points at the mapping that lacks it.
    """
    best = getattr(data, "pos", None)
    node = data
    for i, step in enumerate(path):
        last = i == len(path) - 1
        if isinstance(node, YMap) and step in node:
            best = node.key_pos[step] if (last and key) else node.value_pos[step]
            node = node[step]
        elif isinstance(node, YList) and isinstance(step, int) and 0 <= step < len(node):
            best = node.item_pos[step]
            node = node[step]
        else:
            break
    return best
