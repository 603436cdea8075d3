"""The moves of Ships, in the order of a turn; each is one step of a log.

An action is one move (``PlaceShip``, ``TakeCard``...) naming the cube that pays for it:
``"merchant"`` (one of your merchant cubes from the Action cubes section), ``"free"`` (a free
action cube), ``"card"`` (the action a card grants, free of cube and gold) or ``None`` (what a
log leaves out: a merchant cube while the Action cubes section holds one, else a free cube).
What the action then needs is asked move by move: where the cube or disc goes, the goods sent
back from a full warehouse, the goods sold, the cards dealt to the display.
"""

from __future__ import annotations

from portolan.checker.core.records import declarer
from portolan.checker.core.words import in_words

move = declarer(__name__)

MERCHANT, FREE, CARD = "merchant", "free", "card"
CUBE_WORDS = {MERCHANT: "merchant cube", FREE: "free action cube", CARD: "the card"}

# Phase One: the cubes of the era into the Action cubes section
StartTurn = move("StartTurn", "{player} begins the turn", player=str)
# a card dealt to the display (at setup and when a new era begins)
Deal = move("Deal", "deal {card} to the display", card=str)
PlaceShip = move("PlaceShip", age=int, box=str, cube=(str | None, None))  # box: Merchant or Warship
# the ship in ``age``'s ``ship`` box moves to age + 1's ``box``
UpgradeShip = move("UpgradeShip", age=int, ship=str, box=str, cube=(str | None, None))
RemoveShip = move("RemoveShip", age=int, box=str, cube=(str | None, None))
TakeCard = move("TakeCard", card=str, cube=(str | None, None))
TakeGold = move("TakeGold", cube=(str | None, None))
TakeNavigation = move("TakeNavigation", cube=(str | None, None))
SellGoods = move("SellGoods", cube=(str | None, None))  # the goods follow, one SellGood each
# area 0: the action boxes; otherwise the cubes follow (TakeBack...)
Retrieve = move("Retrieve", area=int, cube=(str | None, None))
# a free exchange: what it gives is used by the action that follows
Exchange = move("Exchange", "exchange {good}", good=str)
EndTurn = move("EndTurn", "end the turn")  # Phase Three: tidy up; the next player's turn
# the merchant cube into a trade box (Area 7: its Merchant box and a good)
Trade = move("Trade", location=str, good=str, industry=(bool, False))
# the city disc into a city space (Area 7: its Warship box), taken from ``row``; benefit: which of
# the location's cities (None: its only one); row: Warehouse or Bank (None: the row that still has
# discs); industry: an industry counter written with it: never legal (a city's benefit)
City = move(
    "City", location=str, benefit=(str | None, None), row=(str | None, None), industry=(bool, False)
)
# a good back to the pool, to fit the warehouse
ReturnGood = move("ReturnGood", "return {good} to the pool", good=str)
SellGood = move("SellGood", "sell {good}", good=str)
StopSelling = move("StopSelling", "sell nothing more")
# retrieving from an area: the cube in this trade box
TakeBack = move("TakeBack", "take back the cube in {location} {good}", location=str, good=str)
# retrieving from an area: every cube of yours left there
TakeBackAll = move("TakeBackAll", "take back every cube there")
StopRetrieving = move("StopRetrieving", "take back nothing more")
ChooseGood = move("ChooseGood", "take {good}", good=str)  # a card's "good of your choice"
# a card's "take back your ships from one age"
TakeBackShips = move("TakeBackShips", age=int, merchant=int, warship=int)
Decline = move("Decline", "do not use the card's action")  # a card's action not taken up

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
