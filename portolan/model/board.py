"""Boards and mats: a fixed-size sheet with tracks, boxes, labels and card slots in millimetres.

A board larger than the printable part of the paper is printed in tiles, several pages that
overlap by ``tiling.overlap`` mm and carry alignment marks (``generator/layout/tiling.py``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator, model_validator

from portolan.limits import component_limits
from portolan.model.base import Sourced, SourcedInt, Strict, by_design, int_by_design, keyed_union
from portolan.model.board_display import ActionBox, EraCubes, Spaces
from portolan.model.board_map import AgeTrack, Area, EdgeTrack
from portolan.model.common import (
    Dimensions,
    SafeName,
    board_size_within,
    card_size_field,
    count_field,
    elements_within,
    track_boxes_within,
    within,
)


class Track(Strict):
    """A row (or column) of numbered boxes, e.g. a stat track from 0 to 5.

    A long track (a victory point track from 0 to 99) wraps: ``per_row`` boxes to a row, each
    row ``row_gap`` mm below the last (with ``direction: down``, columns side by side instead).
    The name is printed left of the first box, in ``label_width`` mm; ``label_width: 0`` prints
    no name (a ``text`` element can head the track instead).
    """

    track: str
    x: float
    y: float
    start: int = 0
    end: Sourced
    box: float = 9.0
    direction: Literal["right", "down"] = "right"
    label_width: float = 18.0
    colour: str | None = None
    mark: list[int] = []  # values to highlight (e.g. the starting value)
    mark_every: int | None = None  # also highlight every multiple of this (5: 5, 10, 15...)
    per_row: int | None = None  # wrap after this many boxes
    row_gap: float = 0.0  # space between wrapped rows (columns)
    warn_zero: bool = True  # tint the 0 box as a warning (a stat at 0 ends an expedition)
    open_end: bool = False  # the last box means "this many or more" and reads "8+"

    _end = field_validator("end", mode="before")(by_design)

    @model_validator(mode="after")
    def _range(self):
        if not isinstance(self.end.value, int) or self.end.value < self.start:
            raise ValueError("a track's end must be a whole number not below its start")
        track_boxes_within(self.start, self.end.value)
        if self.per_row is not None and self.per_row < 1:
            raise ValueError("per_row must be at least 1")
        if self.mark_every is not None and self.mark_every < 1:
            raise ValueError("mark_every must be at least 1")
        if self.box <= 0 or self.row_gap < 0 or self.label_width < 0:
            raise ValueError("box must be positive; row_gap and label_width not negative")
        return self

    def cells(self) -> list[tuple[int, float, float]]:
        """(value, x, y) of the top-left corner of every box, in millimetres on the board."""
        out = []
        x0 = self.x + self.label_width
        step = self.box + self.row_gap
        for k, value in enumerate(range(self.start, self.end.value + 1)):
            row, col = divmod(k, self.per_row) if self.per_row else (0, k)
            along, across = col * self.box, row * step
            if self.direction == "right":
                out.append((value, x0 + along, self.y + across))
            else:
                out.append((value, x0 + across, self.y + along))
        return out

    def marked(self, value: int) -> bool:
        every = self.mark_every
        return value in self.mark or bool(every and value != 0 and value % every == 0)

    def value_label(self, value: int) -> str:
        return f"{value}+" if self.open_end and value == self.end.value else str(value)


class Box(Strict):
    """A labelled area, e.g. where the Ocean cards are stacked."""

    box: str
    x: float
    y: float
    width: float
    height: float
    text: str | None = None
    dashed: bool = True
    colour: str | None = None


class Label(Strict):
    """Text placed on the board; it may use the rules' numbers, e.g. {{ c.starting_stat }}."""

    text: str
    x: float
    y: float
    width: float | None = None  # wrap (and shrink) within this width
    size: float = 9.0
    bold: bool = False
    align: Literal["left", "centre", "right"] = "left"
    colour: str | None = None

    @field_validator("size")
    @classmethod
    def _size(cls, v: float) -> float:
        within(v, component_limits().text_pt, "a text size", "pt", "text_pt")
        return v

    @field_validator("width")
    @classmethod
    def _width(cls, v: float | None) -> float | None:
        if v is not None and v <= 0:
            raise ValueError("width must be a positive number of mm")
        return v


class Slot(Strict):
    """Where a card goes: its outline, centred on (x, y), turned ``rotate`` degrees clockwise."""

    slot: str  # the label printed in it
    x: float
    y: float
    size: Dimensions = Dimensions(width=63, height=88)  # a card size name or {width, height}
    rotate: float = 0.0
    icon: str | None = None
    colour: str | None = None

    _size = field_validator("size", mode="before")(card_size_field)


class Ring(Strict):
    """``count`` card slots evenly spaced on a circle round (cx, cy), numbered in ``direction``.

    ``orient: radial`` turns each slot so its top faces outward (readable from outside the
    circle); ``upright`` keeps them all upright. ``start`` is the angle of slot 1 in degrees,
    clockwise from "up". Without ``radius`` the ring takes the smallest radius that leaves
    ``gap`` mm between neighbouring slots and round a ``centre`` slot, if there is one.
    ``arrows`` draws an arrow in each gap pointing the ``direction`` of travel.
    """

    ring: str  # the label printed in each slot, "{n}" replaced by the slot's number
    cx: float
    cy: float
    count: SourcedInt
    size: Dimensions = Dimensions(width=63, height=88)
    radius: float | None = None
    gap: float = 6.0
    orient: Literal["radial", "upright"] = "radial"
    start: float = 0.0
    direction: Literal["clockwise", "counterclockwise"] = "clockwise"
    arrows: bool = True
    arrow_label: str | None = None
    numbers: bool = True  # print each slot's number outside it
    centre: str | None = None  # label of a slot at the centre (None: no centre slot)
    icon: str | None = None
    centre_icon: str | None = None
    colour: str | None = None

    _count = field_validator("count", mode="before")(int_by_design)

    _size = field_validator("size", mode="before")(card_size_field)

    @model_validator(mode="after")
    def _sane(self):
        if not 2 <= self.count.value <= 24:
            raise ValueError("a ring holds between 2 and 24 slots")
        return self

    def angle(self, k: int) -> float:
        """Clockwise degrees from "up" of slot k (0-based)."""
        step = 360.0 / self.count.value
        return self.start + (step if self.direction == "clockwise" else -step) * k


# The keys after 'slot' are the elements that carry game data (board_map.py, board_display.py).
ELEMENTS = {
    "track": Track,
    "box": Box,
    "ring": Ring,
    "slot": Slot,
    "edge_track": EdgeTrack,
    "age_track": AgeTrack,
    "area": Area,
    "action": ActionBox,
    "spaces": Spaces,
    "era_cubes": EraCubes,
    "text": Label,
}
Element = keyed_union(
    ELEMENTS,
    "element",
    "each element needs one of the keys " + ", ".join(f"'{k}'" for k in ELEMENTS),
    fallback="text",
)


class Tiling(Strict):
    """How a board too large for one page is split: neighbouring tiles share ``overlap`` mm;
    ``diagram`` prints a small map of the tiles on each page; ``assembly`` puts a page in front
    of the tiles with the whole board reduced, every tile named on it and the steps to join
    them (``generator/layout/assembly.py``)."""

    overlap: float = 12.0
    diagram: bool = True
    assembly: bool = False

    @model_validator(mode="after")
    def _sane(self):
        if not 5 <= self.overlap <= 40:
            raise ValueError("overlap must be between 5 and 40 mm")
        return self


# Where and how large an element is drawn: bounded like a board's side, so that a mistyped
# 1e308 is refused when the file is read instead of overflowing the drawing.
PLACED = ("x", "y", "cx", "cy", "width", "height", "box", "radius", "label_width", "row_gap")


class BoardSpec(Strict):
    """A board or mat. ``colours`` prints one copy per palette colour (a player display in
    each player's colour): the frame and every element without a colour of its own take that
    colour, and the title names it."""

    kind: Literal["board"]
    id: SafeName
    name: str
    size: Dimensions
    count: int = 1
    colours: list[str] = []
    source: str = "design"
    colour: str
    icon: str | None = None
    title: str | None = None
    tiling: Tiling = Tiling()
    elements: list[Element]

    @model_validator(mode="before")
    @classmethod
    def _count_of_colours(cls, v):
        # One copy per colour: count follows the colours unless it says otherwise.
        if isinstance(v, dict) and isinstance(v.get("colours"), list) and "count" not in v:
            return {**v, "count": len(v["colours"])}
        return v

    @model_validator(mode="after")
    def _copies(self):
        if self.colours and self.count != len(self.colours):
            raise ValueError("with colours, count is one copy per colour: leave it out")
        return self

    _board_size = field_validator("size")(board_size_within)

    _copies_within = count_field("count", "copies")

    @field_validator("elements")
    @classmethod
    def _elements(cls, v: list) -> list:
        elements_within(v, "elements ")
        high = component_limits().board_mm[1]
        for n, element in enumerate(v, start=1):
            for name in PLACED:
                value = getattr(element, name, None)
                if isinstance(value, int | float) and not isinstance(value, bool):
                    within(value, (-high, high), f"element {n}: {name}", "mm", "board_mm")
        return v

    @property
    def tracks(self) -> list[Track]:
        return [e for e in self.elements if isinstance(e, Track)]

    @property
    def rings(self) -> list[Ring]:
        return [e for e in self.elements if isinstance(e, Ring)]

    # -- game data carried by the elements (see board_map.py and board_display.py) ----------
    @property
    def age_track(self) -> AgeTrack | None:
        return next((e for e in self.elements if isinstance(e, AgeTrack)), None)

    @property
    def areas(self) -> list[Area]:
        """The areas, by number."""
        return sorted((e for e in self.elements if isinstance(e, Area)), key=lambda a: a.area)

    def area(self, number: int) -> Area:
        return next(a for a in self.areas if a.area == number)

    @property
    def actions(self) -> list[ActionBox]:
        return [e for e in self.elements if isinstance(e, ActionBox)]

    def spaces(self, name: str) -> Spaces:
        return next(e for e in self.elements if isinstance(e, Spaces) and e.spaces == name)
