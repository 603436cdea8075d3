"""The steps of a game of Age of Exploration, each a frozen dataclass. Every move is written in
a log as one short *token* (``draw 113``, ``7 ok``, ``or 2``, ``lose Crew``, ``to ATL2``...):
``token()`` writes it and ``logformat`` reads it back; ``describe()`` says it in words. Each
move type is declared in one table row, ``move(name, token, words, fields)``: the token and the
words are templates of its fields, or functions of the move where they depend on a value (no
token: the log leaves the move out, the checker supplies it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from portolan.checker.core.records import record, spec_of

Words = str | Callable[[Any], str | None] | None
_TOKEN: dict[type, Words] = {}
_WORDS: dict[type, Words] = {}


def move(name: str, token: Words, words: Words, /, **fields: Any) -> type:
    """A move type: a frozen dataclass of ``fields`` in order (each ``name=type`` or
    ``name=(type, default)``; made cheaply: core/records.py), with how a log writes it and how
    it is said."""
    cls = record(name, spec_of(fields), (), __name__)  # found by name, as a class written here is
    _TOKEN[cls], _WORDS[cls] = token, words
    return cls


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
# A Leader card turned over (dealt, drawn from a pile); a card drawn by its number (Outfitting or
# exploration); an Outfitting card turned face up beside the deck (optional rule).
Leader = move("Leader", "leader {name}", "{name} turned over", name=str)
Draw = move("Draw", "draw {number}", "card {number} drawn", number=int)
Row = move("Row", "row {number}", "card {number} turned face up", number=int)
# The dice of a check (two dice; one for scurvy); ``claim``: the result as logged.
Roll = move(
    "Roll",
    lambda m: f"{m.total}" + {None: "", True: " ok", False: " fail"}[m.claim],
    lambda m: f"rolled {m.total}" + {None: "", True: " (success)", False: " (failure)"}[m.claim],
    total=int,
    claim=(bool | None, None),
)

# -- a turn and outfitting ------------------------------------------------------------------------
StartTurn = move("StartTurn", None, "{player} begins the turn", player=str)
# Draw two Outfitting cards and play them.
StayInPort = move("StayInPort", "port", "stay in port: draw 2 Outfitting cards")
# To the sea space beside Europe, a Land Sighted chit, or from a base.
Launch = move(
    "Launch",
    lambda m: f"launch {m.to}" + _if(m.on_foot, " on foot"),
    lambda m: f"launch to {m.to}" + _if(m.on_foot, " on foot"),
    to=str,
    on_foot=(bool, False),
)
# An Outfitting card turned in for one of its options (``what``: "2 Provision", "Extra Ship",
# "Gold"...; a Letter: any counter); ``region``: a Native Guide's or Interpreter's.
Play = move(
    "Play",
    lambda m: f"play {m.card} {m.what}" + _if(m.region, f" {m.region}"),
    lambda m: f"play card {m.card} for {m.what}" + _if(m.region, f" ({m.region})"),
    card=int,
    what=str,
    region=(str | None, None),
)
# One Gold for a Crew, Provision or Soldiers (outfitting, or at a base).
SpendGold = move("SpendGold", "gold {item}", "spend 1 Gold for 1 {item}", item=str)
ShipType = move("ShipType", "ship {type}", "ship type {type}", type=str)
# The launching point: Europe or a New World base.
LaunchFrom = move("LaunchFrom", "from {space}", "launch from {space}", space=str)
# The base surcharge of one counter: a Gold (``0``) or a Letter of Credit card.
Pay = move(
    "Pay",
    lambda m: f"pay {m.card}" if m.card else "pay gold",
    lambda m: "pay the base surcharge: " + (f"card {m.card}" if m.card else "1 Gold"),
    card=int,
)
# Switching Leaders: a Letter of Credit for a retired Leader or a pile's top card (``pick``: a
# retired Leader's name, or "explorer" / "conquistador").
Hire = move(
    "Hire", "hire {card} {pick}", "turn in card {card} for a new Leader: {pick}", card=int, pick=str
)
# Which of the two Leaders goes to the retired Leaders, face up.
Retire = move("Retire", "retire {name}", "retire {name}", name=str)
# A new expedition's Leader: a retired one, or a pile's top card.
Pick = move("Pick", "pick {pick}", "new Leader: {pick}", pick=str)
# A face-up Outfitting card, or the top card of the Outfitting deck instead (optional rule).
Take = move("Take", "take {number}", "take face-up card {number}", number=int)
Blind = move("Blind", None, "draw from the deck")
# Outfitting over: the cards left are discarded.
Done = move("Done", None, "outfitting done (discard the other cards)")

# -- an exploration turn --------------------------------------------------------------------------
STANCE_WORDS = {
    "explore": "draw a card (to leave)",
    "stay": "stay (no card)",
    "rafts": "work on the rafts (a Land card)",
}
# In a base or on an island: "explore" (leave) or "stay"; on a river: "rafts".
Stance = move("Stance", "{what}", lambda m: STANCE_WORDS[m.what], what=str)
Or = move("Or", "or {option}", "option {option}", option=int)  # the option followed, 1-based
Lose = move("Lose", "lose {item}", "lose 1 {item}", item=str)  # when the loss leaves a choice
# A counter thrown overboard (or left behind) for the cargo capacity.
Drop = move("Drop", "drop {item}", "leave 1 {item} behind", item=str)
# A second Native Guide or Interpreter: keep the "old" one or take the "new".
Keep = move("Keep", "keep {which}", "keep the {which} one", which=str)
# The Leader checks Personal Arms to save the last man (True) or not.
Intervene = move(
    "Intervene",
    lambda m: "intervene" if m.yes else None,
    lambda m: "the Leader fights for the last man" if m.yes else "no intervention",
    yes=bool,
)
Find = move("Find", "find {label}", "discover {label}", label=str)  # a potential discovery's
# Where the Rumors of Gold chit goes, among spaces equally near.
Rumor = move("Rumor", "rumor {space}", "Rumors of Gold to {space}", space=str)
Move = move("Move", "to {to}", "move to {to}", to=str)  # one space of Progress
# A land expedition formed: Crew and Provisions left aboard, or the ships scuttled.
Ashore = move(
    "Ashore",
    lambda m: "ashore scuttle" if m.scuttle else f"ashore {m.crew} {m.provision}",
    lambda m: (
        "go ashore, scuttling the ships"
        if m.scuttle
        else f"go ashore, leaving {m.crew} Crew and {m.provision} Provisions aboard"
    ),
    crew=(int, 0),
    provision=(int, 0),
    scuttle=(bool, False),
)
Aboard = move("Aboard", "aboard", "back aboard the ships")  # the ships it has not left
# Reboarding: one Porters taken aboard as a Natives for Europe chit (or kept).
Natives = move(
    "Natives",
    lambda m: "natives" if m.yes else None,
    lambda m: "one Porters aboard as Natives for Europe" if m.yes else "Porters stay Porters",
    yes=bool,
)
Stop = move("Stop", None, "no (more) movement")
# A status change across a grey arrow, or none.
Status = move("Status", "status {to}", "status change to {to}", to=str)
NoStatus = move("NoStatus", None, "no status change")
ACTION_WORDS = {
    "provision": "gain 1 Provision",
    "repair": "repair a ship or raft",
    "consolidate": "consolidate ships",
    "raft": "attempt to build a raft",
    "hardwood": "harvest Hardwood",
    "mine": "operate the mine",
    "kill ruler": "kill the Seized Ruler",
}
# An expedition action: provision, repair, eat (``n`` horses), consolidate, raft, hardwood,
# mine, kill ruler.
Action = move(
    "Action",
    lambda m: m.what if m.what != "eat" else (f"eat {m.n}" if m.n else None),
    lambda m: ACTION_WORDS[m.what] if m.what != "eat" else f"eat {m.n or 'no'} horses",
    what=str,
    n=(int, 1),
)
# Attempt to take over a rival's expedition in the same space; the Gold its target gives the
# attacker (+2 each to the check).
Takeover = move(
    "Takeover", "takeover {rival}", "attempt to take over {rival}'s expedition", rival=str
)
Give = move("Give", "give {n}", "give the attacker {n} Gold", n=int)
NoAction = move("NoAction", None, "no expedition action")
DeclareReturn = move("DeclareReturn", "must return", "declare Expedition must return")
Return = move("Return", "return", "return and publish")  # to Europe or a base: publish
Abort = move("Abort", "abort", "abort the expedition")
EndTurn = move("EndTurn", None, "end the turn")
# On return: a Major Expedition instead of normal scoring (None: normal scoring).
Score = move(
    "Score",
    lambda m: f"major {m.major}" if m.major else None,
    lambda m: f"score the {m.major} Major Expedition" if m.major else "normal scoring",
    major=str | None,
)


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
