"""generator/layout/grid.py: how many items fit an axis, with which gutters and bleeds, and which
way up.

The figures assume the default printer margin (5 mm) and the shortest crop mark (3 mm): the art
stays 8 mm from every page edge.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from portolan.generator.layout.grid import Axis, solve_axis, solve_grid

EPS = 1e-6
EDGE = 8.0
EDGES = (EDGE, EDGE, EDGE, EDGE)


def test_gutters_of_twice_the_bleed_when_there_is_room():
    # 2 x 88 = 176; with a 6 mm gutter and 3 + 8 mm each side: 204 <= 210.
    axis = solve_axis(210, 88, 3, EDGE)
    assert (axis.count, axis.gutter, axis.outer_bleed) == (2, 6, 3)
    assert axis.start == pytest.approx((210 - 182) / 2)
    assert axis.trim_lines() == pytest.approx([14, 102, 108, 196])
    assert axis.bleeds(0) == (3, 3) and axis.bleeds(1) == (3, 3)


def test_butted_when_gutters_do_not_fit():
    # A4 height: 3 x 88 = 264; gutters would need 264 + 12 + 22 = 298 > 297; butted 286 fits.
    axis = solve_axis(297, 88, 3, EDGE)
    assert (axis.count, axis.gutter, axis.outer_bleed) == (3, 0, 3)
    assert axis.start == pytest.approx(16.5)
    assert axis.trim_lines() == pytest.approx([16.5, 104.5, 192.5, 280.5])
    # Inner edges of butted items have no bleed, outer edges the full bleed.
    assert axis.bleeds(0) == (3, 0) and axis.bleeds(1) == (0, 0) and axis.bleeds(2) == (0, 3)


def test_reduced_outer_bleed_when_even_butted_does_not_fit():
    # A4 width: 3 x 63 = 189 + 2 x (3 + 8) = 211 > 210, so the outer bleed shrinks to 2.5 mm.
    axis = solve_axis(210, 63, 3, EDGE)
    assert (axis.count, axis.gutter) == (3, 0)
    assert axis.outer_bleed == pytest.approx(2.5)
    assert axis.start == pytest.approx(10.5)
    assert axis.art_start == pytest.approx(EDGE)


def test_gutters_layout_takes_fewer_items_to_keep_the_bleed():
    # A4 width again, --layout gutters: only 2 fit with 6 mm gutters and 3 mm outside.
    axis = solve_axis(210, 63, 3, EDGE, layout="gutters")
    assert (axis.count, axis.gutter, axis.outer_bleed) == (2, 6, 3)
    # ... and when not even one fits with its full bleed, it falls back to packed.
    axis = solve_axis(210, 192, 3, EDGE, layout="gutters")
    assert (axis.count, axis.gutter, axis.outer_bleed) == (1, 0, 1)


def test_outer_bleed_never_negative():
    axis = solve_axis(116, 50, 3, EDGE)
    assert (axis.count, axis.gutter, axis.outer_bleed) == (2, 0, 0)
    assert axis.start == pytest.approx(EDGE)


def test_zero_bleed_gives_zero_gutters():
    axis = solve_axis(210, 63, 0, EDGE)
    assert (axis.count, axis.gutter, axis.outer_bleed) == (3, 0, 0)


def test_item_too_big_raises():
    with pytest.raises(ValueError, match="does not fit"):
        solve_axis(210, 200, 3, EDGE)  # 200 > 210 - 2 x 8
    with pytest.raises(ValueError):
        solve_axis(100, 85, 0, EDGE)


def test_uneven_margins_centre_the_block_between_them():
    # A fold-in-half page: 8 mm on the outer side, 1.5 mm at the fold.
    axis = solve_axis(105, 88, 3, EDGE, 1.5)
    assert axis.count == 1 and axis.outer_bleed == 3
    assert axis.art_start - EDGE == pytest.approx(105 - 1.5 - axis.art_end)


def test_poker_cards_on_a4_packed_stay_upright_nine_to_a_page():
    grid = solve_grid(210, 297, 63, 88, 3, EDGES)
    assert not grid.rotated and grid.per_page == 9
    assert grid.columns.outer_bleed == pytest.approx(2.5) and grid.rows.gutter == 0
    assert grid.least_bleed == 0


def test_poker_cards_turn_sideways_when_that_fits_more():
    # Letter: 3 x 2 upright (rows of 88 do not fit three high) but 2 x 4 sideways.
    grid = solve_grid(215.9, 279.4, 63, 88, 3, EDGES)
    assert grid.rotated and (grid.columns.count, grid.rows.count) == (2, 4)
    assert (grid.columns.item, grid.rows.item) == (88, 63)
    # --layout gutters on A4: 2 x 2 upright, but 2 x 4 sideways with the full bleed all round.
    grid = solve_grid(210, 297, 63, 88, 3, EDGES, "gutters")
    assert grid.rotated and grid.per_page == 8 and grid.least_bleed == 3


def test_turning_can_be_refused():
    grid = solve_grid(215.9, 279.4, 63, 88, 3, EDGES, turn=False)
    assert not grid.rotated and grid.per_page == 6


def test_mat_on_a4():
    # The expedition mat, 128 x 86: one column of three upright, two by two sideways.
    grid = solve_grid(210, 297, 128, 86, 3, EDGES)
    assert grid.rotated and (grid.columns.count, grid.rows.count) == (2, 2)


@settings(max_examples=300, deadline=None)
@given(
    page=st.floats(30, 1200),
    item=st.floats(2, 400),
    bleed=st.one_of(st.just(0.0), st.floats(0.05, 10)),  # no sub-micron bleeds
    before=st.floats(0, 20),
    after=st.floats(0, 20),
    layout=st.sampled_from(["packed", "gutters"]),
)
def test_solver_properties(page, item, bleed, before, after, layout):
    span = page - before - after
    fits = item <= span
    if not fits:
        assume(item > span + 1e-6)  # stay clear of rounding at the boundary
        with pytest.raises(ValueError):
            solve_axis(page, item, bleed, before, after, layout)
        return
    axis: Axis = solve_axis(page, item, bleed, before, after, layout)
    assert axis.count >= 1
    # As many as fit between the margins, and not one more (packed), or as many as keep
    # their full bleed (gutters, when even one does).
    full = math.floor((span + 1e-9) / (item + 2 * bleed))
    if layout == "gutters" and bleed > 0 and full >= 1:
        assert axis.count == full
        assert math.isclose(axis.gutter, 2 * bleed) and axis.outer_bleed == pytest.approx(
            bleed, abs=1e-6
        )  # figures are kept to 1e-6 mm
    else:
        assert axis.count * item <= span + 1e-6
        assert (axis.count + 1) * item > span - 1e-6
    # Gutters are either none (butted) or twice the bleed.
    assert axis.gutter == 0 or math.isclose(axis.gutter, 2 * bleed)
    # The outer bleed is never negative nor more than asked for.
    assert -EPS <= axis.outer_bleed <= bleed + EPS
    # Items never overlap and keep their order.
    for i in range(axis.count - 1):
        assert axis.position(i) + item <= axis.position(i + 1) + EPS
    # The art (items plus outer bleed) stays inside the margins, centred between them.
    assert axis.art_start >= before - EPS
    assert axis.art_end <= page - after + EPS
    assert axis.art_start - before == pytest.approx(page - after - axis.art_end, abs=1e-6)
    # Preference order: full bleed everywhere when it fits, then butted with full outer bleed.
    body = axis.count * item
    if axis.count > 1 and bleed > 0 and body + axis.count * 2 * bleed <= span - 1e-6:
        assert math.isclose(axis.gutter, 2 * bleed)
    if body + 2 * bleed <= span - 1e-6:
        assert axis.outer_bleed == pytest.approx(bleed, abs=1e-6)
    # Each cut line appears once, in order.
    lines = axis.trim_lines()
    assert lines == sorted(lines)
    assert len(lines) == (axis.count + 1 if axis.gutter == 0 else 2 * axis.count)
