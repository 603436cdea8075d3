"""Scoring a finished game from its end position alone (for a table that kept no log).

game: discovery-era-of-voyage          # optional
players:                               # in turn order, the starting player first
  Ana: {vp: 12, resources: 2 Fruit + 1 Gold, coins: 4}
  Ben: {vp: 9, resources: 3}           # resources: a count, or a bundle
  Cai: {vp: 7}
islands:                               # investment markers on each island
  Palm Grove: {Ana: 2, Ben: 1}
  Gold Reef: {Cai: 3}
markers_used: {Ana: 5}                 # optional: markers placed, if not all are still on islands

Coins are accepted (a table may write them down) but count for nothing: they are neither VP nor
one of the rulebook's tie-breakers. A position the box cannot make is refused (``impossible``):
more than 3 markers of a player on an island, more than 8 markers a player, more islands (of a
type) than the preparation lays out, more VP tokens than the box holds.
"""

from __future__ import annotations

from typing import Any

from portolan.checker.core.position import mapping_section, read_position
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.checker.games.discovery_era_of_voyage.book import CENTRAL, IslandBook, counted
from portolan.checker.games.discovery_era_of_voyage.scoring import Position, final_scoring
from portolan.checker.games.discovery_era_of_voyage.sections import (
    COMPONENTS,
    GAME_PREPARATION,
    INVEST_ACTION,
)
from portolan.errors import did_you_mean
from portolan.model.deck import read_bundle
from portolan.model.loader import Game
from portolan.yamlsrc import Source, YMap

KEYS = ("game", "options", "players", "islands", "markers_used")
HINT = "their VP tokens and resources, in turn order"  # what each player maps to
PLAYER_KEYS = ("vp", "resources", "coins")


def score_position(
    book: IslandBook, model: Game, raw: Any, source: Source, options: dict | None
) -> ScoreSheet:
    head = read_position(model, raw, source, keys=KEYS, options=options, players_hint=HINT)
    vp: dict[str, int] = {}
    resources: dict[str, int] = {}
    for p in head.table:
        read = _player(book, head, p)
        if read is not None:
            vp[str(p)], resources[str(p)] = read
    islands, markers = _islands(book, head)
    used = _markers_used(book, head, markers)
    _impossible_vp(book, head.options, vp, head.table, head.bad)
    head.done()
    pos = Position(head.players, islands, markers, vp, resources, used)
    return final_scoring(book, model.rules.scoring, pos)


def _player(book: IslandBook, head: Any, p: Any) -> tuple[int, int] | None:
    """One player's VP tokens and resources (coins are read and count for nothing)."""
    bad = head.bad
    field = f"players.{p}"
    entry = head.table[p]
    if entry is None:
        entry = YMap()
    if not isinstance(entry, YMap):
        bad(
            "write each player as {vp: 12, resources: 2 Fruit + 1 Gold}",
            head.table.value_pos[p],
            field,
        )
        return None
    for k in entry:
        if k not in PLAYER_KEYS:
            bad(
                f"unknown key '{k}'",
                entry.key_pos[k],
                f"{field}.{k}",
                did_you_mean(str(k), PLAYER_KEYS),
            )
    vp = _count(entry, "vp", field, bad)
    _count(entry, "coins", field, bad)
    value = entry.get("resources", 0)
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            bad("resources cannot be negative", entry.value_pos["resources"], field)
        return vp, value
    bundle, error, hint = read_bundle(value, list(book.resources), "resource")
    if error:
        bad(error, entry.value_pos["resources"], f"{field}.resources", hint)
    return vp, sum((bundle or {}).values())


def _islands(book: IslandBook, head: Any) -> tuple[list[str], list[dict[str, int]]]:
    """The surrounding islands written down and each one's investment markers by player."""
    raw, bad = head.raw, head.bad
    islands: list[str] = []
    markers: list[dict[str, int]] = []
    shape = "islands maps each island to the markers on it: {Palm Grove: {Ana: 2, Ben: 1}}"
    placed = mapping_section(raw, "islands", shape, bad) or YMap()
    for name, counts in placed.items():
        field = f"islands.{name}"
        island = _island(book, islands, placed, name, bad)
        if island is None:
            continue
        if counts is None:
            counts = YMap()
        if not isinstance(counts, YMap):
            bad("write the markers as {Ana: 2, Ben: 1}", placed.value_pos[name], field)
            continue
        here = _markers(head.players, counts, field, bad)
        impossible_on_island(book, head.options, island, here, counts, field, bad)
        box = book.constants["markers_per_player"]
        for p, n in here.items():
            before = sum(m.get(p, 0) for m in markers)
            if before <= box < before + n:
                bad(
                    f"{p} has {before + n} investment markers on the islands so far: a player "
                    f"has {box} ({COMPONENTS})",
                    placed.value_pos[name],
                    field,
                )
        islands.append(island)
        markers.append(here)
    return islands, markers


def _island(book: IslandBook, islands: list[str], placed: YMap, name: Any, bad) -> str | None:
    """The island ``name`` stands for, unless the preparation cannot have laid it out."""
    field = f"islands.{name}"
    island = book.names.exact(str(name))
    if island is None or book.island(island).type == CENTRAL:
        bad(
            f"'{name}' is not a surrounding island"
            if island is None
            else "nobody invests on the Central Island",
            placed.key_pos[name],
            field,
            did_you_mean(str(name), book.surrounding) if island is None else None,
        )
        return None
    if island in islands:
        bad(f"{island} is listed twice", placed.key_pos[name], field)
        return None
    kind = book.island(island).type
    same = [i for i in islands if book.island(i).type == kind]
    if len(same) >= book.draw.get(kind, 0):
        bad(
            f"a game lays out {counted(book.draw.get(kind, 0), kind.title() + ' island')} "
            f"({GAME_PREPARATION}): {', '.join([*same, island])} cannot all be on the table",
            placed.key_pos[name],
            field,
        )
        return None
    return island


def _markers(players: list[str], counts: YMap, field: str, bad) -> dict[str, int]:
    """Each player's markers on one island, as written."""
    here: dict[str, int] = {}
    for who, n in counts.items():
        p = next((q for q in players if q.casefold() == str(who).strip().casefold()), None)
        if p is None:
            bad(
                f"'{who}' is not a player in this position",
                counts.key_pos[who],
                f"{field}.{who}",
                did_you_mean(str(who), players),
            )
            continue
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            bad("a number of markers is a whole number", counts.value_pos[who], f"{field}.{who}")
            continue
        here[p] = n
    return here


def _markers_used(book: IslandBook, head: Any, markers: list[dict[str, int]]) -> dict[str, int]:
    """Markers each player placed: those on the islands, or more where markers_used says so."""
    raw, bad = head.raw, head.bad
    used = {p: sum(m.get(p, 0) for m in markers) for p in head.players}
    box = book.constants["markers_per_player"]
    shape = "markers_used maps players to the markers they placed"
    extra = mapping_section(raw, "markers_used", shape, bad) or YMap()
    for who, n in extra.items():
        p = next((q for q in head.players if q.casefold() == str(who).casefold()), None)
        if p is None or isinstance(n, bool) or not isinstance(n, int) or n < used.get(p, 0):
            bad(
                f"markers_used for '{who}' must be a player's count, at least the "
                "markers on islands",
                extra.key_pos[who],
                f"markers_used.{who}",
            )
            continue
        if n > box:
            bad(
                f"{p} placed {n} markers: a player has {box} ({COMPONENTS})",
                extra.value_pos[who],
                f"markers_used.{who}",
            )
            continue
        used[p] = n
    return used


def _count(entry: YMap, key: str, field: str, bad) -> int:
    value = entry.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        bad(f"{key} is a whole number, at least 0", entry.value_pos.get(key), f"{field}.{key}")
        return 0
    return value


def impossible_on_island(book, options, island, here, counts, field, bad) -> None:
    """More than 3 markers of a player on an island (Invest); with marker_limit: anyone, a
    second player's 3rd marker where someone already had 3."""
    limit = book.constants["marker_limit"]
    for p, n in here.items():
        if n > limit:
            key = next(k for k in counts if str(k).strip().casefold() == p.casefold())
            bad(
                f"{p} has {n} markers on {island}: nobody invests where they already have "
                f"{limit} ({INVEST_ACTION})",
                counts.value_pos[key],
                f"{field}.{p}",
            )
            return
    full = [p for p, n in here.items() if n == limit]
    if len(full) > 1 and options.get("marker_limit") == "anyone":
        bad(
            f"{' and '.join(full)} both have {limit} markers on {island}: once a player has "
            f"{limit} there nobody invests on it ({INVEST_ACTION}; option marker_limit: anyone)",
            counts.pos,
            field,
        )


def _impossible_vp(book, options, vp, table, bad) -> None:
    """More VP tokens than the box holds, when they are finite (option short_supply)."""
    if options.get("short_supply") != "finite":
        return
    total = 0
    for p, n in vp.items():
        total += n
        if total > book.vp:
            bad(
                f"the players hold {total} VP in tokens so far, more than the box's {book.vp} "
                f"({COMPONENTS}; option short_supply: finite)",
                table.value_pos.get(p),
                f"players.{p}.vp",
            )
            return


# -- a position a log starts from (checker/core/position.py) --------------------------------
UNKNOWN: dict[str, Any] = {}  # no deck may be written "unknown" (docs/logs.md)


def entries(state: Any) -> dict[str, Any]:
    """What ``score_position`` reads of ``state``: each player's VP, resources and coins (in
    turn order), the investment markers on the islands and the markers placed."""
    players: dict[str, Any] = {}
    for p in state.order or state.players:
        res = [f"{n} {r}" for r, n in state.res.get(p, {}).items() if n]
        entry: dict[str, Any] = {"vp": state.vp.get(p, 0), "coins": state.coins.get(p, 0)}
        if res:
            entry["resources"] = " + ".join(res)
        players[p] = entry
    islands: dict[str, Any] = {}
    for slot, here in enumerate(state.markers):
        placed = {p: n for p, n in here.items() if n}
        if placed and slot < len(state.ring):
            islands[state.ring[slot]] = placed
    out: dict[str, Any] = {"players": players}
    if islands:
        out["islands"] = islands
    return out


def problems(state: Any) -> list[tuple[tuple, str]]:
    """More coins, VP tokens or resources than the box holds (when the option makes the supply
    finite), a player with more investment markers than the game gives, an island unknown."""
    book = state.book
    out: list[tuple[tuple, str]] = []
    for i, name in enumerate(state.ring):
        if name not in book.islands:
            out.append((("ring", i), f"'{name}' is not an island of the game"))
    for p, n in state.left.items():
        placed = sum(here.get(p, 0) for here in state.markers)
        if n < 0 or (state.markers_each and n + placed > state.markers_each):
            out.append(
                (
                    ("left", p),
                    f"{p} has {n} markers left and {placed} placed: a player has "
                    f"{state.markers_each}",
                )
            )
    for key, value in (("supply_coins", state.supply_coins), ("supply_vp", state.supply_vp)):
        if value < 0:
            out.append(((key,), f"{key} cannot be below 0"))
    return out
