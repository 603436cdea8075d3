"""A page whose art leaves no room above it keeps its header, down the right-hand margin.

On Letter (279.4 mm tall) Age of Exploration's expedition mat (262 mm) and Ships' sheet of
four player aids (2 × 130 mm) left under 1.2 mm between the printer margin and the art: the
header (game, component, side, page) was dropped. It is now turned a quarter, in the band right
of the art: the art keeps its true size and its full bleed on that side, and the header keeps
off the crop marks and the printer margin. Read back from the PDFs with pdfplumber, to 0.1 mm.
"""

from __future__ import annotations

import itertools

import pdfplumber
import pytest

from portolan.generator.layout.furniture import ART_CLEARANCE, MARK_CLEARANCE
from tests.generator.helpers import built_in_game
from tests.helpers import BLEED, PAPERS, PRINTER_MARGIN, TOL, crop_marks, mm

CASES = {
    # game, component: its size, its title on the page, what every page's header says
    ("age-of-exploration", "expedition-mat"): ((190.0, 262.0), "Age of Exploration 1492–1543"),
    ("ships", "player-aid"): ((95.0, 130.0), "Ships"),
}


def _pages(tmp_path, game_id: str, component_id: str, page: str):
    component, path = built_in_game(tmp_path, game_id, component_id, page=page)
    with pdfplumber.open(path) as pdf:
        for p in pdf.pages:
            chars = [
                (mm(c["x0"]), mm(c["top"]), mm(c["x1"]), mm(c["bottom"]), c["text"], c["upright"])
                for c in p.chars
            ]
            yield component, chars, crop_marks(p)


def _cuts(marks, vertical: bool) -> list[float]:
    """The cut lines the crop marks stand on: x of the vertical marks, y of the horizontal."""
    at = {round(m.x1 if vertical else m.y1, 3) for m in marks if (m.x1 == m.x2) == vertical}
    return sorted(at)


@pytest.mark.parametrize(("game_id", "component_id"), list(CASES))
def test_a_full_page_on_letter_has_its_header_down_the_right_margin(
    tmp_path, game_id, component_id
):
    (w, h), game_title = CASES[(game_id, component_id)]
    paper_w, _ = PAPERS["letter"]
    pages = list(_pages(tmp_path, game_id, component_id, "letter"))
    for n, (component, chars, marks) in enumerate(pages, start=1):
        xs, ys = _cuts(marks, True), _cuts(marks, False)
        # the items at their true size: cut lines every w across, every h down
        for a, b in itertools.pairwise(xs):
            assert abs(b - a - w) <= TOL, (xs, w)
        for a, b in itertools.pairwise(ys):
            assert abs(b - a - h) <= TOL, (ys, h)
        beyond = xs[-1] + BLEED + ART_CLEARANCE  # right of the full bleed
        side = sorted((c for c in chars if c[0] >= beyond - TOL), key=lambda c: c[1])
        text = "".join(c[4] for c in side).replace(" ", "")
        for want in (game_title, component.name, f"page {n}/{len(pages)}"):
            assert want.replace(" ", "") in text, (n, text)
        for _x0, top, x1, bottom, _, upright in side:
            assert not upright
            assert x1 <= paper_w - PRINTER_MARGIN + TOL
            for y in ys:  # a horizontal crop mark in the right margin stands at each cut
                assert bottom <= y - MARK_CLEARANCE + TOL or top >= y + MARK_CLEARANCE - TOL


def test_on_a4_the_header_stays_on_top(tmp_path):
    """The mat on A4 has room above it: the header is where it always was, upright."""
    for _, chars, marks in _pages(tmp_path, "age-of-exploration", "expedition-mat", "a4"):
        top = _cuts(marks, False)[0] - BLEED - ART_CLEARANCE
        above = "".join(c[4] for c in chars if c[3] <= top + TOL and c[5])
        assert "Expedition Mat" in above
        assert all(c[5] for c in chars if c[0] >= _cuts(marks, True)[-1] + BLEED)


@pytest.mark.parametrize(("game_id", "component_id"), list(CASES))
def test_the_bar_caption_and_the_note_go_down_the_left_when_the_foot_is_full(
    tmp_path, game_id, component_id
):
    """On Letter the band under the art is too thin for a line: the scale bar's caption and
    how to flip or cut the sheet go down the left margin, turned, off the printer margin."""
    import pypdfium2 as pdfium

    from portolan.generator.layout.furniture import BAR_LABEL

    _, path = built_in_game(tmp_path, game_id, component_id, page="letter")
    doc = pdfium.PdfDocument(str(path))
    try:
        for k in range(len(doc)):
            page = doc[k]
            text = " ".join(page.get_textpage().get_text_range().split())
            assert BAR_LABEL in text, k
            assert "flip on the long edge" in text or "cut along the crop marks" in text, k
    finally:
        doc.close()
    w, h = PAPERS["letter"]
    for _, chars, _ in _pages(tmp_path / "again", game_id, component_id, "letter"):
        for x0, top, x1, bottom, _, _ in chars:
            assert x0 >= PRINTER_MARGIN - TOL and x1 <= w - PRINTER_MARGIN + TOL
            assert top >= PRINTER_MARGIN - TOL and bottom <= h - PRINTER_MARGIN + TOL
