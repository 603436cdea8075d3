"""Fitting equal items (cards, mats) on a page, one axis at a time.

For each axis the solver puts as many items as fit with room for crop marks in the margins:
every mark starts ``unprintable`` mm from the page edge (home printers leave that blank) and is
at least ``mark_length`` long, ending where the outer bleed ends. Then, in order of preference:

1. gutters of twice the bleed, so every item keeps its full bleed on every edge;
2. items butted together (one shared cut between neighbours), full outer bleed;
3. butted, with the outer bleed reduced to what the margin leaves (never below zero).

The figures for poker cards are in docs/printing.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


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

    def position(self, i: int) -> float:
        return self.start + i * self.pitch

    def trim_lines(self) -> list[float]:
        """Every distinct cut position along this axis."""
        lines = []
        for i in range(self.count):
            for v in (self.position(i), self.position(i) + self.item):
                if not lines or abs(lines[-1] - v) > 1e-9:
                    lines.append(v)
        return lines

    def bleeds(self, i: int) -> tuple[float, float]:
        """(before, after) bleed of item ``i``: outer at the block's ends, inner elsewhere."""
        before = self.outer_bleed if i == 0 else self.inner_bleed
        after = self.outer_bleed if i == self.count - 1 else self.inner_bleed
        return before, after


def solve_axis(page: float, item: float, bleed: float, unprintable: float, mark: float) -> Axis:
    margin_need = unprintable + mark
    count = math.floor((page - 2 * margin_need + 1e-9) / item)
    if count < 1:
        raise ValueError(
            f"an item {item:g} mm long does not fit a {page:g} mm page with crop marks"
        )
    body = count * item
    if body + (count - 1) * 2 * bleed + 2 * (bleed + margin_need) <= page + 1e-9:
        gutter, outer = 2 * bleed, bleed
    elif body + 2 * (bleed + margin_need) <= page + 1e-9:
        gutter, outer = 0.0, bleed
    else:
        gutter, outer = 0.0, max(0.0, (page - body) / 2 - margin_need)
    block = body + (count - 1) * gutter
    return Axis(count, item, (page - block) / 2, gutter, round(outer, 6), page)


@dataclass(frozen=True)
class Grid:
    columns: Axis
    rows: Axis
    width: float  # page
    height: float

    @property
    def per_page(self) -> int:
        return self.columns.count * self.rows.count


def solve_grid(
    page_w: float,
    page_h: float,
    item_w: float,
    item_h: float,
    bleed: float,
    unprintable: float,
    mark: float,
) -> Grid:
    return Grid(
        solve_axis(page_w, item_w, bleed, unprintable, mark),
        solve_axis(page_h, item_h, bleed, unprintable, mark),
        page_w,
        page_h,
    )
