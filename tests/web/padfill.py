"""A game's example end position as what a person does on its score pad: the cell (by its
label) and what is typed, ticked or picked in it. No YAML is typed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import yaml

from portolan.model.loader import load_game
from portolan.names import fold
from portolan.paths import components_dir
from portolan.web.padspecs import spec_for

POSITIONS = Path(__file__).resolve().parents[2] / "examples" / "positions"


def cli_score(game: str) -> dict:
    """`portolan score GAME --json` of the game's example position, run as a user runs it."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "portolan",
            "score",
            game,
            str(POSITIONS / f"{game}.yaml"),
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


@dataclass(frozen=True)
class Step:
    label: str  # the cell's accessible name
    action: str  # fill, check, pick (a list's option by its label), pick-value
    value: str = ""


def example(game: str) -> dict:
    return yaml.safe_load((POSITIONS / f"{game}.yaml").read_text(encoding="utf-8"))


def steps_for(game: str) -> list[Step]:
    """What a person does on ``game``'s pad to enter its example position."""
    position = example(game)
    spec = spec_for(load_game(components_dir(), game))
    players = {p: e or {} for p, e in position["players"].items()}
    out: list[Step] = []
    if spec.area:
        out.append(
            Step("Present area (scored once more at the end)", "pick-value", str(position["area"]))
        )
    for row in spec.rows:
        if row.area and str(position.get("area")) != row.area:
            continue  # Ships' Area 7 rows: not shown for another present area
        for player, entry in players.items():
            value = position.get(row.key, {}).get(player) if row.top else entry.get(row.key)
            if value is None:
                continue
            label = f"{row.label}: {player}"
            if row.part:  # one good of "2 Cloth + 1 Wine"
                value = _count_of(value, row.part)
                if value:
                    out.append(Step(label, "fill", str(value)))
            elif row.kind == "choice":
                out.append(Step(label, "pick", str(value)))
            elif isinstance(value, str):  # "2 Fruit + 1 Gold": 3 resources left
                out.append(Step(label, "fill", str(sum(int(n) for n in re.findall(r"\d+", value)))))
            else:
                out.append(Step(label, "fill", str(value)))
    for grid in spec.grids:
        out += _grid_steps(grid, position, players)
    return out


def _grid_steps(grid, position: dict, players: dict) -> list[Step]:
    lines = {line.id: line for line in grid.lines}
    out: list[Step] = []
    if grid.cell == "claim" and grid.held:  # Ships' cubes and discs, by trade box or city
        return _places(grid, str(position.get("area")), players)
    if grid.held:
        for player, entry in players.items():
            for aid, n in Counter(entry.get(grid.key, [])).items():
                line = lines[aid]
                step = Step(f"{line.label}: {player}", "check") if line.most == 1 else None
                out.append(step or Step(f"{line.label}: {player}", "fill", str(n)))
    elif grid.key == "majors":
        for player, entry in players.items():
            for mid, vp in (entry.get("majors") or {}).items():
                out.append(Step(f"{lines[mid].label}: held by", "pick", player))
                out.append(Step(f"{lines[mid].label}: vp scored", "pick-value", str(vp)))
    elif grid.key == "discoveries":
        for player, entry in players.items():
            for disc, explorer in entry.items():
                out.append(Step(f"{disc}: held by", "pick", player))
                out.append(Step(f"{disc}: explorer", "pick", explorer))
    elif grid.cell == "ships":
        for name, fleets in (position.get(grid.key) or {}).items():
            out += _ships(grid, name, fleets)
    else:  # islands: a count per player
        for name, cells in (position.get(grid.key) or {}).items():
            for player, value in cells.items():
                out.append(Step(f"{lines[name].label}: {player}", "fill", str(value)))
    return out


def _count_of(value, good: str) -> int:
    """How many of ``good`` a bundle holds: "2 Cloth + 1 Wine", or a list of goods."""
    items = value if isinstance(value, list) else str(value).split("+")
    total = 0
    for item in items:
        n, _, word = str(item).strip().rpartition(" ")
        total += (int(n) if n else 1) if word == good else 0
    return total


def _places(grid, area: str, players: dict) -> list[Step]:
    """Each cube or disc on the trade box (or city) it names: "Caribbean Spice", "Caribbean"."""
    out, used = [], set()
    for player, entry in players.items():
        for item in entry.get(grid.key) or []:
            for i, line in enumerate(grid.lines):
                place = line.label.split(":")[0]
                names = {fold(line.id), fold(re.sub(r" \d+ ", " ", line.id)), fold(place)}
                if line.area == area and i not in used and fold(item) in names:
                    used.add(i)
                    out.append(Step(f"{line.label}: held by", "pick", player))
                    break
            else:
                raise AssertionError(f"no {grid.key} line for {item}")
    return out


def _ships(grid, expedition: str, fleets: dict) -> list[Step]:
    """A line per ship: whose it is, which ship, and the wild card tick."""
    out, slot = [], 0
    for player, ships in fleets.items():
        for ship in ships if isinstance(ships, list) else [ships]:
            name, tags = ship, []
            if m := re.fullmatch(r"(.*?)\s*\(([^)]*)\)", ship):
                name, tags = m.group(1), [t.strip() for t in m.group(2).split(",")]
            colours = [t for t in tags if t != "wild"]
            value = f"{name} ({colours[0]})" if colours else name
            where = f"{expedition}, ship {slot + 1}"
            out.append(Step(f"{where}: whose", "pick", player))
            out.append(Step(f"{where}: ship", "pick-value", value))
            if "wild" in tags:
                out.append(Step(f"{grid.detail_label}: {where}", "check"))
            slot += 1
    return out


def options_of(game: str) -> dict[str, str]:
    return {k: str(v) for k, v in (example(game).get("options") or {}).items()}
