"""Fitting equal items (cards, mats, boards) on a page, one axis at a time, either way up.

Each side of the page needs room before the art starts: the printer margin (no ink there) and
a crop mark of at least ``mark`` mm, or only a small gap on the fold side of a fold-in-half
page. Between those margins, two layouts (``--layout``):

``packed`` (most items per page): as many items as fit the span; then, in order of preference,
  1. gutters of twice the bleed, so every item keeps its full bleed on every edge;
  2. items butted together (one shared cut between neighbours, no bleed there), full outer bleed;
  3. butted, with the outer bleed reduced to what the margins leave (never below zero).
``gutters`` (full bleed on every item): only as many items as fit with gutters of twice the
  bleed and the full outer bleed; if not even one does, as ``packed``.

Both orientations are tried: an item turned a quarter turn may fit more to a page (poker cards
go 8 to an A4 page with gutters only sideways). The figures are in docs/printing.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

LAYOUTS = ("packed", "gutters")
EPS = 1e-9


@dataclass(frozen=True)
class Axis:
    count: int
    item: float
    start: float  # page edge to the first item's trim edge
    gutter: float
    outer_bleed: float
    page: float

    @property
    def inner_bleed(self) -> float:
        return self.gutter / 2

    @property
    def pitch(self) -> float:
        return self.item + self.gutter

    @property
    def end(self) -> float:
        return self.start + self.count * self.item + (self.count - 1) * self.gutter

    @property
    def art_start(self) -> float:
        """Where the art of the first item begins (its outer bleed edge)."""
        return self.start - self.outer_bleed

    @property
    def art_end(self) -> float:
        return self.end + self.outer_bleed

    def position(self, i: int) -> float:
        return self.start + i * self.pitch

    def trim_lines(self) -> list[float]:
        """Every distinct cut position along this axis."""
        return self.lines_of(range(self.count))

    def lines_of(self, indices) -> list[float]:
        """The distinct cut positions of the items ``indices`` (in order along the axis)."""
        lines: list[float] = []
        for i in sorted(set(indices)):
            for v in (self.position(i), self.position(i) + self.item):
                if not lines or abs(lines[-1] - v) > 1e-9:
                    lines.append(v)
        return lines

    def bleeds(self, i: int) -> tuple[float, float]:
        """(before, after) bleed of item ``i``: outer at the block's ends, inner elsewhere."""
        before = self.outer_bleed if i == 0 else self.inner_bleed
        after = self.outer_bleed if i == self.count - 1 else self.inner_bleed
        return before, after


def solve_axis(
    page: float,
    item: float,
    bleed: float,
    before: float,
    after: float | None = None,
    layout: str = "packed",
) -> Axis:
    """Items of length ``item`` along a page of length ``page``, the art kept ``before`` mm
    from the start and ``after`` mm (default: the same) from the end."""
    after = before if after is None else after
    span = page - before - after
    count = math.floor((span + EPS) / item) if span > 0 else 0
    if count < 1:
        raise ValueError(
            f"an item {item:g} mm long does not fit a {page:g} mm page with crop marks"
        )
    with_gutters = math.floor((span + EPS) / (item + 2 * bleed))
    if layout == "gutters" and bleed > 0 and with_gutters >= 1:
        count = with_gutters  # every item its full bleed: fewer of them
    body = count * item
    if body + count * 2 * bleed <= span + EPS:
        gutter, outer = 2 * bleed, bleed
    elif body + 2 * bleed <= span + EPS:
        gutter, outer = 0.0, bleed
    else:
        gutter, outer = 0.0, max(0.0, (span - body) / 2)
    block = body + (count - 1) * gutter
    return Axis(count, item, before + (span - block) / 2, gutter, round(outer, 6), page)


@dataclass(frozen=True)
class Grid:
    columns: Axis
    rows: Axis
    width: float  # page
    height: float
    rotated: bool = False  # items turned a quarter turn clockwise on the page

    @property
    def per_page(self) -> int:
        return self.columns.count * self.rows.count

    @property
    def least_bleed(self) -> float:
        """The smallest bleed any item edge gets (0 where items are butted)."""
        bleeds = [self.columns.outer_bleed, self.rows.outer_bleed]
        if self.columns.count > 1:
            bleeds.append(self.columns.inner_bleed)
        if self.rows.count > 1:
            bleeds.append(self.rows.inner_bleed)
        return min(bleeds)


def solve_grid(
    page_w: float,
    page_h: float,
    item_w: float,
    item_h: float,
    bleed: float,
    margins: tuple[float, float, float, float],
    layout: str = "packed",
    turn: bool = True,
) -> Grid:
    """The best grid of ``item_w`` x ``item_h`` items: the most per page, then (for ``packed``)
    the most bleed, then upright. ``margins`` is the room (left, top, right, bottom) the art
    leaves to the page edges; ``turn`` allows a quarter turn."""
    left, top, right, bottom = margins
    found: list[tuple[tuple, Grid]] = []
    ways = [(item_w, item_h, False)] + ([(item_h, item_w, True)] if turn else [])
    problem = None
    for w, h, rotated in ways:
        try:
            grid = Grid(
                solve_axis(page_w, w, bleed, left, right, layout),
                solve_axis(page_h, h, bleed, top, bottom, layout),
                page_w,
                page_h,
                rotated,
            )
        except ValueError as exc:
            problem = problem or exc
            continue
        found.append(((grid.per_page, round(grid.least_bleed, 6), not rotated), grid))
    if not found:
        assert problem is not None
        raise problem
    return max(found, key=lambda f: f[0])[1]
