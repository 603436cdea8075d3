"""The assembly map of a tiled board: the tiles outlined to scale on the reduced board, each
named, with the overlap and the steps; the tile pages numbered after it."""

from __future__ import annotations

import pdfplumber
import pytest

from portolan.generator.backends.pdf import PdfWriter
from portolan.generator.draw import Drawing, Rect
from portolan.generator.layout.assembly import OUTLINE, assembly_page, assembly_steps
from portolan.generator.layout.sheet import Item, SheetOptions, compose
from portolan.generator.layout.tiling import plan_tiles
from portolan.sizes import papers
from tests.helpers import TOL, mm

A4 = (papers()["a4"].width, papers()["a4"].height)


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    board = Drawing(600, 300, bleed=3, id="wide")
    board.add(Rect(-3, -3, 606, 306, fill="#eeeeee"))
    plan = plan_tiles(600, 300, 3, 15, A4, 5.0)
    opts = SheetOptions(A4, bleed=3)
    tiles = compose([Item(board)], opts, ("Game", "Wide Board"), overlap=15, lead_pages=1)
    pages = [assembly_page(board, plan, ("Game", "Wide Board"), len(tiles) + 1), *tiles]
    path = tmp_path_factory.mktemp("assembly") / "wide.pdf"
    writer = PdfWriter(path, A4, title="wide")
    for p in pages:
        writer.page(p)
    writer.save()
    with pdfplumber.open(path) as doc:
        texts = [p.extract_text() for p in doc.pages]
        rects = [
            (mm(r["x0"]), mm(r["top"]), mm(r["width"]), mm(r["height"]))
            for r in doc.pages[0].rects
            if _is_outline(r) and mm(r["width"]) > 20
        ]
    return plan, texts, sorted(rects, key=lambda b: (round(b[1]), b[0]))


def _is_outline(r) -> bool:
    want = tuple(int(OUTLINE[i : i + 2], 16) / 255 for i in (1, 3, 5))
    c = r.get("stroking_color")
    return isinstance(c, list | tuple) and all(
        abs(a - b) < 0.01 for a, b in zip(c, want, strict=True)
    )


def test_the_map_comes_first_and_the_tiles_are_numbered_after_it(printed):
    plan, texts, _ = printed
    assert len(texts) == plan.count + 1
    assert "Wide Board — assembly map" in texts[0] and f"page 1/{plan.count + 1}" in texts[0]
    for k in range(plan.count):
        r, c = divmod(k, plan.cols)
        assert f"tile {plan.name(r, c)}" in texts[k + 1]
        assert f"page {k + 2}/{plan.count + 1}" in texts[k + 1]


def test_every_tile_is_outlined_to_scale_and_named(printed):
    plan, texts, rects = printed
    assert len(rects) == plan.count
    scale = rects[0][2] / plan.tile_w
    for _, _, w, h in rects:
        assert abs(w / scale - plan.tile_w) < TOL and abs(h / scale - plan.tile_h) < TOL
    for r in range(plan.rows):
        for c in range(plan.cols):
            assert plan.name(r, c) in texts[0].split()
    # neighbours overlap by the board's overlap, and the whole covers the board and its bleed
    for c in range(plan.cols - 1):
        left, right = rects[c], rects[c + 1]
        assert abs((left[0] + left[2] - right[0]) / scale - plan.overlap) < TOL
    span = (rects[plan.cols - 1][0] + rects[plan.cols - 1][2] - rects[0][0]) / scale
    assert abs(span - (plan.width + 2 * plan.bleed)) < TOL


def test_the_map_states_the_sizes_and_the_steps(printed):
    plan, texts, _ = printed
    page = " ".join(texts[0].split())
    assert "Board 600 × 300 mm plus 3 mm bleed" in page
    assert f"{plan.count} tiles, {plan.cols} columns × {plan.rows} row" in page
    assert "overlap by 15 mm" in page
    for step in ("1. Print", "2. Cut", "3. Lay", "4. Glue"):
        assert step in page
    order = assembly_steps(plan)[-1]
    assert " ".join(plan.name(0, c) for c in range(plan.cols)) in order
