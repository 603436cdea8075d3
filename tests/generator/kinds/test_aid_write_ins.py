"""Age of Exploration's VP award sheet: a box to write a player's initial in for every claim of
every award and Major Expedition, each at least 8 mm square, on the sheet's one page and its
back. The boxes were the text '[ ]' at the body size (about 2 mm), the 'Won by' column about
4 mm high. Read back from the PDF with pdfplumber, to 0.1 mm."""

from __future__ import annotations

import pdfplumber

from portolan.generator.flow import WRITE_IN, WRITE_INK, write_ins
from portolan.model import load_game
from portolan.paths import components_dir
from tests.generator.helpers import built_in_game
from tests.helpers import PAPERS, TOL, as_rgb255, mm

WANT = tuple(int(WRITE_INK[i : i + 2], 16) for i in (1, 3, 5))


def test_write_ins_are_cells_of_boxes_only():
    assert write_ins("[ ] [ ]") == 2
    assert write_ins(" [ ]") == 1
    assert write_ins("") == 0
    assert write_ins("tick [ ] here") == 0


def _boxes(page) -> list[tuple[float, float, float, float]]:
    return [
        (mm(r["x0"]), mm(r["top"]), mm(r["width"]), mm(r["height"]))
        for r in page.rects
        if r.get("stroke") and as_rgb255(r.get("stroking_color")) == WANT
    ] + [
        (mm(c["x0"]), mm(c["top"]), mm(c["width"]), mm(c["height"]))
        for c in page.curves  # a rounded box is drawn as a curve
        if c.get("stroke") and as_rgb255(c.get("stroking_color")) == WANT
    ]


def test_every_claim_has_a_box_of_8_mm_on_the_sheet(tmp_path):
    component, path = built_in_game(tmp_path, "age-of-exploration", "vp-awards")
    board = load_game(components_dir(), "age-of-exploration").component("board").spec
    claims = sum(min(a.count, 8) for a in board.awards) + len(board.majors)
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 2  # one sheet, front and back, as before
        pages = [_boxes(p) for p in pdf.pages]
        words = [w["text"] for p in pdf.pages for w in p.extract_words()]
    assert sum(len(b) for b in pages) == claims
    assert WRITE_IN >= 8.0
    # the sheet, centred on the page (its trim box)
    aw, ah = component.spec.size.width, component.spec.size.height
    x0, y0 = (PAPERS["a4"][0] - aw) / 2, (PAPERS["a4"][1] - ah) / 2
    for boxes in pages:
        for k, (x, y, w, h) in enumerate(boxes):
            assert w >= WRITE_IN - TOL and h >= WRITE_IN - TOL, (w, h)
            assert x0 < x and x + w < x0 + aw and y0 < y and y + h < y0 + ah
            for ox, oy, ow, oh in boxes[k + 1 :]:  # no two boxes overlap
                assert (
                    x + w <= ox + TOL
                    or ox + ow <= x + TOL
                    or y + h <= oy + TOL
                    or (oy + oh <= y + TOL)
                )
    assert not [t for t in words if t in ("[", "]", "[]")]
