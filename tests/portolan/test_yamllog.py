"""The log reader (portolan/yamllog.py) gives what the whole-document reader gives.

Every comparison is of the full tree: values, types, and the position of every mapping, key,
value, sequence and item; or, for a document either reader refuses, the same message.
"""

from __future__ import annotations

import random
import re
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.core.log import load_log
from portolan import yamllog
from portolan.errors import InputError
from portolan.yamllog import NeedsFullParse, TurnList, parse_log_yaml
from portolan.yamlsrc import Source, YList, YMap, parse_yaml

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*/*.yaml"))
LOGS = [p for p in EXAMPLES if p.parent.name != "positions"]


def tree(value):
    """Everything a reader gives, positions included, as plain data."""
    if isinstance(value, YMap):
        return (
            "map",
            value.pos,
            [(k, value.key_pos[k], value.value_pos[k], tree(v)) for k, v in value.items()],
        )
    if isinstance(value, YList):
        items = zip(value.item_pos, list(value), strict=True)
        return ("list", value.pos, [(p, tree(v)) for p, v in items])
    return (type(value).__name__, value)


def whole(text: str | bytes):
    try:
        return "ok", tree(parse_yaml(text, "log.yaml"))
    except InputError as exc:
        return "error", str(exc)


def by_entries(text: str | bytes):
    try:
        return "ok", tree(parse_log_yaml(text, "log.yaml"))
    except NeedsFullParse as again:
        try:
            return "ok", tree(again.reparse())
        except InputError as exc:
            return "error", str(exc)
    except InputError as exc:
        return "error", str(exc)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_reads_the_same(path):
    text = path.read_text("utf-8")
    assert by_entries(text) == whole(text)


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.replace("\n", "\r\n"),  # written on Windows
        lambda t: "\ufeff" + t,  # with a byte order mark
        lambda t: t.replace("\n", "\r"),  # old Mac line ends (the whole-document reader)
        lambda t: t.replace("turns:\n", "turns:  # the game\n\n# first round\n"),
    ],
    ids=["crlf", "bom", "cr", "comments"],
)
def test_other_ways_of_writing_a_log_read_the_same(change):
    text = change((ROOT / "examples/age-of-discovery/two-players.yaml").read_text("utf-8"))
    assert by_entries(text) == whole(text)
    assert by_entries(text)[0] == "ok"


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_example_turns_are_read_entry_by_entry(path):
    raw = parse_log_yaml(path.read_bytes(), "log.yaml")
    assert isinstance(raw["turns"], TurnList)
    assert len(raw["turns"]) == len(parse_yaml(path.read_bytes())["turns"])


# -- generated logs ---------------------------------------------------------------------------
PLAIN = [
    "Ana", "Ben", "Sailors", "Sextant & Compass", "Fisher's Bay", "draw 104", "to ATL5", "3",
    "-2", "0x1F", "1_000", "3.5", "1e3", ".inf", "yes", "No", "on", "~", "null", "2001-12-14",
    "2001-13-45", "Hernán Cortés", "a - b", "x!y", "<<", "=", "12:30", "a:b", "a#b", "?x",
    "- x", "Gold, Silver", "many  spaces", "[x]", "x]", "",
]  # fmt: skip
QUOTED = ["'God, Gold, & Glory'", "'a: b'", '"two\\nlines"', "'it''s'", "'#3'", "'&a'"]
KEYS = ["player", "draw", "sail", "to", "steps", "send", "Santa María", "colour", "1", "to"]


def scalar(draw) -> str:
    odd = draw(st.integers(0, 3)) == 0  # mostly what logs are made of, sometimes anything
    return draw(st.sampled_from(PLAIN + QUOTED if odd else PLAIN[:8]))


def spaces(draw) -> str:
    return draw(st.sampled_from(["", " ", " ", " ", "  "]))


@st.composite
def flow(draw, depth: int = 0) -> str:
    items = []
    is_map = draw(st.booleans())
    for _ in range(draw(st.integers(0, 3))):
        value = (
            draw(flow(depth + 1)) if depth < 2 and draw(st.integers(0, 5)) == 0 else scalar(draw)
        )
        if is_map:
            items.append(
                f"{draw(st.sampled_from(KEYS))}:{draw(st.sampled_from([' ', '  ', '']))}{value}"
            )
        else:
            items.append(value)
    sep = "," + spaces(draw)
    body = spaces(draw) + sep.join(items) + spaces(draw)
    return ("{" + body + "}") if is_map else ("[" + body + "]")


@st.composite
def value(draw) -> str:
    return draw(flow()) if draw(st.booleans()) else scalar(draw)


def comment(draw) -> str:
    return draw(st.sampled_from(["", "", "", "  # note", " #x", "#x"]))


@st.composite
def block_map(draw, col: int, depth: int = 0) -> list[tuple[int, str]]:
    """Rows (column, text) of a block mapping at ``col``."""
    rows = []
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(KEYS))
        kind = draw(st.integers(0, 5)) if depth < 2 else 0
        if kind <= 2:
            rows.append((col, f"{key}: {draw(value())}{comment(draw)}"))
        elif kind == 3:
            rows.append((col, f"{key}:"))
            rows += draw(block_map(col + draw(st.sampled_from([2, 4])), depth + 1))
        else:
            rows.append((col, f"{key}:{comment(draw)}"))
            inner = col + draw(st.sampled_from([0, 2, 4]))  # 0: a sequence at the key's column
            for _ in range(draw(st.integers(1, 3))):
                rows += draw(item(inner, depth + 1))
        if draw(st.integers(0, 9)) == 0:
            rows.append((draw(st.sampled_from([0, col])), draw(st.sampled_from(["", "# a note"]))))
    return rows


@st.composite
def item(draw, col: int, depth: int = 0) -> list[tuple[int, str]]:
    if draw(st.booleans()):
        return [(col, f"- {draw(value())}{comment(draw)}")]
    rows = draw(block_map(col + 2, depth))
    _first_col, first = rows[0]
    return [(col, "- " + first), *rows[1:]]


@st.composite
def log_text(draw) -> str:
    indent = draw(st.sampled_from([0, 2, 2, 4]))
    lines = ["game: exploration-age-of-sail", "players: [Ana, Ben]", "turns:"]
    for _ in range(draw(st.integers(0, 6))):
        lines += [" " * c + t for c, t in draw(item(indent))]
    if draw(st.booleans()):
        lines.append("end: {Ana: 3}")
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\n\n# end\n"]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(log_text())
def test_generated_logs_read_the_same(text):
    assert by_entries(text) == whole(text)
    data = text.encode("utf-8")  # as a file is read: the quick check of the bytes
    assert by_entries(data) == whole(data)


def test_mutated_examples_read_the_same():
    rng = random.Random(9)
    texts = [p.read_text("utf-8") for p in LOGS]
    pieces = [*list(" \n-:{}[],#'\"&*!|>%@`?\t"), "- ", ": ", "\n  - ", "\n    ", "<<", "\r\n"]
    pieces += ["\x85", "\u2028", "\ufeff", "\x01", "\x7f", "\xa0", "§", "—", "é"]  # see _OUTSIDE
    for _ in range(150):
        text = rng.choice(texts)
        start = text.find("turns:")
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(start, len(text))
            if rng.random() < 0.6:
                text = text[:at] + rng.choice(pieces) + text[at:]
            else:
                text = text[:at] + text[at + rng.randint(1, 4) :]
        assert by_entries(text) == whole(text), text
        data = text.encode("utf-8", "surrogatepass")
        assert by_entries(data) == whole(data), text


# -- what the turns cost ----------------------------------------------------------------------
def long_log(turns: int) -> str:
    example = (ROOT / "examples/exploration-age-of-sail/two-players.yaml").read_text("utf-8")
    head, _, body = example.partition("turns:\n")
    entries = [e for e in ("\n" + body).split("\n  - ") if e.strip()]
    return (
        head
        + "turns:\n"
        + "".join("  - " + entries[k % len(entries)].rstrip("\n") + "\n" for k in range(turns))
    )


def test_the_turns_are_not_kept_while_they_are_read():
    text = long_log(4000)
    tracemalloc.start()
    try:
        tree_of_all = parse_yaml(text, "log.yaml")
        _, whole_peak = tracemalloc.get_traced_memory()
        del tree_of_all
        tracemalloc.reset_peak()
        raw = parse_log_yaml(text, "log.yaml")
        count = sum(1 for _ in raw["turns"])
        _, entries_peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 4000
    assert entries_peak < whole_peak / 4


def test_an_alias_between_turns_is_read_as_one_document(tmp_path):
    text = long_log(3).replace("  - {player: Ana", "  - &first {player: Ana", 1) + "  - *first\n"
    raw = parse_log_yaml(text, "log.yaml")
    with pytest.raises(NeedsFullParse) as again:
        list(raw["turns"])
    assert tree(again.value.reparse()) == tree(parse_yaml(text, "log.yaml"))


def test_a_syntax_error_in_a_turn_is_the_whole_documents_error(tmp_path):
    text = long_log(30).replace("{player: Ben", "{player: [Ben", 1)
    path = tmp_path / "log.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(InputError) as by_log:
        load_log(path, ROOT / "components")
    with pytest.raises(InputError) as by_document:
        parse_yaml(text, str(path))
    assert str(by_log.value) == str(by_document.value).replace(
        str(path), str(by_log.value.problems[0].file)
    )


# -- where the turns are ----------------------------------------------------------------------
def cut_by_line_starts(text: str):
    """``yamllog._cut`` as first written: every pattern tried at each line start (``re.M``)."""
    found = list(re.finditer(r"^turns:[ ]*(?:#[^\n]*)?$", text, re.M))
    if len(found) != 1:
        return None
    start = found[0].end() + 1
    if start > len(text):
        return None
    first = re.compile(r"^( *)-(?: |$)", re.M).search(text, start)
    if first is None or yamllog._has_content(text, start, first.start()):
        return None
    indent = len(first.group(1))
    stop = re.compile(rf"^(?! {{{indent}}}-(?: |$))( {{0,{indent}}})[^\s#]", re.M)
    after = stop.search(text, first.start())
    end = len(text) if after is None else after.start()
    if after is not None and after.group(1):
        return None
    if yamllog._OUTSIDE.search(text, start, end):
        return None
    entries = [m.start() for m in re.finditer(rf"^ {{{indent}}}-(?: |$)", text[:end], re.M)]
    return (
        text.count("\n", 0, start - 1) + 1,
        start,
        end,
        indent,
        [e for e in entries if e >= start],
    )


def cut_now(text: str, data: str | bytes):
    cut = yamllog._cut(text, data)
    if cut is None:
        return None
    line, start, end, indent = cut
    entries = yamllog._Entries(text, start, end, indent, line, Source("log.yaml"))
    return line, start, end, indent, list(entries.starts[:-1])


LINES = [
    "turns:", "turns:  # the game", "turns: []", " turns:", "xturns:", "turns:x", "game: ships",
    "- a", "  - a", "  - {b: 1}", "  -", "  -x", "    - c", "    d: 1", "  # note", "#", "",
    " ", "  ", "end: 1", "   e", "\xa0f", "  \xa0- g", "  - h\x85", "  - \u2028", "- i # j",
    "  - turns:", "\tk", "  - §", "  - —", "\ufeffturns:",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=12), st.sampled_from(["", "\n"]))
def test_the_turns_are_cut_where_line_starts_cut_them(lines, last):
    """The newline-first searches and the quick check of the bytes find what searching every
    line start found: the same ``turns:`` line, entries, end and refusals."""
    text = "\n".join(lines) + last
    expected = cut_by_line_starts(text)
    assert cut_now(text, text) == expected
    assert cut_now(text, text.encode("utf-8")) == expected
