"""The score form of a game, laid out like its printed score pad: one row per thing the end
position records for a player, one column per player, then the game's other sections.

The rows are the keys the game's position reader declares (``PLAYER_KEYS`` and ``KEYS`` of
``checker/games/<game>/position.py``), with examples taken from that module's documented
example position. What the table types becomes a position file (YAML), read by the same
``score_position`` as ``portolan score``, so a mistake gets the same file:line:column message.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import yaml

from checker.core.registry import rules_for

SHARED_KEYS = ("game", "options", "players")
MAX_CELL = 2000  # characters of one cell of the form (a victory pile may be several lines)
# The longest example a cell of the pad shows in full on a phone (390 px: about 7 characters);
# a longer one is listed under the table instead of cut off inside the cell.
PLACEHOLDER_CHARS = 7


@dataclass(frozen=True)
class Pad:
    game: str
    rows: tuple[str, ...]  # what each player records; () means one free cell per player
    sections: tuple[str, ...]  # the position's other sections (e.g. expeditions, area)
    row_examples: dict[str, str] = field(default_factory=dict)
    section_examples: dict[str, str] = field(default_factory=dict)
    cell_example: str = ""  # the free cell's example, for a game without rows

    def placeholder(self, row: str) -> str:
        """The example the first player's cell of ``row`` shows, if it fits the cell."""
        example = self.row_examples.get(row, "")
        return example if len(example) <= PLACEHOLDER_CHARS else ""

    def listed_examples(self) -> list[tuple[str, str]]:
        """(row, example) of the rows whose example is too long for a cell: listed under the
        table."""
        return [(r, e) for r, e in self.row_examples.items() if len(e) > PLACEHOLDER_CHARS]


@cache
def pad_for(game: str) -> Pad:
    module = rules_for(game).position
    keys = tuple(str(k) for k in module.KEYS)
    rows = tuple(str(k) for k in getattr(module, "PLAYER_KEYS", ()))
    example = _documented_example(module.__doc__ or "")
    players = example.get("players") if isinstance(example.get("players"), dict) else {}
    first = next(iter(players.values()), None) if players else None
    row_examples: dict[str, str] = {}
    cell_example = ""
    if isinstance(first, dict):
        if rows:
            row_examples = {k: _flow(v) for k, v in first.items() if k in rows}
        else:
            cell_example = "\n".join(f"{k}: {_flow(v)}" for k, v in first.items())
    sections = tuple(k for k in keys if k not in SHARED_KEYS)
    section_examples = {k: _block(example[k]) for k in sections if k in example}
    return Pad(game, rows, sections, row_examples, section_examples, cell_example)


def position_text(
    pad: Pad,
    players: list[str],
    cells: dict[tuple[str, str], str],
    sections: dict[str, str],
    options: dict[str, str],
) -> str:
    """The position file the form describes. ``cells`` maps (player, row) to what was typed
    (row ``""`` for a game without rows); empty cells are left out."""
    lines = [f"game: {pad.game}"]
    chosen = {k: v for k, v in options.items() if v}
    if chosen:
        lines.append("options:")
        lines += [f"  {k}: {_one_line(v)}" for k, v in chosen.items()]
    lines.append("players:")
    for player in players:
        name = json.dumps(player, ensure_ascii=False)
        if pad.rows:
            filled = [(r, _one_line(cells.get((player, r), ""))) for r in pad.rows]
            filled = [(r, v) for r, v in filled if v]
            if not filled:
                lines.append(f"  {name}: {{}}")
                continue
            lines.append(f"  {name}:")
            lines += [f"    {r}: {v}" for r, v in filled]
        else:
            body = _block_lines(cells.get((player, ""), ""))
            lines.append(f"  {name}:" if body else f"  {name}: {{}}")
            lines += ["    " + b for b in body]
    for key in pad.sections:
        body = _block_lines(sections.get(key, ""))
        if not body:
            continue
        if len(body) == 1 and ":" not in body[0]:
            lines.append(f"{key}: {body[0]}")
        else:
            lines.append(f"{key}:")
            lines += ["  " + b for b in body]
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _block_lines(text: str) -> list[str]:
    return [ln.rstrip() for ln in str(text).replace("\t", "  ").splitlines() if ln.strip()]


def _documented_example(doc: str) -> dict[str, Any]:
    """The example position at the top of a position module's docstring (the lines up to the
    first blank line after it), or {} if there is none that reads."""
    lines = doc.strip().splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.strip().startswith("game:")), None)
    if start is None:
        return {}
    block = []
    for ln in lines[start:]:
        if not ln.strip():
            break
        block.append(ln)
    try:
        found = yaml.safe_load("\n".join(block))
    except yaml.YAMLError:
        return {}
    return found if isinstance(found, dict) else {}


def _flow(value: Any) -> str:
    if isinstance(value, (dict, list)):
        return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True).strip()
    return str(value)


def _block(value: Any) -> str:
    if isinstance(value, dict):
        return "\n".join(f"{k}: {_flow(v)}" for k, v in value.items())
    return _flow(value)
