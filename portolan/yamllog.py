"""A log's YAML, read so that a long log costs little time and memory (issue 9, item 10).

A log is a short head (``game``, ``players``, ``options``, ``setup``...) and a long ``turns:``
list, one entry per turn. ``parse_log_yaml`` reads the head with the ordinary reader
(``yamlsrc.parse_yaml``), the turns' lines blanked so every line keeps its number, and puts a
``TurnList`` in place of the turns: the text of each entry, read only when the entry is asked
for and not kept. The game's turn parser then takes one entry at a time, so memory holds the
log's text and the steps read from it, never the whole tree.

An entry is read by a small reader of the YAML a log is written in (block mappings and
sequences, one-line flow collections, plain values), which gives exactly what the ordinary
reader gives, positions included; an entry outside that subset (quotes, a value on two lines,
a tag...) is read alone by libyaml. Whatever this module is not sure of goes to the ordinary
reader of the whole document: a document it cannot cut into head and turns, and, raised as
``NeedsFullParse`` while the turns are read, an entry that libyaml refuses, an anchor or alias,
a value past a limit. So every message about the YAML is the one the whole document gives;
only its order against problems found in the head can differ (docs/safety.md).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Iterator
from typing import Any

import yaml

from portolan.errors import InputError
from portolan.limits import yaml_limits
from portolan.yamlsrc import (
    _MERGE_KEY,
    Pos,
    Source,
    YList,
    YMap,
    _Builder,
    _Loader,
    check_size,
    parse_yaml,
)

_TURNS_LINE = re.compile(r"^turns:[ ]*(?:#[^\n]*)?$", re.M)
# Characters libyaml reads as they are on one line; anything else (a tab, a carriage return,
# NEL or another line break, a BOM, a control character) sends the document to the ordinary
# reader.
_OUTSIDE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")
# In UTF-8 each of those is one of the first bytes below, or starts with \xc2, \xe2 or \xef (a
# surrogate cannot be in decoded UTF-8): a document with none of these bytes has none of them,
# which one pass of ``bytes.translate`` tells ten times faster than searching the text.
_UNSURE_BYTES = frozenset([*range(0x0A), *range(0x0B, 0x20), 0x7F, 0xC2, 0xE2, 0xEF])
_SURE_BYTES = bytes(b for b in range(256) if b not in _UNSURE_BYTES)
# '&name' or '*name' where a value starts (or inside quotes: read as one document then).
_ANCHOR_OR_ALIAS = re.compile(r"(?:^|[ \[{,])[&*][^\s,\[\]{}]", re.M)
_FLOW_SPLIT = re.compile(r"([\[\]{},:])")
_FLOW_OPEN = "[{"
# A plain value may not start with these (an indicator), nor contain ':' or '#' here.
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")


class NeedsFullParse(Exception):
    """The turns hold something only the reader of the whole document can read (or report)."""

    def __init__(self, reparse: Callable[[], Any]):
        super().__init__("the log is read again as one document")
        self.reparse = reparse


class _NotSubset(Exception):
    """An entry outside the subset read here (it is read by libyaml instead)."""


def parse_log_yaml(data: str | bytes, path: str = "<input>") -> Any:
    """A log's YAML as ``parse_yaml`` reads it, its ``turns`` read one entry at a time."""
    source = Source(path)
    limits = yaml_limits()
    check_size(data, source, limits)
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    if "\r" in text:  # Windows line ends: the same lines and columns with '\n' alone
        text = text.replace("\r\n", "\n")
    cut = _cut(text, data)
    if cut is None:
        return parse_yaml(data, path)
    turns_line, start, end, indent = cut
    head = text[:start] + "\n" * text.count("\n", start, end) + text[end:]
    try:
        raw = parse_yaml(head, path)
    except InputError:
        return parse_yaml(data, path)  # the message the whole document gives
    if (
        not isinstance(raw, YMap)
        or raw.get("turns", 0) is not None
        or raw.key_pos["turns"] != (turns_line, 1)
    ):
        return parse_yaml(data, path)
    turns = TurnList(
        _Entries(text, start, end, indent, turns_line, source), lambda: parse_yaml(data, path)
    )
    raw["turns"] = turns
    raw.value_pos["turns"] = turns.pos
    return raw


def _cut(text: str, data: str | bytes = "") -> tuple[int, int, int, int] | None:
    """(line of ``turns:``, start and end of its entries' text, their indentation), or None when
    the document is not cut that simply. ``data`` is the document as read (``text`` decoded).

    The searches over the whole text start with a newline, so the regular expression engine
    looks for that one character first instead of trying the pattern at every line start."""
    found = _turns_lines(text)
    if len(found) != 1:
        return None
    start = found[0].end() + 1
    if start > len(text):
        return None
    first = re.compile(r"^( *)-(?: |$)", re.M).search(text, start)
    if first is None or _has_content(text, start, first.start()):
        return None
    indent = len(first.group(1))
    # The entries end at the first line with content that is not indented past them and is
    # not an entry; it must start a line of the head's own (column 1), else the cut is unsure.
    stop = re.compile(rf"\n(?! {{{indent}}}-(?:[ \n]|\Z))( {{0,{indent}}})[^\s#]")
    after = stop.search(text, first.start())
    end = len(text) if after is None else after.start() + 1
    if after is not None and after.group(1):
        return None
    if not _read_as_they_are(data) and _OUTSIDE.search(text, start, end):
        return None
    return text.count("\n", 0, start - 1) + 1, start, end, indent


def _read_as_they_are(data: str | bytes) -> bool:
    """Whether the UTF-8 ``data`` surely holds no character of ``_OUTSIDE`` (False: unsure)."""
    return isinstance(data, bytes) and not data.translate(None, _SURE_BYTES)


def _turns_lines(text: str) -> list[re.Match]:
    """Every ``turns:`` line (``_TURNS_LINE``), found from where the word is."""
    found = []
    at = text.find("turns:")
    while at != -1:
        if at == 0 or text[at - 1] == "\n":
            line = _TURNS_LINE.match(text, at)
            if line is not None:
                found.append(line)
        at = text.find("turns:", at + 6)
    return found


def _has_content(text: str, start: int, end: int) -> bool:
    return any(
        line.strip() and not line.lstrip().startswith("#") for line in text[start:end].split("\n")
    )


class _Unreadable(Exception):
    """An entry that only the reader of the whole document can read or report."""


class _Entries:
    """The text of a log's turns and where each entry starts; an entry is read when asked for."""

    def __init__(self, text: str, start: int, end: int, indent: int, turns_line: int, source):
        self.text = text
        self.indent = indent
        self.source = source
        self.limits = yaml_limits()
        self.builder = _Builder(source, self.limits)
        self.reader = _EntryReader(self.builder, self.limits)
        self.seen: set[str] = set()
        self.made: dict[str, tuple] = {}
        starts, lines = array("q"), array("q")
        line, at = turns_line + 1, start
        # Each entry's dash, found from the newline before it (``start`` follows one).
        for m in re.compile(rf"\n {{{indent}}}-(?=[ \n]|\Z)").finditer(text, start - 1, end):
            entry = m.start() + 1
            line += text.count("\n", at, entry)
            at = entry
            starts.append(at)
            lines.append(line)
        starts.append(end)
        self.starts, self.lines, self.count = starts, lines, len(lines)

    def piece(self, i: int) -> str:
        return self.text[self.starts[i] : self.starts[i + 1]]

    def position(self, i: int) -> Pos:
        """Where entry ``i`` is (the position libyaml gives the item): its first character
        after the dash, or libyaml's answer for an entry that starts otherwise."""
        start, end = self.starts[i], self.starts[i + 1]
        at = start + self.indent + 1
        text = self.text
        while at < end and text[at] == " ":
            at += 1
        first = text[at] if at < end else "\n"
        if first == "\n" or (first in _INDICATORS and first not in _FLOW_OPEN):
            return self.by_libyaml(i)[1]
        return Pos(self.lines[i], at - start + 1)

    def read(self, i: int) -> Any:
        piece, line = self.piece(i), self.lines[i]
        template = self.made.get(piece)
        if template is not None:
            return _built(template, line)
        try:
            value = self.reader.entry(piece, line)
        except _NotSubset:
            value = self.by_libyaml(i)[0]
        except (InputError, yaml.YAMLError, RecursionError):
            raise _Unreadable from None
        # An entry written again (the same turn in the same words) is made from a template
        # from then on; the first sight of an entry costs a set lookup.
        if _again(self.seen, piece, _ENTRIES_KEPT) and len(self.made) < _ENTRIES_KEPT:
            self.made[piece] = _template(value, _position_of(value, (line, 0)), line)
        return value

    def by_libyaml(self, i: int) -> tuple[Any, Pos]:
        """Entry ``i`` read alone by libyaml (as a sequence of one item), and its position."""
        piece = self.piece(i)
        if _ANCHOR_OR_ALIAS.search(piece):  # it may reach past the entry
            raise _Unreadable
        # The piece's sequence stands for ``turns``, one level below the top mapping.
        limits = self.limits._replace(depth=self.limits.depth - 1)
        builder = _Builder(self.source, limits, first_line=self.lines[i])
        builder.plain = self.builder.plain
        loader = _Loader(piece)
        try:
            whole = builder.build(loader.get_event)
        except (InputError, yaml.YAMLError, RecursionError):
            raise _Unreadable from None
        finally:
            loader.dispose()
        if not isinstance(whole, YList) or len(whole) != 1:
            raise _Unreadable
        return whole[0], whole.item_pos[0]


class TurnList(YList):
    """A log's ``turns``: a ``YList`` whose entries are read from the log's text each time
    they are asked for (iteration, index); ``item_pos`` and ``len`` need no reading.

    ``part(start, stop)`` is the list of entries ``start`` to ``stop`` alone, read from the
    same text: ``first`` is the number of turns before it and ``total`` the log's number of
    turns, so a part's turns keep their numbers (``checker.core.twocores`` reads a long log's
    parts on two cores)."""

    __slots__ = ("_count", "_entries", "_last", "first", "reparse")

    def __init__(
        self, entries: _Entries, reparse: Callable[[], Any], first: int = 0, count: int = -1
    ):
        super().__init__()
        self._entries = entries
        self._last: tuple[int, Any] = (-1, None)
        self.reparse = reparse
        self.first = first
        self._count = entries.count - first if count < 0 else count
        self.item_pos = _Positions(self)  # type: ignore[assignment]
        self.pos = Pos(entries.lines[0], entries.indent + 1) if entries.count else None

    @property
    def total(self) -> int:
        return self._entries.count

    def part(self, start: int, stop: int) -> TurnList:
        """Entries ``start`` to ``stop`` (0-based, of this list) as a list of their own."""
        start, stop, _ = slice(start, stop).indices(self._count)
        return TurnList(self._entries, self.reparse, self.first + start, max(0, stop - start))

    def _read(self, i: int) -> Any:
        try:
            value = self._entries.read(self.first + i)
        except _Unreadable:
            raise NeedsFullParse(self.reparse) from None
        self._last = (i, value)
        return value

    def _position(self, i: int) -> Pos:
        last, value = self._last
        if last == i and (type(value) is YMap or type(value) is YList):
            return value.pos  # an entry's position is its mapping's or list's, once read
        try:
            return self._entries.position(self.first + i)
        except _Unreadable:
            raise NeedsFullParse(self.reparse) from None

    def _index(self, i: int) -> int:
        n = self._count
        if not -n <= i < n:
            raise IndexError("turn index out of range")
        return i % n

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count > 0

    def __iter__(self) -> Iterator[Any]:
        return (self._read(i) for i in range(self._count))

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self._read(k) for k in range(*i.indices(len(self)))]
        return self._read(self._index(i))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, list) and len(other) == len(self) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"TurnList({len(self)} turns)"


class _Positions:
    """``item_pos`` of a ``TurnList``: each entry's position, found from its first line."""

    __slots__ = ("_turns",)

    def __init__(self, turns: TurnList):
        self._turns = turns

    def __len__(self) -> int:
        return len(self._turns)

    def __getitem__(self, i: int) -> Pos:
        turns = self._turns
        return turns._position(i if 0 <= i < len(turns) else turns._index(i))

    def __iter__(self) -> Iterator[Pos]:
        return (self._turns._position(i) for i in range(len(self._turns)))


# A plain value as this reader takes it: no indicator first, none of ':#,[]{}' inside, no space
# at either end (a value with ',' is read in block context by ``_BLOCK_PLAIN``).
_S = r"[^\s\-?:,\[\]{}#&*!|>'\"%@`](?:[^:#,\[\]{}]*[^\s:#,\[\]{}])?"
_SIMPLE_MAP = re.compile(rf"\{{(?:{_S}: {_S}(?:, {_S}: {_S})*)?\}}")
_SIMPLE_SEQ = re.compile(rf"\[(?:{_S}(?:, {_S})*)?\]")
_BLOCK_PLAIN = re.compile(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`](?:[^:#\[\]{}]*[^\s:#\[\]{}])?")
_NOTHING = object()
_BLANK = ()  # a line of only spaces or a comment


# A template: (kind, lines below, column, levels of collections, data); a value made from it at
# (line, col) has its positions at (line + lines below, col + column). Data: the value (_PLAIN),
# (key, lines below, column, value's template) per key (_MAP), the items' templates (_SEQ), or
# the value's text, read when it is made (_LIVE, a row seen once; its column is where it starts).
_PLAIN, _MAP, _SEQ, _LIVE = 0, 1, 2, 6
# Rows: (_KEY, key, value's template or None) | (_DASH, offset, item's template) |
# (_DASH_KEY, offset, (key, template or None)), the offset where the item starts after the dash.
_KEY, _DASH, _DASH_KEY = 3, 4, 5
_ROWS_KEPT = 20_000  # distinct rows remembered per log (each a few hundred bytes)
_ENTRIES_KEPT = 5_000  # distinct entries seen, and made into templates, per log


class _EntryReader:
    """Reads the entries of the turns in the subset of YAML a log is written in, building
    what ``yamlsrc._Builder`` builds from libyaml's events; raises ``_NotSubset`` for anything
    else.

    A row (a line without its indentation and comment) seen once is read where it is; a row
    written again is read into a template (its values, and their columns from the row's start),
    and every row with that text after it is made from the template with its own line and
    column (a line written again exactly, indentation and comment too, is found by its text
    alone). Entries are (line, column, template) rows put together by indentation, as YAML's
    block collections are."""

    def __init__(self, builder: _Builder, limits):
        self.builder = builder
        self.plain = builder.plain
        self.max_chars = limits.string_chars
        self.depth = limits.depth
        self.templates: dict[str, tuple] = {}
        self.seen: set[str] = set()
        # Each line as written (indentation and comment included) → (indentation, template),
        # or _BLANK: a line written again costs one lookup.
        self.known: dict[str, tuple] = {}

    def entry(self, piece: str, first_line: int) -> Any:
        rows = self.rows(piece, first_line)
        # The entry is an item of ``turns``, two levels below the top: its collections open
        # with the top mapping and ``turns`` on the stack.
        value, _, used = self.item(rows, 0, 2)
        if used != len(rows):
            raise _NotSubset
        return value

    def rows(self, piece: str, line: int) -> list[tuple[int, int, tuple]]:
        rows = []
        templates, known = self.templates, self.known
        for raw in piece.split("\n"):
            hit = known.get(raw)
            if hit is not None:  # a line written again as it is, indentation and comment too
                if hit is not _BLANK:
                    rows.append((line, *hit))
                line += 1
                continue
            text = raw
            if "#" in text:
                at = text.find("#")
                if at and text[at - 1] != " ":
                    raise _NotSubset
                text = text[:at]
            content = text.strip(" ")
            if content:
                template = templates.get(content)
                kept = template is not None
                if template is None:
                    if len(text) > self.max_chars:
                        raise _NotSubset
                    # A row seen once is read where it is (its value made by ``make``); one
                    # written again is read into a template, kept for the rows after it.
                    again = _again(self.seen, content, _ROWS_KEPT)
                    template = self.row(content, live=not again)
                    if again and len(templates) < _ROWS_KEPT:
                        templates[content] = template
                        kept = True
                hit = (len(text) - len(text.lstrip(" ")), template)
                rows.append((line, *hit))
                if not kept:
                    hit = None  # a row read where it is, or past the limit: not kept
            else:
                hit = _BLANK
            if hit is not None and len(known) < _ROWS_KEPT:
                known[raw] = hit
            line += 1
        return rows

    def row(self, content: str, live: bool = False) -> tuple:
        if "'" in content or '"' in content:
            return self.quoted_row(content)
        if content[0] != "-":
            return (_KEY, *self.key_row(content, live))
        rest = content[1:].lstrip(" ")
        if content[1:2] != " " or not rest or (rest[0] == "-" and rest[1:2] in ("", " ")):
            raise _NotSubset
        offset = len(content) - len(rest)
        if rest[0] not in _FLOW_OPEN and rest.find(":") > 0:  # a mapping opened on the row
            return (_DASH_KEY, offset, self.key_row(rest, live))
        return (_DASH, offset, (_LIVE, 0, 1, 0, rest) if live else self.template(rest, 0))

    def quoted_row(self, content: str) -> tuple:
        """A row with quoted values, read alone by libyaml (it must be whole on its row)."""
        if _ANCHOR_OR_ALIAS.search(content):
            raise _NotSubset
        loader = _Loader(content)
        try:
            value = _Builder(self.builder.source, self.builder.limits).build(loader.get_event)
        except (InputError, yaml.YAMLError, RecursionError):
            raise _NotSubset from None
        finally:
            loader.dispose()
        dash = type(value) is YList
        if dash:  # '- ...': the row's one item
            if len(value) != 1 or content[:2] != "- ":
                raise _NotSubset
            item, pos = value[0], value.item_pos[0]
            if type(item) is not YMap or content[2:].lstrip(" ")[:1] == "{":
                return (_DASH, 0, _template(item, pos, 1))
            value = item
        if type(value) is not YMap or len(value) != 1:
            raise _NotSubset
        ((key, item),) = value.items()
        if item is None and (not content.endswith(":") or not _hashable(key)):
            raise _NotSubset  # 'key:' with its value on the rows below, or nothing to read here
        at = value.key_pos[key][1] - 1  # where the mapping starts on the row (after a dash)
        template = None if item is None else _template(item, value.value_pos[key], 1, at)
        if dash:
            return (_DASH_KEY, at, (key, template))
        if at:
            raise _NotSubset
        return (_KEY, key, template)

    def key_row(self, text: str, live: bool = False) -> tuple[Any, tuple | None]:
        """``key: value`` or ``key:`` → (key, the value's template or None); a ``live``
        template is the value's text, read when the row is made."""
        colon = text.find(":")
        if colon <= 0 or text[colon + 1 : colon + 2] not in ("", " "):
            raise _NotSubset
        key_text = text[:colon].rstrip(" ")
        if not _BLOCK_PLAIN.fullmatch(key_text) or "," in key_text:
            raise _NotSubset
        key = self.value(key_text, Pos(0, 1))
        if not _hashable(key):
            raise _NotSubset
        rest = text[colon + 1 :].lstrip(" ")
        if not rest:
            return key, None
        offset = len(text) - len(rest)
        return key, (_LIVE, 0, offset + 1, 0, rest) if live else self.template(rest, offset)

    def template(self, text: str, col: int) -> tuple:
        """The template of a value written from column ``col`` (0-based) of its row."""
        value = self.inline(text, 0, col, -(10**6))  # depth is checked where it is made
        return _template(value, _position_of(value, self.at), 0)

    # -- blocks -----------------------------------------------------------------------------
    def item(self, rows: list, i: int, depth: int) -> tuple[Any, Pos, int]:
        """The item whose dash row is ``rows[i]``: (its value, its position, the row after)."""
        line, col, row = rows[i]
        kind = row[0]
        if kind is _DASH_KEY:
            value, i = self.mapping(rows, i, col + row[1], depth, row[2])
            return value, value.pos, i
        if kind is not _DASH:
            raise _NotSubset
        value, pos = self.make(row[2], line, col + row[1], depth)
        return value, pos, i + 1

    def mapping(
        self, rows: list, i: int, col: int, depth: int, first: tuple | None = None
    ) -> tuple[YMap, int]:
        if depth >= self.depth:
            raise _NotSubset
        out = _new_map(YMap)
        key_pos, value_pos = out.key_pos, out.value_pos = {}, {}
        out.pos = _new(Pos, (rows[i][0], col + 1))
        n = len(rows)
        while True:
            line = rows[i][0]
            if first is not None:
                key, template = first
                first = None
            else:
                row = rows[i][2]
                if row[0] is not _KEY:
                    raise _NotSubset
                _, key, template = row
            if key in out:
                raise _NotSubset  # reported by the reader of the whole document
            i += 1
            if template is not None:
                value, vpos = self.make(template, line, col, depth + 1)
            elif i < n and (rows[i][1] > col or (rows[i][1] == col and rows[i][2][0] is not _KEY)):
                value, i = self.block(rows, i, depth + 1)
                vpos = value.pos
            else:
                raise _NotSubset  # an empty value (null): its position is libyaml's to give
            out[key] = value
            key_pos[key] = _new(Pos, (line, col + 1))
            value_pos[key] = vpos
            if i >= n or rows[i][1] != col or rows[i][2][0] is not _KEY:
                break
        if i < n and rows[i][1] > col:
            raise _NotSubset
        return out, i

    def block(self, rows: list, i: int, depth: int) -> tuple[Any, int]:
        """The block collection starting at ``rows[i]``."""
        col = rows[i][1]
        if rows[i][2][0] is _KEY:
            return self.mapping(rows, i, col, depth)
        if depth >= self.depth:
            raise _NotSubset
        out = _new_list(YList)
        positions = out.item_pos = []
        out.pos = _new(Pos, (rows[i][0], col + 1))
        n = len(rows)
        while i < n and rows[i][1] == col and rows[i][2][0] is not _KEY:
            value, pos, i = self.item(rows, i, depth + 1)
            out.append(value)
            positions.append(pos)
        return out, i

    def make(self, template: tuple, line: int, col: int, depth: int) -> tuple[Any, Pos]:
        """The value of ``template`` written on ``line`` from column ``col`` (0-based), and
        its position; its collections open ``depth`` levels down."""
        kind, _, column, levels, data = template
        if kind is _PLAIN:
            return data, _new(Pos, (line, col + column))
        if kind is _LIVE:
            value = self.inline(data, line, col + column - 1, depth)
            return value, value.pos if type(value) in (YMap, YList) else self.at
        if depth + levels > self.depth:
            raise _NotSubset
        value = _built(template, line, col)
        return value, value.pos

    # -- one row ----------------------------------------------------------------------------
    def inline(self, text: str, line: int, col: int, depth: int) -> Any:
        """A value written on one row from column ``col`` (0-based): a plain value or a flow
        collection; a plain value's position is left in ``self.at``."""
        first = text[0]
        if first == "{" and _SIMPLE_MAP.fullmatch(text):
            return self.simple_map(text, line, col, depth)
        if first == "[" and _SIMPLE_SEQ.fullmatch(text):
            return self.simple_seq(text, line, col, depth)
        if first in _FLOW_OPEN:
            pieces = _FLOW_SPLIT.split(text)
            value, k, _ = self.flow(pieces, 1, line, col, depth)
            if k != len(pieces) - 1 or pieces[k]:
                raise _NotSubset  # something after the collection
            return value
        if not _BLOCK_PLAIN.fullmatch(text):
            raise _NotSubset
        self.at = Pos(line, col + 1)
        return self.value(text, self.at)

    def value(self, text: str, pos: Pos) -> Any:
        value = self.plain.get(text, _NOTHING)
        if value is _NOTHING:
            value = self.builder.plain_value(text, pos)
            if value is _MERGE_KEY:
                raise _NotSubset
        return value

    def simple_map(self, text: str, line: int, col: int, depth: int) -> YMap:
        """``{k: v, k: v}`` of plain values, single spaces (checked by ``_SIMPLE_MAP``)."""
        if depth >= self.depth:
            raise _NotSubset
        out = YMap()
        key_pos, value_pos = out.key_pos, out.value_pos = {}, {}
        out.pos = Pos(line, col + 1)
        at = col + 2  # 1-based column of the first key
        if len(text) == 2:
            return out
        plain = self.plain
        for pair in text[1:-1].split(", "):
            key_text, value_text = pair.split(": ")
            kpos = Pos(line, at)
            key = plain.get(key_text, _NOTHING)
            if key is _NOTHING:
                key = self.value(key_text, kpos)
            at += len(key_text) + 2
            vpos = Pos(line, at)
            value = plain.get(value_text, _NOTHING)
            if value is _NOTHING:
                value = self.value(value_text, vpos)
            at += len(value_text) + 2
            if key in out:
                raise _NotSubset
            out[key] = value
            key_pos[key] = kpos
            value_pos[key] = vpos
        return out

    def simple_seq(self, text: str, line: int, col: int, depth: int) -> YList:
        """``[a, b, c]`` of plain values, single spaces (checked by ``_SIMPLE_SEQ``)."""
        if depth >= self.depth:
            raise _NotSubset
        out = YList()
        positions = out.item_pos = []
        out.pos = Pos(line, col + 1)
        if len(text) == 2:
            return out
        at = col + 2
        plain = self.plain
        for item in text[1:-1].split(", "):
            pos = Pos(line, at)
            value = plain.get(item, _NOTHING)
            if value is _NOTHING:
                value = self.value(item, pos)
            out.append(value)
            positions.append(pos)
            at += len(item) + 2
        return out

    def flow(self, pieces: list[str], k: int, line: int, at: int, depth: int) -> tuple:
        """Any flow collection of this subset (spaces anywhere, nested collections), opened by
        ``pieces[k]`` at column ``at`` (0-based): (value, index of the text after it, column
        after it). ``pieces`` alternate text and the delimiters ``[]{},:``."""
        if depth >= self.depth:
            raise _NotSubset
        opener = pieces[k]
        closer = "]" if opener == "[" else "}"
        out: YMap | YList = YList() if opener == "[" else YMap()
        out.pos = Pos(line, at + 1)
        at += 1
        k += 1
        if k + 1 < len(pieces) and not pieces[k].strip(" ") and pieces[k + 1] == closer:
            return out, k + 2, at + len(pieces[k]) + 1
        while True:
            if k + 1 >= len(pieces):
                raise _NotSubset
            value, k, at = self.flow_node(pieces, k, line, at, depth)
            if type(out) is YMap:
                if pieces[k] != ":" or type(value) is YMap or type(value) is YList:
                    raise _NotSubset
                key, key_pos = value, self.at
                if key in out or not pieces[k + 1].startswith(" ") or k + 2 >= len(pieces):
                    raise _NotSubset
                value, k, at = self.flow_node(pieces, k + 1, line, at + 1, depth)
                out[key] = value
                out.key_pos[key] = key_pos
                out.value_pos[key] = value.pos if type(value) in (YMap, YList) else self.at
            else:
                out.append(value)
                out.item_pos.append(value.pos if type(value) in (YMap, YList) else self.at)
            delimiter = pieces[k]
            if delimiter == closer:
                return out, k + 1, at + 1
            if delimiter != ",":
                raise _NotSubset
            at += 1
            k += 1

    def flow_node(self, pieces: list[str], k: int, line: int, at: int, depth: int) -> tuple:
        """The node that starts in text ``pieces[k]`` at column ``at``: (value, index of the
        delimiter after it, that delimiter's column)."""
        text = pieces[k]
        stripped = text.strip(" ")
        if stripped:
            if not _FLOW_PLAIN.fullmatch(stripped):
                raise _NotSubset
            self.at = Pos(line, at + len(text) - len(text.lstrip(" ")) + 1)
            return self.value(stripped, self.at), k + 1, at + len(text)
        if k + 1 < len(pieces) and pieces[k + 1] in _FLOW_OPEN:
            value, k2, at2 = self.flow(pieces, k + 1, line, at + len(text), depth + 1)
            tail = pieces[k2]
            if tail.strip(" ") or k2 + 1 >= len(pieces):
                raise _NotSubset
            return value, k2 + 1, at2 + len(tail)
        raise _NotSubset  # an empty value

    at: Pos = Pos(0, 0)


_FLOW_PLAIN = re.compile(_S)
_new = tuple.__new__  # _new(Pos, (line, column)): a Pos without NamedTuple's checks
# A YMap or YList without __init__: their position attributes are set right after.
_new_map, _new_list = dict.__new__, list.__new__


def _position_of(value: Any, pos: Pos | tuple) -> Pos | tuple:
    """Where ``value`` is: a mapping's or list's own position, else ``pos``."""
    return value.pos if type(value) is YMap or type(value) is YList else pos


def _template(value: Any, pos: Pos | tuple, line: int, col: int = 0) -> tuple:
    """``value``, read at ``pos``, as a template whose positions count from ``line`` and from
    column ``col`` (0-based): what every row or entry written the same way is made from."""
    here = (pos[0] - line, pos[1] - col)
    if type(value) is YMap:
        items = tuple(
            (
                k,
                value.key_pos[k][0] - line,
                value.key_pos[k][1] - col,
                _template(v, value.value_pos[k], line, col),
            )
            for k, v in value.items()
        )
        return (_MAP, *here, 1 + max((t[3][3] for t in items), default=0), items)
    if type(value) is YList:
        items = tuple(
            _template(v, p, line, col) for v, p in zip(value, value.item_pos, strict=True)
        )
        return (_SEQ, *here, 1 + max((t[3] for t in items), default=0), items)
    return (_PLAIN, *here, 0, value)


def _built(template: tuple, line: int, col: int = 0) -> Any:
    """The value of ``template`` written from ``line``, its row starting at column ``col``."""
    kind, below, column, _, data = template
    if kind == _PLAIN:
        return data
    if kind == _MAP:
        out = _new_map(YMap)
        key_pos, value_pos = out.key_pos, out.value_pos = {}, {}
        out.pos = _new(Pos, (line + below, col + column))
        for key, kl, kc, value in data:
            out[key] = value[4] if value[0] == _PLAIN else _built(value, line, col)
            key_pos[key] = _new(Pos, (line + kl, col + kc))
            value_pos[key] = _new(Pos, (line + value[1], col + value[2]))
        return out
    out_list = _new_list(YList)
    positions = out_list.item_pos = []
    out_list.pos = _new(Pos, (line + below, col + column))
    for value in data:
        out_list.append(value[4] if value[0] == _PLAIN else _built(value, line, col))
        positions.append(_new(Pos, (line + value[1], col + value[2])))
    return out_list


def _again(seen: set[str], text: str, most: int) -> bool:
    """Whether ``text`` was seen before; its first sight is noted (up to ``most`` texts)."""
    if text in seen:
        return True
    if len(seen) < most:
        seen.add(text)
    return False


def _hashable(key: Any) -> bool:
    try:
        hash(key)
    except TypeError:
        return False
    return True
