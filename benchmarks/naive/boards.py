"""Naive boards: whole or in the same tiles as the build, with the assembly map; board elements the
naive side does not know are a framed box with their texts and a symbol per item."""

from __future__ import annotations

from pathlib import Path

from portolan.generator.colours import shade, tint
from portolan.generator.layout.tiling import fits_page, plan_tiles

from .cards import naive_sheets
from .sheet import EDGE, MARGIN, Sheet


def _strings(model, depth=0):
    """Every text an element carries (names of areas, locations, ships...)."""
    if depth > 6 or model is None:
        return
    if isinstance(model, str):
        yield model
    elif isinstance(model, list | tuple):
        for v in model:
            yield from _strings(v, depth + 1)
    elif isinstance(model, dict):
        for v in model.values():
            yield from _strings(v, depth + 1)
    elif hasattr(type(model), "model_fields"):
        for name in type(model).model_fields:
            if name not in ("layout", "source", "sources", "note", "colour", "icon"):
                yield from _strings(getattr(model, name), depth + 1)


def _other_element(s: Sheet, el, x, y, colour):
    """A board element the naive side does not draw in detail: a framed box, its texts in
    rows, a symbol beside each."""
    lay = getattr(el, "layout", None)
    ex = getattr(lay, "x", None) or getattr(el, "x", 10.0)
    ey = getattr(lay, "y", None) or getattr(el, "y", 10.0)
    ew = getattr(lay, "width", None) or 120.0
    eh = getattr(lay, "height", None) or 40.0
    s.rect(x + ex, y + ey, ew, eh, fill=tint(colour, 0.9), stroke=colour, r=1.5, width=0.4)
    texts = [t for t in _strings(el) if t.strip()]
    per_row = max(1, int(ew // 34))
    for k, text in enumerate(texts):
        cx = x + ex + 3 + (k % per_row) * 34
        cy = y + ey + 6 + (k // per_row) * 9 % max(9.0, eh - 6)
        s.rect(cx - 1, cy - 4, 32, 7, fill="#ffffff", stroke=colour, r=0.8, width=0.3)
        s.star(cx + 2.5, cy - 0.8, 2.2, colour)
        s.text(cx + 6, cy, text[:24], 6.5, "bold", shade(colour, 0.3))


def _board_content(s: Sheet, game, spec, x, y, bleed):
    w, h = spec.size.width, spec.size.height
    colour = game.colour(spec.colour)
    s.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, fill=tint(colour, 0.9))
    s.rect(x + 2.4, y + 2.4, w - 4.8, h - 4.8, stroke=colour, r=2.5, width=0.5)
    s.rect(x + 3, y + 3, 72, 10, fill=colour, r=1.6)
    s.star(x + 7.5, y + 8, 3.5, "#ffffff")
    s.text(x + 14, y + 9.5, (spec.title or "").upper(), 11, "bold", "#ffffff")
    for el in spec.elements:
        kind = type(el).__name__
        if kind == "Track":
            s.text(x + el.x, y + el.y + 6, el.track, 9, "bold", shade(colour, 0.2))
            bx = x + el.x + el.label_width
            for v in range(el.start, el.end.value + 1):
                s.rect(bx, y + el.y, el.box, el.box, fill="#ffffff", stroke=colour, r=0.8)
                s.text(bx + el.box / 2, y + el.y + 6, str(v), 10, "bold", colour, "middle")
                bx += el.box
        elif kind == "Box":
            s.rect(x + el.x, y + el.y, el.width, el.height, fill=tint(colour, 0.93), stroke=colour)
            s.text(x + el.x + el.width / 2, y + el.y + 5.5, el.box.upper(), 8, "bold", colour)
            s.paragraph(el.text or "", x + el.x + 3, y + el.y + el.height - 12, el.width - 6, 6.5)
        elif kind == "Label":
            s.paragraph(el.text, x + el.x, y + el.y, el.width or 100, max(6, el.size), centre=False)
        else:
            _other_element(s, el, x, y, colour)


def naive_board(game, component, folder: Path, page, bleed=3.0):
    """A board on the grid when it fits the page, else in the build's tiles (each tile page
    draws the board clipped to its window), the assembly map reduced, and the print-shop
    sheet; one copy per count (or per colour)."""
    spec = component.spec
    w, h = spec.size.width, spec.size.height
    copies = max(spec.count, len(spec.colours))
    if fits_page(w, h, page, MARGIN):
        items = [((lambda s, x, y, w_, h_, b: _board_content(s, game, spec, x, y, b)), None)]
        naive_sheets(game, items * copies, w, h, folder, spec.id, page)
        return
    plan = plan_tiles(w, h, bleed, spec.tiling.overlap, page, MARGIN)
    s = Sheet.of(component, folder, page)
    if spec.tiling.assembly:
        s.furniture(game.title)
        scale = (page[0] - 2 * EDGE) / (w + 2 * bleed)
        s.moved(EDGE, 40, scale)
        _board_content(s, game, spec, bleed, bleed, bleed)
        s.back()
        for r in range(plan.rows):
            for c in range(plan.cols):
                s.rect(
                    EDGE + (plan.x0(c) + bleed) * scale,
                    40 + (plan.y0(r) + bleed) * scale,
                    plan.tile_w * scale,
                    plan.tile_h * scale,
                    stroke="#b0261c",
                    width=0.5,
                )
        s.show()
    for _ in range(copies):
        for r in range(plan.rows):
            for c in range(plan.cols):
                s.furniture(game.title)
                s.clip(plan.left, plan.top, plan.tile_w, plan.tile_h)
                s.moved(plan.left - plan.x0(c), plan.top - plan.y0(r))
                _board_content(s, game, spec, 0, 0, bleed)
                s.back()
                s.unclip()
                s.rect(
                    plan.left + plan.tile_w - plan.overlap,
                    plan.top,
                    plan.overlap,
                    plan.tile_h,
                    stroke="#000000",
                    width=0.25,
                )
                s.show()
    s.save()
    large = Sheet(folder / f"{spec.id}-large.pdf", (594.0, 420.0))
    for _ in range(copies):
        large.furniture(game.title)
        _board_content(large, game, spec, (594 - w) / 2, (420 - h) / 2, bleed)
        large.show()
    large.save()
