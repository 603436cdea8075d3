"""Rings of card slots: their geometry, and the Discovery table mat's slots as printed in tiles.

The printed check reads every slot outline from the four tile pages, places the tiles by their
printed marks (cut lines on the dashed lines, the mat's outer edges at its crop marks) and
compares each slot's centre on the assembled mat with the ring's geometry, to 0.1 mm.
"""

from __future__ import annotations

import math

import pdfplumber
import pytest

from portolan.generator.layout.ring import _clear, ring_places, ring_radius
from portolan.model import load_game
from portolan.model.board import Ring
from portolan.paths import components_dir
from portolan.sizes import printer_limits
from tests.generator.helpers import built_alone

MM = 25.4 / 72


@pytest.fixture(scope="module")
def mat_ring() -> Ring:
    game = load_game(components_dir(), "discovery-era-of-voyage")
    (ring,) = game.component("table-mat").spec.rings
    return ring


def test_the_automatic_radius_is_the_smallest_that_keeps_the_gap(mat_ring):
    r = ring_radius(mat_ring)
    assert _clear(mat_ring, r)
    assert not _clear(mat_ring, r - 0.5)


def test_slots_are_numbered_clockwise_from_the_top(mat_ring):
    r = ring_radius(mat_ring)
    places = ring_places(mat_ring)
    assert len(places) == 7
    first, second, last = places[0], places[1], places[-1]
    assert (first.cx, first.cy) == pytest.approx((mat_ring.cx, mat_ring.cy - r))
    assert second.cx > first.cx and last.cx < first.cx  # clockwise: 2 to the right, 7 left
    for k, p in enumerate(places):
        assert math.hypot(p.cx - mat_ring.cx, p.cy - mat_ring.cy) == pytest.approx(r)
        assert p.rotate == pytest.approx(360 / 7 * k)  # radial: each top faces outward


def test_an_upright_ring_needs_a_larger_radius():
    radial = Ring(ring="x", cx=0, cy=0, count=7, size="poker", centre="c")
    upright = Ring(ring="x", cx=0, cy=0, count=7, size="poker", centre="c", orient="upright")
    assert ring_radius(upright) > ring_radius(radial)
    assert all(p.rotate == 0 for p in ring_places(upright))


@pytest.fixture(scope="module")
def mat_pages(tmp_path_factory):
    _, path = built_alone(tmp_path_factory.mktemp("mat"), "discovery-era-of-voyage", "table-mat")
    with pdfplumber.open(path) as pdf:
        return [_read(p) for p in pdf.pages]


def _read(page) -> dict:
    lines = [
        (ln["x0"] * MM, ln["top"] * MM, ln["x1"] * MM, ln["bottom"] * MM, bool(ln["dash"][0]))
        for ln in page.lines
    ]
    slots = [
        ((c["x0"] + c["x1"]) / 2 * MM, (c["top"] + c["bottom"]) / 2 * MM)
        for c in page.curves
        if c["stroke"] and list(c["dash"][0]) == [2.5, 1.5]
    ]
    return {"lines": lines, "slots": slots}


def _solid(t, vertical: bool):
    edge = printer_limits()[0] + 0.01
    if vertical:
        return [x0 for x0, y0, x1, y1, d in t["lines"] if not d and x0 == x1 and y0 <= edge]
    return [y0 for x0, y0, x1, y1, d in t["lines"] if not d and y0 == y1 and x0 <= edge]


def _across(lower, upper, vertical: bool) -> float:
    """Lay ``upper`` on ``lower`` with its cut edge on the dashed line: how far it moves across."""
    dashed = [
        (x0 if vertical else y0)
        for x0, y0, x1, y1, d in lower["lines"]
        if d and ((x0 == x1) if vertical else (y0 == y1))
    ]
    (line,) = dashed  # each tile here has one neighbour to the right and one below
    return line - min(_solid(upper, vertical))


def test_the_printed_mat_puts_every_slot_where_the_ring_says(mat_ring, mat_pages):
    assert len(mat_pages) == 4
    a1, a2, b1, b2 = mat_pages
    origin = (min(_solid(a1, True)), min(_solid(a1, False)))  # A1's trim corner
    # A2 and B1 each share an outer edge of the mat with A1; B2 sits on two dashed lines.
    a2_at = (_across(a1, a2, True), origin[1] - min(_solid(a2, False)))
    b1_at = (origin[0] - min(_solid(b1, True)), _across(a1, b1, False))
    b2_at = (b1_at[0] + _across(b1, b2, True), a2_at[1] + _across(a2, b2, False))
    offsets = [(0.0, 0.0), a2_at, b1_at, b2_at]
    expected = sorted([(p.cx, p.cy) for p in ring_places(mat_ring)] + [(mat_ring.cx, mat_ring.cy)])
    for k, tile in enumerate(mat_pages):
        ox, oy = offsets[k]
        got = sorted((x + ox - origin[0], y + oy - origin[1]) for x, y in tile["slots"])
        assert len(got) == 8, k
        for (gx, gy), (wx, wy) in zip(got, expected, strict=True):
            assert abs(gx - wx) < 0.1 and abs(gy - wy) < 0.1, (k, gx, gy, wx, wy)
