"""The steps of a game of Age of Discovery. A log entry may stand for several steps (a purchase is
the ship bought and the card turned over in its place); play and simulate ask for them one by one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portolan.checker.core.words import in_words

# -- Setup (§3.0): what the table turned over and dealt ----------------------------------------


@dataclass(frozen=True, slots=True)
class SetupShip:  # one of the 10 ships turned over into the purchase, then the filling row
    card: str
    row: str  # "purchase" or "filling"
    WORDS = "{card} into the {row} row"


@dataclass(frozen=True, slots=True)
class DealContract:  # a trade contract dealt face down to a player
    player: str
    card: str
    WORDS = "{player}: {card}"


@dataclass(frozen=True, slots=True)
class DealMission:  # a player's special mission, named at setup or when revealed at the end
    player: str
    card: str
    WORDS = "{player}: {card}"


@dataclass(frozen=True, slots=True)
class DealFlagship:  # a player's flagship, named at setup (or when first used: see Sail)
    player: str
    card: str
    WORDS = "{player}: {card}"


@dataclass(frozen=True, slots=True)
class KeepSecret:  # a card its owner keeps secret, not named until the rules reveal it
    player: str
    what: str  # "contract" (dealt, or drawn blind), "mission" or "flagship"
    WORDS = "{player}'s {what} kept secret"


HIDDEN = "hidden"  # what the log writes for a card kept secret


# -- Cards turned over during play --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RowContract:  # a trade contract turned face up into the contract row
    card: str
    WORDS = "{card} turned face up"


@dataclass(frozen=True, slots=True)
class TurnOver:  # a card turned over from the draw piles into the filling row
    card: str
    pile: int | None = None  # the pile the log says it came from (1-5), if it says


@dataclass(frozen=True, slots=True)
class ContractDrawn:  # the trade contract drawn blind from the draw deck
    card: str
    WORDS = "{card} drawn"


# -- A turn (§4.0) --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartTurn:
    player: str
    WORDS = "{player} begins the turn"


@dataclass(frozen=True, slots=True)
class TakeCoins:  # §4.1
    WORDS = "take coins"


@dataclass(frozen=True, slots=True)
class TakeContract:  # §4.2: a face-up contract (a new one is turned over in its place)
    card: str
    WORDS = "accept the face-up contract {card}"


@dataclass(frozen=True, slots=True)
class DrawContract:  # §4.2: the top card of the draw deck, drawn blind (ContractDrawn follows)
    WORDS = "accept a contract: draw the top card of the deck"


@dataclass(frozen=True, slots=True)
class Contract:  # §4.2 as a log writes it: face up if it is in the row, else drawn blind
    card: str
    WORDS = "accept the contract {card}"


@dataclass(frozen=True, slots=True)
class Buy:  # §4.3: a ship bought from the purchase row (space 1-5, None: wherever it is)
    card: str
    space: int | None = None


@dataclass(frozen=True, slots=True)
class SendShip:  # §4.4.1: this ship goes on an expedition (Sail says which)
    card: str
    WORDS = "send {card}"


@dataclass(frozen=True, slots=True)
class Sail:  # §4.4.1: the expedition, and for a flagship its transport and colour
    expedition: str
    transport: int | None = None
    colour: str | None = None
    wild: bool = False  # a Wild Ship card played for this ship (§6.2)


@dataclass(frozen=True, slots=True)
class PlayContract:  # §4.4.2: a contract from the hand, for a voyage of 1-3 turns
    card: str
    duration: int
    WORDS = "play {card} for {duration} turn(s)"


@dataclass(frozen=True, slots=True)
class Assign:  # §4.4.2: a ship assigned to the contract being played
    card: str
    transport: int | None = None
    colour: str | None = None
    wild: bool = False


@dataclass(frozen=True, slots=True)
class Reserve:  # §6.2: a token on a ship of the purchase or filling row, or a face-up contract
    card: str
    row: str | None = None  # "purchase", "filling" or "contracts"; None: wherever it is
    space: int | None = None  # 1-based


@dataclass(frozen=True, slots=True)
class EndTurn:
    WORDS = "end the turn"


# The moves without data, made once.
END_TURN, TAKE_2, DRAW_BLIND = EndTurn(), TakeCoins(), DrawContract()

# What the table reveals, named at the prompt by the card's name.
CARD_REVEALS = (
    SetupShip,
    RowContract,
    DealContract,
    DealMission,
    DealFlagship,
    TurnOver,
    ContractDrawn,
)

_SHARED: dict[tuple, Any] = {}


def shared(kind: type, *args: Any) -> Any:
    """One shared (immutable) move object per kind and arguments: much cheaper than new ones
    (the legal moves are listed at nearly every step of a random game)."""
    key = (kind, *args)
    move = _SHARED.get(key)
    if move is None:
        move = _SHARED[key] = kind(*args)
    return move


def describe(move: Any) -> str:
    """A move in words, as play lists it and a trace shows it."""
    match move:
        case TurnOver(card, pile):
            return f"{card} turned over" + (f" (pile {pile})" if pile else "")
        case Buy(card, space):
            return f"buy {card}" + (f" (space {space})" if space else "")
        case Sail(exp, t, colour, wild):
            return f"to {exp}'s expedition{_ship_words(t, colour, wild)}"
        case Assign(card, t, colour, wild):
            return f"assign {card}{_ship_words(t, colour, wild)}"
        case Reserve(card, row, space):
            where = f" ({row} row" + (f", space {space}" if space else "") + ")" if row else ""
            return f"play Reservation on {card}{where}"
    return in_words(move)


def _ship_words(transport: int | None, colour: str | None, wild: bool) -> str:
    """What a ship sent or assigned is named by besides its card: ' (transport 2, Wild Ship)'."""
    extra = [f"transport {transport}"] if transport else []
    extra += [colour] if colour else []
    extra += ["Wild Ship"] if wild else []
    return f" ({', '.join(extra)})" if extra else ""


def spellings(move: Any) -> tuple[str, ...]:
    """Other words the log has for a move (play accepts them at its prompt)."""
    match move:
        case KeepSecret():
            return (HIDDEN,)
        case DrawContract():
            return ("draw",)
        case TakeContract(card) | Buy(card, _) | SendShip(card) | Reserve(card, _, _):
            return (card,)
    return ()


def spends(move: Any) -> str | None:
    """A Wild Ship card played: play asks before it plays such a move, even the only one."""
    if isinstance(move, (Sail, Assign)) and move.wild:
        return "a Wild Ship card"
    return None
