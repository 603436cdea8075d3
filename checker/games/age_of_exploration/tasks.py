"""The steps of a turn of Age of Exploration, as the core's typed tasks (checker/core/turn.py).

One frozen dataclass per kind of pending step, in the rulebook's order of a turn (Exploration
Turns): outfitting in port, the card drawn and its instructions, movement, the status change,
the expedition action, the end-of-turn actions, and what a card or a roll pushes on top (a check
to roll for, an OR to choose, a loss to take...).

The section module that owns a step registers its hooks for it (``register``): ``auto`` (carry
it out if it needs no decision), ``decide``, ``options`` (legal moves, or chance outcomes with
weights), ``check`` (why a move does not answer it) and ``answer`` (apply the move). Each hook
takes the state and the task.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from portolan.checker.core.turn import Decision, Illegal, Task


@dataclass(frozen=True, slots=True)
class Hooks:
    """What a section says of a kind of task it owns (each hook takes the state, the task and,
    for ``check`` and ``answer``, the move)."""

    auto: Callable[[Any, Any], list[str] | None] | None = None
    decide: Callable[[Any, Any], Decision] | None = None
    options: Callable[[Any, Any], list] | None = None
    check: Callable[[Any, Any, Any], Illegal | None] | None = None
    answer: Callable[[Any, Any, Any], list[str]] | None = None


def register(kind: type[TurnTask], **hooks: Any) -> None:
    """The hooks of a kind of task, given by the section that owns it."""
    kind.hooks = Hooks(**hooks)


class TurnTask(Task):
    """A step of an Age of Exploration turn: its section's hooks answer for it."""

    __slots__ = ()
    hooks: ClassVar[Hooks] = Hooks()

    def decision(self, state: Any) -> Decision | None:
        decide = self.hooks.decide
        return None if decide is None else decide(state, self)

    def choices(self, state: Any) -> list[Any]:
        return self.hooks.options(state, self)

    def chances(self, state: Any) -> list[tuple[Any, int]]:
        return self.hooks.options(state, self)

    def carry_out(self, state: Any) -> list[str] | None:
        auto = self.hooks.auto
        if auto is None:
            return None
        events = auto(state, self)
        if events is not None and state.over:
            state.tasks.clear()
        return events


# -- the deal and the turn's frame --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BeginPlay(TurnTask):
    """After the deal, play begins with the first player."""


@dataclass(frozen=True, slots=True)
class StartOfTurn(TurnTask):
    """The next player's turn is to begin."""


@dataclass(frozen=True, slots=True)
class NextPlayer(TurnTask):
    """The turn is over: the next player's turn."""


@dataclass(frozen=True, slots=True)
class EndOfTurn(TurnTask):
    """The end-of-turn actions: return, declare a return, abort, or end the turn."""


@dataclass(frozen=True, slots=True)
class LostCheck(TurnTask):
    """A lost expedition checks whether it finds its way (end of turn)."""


@dataclass(frozen=True, slots=True)
class ScoreVoyage(TurnTask):
    """A returned expedition's voyage is scored."""

    player: str


# -- outfitting and launching -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DrawOutfitting(TurnTask):
    """``player`` draws an Outfitting card (``how``: "blind" from the deck once a face-up row
    is in play)."""

    player: str
    how: str | None = None


@dataclass(frozen=True, slots=True)
class RefillRow(TurnTask):
    """A face-up Outfitting card was taken: the row is filled again."""

    player: str


@dataclass(frozen=True, slots=True)
class Outfit(TurnTask):
    """``player`` outfits the expedition with the cards in hand (``why``: in port, new...)."""

    player: str
    why: str


@dataclass(frozen=True, slots=True)
class InPort(TurnTask):
    """A turn in port: stay in port or launch."""


@dataclass(frozen=True, slots=True)
class ScurvyRoll(TurnTask):
    """The roll for scurvy on launching."""


@dataclass(frozen=True, slots=True)
class EatProvisions(TurnTask):
    """Losses from scurvy, taken from the Provisions first."""

    losses: int


@dataclass(frozen=True, slots=True)
class Launched(TurnTask):
    """Launching takes the whole turn."""


@dataclass(frozen=True, slots=True)
class DrawLeader(TurnTask):
    """``player`` draws a Leader of ``group`` (``purpose``: "pick" or "hire")."""

    player: str
    group: str
    purpose: str


@dataclass(frozen=True, slots=True)
class PickLeader(TurnTask):
    """``player`` picks a Leader (``leader``: the one that aborted, if any)."""

    player: str
    leader: str | None


@dataclass(frozen=True, slots=True)
class RetireLeader(TurnTask):
    """``player`` retires the Leader ``name``."""

    player: str
    name: str


@dataclass(frozen=True, slots=True)
class NewExpedition(TurnTask):
    """``player`` forms a new expedition (``why``: second, returned, aborted, failed)."""

    player: str
    why: str
    leader: str | None = None


# -- the card drawn and its instructions --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseStance(TurnTask):
    """Leave (draw a card) or stay, or explore a river or work on rafts."""


@dataclass(frozen=True, slots=True)
class DrawCard(TurnTask):
    """The exploration card drawn from ``deck``."""

    deck: str


@dataclass(frozen=True, slots=True)
class TurnInCard(TurnTask):
    """The card's instructions done: it is turned in, then Discovery and Rumors of Gold."""


@dataclass(frozen=True, slots=True)
class Instructions(TurnTask):
    """The instructions ``seq`` of a card or option, from ``index`` on."""

    seq: tuple
    index: int


@dataclass(frozen=True, slots=True)
class ChooseOr(TurnTask):
    """An OR of the card: ``step`` (a Choice) gives the options."""

    step: Any


@dataclass(frozen=True, slots=True)
class CombatCheck(TurnTask):
    """A Combat check of the card (``step``), with ``bonus`` added."""

    step: Any
    bonus: int


@dataclass(frozen=True, slots=True)
class RollCheck(TurnTask):
    """A check: roll ``target`` or less for ``what``; ``success`` or ``failure`` are the tasks
    that follow (rolled with ``dice`` dice)."""

    target: int
    what: str
    success: tuple
    failure: tuple
    dice: int = 2


@dataclass(frozen=True, slots=True)
class Discover(TurnTask):
    """The card's Discovery is resolved."""


@dataclass(frozen=True, slots=True)
class RumorsOfGold(TurnTask):
    """The card's Rumors of Gold are resolved."""


# -- losses -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TakeLoss(TurnTask):
    """A loss of one of ``what`` (for ``cause``); ``forced`` when no intervention may stop it."""

    what: tuple
    cause: str
    forced: bool = False


@dataclass(frozen=True, slots=True)
class MayIntervene(TurnTask):
    """A Leader's intervention may stop the loss of ``what``."""

    what: tuple
    cause: str


@dataclass(frozen=True, slots=True)
class CargoOverLimit(TurnTask):
    """Cargo over what the ships hold is dropped."""


@dataclass(frozen=True, slots=True)
class ShipDamage(TurnTask):
    """A ship or raft is damaged (``rotten``: by the Teredos)."""

    rotten: bool


@dataclass(frozen=True, slots=True)
class Wreck(TurnTask):
    """A ship or raft is wrecked."""


@dataclass(frozen=True, slots=True)
class KeepGuide(TurnTask):
    """A second Native Guide or Interpreter (``attr``): keep the old one or ``new``."""

    attr: str
    new: Any


# -- movement, status, expedition action --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Movement(TurnTask):
    """The movement step."""


@dataclass(frozen=True, slots=True)
class Entered(TurnTask):
    """The expedition entered ``space``."""

    space: str


@dataclass(frozen=True, slots=True)
class Reboard(TurnTask):
    """A land expedition goes back aboard."""


@dataclass(frozen=True, slots=True)
class MeetNatives(TurnTask):
    """Natives met on the way."""


@dataclass(frozen=True, slots=True)
class StatusChange(TurnTask):
    """The status change step."""


@dataclass(frozen=True, slots=True)
class ExpeditionAction(TurnTask):
    """The expedition action step (``kind``: what is already chosen, e.g. "gold")."""

    kind: str | None = None


@dataclass(frozen=True, slots=True)
class GiveGold(TurnTask):
    """How much Gold ``giver``, whose expedition ``attacker`` takes over, gives to the
    Negotiation check."""

    giver: str
    attacker: str


# -- effects: what a roll decided, carried out alone --------------------------------------------
class Effect(TurnTask):
    """An effect a roll (or a card) decided: its section's ``auto`` hook is the effect, called
    with the task's fields once the task is off the stack."""

    __slots__ = ()

    def carry_out(self, state: Any) -> list[str]:
        state.tasks.pop()
        events = self.hooks.auto(state, *(getattr(self, f) for f in self.__dataclass_fields__))
        if state.over:
            state.tasks.clear()
        return events


@dataclass(frozen=True, slots=True)
class StraitPassed(Effect):
    """The Navigation check in the Straits of Magellan succeeded."""


@dataclass(frozen=True, slots=True)
class RaftBuilt(Effect):
    """The raft-building check succeeded."""


@dataclass(frozen=True, slots=True)
class Deplete(Effect):
    """The mine of ``space`` is depleted."""

    space: str


@dataclass(frozen=True, slots=True)
class Barred(Effect):
    """``rival`` bars the takeover by Negotiation."""

    rival: str


@dataclass(frozen=True, slots=True)
class Repulsed(Effect):
    """``rival`` repulses the attack."""

    rival: str


@dataclass(frozen=True, slots=True)
class TakenOver(Effect):
    """``loser``'s expedition is taken over by ``winner``'s."""

    loser: str
    winner: str


@dataclass(frozen=True, slots=True)
class CapitalExit(Effect):
    """A second expedition in the Capital that took nothing over leaves it."""

    attacker: str


@dataclass(frozen=True, slots=True)
class EmpireDefeated(Effect):
    """The empire ``name`` is defeated."""

    name: str


@dataclass(frozen=True, slots=True)
class ShipThere(Effect):
    """One of the ships is still there for a land expedition going back aboard."""


@dataclass(frozen=True, slots=True)
class Reboarded(Effect):
    """The land expedition goes back aboard the ships still there."""


@dataclass(frozen=True, slots=True)
class FoundWay(Effect):
    """A lost expedition finds its way."""


@dataclass(frozen=True, slots=True)
class StillLost(Effect):
    """A lost expedition stays lost."""


@dataclass(frozen=True, slots=True)
class LeaderDies(Effect):
    """The Leader dies (``who``: the one named, if not the expedition's)."""

    who: str | None = None


@dataclass(frozen=True, slots=True)
class Consolidation(Effect):
    """Crew consolidation: a check that may add 1 Crew."""


@dataclass(frozen=True, slots=True)
class CrewBack(Effect):
    """The consolidation check succeeded: 1 Crew back."""


@dataclass(frozen=True, slots=True)
class Wrecked(Effect):
    """``item`` is lost in the shipwreck."""

    item: str


@dataclass(frozen=True, slots=True)
class ShipwreckedAshore(Effect):
    """The shipwrecked expedition goes ashore in ``space``."""

    space: str


@dataclass(frozen=True, slots=True)
class Failed(Effect):
    """The expedition fails (``why``)."""

    why: str
