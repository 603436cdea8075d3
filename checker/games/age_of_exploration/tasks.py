"""The steps of a turn of Age of Exploration, as the core's typed tasks (checker/core/turn.py).

One frozen dataclass per kind of pending step, declared a line each (``kind``: its fields) in
the rulebook's order of a turn (Exploration Turns): outfitting in port, the card drawn and its
instructions, movement, the status change, the expedition action, the end-of-turn actions, and
what a card or a roll pushes on top (a check to roll for, an OR to choose, a loss to take...).

The section module that owns a step registers its hooks for it (``register``, or the decorator
``actions.engine.auto`` for a step carried out alone): ``auto`` (carry it out if it needs no
decision), ``decide``, ``options`` (legal moves, or chance outcomes with weights), ``check``
(why a move does not answer it) and ``answer`` (apply the move). Each hook takes the state and
the task.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from portolan.checker.core.records import record, spec_of
from portolan.checker.core.turn import Decision, Illegal, Task


@dataclass(frozen=True, slots=True)
class Hooks:
    """What a section says of a kind of task it owns (each hook takes the state, the task and,
    for ``check`` and ``answer``, the move; ``answer`` is given the task already off the stack,
    and puts it back if it still waits; an ``Effect``'s ``auto`` takes the task's fields in
    place of the task)."""

    auto: Callable[..., list[str] | None] | None = None
    decide: Callable[[Any, Any], Decision] | None = None
    options: Callable[[Any, Any], list] | None = None
    check: Callable[[Any, Any, Any], Illegal | None] | None = None
    answer: Callable[[Any, Any, Any], list[str]] | None = None


def register(kind: type[TurnTask], *hooks: Any, **named: Any) -> None:
    """The hooks of a kind of task, given by the section that owns it in the order of
    ``Hooks`` (auto, decide, options, check, answer; None where it has none)."""
    kind.hooks = Hooks(*hooks, **named)


class TurnTask(Task):
    """A step of an Age of Exploration turn: its section's hooks answer for it."""

    __slots__ = ()
    hooks: ClassVar[Hooks] = Hooks()

    def decision(self, state: Any) -> Decision | None:
        decide = self.hooks.decide
        return None if decide is None else decide(state, self)

    def carry_out(self, state: Any) -> list[str] | None:
        auto = self.hooks.auto
        if auto is None:
            return None
        events = auto(state, self)
        if events is not None and state.over:
            state.tasks.clear()
        return events


class Effect(TurnTask):
    """A task carried out alone, never waiting for a decision (an effect a roll or a card
    decided, a step of the turn's frame): its section's ``auto`` hook is the effect, called
    with the task's fields once the task is off the stack."""

    __slots__ = ()

    def carry_out(self, state: Any) -> list[str]:
        state.tasks.pop()
        events = self.hooks.auto(state, *self._values())
        if state.over:
            state.tasks.clear()
        return events


def kind(name: str, base: type = TurnTask, /, **fields: Any) -> type:
    """A kind of task: a frozen dataclass of ``fields`` in order, each ``name=type`` or
    ``name=(type, default)`` (made cheaply: core/records.py)."""
    # found by name where a position writes it
    return record(name, spec_of(fields), (base,), __name__)


# -- the deal and the turn's frame --------------------------------------------------------------
BeginPlay = kind("BeginPlay", Effect)  # after the deal, play begins with the first player
StartOfTurn = kind("StartOfTurn")  # the next player's turn is to begin
NextPlayer = kind("NextPlayer", Effect)  # the turn is over: the next player's turn
# The end-of-turn actions: return, declare a return, abort, or end the turn.
EndOfTurn = kind("EndOfTurn")
LostCheck = kind("LostCheck", Effect)  # a lost expedition checks whether it finds its way
ScoreVoyage = kind("ScoreVoyage", player=str)  # a returned expedition's voyage is scored

# -- outfitting and launching -------------------------------------------------------------------
# ``player`` draws an Outfitting card (``how``: "blind" from the deck once a face-up row is in
# play); a face-up card was taken: the row is filled again.
DrawOutfitting = kind("DrawOutfitting", player=str, how=(str | None, None))
RefillRow = kind("RefillRow", player=str)
# ``player`` outfits the expedition with the cards in hand (``why``: in port, new...).
Outfit = kind("Outfit", player=str, why=str)
InPort = kind("InPort")  # a turn in port: stay in port or launch
ScurvyRoll = kind("ScurvyRoll")  # the roll for scurvy on launching
EatProvisions = kind("EatProvisions", losses=int)  # scurvy losses, from the Provisions first
Launched = kind("Launched")  # launching takes the whole turn
# ``player`` draws a Leader of ``group`` (``purpose``: "pick" or "hire"), picks one
# (``leader``: the one that aborted, if any), retires the Leader ``name``, forms a new
# expedition (``why``: second, returned, aborted, failed).
DrawLeader = kind("DrawLeader", player=str, group=str, purpose=str)
PickLeader = kind("PickLeader", player=str, leader=str | None)
RetireLeader = kind("RetireLeader", player=str, name=str)
NewExpedition = kind("NewExpedition", player=str, why=str, leader=(str | None, None))

# -- the card drawn and its instructions --------------------------------------------------------
ChooseStance = kind("ChooseStance")  # leave (draw a card) or stay, or explore a river or rafts
DrawCard = kind("DrawCard", deck=str)  # the exploration card drawn from ``deck``
# The card's instructions done: it is turned in, then Discovery and Rumors of Gold.
TurnInCard = kind("TurnInCard", Effect)
# A card's instructions: ``seq``, from ``index`` on.
Instructions = kind("Instructions", Effect, seq=tuple, index=int)
ChooseOr = kind("ChooseOr", step=Any)  # an OR of the card: ``step`` (a Choice) gives the options
CombatCheck = kind("CombatCheck", Effect, step=Any, bonus=int)  # a Combat check, ``bonus`` added
# A check: roll ``target`` or less for ``what`` on ``dice`` dice; ``success`` or ``failure``
# are the tasks that follow.
RollCheck = kind("RollCheck", target=int, what=str, success=tuple, failure=tuple, dice=(int, 2))
Discover = kind("Discover")  # the card's Discovery is resolved
RumorsOfGold = kind("RumorsOfGold")  # the card's Rumors of Gold are resolved

# -- losses -------------------------------------------------------------------------------------
# A loss of one of ``what`` (for ``cause``); ``forced`` when no intervention may stop it; a
# Leader's intervention may stop it.
TakeLoss = kind("TakeLoss", what=tuple, cause=str, forced=(bool, False))
MayIntervene = kind("MayIntervene", what=tuple, cause=str)
CargoOverLimit = kind("CargoOverLimit")  # cargo over what the ships hold is dropped
# A ship or raft is damaged (``rotten``: Teredos).
ShipDamage = kind("ShipDamage", Effect, rotten=bool)
Wreck = kind("Wreck", Effect)  # a ship or raft is wrecked
# A second Native Guide or Interpreter (``attr``): keep the old one or ``new``.
KeepGuide = kind("KeepGuide", attr=str, new=Any)

# -- movement, status, expedition action --------------------------------------------------------
Movement = kind("Movement")  # the movement step
Entered = kind("Entered", Effect, space=str)  # the expedition entered ``space``
Reboard = kind("Reboard", Effect)  # a land expedition goes back aboard
MeetNatives = kind("MeetNatives")  # natives met on the way
StatusChange = kind("StatusChange")  # the status change step
# The expedition action step (``kind``: what is already chosen, e.g. "gold").
ExpeditionAction = kind("ExpeditionAction", kind=(str | None, None))
# How much Gold ``giver``, whose expedition ``attacker`` takes over, gives to the Negotiation.
GiveGold = kind("GiveGold", giver=str, attacker=str)


# -- effects: what a roll decided, carried out alone --------------------------------------------
StraitPassed = kind("StraitPassed", Effect)  # the Navigation check in the Straits succeeded
RaftBuilt = kind("RaftBuilt", Effect)  # the raft-building check succeeded
Deplete = kind("Deplete", Effect, space=str)  # the mine of ``space`` is depleted
Barred = kind("Barred", Effect, rival=str)  # ``rival`` bars the takeover by Negotiation
Repulsed = kind("Repulsed", Effect, rival=str)  # ``rival`` repulses the attack
TakenOver = kind("TakenOver", Effect, loser=str, winner=str)  # ``loser``'s, by ``winner``'s
# A second expedition in the Capital that took nothing over leaves it.
CapitalExit = kind("CapitalExit", Effect, attacker=str)
EmpireDefeated = kind("EmpireDefeated", Effect, name=str)  # the empire ``name`` is defeated
ShipThere = kind("ShipThere", Effect)  # a ship is still there for a land expedition reboarding
Reboarded = kind("Reboarded", Effect)  # the land expedition goes aboard the ships still there
FoundWay = kind("FoundWay", Effect)  # a lost expedition finds its way
StillLost = kind("StillLost", Effect)  # a lost expedition stays lost
LeaderDies = kind("LeaderDies", Effect, who=(str | None, None))  # ``who``: if not the player's
Consolidation = kind("Consolidation", Effect)  # crew consolidation: a check that may add 1 Crew
CrewBack = kind("CrewBack", Effect)  # the consolidation check succeeded: 1 Crew back
Wrecked = kind("Wrecked", Effect, item=str)  # ``item`` is lost in the shipwreck
ShipwreckedAshore = kind("ShipwreckedAshore", Effect, space=str)  # ashore in ``space``
Failed = kind("Failed", Effect, why=str)  # the expedition fails (``why``)
