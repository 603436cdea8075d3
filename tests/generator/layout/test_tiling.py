"""Tiling: boards larger than the page split into overlapping tiles, checked on the printed PDF.

The assembly test uses only what is printed: each tile's cut line, the dashed line it must be
laid on and the ticks across the seam. Placing the tiles by those marks must put every feature
of the board on top of itself, to 0.1 mm.
"""

from __future__ import annotations

import pdfplumber
import pytest

from generator.backends.pdf import PdfWriter
from generator.draw import Circle, Drawing, Rect
from generator.layout.sheet import Item, SheetOptions, compose
from generator.layout.tiling import fits_page, plan_tiles
from portolan.sizes import papers, printer_limits

MM = 25.4 / 72
A4 = (papers()["a4"].width, papers()["a4"].height)
LETTER = (papers()["letter"].width, papers()["letter"].height)
PROBE = "#123456"


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_a_big_board_is_split_into_equal_tiles_overlapping_exactly(paper):
    plan = plan_tiles(360, 360, 3, 12, paper)
    assert (plan.rows, plan.cols, plan.count) == (2, 2, 4)
    assert plan.tile_w == pytest.approx((366 + 12) / 2)
    for c in range(plan.cols - 1):
        assert plan.x0(c) + plan.tile_w - plan.x0(c + 1) == pytest.approx(12)
    for r in range(plan.rows - 1):
        assert plan.y0(r) + plan.tile_h - plan.y0(r + 1) == pytest.approx(12)
    # the tiles cover the board and its bleed, no more
    assert plan.x0(0) == -3 and plan.x0(plan.cols - 1) + plan.tile_w == pytest.approx(363)
    unprintable, mark = printer_limits()
    assert plan.left >= unprintable + mark - 1e-9
    assert plan.left + plan.tile_w <= paper[0] - unprintable - mark + 1e-9


def test_the_fewest_tiles_are_used():
    plan = plan_tiles(600, 100, 3, 12, A4)
    assert (plan.rows, plan.cols) == (1, 4)
    assert fits_page(128, 86, A4) and not fits_page(360, 360, A4)


def _board() -> tuple[Drawing, list[tuple[float, float]]]:
    board = Drawing(360, 360, bleed=3, id="big")
    board.add(Rect(-3, -3, 366, 366, fill="#eeeeee"))
    probes = [(x, y) for x in range(10, 360, 35) for y in range(10, 360, 35)]
    for x, y in probes:
        board.add(Circle(x, y, 1.0, fill=PROBE))
    return board, probes


@pytest.fixture(scope="module")
def tiled(tmp_path_factory):
    board, probes = _board()
    opts = SheetOptions(A4, "a4", bleed=3)
    pages = compose([Item(board)], opts, ("Game", "Big Board"), overlap=12)
    path = tmp_path_factory.mktemp("tiles") / "big.pdf"
    writer = PdfWriter(path, A4, title="tiles")
    for p in pages:
        writer.page(p)
    writer.save()
    with pdfplumber.open(path) as pdf:
        read = [_read(page) for page in pdf.pages]
    return read, probes


def _mm(v: float) -> float:
    return v * MM


def _read(page) -> dict:
    """The marks on one tile page, in mm from the page's top left."""
    lines = [
        (_mm(ln["x0"]), _mm(ln["top"]), _mm(ln["x1"]), _mm(ln["bottom"]), bool(ln["dash"][0]))
        for ln in page.lines
    ]
    probes = [
        ((_mm(c["x0"]) + _mm(c["x1"])) / 2, (_mm(c["top"]) + _mm(c["bottom"])) / 2)
        for c in page.curves
        if c["fill"] and abs(_mm(c["x1"] - c["x0"]) - 2.0) < 0.05
    ]
    targets = [
        ((_mm(c["x0"]) + _mm(c["x1"])) / 2, (_mm(c["top"]) + _mm(c["bottom"])) / 2)
        for c in page.curves
        if c["stroke"] and not c["fill"] and abs(_mm(c["x1"] - c["x0"]) - 4.4) < 0.05
    ]
    return {"lines": lines, "probes": probes, "targets": targets, "text": page.extract_text()}


def _dashed_x(t):
    return [x0 for x0, y0, x1, y1, dash in t["lines"] if dash and abs(x0 - x1) < 1e-6]


def _dashed_y(t):
    return [y0 for x0, y0, x1, y1, dash in t["lines"] if dash and abs(y0 - y1) < 1e-6]


def _cut_x(t):
    """The tile's own left edge: the leftmost solid vertical mark in the top margin."""
    unprintable, _ = printer_limits()
    xs = [x0 for x0, y0, x1, y1, d in t["lines"] if not d and x0 == x1 and y0 <= unprintable + 0.01]
    return min(xs)


def _cut_y(t):
    unprintable, _ = printer_limits()
    ys = [y0 for x0, y0, x1, y1, d in t["lines"] if not d and y0 == y1 and x0 <= unprintable + 0.01]
    return min(ys)


def _ticks(t, vertical_seam: bool, at: float, length: float):
    """Positions along a seam of the ticks of ``length`` mm crossing or starting on it."""
    out = []
    for x0, y0, x1, y1, d in t["lines"]:
        if d:
            continue
        crosses_x = min(x0, x1) - 1e-6 <= at <= max(x0, x1) + 1e-6
        crosses_y = min(y0, y1) - 1e-6 <= at <= max(y0, y1) + 1e-6
        if vertical_seam and abs(y0 - y1) < 1e-6 and abs(x1 - x0 - length) < 0.05 and crosses_x:
            out.append(y0)
        if not vertical_seam and abs(x0 - x1) < 1e-6 and abs(y1 - y0 - length) < 0.05 and crosses_y:
            out.append(x0)
    return sorted(out)


def test_four_pages_named_by_tile(tiled):
    read, _ = tiled
    assert len(read) == 4
    for k, name in enumerate(["A1", "A2", "B1", "B2"]):
        assert f"tile {name}" in read[k]["text"]
        assert f"page {k + 1}/4" in read[k]["text"]


def test_the_printed_overlap_strips_are_12_mm(tiled):
    read, _ = tiled
    a1, a2, b1 = read[0], read[1], read[2]
    (dashed,) = _dashed_x(a1)
    strip_targets = [x for x, _ in a1["targets"] if x > dashed]
    assert strip_targets and all(abs((x - dashed) * 2 - 12) < 0.1 for x in strip_targets)
    cut = _cut_x(a2)
    own_targets = [x for x, _ in a2["targets"] if x < cut + 12]
    assert own_targets and all(abs((x - cut) * 2 - 12) < 0.1 for x in own_targets)
    (dashed_y,) = _dashed_y(a1)
    assert all(abs((y - dashed_y) * 2 - 12) < 0.1 for _, y in a1["targets"] if y > dashed_y)
    cut_y = _cut_y(b1)
    assert any(abs((y - cut_y) * 2 - 12) < 0.1 for _, y in b1["targets"])


def _offset(lower, upper, vertical_seam: bool) -> tuple[float, float]:
    """Where the upper tile's page goes on the lower tile's page when laid by the marks."""
    if vertical_seam:
        (line,) = _dashed_x(lower)
        cut = _cut_x(upper)
        below = _ticks(lower, True, line, 6.0)
        above = _ticks(upper, True, cut, 3.0)
        assert len(below) == len(above) >= 2
        dy = sum(b - a for a, b in zip(above, below, strict=True)) / len(below)
        return line - cut, dy
    (line,) = _dashed_y(lower)
    cut = _cut_y(upper)
    below = _ticks(lower, False, line, 6.0)
    above = _ticks(upper, False, cut, 3.0)
    assert len(below) == len(above) >= 2
    dx = sum(b - a for a, b in zip(above, below, strict=True)) / len(below)
    return dx, line - cut


def test_tiles_laid_by_their_marks_rebuild_the_board(tiled):
    read, probes = tiled
    a1, a2, b1, b2 = read
    # A1's trim corner from its crop marks: the board's origin on A1's page
    edge = printer_limits()[0] + 0.01
    left_trim = min(x0 for x0, y0, x1, y1, d in a1["lines"] if x0 == x1 and y0 <= edge)
    top_trim = min(y0 for x0, y0, x1, y1, d in a1["lines"] if y0 == y1 and x0 <= edge)
    place = {0: (0.0, 0.0)}
    dx, dy = _offset(a1, a2, True)
    place[1] = (dx, dy)
    dx, dy = _offset(a1, b1, False)
    place[2] = (dx, dy)
    dx, dy = _offset(b1, b2, True)
    place[3] = (place[2][0] + dx, place[2][1] + dy)
    # A tile prints only what falls in (or next to) its window; laid by its marks, every probe
    # it prints lands on that probe's board position, and together the tiles show them all.
    seen = set()
    for k, tile in enumerate(read):
        ox, oy = place[k]
        got = [(x + ox - left_trim, y + oy - top_trim) for x, y in tile["probes"]]
        assert got
        for gx, gy in got:
            match = [p for p in probes if abs(gx - p[0]) < 0.1 and abs(gy - p[1]) < 0.1]
            assert match, (k, gx, gy)
            seen.add(match[0])
    assert seen == set(probes)


def test_a_tile_skips_what_lies_outside_its_window(tiled):
    read, probes = tiled
    # 100 probes on a 2 x 2 tiling: each tile prints about a quarter (plus its overlap strips)
    assert all(len(tile["probes"]) < len(probes) / 2 for tile in read)
