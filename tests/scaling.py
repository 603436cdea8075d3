"""Inputs that grow, for the fuzz module's test that doubling an input at most about doubles
the work of reading it (tests/test_fuzz.py, ``--fuzz-long``).

Each maker gives the text of a log or an end position with about ``n`` of one thing: turns,
players, characters in a name, unknown keys in a turn, broken turns. A reader that compares
every item with every other (a list of 100,000 player names once took over a minute) shows
as four times the work for twice the input.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _example(game: str) -> str:
    return sorted((ROOT / "examples" / game).glob("*.yaml"))[0].read_text("utf-8")


def _head_and_turns(text: str) -> tuple[str, list[str]]:
    """The log up to ``turns:`` (included) and its turn entries, each as its lines."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("turns:"))
    entries: list[str] = []
    for line in lines[start + 1 :]:
        if not line.startswith(" "):
            break
        if line.startswith("  - "):
            entries.append(line)
        elif entries:
            entries[-1] += line
    return "".join(lines[: start + 1]), entries


def turns(game: str, n: int) -> str:
    """The example log's turns repeated to ``n`` (the replay stops at the first illegal one;
    every turn is read first)."""
    head, entries = _head_and_turns(_example(game))
    return head + "".join(entries[i % len(entries)] for i in range(n))


def players(game: str, n: int) -> str:
    names = ", ".join(f"P{i}" for i in range(n))
    return f"game: {game}\nplayers: [{names}]\nturns: []\n"


def long_name(game: str, n: int) -> str:
    return f"game: {game}\nplayers: [Ana, {'B' * n}]\nturns: []\n"


def unknown_keys(game: str, n: int) -> str:
    keys = ", ".join(f"k{i}: 1" for i in range(n))
    return f"game: {game}\nplayers: [Ana, Ben]\nturns:\n  - {{player: Ana, {keys}}}\n"


def broken_turns(game: str, n: int) -> str:
    return f"game: {game}\nplayers: [Ana, Ben]\nturns:\n" + "  - not a turn\n" * n


def position_players(game: str, n: int) -> str:
    rows = "".join(f"  P{i}: {{}}\n" for i in range(n))
    return f"game: {game}\nplayers:\n{rows}"


# (name, maker, n, command): ``n`` is the smaller size, chosen so that it takes a measurable
# share of a second; the larger is 2n. Every size is within the bounds of limits.yaml.
INPUTS: list[tuple[str, Callable[[str, int], str], int, str]] = [
    ("turns", turns, 4_000, "check"),
    ("players", players, 100_000, "check"),
    ("long name", long_name, 50_000, "check"),  # 2n: yaml.string_chars
    ("unknown keys", unknown_keys, 10_000, "check"),
    ("broken turns", broken_turns, 200_000, "check"),
    ("position players", position_players, 50_000, "score"),
]


def cpu_seconds() -> float:
    """Processor time of this process and of its children that have ended."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
