"""What the rules read from components/age-of-exploration/, built once per model: the leaders,
the Outfitting cards, the three exploration decks, the map graph and the rules.yaml numbers.

Everything is read through the validated model (never raw YAML) and turned into plain dicts
and tuples the rules look up at every step."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from portolan.model.instructions import Check, Choice, Damage, Flag, Progress
from portolan.model.loader import Game
from portolan.model.map import Space
from portolan.names import NameIndex

RATINGS = (
    "leadership",
    "negotiation",
    "navigation_sea",
    "navigation_land",
    "ship_handling",
    "personal_arms",
)
DECKS = {
    "sea": "exploration-sea",
    "land": "exploration-land",
    "civilization": "exploration-civilization",
}
OUTFIT_DECK = "outfitting-deck"
NEW_WORLD = ("NA", "CB", "CA", "SA")  # the four regions with a Landfall (and guides)
SIGHTING_REGIONS = ("NA", "CB", "CA", "SA", "NWP", "SSA")  # New World coastal waters
GOODS = {"gold": "Gold", "spice": "Spice", "gems": "Gems", "pearls": "Pearls"}  # chits found
# The goods a returning expedition delivers, and the award of each (Expedition Return).
GOODS_AWARDS = {"Gems": "gems", "Pearls": "pearls", "Spice": "spice"}
GOODS_AWARDS |= {"Hardwood": "hardwood-delivered", "Natives for Europe": "natives"}
SIGHTING = "new-world-sighting"
LANDFALLS = tuple(f"landfall-{r.lower()}" for r in NEW_WORLD)
BASE_SURCHARGE = ("Copper Plated Hulls", "Sturdy Ship", "Cavalry", "Cannons")
GOLD_BUYS = ("Crew", "Provision", "Soldiers")
# A Native Guide or Interpreter is no counter: the mat's field that holds the region it is of.
GUIDES = {"Native Guide": "guide", "Interpreter": "interpreter"}


@dataclass(frozen=True, slots=True)
class LeaderInfo:
    name: str
    number: int
    type: str  # explorer or conquistador
    ratings: dict[str, int]


@dataclass(frozen=True, slots=True)
class OutfitCard:
    number: int
    name: str
    options: tuple[dict[str, int], ...]
    reshuffle: bool

    @property
    def letter(self) -> bool:
        return any("Letter of Credit" in o for o in self.options)


@dataclass(frozen=True, slots=True)
class Civ:
    name: str  # Incan or Aztec
    awe: Any  # CivTrack
    strength: Any
    rumors: str
    contact: str
    capital: str
    home: str  # the land space whose Ⓓ discovers it
    award: str  # its discovery award
    defeat: str  # its Major Expedition
    base: str  # the base placed on its defeat


def distances(starts: Iterable[str], step: Callable[[str], Iterable[str]]) -> dict[str, int]:
    """Steps from the nearest of ``starts`` to every space ``step`` leads on to (breadth
    first: ``step(s)`` names the spaces one step from ``s``)."""
    dist = dict.fromkeys(starts, 0)
    todo = deque(dist)
    while todo:
        s = todo.popleft()
        for t in step(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                todo.append(t)
    return dist


class Book:
    def __init__(self, model: Game):
        self.k: dict[str, Any] = {n: c.value for n, c in model.rules.constants.items()}
        self.tables: dict[str, Any] = {n: t.value for n, t in model.rules.tables.items()}
        self.categories = list(model.rules.scoring)
        self._leaders(model)
        self._outfitting(model)
        self._decks(model)
        self._map(model.component("board").spec)

    # -- leaders -----------------------------------------------------------------------------
    def _leaders(self, model: Game) -> None:
        self.leaders: dict[str, LeaderInfo] = {}
        for card in model.deck("leaders").cards:
            ratings = {r: card.get(r) for r in RATINGS}
            self.leaders[card.name] = LeaderInfo(card.name, card.get("number"), card.type, ratings)
        self.leader_by_number = {info.number: n for n, info in self.leaders.items()}
        self.leader_names = NameIndex(self.leaders)
        self.piles = {
            kind: tuple(n for n, i in self.leaders.items() if i.type == kind)
            for kind in ("explorer", "conquistador")
        }
        self.second = self.tables["second_in_command"]

    def leader(self, value: Any) -> str | None:
        """A leader named by its number or its name."""
        if isinstance(value, int) or (isinstance(value, str) and value.strip().isdecimal()):
            return self.leader_by_number.get(int(value))
        return self.leader_names.exact(str(value))

    # -- Outfitting cards ----------------------------------------------------------------------
    def _outfitting(self, model: Game) -> None:
        self.outfit: dict[int, OutfitCard] = {}
        for card in model.deck(OUTFIT_DECK).cards:
            n = card.get("number")
            options = tuple(dict(o) for o in card.get("options"))
            self.outfit[n] = OutfitCard(n, card.name, options, bool(card.get("reshuffle")))

    # -- exploration decks ---------------------------------------------------------------------
    def _decks(self, model: Game) -> None:
        self.cards: dict[str, dict[int, Any]] = {}
        self.titles: dict[int, str] = {}
        for key, deck_id in DECKS.items():
            try:
                deck = model.deck(deck_id)
            except KeyError:
                self.cards[key] = {}
                continue
            self.cards[key] = {c.get("number"): c for c in deck.cards}
            for c in deck.cards:
                self.titles[c.get("number")] = c.name
        self.deck_of = {n: key for key, cards in self.cards.items() for n in cards}
        self._storms: dict[int, list] = {}

    def portion(self, number: int, draws: str) -> list:
        """The instructions of a card for a space that draws ``draws`` (Draw and resolve an
        exploration card: a Sea/Coast/River card without an NWP or river line uses its coast
        portion there)."""
        card = self.cards[self.deck_of[number]][number]
        if draws in ("land", "civilization"):
            return list(card.get("land") or card.get("civ") or [])
        if draws == "sea":
            return list(card.get("sea") or [])
        if draws in ("nwp", "river") and card.get(draws):
            return list(card.get(draws))
        return list(card.get("coast") or [])

    def storm(self, mod: int) -> list:
        """A Storm, as the vocabulary expands it: a sea check (Damage 1 on a failure), then the
        choice to run with it (Navigation: Progress 1, or Lost) or not (no Progress)."""
        if mod not in self._storms:
            run = Check(rating="navigation", success=[Progress(n=1)], failure=[Flag(verb="lost")])
            self._storms[mod] = [
                Check(rating="sea", mod=mod, failure=[Damage(n=1)]),
                Choice(options=[[run], [Progress(n=0)]]),
            ]
        return self._storms[mod]

    # -- the map -------------------------------------------------------------------------------
    def _map(self, spec: Any) -> None:
        self.map = spec
        self.spaces: dict[str, Space] = {s.id: s for s in spec.spaces}
        self.space_names = NameIndex(self.spaces)
        self.neigh = {sid: tuple(spec.neighbours(sid)) for sid in self.spaces}
        self.trans = {sid: tuple(spec.transitions(sid)) for sid in self.spaces}
        self.border = {}
        for b in spec.borders:
            self.border[(b.a, b.b)] = b
            if not b.one_way:
                self.border[(b.b, b.a)] = b
        self.arrow = {}
        for a in spec.arrows:
            self.arrow[(a.a, a.b)] = a
            if not a.one_way:
                self.arrow[(a.b, a.a)] = a
        kinds = {sid: s.kind for sid, s in self.spaces.items()}
        self.kind = kinds
        self.coast_land = frozenset(
            sid
            for sid, s in self.spaces.items()
            if s.kind in ("land", "base") and any(kinds[t] == "coastal" for t in self.trans[sid])
        )
        self.europe = next(sid for sid, k in kinds.items() if k == "europe")
        self.launch_sea = next(t for t in self.trans[self.europe] if kinds[t] == "sea")
        self.awards = {a.id: a for a in spec.awards}
        self.majors = {m.id: m for m in spec.majors}
        self.gold_awards = sorted(((a.gold, a.id) for a in spec.awards if a.gold), reverse=False)
        self.tracks = {t.id: t for t in spec.progress_tracks}
        self.bases = {sid: s for sid, s in self.spaces.items() if s.base}
        # The award a space earns by being visited: the first sighting of New World coastal
        # waters, the Landfall of a New World region's land (Expedition Return).
        self.visit_award = {
            sid: SIGHTING if s.kind == "coastal" else f"landfall-{s.region.lower()}"
            for sid, s in self.spaces.items()
            if (s.kind == "coastal" and s.region in SIGHTING_REGIONS)
            or (s.kind in ("land", "base") and s.region in NEW_WORLD)
        }
        self.land_sighted = {
            sid: i
            for sid, s in self.spaces.items()
            for i, d in enumerate(s.discoveries)
            if d.award == "land-sighted"
        }
        self._civs(spec)
        self.known_coast = self._atlantic_coast()
        self.sea_dist: dict[str, dict[str, int]] = {}
        straits = [
            sid for sid, s in self.spaces.items() if s.kind == "coastal" and s.draws == "none"
        ]
        self.straits = frozenset(straits)
        self.strait_west = next(
            (s for s in straits if any(kinds[t] == "sea" for t in self.trans[s])), None
        )
        # Steps from Europe over borders and arrows: how far out an expedition is.
        self.europe_distance = distances([self.europe], lambda s: (*self.neigh[s], *self.trans[s]))
        self.descents = self._descents()

    def _descents(self) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
        """The rivers of the descents (major -> its river spaces, the spaces beyond), read from
        the map: from the river space a land space's arrow leads to, down the one-way borders,
        to the spaces beyond its last space."""
        kind, neigh, trans = self.kind, self.neigh, self.trans
        out = {}
        for sid, k in kind.items():
            if k != "river" or not any(kind[a] == "land" for a in trans[sid]):
                continue
            if any(k == "river" and sid in neigh[n] for n, k in kind.items()):
                continue  # not the river's source
            chain = [sid]
            while True:
                nxt = [n for n in neigh[chain[-1]] if kind[n] == "river" and n not in chain]
                if not nxt:
                    break
                chain.append(nxt[0])
            last = chain[-1]
            exits = tuple(n for n in (*neigh[last], *trans[last]) if kind[n] != "river")
            name = (self.spaces[sid].name or "").split()[0]
            major = next((m for m, info in self.majors.items() if name and name in info.name), None)
            if major:
                out[major] = (tuple(chain), exits)
        return out

    def _civs(self, spec: Any) -> None:
        self.civs: dict[str, Civ] = {}
        by_civ: dict[str, dict[str, str]] = {}
        for sid, s in self.spaces.items():
            if s.civilization:
                by_civ.setdefault(s.civilization, {})[s.kind] = sid
        for name, boxes in by_civ.items():
            tracks = {t.id.split("-")[1]: t for t in spec.civ_tracks if t.civilization == name}
            home = boxes["land"]
            award = next(d.award for d in self.spaces[home].discoveries if d.award == name.lower())
            defeat = f"{name.lower()}-defeat"
            base = next(sid for sid, s in self.bases.items() if s.founded == defeat)
            self.civs[name] = Civ(
                name,
                tracks["awe"],
                tracks["strength"],
                boxes["rumors"],
                boxes["contact"],
                boxes["capital"],
                home,
                award,
                defeat,
                base,
            )

    def _atlantic_coast(self) -> frozenset[str]:
        """The coastal waters joined by borders to the NWP track's first space: the coast
        "between the SSA and NWP Progress chits" (Known Waters)."""
        start = self.tracks["known-nwp"].spaces[0] if "known-nwp" in self.tracks else None
        if start is None:
            return frozenset()
        return frozenset(distances([start], lambda s: self.along(s, ("coastal",))))

    def visit_awards(self, path: Iterable[str]) -> list[str]:
        """The sighting and Landfalls a voyage along ``path`` earns, in the chart's order."""
        earned = {self.visit_award.get(s) for s in path}
        return [a for a in (SIGHTING, *LANDFALLS) if a in earned]

    def along(self, space: str, kinds: tuple[str, ...]) -> tuple[str, ...]:
        """The spaces of ``kinds`` across a border from ``space``."""
        return tuple(t for t in self.neigh[space] if self.kind[t] in kinds)

    def civ_of(self, space: str) -> Civ | None:
        name = self.spaces[space].civilization
        return self.civs.get(name) if name and self.kind[space] != "land" else None

    def named(self, sid: str) -> str:
        """A space as a message names it: its name and its id ("Malacca (M1)")."""
        space = self.spaces.get(sid)
        name = space.name if space is not None else None
        if not name or name.casefold() == sid.casefold():
            return name or sid
        return f"{name} ({sid})"

    def space(self, value: Any) -> str | None:
        """A space named by its id (any case) or its name, if that name is unique."""
        if not isinstance(value, str):
            return None
        return self.space_names.exact(value)
