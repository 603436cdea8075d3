"""Board elements of a player display (first used by Ships): action boxes with their costs,
rows of spaces that start covered, and the cubes a player takes each turn per era.

As on the main board, ``layout`` holds where an element is drawn and every other key is game
data a rules engine reads:

    - action: Upgrade ship                # a word of the 'action' vocabulary
      merchant_gold: 1                    # gold paid with one of your merchant cubes
      free_gold: 2                        # gold paid with a free action cube
      layout: {x: 6, y: 120, width: 88, height: 24}
    - spaces: Warehouse
      count: 11                           # spaces in the row
      open: 3                             # the first 3 start empty; the rest hold a city disc
      holds: good                         # what goes in them (drawn faintly)
      layout: {x: 6, y: 18, size: 13}
    - era_cubes: cubes_per_turn           # a rules.yaml constant: era -> cubes taken a turn
      layout: {x: 100, y: 57, width: 84, height: 48}
"""

from __future__ import annotations

from pydantic import Field, model_validator

from portolan.model import vocabulary
from portolan.model.base import Strict


class BoxLayout(Strict):
    x: float
    y: float
    width: float
    height: float


class ActionBox(Strict):
    """An action box: on its left a cube of the player's colour and ``merchant_gold`` gold, on
    its right a free action cube and ``free_gold`` gold. ``once_per_turn`` prints the card
    symbol on which the cube of a once-a-turn action is placed."""

    action: str
    merchant_gold: int = Field(ge=0, le=5)
    free_gold: int = Field(ge=0, le=5)
    once_per_turn: bool = False
    source: str = "reconstructed"
    sources: dict[str, str] = {}  # a key's own source, where it differs from ``source``
    note: str | None = None
    layout: BoxLayout
    colour: str | None = None

    _action = vocabulary.words_of("action", "action")


class SpacesLayout(Strict):
    x: float
    y: float
    size: float = 13.0  # each space is a square this wide
    gap: float = 1.2
    label_width: float = 24.0


class Spaces(Strict):
    """A row of ``count`` spaces; the first ``open`` start empty, the others start covered by
    a piece (a city disc) that is taken from the left. ``holds`` names an icon drawn faintly
    in each space (what goes there)."""

    spaces: str  # the row's name
    count: int = Field(ge=1, le=30)
    open: int | None = Field(default=None, ge=0)
    holds: str | None = None
    source: str = "reconstructed"
    sources: dict[str, str] = {}
    note: str | None = None
    layout: SpacesLayout
    colour: str | None = None

    @model_validator(mode="after")
    def _open(self):
        if self.open is not None and self.open > self.count:
            raise ValueError(f"open ({self.open}) cannot be more than count ({self.count})")
        return self

    @property
    def covered(self) -> int:
        """How many spaces start with a piece on them."""
        return 0 if self.open is None else self.count - self.open


class EraCubes(Strict):
    """The cubes a player places in each era's row at the start of a turn, drawn from the
    rules.yaml constant named here: a mapping era -> bundle of cube words (``2 Merchant cube +
    1 Free action cube``)."""

    era_cubes: str  # the name of the constant in rules.yaml
    title: str = "Action cubes"
    layout: BoxLayout
    colour: str | None = None
