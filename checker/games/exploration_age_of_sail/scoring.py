"""Final scoring: discovery levels, Conqueror points and the four +5 bonuses."""

from __future__ import annotations

from typing import Any

from portolan.checker.core.scoresheet import ScoreLine, ScoreSheet
from portolan.checker.games.exploration_age_of_sail.book import CardBook
from portolan.checker.games.exploration_age_of_sail.state import State
from portolan.model.rules import ScoreCategory


def most(counts: dict[str, int], ties: str) -> set[str]:
    """Who has 'the most': nobody with none; tied leaders all, or none (option bonus_ties)."""
    top = max(counts.values(), default=0)
    if top == 0:
        return set()
    leaders = {p for p, n in counts.items() if n == top}
    if len(leaders) > 1 and ties == "none":
        return set()
    return leaders


def score(state: State) -> ScoreSheet:
    """The final scoring of the position as it stands."""
    return final_scoring(state.book, state.categories, state.victory, state.options)


def final_scoring(
    book: CardBook,
    categories: list[ScoreCategory],
    victory: dict[str, list[tuple[str, str]]],
    options: dict[str, Any],
) -> ScoreSheet:
    players = list(victory)
    bonus = {}
    for cat in categories:
        if cat.points and cat.id.startswith("most_"):
            region = cat.params.get("region")
            counts = {
                p: sum(
                    1
                    for d, _ in victory[p]
                    if region is None or book.exploration[d].region == region
                )
                for p in players
            }
            bonus[cat.id] = most(counts, options["bonus_ties"])
    lines = []
    for p in players:
        breakdown: dict[str, int] = {}
        for cat in categories:
            if cat.id == "discoveries":
                breakdown[cat.id] = sum(book.exploration[d].level for d, _ in victory[p])
            elif cat.id == "conqueror":
                breakdown[cat.id] = cat.points * sum(
                    1 for _, e in victory[p] if "Conqueror" in book.expedition[e].specials
                )
            else:
                breakdown[cat.id] = cat.points if p in bonus[cat.id] else 0
        lines.append(ScoreLine(p, breakdown))
    notes = []
    if options["bonus_ties"] == "shared":
        notes.append(
            "Ties for a +5 bonus: every tied player scores it (option bonus_ties: shared)."
        )
    else:
        notes.append("Ties for a +5 bonus: nobody scores it (option bonus_ties: none).")
    notes.append("The rulebook has no tie-breaker: players tied on points share the victory.")
    return ScoreSheet([(c.id, c.label) for c in categories], lines, notes=notes)
