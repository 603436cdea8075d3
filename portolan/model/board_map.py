"""Board elements that are game data as well as drawing: a track of ages, areas of locations, and
a score track round the board's edge (first used by Ships).

Each element keeps its game data and its geometry apart: everything under ``layout`` (and the
edge track's ``inset`` and ``depth``) is where it is drawn; every other key is what a rules
engine reads. Words (trade symbols, city benefits, eras, named boxes) are checked against the
game's vocabularies (``portolan/model/vocabulary.py``):

    - age_track: Ship Age track           # the ages in order, 1 first
      ages:
        - {age: 1, era: Galley, navigation: 0, vp: 0,
           merchant: {name: Phoenician trader}, warship: {name: Phoenician galley}}
      layout: {segments: [{x: 16, y: 16, direction: right, length: 524, depth: 42, ages: 6}]}
    - area: 2
      name: Eastern Mediterranean
      navigation: 0                       # to enter it (printed on its border)
      locations:
        - {name: Tyre, trade: [2 Food, Cloth], cities: [1 Merchant cube]}
      layout: {x: 338, y: 62, width: 149, height: 120, columns: 2, border: [333, 110]}
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, ValidationInfo, field_validator, model_validator

from portolan.model import vocabulary
from portolan.model.base import Sourced, Strict, by_design
from portolan.model.board_display import BoxLayout

AGE_GAP = 11.0  # mm before each age along the track: where the cost to enter it is shown


class EdgeTrack(Strict):
    """Numbered boxes all round the board, ``inset`` mm inside its trim and ``depth`` mm deep,
    clockwise from the top-left corner (a victory point track). The four corners are square
    boxes; the boxes between them share each side evenly."""

    edge_track: str  # its name, printed beside the first box
    start: int = 0
    end: Sourced
    inset: float = 4.0
    depth: float = 10.0
    mark_every: int | None = None  # highlight every multiple of this (5: 5, 10, 15...)
    colour: str | None = None

    _end = field_validator("end", mode="before")(by_design)

    @model_validator(mode="after")
    def _range(self):
        if not isinstance(self.end.value, int) or self.end.value - self.start + 1 < 8:
            raise ValueError("an edge track needs a whole-number end, 8 or more boxes long")
        if self.depth <= 0 or self.inset < 0:
            raise ValueError("depth must be positive and inset not negative")
        return self

    @property
    def count(self) -> int:
        return self.end.value - self.start + 1

    def cells(self, width: float, height: float) -> list[tuple[int, float, float, float, float]]:
        """(value, x, y, w, h) of every box on a ``width`` x ``height`` board, clockwise from
        the top-left corner: the corners square, each side's boxes of equal length, the split
        between the long and the short sides chosen to make all boxes as near alike as can be."""
        d, e = self.depth, self.inset
        across = width - 2 * e - 2 * d  # top and bottom, between the corners
        down = height - 2 * e - 2 * d  # left and right
        between = self.count - 4
        if between < 4 or across <= 0 or down <= 0:
            raise ValueError("the edge track does not fit the board")
        pairs = between // 2  # boxes on one long plus one short side
        top = min(range(1, pairs), key=lambda k: abs(across / k - down / (pairs - k)))
        side = pairs - top
        extra = between - 2 * (top + side)  # an odd count: one more box on the top side
        top_n, bottom_n = top + extra, top
        x0, y0, x1, y1 = e, e, width - e - d, height - e - d
        boxes: list[tuple[float, float, float, float]] = [(x0, y0, d, d)]
        step = across / top_n
        boxes += [(x0 + d + k * step, y0, step, d) for k in range(top_n)]
        boxes.append((x1, y0, d, d))
        step = down / side
        boxes += [(x1, y0 + d + k * step, d, step) for k in range(side)]
        boxes.append((x1, y1, d, d))
        step = across / bottom_n
        boxes += [(x1 - (k + 1) * step, y1, step, d) for k in range(bottom_n)]
        boxes.append((x0, y1, d, d))
        step = down / side
        boxes += [(x0, y1 - (k + 1) * step, d, step) for k in range(side)]
        return [(self.start + i, *b) for i, b in enumerate(boxes)]


# -- the track of ages --------------------------------------------------------------------


class ShipBox(Strict):
    """One of an age's two boxes: its ship's name (flavour) and, when cards refer to it, the
    word of the ``place`` vocabulary that names it (``named: Longships``)."""

    name: str
    named: str | None = None

    _named = vocabulary.words_of("place", "named")


class Age(Strict):
    """An age of the track: its era, the navigation counters it costs to enter (printed on its
    border with the age before), the VP for the first ship placed in it, and its two boxes."""

    age: int
    era: str
    navigation: int = Field(ge=0, le=20)
    vp: int = Field(ge=0, le=30)
    merchant: ShipBox
    warship: ShipBox
    source: str = "reconstructed"
    sources: dict[str, str] = {}
    note: str | None = None

    _era = vocabulary.words_of("era", "era")


class Segment(Strict):
    """A straight run of ``ages`` ages from (x, y), ``length`` mm long in ``direction`` and
    ``depth`` mm across it; successive segments are joined by an arrow."""

    x: float
    y: float
    direction: Literal["right", "left", "down", "up"] = "right"
    length: float
    depth: float
    ages: int = Field(ge=1)

    def cells(self) -> list[tuple[float, float, float, float]]:
        """(x, y, w, h) of each age, in the order of travel, each after a gap of ``AGE_GAP``
        (where the printed board shows the cost to enter it): the printer draws the ages there,
        and the picture of a position puts the ships there."""
        step = self.length / self.ages
        size = step - AGE_GAP
        out = []
        for k in range(self.ages):
            if self.direction == "right":
                out.append((self.x + k * step + AGE_GAP, self.y, size, self.depth))
            elif self.direction == "left":
                out.append((self.x + self.length - (k + 1) * step, self.y, size, self.depth))
            elif self.direction == "down":
                out.append((self.x, self.y + k * step + AGE_GAP, self.depth, size))
            else:
                out.append((self.x, self.y + self.length - (k + 1) * step, self.depth, size))
        return out


class AgeTrackLayout(Strict):
    segments: list[Segment] = Field(min_length=1)


class AgeTrack(Strict):
    age_track: str
    ages: list[Age] = Field(min_length=2)
    layout: AgeTrackLayout
    colour: str | None = None

    @model_validator(mode="after")
    def _numbered(self):
        numbers = [a.age for a in self.ages]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"ages must be numbered 1, 2, 3... in order, found {numbers}")
        placed = sum(s.ages for s in self.layout.segments)
        if placed != len(self.ages):
            raise ValueError(
                f"the layout's segments hold {placed} ages, the track has {len(numbers)}"
            )
        return self

    def age(self, number: int) -> Age:
        return self.ages[number - 1]

    def era_starts(self) -> dict[str, int]:
        """Each era and the first age that belongs to it."""
        out: dict[str, int] = {}
        for a in self.ages:
            out.setdefault(a.era, a.age)
        return out


# -- areas of locations -------------------------------------------------------------------


def _trade_box(v, info: ValidationInfo) -> dict:
    return vocabulary.bundle(v, info, "trade", one_word=True)


def _city(v, info: ValidationInfo) -> dict:
    return vocabulary.bundle(v, info, "benefit", one_word=True)


# One symbol kind each, checked item by item so a mistake points at its own box.
TradeBox = Annotated[dict[str, int], BeforeValidator(_trade_box)]
City = Annotated[dict[str, int], BeforeValidator(_city)]


class Location(Strict):
    """A location: its trade boxes (what each gives, as printed) and its city spaces (the
    benefit of each)."""

    name: str
    trade: list[TradeBox] = Field(min_length=1)
    cities: list[City] = Field(min_length=1, max_length=2)
    source: str | None = None
    sources: dict[str, str] = {}
    note: str | None = None


class OpenBox(Strict):
    """A box of an area that takes any number of pieces (Area 7's Merchant and Warship boxes):
    ``choice`` the goods marked (the placer takes one of them), ``vp`` scored on placing."""

    box: str
    choice: dict[str, int] | None = None
    vp: int | None = Field(default=None, ge=0)
    text: str | None = None  # printed in the box: a rule that applies here, in our words
    source: str | None = None
    note: str | None = None

    _box = vocabulary.words_of("box", "box")

    _choice = vocabulary.bundles_of("trade", "choice", optional=True)


class AreaLayout(BoxLayout):
    """Where the area is drawn: its frame, its locations in ``columns`` columns, and the centre
    of the box on its border that shows what entering it costs."""

    columns: int = Field(default=2, ge=1)
    border: tuple[float, float] | None = None


class Area(Strict):
    area: int = Field(ge=1, le=20)  # its number: what each merchant cube scores here
    name: str
    navigation: int = Field(ge=0, le=20)  # to enter it from the area before
    locations: list[Location] = []
    boxes: list[OpenBox] = []
    source: str = "reconstructed"
    sources: dict[str, str] = {}
    note: str | None = None
    layout: AreaLayout
    colour: str | None = None

    @model_validator(mode="after")
    def _has_room(self):
        if not self.locations and not self.boxes:
            raise ValueError("an area needs locations or boxes")
        counts = Counter(loc.name for loc in self.locations)
        twice = sorted(n for n, count in counts.items() if count > 1)
        if twice:
            raise ValueError(f"location '{twice[0]}' is listed twice")
        return self
