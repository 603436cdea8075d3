"""Tiling: boards larger than the page split into overlapping tiles, checked on the printed PDF.

The assembly test uses only what is printed: each tile's cut lines, the dashed lines they must
be laid on and the board's outer crop marks. Placing the tiles by those marks must put every
feature of the board on top of itself, to 0.1 mm. Alignment ticks and targets stand only on the
strips a neighbour covers, so none shows on the finished board.
"""

from __future__ import annotations

import pdfplumber
import pytest

from portolan.generator.backends.pdf import PdfWriter
from portolan.generator.draw import Circle, Drawing, Rect
from portolan.generator.layout.sheet import Item, SheetOptions, compose
from portolan.generator.layout.tiling import fits_page, plan_tiles
from portolan.sizes import papers, printer_limits

MARGIN = 5.0  # the default printer margin

MM = 25.4 / 72
A4 = (papers()["a4"].width, papers()["a4"].height)
LETTER = (papers()["letter"].width, papers()["letter"].height)
PROBE = "#123456"


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_a_big_board_is_split_into_equal_tiles_overlapping_exactly(paper):
    plan = plan_tiles(360, 360, 3, 12, paper, MARGIN)
    assert (plan.rows, plan.cols, plan.count) == (2, 2, 4)
    assert plan.tile_w == pytest.approx((366 + 12) / 2)
    for c in range(plan.cols - 1):
        assert plan.x0(c) + plan.tile_w - plan.x0(c + 1) == pytest.approx(12)
    for r in range(plan.rows - 1):
        assert plan.y0(r) + plan.tile_h - plan.y0(r + 1) == pytest.approx(12)
    # the tiles cover the board and its bleed, no more
    assert plan.x0(0) == -3 and plan.x0(plan.cols - 1) + plan.tile_w == pytest.approx(363)
    _, mark = printer_limits()
    assert plan.left >= MARGIN + mark - 1e-9
    assert plan.left + plan.tile_w <= paper[0] - MARGIN - mark + 1e-9


def test_the_fewest_tiles_are_used():
    plan = plan_tiles(600, 100, 3, 12, A4, MARGIN)
    assert (plan.rows, plan.cols) == (1, 4)
    assert fits_page(128, 86, A4, MARGIN) and not fits_page(360, 360, A4, MARGIN)
    # a board that fits only sideways is not tiled: it is turned on the page
    assert fits_page(250, 180, A4, MARGIN) and not fits_page(250, 200, A4, MARGIN)
    # a wider printer margin leaves less room: the same board needs more tiles
    assert plan_tiles(556, 394, 3, 12, A4, 4.0).count == 6
    assert plan_tiles(556, 394, 3, 12, A4, MARGIN).count == 8


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
    opts = SheetOptions(A4, bleed=3)
    pages = compose([Item(board)], opts, ("Game", "Big Board"), overlap=12)
    path = tmp_path_factory.mktemp("tiles") / "big.pdf"
    writer = PdfWriter(path, A4, title="tiles")
    for p in pages:
        writer.page(p)
    writer.save()
    plan = plan_tiles(360, 360, 3, 12, A4, MARGIN)
    with pdfplumber.open(path) as pdf:
        read = [_read(page) for page in pdf.pages]
    return read, probes, plan


def _mm(v: float) -> float:
    return v * MM


TARGET = 2 * 0.7 * 3.2  # a registration target's circle


def _read(page) -> dict:
    """The marks on one tile page, in mm from the page's top left."""
    lines = [
        (_mm(ln["x0"]), _mm(ln["top"]), _mm(ln["x1"]), _mm(ln["bottom"]), bool(ln["dash"][0]))
        for ln in page.lines
        if abs(_mm(ln["linewidth"]) - 0.25) < 0.01
    ]
    probes = [
        ((_mm(c["x0"]) + _mm(c["x1"])) / 2, (_mm(c["top"]) + _mm(c["bottom"])) / 2)
        for c in page.curves
        if c["fill"] and abs(_mm(c["x1"] - c["x0"]) - 2.0) < 0.05
    ]
    targets = [
        ((_mm(c["x0"]) + _mm(c["x1"])) / 2, (_mm(c["top"]) + _mm(c["bottom"])) / 2)
        for c in page.curves
        if c["stroke"] and not c["fill"] and abs(_mm(c["x1"] - c["x0"]) - TARGET) < 0.05
    ]
    return {"lines": lines, "probes": probes, "targets": targets, "text": page.extract_text()}


def _dashed_x(t):
    return [x0 for x0, y0, x1, y1, dash in t["lines"] if dash and abs(x0 - x1) < 1e-6]


def _dashed_y(t):
    return [y0 for x0, y0, x1, y1, dash in t["lines"] if dash and abs(y0 - y1) < 1e-6]


def _cut_x(t):
    """The tile's own left edge: the leftmost solid vertical mark in the top margin."""
    xs = [x0 for x0, y0, x1, y1, d in t["lines"] if not d and x0 == x1 and y0 <= MARGIN + 0.01]
    return min(xs)


def _cut_y(t):
    ys = [y0 for x0, y0, x1, y1, d in t["lines"] if not d and y0 == y1 and x0 <= MARGIN + 0.01]
    return min(ys)


def test_four_pages_named_by_tile(tiled):
    read, _, _ = tiled
    assert len(read) == 4
    for k, name in enumerate(["A1", "A2", "B1", "B2"]):
        assert f"tile {name}" in read[k]["text"]
        assert f"page {k + 1}/4" in read[k]["text"]


def test_the_printed_overlap_strips_are_12_mm(tiled):
    read, _, _ = tiled
    a1, a2, b1 = read[0], read[1], read[2]
    (dashed,) = _dashed_x(a1)
    strip_targets = [x for x, _ in a1["targets"] if x > dashed]
    assert strip_targets and all(abs((x - dashed) * 2 - 12) < 0.1 for x in strip_targets)
    (dashed_y,) = _dashed_y(a1)
    below = [y for _, y in a1["targets"] if y > dashed_y]
    assert below and all(abs((y - dashed_y) * 2 - 12) < 0.1 for y in below)
    # a tile's own left or top edge, laid over a neighbour, carries no target: A2's are all
    # on its lower strip, B1's on its right-hand strip, and B2 has none
    a2, b2 = read[1], read[3]
    assert a2["targets"] and all(y > _dashed_y(a2)[0] for _, y in a2["targets"])
    assert b1["targets"] and all(x > _dashed_x(b1)[0] for x, _ in b1["targets"])
    assert b2["targets"] == []


def test_ticks_and_targets_stand_only_on_the_strips_that_are_glued_under(tiled):
    """Every alignment mark inside a tile's window lies on a strip a neighbour covers; the rest
    of the tile, which stays in sight once glued, carries none."""
    read, _, plan = tiled
    left, top = plan.left, plan.top
    right, bottom = left + plan.tile_w, top + plan.tile_h
    seen = 0
    for k, tile in enumerate(read):
        r, c = divmod(k, plan.cols)
        strips = []
        if c < plan.cols - 1:
            strips.append((right - plan.overlap, top, right, bottom))
        if r < plan.rows - 1:
            strips.append((left, bottom - plan.overlap, right, bottom))

        def on_strip(x0, y0, x1, y1, strips=strips):
            return any(
                sx0 - 1e-6 <= min(x0, x1)
                and max(x0, x1) <= sx1 + 1e-6
                and sy0 - 1e-6 <= min(y0, y1)
                and max(y0, y1) <= sy1 + 1e-6
                for sx0, sy0, sx1, sy1 in strips
            )

        for x0, y0, x1, y1, dashed in tile["lines"]:
            inside = left + 0.01 < max(x0, x1) and min(x0, x1) < right - 0.01
            inside = inside and top + 0.01 < max(y0, y1) and min(y0, y1) < bottom - 0.01
            if dashed or not inside:
                continue  # the dashed edge of a strip; crop and cut marks in the margins
            assert on_strip(x0, y0, x1, y1), (k, x0, y0, x1, y1)
            seen += 1
        for x, y in tile["targets"]:
            assert on_strip(x - 2.3, y - 2.3, x + 2.3, y + 2.3), (k, x, y)
            seen += 1
    assert seen > 20


def _offset(lower, upper, vertical_seam: bool) -> float:
    """How far the upper tile's page moves across the seam, laid with its cut edge on the
    lower tile's dashed line."""
    if vertical_seam:
        (line,) = _dashed_x(lower)
        return line - _cut_x(upper)
    (line,) = _dashed_y(lower)
    return line - _cut_y(upper)


def _edge_marks(t, vertical: bool) -> list[float]:
    """The board's outer cut lines: y of horizontal marks in the left or right margin (or x
    of vertical ones in the top or bottom margin), not the tile's own cut edges."""
    if vertical:
        return sorted({round(x0, 4) for x0, y0, x1, y1, d in t["lines"] if not d and x0 == x1})
    return sorted({round(y0, 4) for x0, y0, x1, y1, d in t["lines"] if not d and y0 == y1})


def test_tiles_laid_by_their_marks_rebuild_the_board(tiled):
    read, probes, _ = tiled
    a1, a2, b1, b2 = read
    # A1's trim corner from its crop marks: the board's origin on A1's page
    edge = MARGIN + 0.01
    left_trim = min(x0 for x0, y0, x1, y1, d in a1["lines"] if x0 == x1 and y0 <= edge)
    top_trim = min(y0 for x0, y0, x1, y1, d in a1["lines"] if y0 == y1 and x0 <= edge)
    # A2: across, its cut edge on A1's dashed line; down, the board's top edge on both.
    a2_top = min(_edge_marks(a2, vertical=False))
    place = {0: (0.0, 0.0), 1: (_offset(a1, a2, True), top_trim - a2_top)}
    # B1: down, its cut edge on A1's lower dashed line; across, the board's left edge on both.
    b1_left = min(_edge_marks(b1, vertical=True))
    place[2] = (left_trim - b1_left, _offset(a1, b1, False))
    # B2: two dashed lines, B1's upright one and A2's level one, place it exactly.
    place[3] = (place[2][0] + _offset(b1, b2, True), place[1][1] + _offset(a2, b2, False))
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
    read, probes, _ = tiled
    # 100 probes on a 2 x 2 tiling: each tile prints about a quarter (plus its overlap strips)
    assert all(len(tile["probes"]) < len(probes) / 2 for tile in read)
