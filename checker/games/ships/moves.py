"""The moves of Ships, in the order of a turn; each is one step of a log.

An action is one move (``PlaceShip``, ``TakeCard``...) naming the cube that pays for it:
``"merchant"`` (one of your merchant cubes from the Action cubes section), ``"free"`` (a free
action cube), ``"card"`` (the action a card grants, free of cube and gold) or ``None`` (what a
log leaves out: a merchant cube while the Action cubes section holds one, else a free cube).
What the action then needs is asked move by move: where the cube or disc goes, the goods sent
back from a full warehouse, the goods sold, the cards dealt to the display.
"""

from __future__ import annotations

from dataclasses import dataclass

from portolan.checker.core.words import in_words

MERCHANT, FREE, CARD = "merchant", "free", "card"
CUBE_WORDS = {MERCHANT: "merchant cube", FREE: "free action cube", CARD: "the card"}


@dataclass(frozen=True, slots=True)
class StartTurn:  # Phase One: the cubes of the era into the Action cubes section
    player: str
    WORDS = "{player} begins the turn"


@dataclass(frozen=True, slots=True)
class Deal:  # a card dealt to the display (at setup and when a new era begins)
    card: str
    WORDS = "deal {card} to the display"


@dataclass(frozen=True, slots=True)
class PlaceShip:
    age: int
    box: str  # Merchant or Warship
    cube: str | None = None


@dataclass(frozen=True, slots=True)
class UpgradeShip:  # the ship in ``age``'s ``ship`` box moves to age + 1's ``box``
    age: int
    ship: str
    box: str
    cube: str | None = None


@dataclass(frozen=True, slots=True)
class RemoveShip:
    age: int
    box: str
    cube: str | None = None


@dataclass(frozen=True, slots=True)
class TakeCard:
    card: str
    cube: str | None = None


@dataclass(frozen=True, slots=True)
class TakeGold:
    cube: str | None = None


@dataclass(frozen=True, slots=True)
class TakeNavigation:
    cube: str | None = None


@dataclass(frozen=True, slots=True)
class SellGoods:  # the goods follow, one SellGood each
    cube: str | None = None


@dataclass(frozen=True, slots=True)
class Retrieve:  # area 0: the action boxes; otherwise the cubes follow (TakeBack...)
    area: int
    cube: str | None = None


@dataclass(frozen=True, slots=True)
class Exchange:  # a free exchange: what it gives is used by the action that follows
    good: str
    WORDS = "exchange {good}"


@dataclass(frozen=True, slots=True)
class EndTurn:  # Phase Three: tidy up; the next player's turn
    WORDS = "end the turn"


@dataclass(frozen=True, slots=True)
class Trade:  # the merchant cube into a trade box (Area 7: its Merchant box and a good)
    location: str
    good: str
    industry: bool = False


@dataclass(frozen=True, slots=True)
class City:  # the city disc into a city space (Area 7: its Warship box), taken from ``row``
    location: str
    benefit: str | None = None  # which of the location's cities (None: its only one)
    row: str | None = None  # Warehouse or Bank (None: the row that still has discs)
    industry: bool = False  # an industry counter written with it: never legal (a city's benefit)


@dataclass(frozen=True, slots=True)
class ReturnGood:  # a good back to the pool, to fit the warehouse
    good: str
    WORDS = "return {good} to the pool"


@dataclass(frozen=True, slots=True)
class SellGood:
    good: str
    WORDS = "sell {good}"


@dataclass(frozen=True, slots=True)
class StopSelling:
    WORDS = "sell nothing more"


@dataclass(frozen=True, slots=True)
class TakeBack:  # retrieving from an area: the cube in this trade box
    location: str
    good: str
    WORDS = "take back the cube in {location} {good}"


@dataclass(frozen=True, slots=True)
class TakeBackAll:  # retrieving from an area: every cube of yours left there
    WORDS = "take back every cube there"


@dataclass(frozen=True, slots=True)
class StopRetrieving:
    WORDS = "take back nothing more"


@dataclass(frozen=True, slots=True)
class ChooseGood:  # a card's "good of your choice"
    good: str
    WORDS = "take {good}"


@dataclass(frozen=True, slots=True)
class TakeBackShips:  # a card's "take back your ships from one age"
    age: int
    merchant: int
    warship: int


@dataclass(frozen=True, slots=True)
class Decline:  # a card's action not taken up
    WORDS = "do not use the card's action"


END_TURN, STOP_SELLING, TAKE_BACK_ALL = EndTurn(), StopSelling(), TakeBackAll()
STOP_RETRIEVING, DECLINE = StopRetrieving(), Decline()

ACTION_MOVES = (
    PlaceShip,
    UpgradeShip,
    RemoveShip,
    TakeCard,
    TakeGold,
    TakeNavigation,
    SellGoods,
    Retrieve,
)


def _paid(cube: str | None) -> str:
    return "" if cube is None else f" ({CUBE_WORDS[cube]})"


def ship_words(age: int, box: str) -> str:
    return f"age {age} {box}"


def describe(move: object) -> str:
    """A move in words, as play lists it and a trace shows it."""
    match move:
        case PlaceShip(age, box, cube):
            return f"Place ship: age {age}, {box} box{_paid(cube)}"
        case UpgradeShip(age, ship, box, cube):
            return f"Upgrade ship: {ship_words(age, ship)} to age {age + 1} {box}{_paid(cube)}"
        case RemoveShip(age, box, cube):
            return f"Remove one ship: {ship_words(age, box)}{_paid(cube)}"
        case TakeCard(card, cube):
            return f"Take one card: {card}{_paid(cube)}"
        case TakeGold(cube):
            return f"Take one gold{_paid(cube)}"
        case TakeNavigation(cube):
            return f"Take two navigation counters{_paid(cube)}"
        case SellGoods(cube):
            return f"Sell goods{_paid(cube)}"
        case Retrieve(area, cube):
            where = "the action boxes" if area == 0 else f"Area {area}"
            return f"Retrieve merchant cubes from {where}{_paid(cube)}"
        case Trade(location, good, industry):
            return f"trade box {location} {good}" + (" + an industry counter" if industry else "")
        case City(location, benefit, row):
            where = f"city {location}" + (f" {benefit}" if benefit else "")
            return where + (f", disc from the {row}" if row else "")
        case TakeBackShips(age, merchant, warship):
            parts = [f"{n} {box}" for n, box in ((merchant, "Merchant"), (warship, "Warship")) if n]
            return f"take back from age {age}: " + " + ".join(parts)
    return in_words(move)


def spellings(move: object) -> tuple[str, ...]:
    """Other words the log has for a move (play accepts them at its prompt): the log's keys
    ('gold', 'navigation', 'place 2') and names ('Athens Wine'). None is a bare number: a
    number at play's prompt is an entry of its list."""
    match move:
        case TakeGold():
            return ("gold",)
        case TakeNavigation():
            return ("navigation",)
        case SellGoods():
            return ("sell",)
        case Retrieve(area, _):
            return ("retrieve", "retrieve action boxes" if area == 0 else f"retrieve {area}")
        case PlaceShip(age, box, _):
            return (f"place {age}", f"place {age} {box}")
        case UpgradeShip(age, ship, box, _):
            return (f"upgrade {age} {ship}", f"upgrade {age} {ship} {box}")
        case RemoveShip(age, box, _):
            return (f"remove {age} {box}",)
        case TakeCard(card, _):
            return (card, f"card {card}")
        case Trade(location, good, _):
            return (f"{location} {good}",)
        case ChooseGood(good) | Exchange(good) | SellGood(good) | ReturnGood(good):
            return (good,)
        case StopSelling() | StopRetrieving() | Decline():
            return ("none", "no", "stop")
        case EndTurn():
            return ("end", "done", "pass")
    return ()


def spends(move: object) -> str | None:
    """What a move gives up that the player may want to keep: play asks before a forced one."""
    match move:
        case ReturnGood(good):
            return f"1 {good} (back to the pool)"
        case PlaceShip(_, _, cube) | UpgradeShip(_, _, _, cube) | RemoveShip(_, _, cube) if (
            cube == MERCHANT
        ):
            return "a merchant cube"
        case TakeCard(_, cube) | TakeGold(cube) | TakeNavigation(cube) | SellGoods(cube) if (
            cube == MERCHANT
        ):
            return "a merchant cube"
        case Retrieve(_, cube) if cube == MERCHANT:
            return "a merchant cube"
    return None
