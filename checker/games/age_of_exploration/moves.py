"""The steps of a game of Age of Exploration, each a frozen dataclass. Every move is written in
a log as one short *token* (``draw 113``, ``7 ok``, ``or 2``, ``lose Crew``, ``to ATL2``...):
``token()`` writes it and ``logformat`` reads it back; ``describe()`` says it in words. Each
move type declares both with ``@move(token, words)``: a template of its fields, or a function
of the move where the words depend on a value (no token: the log leaves the move out, the
checker supplies it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

Words = str | Callable[[Any], str | None] | None
_TOKEN: dict[type, Words] = {}
_WORDS: dict[type, Words] = {}


def move(token: Words, words: Words) -> Callable[[type], type]:
    """A move type: a frozen dataclass, with how a log writes it and how it is said."""

    def make(cls: type) -> type:
        cls = dataclass(frozen=True, slots=True)(cls)
        _TOKEN[cls], _WORDS[cls] = token, words
        return cls

    return make


def _say(how: Words, move: Any) -> str | None:
    if how is None or isinstance(how, str):
        return how and how.format_map({f.name: getattr(move, f.name) for f in fields(move)})
    return how(move)


def token(move: Any) -> str | None:
    """How a log writes the move (None: left out, the checker supplies it)."""
    return _say(_TOKEN.get(type(move)), move)


def describe(move: Any) -> str:
    """A move in words, as play lists it and a trace shows it."""
    return _say(_WORDS.get(type(move)), move) or str(move)


def _if(flag: bool, text: str) -> str:
    return text if flag else ""


# -- what the table reveals ---------------------------------------------------------------------
@move("leader {name}", "{name} turned over")
class Leader:  # a Leader card turned over: dealt, drawn from a pile
    name: str


@move("draw {number}", "card {number} drawn")
class Draw:  # a card drawn by its number (Outfitting or exploration)
    number: int


@move("row {number}", "card {number} turned face up")
class Row:  # an Outfitting card turned face up beside the deck (optional rule)
    number: int


@move(
    lambda m: f"{m.total}{roll_word(m.claim)}",
    lambda m: f"rolled {m.total}" + {None: "", True: " (success)", False: " (failure)"}[m.claim],
)
class Roll:  # the dice of a check (two dice; one for scurvy); ``claim``: the result as logged
    total: int
    claim: bool | None = None


# -- a turn and outfitting ------------------------------------------------------------------------
@move(None, "{player} begins the turn")
class StartTurn:
    player: str


@move("port", "stay in port: draw 2 Outfitting cards")
class StayInPort:  # draw two Outfitting cards and play them
    pass


@move(
    lambda m: f"launch {m.to}" + _if(m.on_foot, " on foot"),
    lambda m: f"launch to {m.to}" + _if(m.on_foot, " on foot"),
)
class Launch:  # to the sea space beside Europe, a Land Sighted chit, or from a base
    to: str
    on_foot: bool = False


@move(
    lambda m: f"play {m.card} {m.what}" + _if(m.region, f" {m.region}"),
    lambda m: f"play card {m.card} for {m.what}" + _if(m.region, f" ({m.region})"),
)
class Play:  # an Outfitting card turned in for one of its options (a Letter: any counter)
    card: int
    what: str  # "2 Provision", "Extra Ship", "Gold" ...
    region: str | None = None  # a Native Guide's or Interpreter's region


@move("gold {item}", "spend 1 Gold for 1 {item}")
class SpendGold:  # one Gold for a Crew, Provision or Soldiers (outfitting, or at a base)
    item: str


@move("ship {type}", "ship type {type}")
class ShipType:
    type: str


@move("from {space}", "launch from {space}")
class LaunchFrom:  # the launching point: Europe or a New World base
    space: str


@move(
    lambda m: f"pay {m.card}" if m.card else "pay gold",
    lambda m: "pay the base surcharge: " + (f"card {m.card}" if m.card else "1 Gold"),
)
class Pay:  # the base surcharge of one counter: a Gold (``0``) or a Letter of Credit card
    card: int


@move("hire {card} {pick}", "turn in card {card} for a new Leader: {pick}")
class Hire:  # Switching Leaders: a Letter of Credit for a retired Leader or a pile's top card
    card: int
    pick: str  # a retired Leader's name, or "explorer" / "conquistador"


@move("retire {name}", "retire {name}")
class Retire:  # which of the two Leaders goes to the retired Leaders, face up
    name: str


@move("pick {pick}", "new Leader: {pick}")
class Pick:  # a new expedition's Leader: a retired one, or a pile's top card
    pick: str


@move("take {number}", "take face-up card {number}")
class Take:  # a face-up Outfitting card (optional rule)
    number: int


@move(None, "draw from the deck")
class Blind:  # the top card of the Outfitting deck instead (optional rule)
    pass


@move(None, "outfitting done (discard the other cards)")
class Done:  # outfitting over: the cards left are discarded
    pass


# -- an exploration turn --------------------------------------------------------------------------
STANCE_WORDS = {
    "explore": "draw a card (to leave)",
    "stay": "stay (no card)",
    "rafts": "work on the rafts (a Land card)",
}


@move("{what}", lambda m: STANCE_WORDS[m.what])
class Stance:  # in a base or on an island: "explore" (leave) or "stay"; on a river: "rafts"
    what: str


@move("or {option}", "option {option}")
class Or:  # the option followed, 1-based, of a card's OR
    option: int


@move("lose {item}", "lose 1 {item}")
class Lose:  # the counter lost, when the loss leaves a choice
    item: str


@move("drop {item}", "leave 1 {item} behind")
class Drop:  # a counter thrown overboard (or left behind) for the cargo capacity
    item: str


@move("keep {which}", "keep the {which} one")
class Keep:  # a second Native Guide or Interpreter: keep the "old" one or take the "new"
    which: str


@move(
    lambda m: "intervene" if m.yes else None,
    lambda m: "the Leader fights for the last man" if m.yes else "no intervention",
)
class Intervene:  # the Leader checks Personal Arms to save the last man (True) or not
    yes: bool


@move("find {label}", "discover {label}")
class Find:  # the discovery made (a potential discovery's label)
    label: str


@move("rumor {space}", "Rumors of Gold to {space}")
class Rumor:  # where the Rumors of Gold chit goes, among spaces equally near
    space: str


@move("to {to}", "move to {to}")
class Move:  # one space of Progress
    to: str


@move(
    lambda m: "ashore scuttle" if m.scuttle else f"ashore {m.crew} {m.provision}",
    lambda m: (
        "go ashore, scuttling the ships"
        if m.scuttle
        else f"go ashore, leaving {m.crew} Crew and {m.provision} Provisions aboard"
    ),
)
class Ashore:  # a land expedition formed: Crew and Provisions left aboard, or ships scuttled
    crew: int = 0
    provision: int = 0
    scuttle: bool = False


@move("aboard", "back aboard the ships")
class Aboard:  # back aboard the ships it has not left
    pass


@move(
    lambda m: "natives" if m.yes else None,
    lambda m: "one Porters aboard as Natives for Europe" if m.yes else "Porters stay Porters",
)
class Natives:  # reboarding: one Porters taken aboard as a Natives for Europe chit (or kept)
    yes: bool


@move(None, "no (more) movement")
class Stop:  # no (more) movement
    pass


@move("status {to}", "status change to {to}")
class Status:  # a status change across a grey arrow
    to: str


@move(None, "no status change")
class NoStatus:
    pass


ACTION_WORDS = {
    "provision": "gain 1 Provision",
    "repair": "repair a ship or raft",
    "consolidate": "consolidate ships",
    "raft": "attempt to build a raft",
    "hardwood": "harvest Hardwood",
    "mine": "operate the mine",
    "kill ruler": "kill the Seized Ruler",
}


@move(
    lambda m: m.what if m.what != "eat" else (f"eat {m.n}" if m.n else None),
    lambda m: ACTION_WORDS[m.what] if m.what != "eat" else f"eat {m.n or 'no'} horses",
)
class Action:  # an expedition action: provision, repair, eat, consolidate, raft, hardwood,
    what: str  # mine, kill ruler
    n: int = 1


@move("takeover {rival}", "attempt to take over {rival}'s expedition")
class Takeover:  # attempt to take over a rival's expedition in the same space
    rival: str


@move("give {n}", "give the attacker {n} Gold")
class Give:  # Gold the target of a take-over gives the attacker (+2 each to the check)
    n: int


@move(None, "no expedition action")
class NoAction:
    pass


@move("must return", "declare Expedition must return")
class DeclareReturn:  # Expedition must return
    pass


@move("return", "return and publish")
class Return:  # to Europe or a base: publish
    pass


@move("abort", "abort the expedition")
class Abort:
    pass


@move(None, "end the turn")
class EndTurn:
    pass


@move(
    lambda m: f"major {m.major}" if m.major else None,
    lambda m: f"score the {m.major} Major Expedition" if m.major else "normal scoring",
)
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


def roll_word(claim: bool | None) -> str:
    return "" if claim is None else (" ok" if claim else " fail")


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
