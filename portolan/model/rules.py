"""``rules.yaml``: the numbers and tables the rules use, each with its source.

The rule *logic* is Python (``checker/games/<game>``); the values it uses live here so that the
printed rules reference, the player aid and the checker can never disagree.
"""

from __future__ import annotations

from typing import Any

from pydantic import field_validator, model_validator

from portolan.model.base import Sourced, Strict


class ScoreCategory(Strict):
    """A line of the score sheet and score pad, in the order they are totalled."""

    id: str
    label: str
    source: str
    points: int | None = None
    text: str | None = None  # one line in our own words, for aids and the reference
    params: dict[str, Any] = {}


class TieBreaker(Sourced):
    """One step of the tie-breaker chain: ``value`` is its id, ``label`` a short name for score
    pads and aids (``None``: the score pad prints no row for it)."""

    label: str | None = None


class RuleOption(Strict):
    """A named reading of a rule the rulebook words ambiguously: ``source`` is the section,
    ``choices`` maps each value to what it means, ``default`` is our reading. The checker
    implements every choice; the rules reference prints them."""

    name: str
    default: Any
    summary: str
    source: str
    choices: dict[Any, str]

    @field_validator("default")
    @classmethod
    def _a_plain_value(cls, v: Any) -> Any:
        if not isinstance(v, str | int | float | bool):
            raise ValueError("an option's default is one value (a word, a number, true or false)")
        return v

    @model_validator(mode="after")
    def _default_is_a_choice(self) -> RuleOption:
        if self.default not in self.choices:
            raise ValueError(f"default '{self.default}' is not one of the choices")
        return self

    @property
    def section(self) -> str:
        return self.source

    def describe(self, value: Any) -> str:
        return self.choices[value]


class RulesSpec(Strict):
    constants: dict[str, Sourced] = {}
    tables: dict[str, Sourced] = {}
    scoring: list[ScoreCategory] = []
    tie_breakers: list[TieBreaker] = []
    options: list[RuleOption] = []

    def value(self, name: str) -> Any:
        return self.constants[name].value
