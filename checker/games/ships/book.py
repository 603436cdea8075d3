"""What the rules of Ships need from components/ships/, read once from the validated model:
the Ship Age track, the areas with their trade boxes and cities, the player display, the pool,
the cards of each era and the rules' constants and tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from portolan.model.bundles import read_bundle
from portolan.model.effects import Action, Gain, RemoveShips, WhileHeld
from portolan.model.loader import Game
from portolan.names import NameIndex

MERCHANT_BOX, WARSHIP_BOX = "Merchant", "Warship"
BOXES = (MERCHANT_BOX, WARSHIP_BOX)
WAREHOUSE, BANK = "Warehouse", "Bank"
ROWS = (WAREHOUSE, BANK)
# The pool's counters by the words the rules use (pool.yaml names them 'Gold coin'...).
FREE_CUBE, GOLD, NAVIGATION, INDUSTRY, VP = (
    "Free action cube",
    "Gold",
    "Navigation",
    "Industry",
    "VP",
)
MERCHANT_CUBE, SPICE, ANY_GOOD, FOOD = "Merchant cube", "Spice", "Any good", "Food"
CUBE_WORDS = [MERCHANT_CUBE, FREE_CUBE]


@dataclass(frozen=True, slots=True)
class AgeInfo:
    age: int
    era: int  # index into Book.eras
    navigation: int
    vp: int
    named: dict[str, str]  # box -> the place word cards use for it (Longships)


@dataclass(frozen=True, slots=True)
class TradeBox:
    id: int
    area: int  # index into Book.areas
    location: str
    good: str  # the symbol shown: a good, Spice or Gold
    amount: int


@dataclass(frozen=True, slots=True)
class CitySpace:
    id: int
    area: int
    location: str
    benefit: str
    amount: int


@dataclass(slots=True)
class AreaInfo:
    index: int
    number: int
    name: str
    navigation: int
    trade: list[int] = field(default_factory=list)  # trade box ids
    cities: list[int] = field(default_factory=list)  # city ids
    open: bool = False  # boxes without a limit (Area 7)
    open_goods: tuple[str, ...] = ()  # the Merchant box's goods, one taken
    open_vp: int = 0  # the Warship box's VP


@dataclass(frozen=True, slots=True)
class CardInfo:
    name: str
    era: int
    count: int
    cost: int
    steps: tuple
    kept: bool
    discount: int = 0
    each_turn: tuple[tuple[str, int], ...] = ()
    sell_bonus: tuple[str, tuple[tuple[str, int], ...]] | None = None


class Book:
    """Everything fixed about a game of Ships, by the words of the rules."""

    def __init__(self, model: Game):
        rules = model.rules
        self.title = model.title
        self.categories = list(model.rules.scoring)  # the score sheet's lines
        self.constants: dict[str, Any] = {k: v.value for k, v in rules.constants.items()}
        k = self.constants
        self.eras: list[str] = model.spec.term_names("era")
        self.colours: list[str] = model.spec.term_names("colour")
        self.goods: list[str] = model.spec.term_names("good")
        board = model.component("board").spec
        track = board.age_track
        self.ages: list[AgeInfo] = [
            AgeInfo(
                a.age,
                self.eras.index(a.era),
                a.navigation,
                a.vp,
                {
                    b: n
                    for b, n in ((MERCHANT_BOX, a.merchant.named), (WARSHIP_BOX, a.warship.named))
                    if n
                },
            )
            for a in track.ages
        ]
        self.last_age = len(self.ages)
        self.named_boxes = {n: (a.age, b) for a in self.ages for b, n in a.named.items()}
        self._read_areas(board)
        display = model.component("player-display").spec
        self.action_gold = {a.action: (a.merchant_gold, a.free_gold) for a in display.actions}
        self.once_per_turn = {a.action for a in display.actions if a.once_per_turn}
        wh, bank = display.spaces(WAREHOUSE), display.spaces(BANK)
        self.row_open = {WAREHOUSE: wh.open or 0, BANK: bank.open or 0}
        self.row_covered = {WAREHOUSE: wh.covered, BANK: bank.covered}
        self.pool = self._read_pool(model)
        self.cubes_per_turn = [
            _cubes(k["cubes_per_turn"][era]) for era in self.eras
        ]  # (merchant, free) per era
        self.sell_prices: dict[str, int] = dict(rules.tables["sell_prices"].value)
        self.lagging: list[tuple[int, int]] = sorted(
            (int(d), int(v)) for d, v in rules.tables["lagging_ships"].value.items()
        )
        self.exchanges: dict[str, dict[str, int]] = {
            good: _bundle(text, [FREE_CUBE, NAVIGATION, GOLD, VP])
            for good, text in rules.tables["free_exchanges"].value.items()
        }
        self.late_food = {int(seat): n for seat, n in k["late_seat_food"].items()}
        self._read_cards(model)

    # -- the board --------------------------------------------------------------------------
    def _read_areas(self, board) -> None:
        self.areas: list[AreaInfo] = []
        self.trade: list[TradeBox] = []
        self.cities: list[CitySpace] = []
        self.trade_at: dict[tuple[str, str], tuple[int, ...]] = {}  # (location, good) -> boxes
        self.cities_at: dict[str, list[int]] = {}  # location -> its city spaces
        self.location_area: dict[str, int] = {}
        for i, area in enumerate(sorted(board.areas, key=lambda a: a.area)):
            info = AreaInfo(i, area.area, area.name, area.navigation)
            for loc in area.locations:
                self.location_area[loc.name] = i
                for bundle in loc.trade:
                    ((good, n),) = bundle.items()
                    box = TradeBox(len(self.trade), i, loc.name, good, n)
                    self.trade.append(box)
                    info.trade.append(box.id)
                    key = (loc.name, good)
                    self.trade_at[key] = (*self.trade_at.get(key, ()), box.id)
                for bundle in loc.cities:
                    ((benefit, n),) = bundle.items()
                    city = CitySpace(len(self.cities), i, loc.name, benefit, n)
                    self.cities.append(city)
                    info.cities.append(city.id)
                    self.cities_at.setdefault(loc.name, []).append(city.id)
            for box in area.boxes:
                info.open = True
                self.location_area[area.name] = i
                if box.box == MERCHANT_BOX:
                    info.open_goods = tuple(box.choice or ())
                elif box.box == WARSHIP_BOX:
                    info.open_vp = box.vp or 0
            self.areas.append(info)
        self.area_by_number = {a.number: a.index for a in self.areas}
        open_areas = (f"Area {a.number}" for a in self.areas if a.open)  # 'Area 7'
        self.place_names = NameIndex([*self.location_area, *open_areas])

    def area_of(self, place: str) -> int | None:
        """The area index of a location, an open area's name or 'Area N'."""
        if place in self.location_area:
            return self.location_area[place]
        if place.startswith("Area ") and place[5:].isdigit():
            return self.area_by_number.get(int(place[5:]))
        return None

    # -- the pool --------------------------------------------------------------------------
    def _read_pool(self, model: Game) -> dict[str, int]:
        counters = model.component("pool").spec.counters
        out = {}
        for word in (FREE_CUBE, GOLD, NAVIGATION, INDUSTRY, *self.goods):
            found = next(
                (c for c in counters if c.name == word or c.name.startswith(word + " ")), None
            )
            if found is None:
                raise ValueError(f"pool.yaml has no counter for '{word}'")
            out[word] = found.count.value
        return out

    # -- the cards -------------------------------------------------------------------------
    def _read_cards(self, model: Game) -> None:
        deck = model.deck("cards")
        by_type = self.constants["era_decks"]  # era -> the deck's card type
        era_of_type = {t: self.eras.index(era) for era, t in by_type.items()}
        self.cards: dict[str, CardInfo] = {}
        self.decks: list[dict[str, int]] = [{} for _ in self.eras]
        for card in deck.cards:
            era = era_of_type[card.type]
            steps = tuple(card["effect"])
            kept = next((s.while_held for s in steps if isinstance(s, WhileHeld)), None)
            info = CardInfo(
                name=card.name,
                era=era,
                count=card.count,
                cost=card.get("cost", 0) or 0,
                steps=tuple(s for s in steps if isinstance(s, (Gain, Action, RemoveShips))),
                kept=kept is not None,
                discount=(kept.discount or {}).get(NAVIGATION, 0) if kept else 0,
                each_turn=tuple((kept.each_turn or {}).items()) if kept else (),
                sell_bonus=(
                    (kept.sell_bonus.good, tuple(kept.sell_bonus.gain.items()))
                    if kept and kept.sell_bonus
                    else None
                ),
            )
            self.cards[card.name] = info
            self.decks[era][card.name] = card.count
        self.card_names = NameIndex(self.cards)


def _bundle(text: Any, vocab: list[str]) -> dict[str, int]:
    out, message, _ = read_bundle(text, vocab, "word")
    if message:
        raise ValueError(message)
    return out


def _cubes(text: Any) -> tuple[int, int]:
    b = _bundle(text, CUBE_WORDS)
    return b.get(MERCHANT_CUBE, 0), b.get(FREE_CUBE, 0)
