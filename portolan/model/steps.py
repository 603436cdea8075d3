"""Card instructions as a typed tree: the words, the steps (checks with their branches, OR
choices, If/Otherwise, gains and losses, Progress, Storm, Ⓓ, Ⓡ...) and walks over a tree.
portolan/model/instructions.py reads them from YAML; the printer draws them and Age of
Exploration's rules execute them."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from portolan.model.base import Strict

# -- the words --------------------------------------------------------------------------------
RATINGS = (
    "leadership",
    "negotiation",
    "navigation",
    "ship-handling",
    "personal-arms",
    "sea",
    "combat",
    "battle",
)
# Things an expedition can gain or lose, as the rulebook names them ("Taking Losses",
# "Cargo Capacity", "Other Personnel and Equipment", "Expedition Return").
ITEMS = (
    "Crew",
    "Provision",
    "Soldiers",
    "Cavalry",
    "Cannons",
    "Missionary",
    "Pilot",
    "Rutter",
    "Trade Goods",
    "Porters",
    "Native Guide",
    "Interpreter",
    "Gold",
    "Gems",
    "Pearls",
    "Spice",
    "Hardwood",
    "Natives for Europe",
    "Ship",
    "Raft",
)
# What "has" may test besides an item: Cannons with a Crew or Soldiers to man them (Combat;
# Siege Opportunity's condition, Card Instructions).
HAS_MORE = ("manned Cannons",)
# What a loss may take: an item, or the rulebook's special losses.
LOSSES = (*ITEMS, "Provision (men)", "men")
CAUSES = ("combat", "battle", "starvation", "disease")
CHITS = (
    "Natives Attacked",
    "Native Allies",
    "Ruler Seized",
    "Capital Entry",
    "Rotten Hulls",
)
PLACES = ("sea", "coastal", "land", "river", "nwp", "Rumors", "Contact", "Capital")
SHIP_TYPES = ("Caravel", "Carrack")
# "Ruler taken": the empire's Ruler is held by an expedition, this one or another (only one
# may seize it at a time, Civilization Encounters; the FAQ on card #69).
FLAGS = ("hungry", "raft", "ships", "Lost", "Ruler taken", *SHIP_TYPES)
DISCOVERIES = ("Teredos",)  # discoveries printed on cards rather than on the map

# -- the steps ---------------------------------------------------------------------------------


class Progress(Strict):
    """Progress 0, 1 or 2 spaces (``by_ship`` when the card differs for Caravels and Carracks).
    ``capital``: ``except`` ("Progress (except into Capital)"), ``allowed`` (this card lets
    the expedition enter the Capital) or ``None`` (the usual rule)."""

    verb: Literal["progress"] = "progress"
    n: int = Field(default=1, ge=0, le=2)
    by_ship: dict[Literal["Caravel", "Carrack"], Annotated[int, Field(ge=0, le=2)]] | None = None
    capital: Literal["except", "allowed"] | None = None

    def most(self) -> int:
        return max(self.by_ship.values()) if self.by_ship else self.n


class Check(Strict):
    """A roll of two dice against ``rating`` (+ ``mod``); succeeds on a total at or under it.
    ``rating`` is a leader rating, ``sea`` (the ships' sea check), ``combat``, ``battle`` or a
    fixed number. ``unmodified`` forbids Trade Goods on a Negotiation check."""

    verb: Literal["check"] = "check"
    rating: str
    mod: int = 0
    unmodified: bool = False
    success: list[Step] = []
    failure: list[Step] = []

    @property
    def fixed(self) -> int | None:
        return int(self.rating) if self.rating.isdigit() else None


class Choice(Strict):
    """Options separated by OR; the player follows one of them."""

    verb: Literal["choice"] = "choice"
    options: list[list[Step]] = Field(min_length=2)


class Condition(Strict):
    """A test of the expedition's state (the words: ``instructions.CONDITION``): every clause of
    ``clauses`` holds, a clause holding when any of its words does; ``negate`` turns the whole
    test round."""

    clauses: list[list[str]]
    negate: bool = False

    @property
    def words(self) -> list[str]:
        return [w for clause in self.clauses for w in clause]


class If(Strict):
    """If ``condition`` then ``then`` (Otherwise: ``otherwise``)."""

    verb: Literal["if"] = "if"
    condition: Condition
    then: list[Step] = []
    otherwise: list[Step] = []


class GainItems(Strict):
    verb: Literal["gain"] = "gain"
    items: dict[str, int]


class Lose(Strict):
    """Lose ``n`` of ``what`` (one of them when there are several: "Lose 1 men or Porters")."""

    verb: Literal["lose"] = "lose"
    n: int = Field(default=1, ge=1)
    what: list[str] = Field(min_length=1)
    cause: Literal["combat", "battle", "starvation", "disease"] | None = None


class Damage(Strict):
    """Damage (wreck) ``n`` ships or rafts, one at a time ("Taking Losses")."""

    verb: Literal["damage"] = "damage"
    n: int = Field(default=1, ge=1)


class Storm(Strict):
    """Storm (see docs): a sea check at ``mod``, [Failure] Damage 1 ship; then the expedition may
    run with the storm: Navigation check, [Success] Progress 1, [Failure] Lost."""

    verb: Literal["storm"] = "storm"
    mod: int = 0


class Flag(Strict):
    """A step without arguments."""

    verb: Literal["lost", "discovery", "rumor", "must_return", "reshuffle", "nothing"]


class Discover(Strict):
    """A discovery printed on the card itself (Teredos, cards #105 and #107)."""

    verb: Literal["discover"] = "discover"
    what: str


class Mark(Strict):
    """Place (``verb: mark``) or remove (``unmark``) a status chit."""

    verb: Literal["mark", "unmark"]
    chit: str


class CivMove(Strict):
    """Move the civilization's Awe or Military Strength marker by ``n``."""

    verb: Literal["awe", "strength"]
    n: int


Step = Annotated[
    Progress
    | Check
    | Choice
    | If
    | GainItems
    | Lose
    | Damage
    | Storm
    | Flag
    | Discover
    | Mark
    | CivMove,
    Field(discriminator="verb"),
]
# Check, Choice and If name ``Step`` before it is defined: like every model (``defer_build``),
# they are completed on first use, when ``Step`` is found in this module.


# -- walking a tree ----------------------------------------------------------------------------


def children(step) -> list[list]:
    """The step lists nested in a step (branches, options)."""
    if isinstance(step, Check):
        return [step.success, step.failure]
    if isinstance(step, Choice):
        return list(step.options)
    if isinstance(step, If):
        return [step.then, step.otherwise]
    return []


def walk(steps: list):
    """Every step of a tree, depth first."""
    for step in steps:
        yield step
        for branch in children(step):
            yield from walk(branch)


def verbs(steps: list) -> set[str]:
    """The verbs used anywhere in a tree (``lose`` for losses, ``damage``, ``progress``...)."""
    out: set[str] = set()
    for step in walk(steps):
        out.add(step.verb)
        if isinstance(step, Progress) and step.most() == 0:
            out.add("progress-0")
    return out


def max_progress(steps: list) -> int:
    """The most Progress any path through the tree can give."""
    return max((s.most() for s in walk(steps) if isinstance(s, Progress)), default=0)
