"""The print options read back from the PDFs: the bleed each card gets and says it gets
(--layout), the printer margin, card size presets, boards on A3 (--board-page), and what the
cards say: the regions of Exploration's discoveries in grayscale, and their wording."""

from __future__ import annotations

import shutil

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from portolan.generator.build import BuildOptions, build_games
from portolan.model import load_game
from tests.conftest import FIXTURE_COMPONENTS, FIXTURE_GAME
from tests.helpers import (
    GUTTER_PLANS,
    PAPERS,
    POKER_PLANS,
    Box,
    box_of,
    cards_on,
    close,
    crop_marks,
    header_side,
    mm,
    region_text,
    slot_boxes,
)

# -- --layout: the bleed given, and said -----------------------------------------------------


def _header(page) -> str:
    return " ".join(region_text(page, Box(0, 0, mm(page.width), 12)).split())


def test_packed_says_the_bleed_it_gives(a4, open_pdf):
    page = open_pdf(a4.pdf("all-cards")).pages[0]
    assert "bleed 2.5–3 mm outside, 0 between" in _header(page)
    (report,) = [r for r in a4.reports if r.game == "exploration-age-of-sail"]
    (note,) = [n for n in report.notes if n.startswith("all-cards:")]
    assert (
        "bleed 3 mm asked; given 2.5 mm at the left and right, 3 mm at the top and bottom" in note
    )
    assert "0 mm between items (neighbours share one cut line), so that 9 fit a page" in note
    assert "--layout gutters" in note


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutters_give_every_card_its_full_bleed(exploration, open_pdf, paper):
    """--layout gutters: every card sits in a slot with 3 mm of its own art on every side
    (8 sideways on A4, 6 on Letter), no mark enters any of it, and every header says so."""
    built = exploration(page=paper, layout="gutters")
    (report,) = built.reports
    assert [n for n in report.notes if n.startswith("all-cards")] == []
    slots = slot_boxes(paper, plans=GUTTER_PLANS)
    for trim, bleed_box in slots:
        assert (trim.x - bleed_box.x, bleed_box.right - trim.right) == pytest.approx((3, 3))
        assert (trim.y - bleed_box.y, bleed_box.bottom - trim.bottom) == pytest.approx((3, 3))
    doc = open_pdf(built.pdf("all-cards"))
    for page in doc.pages:
        assert "bleed 3 mm all round" in _header(page)
        cards = cards_on(page)
        assert cards and all(c.turned for c in cards)
        for card in cards:
            assert any(close(card.trim, t) for t, _ in slots), card.trim
        for m in crop_marks(page):
            assert not any(m.enters(bb) for _, bb in slots)
    cols, rows = GUTTER_PLANS[paper]
    assert len(cards_on(doc.pages[0])) == cols.count * rows.count == {"a4": 8, "letter": 6}[paper]


# -- --printer-margin -----------------------------------------------------------------------


def test_a_wider_printer_margin_keeps_everything_further_in(exploration, open_pdf):
    margin = 7.0
    built = exploration(printer_margin=margin)
    for name in ("all-cards", "expedition-mat", "score-pad", "registration-test"):
        for page in open_pdf(built.pdf(name)).pages:
            w, h = mm(page.width), mm(page.height)
            for m in crop_marks(page):
                assert min(m.x1, m.x2, m.y1, m.y2) >= margin - 0.01
                assert max(m.x1, m.x2) <= w - margin + 0.01
                assert max(m.y1, m.y2) <= h - margin + 0.01
                assert m.length >= 3 - 0.01
            for obj in page.chars + page.rects:
                b = box_of(obj)
                if b.w > w - 1:  # a full-page background, if any
                    continue
                assert b.x >= margin - 0.01 and b.right <= w - margin + 0.01, (name, b)
                assert b.y >= margin - 0.01 and b.bottom <= h - margin + 0.01, (name, b)


# -- card size presets ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("choice", "size"),
    [((("*", "poker-us"),), (63.5, 88.9)), ((("*", "bridge"),), (57.0, 89.0))],
)
def test_card_size_preset_for_every_deck_and_aid(exploration, open_pdf, choice, size):
    built = exploration(card_size=choice)
    doc = open_pdf(built.pdf("all-cards"))
    total = sum(len(cards_on(p, *size)) for p in doc.pages if header_side(p) == "fronts")
    assert total == 48 + 55 + 6
    assert all(not cards_on(p) for p in doc.pages)  # nothing left at 63 x 88


def test_card_size_for_one_deck_only(exploration, open_pdf):
    built = exploration(card_size=(("exploration-deck", "tarot"),))
    # the decks no longer share a size: each prints in its own file
    tarot = open_pdf(built.pdf("exploration-deck"))
    fronts = [p for p in tarot.pages if header_side(p) == "fronts"]
    assert sum(len(cards_on(p, 70, 120)) for p in fronts) == 55
    others = open_pdf(built.pdf("all-cards"))
    assert sum(len(cards_on(p)) for p in others.pages if header_side(p) == "fronts") == 48 + 6


def test_card_sizes_are_data():
    from portolan.sizes import card_sizes

    sizes = card_sizes()
    assert sizes["poker"] == (63, 88) and sizes["poker-us"] == (63.5, 88.9)
    assert {"bridge", "mini", "tarot"} <= set(sizes)


# -- boards on A3 ---------------------------------------------------------------------------

MAP = """kind: board
id: {id}
name: {name}
size: {{width: {w}, height: {h}}}
colour: sea
title: {name}
elements:
  - {{box: Harbour, x: 20, y: 40, width: 80, height: 40}}
"""


@pytest.fixture(scope="module")
def a3_boards(tmp_path_factory):
    """The fixture game with two boards too large for A4: one fits A3 only turned sideways,
    one does not fit A3 at all; built with --board-page a3."""
    root = tmp_path_factory.mktemp("a3")
    components = root / "components"
    shutil.copytree(FIXTURE_COMPONENTS, components)
    folder = components / FIXTURE_GAME
    (folder / "map.yaml").write_text(MAP.format(id="map", name="Map", w=380, h=260), "utf-8")
    (folder / "sea.yaml").write_text(MAP.format(id="sea", name="Sea", w=500, h=350), "utf-8")
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text("utf-8").replace(
            "  - coins.yaml\n", "  - coins.yaml\n  - map.yaml\n  - sea.yaml\n"
        ),
        "utf-8",
    )
    out = {}
    for board_page in (None, "a3"):
        target = root / f"out-{board_page}"
        build_games(
            [load_game(components, FIXTURE_GAME)],
            target,
            BuildOptions(formats=("pdf",), board_page=board_page),
        )
        out[board_page] = target / FIXTURE_GAME
    return out


def test_a_board_that_fits_a3_turned_prints_on_one_upright_a3_sheet(a3_boards):
    path = a3_boards["a3"] / "map.pdf"
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    page = reader.pages[0]
    w, h = (float(v) / 72 * 25.4 for v in page.mediabox[2:])
    assert (w, h) == pytest.approx(PAPERS["a3"], abs=0.1)  # upright A3
    with pdfplumber.open(path) as doc:
        p = doc.pages[0]
        text = p.extract_text()
        assert "one sheet, A3, turned" in text
        marks = crop_marks(p)
        assert len(marks) == 8
        assert all(min(m.x1, m.x2, m.y1, m.y2) >= 5 - 0.01 for m in marks)
        xs = sorted({round(m.x1, 2) for m in marks if m.vertical})
        ys = sorted({round(m.y1, 2) for m in marks if not m.vertical})
    # the board, turned, centred: 260 across and 380 down between its cut lines
    assert (xs[1] - xs[0], ys[1] - ys[0]) == pytest.approx((260, 380), abs=0.1)
    assert xs[0] + xs[1] == pytest.approx(w, abs=0.1) and ys[0] + ys[1] == pytest.approx(h, abs=0.1)
    # the same board on A4 needs tiles
    assert len(PdfReader(a3_boards[None] / "map.pdf").pages) > 1


def test_a_board_too_large_for_a3_is_tiled_on_it_in_fewer_tiles(a3_boards):
    on_a4 = PdfReader(a3_boards[None] / "sea.pdf").pages
    on_a3 = PdfReader(a3_boards["a3"] / "sea.pdf").pages
    assert len(on_a3) < len(on_a4)
    for page in on_a3:
        w, h = (float(v) / 72 * 25.4 for v in page.mediabox[2:])
        assert (w, h) == pytest.approx(PAPERS["a3"], abs=0.1)
    # the cards stay on A4
    card_page = PdfReader(a3_boards["a3"] / "conquerors.pdf").pages[0]
    w, h = (float(v) / 72 * 25.4 for v in card_page.mediabox[2:])
    assert (w, h) == pytest.approx(PAPERS["a4"], abs=0.1)


# -- what the cards say ---------------------------------------------------------------------

DPI = 200


def test_regions_tell_apart_in_grayscale(exploration, open_pdf):
    """In a grayscale print the three regions' discoveries differ by a symbol, the same for
    every card of a region and different between regions, at least 5 mm across beside the
    art, and named in bold under it."""
    built = exploration(grayscale=True, sheets="per-deck")
    path = built.pdf("exploration-deck")
    doc = pdfium.PdfDocument(str(path))
    signatures: dict[str, list] = {}
    try:
        plumber = open_pdf(path)
        for index, page in enumerate(plumber.pages):
            if header_side(page) != "fronts":
                continue
            image = None
            for card in cards_on(page):
                words = region_text(page, card.trim)
                region = next((r for r in ("WESTERN", "EASTERN", "PACIFIC") if r in words), None)
                if region is None:
                    continue
                if image is None:
                    image = doc[index].render(scale=DPI / 72).to_pil().convert("L")
                # the symbol left of the medallion: between the frame and the art
                box = Box(card.trim.x + 3.5, card.trim.y + 25.5, 12.5, 9)
                px = lambda v: round(v * DPI / 25.4)  # noqa: E731
                crop = image.crop((px(box.x), px(box.y), px(box.right), px(box.bottom)))
                dark = {
                    (i, j)
                    for i in range(crop.size[0])
                    for j in range(crop.size[1])
                    if crop.getpixel((i, j)) < 140
                }
                assert dark, region
                xs = [i for i, _ in dark]
                ys = [j for _, j in dark]
                assert (max(xs) - min(xs)) * 25.4 / DPI >= 5.0  # a symbol, not a speck
                # its shape, wherever the card fell on the pixel grid
                shape = frozenset((i - min(xs), j - min(ys)) for i, j in dark)
                signatures.setdefault(region, []).append(shape)
    finally:
        doc.close()
    assert set(signatures) == {"WESTERN", "EASTERN", "PACIFIC"}

    def alike(a, b) -> float:
        return len(a & b) / len(a | b)

    for region, found in signatures.items():  # the same on every card of the region
        assert all(alike(found[0], other) > 0.8 for other in found), region
    regions = list(signatures)
    for i, a in enumerate(regions):
        for b in regions[i + 1 :]:
            assert alike(signatures[a][0], signatures[b][0]) < 0.6, (a, b)


def _card_texts(doc) -> list[str]:
    """The text of every card front, card by card."""
    out = []
    for page in doc.pages:
        if header_side(page) == "fronts":
            out += [" ".join(region_text(page, c.trim).split()) for c in cards_on(page)]
    return out


def test_card_wording(exploration, open_pdf):
    """'an Eastern Explorer' (never 'a Eastern'), and the Save cards that cancel the Hazards
    testing Sails say Sails, as those Hazards do."""
    built = exploration(sheets="per-deck")
    discoveries = _card_texts(open_pdf(built.pdf("exploration-deck")))
    eastern = [t for t in discoveries if "EASTERN DISCOVERY" in t]
    assert len(eastern) == 5
    assert all("an Eastern Explorer counts" in t for t in eastern)
    assert not any("a Eastern" in t for t in discoveries)
    assert sum("a Western Explorer counts" in t for t in discoveries) == 5
    assert sum("a Pacific Explorer counts" in t for t in discoveries) == 3
    hazards = [t for t in discoveries if "Expeditions with Sails are immune" in t]
    assert len(hazards) == 3  # Becalmed, Doldrums, Sargasso
    saves = [t for t in _card_texts(open_pdf(built.pdf("expedition-deck"))) if "SAVE" in t]
    sail_saves = [t for t in saves if "Favorable Winds" in t or "Strong Current" in t]
    assert len(sail_saves) == 2
    assert all("cancel a Hazard that tests Sails." in t for t in sail_saves)
    assert not any("tests Sail." in t for t in saves)


def test_every_file_says_what_it_is_built_for(a4):
    """A note on the terminal for each file whose cards get less bleed than asked."""
    for report in a4.reports:
        for note in report.notes:
            stem = note.split(":", 1)[0]
            assert (a4.game(report.game) / f"{stem}.pdf").exists(), note
            assert "bleed 3 mm asked" in note


def test_page_sizes_for_every_paper():
    from portolan.sizes import papers

    assert {k: (v.width, v.height) for k, v in papers().items()} == PAPERS


def test_slot_plans_hold_their_cards():
    for plans in (POKER_PLANS, GUTTER_PLANS):
        for paper, (cols, rows) in plans.items():
            w, h = PAPERS[paper]
            assert cols.block_start >= 8 - 1e-9 and w - cols.block_end >= 8 - 1e-9
            assert rows.block_start >= 8 - 1e-9 and h - rows.block_end >= 8 - 1e-9
