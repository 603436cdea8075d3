"""What each game's score pad asks, in the words of the table: the rows a player fills (a
number, a word picked from a list, or a few names), and the grids of things on the table (the
VP chart, the discoveries, the islands, the expeditions), each a line with a cell per player or
one "claimed by" choice.

Everything here is read from the game's own book (award names and VP, discoveries by region and
level, islands, missions, Major Expeditions), so the pad lists exactly what the position reader
accepts; ``scorepad.position_text`` writes the cells as the position file ``portolan score``
reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from checker.core.registry import rules_for
from portolan.model.loader import Game


@dataclass(frozen=True)
class Row:
    """A row of the players' table: the position's key, its label in words, and its cell."""

    key: str
    label: str
    kind: str = "number"  # number, text (as typed), names (separated by commas), choice
    choices: tuple[str, ...] = ()
    help: str = ""
    top: bool = False  # a top-level section mapping each player to the cell (markers_used)


@dataclass(frozen=True)
class Line:
    """A line of a grid: one award, discovery, island or expedition."""

    id: str  # the name the position file gives it
    label: str
    group: str = ""  # a heading above it (a region)
    note: str = ""  # what it is worth, in words ("1 VP", "level 3")
    most: int = 1  # per-player cells: a tick box if 1, else a number up to this
    details: tuple[tuple[str, str], ...] = ()  # claim grids: (value, label) of the second list


@dataclass(frozen=True)
class Grid:
    key: str  # the form's prefix
    title: str
    help: str
    lines: tuple[Line, ...]
    cell: str  # "count": a cell per player; "claim": who claimed it (+ a detail); "names"
    detail_label: str = ""
    held: bool = False  # count grids: a list in each player's entry (awards, kept cards), not
    # a section of the position mapping each line to the players' counts (islands)

    def groups(self) -> list[tuple[str, list[tuple[int, Line]]]]:
        out: list[tuple[str, list[tuple[int, Line]]]] = []
        for i, line in enumerate(self.lines):
            if not out or out[-1][0] != line.group:
                out.append((line.group, []))
            out[-1][1].append((i, line))
        return out


@dataclass(frozen=True)
class Spec:
    rows: tuple[Row, ...] = ()
    grids: tuple[Grid, ...] = ()
    area: tuple[tuple[str, str], ...] = field(default=())  # Ships: (number, label) of the areas


def spec_for(model: Game) -> Spec:
    game = model.id
    book = rules_for(game).book(model)
    maker = {
        "age-of-exploration": _age_of_exploration,
        "exploration-age-of-sail": _exploration,
        "discovery-era-of-voyage": _discovery,
        "age-of-discovery": _age_of_discovery,
        "ships": _ships,
    }.get(game)
    return maker(book) if maker else Spec()


def _age_of_exploration(book: Any) -> Spec:
    awards = tuple(
        Line(aid, a.name, note=f"{a.vp} VP" + (" a box" if a.count > 1 else ""), most=a.count)
        for aid, a in book.awards.items()
        if a.vp
    )
    k = book.k["major_vp_without_vp"]
    majors = tuple(
        Line(
            mid,
            m.name,
            note=f"{m.vp} VP",
            details=tuple(
                (str(v), f"{v} VP" + (" (no VP yet)" if v == k else ""))
                for v in dict.fromkeys((m.vp, m.variant_vp or m.vp, k))
            ),
        )
        for mid, m in book.majors.items()
    )
    return Spec(
        rows=(
            Row(
                "progress",
                "Known NWP / SSA progress",
                help="times a Known Progress marker advanced for them",
            ),
        ),
        grids=(
            Grid(
                "awards",
                "VP chart",
                "Tick each award a player claimed; a numbered award (1st–4th Bay) counts the "
                "boxes the player holds. Awards worth no VP are left out.",
                awards,
                "count",
                held=True,
            ),
            Grid(
                "majors",
                "Major Expeditions",
                "Who completed each Major Expedition, and the VP it scored.",
                majors,
                "claim",
                "VP scored",
            ),
        ),
    )


def _exploration(book: Any) -> Spec:
    explorers = tuple((n, n) for n in book.explorer_names.names)
    lines = sorted(
        (
            Line(
                name,
                name,
                group=f"{c.region} discoveries",
                note=f"level {c.level}",
                details=explorers,
            )
            for name, c in book.exploration.items()
            if c.type == "discovery"
        ),
        key=lambda ln: (ln.group, ln.note, ln.label),
    )
    return Spec(
        grids=(
            Grid(
                "discoveries",
                "Victory piles",
                "Who holds each discovery, and the explorer who claimed it.",
                tuple(lines),
                "claim",
                "Explorer",
            ),
        )
    )


def _discovery(book: Any) -> Spec:
    islands = tuple(
        Line(n, n, group=f"{book.island(n).type.title()} islands", most=3) for n in book.surrounding
    )
    return Spec(
        rows=(
            Row("vp", "Victory point tokens"),
            Row("resources", "Resources left", help="Fruit, Pepper and Gold together"),
            Row("coins", "Coins", help="kept for the record: coins score nothing"),
            Row(
                "markers_used",
                "Markers placed",
                help="only if some placed markers are no longer on an island",
                top=True,
            ),
        ),
        grids=(
            Grid(
                "islands",
                "Investment markers on the islands",
                "How many markers each player has on each island (0 to 3).",
                islands,
                "count",
            ),
        ),
    )


def _age_of_discovery(book: Any) -> Spec:
    missions = tuple(dict.fromkeys(m.kind for m in book.missions.values()))  # this game's cards
    ships = ", ".join([*list(book.ships)[:2], f"{next(iter(book.flagships))} (red)"])
    return Spec(
        rows=(
            Row("first scoring", "Points after the first scoring"),
            Row("contracts", "Trade contracts completed"),
            Row("mission", "Special mission", "choice", missions),
            Row("unassigned", "Ships on no expedition"),
        ),
        grids=(
            Grid(
                "expeditions",
                "Ships on the expeditions",
                f"The ships each player has on each expedition, separated by commas, e.g. "
                f"{ships}. A flagship names the colour it sails under; a ship sent with a "
                f"{book.wild} card says (wild).",
                tuple(Line(e, e) for e in book.expeditions),
                "names",
            ),
        ),
    )


def _ships(book: Any) -> Spec:
    last_era = book.ages[-1].era
    kept = tuple(
        Line(n, n, most=c.count) for n, c in book.cards.items() if c.kept and c.era == last_era
    )
    goods = " + ".join(f"1 {g}" for g in book.goods[:2])
    return Spec(
        rows=(
            Row("vp", "VP on the track"),
            Row("gold", "Gold in the bank"),
            Row("goods", "Goods in the warehouse", "text", help=f"e.g. {goods}"),
            Row(
                "cubes",
                "Merchant cubes in the present area",
                "names",
                help="their trade boxes, e.g. Caribbean Spice (a number in an open area)",
            ),
            Row(
                "cities",
                "City discs in the present area",
                "names",
                help="their cities, e.g. Caribbean (a number in an open area)",
            ),
        ),
        grids=(
            Grid(
                "kept",
                "Kept cards held at the end",
                f"Tick the {book.eras[last_era]} era's kept cards each player holds.",
                kept,
                "count",
                held=True,
            ),
        ),
        area=tuple((str(a.number), f"Area {a.number}: {a.name}") for a in book.areas),
    )
