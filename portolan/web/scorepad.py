"""The score form of a game, laid out like its printed score pad: a row per thing a player
records (one column per player), then the game's grids (the VP chart, the discoveries, the
islands, the expeditions), each as ``padspecs`` describes it.

What the table types is checked cell by cell (a number where a number goes, a count within its
boxes, a claim with its explorer, a ship with its player) and each wrong cell gets its message in
words; the rest becomes
a position file (YAML), read by the same ``score_position`` as ``portolan score``, so the totals
are the command's and a deeper mistake gets the same message, shown at its cell.

Form names: ``c{player}.{row}`` a row's cell, ``g.{grid}.{line}.{player}`` a grid's cell,
``g.{grid}.{line}.who`` / ``.how`` a claim and its detail, ``g.{grid}.{line}.{slot}.who`` /
``.ship`` / ``.wild`` a ship on an expedition, ``area`` the present area (Ships).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from portolan.checker.core.registry import rules_for
from portolan.model.loader import Game
from portolan.web.padspecs import Grid, Spec, spec_for

SHARED_KEYS = ("game", "options", "players")
MAX_CELL = 2000  # characters of one cell of the form
NUMBER = re.compile(r"-?\d{1,7}")


@dataclass(frozen=True)
class Pad(Spec):
    """A game's score form: its ``Spec``, and the position's other sections no grid fills
    (typed as YAML)."""

    game: str = ""
    sections: tuple[str, ...] = ()

    def names(self, players: list[str]) -> list[str]:
        """Every form name of the pad's cells, for reading the form."""
        out = [f"c{p}.{r}" for p in range(len(players)) for r in range(len(self.rows))]
        for grid in self.grids:
            for i, line in enumerate(grid.lines):
                if grid.cell == "claim":
                    out += [f"g.{grid.key}.{i}.who", f"g.{grid.key}.{i}.how"]
                elif grid.cell == "ships":
                    for s in range(line.most):
                        out += [f"g.{grid.key}.{i}.{s}.{part}" for part in SLOT]
                else:
                    out += [f"g.{grid.key}.{i}.{p}" for p in range(len(players))]
        if self.area:
            out.append("area")
        return out + [f"s.{key}" for key in self.sections]


SLOT = ("who", "ship", "wild")  # the cells of a ship on an expedition

_PADS: dict[int, tuple[Game, Pad]] = {}  # by the model's id(), the model kept alive with it


def pad_for(model: Game) -> Pad:
    """The pad of a loaded game (made once per loaded model: the site keeps its models)."""
    made = _PADS.get(id(model))
    if made is None or made[0] is not model:
        made = _PADS[id(model)] = (model, _pad(model))
    return made[1]


def _pad(model: Game) -> Pad:
    game = model.id
    spec = spec_for(model)
    keys = tuple(str(k) for k in rules_for(game).position.KEYS)
    filled = {g.key for g in spec.grids} | {r.key for r in spec.rows if r.top}
    if spec.area:
        filled.add("area")
    sections = tuple(k for k in keys if k not in SHARED_KEYS and k not in filled)
    return Pad(**vars(spec), game=game, sections=sections)


@dataclass
class Written:
    """The position file a form makes, and which cell each of its fields came from."""

    text: str
    cell_of: dict[str, str]  # position field ("players.Ana.vp") -> form name

    def cell_for(self, field: str | None) -> str | None:
        """The form cell a problem's field points at (the longest field that starts it)."""
        if not field:
            return None
        best = None
        for known, name in self.cell_of.items():
            starts = field == known or field.startswith((known + ".", known + "["))
            if starts and (best is None or len(known) > len(best[0])):
                best = (known, name)
        return best[1] if best else None


def check_cells(pad: Pad, players: list[str], typed: dict[str, str]) -> dict[str, str]:
    """Form name -> what is wrong with that cell, in words."""
    wrong: dict[str, str] = {}
    area = typed.get("area", "")
    for r, row in enumerate(pad.rows):
        for p, player in enumerate(players):
            value = typed.get(f"c{p}.{r}", "").strip()
            if row.kind == "number" and value and not NUMBER.fullmatch(value):
                wrong[f"c{p}.{r}"] = f"{player} · {row.label}: '{value[:20]}' is not a number"
            elif row.kind == "choice" and value and value not in row.choices:
                wrong[f"c{p}.{r}"] = f"{player} · {row.label}: choose one from the list"
            elif row.area and area and area != row.area and value not in ("", "0"):
                wrong[f"c{p}.{r}"] = (
                    f"{player} · {row.label}: only Area {row.area} has it, and the present "
                    f"area is Area {area}"
                )
    for grid in pad.grids:
        for i in range(len(grid.lines)):
            wrong.update(PROBLEMS[grid.cell](grid, i, players, typed))
    if pad.area and area not in ("", *(a for a, _ in pad.area)):
        wrong["area"] = "choose the present area from the list"
    return wrong


def _count_problems(grid: Grid, i: int, players: list[str], typed: dict[str, str]):
    line = grid.lines[i]
    wrong, total = {}, 0
    for p, player in enumerate(players):
        name = f"g.{grid.key}.{i}.{p}"
        value = typed.get(name, "").strip()
        if not value:
            continue
        if not NUMBER.fullmatch(value) or not 0 <= int(value) <= line.most:
            wrong[name] = f"{player} · {line.label}: a number from 0 to {line.most}"
            continue
        total += int(value)
    if total > line.most and grid.held:
        for p in range(len(players)):
            if typed.get(f"g.{grid.key}.{i}.{p}", "").strip() not in ("", "0"):
                wrong[f"g.{grid.key}.{i}.{p}"] = (
                    f"{line.label} has {line.most} boxes: {total} are claimed"
                    if grid.key in ("awards", "without_vp")
                    else f"the game has {line.most} {line.label}: {total} are ticked"
                )
    return wrong


def _claim_problems(grid: Grid, i: int, players: list[str], typed: dict[str, str]):
    line = grid.lines[i]
    who = typed.get(f"g.{grid.key}.{i}.who", "")
    how = typed.get(f"g.{grid.key}.{i}.how", "")
    area = typed.get("area", "")
    if who == "":
        return {}
    if not who.isdigit() or int(who) >= len(players):
        return {f"g.{grid.key}.{i}.who": f"{line.label}: choose a player from the list"}
    if line.area and area and line.area != area:
        return {
            f"g.{grid.key}.{i}.who": f"{line.label} is in Area {line.area}, and the present "
            f"area is Area {area}: only the present area scores at the end"
        }
    unknown = line.details and how not in {v for v, _ in line.details}
    if unknown and (how or grid.key != "majors"):  # a major may be claimed without its VP
        return {
            f"g.{grid.key}.{i}.how": f"{line.label}: choose the "
            f"{grid.detail_label.lower()} of {players[int(who)]}"
        }
    return {}


def _ship_problems(grid: Grid, i: int, players: list[str], typed: dict[str, str]):
    """Each ship of an expedition needs its player and the ship, picked from their lists."""
    line = grid.lines[i]
    ships = {value for _, items in grid.picks for value, _ in items}
    wrong = {}
    for s in range(line.most):
        who, ship, wild = (typed.get(f"g.{grid.key}.{i}.{s}.{part}", "") for part in SLOT)
        where, name = f"{line.label}, ship {s + 1}", f"g.{grid.key}.{i}.{s}"
        if who and (not who.isdigit() or int(who) >= len(players)):
            wrong[f"{name}.who"] = f"{where}: choose a player from the list"
        elif ship and ship not in ships:
            wrong[f"{name}.ship"] = f"{where}: choose a ship from the list"
        elif who and not ship:
            wrong[f"{name}.ship"] = f"{where}: choose the ship {players[int(who)]} sent"
        elif ship and not who:
            wrong[f"{name}.who"] = f"{where}: choose whose ship {ship} is"
        elif wild and not ship:
            wrong[f"{name}.ship"] = f"{where}: choose the ship the tick is for"
    return wrong


# What can be wrong with a line of a grid, by the grid's kind of cell.
PROBLEMS = {"count": _count_problems, "claim": _claim_problems, "ships": _ship_problems}


def position_text(
    pad: Pad, players: list[str], typed: dict[str, str], options: dict[str, str]
) -> Written:
    """The position file the form describes (cells checked by ``check_cells`` first); empty
    cells are left out."""
    lines = [f"game: {pad.game}"]
    cell_of: dict[str, str] = {}
    chosen = {k: v for k, v in options.items() if v}
    if chosen:
        lines.append("options:")
        lines += [f"  {_q(k)}: {_q(v)}" for k, v in chosen.items()]
    entries = _player_entries(pad, players, typed, cell_of)
    lines.append("players:")
    for player in players:
        items = entries[player]
        lines.append(f"  {_q(player)}: {{{', '.join(f'{_q(k)}: {v}' for k, v in items)}}}")
    for r, row in enumerate(pad.rows):
        if row.top:
            filled = [(p, typed.get(f"c{p}.{r}", "").strip()) for p in range(len(players))]
            filled = [(p, v) for p, v in filled if v]
            if filled:
                body = ", ".join(f"{_q(players[p])}: {v}" for p, v in filled)
                lines.append(f"{row.key}: {{{body}}}")
                for p, _ in filled:
                    cell_of[f"{row.key}.{players[p]}"] = f"c{p}.{r}"
    if pad.area and typed.get("area"):
        lines.append(f"area: {typed['area']}")
        cell_of["area"] = "area"
    for grid in pad.grids:
        if grid.cell == "count" and not grid.held:
            lines += _section(grid, players, typed, cell_of)
        elif grid.cell == "ships":
            lines += _fleets(grid, players, typed, cell_of)
    for key in pad.sections:
        body = [ln.rstrip() for ln in typed.get(f"s.{key}", "").splitlines() if ln.strip()]
        if body:
            lines.append(f"{key}:")
            lines += ["  " + b for b in body]
    return Written("\n".join(lines) + "\n", cell_of)


def _player_entries(pad, players, typed, cell_of) -> dict[str, list[tuple[str, str]]]:
    entries: dict[str, list[tuple[str, str]]] = {p: [] for p in players}
    area = typed.get("area", "")
    bundles: dict[tuple[str, str], list[str]] = {}  # (player, key) -> "2 Cloth", "1 Wine"
    for r, row in enumerate(pad.rows):
        if row.top or (row.area and row.area != area):
            continue
        for p, player in enumerate(players):
            value = typed.get(f"c{p}.{r}", "").strip()
            if row.part:
                cell_of.setdefault(f"players.{player}.{row.key}", f"c{p}.{r}")
                if value not in ("", "0"):
                    if (player, row.key) not in bundles:
                        entries[player].append((row.key, ""))  # filled in below, in place
                        cell_of[f"players.{player}.{row.key}"] = f"c{p}.{r}"
                    bundles.setdefault((player, row.key), []).append(f"{value} {row.part}")
            elif value:
                entries[player].append((row.key, _q(value) if row.kind == "choice" else value))
                cell_of[f"players.{player}.{row.key}"] = f"c{p}.{r}"
    for (player, key), parts in bundles.items():
        at = entries[player].index((key, ""))
        entries[player][at] = (key, _q(" + ".join(parts)))
    for grid in pad.grids:
        if grid.cell == "count" and grid.held:
            _held_counts(grid, players, typed, cell_of, entries)
        elif grid.cell == "claim" and grid.held:
            _held_claims(grid, players, typed, cell_of, entries)
        elif grid.cell == "claim":
            _claims(grid, players, typed, cell_of, entries)
    return entries


def _held_counts(grid: Grid, players, typed, cell_of, entries) -> None:
    """Ticked or counted lines as a list in each player's entry (awards, kept cards)."""
    for p, player in enumerate(players):
        held = []
        for i, line in enumerate(grid.lines):
            n = typed.get(f"g.{grid.key}.{i}.{p}", "").strip()
            for _ in range(int(n) if n else 0):
                cell_of[f"players.{player}.{grid.key}[{len(held)}]"] = f"g.{grid.key}.{i}.{p}"
                held.append(_q(line.id))
            cell_of.setdefault(f"players.{player}.{grid.key}", f"g.{grid.key}.{i}.{p}")
        if held:
            entries[player].append((grid.key, "[" + ", ".join(held) + "]"))


def _held_claims(grid: Grid, players, typed, cell_of, entries) -> None:
    """The present area's lines each player holds, as a list in their entry (cubes, cities)."""
    area = typed.get("area", "")
    held: dict[str, list[str]] = {p: [] for p in players}
    for i, line in enumerate(grid.lines):
        who = typed.get(f"g.{grid.key}.{i}.who", "")
        if not who or (line.area and line.area != area):
            continue
        player = players[int(who)]
        held[player].append(_q(line.id))
        cell_of.setdefault(f"players.{player}.{grid.key}", f"g.{grid.key}.{i}.who")
    for player, items in held.items():
        if items:
            entries[player].append((grid.key, "[" + ", ".join(items) + "]"))


def _claims(grid: Grid, players, typed, cell_of, entries) -> None:
    """Claims with their detail: Major Expeditions (a map of VP), discoveries (explorers)."""
    claims: dict[str, list[tuple[str, str]]] = {p: [] for p in players}
    for i, line in enumerate(grid.lines):
        who = typed.get(f"g.{grid.key}.{i}.who", "")
        if not who:
            continue
        player = players[int(who)]
        how = typed.get(f"g.{grid.key}.{i}.how", "")
        value = _q(how)
        if grid.key == "majors":  # the VP scored, or null: none yet
            value = how if NUMBER.fullmatch(how) else "null"
        claims[player].append((line.id, value))
        at = f"majors.{line.id}" if grid.key == "majors" else line.id
        cell_of[f"players.{player}.{at}"] = f"g.{grid.key}.{i}.how"
    for player, items in claims.items():
        if items and grid.key == "majors":
            body = ", ".join(f"{_q(k)}: {v}" for k, v in items)
            entries[player].append(("majors", "{" + body + "}"))
        else:
            entries[player] += items


def _section(grid: Grid, players, typed, cell_of) -> list[str]:
    out = []
    for i, line in enumerate(grid.lines):
        cells = []
        for p, player in enumerate(players):
            value = typed.get(f"g.{grid.key}.{i}.{p}", "").strip()
            if not value or value == "0":
                continue
            cells.append(f"{_q(player)}: {value}")
            cell_of[f"{grid.key}.{line.id}.{player}"] = f"g.{grid.key}.{i}.{p}"
        if cells:
            out.append(f"  {_q(line.id)}: {{{', '.join(cells)}}}")
            cell_of.setdefault(f"{grid.key}.{line.id}", f"g.{grid.key}.{i}.0")
    return [f"{grid.key}:", *out] if out else []


def _fleets(grid: Grid, players, typed, cell_of) -> list[str]:
    """Each expedition's ships by player, a ship sent with a wild card marked (wild)."""
    out = []
    for i, line in enumerate(grid.lines):
        fleets: dict[str, list[str]] = {}
        for s in range(line.most):
            who, ship, wild = (typed.get(f"g.{grid.key}.{i}.{s}.{part}", "") for part in SLOT)
            if not who or not ship:
                continue
            player = players[int(who)]
            if wild:
                ship = ship[:-1] + ", wild)" if ship.endswith(")") else ship + " (wild)"
            at = f"{grid.key}.{line.id}.{player}"
            cell_of[f"{at}[{len(fleets.get(player, []))}]"] = f"g.{grid.key}.{i}.{s}.ship"
            cell_of.setdefault(at, f"g.{grid.key}.{i}.{s}.who")
            cell_of.setdefault(f"{grid.key}.{line.id}", f"g.{grid.key}.{i}.{s}.ship")
            fleets.setdefault(player, []).append(_q(ship))
        if fleets:
            body = ", ".join(f"{_q(p)}: [{', '.join(v)}]" for p, v in fleets.items())
            out.append(f"  {_q(line.id)}: {{{body}}}")
    return [f"{grid.key}:", *out] if out else []


def _q(text: str) -> str:
    """``text`` as a YAML scalar that reads back as that string (JSON is YAML)."""
    return json.dumps(str(text), ensure_ascii=False)
