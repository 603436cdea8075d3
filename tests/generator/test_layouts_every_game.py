"""The print layouts on all five games, read back from the PDFs: gutters give every card its
full bleed, shifted backs keep every mark and letter inside the printer margin, and a folded
sheet puts every card's other face exactly across the fold. (Exact slot positions are checked
on Exploration in test_sheet_geometry.py and test_sheet_duplex.py; these hold for any game.)"""

from __future__ import annotations

import itertools

import pytest

from portolan.model import available_games, load_game
from portolan.paths import components_dir
from tests.helpers import (
    BLEED,
    PRINTER_MARGIN,
    TOL,
    Box,
    box_of,
    cards_on,
    close,
    crop_marks,
    mm,
    pdfs,
)

GAMES = available_games(components_dir())
OFFSET = (-4.0, 3.5)  # pushes the backs towards the top-left corner's margin


def card_sizes(game_id: str) -> set[tuple[float, float]]:
    game = load_game(components_dir(), game_id)
    return {tuple(c.spec.dims) for c in game.components if c.kind in ("deck", "aid")}


def cards_in(page, sizes) -> list:
    return [c for size in sizes for c in cards_on(page, *size)]


def card_files(folder) -> list:
    return [p for p in pdfs(folder) if not p.stem.endswith("-large")]


def test_every_game_is_checked():
    assert len(GAMES) == 5 and {"ships", "age-of-exploration"} <= set(GAMES)


@pytest.fixture(scope="module")
def gutters(build):
    return build(layout="gutters", back_offset=OFFSET, formats=("pdf",))


@pytest.mark.parametrize("game_id", GAMES, scope="module")  # one game's tests together
def test_gutters_give_every_card_its_full_bleed(gutters, open_pdf, game_id):
    """No two cards on a page are closer than twice the bleed: each has 3 mm of its own art
    past every cut line."""
    sizes = card_sizes(game_id)
    seen = 0
    for path in card_files(gutters.game(game_id)):
        for page in open_pdf(path).pages:
            cards = cards_in(page, sizes)
            seen += len(cards)
            for a, b in itertools.combinations(cards, 2):
                gap_x = max(b.trim.x - a.trim.right, a.trim.x - b.trim.right)
                gap_y = max(b.trim.y - a.trim.bottom, a.trim.y - b.trim.bottom)
                assert max(gap_x, gap_y) >= 2 * BLEED - TOL, (path.name, a.trim, b.trim)
    assert seen > 0


@pytest.mark.parametrize("game_id", GAMES, scope="module")  # one game's tests together
def test_marks_and_text_stay_inside_the_printer_margin_after_a_back_offset(
    gutters, open_pdf, game_id
):
    """Every crop mark, and every letter of the page furniture, at least the printer margin
    from the paper's edge on every page of every file, backs shifted by the offset included."""
    sizes = card_sizes(game_id)
    for path in card_files(gutters.game(game_id)):
        for page in open_pdf(path).pages:
            w, h = mm(page.width), mm(page.height)
            for m in crop_marks(page):
                for v in (m.x1, m.x2):
                    assert PRINTER_MARGIN - 0.01 <= v <= w - PRINTER_MARGIN + 0.01, (path.name, m)
                for v in (m.y1, m.y2):
                    assert PRINTER_MARGIN - 0.01 <= v <= h - PRINTER_MARGIN + 0.01, (path.name, m)
            cards = cards_in(page, sizes)
            if not cards:
                continue  # board tiles: their art is clipped to the tile, its text with it
            inside = Box(
                PRINTER_MARGIN, PRINTER_MARGIN, w - 2 * PRINTER_MARGIN, h - 2 * PRINTER_MARGIN
            )
            art = [c.trim.grow(BLEED, BLEED, BLEED, BLEED) for c in cards]
            for ch in page.chars:
                b = box_of(ch)
                cx, cy = b.x + b.w / 2, b.y + b.h / 2
                if not ch["text"].strip() or any(a.contains(cx, cy) for a in art):
                    continue  # the header, notes and scale-bar labels are checked
                assert inside.contains(cx, cy, -0.01), (path.name, ch["text"], b)


@pytest.fixture(scope="module")
def folded(build):
    return build(duplex="fold", formats=("pdf",))


def _dashed(ln) -> bool:
    return bool(ln.get("dash") and ln["dash"][0])


def _at(ln, a: str, b: str, v: float) -> bool:
    return abs(mm(ln[a]) - v) < 0.01 and abs(mm(ln[b]) - v) < 0.01


@pytest.mark.parametrize("game_id", GAMES, scope="module")  # one game's tests together
def test_fold_puts_every_card_across_the_fold_from_its_other_face(folded, open_pdf, game_id):
    """Each folded page has one dashed fold line through its middle; the cards on one side are
    the mirror images of those on the other, so folded and glued each back lies behind its
    front; no crop mark crosses the fold."""
    sizes = card_sizes(game_id)
    pages = 0
    for path in card_files(folded.game(game_id)):
        for page in open_pdf(path).pages:
            cards = cards_in(page, sizes)
            if not cards:
                continue
            pages += 1
            w, h = mm(page.width), mm(page.height)
            down = [ln for ln in page.lines if _dashed(ln) and _at(ln, "x0", "x1", w / 2)]
            level = [ln for ln in page.lines if _dashed(ln) and _at(ln, "top", "bottom", h / 2)]
            if not down and not level:
                # too large to fold on half a page (a page-sized aid): a page of its own
                assert all(c.trim.w > w / 2 - 16 or c.trim.h > h / 2 - 16 for c in cards)
                continue
            assert len(down) + len(level) == 1, (path.name, page.page_number)
            across = bool(down)  # a fold line down the page: backs on the right
            for card in cards:
                t = card.trim
                if across:
                    want = Box(w - t.right, t.y, t.w, t.h)
                    assert t.right < w / 2 or t.x > w / 2
                else:
                    want = Box(t.x, h - t.bottom, t.w, t.h)
                    assert t.bottom < h / 2 or t.y > h / 2
                assert any(close(other.trim, want) for other in cards), (path.name, t)
            for m in crop_marks(page):
                if across:
                    assert not (min(m.x1, m.x2) < w / 2 < max(m.x1, m.x2)), m
                else:
                    assert not (min(m.y1, m.y2) < h / 2 < max(m.y1, m.y2)), m
    assert pages > 0


def test_a_board_too_large_to_fold_prints_on_pages_of_its_own(folded, open_pdf):
    """Age of Discovery's victory point chart (190 x 255 mm, one-sided) fits no half page:
    with --duplex fold it prints whole on its page, with no fold line (it was a crash)."""
    doc = open_pdf(folded.pdf("victory-point-chart", "age-of-discovery"))
    assert len(doc.pages) == 1
    w = mm(doc.pages[0].width)
    assert not [ln for ln in doc.pages[0].lines if _dashed(ln) and _at(ln, "x0", "x1", w / 2)]
    assert cards_on(doc.pages[0], 190, 255)
