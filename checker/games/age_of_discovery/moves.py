"""The steps of a game of Age of Discovery. A log entry may stand for several steps (a purchase is
the ship bought and the card turned over in its place); play and simulate ask for them one by one.
"""

from __future__ import annotations

import functools
from typing import Any

from portolan.checker.core.records import declarer
from portolan.checker.core.words import in_words

move = declarer(__name__)

# -- Setup (§3.0): what the table turned over and dealt ----------------------------------------
# one of the 10 ships turned over into the purchase, then the filling row; row: "purchase" or
# "filling"
SetupShip = move("SetupShip", "{card} into the {row} row", card=str, row=str)
# a trade contract dealt face down to a player
DealContract = move("DealContract", "{player}: {card}", player=str, card=str)
# a player's special mission, named at setup or when revealed at the end
DealMission = move("DealMission", "{player}: {card}", player=str, card=str)
# a player's flagship, named at setup (or when first used: see Sail)
DealFlagship = move("DealFlagship", "{player}: {card}", player=str, card=str)
# a card its owner keeps secret, not named until the rules reveal it; what: "contract" (dealt, or
# drawn blind), "mission" or "flagship"
KeepSecret = move("KeepSecret", "{player}'s {what} kept secret", player=str, what=str)

HIDDEN = "hidden"  # what the log writes for a card kept secret

# -- Cards turned over during play --------------------------------------------------------------
# a trade contract turned face up into the contract row
RowContract = move("RowContract", "{card} turned face up", card=str)
# a card turned over from the draw piles into the filling row; pile: the pile the log says it came
# from (1-5), if it says
TurnOver = move("TurnOver", card=str, pile=(int | None, None))
# the trade contract drawn blind from the draw deck
ContractDrawn = move("ContractDrawn", "{card} drawn", card=str)

# -- A turn (§4.0) --------------------------------------------------------------------------------
StartTurn = move("StartTurn", "{player} begins the turn", player=str)
TakeCoins = move("TakeCoins", "take coins")  # §4.1
# §4.2: a face-up contract (a new one is turned over in its place)
TakeContract = move("TakeContract", "accept the face-up contract {card}", card=str)
# §4.2: the top card of the draw deck, drawn blind (ContractDrawn follows)
DrawContract = move("DrawContract", "accept a contract: draw the top card of the deck")
# §4.2 as a log writes it: face up if it is in the row, else drawn blind
Contract = move("Contract", "accept the contract {card}", card=str)
# §4.3: a ship bought from the purchase row (space 1-5, None: wherever it is)
Buy = move("Buy", card=str, space=(int | None, None))
# §4.4.1: this ship goes on an expedition (Sail says which)
SendShip = move("SendShip", "send {card}", card=str)
# §4.4.1: the expedition, and for a flagship its transport and colour; wild: a Wild Ship card
# played for this ship (§6.2)
Sail = move(
    "Sail",
    expedition=str,
    transport=(int | None, None),
    colour=(str | None, None),
    wild=(bool, False),
)
# §4.4.2: a contract from the hand, for a voyage of 1-3 turns
PlayContract = move("PlayContract", "play {card} for {duration} turn(s)", card=str, duration=int)
# §4.4.2: a ship assigned to the contract being played
Assign = move(
    "Assign", card=str, transport=(int | None, None), colour=(str | None, None), wild=(bool, False)
)
# §6.2: a token on a ship of the purchase or filling row, or a face-up contract; row: "purchase",
# "filling" or "contracts"; None: wherever it is; space: 1-based
Reserve = move("Reserve", card=str, row=(str | None, None), space=(int | None, None))
EndTurn = move("EndTurn", "end the turn")

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


@functools.cache
def shared(kind: type, *args: Any) -> Any:
    """One shared (immutable) move object per kind and arguments: much cheaper than new ones
    (the legal moves are listed at nearly every step of a random game)."""
    return kind(*args)


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
