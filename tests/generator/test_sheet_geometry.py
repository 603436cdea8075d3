"""Sheets read back from the PDFs: page size, where every card is cut, crop marks, bleed, bars.

The expected positions come from the print specification (tests/helpers.py ``POKER_PLANS``), not
from the layout code: with the default 5 mm printer margin, poker cards go 3 x 3 upright on A4
(butted, the outer bleed cut to 2.5 mm at the sides) and 2 x 4 sideways on Letter (6 mm gutters
across, butted rows). Exploration's two decks and its player aids share one file, all-cards.pdf.
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from tests.helpers import (
    EDGE,
    MARK,
    PAPERS,
    POKER_PLANS,
    PRINTER_MARGIN,
    TOL,
    Box,
    box_of,
    cards_on,
    close,
    crop_marks,
    header_side,
    mm,
    page_text,
    pdfs,
    slot_boxes,
)

CARDS = "all-cards"  # Exploration's decks and aids, 63 x 88 mm
SHEETS = [CARDS, "expedition-mat"]


@pytest.fixture(scope="session", params=["a4", "letter"])
def paper_set(request, build):
    return request.param, build(page=request.param)


def test_the_specified_margins_follow_from_the_rules():
    """The plans agree with the figures stated in the specification."""
    a4_cols, a4_rows = POKER_PLANS["a4"]
    assert a4_cols.start == pytest.approx(10.5) and a4_cols.outer_bleed == pytest.approx(2.5)
    assert a4_rows.start == pytest.approx(16.5) and a4_rows.outer_bleed == 3
    lt_cols, lt_rows = POKER_PLANS["letter"]
    assert lt_cols.start == pytest.approx(16.95) and lt_cols.gutter == 6
    assert lt_rows.start == pytest.approx(13.7) and lt_rows.gutter == 0
    for cols, rows in POKER_PLANS.values():
        for plan in (cols, rows):
            # Room for a crop mark of at least MARK mm beyond the printer margin.
            assert plan.block_start >= EDGE - 1e-9
            assert plan.page - plan.block_end >= EDGE - 1e-9


@pytest.mark.parametrize(
    "component", [*SHEETS, "score-pad", "rules-reference", "registration-test"]
)
def test_page_size(paper_set, open_pdf, component):
    paper, built = paper_set
    doc = open_pdf(built.pdf(component))
    w, h = PAPERS[paper]
    assert len(doc.pages) >= 1
    for page in doc.pages:
        assert mm(page.width) == pytest.approx(w, abs=0.01)
        assert mm(page.height) == pytest.approx(h, abs=0.01)


def test_card_trim_boxes(paper_set, open_pdf):
    """Every card on every page sits in one of the slots, filled in reading order, upright on
    A4 and sideways on Letter."""
    paper, built = paper_set
    doc = open_pdf(built.pdf(CARDS))
    slots = [trim for trim, _ in slot_boxes(paper)]
    for page in doc.pages:
        cards = cards_on(page)
        assert cards, f"no cards on page {page.page_number}"
        assert all(c.turned == (paper == "letter") for c in cards)
        if header_side(page) == "fronts":
            # Fronts fill the first slots in reading order; backs land on mirrored slots.
            for card, want in zip(cards, slots[: len(cards)], strict=True):
                assert close(card.trim, want), (page.page_number, card.trim, want)
        else:
            for card in cards:
                assert any(close(card.trim, want) for want in slots), card.trim


@pytest.mark.parametrize("component", SHEETS)
def test_crop_marks_stand_only_on_the_cut_lines_of_the_cards_there(paper_set, open_pdf, component):
    """A mark at both ends of the cut lines of the cards on the page, and none where there is
    no card (the last page of a deck holds fewer)."""
    paper, built = paper_set
    doc = open_pdf(built.pdf(component))
    size = (128.0, 86.0) if component == "expedition-mat" else (63.0, 88.0)
    partial = 0
    for page in doc.pages:
        marks = crop_marks(page)
        cards = cards_on(page, *size)
        assert marks and cards
        xs = sorted({round(c.trim.x, 2) for c in cards} | {round(c.trim.right, 2) for c in cards})
        ys = sorted({round(c.trim.y, 2) for c in cards} | {round(c.trim.bottom, 2) for c in cards})
        vertical = sorted({round(m.x1, 2) for m in marks if m.vertical})
        horizontal = sorted({round(m.y1, 2) for m in marks if not m.vertical})
        assert vertical == pytest.approx(xs, abs=TOL)
        assert horizontal == pytest.approx(ys, abs=TOL)
        for x in vertical:
            assert sum(1 for m in marks if m.vertical and abs(m.x1 - x) < TOL) == 2
        for y in horizontal:
            assert sum(1 for m in marks if not m.vertical and abs(m.y1 - y) < TOL) == 2
        if component == CARDS and len(cards) < len(slot_boxes(paper)):
            partial += 1
            cols, rows = POKER_PLANS[paper]
            assert len(vertical) < len(cols.cuts()) or len(horizontal) < len(rows.cuts())
    if component == CARDS:
        assert partial == 2  # the last fronts page and its backs


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
        if component == CARDS:
            bleed_boxes = [bb for _, bb in slot_boxes(paper)]
        else:
            # Each mat grown by the full bleed on every side: a superset of its bleed box.
            bleed_boxes = [c.trim.grow(3, 3, 3, 3) for c in cards]
        for m in marks:
            assert m.length >= MARK - 0.01, m
            for v in (m.x1, m.x2):
                assert PRINTER_MARGIN - 0.01 <= v <= w - PRINTER_MARGIN + 0.01, m
            for v in (m.y1, m.y2):
                assert PRINTER_MARGIN - 0.01 <= v <= h - PRINTER_MARGIN + 0.01, m
            for bb in bleed_boxes:
                assert not m.enters(bb), (m, bb)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_marks_reach_exactly_to_the_outer_bleed(build, open_pdf, paper):
    """The vertical marks start at the printer margin and end exactly where the outer bleed of
    the top and bottom rows ends."""
    page = open_pdf(build(page=paper).pdf(CARDS)).pages[0]
    h = PAPERS[paper][1]
    _, rows = POKER_PLANS[paper]
    marks = [m for m in crop_marks(page) if m.vertical]
    top = [m for m in marks if m.y1 < 50]
    bottom = [m for m in marks if m.y1 > 50]
    assert {round(min(m.y1, m.y2), 3) for m in top} == {PRINTER_MARGIN}
    assert sorted({round(max(m.y1, m.y2), 3) for m in top}) == pytest.approx(
        [rows.block_start], abs=TOL
    )
    assert sorted({round(min(m.y1, m.y2), 3) for m in bottom}) == pytest.approx(
        [rows.block_end], abs=TOL
    )
    assert {round(max(m.y1, m.y2), 3) for m in bottom} == {round(h - PRINTER_MARGIN, 3)}


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
    A4's 2.5 mm outer bleed shows that art is cut there although it is drawn 3 mm wide."""
    built = build(page=paper, duplex=duplex, games=("exploration-age-of-sail",))
    path = built.pdf(CARDS)
    doc = open_pdf(path)
    checked = 0
    for index in (20, 21, 22, 23):  # discoveries of three regions and aids, and their backs
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


# -- scale bars ------------------------------------------------------------------------------


def _bars(page) -> tuple[list[Box], list[Box]]:
    """The 50 mm scale bars on a page: (across, down), each with three filled 10 mm blocks at
    0, 20 and 40 mm along it."""
    outlines = [box_of(r) for r in page.rects if r["stroke"] and not r["fill"]]
    found = ([], [])
    for bar in outlines:
        across = abs(bar.w - 50) < 0.05 and bar.h < 2
        down = abs(bar.h - 50) < 0.05 and bar.w < 2
        if not (across or down):
            continue
        blocks = sorted(
            (
                box_of(r)
                for r in page.rects
                if r["fill"]
                and bar.grow(0.05, 0.05, 0.05, 0.05).contains(mm(r["x0"]) + 0.2, mm(r["top"]) + 0.2)
                and abs((mm(r["width"]) if across else mm(r["height"])) - 10) < 0.01
            ),
            key=lambda b: (b.x, b.y),
        )
        at = [(b.x - bar.x) if across else (b.y - bar.y) for b in blocks]
        if at == pytest.approx([0, 20, 40], abs=0.01):
            found[0 if across else 1].append(bar)
    return found


def test_scale_bars_across_and_down_on_every_page_of_every_file(a4, open_pdf):
    """Every page of every PDF of every game (card sheets, counters, tiles, the assembly map,
    the print-shop sheet, score pads, the rules reference, the registration test) carries a
    50 mm bar across and one down, inside the printer margin, and says to print at 100 %."""
    checked = 0
    for report in a4.reports:
        for path in pdfs(a4.game(report.game)):
            for page in open_pdf(path).pages:
                w, h = mm(page.width), mm(page.height)
                across, down = _bars(page)
                assert len(across) == 1 and len(down) == 1, (path.name, page.page_number)
                for bar in across + down:
                    assert bar.x >= PRINTER_MARGIN and bar.right <= w - PRINTER_MARGIN
                    assert bar.y >= PRINTER_MARGIN and bar.bottom <= h - PRINTER_MARGIN
                assert "100 %" in page_text(page)
                checked += 1
    assert checked > 100


def test_scale_bars_on_letter_and_counter_sheets(build, fixture_set, open_pdf):
    paths = [build(page="letter").pdf(c) for c in SHEETS]
    paths.append(fixture_set.pdf("coins", "fixture-game"))
    for path in paths:
        for page in open_pdf(path).pages:
            across, down = _bars(page)
            assert len(across) == 1 and len(down) == 1, (path.name, page.page_number)
