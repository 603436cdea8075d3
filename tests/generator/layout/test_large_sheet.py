"""The single print-shop sheet of a tiled board: the smallest large paper that holds it whole,
the board centred with its trim and bleed boxes, crop marks on its four cut lines."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from portolan.generator.backends.pdf import PdfWriter
from portolan.generator.draw import Drawing, Rect
from portolan.generator.layout.large import choose_sheet, large_page, margin_needed
from portolan.sizes import large_papers, printer_limits
from tests.helpers import PRINTER_MARGIN as MARGIN
from tests.helpers import TOL, mm


@pytest.mark.parametrize(
    ("board", "paper", "size"),
    [
        ((556, 394), "a2", (594, 420)),  # Ships: landscape, as the board
        ((360, 360), "a2", (594, 420)),  # Discovery's table mat
        ((394, 556), "a2", (420, 594)),  # a portrait board stays portrait
        ((580, 410), "a1", (841, 594)),  # too big for A2 with its margins
        ((830, 560), "a0", (1189, 841)),  # 10 mm too wide for A1
    ],
)
def test_the_smallest_sheet_that_holds_the_board_whole(board, paper, size):
    sheet = choose_sheet(*board, 3.0, MARGIN)
    assert (sheet.paper, sheet.size) == (paper, size)
    x, y, w, h = sheet.trim
    assert (w, h) == board
    need = margin_needed(3.0, MARGIN)
    assert x >= need - 1e-9 and y >= need - 1e-9
    assert x + w <= size[0] - need + 1e-9 and y + h <= size[1] - need + 1e-9


def test_large_papers_are_data_smallest_first():
    sizes = list(large_papers().values())
    assert [s.width * s.height for s in sizes] == sorted(s.width * s.height for s in sizes)
    assert list(large_papers()) == ["a2", "a1", "a0"]


def test_a_board_larger_than_a0_is_refused():
    with pytest.raises(ValueError, match="does not fit any large sheet"):
        choose_sheet(1300, 900, 3.0, MARGIN)


@pytest.fixture(scope="module")
def sheet_pdf(tmp_path_factory):
    board = Drawing(500, 350, bleed=3, id="big")
    board.add(Rect(-3, -3, 506, 356, fill="#dddddd"))
    sheet = choose_sheet(500, 350, 3, MARGIN)
    path = tmp_path_factory.mktemp("large") / "big-large.pdf"
    writer = PdfWriter(path, sheet.size, title="big")
    writer.page(
        large_page(board, sheet, ("Game", "Big"), 1, 1), trim=sheet.trim, bleed=sheet.bleed_box
    )
    writer.save()
    return path, sheet


def test_the_page_carries_the_boards_trim_and_bleed_boxes(sheet_pdf):
    path, sheet = sheet_pdf
    page = PdfReader(path).pages[0]
    W, H = sheet.size
    mx0, my0, mx1, my1 = (float(v) / 72 * 25.4 for v in page.mediabox)
    assert abs(mx1 - mx0 - W) < TOL and abs(my1 - my0 - H) < TOL
    x, y, w, h = sheet.trim
    tx0, ty0, tx1, ty1 = (float(v) / 72 * 25.4 for v in page.trimbox)
    # PDF boxes count from the bottom left; ours from the top left
    assert abs(tx0 - x) < TOL and abs(tx1 - (x + w)) < TOL
    assert abs(ty1 - (H - y)) < TOL and abs(ty0 - (H - y - h)) < TOL
    bx0, by0, bx1, by1 = (float(v) / 72 * 25.4 for v in page.bleedbox)
    assert abs(tx0 - bx0 - 3) < TOL and abs(bx1 - tx1 - 3) < TOL
    assert abs(ty0 - by0 - 3) < TOL and abs(by1 - ty1 - 3) < TOL


def test_crop_marks_stand_on_the_cut_lines_outside_the_bleed(sheet_pdf):
    import pdfplumber

    path, sheet = sheet_pdf
    x, y, w, h = sheet.trim
    _, mark = printer_limits()
    unprintable = MARGIN
    with pdfplumber.open(path) as doc:
        lines = doc.pages[0].lines
        marks = [
            (mm(ln["x0"]), mm(ln["top"]), mm(ln["x1"]), mm(ln["bottom"]))
            for ln in lines
            if (mm(ln["bottom"]) <= y - 3 + TOL or mm(ln["top"]) >= y + h + 3 - TOL)
            and abs(ln["x0"] - ln["x1"]) < 1e-6
        ]
    xs = sorted({round(m[0], 2) for m in marks})
    assert xs == [round(x, 2), round(x + w, 2)]
    for _, top, _, bottom in marks:
        assert bottom - top >= mark - TOL  # every mark at least 3 mm long
        assert top >= unprintable - TOL  # and inside what a printer can reach


def test_only_tiled_boards_get_a_single_sheet(a4):
    deov = a4.game("discovery-era-of-voyage")
    assert (deov / "table-mat-large.pdf").is_file()
    assert not (a4.game("age-of-discovery") / "victory-point-chart-large.pdf").exists()
    assert not list(a4.game("exploration-age-of-sail").glob("*-large.pdf"))
    page = PdfReader(deov / "table-mat-large.pdf").pages[0]
    tx0, ty0, tx1, ty1 = (float(v) / 72 * 25.4 for v in page.trimbox)
    assert abs(tx1 - tx0 - 360) < TOL and abs(ty1 - ty0 - 360) < TOL
