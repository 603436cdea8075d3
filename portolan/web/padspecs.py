"""What each game's score pad asks, in the words of the table: the rows a player fills (a
number, or a word picked from a list), and the grids of things on the table (the VP chart, the
discoveries, the islands, the trade boxes and cities, the ships on the expeditions), each a line
with a cell per player, a "held by" choice, or a few ships picked from a list.

Everything here is read from the game's own book (award names and VP, discoveries by region and
level, islands, missions, Major Expeditions, goods, trade boxes and cities by area, ships and
flagships), so the pad lists exactly what the position reader accepts;
``scorepad.position_text`` writes the cells as the position file ``portolan score`` reads.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from portolan.checker.core.registry import rules_for
from portolan.model.loader import Game


@dataclass(frozen=True)
class Row:
    """A row of the players' table: the position's key, its label in words, and its cell."""

    key: str
    label: str
    kind: str = "number"  # number, or choice (one of ``choices``)
    choices: tuple[str, ...] = ()
    help: str = ""
    top: bool = False  # a top-level section mapping each player to the cell (markers_used)
    part: str = ""  # rows sharing a key with a part each make one bundle (2 Cloth + 1 Wine)
    area: str = ""  # counts only when this is the present area (Ships' open Area 7)


@dataclass(frozen=True)
class Line:
    """A line of a grid: one award, discovery, island or expedition."""

    id: str  # the name the position file gives it
    label: str
    group: str = ""  # a heading above it (a region)
    note: str = ""  # what it is worth, in words ("1 VP", "level 3")
    most: int = 1  # per-player cells: a tick box if 1, else a number up to this; ships
    # grids: the ships it can hold (its transport limit, each ship carrying 1 or more)
    details: tuple[tuple[str, str], ...] = ()  # claim grids: (value, label) of the second list
    area: str = ""  # counts only when this is the present area (Ships' trade boxes, cities)


@dataclass(frozen=True)
class Grid:
    key: str  # the form's prefix
    title: str
    help: str
    lines: tuple[Line, ...]
    cell: str  # "count": a cell per player; "claim": who claimed it (+ a detail, if the
    # lines have details); "ships": up to ``most`` ships, each its player, ship and wild tick
    detail_label: str = ""
    held: bool = False  # count grids: a list in each player's entry (awards, kept cards), not
    # a section of the position mapping each line to the players' counts (islands); claim
    # grids: the claimed lines' ids listed under the grid's key in the holder's entry (cubes)
    picks: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()  # ships grids: the ship
    # list, (group, ((value, label), ...)) per colour
    folded: bool = False  # shown closed: what few tables need (awards taken without VP)

    def groups(self) -> list[tuple[str, list[tuple[int, Line]]]]:
        """The lines (with their index) under each heading, in order."""
        lined = itertools.groupby(enumerate(self.lines), key=lambda at: at[1].group)
        return [(group, list(lines)) for group, lines in lined]


@dataclass(frozen=True)
class Spec:
    rows: tuple[Row, ...] = ()
    grids: tuple[Grid, ...] = ()
    area: tuple[tuple[str, str], ...] = ()  # Ships: (number, label) of the areas


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
            Grid(
                "without_vp",
                "Awards taken off the chart without VP",
                "Tick an award whose box a player's chits took without VP, publishing it with "
                "a Major Expedition. It scores nothing; the pad counts its box as taken.",
                tuple(
                    Line(line.id, f"{line.label}, without VP", most=line.most) for line in awards
                ),
                "count",
                held=True,
                folded=True,
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
                f"For each ship on an expedition card: whose token is on it and which ship it "
                f"is (a flagship with the colour it sails under). Tick Wild for a ship sent "
                f"with a {book.wild} card.",
                tuple(
                    Line(
                        e,
                        e,
                        note=f"{info.colour}, transport limit {info.limit}",
                        most=info.limit,
                    )
                    for e, info in book.expeditions.items()
                ),
                "ships",
                f"{book.wild} card",
                picks=_ship_picks(book),
            ),
        ),
    )


def _ship_picks(book: Any) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Age of Discovery's ships by colour, then each flagship under each colour: its own two
    first, then the others (a flagship may join ships of any colour: the flagship_colours
    option)."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for name, ship in book.ships.items():  # "Red Ship 2": its number is its transport value
        groups.setdefault(f"{ship.colour.title()} ships", []).append((name, name))
    for name, own in book.flagships.items():
        colours = [*own, *(c for c in book.colours if c not in own)]
        groups[f"Flagship {name} ({' / '.join(own)})"] = [
            (f"{name} ({colour})", f"{name} ({colour})") for colour in colours
        ]
    return tuple((group, tuple(items)) for group, items in groups.items())


def _ships(book: Any) -> Spec:
    last_era = book.ages[-1].era
    kept = tuple(
        Line(n, n, most=c.count) for n, c in book.cards.items() if c.kept and c.era == last_era
    )
    open_area = next((str(a.number) for a in book.areas if a.open), "")
    return Spec(
        rows=(
            Row("vp", "VP on the track"),
            Row("gold", "Gold in the bank"),
            *(Row("goods", f"{good} in the warehouse", part=good) for good in book.goods),
            Row("cubes", "Merchant cubes in the Merchant box", area=open_area),
            Row("cities", "City discs in the Warship box", area=open_area),
        ),
        grids=(
            _ships_places(book, "cubes", "Merchant cubes on the trade boxes", "trade"),
            _ships_places(book, "cities", "City discs on the cities", "cities"),
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


def _ships_places(book: Any, key: str, title: str, spaces: str) -> Grid:
    """A "held by" line for each trade box (or city) of each area, grouped by area: only the
    present area's count at the end, and the page shows only those."""
    lines, seen = [], set()
    for a in book.areas:
        for s in getattr(a, spaces):
            place = book.trade[s] if key == "cubes" else book.cities[s]
            symbol = place.good if key == "cubes" else place.benefit
            label = f"{place.location}: {place.amount} {symbol}"
            if label in seen:  # two alike boxes in one location (Bruges: 1 Cloth)
                label += " (second box)"
            seen.add(label)
            lines.append(
                Line(
                    f"{place.location} {place.amount} {symbol}",
                    label,
                    group=f"Area {a.number}: {a.name}",
                    area=str(a.number),
                )
            )
    piece = "merchant cube" if key == "cubes" else "city disc"
    return Grid(
        key,
        title,
        f"Whose {piece} is on each of the present area's "
        f"{'trade boxes' if key == 'cubes' else 'cities'}; the other areas score nothing more.",
        tuple(lines),
        "claim",
        held=True,
    )
