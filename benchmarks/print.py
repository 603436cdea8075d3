"""How much the print pipeline costs over drawing the same things straight onto a canvas.

    .venv/bin/python benchmarks/print.py [N] [--svg] [--game ID]

Builds every game's print set (or one game's) N times (default 3) with ``build_game`` into a
temporary folder (PDF only unless ``--svg``), then draws the same sets N times with a naive
renderer: plain reportlab canvas calls in points, no neutral drawing layer, the same card texts
(from the same face templates), the same pages (the same grid of cards, decks of one size
sharing a file, crop marks, header, two scale bars, backs; counter sheets; boards whole or in
the same tiles, the assembly map and the print-shop sheet; score pads, the rules reference and
the registration test) and a similar number of shapes and strings per card. Board elements the
naive side does not know (areas, rings, tracks of the Ships board) are drawn as a framed box
with their texts and a symbol per item, which is cheaper than the real drawing: the ratio errs
against the pipeline. Prints both mean times and their ratio; the target is a ratio of at most
1.5. Both sides get one untimed warm-up run.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reportlab.lib.colors import HexColor  # noqa: E402
from reportlab.lib.units import mm  # noqa: E402
from reportlab.lib.utils import simpleSplit  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from portolan.generator import fonts  # noqa: E402
from portolan.generator.build import BuildOptions, build_game  # noqa: E402
from portolan.generator.colours import shade, tint  # noqa: E402
from portolan.generator.faces import FaceEvaluator  # noqa: E402
from portolan.generator.layout.grid import solve_grid  # noqa: E402
from portolan.generator.layout.tiling import fits_page, plan_tiles  # noqa: E402
from portolan.generator.markup import Bullets, Heading, Note, Para, Table, parse  # noqa: E402
from portolan.generator.printset import CARD_KINDS  # noqa: E402
from portolan.generator.templating import render  # noqa: E402
from portolan.generator.textbox import plain  # noqa: E402
from portolan.model import available_games, load_game  # noqa: E402
from portolan.paths import components_dir  # noqa: E402
from portolan.sizes import papers, printer_limits  # noqa: E402

TARGET = 1.5
MARGIN, MARK = printer_limits()
EDGE = MARGIN + MARK
EDGES = (EDGE, EDGE, EDGE, EDGE)

# -- the naive renderer ----------------------------------------------------------------------


class Sheet:
    """A canvas in points with y up; helpers take millimetres from the top-left."""

    def __init__(self, path: Path, page: tuple[float, float]):
        fonts.register()
        self.W, self.H = page
        self.c = Canvas(
            str(path),
            pagesize=(self.W * mm, self.H * mm),
            invariant=1,
            initialFontName="Vera",
            pageCompression=1,
        )

    def X(self, x):
        return x * mm

    def Y(self, y):
        return (self.H - y) * mm

    def rect(self, x, y, w, h, fill=None, stroke=None, r=0.0, width=0.3):
        c = self.c
        if fill:
            c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width * mm)
        args = (x * mm, (self.H - y - h) * mm, w * mm, h * mm)
        if r:
            c.roundRect(*args, r * mm, stroke=1 if stroke else 0, fill=1 if fill else 0)
        else:
            c.rect(*args, stroke=1 if stroke else 0, fill=1 if fill else 0)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.3):
        c = self.c
        if fill:
            c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width * mm)
        c.circle(cx * mm, self.Y(cy), r * mm, stroke=1 if stroke else 0, fill=1 if fill else 0)

    def line(self, x1, y1, x2, y2, colour="#000000", width=0.25):
        self.c.setStrokeColor(HexColor(colour))
        self.c.setLineWidth(width * mm)
        self.c.line(x1 * mm, self.Y(y1), x2 * mm, self.Y(y2))

    def star(self, cx, cy, r, colour):
        """An icon stand-in: a star, a curved band, a stroke and a ring (our icons: 3-8 shapes)."""
        p = self.c.beginPath()
        for k in range(10):
            rr = r if k % 2 == 0 else r * 0.42
            a = -math.pi / 2 + k * math.pi / 5
            x, y = (cx + rr * math.cos(a)) * mm, self.Y(cy + rr * math.sin(a))
            p.moveTo(x, y) if k == 0 else p.lineTo(x, y)
        p.close()
        self.c.setFillColor(HexColor(colour))
        self.c.drawPath(p, stroke=0, fill=1)
        band = self.c.beginPath()
        band.moveTo((cx - r) * mm, self.Y(cy + r * 0.6))
        band.curveTo(
            (cx - r / 2) * mm,
            self.Y(cy + r),
            (cx + r / 2) * mm,
            self.Y(cy + r * 0.2),
            (cx + r) * mm,
            self.Y(cy + r * 0.6),
        )
        band.curveTo(
            (cx + r / 2) * mm,
            self.Y(cy + r * 0.4),
            (cx - r / 2) * mm,
            self.Y(cy + r * 1.1),
            (cx - r) * mm,
            self.Y(cy + r * 0.7),
        )
        band.close()
        self.c.drawPath(band, stroke=0, fill=1)
        self.line(cx - r, cy + r * 0.8, cx + r, cy + r * 0.8, colour, r * 0.12)
        self.circle(cx, cy, r * 0.2, stroke=colour, width=r * 0.08)

    def text(self, x, y, s, size, face="regular", colour="#000000", anchor="start"):
        c = self.c
        c.setFillColor(HexColor(colour))
        c.setFont(fonts.font_name(face), size)
        if anchor == "middle":
            c.drawCentredString(x * mm, self.Y(y), s)
        elif anchor == "end":
            c.drawRightString(x * mm, self.Y(y), s)
        else:
            c.drawString(x * mm, self.Y(y), s)

    def fit(self, s, face, size, width_mm, low):
        w = fonts.width_mm(s, face, size)
        return size if w <= width_mm else max(low, size * width_mm / w)

    def paragraph(self, text, x, y, w, size, face="regular", colour="#222222", centre=True):
        lines = simpleSplit(text, fonts.font_name(face), size, w * mm)
        step = size * 1.22 * 25.4 / 72
        for ln in lines:
            self.text(
                x + w / 2 if centre else x,
                y,
                ln,
                size,
                face,
                colour,
                "middle" if centre else "start",
            )
            y += step
        return y

    def page_furniture(self, grid, header: str):
        """Crop marks on every cut line, a header and the two 50 mm scale bars."""
        cols, rows = grid.columns, grid.rows
        for x in cols.trim_lines():
            self.line(x, MARGIN, x, rows.start - rows.outer_bleed)
            self.line(x, rows.end + rows.outer_bleed, x, self.H - MARGIN)
        for y in rows.trim_lines():
            self.line(MARGIN, y, cols.start - cols.outer_bleed, y)
            self.line(cols.end + cols.outer_bleed, y, self.W - MARGIN, y)
        self.furniture(header)

    def furniture(self, header: str):
        self.text(12, 8.5, header, 7, "bold", "#333333")
        self.text(self.W / 2, 8.5, "fronts", 7, "regular", "#333333", "middle")
        self.text(self.W - 50, 8.5, "bleed 2.5-3 mm outside, 0 between", 7, "regular", "#333333")
        self.text(self.W - 12, 8.5, "page", 7, "regular", "#333333", "end")
        by = self.H - 8.5
        self.rect(80, by, 50, 1.2, stroke="#000000", width=0.15)
        self.rect(6.4, self.H / 2 - 25, 1.2, 50, stroke="#000000", width=0.15)
        for k in range(0, 5, 2):
            self.rect(80 + k * 10, by, 10, 1.2, fill="#000000")
            self.rect(6.4, self.H / 2 - 25 + k * 10, 1.2, 10, fill="#000000")
        self.text(
            78,
            by + 1,
            "Print at 100 % (no scaling): each bar is 50 mm",
            6.5,
            "regular",
            "#333333",
            "end",
        )
        self.text(132, by + 1, "duplex: flip on the long edge", 6.5, "regular", "#333333")

    def turned(self, sx, sy, laid_w):
        """Draw the next item upright at (0, 0): it lands turned a quarter turn clockwise in
        the slot whose top-left corner is (sx, sy) and which is ``laid_w`` wide."""
        self.c.saveState()
        self.c.transform(0, -1, 1, 0, (sx + laid_w - self.H) * mm, (self.H - sy) * mm)

    def moved(self, dx, dy, scale=1.0):
        """Draw the next items moved by (dx, dy) mm (and scaled about the page's top left)."""
        self.c.saveState()
        self.c.transform(scale, 0, 0, scale, dx * mm, -dy * mm + self.H * mm * (1 - scale))

    def back(self):
        self.c.restoreState()

    def clip(self, x, y, w, h):
        self.c.saveState()
        p = self.c.beginPath()
        p.rect(x * mm, (self.H - y - h) * mm, w * mm, h * mm)
        self.c.clipPath(p, stroke=0, fill=0)

    def unclip(self):
        self.c.restoreState()

    def show(self):
        self.c.showPage()

    def save(self):
        self.c.save()


def _front(s: Sheet, x, y, w, h, b, card):
    title, subtitle, colour, chips, text, footer, count = card
    s.clip(x - b, y - b, w + 2 * b, h + 2 * b)
    s.rect(x - b, y - b, w + 2 * b, h + 2 * b, fill=tint(colour, 0.9))
    s.rect(
        x + 2.4, y + 2.4, w - 4.8, h - 4.8, fill=tint(colour, 0.95), stroke=colour, r=2.2, width=0.5
    )
    s.rect(x + 3, y + 3, w - 6, 11.5, fill=colour, r=1.6)
    s.circle(x + 8.8, y + 8.75, 4.6, fill="#ffffff", stroke=shade(colour, 0.1), width=0.45)
    s.star(x + 8.8, y + 8.75, 2.9, colour)
    size = s.fit(title, "bold", 11, 43, 7)
    s.text(x + 36.6, y + 10.1, title, size, "bold", "#ffffff", "middle")
    if subtitle:
        size = s.fit(subtitle.upper(), "bold", 6.5, w - 10, 4.5)
        s.text(x + w / 2, y + 18.7, subtitle.upper(), size, "bold", shade(colour, 0.15), "middle")
    s.circle(x + w / 2, y + 32, 11.5, fill=tint(colour, 0.72), stroke=colour, width=0.4)
    s.star(x + w / 2, y + 32, 8.3, colour)
    cy = y + 46
    widths = [fonts.width_mm(chip, "bold", 6.6) + 3.2 for chip in chips]
    cx = x + (w - sum(widths) - 1.4 * max(0, len(chips) - 1)) / 2
    for chip, cw in zip(chips, widths, strict=True):
        s.rect(cx, cy, cw, 5.2, fill=colour, r=2.6)
        s.text(cx + cw / 2, cy + 3.6, chip, 6.6, "bold", "#ffffff", "middle")
        cx += cw + 1.4
    ty = cy + 10
    for para in text:
        ty = s.paragraph(plain(para), x + 5, ty, w - 10, 7.2) + 0.8
    s.text(x + 4.6, y + h - 4.3, footer, 5.2, "regular", "#6b6b6b")
    if count > 1:
        s.text(x + w - 4.6, y + h - 4.3, f"×{count}", 5.2, "bold", "#6b6b6b", "end")
    s.unclip()


def _back(s: Sheet, x, y, w, h, b, title, subtitle, colour):
    s.clip(x - b, y - b, w + 2 * b, h + 2 * b)
    s.rect(x - b, y - b, w + 2 * b, h + 2 * b, fill=colour)
    s.rect(x + 3.5, y + 3.5, w - 7, h - 7, stroke="#ffffff", r=2.5, width=0.6)
    s.rect(x + 5, y + 5, w - 10, h - 10, stroke="#ffffff", r=2, width=0.25)
    s.circle(x + w / 2, y + h * 0.42, 17, fill=shade(colour, 0.25), stroke="#ffffff", width=0.5)
    s.star(x + w / 2, y + h * 0.42, 12, "#ffffff")
    s.text(x + w / 2, y + h * 0.72, title.upper(), 13, "bold", "#ffffff", "middle")
    s.text(x + w / 2, y + h * 0.72 + 6, subtitle, 6.5, "regular", "#ffffff", "middle")
    s.unclip()


def _deck_items(game, component):
    """(draw front, draw back) for every card of a deck, in order."""
    deck = component.deck
    spec = deck.spec
    evaluator = FaceEvaluator(game, component)
    back_colour = game.colour(spec.back.colour)
    items = []
    for card in deck.cards:
        slots = evaluator.slots(card)
        colour = game.colour(slots["colour"] or spec.types[card.type].colour)
        entry = (
            slots["title"],
            slots["subtitle"],
            colour,
            slots["chips"],
            slots["text"],
            spec.name,
            card.count,
        )

        def front(s, x, y, w, h, b, entry=entry):
            _front(s, x, y, w, h, b, entry)

        def back(s, x, y, w, h, b):
            _back(s, x, y, w, h, b, spec.back.title, spec.back.subtitle or "", back_colour)

        items += [(front, back)] * card.count
    return items


def _aid_lines(game, component, template):
    out = []
    for b in parse(render(game, component, template, "front")):
        if isinstance(b, Heading | Para | Note):
            out.append(("bold" if isinstance(b, Heading) else "regular", plain(b.text)))
        elif isinstance(b, Bullets):
            out += [("regular", "• " + plain(i)) for i in b.items]
        elif isinstance(b, Table):
            out += [("regular", "  ".join(plain(c) for c in row)) for row in b.rows]
    return out


def _aid_items(game, component):
    spec = component.spec
    colour = game.colour(spec.colour)
    sides = [_aid_lines(game, component, spec.front)]
    if spec.back:
        sides.append(_aid_lines(game, component, spec.back))

    def face(lines):
        def draw(s, x, y, w, h, b):
            s.clip(x - b, y - b, w + 2 * b, h + 2 * b)
            s.rect(x - b, y - b, w + 2 * b, h + 2 * b, fill=tint(colour, 0.93))
            s.rect(x + 2.4, y + 2.4, w - 4.8, h - 4.8, fill="#ffffff", stroke=colour, r=2)
            s.rect(x + 3, y + 3, w - 6, 7.5, fill=colour, r=1.4)
            s.star(x + 6.8, y + 6.8, 2.8, "#ffffff")
            s.text(x + 11, y + 8, spec.name, 9, "bold", "#ffffff")
            ty = y + 14
            for font, text in lines:
                ty = s.paragraph(text, x + 4.6, ty, w - 9.2, 6.0, font, centre=False) + 0.4
            s.unclip()

        return draw

    return [(face(sides[0]), face(sides[1]) if len(sides) > 1 else None)] * spec.count


def naive_sheets(game, items, w, h, folder: Path, name: str, page, bleed=3.0):
    """Pages of equal items: fronts, then their backs mirrored for a long-edge flip."""
    grid = solve_grid(*page, w, h, bleed, EDGES, "packed")
    laid_w, _laid_h = (h, w) if grid.rotated else (w, h)
    places = [
        (grid.columns.position(c), grid.rows.position(r))
        for r in range(grid.rows.count)
        for c in range(grid.columns.count)
    ]
    s = Sheet(folder / f"{name}.pdf", page)

    def put(draw, x, y):
        if grid.rotated:
            s.turned(x, y, laid_w)
            draw(s, 0, 0, w, h, bleed)
            s.back()
        else:
            draw(s, x, y, w, h, bleed)

    for k in range(0, len(items), grid.per_page):
        chunk = items[k : k + grid.per_page]
        s.page_furniture(grid, game.title)
        for (front, _), (x, y) in zip(chunk, places, strict=False):
            put(front, x, y)
        s.show()
        if any(back for _, back in chunk):
            s.page_furniture(grid, game.title)
            for (_, back), (x, y) in zip(chunk, places, strict=False):
                if back:
                    put(back, page[0] - x - laid_w, y)
            s.show()
    s.save()


def naive_cards(game, folder: Path, page):
    """Decks and aids, those of one size sharing a file (as the build's all-cards.pdf)."""
    groups: dict = {}
    for c in game.components:
        if c.kind in CARD_KINDS:
            groups.setdefault(tuple(c.spec.dims), []).append(c)
    for size, comps in groups.items():
        items = []
        for c in comps:
            items += _deck_items(game, c) if c.kind == "deck" else _aid_items(game, c)
        name = "all-cards" if len(comps) > 1 else comps[0].id
        naive_sheets(game, items, *size, folder, name, page)


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
    s = Sheet(folder / f"{spec.id}.pdf", page)
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


def naive_counters(game, component, folder: Path, page):
    """Counters packed in rows, each a shape with its symbol and text; backs mirrored."""
    spec = component.spec
    s = Sheet(folder / f"{spec.id}.pdf", page)
    left, top = EDGE + 2, MARGIN + 8
    right, bottom = page[0] - MARGIN - 3, page[1] - MARGIN - 8
    placed: list[list] = [[]]
    x, y, row = left, top, 0.0
    for counter in spec.counters:
        w, h = counter.outline
        for _ in range(counter.count.value):
            if x + w > right:
                x, y, row = left, y + row + 4, 0.0
            if y + h > bottom:
                placed.append([])
                x, y, row = left, top, 0.0
            placed[-1].append((counter, x, y, w, h))
            x += w + 4
            row = max(row, h)
    backs = any(c.back is not None and c.shape != "standee" for c in spec.counters)
    for chunk in placed:
        for side in ("front", "back") if backs else ("front",):
            s.furniture(game.title)
            for counter, x, y, w, h in chunk:
                face = counter.front if side == "front" else counter.back
                if face is None:
                    continue
                if side == "back":
                    x = page[0] - x - w
                colour = game.colour(face.colour or counter.colour)
                if counter.shape == "circle":
                    s.circle(x + w / 2, y + h / 2, w / 2 + 2, fill=colour)
                    s.circle(x + w / 2, y + h / 2, w / 2 * 0.84, stroke="#ffffff", width=0.2)
                    s.circle(x + w / 2, y + h / 2, w / 2, stroke="#333333", width=0.2)
                else:
                    s.rect(x - 2, y - 2, w + 4, h + 4, fill=colour)
                    s.rect(x + 1, y + 1, w - 2, h - 2, stroke="#ffffff", r=1.5, width=0.2)
                    s.rect(x, y, w, h, stroke="#333333", r=1.5, width=0.2)
                s.star(x + w / 2, y + h * 0.35, min(w, h) * 0.2, "#ffffff")
                if face.text:
                    s.text(x + w / 2, y + h * 0.75, face.text, 7, "bold", "#ffffff", "middle")
            s.show()
    s.save()


def naive_registration(game, folder: Path, page):
    s = Sheet(folder / "registration-test.pdf", page)
    cx, cy = page[0] / 2, page[1] / 2
    for side in ("front", "back"):
        s.furniture(game.title)
        s.line(cx - 70, cy, cx + 70, cy, width=0.2)
        s.line(cx, cy - 70, cx, cy + 70, width=0.2)
        at = 22 if side == "back" else 40
        for k in range(-20, 21):
            s.line(cx + k / 2, cy + at, cx + k / 2, cy + at + (4 if k % 10 == 0 else 2), width=0.1)
            s.line(cx + at, cy + k / 2, cx + at + (4 if k % 10 == 0 else 2), cy + k / 2, width=0.1)
        for k in range(-2, 3):
            s.text(cx + 5 * k, cy + at + 6.6, str(5 * k), 6, "regular", "#000000", "middle")
            s.text(cx + at + 5, cy + 5 * k, str(5 * k), 6, "regular", "#000000")
        if side == "front":
            s.paragraph(
                "Print, hold to the light, read X and Y, rebuild. " * 6,
                18,
                34,
                page[0] - 36,
                9,
                centre=False,
            )
        s.show()
    s.save()


def naive_scorepad(game, component, folder: Path, page):
    spec = component.spec
    colour = game.colour(spec.colour)
    s = Sheet(folder / f"{spec.id}.pdf", page)
    rows = ["Player", *[c.label for c in game.rules.scoring], *spec.extra_rows, "Total", "Rank"]
    for k in range(spec.games_per_page):
        top = 10 + k * 140
        s.rect(10, top, page[0] - 20, 9, fill=colour, r=1.2)
        s.text(13, top + 6, game.title, 11, "bold", "#ffffff")
        s.text(page[0] - 13, top + 6, "Date ______________", 8, "regular", "#ffffff", "end")
        for i, label in enumerate(rows):
            ry = top + 11 + i * 10
            if i % 2 == 0:
                s.rect(10, ry, page[0] - 20, 10, fill=tint(colour, 0.93))
            s.text(
                12,
                ry + 6,
                label,
                9,
                "bold" if label in ("Player", "Total") else "regular",
                "#1b1b1b",
            )
            s.line(10, ry, page[0] - 10, ry, "#777777", 0.2)
        for j in range(spec.players + 1):
            cx = 68 + j * (page[0] - 78) / spec.players
            s.line(cx, top + 11, cx, top + 11 + len(rows) * 10, "#777777", 0.2)
    s.show()
    s.save()


def naive_reference(game, component, folder: Path, page):
    spec = component.spec
    colour = game.colour(spec.colour)
    s = Sheet(folder / f"{spec.id}.pdf", page)
    y = 20.0
    for b in parse(render(game, component, spec.template, "template")):
        if isinstance(b, Heading):
            items = [("bold", 15 - 2.5 * b.level, plain(b.text))]
        elif isinstance(b, Bullets):
            items = [("regular", 9.5, "• " + plain(i)) for i in b.items]
        elif isinstance(b, Table):
            items = [("regular", 8.5, " | ".join(plain(c) for c in r)) for r in b.rows]
        else:
            items = [("regular", 9.5, plain(b.text))]
        for face, size, text in items:
            if y > page[1] - 30:
                s.text(20, page[1] - 10, "page", 8, "regular", "#555555")
                s.show()
                y = 20.0
            c = colour if face == "bold" else "#1b1b1b"
            y = (
                s.paragraph(text, 20, y + size * 0.35, page[0] - 40, size, face, c, centre=False)
                + 1.5
            )
    s.show()
    s.save()


NAIVE = {
    "board": naive_board,
    "counters": naive_counters,
    "scorepad": naive_scorepad,
    "reference": naive_reference,
}


def naive_set(game, folder: Path, paper: str = "a4") -> None:
    size = papers()[paper]
    page = (size.width, size.height)
    naive_cards(game, folder, page)
    for component in game.components:
        if component.kind not in CARD_KINDS:
            NAIVE[component.kind](game, component, folder, page)
    naive_registration(game, folder, page)


# -- the benchmark ---------------------------------------------------------------------------


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _pages(folder: Path) -> dict[str, int]:
    import pypdfium2 as pdfium

    out = {}
    for pdf in sorted(folder.glob("*.pdf")):
        doc = pdfium.PdfDocument(str(pdf))
        out[pdf.stem] = len(doc)
        doc.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=3, help="builds to time (default 3)")
    parser.add_argument("--svg", action="store_true", help="also write the SVGs in the build")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)
    ids = args.game or available_games(components_dir())
    games = [load_game(components_dir(), g) for g in ids]
    # The naive renderer draws no map (Age of Exploration): such a game is left out of both sides.
    drawable = {*NAIVE, *CARD_KINDS}
    skipped = [g.id for g in games if any(c.kind not in drawable for c in g.components)]
    if skipped:
        print(f"left out (no naive renderer for their kinds): {', '.join(skipped)}")
    games = [g for g in games if g.id not in skipped]
    opts = BuildOptions(formats=("pdf", "svg") if args.svg else ("pdf",))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        counter = iter(range(10**6))

        def build_once():
            for game in games:
                target = root / f"build-{next(counter)}"
                target.mkdir()
                build_game(game, target, opts)

        def naive_once():
            for game in games:
                target = root / f"naive-{next(counter)}"
                target.mkdir()
                naive_set(game, target)

        build_once()  # warm-up: imports, font registration, template caches
        naive_once()
        n = len(games)
        built = {
            f"{g.id[:12]}/{k}": v
            for i, g in enumerate(games)
            for k, v in _pages(root / f"build-{i}").items()
        }
        drawn = {
            f"{g.id[:12]}/{k}": v
            for i, g in enumerate(games)
            for k, v in _pages(root / f"naive-{n + i}").items()
        }
        # Interleaved, so a change in machine load hits both sides alike.
        build_times, naive_times = [], []
        for _ in range(args.n):
            build_times.append(_timed(build_once))
            naive_times.append(_timed(naive_once))
    build_t, naive_t = statistics.mean(build_times), statistics.mean(naive_times)
    ratio = build_t / naive_t
    best = min(build_times) / min(naive_times)
    print(f"{', '.join(ids)}: {args.n} runs each, formats: {','.join(opts.formats)}")
    print("pages (build / naive): " + ", ".join(f"{k} {built[k]}/{drawn.get(k, 0)}" for k in built))
    print(f"build_game     {build_t * 1000:8.1f} ms per set (min {min(build_times) * 1000:.1f})")
    print(f"naive canvas   {naive_t * 1000:8.1f} ms per set (min {min(naive_times) * 1000:.1f})")
    verdict = "ok" if ratio <= TARGET else f"above the {TARGET} target"
    print(f"ratio          {ratio:8.2f}  ({verdict}; of the fastest runs: {best:.2f})")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
