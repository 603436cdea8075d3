"""Final scoring: island majorities and VP tokens; ties broken by the rulebook's chain."""

from __future__ import annotations

from dataclasses import dataclass, field

from portolan.checker.core.scoresheet import ScoreLine, ScoreSheet
from portolan.checker.games.discovery_era_of_voyage.book import IslandBook
from portolan.checker.games.discovery_era_of_voyage.state import State
from portolan.model.rules import ScoreCategory


@dataclass
class Position:
    """What scoring needs from the end of a game (from a replay or a position file)."""

    players: list[str]  # seat order, as the log lists them
    islands: list[str]  # the surrounding islands
    markers: list[dict[str, int]]  # per island: player -> investment markers
    vp: dict[str, int]  # VP tokens
    resources: dict[str, int]  # resources left (pieces)
    markers_used: dict[str, int] = field(default_factory=dict)  # placed on islands
    order: list[str] = field(default_factory=list)  # turn order (default: seat order)
    pirates: bool = False
    end_reason: str = ""


def position_of(state: State) -> Position:
    """What scoring needs from a replayed game's state."""
    return Position(
        players=list(state.players),
        order=list(state.order or state.players),
        islands=list(state.ring),
        markers=[dict(m) for m in state.markers[: len(state.ring)]],
        vp=dict(state.vp),
        resources={p: sum(state.res[p].values()) for p in state.players},
        markers_used={p: state.markers_each - state.left[p] for p in state.players},
        pirates=state.pirated,
        end_reason=state.end_reason if state.over else "",
    )


def majority(counts: dict[str, int], most: int, second: int) -> dict[str, int]:
    """VP on one island. Tied for most: each tied player scores the lower VP and nobody scores
    second. Tied for second: nobody scores it. No markers, no VP."""
    present = {p: n for p, n in counts.items() if n > 0}
    if not present:
        return {}
    top = max(present.values())
    leaders = [p for p, n in present.items() if n == top]
    if len(leaders) > 1:
        return dict.fromkeys(leaders, second)
    out = {leaders[0]: most}
    rest = {p: n for p, n in present.items() if n < top}
    if rest:
        runner = max(rest.values())
        seconds = [p for p, n in rest.items() if n == runner]
        if len(seconds) == 1:
            out[seconds[0]] = second
    return out


def _tie_note(counts: dict[str, int]) -> str:
    ranked = sorted((n for n in counts.values() if n > 0), reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return " (tied for most: the lower VP each, no second)"
    rest = ranked[1:]
    if len(rest) > 1 and rest[0] == rest[1]:
        return " (tied for second: nobody scores it)"
    return ""


def score(state: State) -> ScoreSheet:
    """The final scoring of the position as it stands."""
    return final_scoring(state.book, state.categories, position_of(state))


def final_scoring(book: IslandBook, categories: list[ScoreCategory], pos: Position) -> ScoreSheet:
    players = pos.players
    order = pos.order or players
    island_vp = dict.fromkeys(players, 0)
    notes = []
    for name, counts in zip(pos.islands, pos.markers, strict=True):
        island = book.island(name)
        won = majority(counts, island.vp_most, island.vp_second)
        for p, n in won.items():
            island_vp[p] += n
        if any(counts.values()):
            shown = ", ".join(f"{p} {counts[p]}" for p in order if counts.get(p))
            vp = ", ".join(f"{p} {won[p]}" for p in order if p in won) or "nobody"
            notes.append(
                f"  {name} ({island.vp_most}/{island.vp_second} VP): markers {shown} -> {vp}"
                + _tie_note(counts)
            )
    tie_values = [t.value for t in book.model.rules.tie_breakers]
    lines = []
    for p in players:
        parts = {"island_majorities": island_vp[p], "vp_tokens": pos.vp.get(p, 0)}
        # the score sheet's categories (rules.yaml), each one of these parts
        breakdown = {cat.id: parts[cat.id] for cat in categories}
        used = pos.markers_used.get(p, sum(m.get(p, 0) for m in pos.markers))
        tb = {
            "markers_used": used,
            "islands_with_markers": sum(1 for m in pos.markers if m.get(p, 0) > 0),
            "resources": pos.resources.get(p, 0),
            "later_turn_order": order.index(p) + 1,
        }
        lines.append(ScoreLine(p, breakdown, tuple(tb[v] for v in tie_values)))
    head = ["", "Island majorities:" if notes else "Island majorities: no markers placed"]
    tail = [
        "Ties on points are broken by markers used, then islands with markers, then resources "
        "left, then the later place in turn order (starting player 1)."
    ]
    if pos.end_reason:
        tail.insert(0, f"The game ended: {pos.end_reason}.")
    return ScoreSheet(
        [(c.id, c.label) for c in categories],
        lines,
        tie_breakers=[t.label for t in book.model.rules.tie_breakers],
        notes=head + notes + [""] + tail,
    )
