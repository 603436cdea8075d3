"""Card effects: what a card does, as a list of steps a rules engine carries out in order.

A deck declares a field of type ``effect`` (``fields: {effect: effect}``); each card then gives
a list of steps, each a mapping named by its first key::

    effect:
      - gain: 2 Gold                     # take from the pool (VP: score them)
      - gain: 2 VP                       # ... multiplied by a count of the taker's pieces
        per: {cubes_on: Oil}
        max: 5                           # ... counting at most 5 of them
      - action: Place ship               # one of the player display's actions, free of its
        box: Warship                     #   cube and gold, with these changes
        no_food: true
      - action: Sell goods
        per_good: 1 Gold + 1 VP          # extra for every good sold
      - remove_ships: one age            # some or all of your ships from one age, to your stock
      - while_held:                      # the card is kept until its era ends; while held:
          discount: 1 Navigation         #   every navigation payment is this much lower
      - while_held:
          each_turn: 1 Gold              #   at the start of each of your turns, take this
      - while_held:
          sell_bonus: {good: Cloth, gain: 1 Gold}   # every Cloth you sell also earns this

Words come from these vocabularies of game.yaml: ``gain`` (what can be taken or scored),
``action`` (the display's actions), ``box`` (Merchant, Warship), ``trade`` (the symbols of
trade boxes), ``good`` (goods counters) and ``place`` (named boxes of the board, such as
Longships). Counts (``per``): ``cubes_on`` a trade symbol, ``cubes_in_area`` an area number,
``cities_in_area`` an area number or ``any``, ``ships_in`` a named box. ``describe`` turns the
steps into the sentences printed on the card and in the rules reference.
"""

from __future__ import annotations

import functools
from typing import Annotated, Any, Literal

from pydantic import (
    Field,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from portolan.model import vocabulary
from portolan.model.base import Strict, field_label, keyed_union

AREAS = range(2, 8)  # area numbers a count may name


class Count(Strict):
    """What ``per`` counts: the taking player's pieces. Exactly one key."""

    cubes_on: str | None = None  # merchant cubes in trade boxes showing this trade symbol
    cubes_in_area: int | None = None  # merchant cubes in this area
    cities_in_area: int | Literal["any"] | None = None  # city discs in this area, or anywhere
    ships_in: str | None = None  # ship counters in this named box of the board

    _trade = vocabulary.words_of("trade", "cubes_on")

    _place = vocabulary.words_of("place", "ships_in")

    @model_validator(mode="after")
    def _one(self):
        given = [k for k in type(self).model_fields if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(
                "count exactly one thing: cubes_on, cubes_in_area, cities_in_area or ships_in"
            )
        for key in ("cubes_in_area", "cities_in_area"):
            value = getattr(self, key)
            if isinstance(value, int) and value not in AREAS:
                raise ValueError(f"{key} must be an area from 2 to 7 (or 'any' for cities)")
        return self


class Gain(Strict):
    gain: dict[str, int]
    per: Count | None = None
    max: int | None = Field(default=None, ge=1)

    _bundle = vocabulary.bundles_of("gain", "gain")

    @model_validator(mode="after")
    def _max_needs_per(self):
        if self.max is not None and self.per is None:
            raise ValueError("'max' caps a count: it needs 'per'")
        return self


class Action(Strict):
    action: str
    box: str | None = None  # Place ship / Upgrade ship: the ship must go in this box
    no_food: bool = False  # a Warship box without spending food
    per_good: dict[str, int] | None = None  # Sell goods: extra gain for every good sold

    _action = vocabulary.words_of("action", "action")

    _box = vocabulary.words_of("box", "box")

    _per_good = vocabulary.bundles_of("gain", "per_good", optional=True)

    @model_validator(mode="after")
    def _options_fit(self):
        ships = self.action in ("Place ship", "Upgrade ship")
        if self.box is not None and not ships:
            raise ValueError("'box' goes only with Place ship or Upgrade ship")
        if self.no_food and self.box != "Warship":
            raise ValueError("'no_food' goes only with box: Warship")
        if self.per_good is not None and self.action != "Sell goods":
            raise ValueError("'per_good' goes only with Sell goods")
        return self


class RemoveShips(Strict):
    remove_ships: Literal["one age"]


class SellBonus(Strict):
    good: str
    gain: dict[str, int]

    _good = vocabulary.words_of("good", "good")

    _bundle = vocabulary.bundles_of("gain", "gain")


class Ongoing(Strict):
    """What a kept card does while its holder keeps it. Exactly one key."""

    discount: dict[str, int] | None = None
    each_turn: dict[str, int] | None = None
    sell_bonus: SellBonus | None = None

    _bundle = vocabulary.bundles_of("gain", "discount", "each_turn", optional=True)

    @model_validator(mode="after")
    def _one(self):
        given = [k for k in type(self).model_fields if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("a kept card does exactly one of: discount, each_turn, sell_bonus")
        if self.discount is not None and set(self.discount) != {"Navigation"}:
            raise ValueError("a discount lowers navigation costs: write '1 Navigation'")
        return self


class WhileHeld(Strict):
    while_held: Ongoing


STEPS = {"gain": Gain, "action": Action, "remove_ships": RemoveShips, "while_held": WhileHeld}
Step = keyed_union(STEPS, "effect_step", "each step needs one of the keys " + ", ".join(STEPS))
Effect = Annotated[list[Step], Field(min_length=1)]


@functools.cache
def _adapter() -> TypeAdapter:
    """Built on first use, as the models are (``defer_build``): most games have no effects."""
    return TypeAdapter(Effect)


def read_effect(value: Any, terms: dict[str, list[str]]):
    """Validate a card's ``effect``: (steps, []) or (None, [(path inside the value, message)])."""
    try:
        steps = _adapter().validate_python(value, context={"terms": terms})
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            loc = tuple(s for s in err["loc"] if not (isinstance(s, str) and s.startswith("~")))
            if err["type"] == "extra_forbidden":
                message = f"unknown key '{loc[-1]}'"
            elif err["type"] == "missing":
                message = "required but missing"
            else:
                message = err["msg"].removeprefix("Value error, ")
            problems.append((loc, message))
        return None, problems
    return tuple(steps), []


def is_kept(steps) -> bool:
    """A card with a ``while_held`` step stays in front of its taker until its era ends."""
    return any(isinstance(s, WhileHeld) for s in steps or ())


# -- words ---------------------------------------------------------------------------------


def _noun(spec, word: str, amount: int) -> str:
    term = next((t for kind in spec.terms.values() for t in kind if t.name == word), None)
    singular = (term.noun if term and term.noun else word.lower()) if term else word.lower()
    plural = term.plural if term and term.plural else singular + "s"
    return singular if amount == 1 else plural


def _listing(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def gain_words(spec, bundle: dict[str, int]) -> str:
    """``{Gold: 2, VP: 1}`` -> 'take 2 gold and score 1 VP'."""
    takes = [f"{n} {_noun(spec, w, n)}" for w, n in bundle.items() if w != "VP"]
    out = f"take {_listing(takes)}" if takes else ""
    if "VP" in bundle:
        out += (" and " if out else "") + f"score {bundle['VP']} VP"
    return out


def count_words(spec, per: Count) -> str:
    if per.cubes_on is not None:
        return f"each of your merchant cubes in a trade box showing {_noun(spec, per.cubes_on, 1)}"
    if per.cubes_in_area is not None:
        return f"each of your merchant cubes in Area {per.cubes_in_area}"
    if per.cities_in_area == "any":
        return "each of your city discs on the board"
    if per.cities_in_area is not None:
        return f"each of your city discs in Area {per.cities_in_area}"
    return f"each of your ships in the {per.ships_in} box"


def step_words(spec, step) -> str:
    """One step as a sentence, with **bold** action names (card faces, the reference)."""
    if isinstance(step, Gain):
        words = gain_words(spec, step.gain)
        text = words[:1].upper() + words[1:]
        if step.per is not None:
            text += f" for {count_words(spec, step.per)}"
            if step.max is not None:
                text += f", counting at most {step.max}"
        return text + "."
    if isinstance(step, Action):
        text = f"Do the **{step.action}** action without paying for it"
        if step.box and step.no_food:
            text += f": the ship goes in a {step.box} box and you spend no food"
        elif step.box:
            text += f": the ship goes in a {step.box} box"
        elif step.per_good:
            text += f"; for every good sold also {gain_words(spec, step.per_good)}"
        return text + "."
    if isinstance(step, RemoveShips):
        return "Take back some or all of your ships from one age of the Ship Age track."
    held = step.while_held
    if held.discount is not None:
        n = held.discount["Navigation"]
        return f"**Keep** until the era ends: every navigation cost you pay is {n} lower."
    if held.each_turn is not None:
        return (
            "**Keep** until the era ends: at the start of each of your turns, "
            f"{gain_words(spec, held.each_turn)}."
        )
    bonus = held.sell_bonus
    return (
        f"**Keep** until the era ends: for every {_noun(spec, bonus.good, 1)} you sell, "
        f"also {gain_words(spec, bonus.gain)}."
    )


def describe(spec, steps) -> list[str]:
    """Every step of an effect as a sentence, in order."""
    return [step_words(spec, s) for s in steps or ()]


def problem_field(field: str, loc: tuple) -> str:
    """'cards[3] (Ram).effect' + (0, 'box') -> 'cards[3] (Ram).effect[0].box'."""
    inner = field_label(loc)
    return field + (inner if inner.startswith("[") else "." + inner if inner else "")
