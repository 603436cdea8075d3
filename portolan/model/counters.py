"""Counter sheets: punch-out tokens (coins, markers, points) cut along their printed outlines.

Shapes: ``circle`` (``size`` is the diameter), ``square`` and ``rounded`` (``size`` wide and
``height`` tall, ``height`` defaulting to ``size``), and ``standee``: a fold-over figure that
stands on the table. A standee's ``front`` is printed upright on the top half and, below the
fold, the mirror image of its figure across the fold (from its ``back``, by default the
front), its lettering turned to read from that side: folded and glued back to back (or set in
a stand), both sides show the same figure, a ship's bow pointing the same way. With ``base``
> 0 a strip of that depth separates the halves: fold both halves up until their tops meet and
the piece stands as a tent. A standee's back is printed on the same side of the paper as its
front.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from portolan.limits import component_limits, shown
from portolan.model.base import SourcedInt, Strict, int_by_design
from portolan.model.common import SafeName, count_field


class CounterFace(Strict):
    text: str = ""
    subtext: str = ""
    icon: str | None = None
    colour: str | None = None  # default: the counter's colour
    mirror: bool = False  # the icon mirrored left to right (a ship's bow then points left)
    mark: str | None = None  # a small icon in the top right corner (a player colour's shape)


class Placement(Strict):
    """Where the rules put a counter: the ``element`` (a track's or box's name, an edge
    track's name, a row of spaces, or on a map ``vp_track``, a civilization track's or a
    progress track's id, or a space's id) of the ``component`` board or map. ``share``: how
    many such pieces the rules may put on one of its spaces at once (six VP markers in box 0);
    ``pile``: how many of those may lie in one pile (1: all side by side). The space must hold
    ``ceil(share / pile)`` pieces side by side (``portolan/model/pieces.py``)."""

    component: SafeName
    element: str
    share: int = Field(default=1, ge=1, le=50)
    pile: int = Field(default=1, ge=1, le=50)
    source: str | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _pile(self):
        if self.pile > self.share:
            raise ValueError("pile cannot be larger than share (the pieces that may be there)")
        return self


class Counter(Strict):
    name: str
    count: SourcedInt
    shape: Literal["circle", "square", "rounded", "standee"] = "circle"
    size: float  # diameter of a circle, width of any other shape
    height: float | None = None  # of a square, rounded or a standee's face; default: size
    base: float = 0.0  # standee only: depth of the strip between its two faces
    colour: str
    front: CounterFace
    back: CounterFace | None = None  # None: printed on one side only
    goes_on: list[Placement] = []  # the tracks, boxes and spaces the rules put it on

    @property
    def face_height(self) -> float:
        return self.size if self.height is None else self.height

    @property
    def outline(self) -> tuple[float, float]:
        """Width and height of the piece as cut from the sheet, in mm."""
        if self.shape == "standee":
            return self.size, 2 * self.face_height + self.base
        return self.size, self.face_height

    _count = field_validator("count", mode="before")(int_by_design)

    _copies = count_field("count", "counters_per_sheet")

    @model_validator(mode="after")
    def _sane(self):

        if not 5 <= self.size <= 120:
            raise ValueError("size must be between 5 and 120 mm")
        if self.height is not None:
            if self.shape == "circle":
                raise ValueError("a circle has a size (its diameter) but no height")
            if not 5 <= self.height <= 120:
                raise ValueError("height must be between 5 and 120 mm")
        if self.base and self.shape != "standee":
            raise ValueError("only a standee has a base")
        if not 0 <= self.base <= 60:
            raise ValueError("base must be between 0 and 60 mm")
        marked = [f for f in (self.front, self.back) if f is not None and f.mark]
        if marked and self.shape == "circle":
            raise ValueError("a circle has no corner for a mark: give it the shape as its icon")
        if self.shape == "standee" and self.back is not None and self.back.mirror:
            raise ValueError(
                "a standee's back is drawn as its figure seen from behind (mirrored across the "
                "fold): remove 'mirror' from its back, or the two sides point opposite ways"
            )
        return self


class CountersSpec(Strict):
    """A counter sheet. ``labels`` starts each kind of counter on a fresh row under a line
    naming it with its count ("56 × Gold coin"), so a player can check the punch-out."""

    kind: Literal["counters"]
    id: SafeName
    name: str
    total: SourcedInt | None = None
    labels: bool = False
    counters: list[Counter]

    @model_validator(mode="after")
    def _total(self):
        most = component_limits().counters_per_sheet
        got = sum(c.count.value for c in self.counters)
        if got > most:
            raise ValueError(
                f"the counters add up to {shown(got)}, more than {shown(most)} on one sheet "
                "(limit components.counters_per_sheet)"
            )
        if self.total is not None and got != self.total.value:
            raise ValueError(
                f"the counters add up to {got}, but the total is {self.total.value} "
                f"({self.total.source})"
            )
        return self
