"""generator/layout/grid.py: how many items fit an axis, and with which gutters and bleeds."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.layout.grid import Axis, solve_axis, solve_grid

EPS = 1e-6


def test_gutters_of_twice_the_bleed_when_there_is_room():
    # A4 height, poker cards: 3 x 88 = 264; with 6 mm gutters and 3 + 7 mm each side: 296 <= 297.
    axis = solve_axis(297, 88, 3, 4, 3)
    assert (axis.count, axis.gutter, axis.outer_bleed) == (3, 6, 3)
    assert axis.start == pytest.approx((297 - 264 - 12) / 2)
    assert [axis.position(i) for i in range(3)] == pytest.approx([10.5, 104.5, 198.5])
    assert axis.trim_lines() == pytest.approx([10.5, 98.5, 104.5, 192.5, 198.5, 286.5])
    assert axis.bleeds(0) == (3, 3) and axis.bleeds(1) == (3, 3) and axis.bleeds(2) == (3, 3)


def test_butted_when_gutters_do_not_fit():
    # A4 width: 3 x 63 = 189; gutters would need 189 + 12 + 20 = 221 > 210; butted 209 fits.
    axis = solve_axis(210, 63, 3, 4, 3)
    assert (axis.count, axis.gutter, axis.outer_bleed) == (3, 0, 3)
    assert axis.start == pytest.approx(10.5)
    assert axis.trim_lines() == pytest.approx([10.5, 73.5, 136.5, 199.5])
    # Inner edges of butted items have no bleed, outer edges the full bleed.
    assert axis.bleeds(0) == (3, 0) and axis.bleeds(1) == (0, 0) and axis.bleeds(2) == (0, 3)


def test_reduced_outer_bleed_when_even_butted_does_not_fit():
    # Letter height: 264 + 2 x (3 + 7) = 284 > 279.4, so the outer bleed shrinks to 0.7 mm.
    axis = solve_axis(279.4, 88, 3, 4, 3)
    assert (axis.count, axis.gutter) == (3, 0)
    assert axis.outer_bleed == pytest.approx((279.4 - 264) / 2 - 7)
    assert axis.outer_bleed == pytest.approx(0.7)
    assert axis.start == pytest.approx(7.7)


def test_outer_bleed_never_negative():
    # 2 x 50 = 100 on a 114 mm page leaves exactly the 7 mm mark margins: no bleed at all.
    axis = solve_axis(114, 50, 3, 4, 3)
    assert (axis.count, axis.gutter, axis.outer_bleed) == (2, 0, 0)
    assert axis.start == pytest.approx(7)


def test_zero_bleed_gives_zero_gutters():
    axis = solve_axis(210, 63, 0, 4, 3)
    assert (axis.count, axis.gutter, axis.outer_bleed) == (3, 0, 0)


def test_item_too_big_raises():
    with pytest.raises(ValueError, match="does not fit"):
        solve_axis(210, 200, 3, 4, 3)  # 200 > 210 - 2 x 7
    with pytest.raises(ValueError):
        solve_axis(100, 87, 0, 4, 3)


def test_item_exactly_filling_the_printable_band_fits():
    axis = solve_axis(210, 196, 3, 4, 3)
    assert axis.count == 1 and axis.outer_bleed == 0 and axis.start == pytest.approx(7)


def test_grid_combines_both_axes():
    grid = solve_grid(210, 297, 63, 88, 3, 4, 3)
    assert grid.per_page == 9
    assert (grid.width, grid.height) == (210, 297)
    assert grid.columns.count == 3 and grid.rows.gutter == 6


def test_mat_on_a4():
    # The expedition mat, 128 x 86: one column, three rows with gutters.
    grid = solve_grid(210, 297, 128, 86, 3, 4, 3)
    assert (grid.columns.count, grid.rows.count) == (1, 3)
    assert grid.columns.start == pytest.approx(41)
    assert grid.rows.gutter == 6


@settings(max_examples=300, deadline=None)
@given(
    page=st.floats(30, 1200),
    item=st.floats(2, 400),
    bleed=st.one_of(st.just(0.0), st.floats(0.05, 10)),  # no sub-micron bleeds
    unprintable=st.floats(0, 10),
    mark=st.floats(0.5, 10),
)
def test_solver_properties(page, item, bleed, unprintable, mark):
    margin = unprintable + mark
    fits = item <= page - 2 * margin
    if not fits:
        assume(item > page - 2 * margin + 1e-6)  # stay clear of rounding at the boundary
        with pytest.raises(ValueError):
            solve_axis(page, item, bleed, unprintable, mark)
        return
    axis: Axis = solve_axis(page, item, bleed, unprintable, mark)
    # As many as fit between the mark margins, and not one more.
    assert axis.count >= 1
    assert axis.count * item <= page - 2 * margin + 1e-6
    assert (axis.count + 1) * item > page - 2 * margin - 1e-6
    # Gutters are either none (butted) or twice the bleed.
    assert axis.gutter == 0 or math.isclose(axis.gutter, 2 * bleed)
    # The outer bleed is never negative nor more than asked for.
    assert -EPS <= axis.outer_bleed <= bleed + EPS
    # Items never overlap and keep their order.
    for i in range(axis.count - 1):
        assert axis.position(i) + item <= axis.position(i + 1) + EPS
    # The art (items plus outer bleed) stays unprintable + mark from both page edges.
    assert axis.start - axis.outer_bleed >= margin - EPS
    assert axis.end + axis.outer_bleed <= page - margin + EPS
    # The block is centred.
    assert axis.start == pytest.approx(page - axis.end, abs=1e-6)
    # Preference order: full bleed everywhere when it fits, then butted with full outer bleed.
    body = axis.count * item
    with_gutters = body + (axis.count - 1) * 2 * bleed + 2 * (bleed + margin)
    if axis.count > 1 and bleed > 0 and with_gutters <= page - 1e-6:
        assert math.isclose(axis.gutter, 2 * bleed)
    if body + 2 * (bleed + margin) <= page - 1e-6:
        assert axis.outer_bleed == pytest.approx(bleed, abs=1e-6)
    # Each cut line appears once, in order.
    lines = axis.trim_lines()
    assert lines == sorted(lines)
    assert len(lines) == (axis.count + 1 if axis.gutter == 0 else 2 * axis.count)
