"""Sheets read back from the PDFs: page size, where every card is cut, crop marks, bleed, scale bar.

The expected positions come from the print specification (tests/helpers.py ``POKER_PLANS``), not
from the layout code: poker cards 3 x 3; A4 columns butted with 10.5 mm margins and rows with
6 mm gutters; Letter butted both ways with the rows' outer bleed cut to 0.7 mm.
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from tests.helpers import (
    BLEED,
    MARK,
    PAPERS,
    POKER_PLANS,
    TOL,
    UNPRINTABLE,
    Box,
    box_of,
    cards_on,
    close,
    crop_marks,
    header_side,
    mm,
    page_text,
    slot_boxes,
)

DECKS = ["expedition-deck", "exploration-deck", "player-aid"]
SHEETS = [*DECKS, "expedition-mat"]


@pytest.fixture(scope="session", params=["a4", "letter"])
def paper_set(request, build):
    return request.param, build(page=request.param)


def test_the_specified_margins_follow_from_the_rules():
    """The plans agree with the figures stated in the specification."""
    a4_cols, a4_rows = POKER_PLANS["a4"]
    assert a4_cols.start == pytest.approx(10.5) and a4_rows.start == pytest.approx(10.5)
    lt_cols, lt_rows = POKER_PLANS["letter"]
    assert lt_cols.start == pytest.approx(13.45) and lt_rows.start == pytest.approx(7.7)
    assert lt_rows.outer_bleed == pytest.approx(0.7)
    for cols, rows in POKER_PLANS.values():
        for plan in (cols, rows):
            # Room for a crop mark of at least MARK mm beyond the unprintable band.
            assert plan.block_start >= UNPRINTABLE + MARK - 1e-9
            assert plan.page - plan.block_end >= UNPRINTABLE + MARK - 1e-9


@pytest.mark.parametrize("component", [*SHEETS, "score-pad", "rules-reference"])
def test_page_size(paper_set, open_pdf, component):
    paper, built = paper_set
    doc = open_pdf(built.pdf(component))
    w, h = PAPERS[paper]
    assert len(doc.pages) >= 1
    for page in doc.pages:
        assert mm(page.width) == pytest.approx(w, abs=0.01)
        assert mm(page.height) == pytest.approx(h, abs=0.01)


@pytest.mark.parametrize("component", DECKS)
def test_card_trim_boxes(paper_set, open_pdf, component):
    """Every card on every page sits in one of the nine slots, filled in reading order."""
    paper, built = paper_set
    doc = open_pdf(built.pdf(component))
    for page in doc.pages:
        cards = cards_on(page)
        assert cards, f"no cards on page {page.page_number}"
        expected = [trim for trim, _ in slot_boxes(paper)]
        if header_side(page) == "fronts":
            # Fronts fill the first slots in reading order; backs land on mirrored slots.
            expected = expected[: len(cards)]
            for card, want in zip(cards, expected, strict=True):
                assert close(card.trim, want), (page.page_number, card.trim, want)
        else:
            for card in cards:
                assert any(close(card.trim, want) for want in expected), card.trim


@pytest.mark.parametrize("component", SHEETS)
def test_crop_marks_on_trim_lines(paper_set, open_pdf, component):
    paper, built = paper_set
    doc = open_pdf(built.pdf(component))
    page = doc.pages[0]
    marks = crop_marks(page)
    if component == "expedition-mat":
        size, bleed = (128.0, 86.0), BLEED
    else:
        size, bleed = (63.0, 88.0), BLEED
    cards = cards_on(page, *size, bleed)
    assert marks and cards
    xs = sorted({round(c.trim.x, 3) for c in cards} | {round(c.trim.right, 3) for c in cards})
    ys = sorted({round(c.trim.y, 3) for c in cards} | {round(c.trim.bottom, 3) for c in cards})
    vertical = sorted({round(m.x1, 3) for m in marks if m.vertical})
    horizontal = sorted({round(m.y1, 3) for m in marks if not m.vertical})
    # Every card edge is on a marked cut line (partly filled pages keep the full grid's marks).
    for x in xs:
        assert any(abs(x - v) <= TOL for v in vertical), x
    for y in ys:
        assert any(abs(y - v) <= TOL for v in horizontal), y
    if component in DECKS:
        cols, rows = POKER_PLANS[paper]
        assert vertical == pytest.approx(cols.cuts(), abs=TOL)
        assert horizontal == pytest.approx(rows.cuts(), abs=TOL)
    # A mark at both ends of every cut line: top and bottom, left and right.
    for x in vertical:
        assert sum(1 for m in marks if m.vertical and abs(m.x1 - x) < TOL) == 2
    for y in horizontal:
        assert sum(1 for m in marks if not m.vertical and abs(m.y1 - y) < TOL) == 2


@pytest.mark.parametrize("component", SHEETS)
def test_crop_marks_printable_long_enough_and_off_the_art(paper_set, open_pdf, component):
    paper, built = paper_set
    w, h = PAPERS[paper]
    doc = open_pdf(built.pdf(component))
    size = (128.0, 86.0) if component == "expedition-mat" else (63.0, 88.0)
    for page in doc.pages:
        marks = crop_marks(page)
        assert marks
        cards = cards_on(page, *size)
        if component in DECKS:
            bleed_boxes = [bb for _, bb in slot_boxes(paper)]
        else:
            # Each mat grown by the full bleed on every side: a superset of its bleed box.
            bleed_boxes = [c.trim.grow(BLEED, BLEED, BLEED, BLEED) for c in cards]
        for m in marks:
            assert m.length >= MARK - 0.01, m
            for v in (m.x1, m.x2):
                assert UNPRINTABLE - 0.01 <= v <= w - UNPRINTABLE + 0.01, m
            for v in (m.y1, m.y2):
                assert UNPRINTABLE - 0.01 <= v <= h - UNPRINTABLE + 0.01, m
            for bb in bleed_boxes:
                assert not m.enters(bb), (m, bb)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_letter_rows_bleed_is_reduced_and_marks_touch_it(build, open_pdf, paper):
    """The vertical marks end exactly where the outer bleed of the top and bottom rows ends."""
    page = open_pdf(build(page=paper).pdf("exploration-deck")).pages[0]
    _, rows = POKER_PLANS[paper]
    marks = [m for m in crop_marks(page) if m.vertical]
    ends = sorted({round(max(m.y1, m.y2), 3) for m in marks if m.y1 < 50})
    starts = sorted({round(min(m.y1, m.y2), 3) for m in marks if m.y1 > 50})
    assert ends == pytest.approx([rows.block_start], abs=TOL)
    assert starts == pytest.approx([rows.block_end], abs=TOL)


# -- the art is clipped to the trim plus the allowed bleed ----------------------------------

DPI = 300
STEP = 0.4  # mm between a sample point and the nearest edge


def _render(path, index):
    doc = pdfium.PdfDocument(str(path))
    try:
        return doc[index].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def _pixel(image, x_mm, y_mm):
    return image.getpixel((int(x_mm * DPI / 25.4), int(y_mm * DPI / 25.4)))


def _samples(trim: Box, bleed_box: Box):
    """Points across each edge, at offsets measured outwards from the trim: inside the trim, just
    outside it, just inside the end of the bleed, and just beyond the bleed."""
    sides = {
        "left": trim.x - bleed_box.x,
        "right": bleed_box.right - trim.right,
        "top": trim.y - bleed_box.y,
        "bottom": bleed_box.bottom - trim.bottom,
    }
    out = []
    for f in (0.3, 0.5, 0.7):
        cx, cy = trim.x + f * trim.w, trim.y + f * trim.h
        for side, bleed in sides.items():
            for d in (-STEP, STEP, bleed - STEP, bleed + STEP):
                if side == "left":
                    out.append((trim.x - d, cy))
                elif side == "right":
                    out.append((trim.right + d, cy))
                elif side == "top":
                    out.append((cx, trim.y - d))
                else:
                    out.append((cx, trim.bottom + d))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_art_clipped_to_trim_plus_allowed_bleed(build, open_pdf, paper, duplex):
    """Rasterised, every point near a card edge shows the colour of the card whose trim plus
    allowed bleed contains it, and paper white outside every such box. Neighbours of different
    colours (the discoveries of three regions) show that no card paints over another, and
    Letter's 0.7 mm outer bleed shows that art is cut there although it is drawn 3 mm wide."""
    built = build(page=paper, duplex=duplex)
    path = built.pdf("exploration-deck")
    doc = open_pdf(path)
    checked = 0
    for index in (10, 11, 12, 13):  # discoveries of three regions, their backs, the last page
        page = doc.pages[index]
        cards = cards_on(page)
        # Each card's allowed box: its slot's trim plus that slot's bleeds.
        slots = slot_boxes(paper)
        # (Backs land on mirrored slots, which have the same bleeds: the layout is symmetric.)
        owned = [(card, next(b for t, b in slots if close(t, card.trim))) for card in cards]
        obstacles = [box_of(c) for c in page.chars] + [
            Box(m.x1 - 0.3, m.y1 - 0.3, m.x2 - m.x1 + 0.6, m.y2 - m.y1 + 0.6)
            for m in crop_marks(page)
        ]
        image = _render(path, index)
        for card, bb in owned:
            for px, py in _samples(card.trim, bb):
                if any(o.grow(0.5, 0.5, 0.5, 0.5).contains(px, py) for o in obstacles):
                    continue
                edges = [c.trim for c, _ in owned] + [b for _, b in owned]
                if any(e.near_edge(px, py, 0.2) for e in edges):
                    continue
                owner = [c for c, b in owned if b.contains(px, py)]
                assert len(owner) <= 1
                want = owner[0].fill if owner else (255, 255, 255)
                got = _pixel(image, px, py)
                assert all(abs(g - w) <= 6 for g, w in zip(got, want, strict=True)), (
                    index + 1,
                    (round(px, 2), round(py, 2)),
                    got,
                    want,
                )
                checked += 1
    assert checked > 200


# -- scale bar -------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_scale_bar_on_every_sheet_page(build, fixture_set, open_pdf, paper):
    built = build(page=paper)
    paths = [built.pdf(c) for c in SHEETS]
    if paper == "a4":
        paths.append(fixture_set.pdf("coins", "fixture-game"))
    w, h = PAPERS[paper]
    for path in paths:
        for page in open_pdf(path).pages:
            outlines = [
                box_of(r)
                for r in page.rects
                if r["stroke"] and not r["fill"] and abs(mm(r["width"]) - 50) < 1
            ]
            assert len(outlines) == 1, (path.name, page.page_number)
            bar = outlines[0]
            assert bar.w == pytest.approx(50.0, abs=0.01)
            # Inside the printable area.
            assert bar.x >= UNPRINTABLE and bar.right <= w - UNPRINTABLE
            assert bar.y >= UNPRINTABLE and bar.bottom <= h - UNPRINTABLE
            # Alternate 10 mm black blocks at 0, 20 and 40 mm.
            blocks = [
                box_of(r)
                for r in page.rects
                if r["fill"]
                and bar.contains(mm(r["x0"]) + 1, mm(r["top"]) + 0.1, -0.05)
                and abs(mm(r["width"]) - 10) < 0.01
            ]
            assert len(blocks) == 3
            assert [b.x - bar.x for b in sorted(blocks, key=lambda b: b.x)] == pytest.approx(
                [0, 20, 40], abs=0.01
            )
            assert "100 %" in page_text(page)
