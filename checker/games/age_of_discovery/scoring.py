"""The score sheet: first scoring, final scoring, special missions and ships not sent (§5, §6.1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from checker.core.scoresheet import ScoreLine, ScoreSheet
from checker.games.age_of_discovery.cards import CardBook


@dataclass
class Tally:
    """What the sheet needs per player, from a replayed game or from a written position."""

    first: int | None  # expedition points of the first scoring (None: not scored yet)
    final: int | None  # expedition points of the final scoring (None: not scored yet)
    mission: str | None
    mission_expeditions: int
    completed: int
    unassigned: int


def score_sheet(
    book: CardBook, categories: list, tallies: dict[str, Tally], options: dict[str, Any]
) -> ScoreSheet:
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
    sheet = ScoreSheet(
        [(c.id, c.label) for c in categories],
        lines,
        tie_breakers=["Ships not sent"],
        notes=notes,
    )
    return sheet
