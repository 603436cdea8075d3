"""Mutations of real component files, logs and positions, for the fuzz tests (tests/test_fuzz.py).

Each case starts from a file that works and changes one thing the way an attacker or a clumsy
user would: a value replaced by an odd one (zero, a huge or non-finite number, a path, a
template escape, the wrong type), a key removed, added or renamed, a list emptied or doubled,
or the text itself cut, duplicated or sprinkled with odd characters. Cases are drawn from a
seeded ``random.Random``, so a failure names its seed and case and can be replayed.
"""

from __future__ import annotations

import copy
import datetime
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

from portolan.yamlsrc import plain

ODD_VALUES: list[Any] = [
    0,
    -1,
    1,
    2,
    3,
    7,
    -(10**9),
    10**14,
    99999,
    100000,
    1e308,
    -1e308,
    0.001,
    1e-300,
    -0.0,
    0.5,
    float("nan"),
    float("inf"),
    "nan",
    "inf",
    "-inf",
    "42",
    "1e999",
    "",
    " ",
    "~",
    "<<",
    "x" * 300,
    "Ω" * 70,
    "../../escaped",
    "/tmp/escaped",
    ".hidden",
    "CON",
    "a/b",
    "line\nbreak",
    "tab\there",
    "\u2028",
    "{{ 1 // 0 }}",
    "{{ 1 / 0 }}",
    "{{ x.__class__ }}",
    "{{ cycler.__init__.__globals__ }}",
    "{{ range(10 ** 9) | list }}",
    "{{ 'x' * 100000000 }}",
    "{{ [1] * 10 }}",
    "{{",
    "{% for %}",
    "{% if %}",
    "{game.__class__}",
    "{0}",
    "%s %d",
    "[]",
    "{}",
    "none",
    "reference",
    "deck",
    "board",
    "counters",
    "poker",
    "tarot",
    "#zzzzzz",
    "#000000",
    "Ana",
    "Ben",
    True,
    False,
    None,
    [],
    {},
    [None],
    [[]],
    [1, 2],
    ["a", "b", "c"],
    {"a": None},
    {"value": 3, "source": "design"},
    {"value": "x", "source": "nowhere"},
    {"width": 0, "height": 0},
    {"width": 1e9, "height": 1},
    datetime.date(2024, 1, 1),
]

NUMBERS: list[Any] = [
    0,
    -1,
    0.001,
    1e-9,
    -0.0,
    0.5,
    1e9,
    1e308,
    float("nan"),
    float("inf"),
    float("-inf"),
    "nan",
    "42",
    "1e3",
    10**14,
    2**31,
    -(2**31),
    99999,
    None,
    True,
    [1],
]
TEMPLATES: list[Any] = [
    "{{ 1 // 0 }}",
    "{{ 1 % 0 }}",
    "{{ 1.0 / 0 }}",
    "{{ 10 ** 400 }}",
    "{{ 1e308 * 10 }}",
    "42",
    "None",
    "{{ x }}",
    "{{ name ~ }}",
    "{{ name[99] }}",
    "{{ name | int }}",
    "{{ 'abc' | float }}",
    "{{ [1] | first | first }}",
    "{{ {} }}",
    "{{ [] }}",
    "[[1]]",
    "[{}]",
    "{'a': 1}",
    "[{'cells': [[{}]]}]",
    "[{'cells': 5}]",
    "[{'icon': 'nope'}]",
    "[{'cells': [1], 'accent': ['x']}]",
    "{'heading': 1, 'cells': 2}",
    "range(99999)",
    "name * 100000",
    "{{ 'x' * 100000000 }}",
    "{{ range(10 ** 9) | list }}",
    "{{ self }}",
    "{{ cycler.__init__ }}",
    "{% for x in 5 %}{% endfor %}",
    "{% include 'nope.j2' %}",
    "{% extends 'reference.html.j2' %}",
    "{{",
    "}}",
    "",
]
ODD_KEYS = ["", "~", "id", "kind", "count", "size", "x", "source", "note", "__class__", "<<"]


@dataclass(frozen=True)
class Case:
    """One mutated file: what was changed (for the failure message) and the new text."""

    description: str
    text: str


def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    """Every path to a value in a YAML tree (the root excluded)."""
    out = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.append((*path, k))
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.append((*path, i))
            out += _paths(v, (*path, i))
    return out


def _get(node: Any, path: tuple) -> Any:
    for step in path:
        node = node[step]
    return node


_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=10_000)


def _odd(rng: random.Random, current: Any) -> Any:
    """An odd value, often of the kind already there (a number for a number, a template for a
    template), where the code that reads it is most likely to trip."""
    number = isinstance(current, int | float) and not isinstance(current, bool)
    if number and rng.random() < 0.3:
        return rng.choice([current * 1000, -current, current + 1, current - 1, current * 10**9])
    if number and rng.random() < 0.6:
        return copy.deepcopy(rng.choice(NUMBERS))
    if isinstance(current, str) and rng.random() < (
        0.7 if "{" in current or "|" in current else 0.2
    ):
        return rng.choice(TEMPLATES)
    if isinstance(current, str) and rng.random() < 0.1:
        return current * rng.choice([2, 50])
    if isinstance(current, str) and rng.random() < 0.1:  # a count: '99999999999 Cloth'
        return f"{rng.choice([10**11, 99999])} {current}"
    return copy.deepcopy(rng.choice(ODD_VALUES))


def tree_mutation(
    rng: random.Random, data: Any, words: list[str], paths: list[tuple] | None = None
) -> tuple[str, Any]:
    """One change to a parsed YAML tree; ``words`` are names the file's game knows (cards,
    players...), so some changes stay meaningful to the checker. ``paths``: those of ``data``,
    if known."""
    paths = _paths(data) if paths is None else paths
    data = plain(data)
    if not paths:
        return "replaced the document", _odd(rng, data)
    path = rng.choice(paths)
    parent = _get(data, path[:-1])
    key = path[-1]
    old = parent[key]
    op = rng.random()
    if op < 0.45:
        parent[key] = _odd(rng, old)
        return f"{path}: {old!r:.40} -> {parent[key]!r:.60}", data
    if op < 0.6 and words:
        parent[key] = rng.choice(words)
        return f"{path}: {old!r:.40} -> {parent[key]!r}", data
    if op < 0.7:
        del parent[key]
        return f"{path}: removed", data
    if op < 0.78 and isinstance(parent, dict):
        new_key = rng.choice([*ODD_KEYS, *(str(k) + "s" for k in list(parent)[:3])])
        parent[new_key] = copy.deepcopy(old)
        return f"{path[:-1]}: added key {new_key!r}", data
    if op < 0.84 and isinstance(old, list):
        parent[key] = old * rng.choice([0, 2, 40])
        return f"{path}: list of {len(old)} -> {len(parent[key])}", data
    if op < 0.9 and isinstance(old, dict | list) and old:
        parent[key] = next(iter(old.values() if isinstance(old, dict) else old))
        return f"{path}: collection -> its first value", data
    if op < 0.95:
        parent[key] = [old]
        return f"{path}: value -> a list of it", data
    parent[key] = {"value": old, "source": rng.choice(["reconstructed", "nowhere", ""])}
    return f"{path}: value -> a sourced value", data


def text_mutation(rng: random.Random, text: str) -> tuple[str, str]:
    """One change to the text itself: what a bad copy, an editor or a forum does to a file."""
    lines = text.splitlines(keepends=True) or [""]
    n = rng.randrange(len(lines))
    op = rng.random()
    if op < 0.2:
        return f"line {n + 1} removed", "".join(lines[:n] + lines[n + 1 :])
    if op < 0.35:
        return f"line {n + 1} doubled", "".join(lines[: n + 1] + lines[n:])
    if op < 0.5:
        cut = rng.randrange(len(text) + 1)
        return f"cut at {cut}", text[:cut]
    if op < 0.65:
        junk = rng.choice(
            ["\t", ": ", "- ", "&a ", "*a ", "*b", "! ", "%", "@", "`", "'", '"', "{", "["]
        )
        at = rng.randrange(len(text) + 1)
        return f"{junk!r} inserted at {at}", text[:at] + junk + text[at:]
    if op < 0.75:
        ch = rng.choice(["\x00", "\x01", "\x7f", "\ufeff", "\u2028", "\x85", "\udcff"])
        at = rng.randrange(len(text) + 1)
        return f"{ch!r} inserted at {at}", text[:at] + ch + text[at:]
    if op < 0.85:
        indent = " " * rng.choice([1, 2, 3])
        shifted = [*lines[:n], indent + lines[n], *lines[n + 1 :]]
        return f"line {n + 1} indented", "".join(shifted)
    if op < 0.93:
        return "anchors and aliases", _alias_bomb(rng)
    return f"line {n + 1} repeated", "".join(lines[: n + 1] + [lines[n]] * 50 + lines[n + 1 :])


def _alias_bomb(rng: random.Random) -> str:
    width = rng.choice([2, 5, 10])
    lines = [f"a0: &a0 [{', '.join(['x'] * width)}]"]
    for k in range(1, rng.choice([3, 8, 12])):
        lines.append(f"a{k}: &a{k} [{', '.join([f'*a{k - 1}'] * width)}]")
    if rng.random() < 0.3:
        lines.append("self: &s [*s]")
    return "\n".join(lines) + "\n"


def cases(seed: int, count: int, text: str, words: list[str]) -> list[Case]:
    """``count`` mutations of ``text`` (a YAML document), reproducible from ``seed``."""
    rng = random.Random(seed)
    data = yaml.safe_load(text)
    paths = _paths(data)
    out = []
    for k in range(count):
        if rng.random() < 0.75:
            what, mutated = tree_mutation(rng, data, words, paths)
            try:
                new_text = _dump(mutated)
            except yaml.YAMLError:  # e.g. a value PyYAML cannot write: try the text instead
                what, new_text = text_mutation(rng, text)
        else:
            what, new_text = text_mutation(rng, text)
        out.append(Case(f"seed {seed}, case {k}: {what}", new_text))
    return out


def outcome(action: Callable[[], Any]) -> tuple[int, str]:
    """The exit code ``portolan`` would give for ``action`` (as the CLI's ``friendly`` maps
    exceptions): 0, 2 for an input error, 74 for a disk problem, 3 for anything else (a bug)."""
    import traceback

    from portolan.errors import InputError, OutputError

    try:
        result = action()
    except InputError as exc:
        if not exc.problems or any(not str(p) for p in exc.problems):
            return 3, "an InputError without a message"
        return 2, str(exc)
    except (OutputError, OSError) as exc:
        return 74, str(exc)
    except Exception:
        return 3, traceback.format_exc()
    return (result if isinstance(result, int) else 0), ""
