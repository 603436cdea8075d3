"""The scoring (§5, §6.1): expedition points at the first and the final scoring, special
missions, ships not sent; and the score sheet, from a replayed game or from a written position."""

from __future__ import annotations

from dataclasses import dataclass

from portolan.checker.core.scoresheet import ScoreLine, ScoreSheet
from portolan.checker.games.age_of_discovery import book as bk
from portolan.checker.games.age_of_discovery.state import Placed, State


def matches(state: State, placed: Placed, expedition: str) -> bool:
    """§5.1: a ship matches when it is the colour printed on the expedition card."""
    printed = state.book.expeditions[expedition].colour
    if placed.wild and state.options["wild_ship_scores"] == "other":
        return False
    if state.book.is_flagship(placed.ship) and state.options["flagship_scores"] == "either_colour":
        return printed in state.book.flagships[placed.ship]
    return placed.colour == printed


def expedition_points(state: State, which: str) -> dict[str, int]:
    points = dict.fromkeys(state.players, 0)
    for exp, placed in state.expeditions.items():
        info = state.book.expeditions[exp]
        hit, miss = (
            (info.first_match, info.first_other)
            if which == "first"
            else (info.final_match, info.final_other)
        )
        for s in placed:
            points[s.player] += hit if matches(state, s, exp) else miss
    return points


def qualifies(kind: str, mine: int, total: int) -> bool:
    """§6.1: does a player with ``mine`` of the ``total`` ships on an expedition meet the
    mission? Alone on an expedition, every mission is met."""
    if mine == 0:
        return False
    if mine == total:
        return True
    if kind == bk.ONE_SHIP:
        return True
    if kind == bk.HALF:
        return 2 * mine >= total
    if kind == bk.MAJORITY:
        return mine > total - mine
    if kind == bk.ALL_SHIPS:
        return False
    raise ValueError(f"unknown mission kind {kind!r}")


def mission_expeditions(state: State, player: str) -> int:
    mission = state.missions[player]
    if mission is None:
        return 0
    kind = state.book.missions[mission].kind
    n = 0
    for placed in state.expeditions.values():
        mine = sum(1 for s in placed if s.player == player)
        if qualifies(kind, mine, len(placed)):
            n += 1
    return n


def unassigned(state: State, player: str) -> int:
    """Ships in front of the player and on trade voyages (they come back at the end)."""
    n = sum(state.fleet[player].values())
    flagship_home = state.flagship_idle[player]
    for v in state.voyages:
        if v.player == player:
            for s, _ in v.ships:
                if state.book.is_flagship(s):
                    flagship_home = True
                else:
                    n += 1
    if flagship_home and state.options["idle_flagship"] == "counts":
        n += 1
    return n


@dataclass
class Tally:
    """What the sheet needs per player, from a replayed game or from a written position."""

    first: int | None  # expedition points of the first scoring (None: not scored yet)
    final: int | None  # expedition points of the final scoring (None: not scored yet)
    mission: str | None
    mission_expeditions: int
    completed: int
    unassigned: int


def score_sheet(book: bk.CardBook, categories: list, tallies: dict[str, Tally]) -> ScoreSheet:
    vp = book.constants["unassigned_ship_vp"]
    lines = []
    notes = []
    finished = all(t.final is not None for t in tallies.values())
    for p, t in tallies.items():
        mission = 0
        if finished and t.mission is not None:
            mission = book.missions[t.mission].points(t.completed) * t.mission_expeditions
        parts = {
            "first_expeditions": t.first or 0,
            "final_expeditions": t.final or 0,
            "special_mission": mission,
            "unassigned_ships": vp * t.unassigned if finished else 0,
        }
        breakdown = {c.id: parts[c.id] for c in categories}
        lines.append(ScoreLine(p, breakdown, tiebreak=(t.unassigned,)))
        if finished and t.mission is not None:
            info = book.missions[t.mission]
            notes.append(
                f"{p}: {info.kind}, {t.completed} completed contract(s), met on "
                f"{t.mission_expeditions} expedition(s) x {info.points(t.completed)}"
            )
        elif finished:
            notes.append(f"{p}: special mission not revealed yet")
    if not finished:
        notes.append("The final scoring has not happened yet: points so far.")
    notes.append("A tie goes to the tied player with the most ships not sent on an expedition.")
    return ScoreSheet(
        [(c.id, c.label) for c in categories],
        lines,
        tie_breakers=["Ships not sent"],
        notes=notes,
    )


def score(state: State) -> ScoreSheet:
    """The score sheet of a game replayed so far (points so far before the final scoring)."""
    tallies = {}
    finished = state.final_points is not None
    for p in state.players:
        tallies[p] = Tally(
            first=state.first_points[p] if state.first_points else None,
            final=state.final_points["expeditions"][p] if finished else None,
            mission=state.missions[p],
            mission_expeditions=mission_expeditions(state, p),
            completed=state.completed[p],
            unassigned=unassigned(state, p),
        )
    return score_sheet(state.book, state.categories, tallies)
