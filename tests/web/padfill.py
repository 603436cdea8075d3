"""A game's example end position as what a person does on its score pad: the cell (by its
label) and what is typed, ticked or picked in it. No YAML is typed."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import yaml

from portolan.model.loader import load_game
from portolan.paths import components_dir
from portolan.web.padspecs import spec_for

POSITIONS = Path(__file__).resolve().parents[2] / "examples" / "positions"


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
        for player, entry in players.items():
            value = position.get(row.key, {}).get(player) if row.top else entry.get(row.key)
            if value is None:
                continue
            label = f"{row.label}: {player}"
            if row.kind == "number" and isinstance(value, str):  # "2 Fruit + 1 Gold": 3 left
                value = sum(int(n) for n in re.findall(r"\d+", value))
            if row.kind == "choice":
                out.append(Step(label, "pick", str(value)))
            elif isinstance(value, list):
                joiner = ", " if row.kind == "names" else " + "
                out.append(Step(label, "fill", joiner.join(str(v) for v in value)))
            else:
                out.append(Step(label, "fill", str(value)))
    for grid in spec.grids:
        lines = {line.id: line for line in grid.lines}
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
        else:  # islands, expeditions: a cell per player
            for name, cells in (position.get(grid.key) or {}).items():
                for player, value in cells.items():
                    shown = ", ".join(value) if isinstance(value, list) else str(value)
                    out.append(Step(f"{lines[name].label}: {player}", "fill", shown))
    return out


def options_of(game: str) -> dict[str, str]:
    return {k: str(v) for k, v in (example(game).get("options") or {}).items()}
