"""A position file read back into a pad's cells, so a play opened again from the history (or a
pasted position) can be changed on the pad, cell by cell, rather than as YAML.

``cells_of`` is the reverse of ``scorepad.position_text``: it reads the position as its reader
would (ids or names, any case, bundles such as "2 Cloth + 1 Wine"). What it cannot place in a
cell is left out; the caller keeps the cells only if they score exactly as the file did.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from portolan.names import fold
from portolan.web.padspecs import Grid, Line, Row
from portolan.web.scorepad import Pad

TAGS = re.compile(r"^(.*?)\s*\(([^)]*)\)\s*$")  # "Santa María (red, wild)"


def cells_of(pad: Pad, players: list[str], raw: Any) -> tuple[dict[str, str], dict[str, str]]:
    """The form cells (and rule options) a position fills; ``raw`` as ``parse_yaml`` reads it."""
    if not isinstance(raw, dict):
        return {}, {}
    entries = raw.get("players") if isinstance(raw.get("players"), dict) else {}
    by_name = {fold(str(k)): v if isinstance(v, dict) else {} for k, v in entries.items()}
    table = [by_name.get(fold(p), {}) for p in players]
    typed: dict[str, str] = {}
    area = str(raw.get("area", "")) if pad.area else ""
    if area:
        typed["area"] = area
    for r, row in enumerate(pad.rows):
        if row.area and row.area != area:
            continue
        for p, player in enumerate(players):
            value = _top(raw, row.key, player) if row.top else table[p].get(row.key)
            cell = _row_cell(row, value)
            if cell:
                typed[f"c{p}.{r}"] = cell
    for grid in pad.grids:
        typed.update(_grid_cells(grid, players, table, raw, area))
    options = raw.get("options") if isinstance(raw.get("options"), dict) else {}
    return typed, {str(k): str(v) for k, v in options.items()}


def _top(raw: dict, key: str, player: str) -> Any:
    section = raw.get(key)
    if not isinstance(section, dict):
        return None
    return next((v for k, v in section.items() if fold(str(k)) == fold(player)), None)


def _row_cell(row: Row, value: Any) -> str:
    if value is None or isinstance(value, bool):
        return ""
    if row.part:
        n = _amount(value, row.part)
        return str(n) if n else ""
    if row.kind == "choice":
        return next((c for c in row.choices if fold(c) == fold(str(value))), "")
    if isinstance(value, int):
        return str(value)
    return str(_amount(value, None))  # "2 Fruit + 1 Gold": 3 resources


def _amount(value: Any, word: str | None) -> int:
    """How many of ``word`` (or of anything, if None) a bundle holds: "2 Cloth + 1 Wine",
    ["Metal", "2 Food"] or {Cloth: 2}."""
    if isinstance(value, dict):
        pairs = [(str(k), v) for k, v in value.items()]
    else:
        pieces = value if isinstance(value, list) else str(value).split("+")
        pairs = []
        for piece in pieces:
            n, _, what = str(piece).strip().partition(" ")
            pairs.append((what, int(n)) if n.isdigit() else (str(piece).strip(), 1))
    return sum(
        n for w, n in pairs if isinstance(n, int) and (word is None or fold(w) == fold(word))
    )


def _grid_cells(grid: Grid, players, table, raw, area: str) -> dict[str, str]:
    if grid.cell == "ships":
        return _fleets(grid, players, raw.get(grid.key))
    if grid.cell == "claim" and grid.held:
        return _places(grid, players, table, area)
    if grid.cell == "claim":
        return _claims(grid, players, table)
    if grid.held:
        out = {}
        for p in range(len(players)):
            held = table[p].get(grid.key)
            names = [str(x) for x in held if isinstance(x, str)] if isinstance(held, list) else []
            for name, n in Counter(names).items():
                i = _line(grid.lines, name)
                if i is not None:
                    out[f"g.{grid.key}.{i}.{p}"] = "1" if grid.lines[i].most == 1 else str(n)
        return out
    out = {}
    section = raw.get(grid.key)
    for name, cells in section.items() if isinstance(section, dict) else []:
        i = _line(grid.lines, name)
        for p, player in enumerate(players):
            value = _top({grid.key: cells}, grid.key, player)
            if i is not None and isinstance(value, int) and not isinstance(value, bool):
                out[f"g.{grid.key}.{i}.{p}"] = str(value)
    return out


def _line(lines: tuple[Line, ...], name: Any) -> int | None:
    folded = fold(str(name))
    return next((i for i, ln in enumerate(lines) if folded in (fold(ln.id), fold(ln.label))), None)


def _claims(grid: Grid, players, table) -> dict[str, str]:
    """Major Expeditions (a map of VP in the entry) and discoveries (the entry's own keys)."""
    out = {}
    for p in range(len(players)):
        claimed = table[p].get("majors") if grid.key == "majors" else table[p]
        for name, how in claimed.items() if isinstance(claimed, dict) else []:
            i = _line(grid.lines, name)
            if i is None:
                continue
            out[f"g.{grid.key}.{i}.who"] = str(p)
            details = {fold(v): v for v, _ in grid.lines[i].details}
            out[f"g.{grid.key}.{i}.how"] = details.get(fold(str(how)), "") if how else ""
    return out


def _places(grid: Grid, players, table, area: str) -> dict[str, str]:
    """Ships' cubes and discs, each on the first free trade box or city its name fits."""
    out: dict[str, str] = {}
    for p in range(len(players)):
        held = table[p].get(grid.key)
        for item in held if isinstance(held, list) else [held] if isinstance(held, str) else []:
            for i, line in enumerate(grid.lines):
                place = line.label.split(":")[0]
                names = {fold(line.id), fold(re.sub(r" \d+ ", " ", line.id)), fold(place)}
                name = f"g.{grid.key}.{i}.who"
                if line.area == area and name not in out and fold(str(item)) in names:
                    out[name] = str(p)
                    break
    return out


def _fleets(grid: Grid, players, section: Any) -> dict[str, str]:
    """Age of Discovery's ships on each expedition, in the slots of its line."""
    out: dict[str, str] = {}
    ships = {fold(v): v for _, items in grid.picks for v, _ in items}
    for name, fleets in section.items() if isinstance(section, dict) else []:
        i = _line(grid.lines, name)
        if i is None or not isinstance(fleets, dict):
            continue
        slot = 0
        for who, sent in fleets.items():
            p = next((q for q, pl in enumerate(players) if fold(pl) == fold(str(who))), None)
            for ship in sent if isinstance(sent, list) else [sent]:
                if p is None or slot >= grid.lines[i].most:
                    continue
                text, tags = str(ship), []
                if m := TAGS.match(text):
                    text, tags = m.group(1), [t.strip() for t in m.group(2).split(",")]
                colours = [t for t in tags if fold(t) != "wild"]
                value = ships.get(fold(f"{text} ({colours[0]})" if colours else text), "")
                base = f"g.{grid.key}.{i}.{slot}"
                out[f"{base}.who"], out[f"{base}.ship"] = str(p), value
                if len(colours) < len(tags):
                    out[f"{base}.wild"] = "1"
                slot += 1
    return out
