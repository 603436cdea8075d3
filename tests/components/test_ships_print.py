"""Ships: the printed set read back from the PDFs (A4 build of every game, shared fixture).

The board's tiles, its assembly map and its single print-shop sheet are measured to 0.1 mm; the
decks, counter sheets, displays and texts are read back word by word.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from pypdf import PdfReader

from portolan.generator.layout.assembly import OUTLINE
from portolan.generator.layout.tiling import plan_tiles
from portolan.model import load_game
from portolan.paths import components_dir
from portolan.sizes import papers
from tests.helpers import TOL, mm

GAME = "ships"
A4 = (papers()["a4"].width, papers()["a4"].height)
LETTER = (papers()["letter"].width, papers()["letter"].height)


@pytest.fixture(scope="module")
def game():
    return load_game(components_dir(), GAME)


@pytest.fixture(scope="module")
def pdf(a4, open_pdf):
    return lambda component: open_pdf(a4.pdf(component, GAME))


def words(doc, pages) -> Counter:
    return Counter(w["text"] for k in pages for w in doc.pages[k].extract_words())


def test_build_reports_no_text_overflow(a4):
    (report,) = [r for r in a4.reports if r.game == GAME]
    assert report.overflows == []
    names = sorted(f.name for f in report.files if f.suffix == ".pdf")
    assert names == [
        "board-large.pdf",
        "board.pdf",
        "cards.pdf",
        "player-aid.pdf",
        "player-display.pdf",
        "player-pieces.pdf",
        "pool.pdf",
        "registration-test.pdf",
        "rules-reference.pdf",
        "score-pad.pdf",
    ]


# -- the board: tiles, assembly map, single sheet -------------------------------------------------


@pytest.mark.parametrize(("paper", "tiles"), [(A4, (2, 4)), (LETTER, (2, 3))])
def test_the_board_needs_eight_tiles_on_a4_and_six_on_letter(paper, tiles):
    """With a 5 mm printer margin a tile of A4 is 194 mm wide, 1.3 mm short of a third of the
    board with its overlaps; Letter is 5.9 mm wider."""
    plan = plan_tiles(556, 394, 3, 12, paper, 5.0)
    assert (plan.rows, plan.cols) == tiles
    assert plan_tiles(556, 394, 3, 12, A4, 4.0).count == 6


NAMES = ("A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4")


def test_an_assembly_map_comes_before_the_eight_tiles(pdf):
    doc = pdf("board")
    assert len(doc.pages) == 9
    first = doc.pages[0].extract_text()
    assert "Game Board — assembly map" in first and "page 1/9" in first
    assert "8 tiles, 4 columns × 2 rows" in first and "overlap by 12 mm" in first
    for name in NAMES:
        assert name in first
    for k, name in enumerate(NAMES, start=2):
        text = doc.pages[k - 1].extract_text()
        assert f"tile {name}" in text and f"page {k}/9" in text


def _outlines(page):
    """The tile windows drawn on the assembly map, in mm: (x, y, w, h), big ones only."""
    want = tuple(int(OUTLINE[i : i + 2], 16) / 255 for i in (1, 3, 5))
    out = []
    for r in page.rects:
        c = r.get("stroking_color")
        ours = isinstance(c, list | tuple) and all(
            abs(a - b) < 0.01 for a, b in zip(c, want, strict=True)
        )
        if ours and mm(r["width"]) > 30:
            out.append((mm(r["x0"]), mm(r["top"]), mm(r["width"]), mm(r["height"])))
    return sorted(out, key=lambda b: (round(b[1]), b[0]))


def test_the_assembly_map_draws_every_tile_to_scale_with_its_overlap(pdf):
    plan = plan_tiles(556, 394, 3, 12, A4, 5.0)
    boxes = _outlines(pdf("board").pages[0])
    assert len(boxes) == plan.count
    scale = boxes[0][2] / plan.tile_w
    for _, _, w, h in boxes:
        assert abs(w / scale - plan.tile_w) < TOL and abs(h / scale - plan.tile_h) < TOL
    a1, a2, b1 = boxes[0], boxes[1], boxes[plan.cols]
    assert abs((a1[0] + a1[2] - a2[0]) / scale - 12) < TOL  # printed overlap, across
    assert abs((a1[1] + a1[3] - b1[1]) / scale - 12) < TOL  # and down


def test_tile_a1_prints_a_12_mm_overlap_strip(pdf):
    page = pdf("board").pages[1]
    dashed = [
        mm(ln["x0"])
        for ln in page.lines
        if ln["dash"] and ln["dash"][0] and abs(ln["x0"] - ln["x1"]) < 1e-6
    ]
    targets = [
        (mm(c["x0"]) + mm(c["x1"])) / 2
        for c in page.curves
        if c["stroke"] and not c["fill"] and abs(mm(c["x1"] - c["x0"]) - 2 * 0.7 * 3.2) < 0.05
    ]
    (strip,) = dashed
    right = [x for x in targets if x > strip]
    assert right and all(abs((x - strip) * 2 - 12) < TOL for x in right)


def _box(values) -> tuple[float, ...]:
    return tuple(float(v) / 72 * 25.4 for v in values)


def test_the_single_sheet_is_a2_with_the_board_trimmed_in_the_middle(a4):
    reader = PdfReader(a4.pdf("board-large", GAME))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    x0, y0, x1, y1 = _box(page.mediabox)
    assert abs(x1 - x0 - 594) < TOL and abs(y1 - y0 - 420) < TOL  # A2 landscape
    tx0, ty0, tx1, ty1 = _box(page.trimbox)
    assert abs(tx1 - tx0 - 556) < TOL and abs(ty1 - ty0 - 394) < TOL
    assert abs(tx0 - (594 - 556) / 2) < TOL and abs(ty0 - (420 - 394) / 2) < TOL
    bx0, by0, bx1, by1 = _box(page.bleedbox)
    assert abs(tx0 - bx0 - 3) < TOL and abs(bx1 - tx1 - 3) < TOL
    assert abs(ty0 - by0 - 3) < TOL and abs(by1 - ty1 - 3) < TOL


def test_the_single_sheet_has_crop_marks_on_the_four_cut_lines(a4, open_pdf):
    page = open_pdf(a4.pdf("board-large", GAME)).pages[0]
    left, right = (594 - 556) / 2, (594 + 556) / 2
    top, bottom = (420 - 394) / 2, (420 + 394) / 2
    vertical = [
        (mm(ln["x0"]), mm(ln["top"]), mm(ln["bottom"]))
        for ln in page.lines
        if abs(ln["x0"] - ln["x1"]) < 1e-6 and mm(ln["bottom"]) <= top - 3 + TOL
    ]
    assert any(abs(x - left) < TOL for x, _, _ in vertical)
    assert any(abs(x - right) < TOL for x, _, _ in vertical)
    horizontal = [
        mm(ln["top"])
        for ln in page.lines
        if abs(ln["top"] - ln["bottom"]) < 1e-6 and mm(ln["x1"]) <= left - 3 + TOL
    ]
    assert any(abs(y - top) < TOL for y in horizontal)
    assert any(abs(y - bottom) < TOL for y in horizontal)
    assert "single sheet, A2 (print shop)" in page.extract_text()


def test_the_board_prints_every_age_area_and_location(pdf, game):
    board = game.component("board").spec
    doc = pdf("board")
    text = "\n".join(doc.pages[k].extract_text() for k in range(1, 9))
    for age in board.age_track.ages:
        assert f"AGE {age.age}" in text
    for area in board.areas:
        assert f"AREA {area.area}" in text
        for loc in area.locations:
            assert loc.name in text, loc.name
    assert "SPICE BOX" in text and "Longships" in text


# -- displays, cards, counters, texts ------------------------------------------------------------


def test_one_player_display_per_colour_with_its_eight_actions(pdf, game):
    doc = pdf("player-display")
    colours = game.component("player-display").spec.colours
    assert len(doc.pages) == len(colours)
    for page, colour in zip(doc.pages, colours, strict=True):
        text = page.extract_text()
        assert f"PLAYER DISPLAY · {colour.upper()}" in text
        for action in game.spec.term_names("action"):
            assert action.upper() in text, action
        assert "WAREHOUSE" in text and "BANK" in text and "AVAILABLE STOCK" in text


def test_every_card_is_printed_in_its_era(pdf, game):
    doc = pdf("cards")
    fronts = [k for k in range(len(doc.pages)) if k % 2 == 0]  # duplex: backs follow fronts
    text = "\n".join(doc.pages[k].extract_text() for k in fronts)
    assert text.count("GALLEY ERA CARD") == 18
    assert text.count("SAILING SHIP ERA CARD") == 19
    assert text.count("STEAMSHIP ERA CARD") == 18
    cards = game.deck("cards").cards

    def found(name: str) -> int:
        return len(re.findall(rf"(?<!\w){re.escape(name)}(?!\w)", text))

    for card in cards:  # titles; a name inside a longer one ("Empire") is counted there
        longer = sum(found(c.name) for c in cards if c.name != card.name and card.name in c.name)
        assert found(card.name) - longer == card.count, card.name
    backs = words(doc, [k for k in range(len(doc.pages)) if k % 2 == 1])
    assert backs["GALLEY"] == 18 and backs["STEAMSHIP"] == 18


def test_counter_sheets_print_each_kind_with_its_count(pdf):
    doc = pdf("pool")
    fronts = [k for k in range(len(doc.pages)) if k % 2 == 0]
    text = "\n".join(doc.pages[k].extract_text() for k in fronts)
    for label in (
        "25 × Free action cube",
        "56 × Gold coin",
        "20 × Navigation counter",
        "14 × Food",
    ):
        assert label in text
    got = words(doc, fronts)
    assert (got["FREE"], got["GOLD"], got["NAV"], got["IND"]) == (25, 56, 20, 30)
    assert (got["FOOD"], got["OIL"], got["METAL"], got["WINE"], got["CLOTH"]) == (14, 8, 8, 10, 20)
    pieces = pdf("player-pieces")
    fronts = [k for k in range(len(pieces.pages)) if k % 2 == 0]
    got = words(pieces, fronts)
    for colour in ("RED", "BLUE", "GREEN", "YELLOW"):
        assert got[colour] == 6 + 6 + 6, colour  # ships carry the name
        assert got[colour[0]] == 17 + 20, colour  # discs and cubes carry its letter


def test_aids_and_score_pad_read_back(pdf):
    aid = pdf("player-aid")
    assert len(aid.pages) == 2  # four aids on one sheet, and their backs
    front = aid.pages[0].extract_text()
    assert front.count("Your turn") == 4 and "Upgrade ship" in front
    pad = pdf("score-pad").pages[0].extract_text()
    for row in ("VP on the track", "Last area scored", "Goods and gold", "Total"):
        assert pad.count(row) == 3  # three games a page


def test_the_rules_reference_lists_every_card_and_location(a4, game):
    html = (a4.game(GAME) / "rules-reference.html").read_text("utf-8")
    for card in game.deck("cards").cards:
        assert card.name in html, card.name
    for area in game.component("board").spec.areas:
        for loc in area.locations:
            assert loc.name in html, loc.name
    assert "Keep</strong> until the era ends" in html
