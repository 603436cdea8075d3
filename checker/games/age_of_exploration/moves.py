"""The steps of a game of Age of Exploration, each a frozen dataclass. Every move is written in
a log as one short *token* (``draw 113``, ``7 ok``, ``or 2``, ``lose Crew``, ``to ATL2``...):
``token()`` writes it and ``logformat`` reads it back; ``describe()`` says it in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# -- what the table reveals ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Leader:  # a Leader card turned over: dealt, drawn from a pile
    name: str


@dataclass(frozen=True, slots=True)
class Draw:  # a card drawn by its number (Outfitting or exploration)
    number: int


@dataclass(frozen=True, slots=True)
class Row:  # an Outfitting card turned face up beside the deck (optional rule)
    number: int


@dataclass(frozen=True, slots=True)
class Roll:  # the dice of a check (two dice; one for scurvy); ``claim``: the result as logged
    total: int
    claim: bool | None = None


# -- a turn and outfitting ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartTurn:
    player: str


@dataclass(frozen=True, slots=True)
class StayInPort:  # draw two Outfitting cards and play them
    pass


@dataclass(frozen=True, slots=True)
class Launch:  # to the sea space beside Europe, a Land Sighted chit, or from a base
    to: str
    on_foot: bool = False


@dataclass(frozen=True, slots=True)
class Play:  # an Outfitting card turned in for one of its options (a Letter: any counter)
    card: int
    what: str  # "2 Provision", "Extra Ship", "Gold" ...
    region: str | None = None  # a Native Guide's or Interpreter's region


@dataclass(frozen=True, slots=True)
class SpendGold:  # one Gold for a Crew, Provision or Soldiers (outfitting, or at a base)
    item: str


@dataclass(frozen=True, slots=True)
class ShipType:
    type: str


@dataclass(frozen=True, slots=True)
class LaunchFrom:  # the launching point: Europe or a New World base
    space: str


@dataclass(frozen=True, slots=True)
class Pay:  # the base surcharge of one counter: a Gold (``0``) or a Letter of Credit card
    card: int


@dataclass(frozen=True, slots=True)
class Hire:  # Switching Leaders: a Letter of Credit for a retired Leader or a pile's top card
    card: int
    pick: str  # a retired Leader's name, or "explorer" / "conquistador"


@dataclass(frozen=True, slots=True)
class Retire:  # which of the two Leaders goes to the retired Leaders, face up
    name: str


@dataclass(frozen=True, slots=True)
class Pick:  # a new expedition's Leader: a retired one, or a pile's top card
    pick: str


@dataclass(frozen=True, slots=True)
class Take:  # a face-up Outfitting card (optional rule)
    number: int


@dataclass(frozen=True, slots=True)
class Blind:  # the top card of the Outfitting deck instead (optional rule)
    pass


@dataclass(frozen=True, slots=True)
class Done:  # outfitting over: the cards left are discarded
    pass


# -- an exploration turn --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stance:  # in a base or on an island: "explore" (leave) or "stay"; on a river: "rafts"
    what: str


@dataclass(frozen=True, slots=True)
class Or:  # the option followed, 1-based, of a card's OR
    option: int


@dataclass(frozen=True, slots=True)
class Lose:  # the counter lost, when the loss leaves a choice
    item: str


@dataclass(frozen=True, slots=True)
class Drop:  # a counter thrown overboard (or left behind) for the cargo capacity
    item: str


@dataclass(frozen=True, slots=True)
class Keep:  # a second Native Guide or Interpreter: keep the "old" one or take the "new"
    which: str


@dataclass(frozen=True, slots=True)
class Intervene:  # the Leader checks Personal Arms to save the last man (True) or not
    yes: bool


@dataclass(frozen=True, slots=True)
class Find:  # the discovery made (a potential discovery's label)
    label: str


@dataclass(frozen=True, slots=True)
class Rumor:  # where the Rumors of Gold chit goes, among spaces equally near
    space: str


@dataclass(frozen=True, slots=True)
class Move:  # one space of Progress
    to: str


@dataclass(frozen=True, slots=True)
class Ashore:  # a land expedition formed: Crew and Provisions left aboard, or ships scuttled
    crew: int = 0
    provision: int = 0
    scuttle: bool = False


@dataclass(frozen=True, slots=True)
class Aboard:  # back aboard the ships it has not left
    pass


@dataclass(frozen=True, slots=True)
class Natives:  # reboarding: one Porters taken aboard as a Natives for Europe chit (or kept)
    yes: bool


@dataclass(frozen=True, slots=True)
class Stop:  # no (more) movement
    pass


@dataclass(frozen=True, slots=True)
class Status:  # a status change across a grey arrow
    to: str


@dataclass(frozen=True, slots=True)
class NoStatus:
    pass


@dataclass(frozen=True, slots=True)
class Action:  # an expedition action: provision, repair, eat, consolidate, raft, hardwood,
    what: str  # mine, kill ruler
    n: int = 1


@dataclass(frozen=True, slots=True)
class Takeover:  # attempt to take over a rival's expedition in the same space
    rival: str


@dataclass(frozen=True, slots=True)
class Give:  # Gold the target of a take-over gives the attacker (+2 each to the check)
    n: int


@dataclass(frozen=True, slots=True)
class NoAction:
    pass


@dataclass(frozen=True, slots=True)
class DeclareReturn:  # Expedition must return
    pass


@dataclass(frozen=True, slots=True)
class Return:  # to Europe or a base: publish
    pass


@dataclass(frozen=True, slots=True)
class Abort:
    pass


@dataclass(frozen=True, slots=True)
class EndTurn:
    pass


@dataclass(frozen=True, slots=True)
class Score:  # on return: a Major Expedition instead of normal scoring (None: normal scoring)
    major: str | None


# The moves without data, made once.
STAY, DONE, BLIND, STOP, NO_STATUS, NO_ACTION, END_TURN = (
    StayInPort(),
    Done(),
    Blind(),
    Stop(),
    NoStatus(),
    NoAction(),
    EndTurn(),
)
DECLARE, RETURN, ABORT, ABOARD, NORMAL = DeclareReturn(), Return(), Abort(), Aboard(), Score(None)
NO_INTERVENTION = Intervene(False)

# What the table reveals, named at the prompt by a number or a name.
REVEALS = (Leader, Draw, Row, Roll)


def roll_word(claim: bool | None) -> str:
    return "" if claim is None else (" ok" if claim else " fail")


def token(move: Any) -> str | None:
    """How a log writes the move (None: left out, the checker supplies it)."""
    match move:
        case Leader(name):
            return f"leader {name}"
        case Draw(n):
            return f"draw {n}"
        case Row(n):
            return f"row {n}"
        case Roll(t, claim):
            return f"{t}{roll_word(claim)}"
        case StayInPort():
            return "port"
        case Launch(to, on_foot):
            return f"launch {to}" + (" on foot" if on_foot else "")
        case Play(card, what, region):
            return f"play {card} {what}" + (f" {region}" if region else "")
        case SpendGold(item):
            return f"gold {item}"
        case ShipType(t):
            return f"ship {t}"
        case LaunchFrom(space):
            return f"from {space}"
        case Pay(card):
            return f"pay {card}" if card else "pay gold"
        case Hire(card, pick):
            return f"hire {card} {pick}"
        case Retire(name):
            return f"retire {name}"
        case Pick(pick):
            return f"pick {pick}"
        case Take(n):
            return f"take {n}"
        case Stance(what):
            return what
        case Or(k):
            return f"or {k}"
        case Lose(item):
            return f"lose {item}"
        case Drop(item):
            return f"drop {item}"
        case Keep(which):
            return f"keep {which}"
        case Intervene(yes):
            return "intervene" if yes else None
        case Find(label):
            return f"find {label}"
        case Rumor(space):
            return f"rumor {space}"
        case Move(to):
            return f"to {to}"
        case Ashore(crew, prov, scuttle):
            return "ashore scuttle" if scuttle else f"ashore {crew} {prov}"
        case Aboard():
            return "aboard"
        case Natives(yes):
            return "natives" if yes else None
        case Status(to):
            return f"status {to}"
        case Action(what, n):
            if what == "eat":
                return f"eat {n}" if n else None
            return what
        case Takeover(rival):
            return f"takeover {rival}"
        case Give(n):
            return f"give {n}"
        case DeclareReturn():
            return "must return"
        case Return():
            return "return"
        case Abort():
            return "abort"
        case Score(major):
            return f"major {major}" if major else None
    return None  # StartTurn, Blind, Done, Stop, NoStatus, NoAction, EndTurn


def describe(move: Any) -> str:
    """A move in words, as play lists it and a trace shows it."""
    for words in (_turn_words, _outfitting_words, _expedition_words, _action_words):
        text = words(move)
        if text is not None:
            return text
    return str(move)


def _turn_words(move: Any) -> str | None:
    """The turn's start and what the table reveals."""
    match move:
        case StartTurn(p):
            return f"{p} begins the turn"
        case Leader(name):
            return f"{name} turned over"
        case Draw(n):
            return f"card {n} drawn"
        case Row(n):
            return f"card {n} turned face up"
        case Roll(t, claim):
            return f"rolled {t}" + {None: "", True: " (success)", False: " (failure)"}[claim]
    return None


def _outfitting_words(move: Any) -> str | None:
    """Outfitting: cards, gold, the ship type, Leaders."""
    match move:
        case StayInPort():
            return "stay in port: draw 2 Outfitting cards"
        case Launch(to, on_foot):
            return f"launch to {to}" + (" on foot" if on_foot else "")
        case Play(card, what, region):
            return f"play card {card} for {what}" + (f" ({region})" if region else "")
        case SpendGold(item):
            return f"spend 1 Gold for 1 {item}"
        case ShipType(t):
            return f"ship type {t}"
        case LaunchFrom(space):
            return f"launch from {space}"
        case Pay(card):
            return "pay the base surcharge: " + (f"card {card}" if card else "1 Gold")
        case Hire(card, pick):
            return f"turn in card {card} for a new Leader: {pick}"
        case Retire(name):
            return f"retire {name}"
        case Pick(pick):
            return f"new Leader: {pick}"
        case Take(n):
            return f"take face-up card {n}"
        case Blind():
            return "draw from the deck"
        case Done():
            return "outfitting done (discard the other cards)"
    return None


def _expedition_words(move: Any) -> str | None:
    """The expedition under way: cards met, losses, finds, movement."""
    match move:
        case Stance(what):
            return {
                "explore": "draw a card (to leave)",
                "stay": "stay (no card)",
                "rafts": "work on the rafts (a Land card)",
            }[what]
        case Or(k):
            return f"option {k}"
        case Lose(item):
            return f"lose 1 {item}"
        case Drop(item):
            return f"leave 1 {item} behind"
        case Keep(which):
            return f"keep the {which} one"
        case Intervene(yes):
            return "the Leader fights for the last man" if yes else "no intervention"
        case Find(label):
            return f"discover {label}"
        case Rumor(space):
            return f"Rumors of Gold to {space}"
        case Move(to):
            return f"move to {to}"
        case Ashore(crew, prov, scuttle):
            if scuttle:
                return "go ashore, scuttling the ships"
            return f"go ashore, leaving {crew} Crew and {prov} Provisions aboard"
        case Aboard():
            return "back aboard the ships"
        case Natives(yes):
            return "one Porters aboard as Natives for Europe" if yes else "Porters stay Porters"
        case Stop():
            return "no (more) movement"
    return None


def _action_words(move: Any) -> str | None:
    """Status, the expedition action, the return and scoring."""
    match move:
        case Status(to):
            return f"status change to {to}"
        case NoStatus():
            return "no status change"
        case Action(what, n):
            return {
                "provision": "gain 1 Provision",
                "repair": "repair a ship or raft",
                "eat": f"eat {n} horses" if n else "eat no horses",
                "consolidate": "consolidate ships",
                "raft": "attempt to build a raft",
                "hardwood": "harvest Hardwood",
                "mine": "operate the mine",
                "kill ruler": "kill the Seized Ruler",
            }[what]
        case Takeover(rival):
            return f"attempt to take over {rival}'s expedition"
        case Give(n):
            return f"give the attacker {n} Gold"
        case NoAction():
            return "no expedition action"
        case DeclareReturn():
            return "declare Expedition must return"
        case Return():
            return "return and publish"
        case Abort():
            return "abort the expedition"
        case EndTurn():
            return "end the turn"
        case Score(major):
            return f"score the {major} Major Expedition" if major else "normal scoring"
    return None


def outcome_name(move: Any) -> str:
    """What a person types for what the table reveals: a card's number, a Leader's name, the
    dice total."""
    match move:
        case Draw(n) | Row(n):
            return str(n)
        case Leader(name):
            return name
        case Roll(t, _):
            return str(t)
    return describe(move)
