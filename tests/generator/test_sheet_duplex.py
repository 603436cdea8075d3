"""Duplex backs read back from the PDFs: page order, mirrored places, the back offset."""

from __future__ import annotations

import pypdf
import pytest

from tests.helpers import (
    POKER_PLANS,
    Box,
    box_of,
    cards_on,
    close,
    header_side,
    mirror,
    slot_boxes,
)

PER_PAGE = 9


def _deck_total(game, deck_id):
    return game.deck(deck_id).size()


def _sides(doc) -> list[str]:
    return [header_side(p) for p in doc.pages]


@pytest.mark.parametrize(
    ("deck_id", "duplex"),
    [("expedition-deck", "long"), ("exploration-deck", "long"), ("exploration-deck", "short")],
)
def test_each_fronts_page_is_followed_by_its_backs(build, open_pdf, game, deck_id, duplex):
    doc = open_pdf(build(duplex=duplex).pdf(deck_id))
    pages = -(-_deck_total(game, deck_id) // PER_PAGE)
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
def test_backs_are_mirrored(build, open_pdf, paper, duplex):
    """The back of the card in every slot sits where the front will be after the flip: columns
    mirrored for a long-edge flip, rows for a short-edge flip."""
    doc = open_pdf(build(page=paper, duplex=duplex).pdf("exploration-deck"))
    for k in range(0, len(doc.pages), 2):
        fronts = [c.trim for c in cards_on(doc.pages[k])]
        backs = [c.trim for c in cards_on(doc.pages[k + 1])]
        expected = [mirror(f, paper, duplex) for f in fronts]
        assert len(backs) == len(fronts) > 0
        for b in backs:
            assert any(close(b, e) for e in expected), (k + 2, b)
        for e in expected:
            assert any(close(b, e) for b in backs), (k + 2, e)


@pytest.mark.parametrize(
    ("paper", "duplex", "where"),
    [
        ("a4", "long", "top-right"),
        ("a4", "short", "bottom-left"),
        ("a4", "none", "top-right"),
        ("letter", "long", "top-right"),
        ("letter", "short", "bottom-left"),
    ],
)
def test_partly_filled_last_page(build, open_pdf, game, paper, duplex, where):
    """55 Exploration cards: the last fronts page holds one card, top-left; its back is top-right
    for a long-edge flip and bottom-left for a short-edge flip."""
    total = _deck_total(game, "exploration-deck")
    assert total == 55
    doc = open_pdf(build(page=paper, duplex=duplex).pdf("exploration-deck"))
    pages = -(-total // PER_PAGE)
    sides = _sides(doc)
    if duplex == "none":
        last_front, last_back = doc.pages[pages - 1], doc.pages[-1]
    else:
        last_front, last_back = doc.pages[-2], doc.pages[-1]
    assert header_side(last_front) == "fronts" and header_side(last_back) == "backs"
    assert len(sides) == 2 * pages
    fronts = cards_on(last_front)
    backs = cards_on(last_back)
    assert len(fronts) == total - (pages - 1) * PER_PAGE == 1
    assert len(backs) == 1
    cols, rows = POKER_PLANS[paper]
    top_left = Box(cols.position(0), rows.position(0), 63, 88)
    corner = {
        "top-right": Box(cols.position(cols.count - 1), rows.position(0), 63, 88),
        "bottom-left": Box(cols.position(0), rows.position(rows.count - 1), 63, 88),
    }[where]
    assert close(fronts[0].trim, top_left)
    assert close(backs[0].trim, corner), backs[0].trim


def test_duplex_none_puts_all_backs_at_the_end(build, open_pdf, game):
    doc = open_pdf(build(duplex="none").pdf("exploration-deck"))
    pages = -(-_deck_total(game, "exploration-deck") // PER_PAGE)
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
def test_viewer_preferences(build, duplex, name):
    built = build(duplex=duplex)
    for component in ("expedition-deck", "exploration-deck", "player-aid"):
        prefs = pypdf.PdfReader(built.pdf(component)).trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/Duplex"] == name
        assert prefs["/PrintScaling"] == "/None"
    # One-sided sheets never ask for duplex, and still ask not to be scaled.
    for component in ("expedition-mat", "score-pad"):
        prefs = pypdf.PdfReader(built.pdf(component)).trailer["/Root"]["/ViewerPreferences"]
        assert "/Duplex" not in prefs
        assert prefs["/PrintScaling"] == "/None"


def _objects(page):
    """Every rectangle, line, curve and character as (kind, colour, box in mm)."""
    out = []
    for kind in ("rects", "lines", "curves", "chars"):
        for o in getattr(page, kind):
            out.append((kind, o.get("text", ""), box_of(o)))
    return out


def test_back_offset_shifts_every_back_page_exactly(build, open_pdf):
    dx, dy = 1.5, -2.0
    base = build()
    shifted = build(back_offset=(dx, dy))
    for component in ("exploration-deck", "player-aid"):
        a, b = open_pdf(base.pdf(component)), open_pdf(shifted.pdf(component))
        assert len(a.pages) == len(b.pages)
        for pa, pb in zip(a.pages, b.pages, strict=True):
            oa, ob = _objects(pa), _objects(pb)
            assert len(oa) == len(ob) > 0
            side = header_side(pa)
            assert side in ("fronts", "backs")
            # (the header moves with the rest, so it can be read on both)
            move = (dx, dy) if side == "backs" else (0.0, 0.0)
            for (ka, ta, ba), (kb, tb, bb) in zip(oa, ob, strict=True):
                assert (ka, ta) == (kb, tb)
                assert bb.x - ba.x == pytest.approx(move[0], abs=0.005)
                assert bb.y - ba.y == pytest.approx(move[1], abs=0.005)
                assert (bb.w, bb.h) == pytest.approx((ba.w, ba.h), abs=0.005)


def test_back_offset_moves_the_cards_themselves(build, open_pdf):
    built = build(back_offset=(1.5, -2.0))
    doc = open_pdf(built.pdf("exploration-deck"))
    back = cards_on(doc.pages[-1])
    want = mirror(slot_boxes("a4", 1)[0][0], "a4", "long")
    assert close(back[0].trim, Box(want.x + 1.5, want.y - 2.0, want.w, want.h))
