"""Backs read back from the PDFs: page order, mirrored places, the back offset (and the marks it
may not push into the printer margin), fronts-only and backs-only builds, and fold-in-half pages.

Exploration alone is built for each option set; ``sheets="per-deck"`` gives each deck its own
file, as the per-deck checks want.
"""

from __future__ import annotations

from collections import Counter

import pypdf
import pytest

from tests.helpers import (
    PAPERS,
    POKER_PLANS,
    PRINTER_MARGIN,
    Box,
    box_of,
    cards_on,
    close,
    crop_marks,
    header_side,
    mirror,
    mm,
    slot_boxes,
)

PER_PAGE = {"a4": 9, "letter": 8}
EXPLORATION_ITEMS = 48 + 55 + 6  # both decks and the six player aids


def _deck_total(game, deck_id):
    return game.deck(deck_id).size()


def _sides(doc) -> list[str]:
    return [header_side(p) for p in doc.pages]


@pytest.mark.parametrize(
    ("deck_id", "duplex"),
    [("expedition-deck", "long"), ("exploration-deck", "long"), ("exploration-deck", "short")],
)
def test_each_fronts_page_is_followed_by_its_backs(exploration, open_pdf, game, deck_id, duplex):
    doc = open_pdf(exploration(duplex=duplex, sheets="per-deck").pdf(deck_id))
    pages = -(-_deck_total(game, deck_id) // PER_PAGE["a4"])
    assert _sides(doc) == ["fronts", "backs"] * pages
    back_colour = game.colour(game.deck(deck_id).spec.back.colour)
    want = tuple(int(back_colour[i : i + 2], 16) for i in (1, 3, 5))
    for k in range(pages):
        fronts, backs = cards_on(doc.pages[2 * k]), cards_on(doc.pages[2 * k + 1])
        assert len(fronts) == len(backs)
        # Every back has the back's colour; no front has it.
        assert all(b.fill == want for b in backs)
        assert all(f.fill != want for f in fronts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_are_mirrored(exploration, open_pdf, paper, duplex):
    """The back of the card in every slot sits where the front will be after the flip: columns
    mirrored for a long-edge flip, rows for a short-edge flip (sideways cards too)."""
    doc = open_pdf(exploration(page=paper, duplex=duplex).pdf("all-cards"))
    for k in range(0, len(doc.pages), 2):
        fronts = [c.trim for c in cards_on(doc.pages[k])]
        backs = [c.trim for c in cards_on(doc.pages[k + 1])]
        expected = [mirror(f, paper, duplex) for f in fronts]
        assert len(backs) == len(fronts) > 0
        for b in backs:
            assert any(close(b, e) for e in expected), (k + 2, b)
        for e in expected:
            assert any(close(b, e) for b in backs), (k + 2, e)


def _up(page, trim: Box) -> tuple[int, int]:
    """Which way the text inside ``trim`` reads up, on the page (x right, y down): the most
    common up direction of its characters, from their text matrices."""
    ups: Counter = Counter()
    for ch in page.chars:
        x, y = mm(ch["x0"] + ch["x1"]) / 2, mm(ch["top"] + ch["bottom"]) / 2
        if trim.x < x < trim.x + trim.w and trim.y < y < trim.y + trim.h:
            _, _, c, d, _, _ = ch["matrix"]  # the glyph's up vector, in PDF space (y up)
            ups[(round(c / (abs(c) + abs(d))), round(-d / (abs(c) + abs(d))))] += 1
    return ups.most_common(1)[0][0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_card_turned_over_reads_upright(exploration, open_pdf, paper, duplex):
    """Cut out and turned over like a book's page, every card (the player aid's two sides
    among them) shows its back the right way up, whichever way the sheet flips and whether
    the card is laid upright (A4) or sideways (Letter): the back's up, seen through the
    sheet, is the front's up. Sideways cards on a long-edge flip, and every card on a short
    one, had their backs upside down."""
    doc = open_pdf(exploration(page=paper, duplex=duplex).pdf("all-cards"))
    seen = Counter()
    for k in range(0, len(doc.pages), 2):
        front, back = doc.pages[k], doc.pages[k + 1]
        for card in cards_on(front):
            ux, uy = _up(front, card.trim)
            bx, by = _up(back, mirror(card.trim, paper, duplex))
            through = (-bx, by) if duplex == "long" else (bx, -by)  # the back, seen from the front
            assert through == (ux, uy), (k + 1, card.trim, (ux, uy), (bx, by))
            seen[card.turned] += 1
    assert seen[paper == "letter"] == EXPLORATION_ITEMS


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_every_sheet_says_how_to_flip(exploration, open_pdf, paper, duplex):
    """Every page of cards says, beside the scale bar, how to turn the paper over. On Letter
    the bar stood centred in its stretch of the margin and left the note no room: it was
    dropped from every page."""
    doc = open_pdf(exploration(page=paper, duplex=duplex).pdf("all-cards"))
    for page in doc.pages:
        assert f"duplex: flip on the {duplex} edge" in page.extract_text(), page.page_number


@pytest.mark.parametrize(
    ("duplex", "where"), [("long", "top-right"), ("short", "bottom-left"), ("none", "top-right")]
)
def test_partly_filled_last_page(exploration, open_pdf, game, duplex, where):
    """55 Exploration cards printed as their own deck: the last fronts page holds one card,
    top-left; its back is top-right for a long-edge flip and bottom-left for a short-edge flip."""
    total = _deck_total(game, "exploration-deck")
    assert total == 55
    doc = open_pdf(exploration(duplex=duplex, sheets="per-deck").pdf("exploration-deck"))
    pages = -(-total // PER_PAGE["a4"])
    sides = _sides(doc)
    if duplex == "none":
        last_front, last_back = doc.pages[pages - 1], doc.pages[-1]
    else:
        last_front, last_back = doc.pages[-2], doc.pages[-1]
    assert header_side(last_front) == "fronts" and header_side(last_back) == "backs"
    assert len(sides) == 2 * pages
    fronts = cards_on(last_front)
    backs = cards_on(last_back)
    assert len(fronts) == total - (pages - 1) * PER_PAGE["a4"] == 1
    assert len(backs) == 1
    cols, rows = POKER_PLANS["a4"]
    top_left = Box(cols.position(0), rows.position(0), 63, 88)
    corner = {
        "top-right": Box(cols.position(cols.count - 1), rows.position(0), 63, 88),
        "bottom-left": Box(cols.position(0), rows.position(rows.count - 1), 63, 88),
    }[where]
    assert close(fronts[0].trim, top_left)
    assert close(backs[0].trim, corner), backs[0].trim
    # crop marks only on that card's cut lines, at both ends of each
    for page in (last_front, last_back):
        marks = crop_marks(page)
        assert len(marks) == 8


def test_duplex_none_puts_all_backs_at_the_end(exploration, open_pdf, game):
    doc = open_pdf(exploration(duplex="none", sheets="per-deck").pdf("exploration-deck"))
    pages = -(-_deck_total(game, "exploration-deck") // PER_PAGE["a4"])
    assert _sides(doc) == ["fronts"] * pages + ["backs"] * pages
    for k in range(pages):
        fronts = [c.trim for c in cards_on(doc.pages[k])]
        backs = [c.trim for c in cards_on(doc.pages[pages + k])]
        assert len(fronts) == len(backs)
        for b in backs:  # mirrored as for a long-edge flip (also right for gluing)
            assert any(close(b, mirror(f, "a4", "long")) for f in fronts)


@pytest.mark.parametrize(
    ("duplex", "name"),
    [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge"), ("none", "/Simplex")],
)
def test_viewer_preferences(exploration, duplex, name):
    built = exploration(duplex=duplex)
    for component in ("all-cards", "registration-test"):
        prefs = pypdf.PdfReader(built.pdf(component)).trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/Duplex"] == name
        assert prefs["/PrintScaling"] == "/None"
    # One-sided sheets never ask for duplex, and still ask not to be scaled.
    for component in ("expedition-mat", "score-pad"):
        prefs = pypdf.PdfReader(built.pdf(component)).trailer["/Root"]["/ViewerPreferences"]
        assert "/Duplex" not in prefs
        assert prefs["/PrintScaling"] == "/None"


# -- the back offset ------------------------------------------------------------------------


def _key(b: Box, dx: float = 0.0, dy: float = 0.0) -> tuple:
    return (round(b.x + dx, 2), round(b.y + dy, 2), round(b.w, 2), round(b.h, 2))


@pytest.mark.parametrize("offset", [(1.5, -2.0), (-4.0, 3.5)])
def test_back_offset_moves_the_backs_but_keeps_marks_and_header_inside_the_margin(
    exploration, open_pdf, offset
):
    """The layout keeps room for the shift: the art stands the offset's size further from each
    edge (fewer cards a page where that costs a row or column). On every backs page the cards
    sit exactly where their fronts' mirror images are, moved by the offset; every crop mark
    keeps its full 3 mm and stays outside the printer margin (5 mm), as does every letter; the
    header and the scale bars are there. Fronts pages do not move."""
    dx, dy = offset
    shifted = exploration(back_offset=offset)
    for component in ("all-cards", "registration-test"):
        doc = open_pdf(shifted.pdf(component))
        w, h = mm(doc.pages[0].width), mm(doc.pages[0].height)
        pages = list(doc.pages)
        for k, pb in enumerate(pages):
            side = header_side(pb)
            assert side in ("fronts", "backs")
            if side == "fronts":
                if component == "registration-test":
                    text = " ".join(pb.extract_text().split())
                    assert f"--back-offset {dx:g},{dy:g}: add your reading" in text
                    continue
                for c in cards_on(pb):  # room kept for the shift, on the fronts too
                    assert c.trim.x >= PRINTER_MARGIN + 3 + abs(dx) - 0.01
                    assert c.trim.y >= PRINTER_MARGIN + 3 + abs(dy) - 0.01
                    assert c.trim.right <= w - PRINTER_MARGIN - 3 - abs(dx) + 0.01
                    assert c.trim.bottom <= h - PRINTER_MARGIN - 3 - abs(dy) + 0.01
                continue
            if component == "all-cards":
                fronts = cards_on(pages[k - 1])
                expected = sorted(_key(mirror(c.trim, "a4", "long"), dx, dy) for c in fronts)
                assert sorted(_key(c.trim) for c in cards_on(pb)) == expected
                for c in cards_on(pb):
                    assert c.trim.x >= PRINTER_MARGIN + 3 - 0.01
                    assert c.trim.right <= w - PRINTER_MARGIN - 3 + 0.01
            for m in crop_marks(pb):
                assert m.length >= 3 - 0.01, m
                for v in (m.x1, m.x2):
                    assert PRINTER_MARGIN - 0.01 <= v <= w - PRINTER_MARGIN + 0.01, m
                for v in (m.y1, m.y2):
                    assert PRINTER_MARGIN - 0.01 <= v <= h - PRINTER_MARGIN + 0.01, m
            for c in pb.chars:
                x, y = mm(c["x0"]), mm(c["top"])
                assert x >= PRINTER_MARGIN - 0.01 and y >= PRINTER_MARGIN - 0.01
                assert mm(c["x1"]) <= w - PRINTER_MARGIN + 0.01
                assert mm(c["bottom"]) <= h - PRINTER_MARGIN + 0.01


def test_back_offset_moves_the_cards_themselves(exploration, open_pdf):
    built = exploration(back_offset=(1.5, -2.0), sheets="per-deck")
    doc = open_pdf(built.pdf("exploration-deck"))
    back = cards_on(doc.pages[-1])
    want = mirror(slot_boxes("a4", 1)[0][0], "a4", "long")
    assert close(back[0].trim, Box(want.x + 1.5, want.y - 2.0, want.w, want.h))


# -- fronts only, backs only ------------------------------------------------------------------


def _objects(page) -> Counter:
    out: Counter = Counter()
    for kind in ("rects", "lines", "curves", "chars"):
        for o in getattr(page, kind):
            out[(kind, o.get("text", ""), _key(box_of(o)))] += 1
    return out


def _without_page_numbers(objects: Counter) -> Counter:
    """The objects less the header and footer texts (page numbers, the note on feeding)."""
    return Counter({k: n for k, n in objects.items() if k[0] != "chars" or 12 < k[2][1] < 283})


@pytest.mark.parametrize("sides", ["fronts", "backs"])
def test_one_side_only(exploration, open_pdf, sides):
    """--sides fronts (or backs) prints exactly the fronts (or backs) pages of a two-sided
    build, in order, each as it would be printed; one-sided components come with the fronts
    only; the registration test keeps its one side."""
    both = exploration()
    one = exploration(sides=sides)
    a, b = open_pdf(both.pdf("all-cards")), open_pdf(one.pdf("all-cards"))
    wanted = [p for p in a.pages if header_side(p) == sides]
    assert len(b.pages) == len(wanted) == len(a.pages) // 2
    for pa, pb in zip(wanted, b.pages, strict=True):
        assert header_side(pb) == sides
        assert _without_page_numbers(_objects(pb)) == _without_page_numbers(_objects(pa))
    reg = open_pdf(one.pdf("registration-test"))
    assert [header_side(p) for p in reg.pages] == [sides]
    one_sided = ("expedition-mat", "score-pad", "rules-reference")
    assert all(one.pdf(c).exists() == (sides == "fronts") for c in one_sided)
    prefs = pypdf.PdfReader(one.pdf("all-cards")).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/Simplex"


# -- fold in half ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def folded(exploration, open_pdf):
    built = exploration(duplex="fold")
    return built, open_pdf(built.pdf("all-cards"))


def test_fold_puts_each_back_beside_its_front_mirrored_across_the_fold(folded, game):
    """--duplex fold: one page holds fronts on the left and, mirrored across a dashed fold line
    down the middle, their backs on the right: folded and glued, every back lies exactly
    behind its front. Nothing crosses the fold."""
    _, doc = folded
    w, h = PAPERS["a4"]
    fold = w / 2
    deck_backs = {
        tuple(int(game.colour(game.deck(d).spec.back.colour)[i : i + 2], 16) for i in (1, 3, 5))
        for d in ("expedition-deck", "exploration-deck")
    }
    fronts_seen = deck_cards = 0
    for page in doc.pages:
        assert "fronts and backs" in page.extract_text()
        folds = [
            ln
            for ln in page.lines
            if ln["dash"][0] and abs(mm(ln["x0"]) - fold) < 0.01 and abs(mm(ln["x1"]) - fold) < 0.01
        ]
        assert len(folds) == 1 and mm(folds[0]["bottom"]) - mm(folds[0]["top"]) > h - 20
        cards = cards_on(page)
        left = [c for c in cards if c.trim.right < fold]
        right = [c for c in cards if c.trim.x > fold]
        assert len(left) + len(right) == len(cards) and len(left) == len(right) > 0
        for front in left:
            want = Box(2 * fold - front.trim.right, front.trim.y, front.trim.w, front.trim.h)
            (back,) = [b for b in right if close(b.trim, want)]
            assert front.fill not in deck_backs
            assert back.fill in deck_backs or back.fill == front.fill  # an aid's two faces
            deck_cards += back.fill in deck_backs
            assert back.trim.x - fold >= 3 + 1.5 - 0.01  # its bleed clear of the fold
        for m in crop_marks(page):
            assert not (min(m.x1, m.x2) < fold < max(m.x1, m.x2))  # no mark across the fold
            assert min(m.x1, m.x2, m.y1, m.y2) >= PRINTER_MARGIN - 0.01
        fronts_seen += len(left)
    assert fronts_seen == EXPLORATION_ITEMS and deck_cards == 48 + 55
    assert len(doc.pages) == -(-EXPLORATION_ITEMS // 4)  # four cards a page, sideways


def test_fold_needs_no_duplex_and_no_registration_test(folded):
    built, _ = folded
    prefs = pypdf.PdfReader(built.pdf("all-cards")).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/Simplex"
    assert not built.pdf("registration-test").exists()
