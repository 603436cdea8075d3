"""Scoring a finished Discovery game from its end position alone (docs/logs.md, "Scoring an end
position"): coins are read and count for nothing (neither VP nor a tie-breaker); a position the
box cannot make is refused. ``entries`` and ``problems``: the position a log starts from."""

from __future__ import annotations

from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.entries import SEAT, EntryReader, player_entries, value_of
from portolan.checker.core.position import read_position
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.checker.games.discovery_era_of_voyage.book import CENTRAL, IslandBook, counted
from portolan.checker.games.discovery_era_of_voyage.scoring import Position, final_scoring
from portolan.checker.games.discovery_era_of_voyage.sections import (
    COMPONENTS,
    GAME_PREPARATION,
    INVEST_ACTION,
)
from portolan.model.loader import Game
from portolan.yamlsrc import Source

KEYS = ("game", "options", "players", "islands", "markers_used")
HINT = "their VP tokens and resources, in turn order"  # what each player maps to
COUNT = lf.Whole(0, wrong="{key} is a whole number, at least 0")
PLAYER = lf.Fields(
    {
        "vp": COUNT,
        "resources": lf.Bundle(lambda book: list(book.resources), "resource", total=True),
        "coins": COUNT,  # read, and count for nothing
    },
    shape="write each player as {vp: 12, resources: 2 Fruit + 1 Gold}",
    partial=True,
)
ISLANDS = lf.MapOf(
    lf.Name(
        lambda book: book.names,
        "a surrounding island",
        kind="",
        hints=lambda book: book.surrounding,
    ),
    lf.MapOf(
        SEAT,
        lf.Whole(0, wrong="a number of markers is a whole number"),
        "write the markers as {Ana: 2, Ben: 1}",
        empty=True,
    ),
    "islands maps each island to the markers on it: {Palm Grove: {Ana: 2, Ben: 1}}",
)
USED = lf.MapOf(SEAT, lf.Whole(0), "markers_used maps players to the markers they placed")


def score_position(
    book: IslandBook, model: Game, raw: Any, source: Source, options: dict | None
) -> ScoreSheet:
    head = read_position(model, raw, source, keys=KEYS, options=options, players_hint=HINT)
    r = EntryReader(head, book)
    vp: dict[str, int] = {}
    resources: dict[str, int] = {}
    for p, entry in player_entries(r, PLAYER).items():
        vp[p] = value_of(entry, "vp")
        held = value_of(entry, "resources")
        resources[p] = held if isinstance(held, int) else sum(held.values())
    islands, markers = _islands(book, r)
    used = _markers_used(book, r, markers)
    _impossible_vp(book, head.options, vp, head.table, head.bad)
    head.done()
    pos = Position(head.players, islands, markers, vp, resources, used)
    return final_scoring(book, model.rules.scoring, pos)


def _islands(book: IslandBook, r: EntryReader) -> tuple[list[str], list[dict[str, int]]]:
    """The surrounding islands written down and each one's investment markers by player."""
    islands: list[str] = []
    markers: list[dict[str, int]] = []
    box = book.constants["markers_per_player"]
    for island, counts in r.section("islands", ISLANDS) or []:
        if not _laid_out(book, islands, island, r.bad):
            continue
        here = {p.value: n.value for p, n in counts.value}
        impossible_on_island(book, r.head.options, island.value, counts.value, counts, r.bad)
        for p, n in here.items():
            before = sum(m.get(p, 0) for m in markers)
            if before <= box < before + n:
                r.bad(
                    f"{p} has {before + n} investment markers on the islands so far: a player "
                    f"has {box} ({COMPONENTS})",
                    counts.pos,
                    counts.field,
                )
        islands.append(island.value)
        markers.append(here)
    return islands, markers


def _laid_out(book: IslandBook, islands: list[str], island: lf.At, bad) -> bool:
    """Whether the preparation can have laid out ``island`` besides ``islands``."""
    kind = book.island(island.value).type
    same = [i for i in islands if book.island(i).type == kind]
    if kind == CENTRAL:
        bad("nobody invests on the Central Island", island.pos, island.field)
    elif island.value in islands:
        bad(f"{island.value} is listed twice", island.pos, island.field)
    elif len(same) >= book.draw.get(kind, 0):
        bad(
            f"a game lays out {counted(book.draw.get(kind, 0), kind.title() + ' island')} "
            f"({GAME_PREPARATION}): {', '.join([*same, island.value])} cannot all be on the "
            "table",
            island.pos,
            island.field,
        )
    else:
        return True
    return False


def _markers_used(book: IslandBook, r: EntryReader, markers: list[dict[str, int]]) -> dict:
    """Markers each player placed: those on the islands, or more where markers_used says so."""
    used = {p: sum(m.get(p, 0) for m in markers) for p in r.players}
    box = book.constants["markers_per_player"]
    for who, n in r.section("markers_used", USED) or []:
        if n.value < used[who.value]:
            r.bad(
                f"markers_used for '{who.value}' must be at least the markers on islands "
                f"({used[who.value]})",
                who.pos,
                who.field,
            )
        elif n.value > box:
            r.bad(
                f"{who.value} placed {n.value} markers: a player has {box} ({COMPONENTS})",
                n.pos,
                n.field,
            )
        else:
            used[who.value] = n.value
    return used


def impossible_on_island(book, options, island, pairs, counts, bad) -> None:
    """More than 3 markers of a player on an island (Invest); with marker_limit: anyone, a
    second player's 3rd marker where someone already had 3."""
    limit = book.constants["marker_limit"]
    for p, n in pairs:
        if n.value > limit:
            bad(
                f"{p.value} has {n.value} markers on {island}: nobody invests where they already "
                f"have {limit} ({INVEST_ACTION})",
                n.pos,
                n.field,
            )
            return
    full = [p.value for p, n in pairs if n.value == limit]
    if len(full) > 1 and options.get("marker_limit") == "anyone":
        bad(
            f"{' and '.join(full)} both have {limit} markers on {island}: once a player has "
            f"{limit} there nobody invests on it ({INVEST_ACTION}; option marker_limit: anyone)",
            counts.pos,
            counts.field,
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
def entries(state: Any) -> dict[str, Any]:
    """What ``score_position`` reads of ``state``: each player's VP, resources and coins (in
    turn order), the investment markers on the islands and the markers placed."""
    players: dict[str, Any] = {}
    for p in state.order or state.players:
        res = " + ".join(f"{n} {r}" for r, n in state.res.get(p, {}).items() if n)
        entry = {"vp": state.vp.get(p, 0), "coins": state.coins.get(p, 0), "resources": res}
        players[p] = {key: value for key, value in entry.items() if value != ""}
    islands: dict[str, Any] = {}
    for name, here in zip(state.ring, state.markers, strict=False):  # the ring's slots
        if placed := {p: n for p, n in here.items() if n}:
            islands[name] = placed
    return {"players": players, "islands": islands} if islands else {"players": players}


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
