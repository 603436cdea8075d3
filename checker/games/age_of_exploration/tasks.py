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

from checker.core.turn import Decision, Illegal, Task


@dataclass(frozen=True, slots=True)
class Hooks:
    auto: Callable[[Any, Any], list[str] | None] | None = None
    decide: Callable[[Any, Any], Decision] | None = None
    options: Callable[[Any, Any], list] | None = None
    check: Callable[[Any, Any, Any], Illegal | None] | None = None
    answer: Callable[[Any, Any, Any], list[str]] | None = None


HOOKS: dict[str, Hooks] = {}


def register(tag: str, **hooks: Any) -> None:
    HOOKS[tag] = Hooks(**hooks)


class TurnTask(Task):
    """A step of an Age of Exploration turn: its section's hooks answer for it."""

    __slots__ = ()
    tag: ClassVar[str]

    @property
    def hooks(self) -> Hooks:
        return HOOKS[self.tag]

    def decision(self, state: Any) -> Decision | None:
        decide = HOOKS[self.tag].decide
        return None if decide is None else decide(state, self)

    def choices(self, state: Any) -> list[Any]:
        return HOOKS[self.tag].options(state, self)

    def chances(self, state: Any) -> list[tuple[Any, int]]:
        return HOOKS[self.tag].options(state, self)

    def carry_out(self, state: Any) -> list[str] | None:
        auto = HOOKS[self.tag].auto
        if auto is None:
            return None
        events = auto(state, self)
        if events is not None and state.over:
            state.tasks.clear()
        return events


def _task(tag: str):
    """A task class: a frozen dataclass whose hooks are those registered under ``tag``."""

    def make(cls):
        cls.tag = tag
        return dataclass(frozen=True, slots=True)(cls)

    return make


# -- the deal and the turn's frame --------------------------------------------------------------
@_task("play")
class BeginPlay(TurnTask):
    """After the deal, play begins with the first player."""


@_task("start")
class StartOfTurn(TurnTask):
    """The next player's turn is to begin."""


@_task("next")
class NextPlayer(TurnTask):
    """The turn is over: the next player's turn."""


@_task("end")
class EndOfTurn(TurnTask):
    """The end-of-turn actions: return, declare a return, abort, or end the turn."""


@_task("lostcheck")
class LostCheck(TurnTask):
    """A lost expedition checks whether it finds its way (end of turn)."""


@_task("score")
class ScoreVoyage(TurnTask):
    """A returned expedition's voyage is scored."""

    player: str


# -- outfitting and launching -------------------------------------------------------------------
@_task("odraw")
class DrawOutfitting(TurnTask):
    """``player`` draws an Outfitting card (``how``: "blind" from the deck once a face-up row
    is in play)."""

    player: str
    how: str | None = None


@_task("row")
class RefillRow(TurnTask):
    """A face-up Outfitting card was taken: the row is filled again."""

    player: str


@_task("outfit")
class Outfit(TurnTask):
    """``player`` outfits the expedition with the cards in hand (``why``: in port, new...)."""

    player: str
    why: str


@_task("port")
class InPort(TurnTask):
    """A turn in port: stay in port or launch."""


@_task("scurvy")
class ScurvyRoll(TurnTask):
    """The roll for scurvy on launching."""


@_task("eat")
class EatProvisions(TurnTask):
    """Losses from scurvy, taken from the Provisions first."""

    losses: int


@_task("launched")
class Launched(TurnTask):
    """Launching takes the whole turn."""


@_task("ldraw")
class DrawLeader(TurnTask):
    """``player`` draws a Leader of ``group`` (``purpose``: "pick" or "hire")."""

    player: str
    group: str
    purpose: str


@_task("pick")
class PickLeader(TurnTask):
    """``player`` picks a Leader (``leader``: the one that aborted, if any)."""

    player: str
    leader: str | None


@_task("retire")
class RetireLeader(TurnTask):
    """``player`` retires the Leader ``name``."""

    player: str
    name: str


@_task("newexp")
class NewExpedition(TurnTask):
    """``player`` forms a new expedition (``why``: second, returned, aborted, failed)."""

    player: str
    why: str
    leader: str | None = None


# -- the card drawn and its instructions --------------------------------------------------------
@_task("stance")
class ChooseStance(TurnTask):
    """Leave (draw a card) or stay, or explore a river or work on rafts."""


@_task("draw")
class DrawCard(TurnTask):
    """The exploration card drawn from ``deck``."""

    deck: str


@_task("after")
class TurnInCard(TurnTask):
    """The card's instructions done: it is turned in, then Discovery and Rumors of Gold."""


@_task("steps")
class Instructions(TurnTask):
    """The instructions ``seq`` of a card or option, from ``index`` on."""

    seq: tuple
    index: int


@_task("or")
class ChooseOr(TurnTask):
    """An OR of the card: ``step`` (a Choice) gives the options."""

    step: Any


@_task("combat")
class CombatCheck(TurnTask):
    """A Combat check of the card (``step``), with ``bonus`` added."""

    step: Any
    bonus: int


@_task("check")
class RollCheck(TurnTask):
    """A check: roll ``target`` or less for ``what``; ``success`` or ``failure`` are the tasks
    that follow (rolled with ``dice`` dice)."""

    target: int
    what: str
    success: tuple
    failure: tuple
    dice: int = 2


@_task("fx")
class Effect(TurnTask):
    """An effect (``name``, with ``args``) carried out once a roll decided it."""

    name: str
    args: tuple = ()


@_task("discover")
class Discover(TurnTask):
    """The card's Discovery is resolved."""


@_task("rumor")
class RumorsOfGold(TurnTask):
    """The card's Rumors of Gold are resolved."""


# -- losses -------------------------------------------------------------------------------------
@_task("lose")
class TakeLoss(TurnTask):
    """A loss of one of ``what`` (for ``cause``); ``forced`` when no intervention may stop it."""

    what: tuple
    cause: str
    forced: bool = False


@_task("intervene")
class Intervene(TurnTask):
    """A Leader's intervention may stop the loss of ``what``."""

    what: tuple
    cause: str


@_task("cargo")
class CargoOverLimit(TurnTask):
    """Cargo over what the ships hold is dropped."""


@_task("damage")
class ShipDamage(TurnTask):
    """A ship or raft is damaged (``rotten``: by the Teredos)."""

    rotten: bool


@_task("wreck")
class Wreck(TurnTask):
    """A ship or raft is wrecked."""


@_task("guide")
class KeepGuide(TurnTask):
    """A second Native Guide or Interpreter (``attr``): keep the old one or ``new``."""

    attr: str
    new: Any


# -- movement, status, expedition action --------------------------------------------------------
@_task("move")
class Movement(TurnTask):
    """The movement step."""


@_task("enter")
class Entered(TurnTask):
    """The expedition entered ``space``."""

    space: str


@_task("reboard")
class Reboard(TurnTask):
    """A land expedition goes back aboard."""


@_task("natives")
class MeetNatives(TurnTask):
    """Natives met on the way."""


@_task("status")
class StatusChange(TurnTask):
    """The status change step."""


@_task("action")
class ExpeditionAction(TurnTask):
    """The expedition action step (``kind``: what is already chosen, e.g. "gold")."""

    kind: str | None = None


@_task("give")
class GiveGold(TurnTask):
    """How much Gold ``giver``, whose expedition ``attacker`` takes over, gives to the
    Negotiation check."""

    giver: str
    attacker: str
