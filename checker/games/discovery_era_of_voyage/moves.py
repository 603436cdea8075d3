"""The moves of the setup and of a turn, in the rulebook's order; each is one step of a log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from portolan.checker.core.records import declarer
from portolan.checker.core.words import in_words
from portolan.checker.games.discovery_era_of_voyage import book as bk
from portolan.checker.games.discovery_era_of_voyage import state as st

move = declarer(__name__)

# -- Game Preparation (turn 0, answered by the table) --------------------------------------------
# the island that lies in the next slot of the circle, clockwise
PlaceIsland = move("PlaceIsland", "{card}", card=str)
FirstPlayer = move("FirstPlayer", "{player}", player=str)  # the starting player, picked at random
# 3 coins each, or 0/0/1/1 from the starting player on
StartingCoins = move("StartingCoins", by_seat=bool)
# investment markers each player keeps (8, or fewer by agreement)
Markers = move("Markers", "{count} investment markers each", count=int)

# -- A turn ----------------------------------------------------------------------------------
StartTurn = move("StartTurn", "{player} begins the turn", player=str)
# 2 Player Variant: the 2nd player puts a pirate on a vacant island
PlacePirate = move("PlacePirate", island=str, bow=int)
# 2 Player Variant: pay 1 coin or resource to turn the pirate on an island; island: None: 'turn a
# pirate', which one is chosen next (play, simulate); payment: None: chosen next (PayPirate)
TurnPirate = move("TurnPirate", island=(str | None, None), payment=(str | None, None))
# what pays for turning the pirate chosen with TurnPirate(island)
PayPirate = move("PayPirate", "pay 1 {payment}", payment=str)


@dataclass(frozen=True, slots=True)
class Sail:  # to an island: named, or a number of steps along the bow (or both)
    to: str | None = None
    steps: int | None = None
    cost: int | None = field(default=None, compare=False)  # coins it costs, shown in play


Return = move("Return", "return to the Central Island")  # back to the Central Island
# on arriving from the Central Island: +1 clockwise, -1 counterclockwise
Bow = move("Bow", direction=int)
# 2 Player Variant: the pirate where the ship stopped moves 1 or 2 islands
MovePirate = move("MovePirate", steps=int)
Collect = move("Collect", "take the income")  # Income: take the island's income
NoIncome = move("NoIncome", "take no income")  # Income is optional ("Selective"): take none
# the resource chosen for an 'Any resource' box
Take = move("Take", "take {resource}", resource=str)


@dataclass(frozen=True, slots=True)
class Trade:  # Commercial island: buy or sell 1 resource
    action: str  # "buy" or "sell"
    resource: str
    price: int | None = field(default=None, compare=False)  # shown in play


# Cultural island: hand in 1 resource for VP
Exchange = move("Exchange", "exchange 1 {resource} for VP", resource=str)
# a bare resource in the log: taken (Any resource) or exchanged, as the island says
Pick = move("Pick", "{resource}", resource=str)
# no (more) trades or exchanges this visit
EndIncome = move("EndIncome", "no (more) trades or exchanges")
# place 1 investment marker here (the log may name the island)
Invest = move("Invest", "invest here", island=(str | None, None))
NoInvest = move("NoInvest", "do not invest")
# the turn is over (with pirates: after Invest, where a pirate may still turn)
EndTurn = move("EndTurn", "end the turn")

# -- The shared instances ----------------------------------------------------------------------
# Moves without data are made once; moves with data that play and simulate offer again and again
# are kept by their fields (a move is frozen, so one instance serves every game).
COLLECT, NO_INCOME, END_INCOME, NO_INVEST = Collect(), NoIncome(), EndIncome(), NoInvest()
END_TURN = EndTurn()
RETURN, INVEST_HERE = Return(), Invest()
BOWS = (Bow(1), Bow(-1))  # clockwise, counterclockwise
TURN_A_PIRATE = TurnPirate()


class _Moves(dict):
    """Moves of one type by their fields, each made the first time it is asked for."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        move = self[key] = self.make(*key) if isinstance(key, tuple) else self.make(key)
        return move


TRADES = _Moves(Trade)  # by (action, resource, price)
EXCHANGES = _Moves(Exchange)  # by resource
STARTS = _Moves(StartTurn)  # by player


def describe(move: Any) -> str:
    """A move in words, as play lists it and a trace shows it."""
    match move:
        case StartingCoins(by_seat):
            return "0/0/1/1 coins from the starting player on" if by_seat else "3 coins each"
        case PlacePirate(island, bow):
            return f"a pirate on {island}, bow {bk.BOW_NAMES[bow]}"
        case TurnPirate(None, None):
            return "turn a pirate's bow (1 coin or 1 resource)"
        case TurnPirate(island, None):
            return f"turn the pirate on {island}"
        case TurnPirate(island, payment):
            return f"pay 1 {payment} to turn the pirate on {island}"
        case Sail(to, None, cost):
            return f"sail to {to}{_coins(cost)}"
        case Sail(to, steps, cost):
            return f"sail {steps} step{'s' if steps != 1 else ''} to {to}{_coins(cost)}"
        case Bow(direction):
            return f"bow {bk.BOW_NAMES[direction]}"
        case MovePirate(steps):
            return f"move the pirate {steps} step{'s' if steps != 1 else ''}"
        case Trade(action, resource, price):
            return f"{action} 1 {resource}{_coins(price, 'for ')}"
    return in_words(move)


def spellings(move: Any) -> tuple[str, ...]:
    """Other words the log has for a move (play accepts them at its prompt); a bare number is
    a count, which play lists the move under."""
    match move:
        case StartingCoins(by_seat):
            return ("0/0/1/1", "by seat", "seat") if by_seat else ("3", "standard", "each")
        case Markers(count) | MovePirate(count):
            return (str(count),)
        case PlacePirate(island, bow):
            return tuple(f"{island} {w}" for w, d in bk.BOW_WORDS.items() if d == bow)
        case TurnPirate(island, payment) if island is not None:
            return (island,) if payment is None else (island, f"{island} {payment}")
        case PayPirate(payment):
            return (payment, "coin", "coins") if payment == "Coin" else (payment,)
        case Sail(to, steps, _):
            return (to,) if steps is None else (to, str(steps), f"{steps} steps")
        case Return():
            return bk.RETURN_WORDS
        case Bow(direction):
            return tuple(w for w, d in bk.BOW_WORDS.items() if d == direction)
        case Collect():
            return bk.YES_WORDS
        case Invest(None):
            return ("yes", "true")
        case NoIncome() | NoInvest():
            return bk.NONE_WORDS
        case Take(resource) | Exchange(resource) | Pick(resource):
            return (resource,)
        case Trade(action, resource, _):
            return (f"{action} {resource}",)
    return ()


def spends(move: Any) -> str | None:
    """What a move pays that the player may want to keep: play asks before a forced one."""
    match move:
        case PayPirate(payment) | TurnPirate(_, payment) if payment is not None:
            return f"1 {payment}"
    return None


# The phase each move belongs to (as state.py names them), for a move refused out of its place;
# a pirate is turned at any point of a turn, so TurnPirate and PayPirate have none.
MOVE_PHASES = {
    PlaceIsland: st.SETUP,
    FirstPlayer: st.SETUP,
    StartingCoins: st.SETUP,
    Markers: st.SETUP,
    StartTurn: st.TURN,
    PlacePirate: st.PIRATES,
    Sail: st.SAILING,
    Return: st.SAILING,
    Bow: st.SAILING,
    MovePirate: st.SAILING,
    Collect: st.INCOME,
    NoIncome: st.INCOME,
    Take: st.INCOME,
    Trade: st.INCOME,
    Exchange: st.INCOME,
    Pick: st.INCOME,
    EndIncome: st.INCOME,
    Invest: st.INVEST,
    NoInvest: st.INVEST,
    EndTurn: st.TURN_END,
}


def _coins(n: int | None, lead: str = "") -> str:
    if not n:
        return ""
    return f" ({lead}{n} coin{'s' if n > 1 else ''})"
