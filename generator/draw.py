"""The neutral drawing description: what a face or a page looks like, independent of format.

Units are millimetres, origin top-left, y pointing down (as in SVG). Font sizes are points.
Two thin backends turn a ``Drawing`` into PDF (``backends/pdf.py``) and SVG (``backends/svg.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Anchor = Literal["start", "middle", "end"]
Face = Literal["regular", "bold", "italic", "bolditalic"]


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.3
    radius: float = 0.0
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    width: float = 0.25
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.3


@dataclass(frozen=True, slots=True)
class Path:
    """Commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    commands: tuple[tuple, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.3


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; ``y`` is the baseline."""

    x: float
    y: float
    text: str
    size: float
    face: Face = "regular"
    fill: str = "#000000"
    anchor: Anchor = "start"
    rotate: float = 0.0  # degrees, counter-clockwise as the reader sees it, about (x, y)


@dataclass(frozen=True, slots=True)
class Group:
    """Items moved by (dx, dy), optionally clipped to ``clip`` (in the group's own coordinates).

    Inside the group, coordinates are first scaled by ``scale`` (and mirrored left to right about
    the group's x = 0 when ``flip``), then turned ``rotate`` degrees clockwise on the page about
    the group's origin, then moved by (dx, dy). So a 180° turn of a w x h drawing that must keep
    its place is ``Group(items, dx=x + w, dy=y + h, rotate=180)``.
    """

    items: tuple
    dx: float = 0.0
    dy: float = 0.0
    clip: Rect | None = None
    id: str | None = None
    scale: float = 1.0
    rotate: float = 0.0
    flip: bool = False


Item = Rect | Line | Circle | Path | Text | Group


@dataclass
class Drawing:
    """A face, a back or a page: its trim size, how far its art bleeds, and its items."""

    width: float
    height: float
    items: list = field(default_factory=list)
    bleed: float = 0.0
    id: str = "drawing"
    title: str = ""
    # A page's layout: (the bleed box x0, y0, x1, y1 of everything printed on it, the lines the
    # header and scale bars must keep clear of). Set by the sheet layouts, read by furniture.
    frame: tuple | None = None

    def add(self, *items) -> Drawing:
        self.items.extend(items)
        return self
