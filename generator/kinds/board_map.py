"""Drawing the board elements that carry game data (``portolan/model/board_map.py``): the score
track round the edge, the track of ages with its two boxes per age, and areas of locations.

Symbols are the vocabulary's icons (``generator/symbols.py``): a trade box shows what it gives,
a city space its benefit, an age its era, a border the navigation it costs.
"""

from __future__ import annotations

import itertools
import math

from portolan.generator import symbols
from portolan.generator.colours import shade, tint
from portolan.generator.draw import Circle, Drawing, Path, Rect, Text
from portolan.generator.fonts import PT, centred_text, fit_size, width_mm
from portolan.generator.icons import icon
from portolan.generator.kinds.cardface import Overflow
from portolan.generator.legibility import BODY, CAPTION, LABEL, TITLE
from portolan.generator.textbox import set_paragraphs
from portolan.generator.theme import WHITE, Theme, ink
from portolan.model.board_map import (
    AGE_GAP,
    Age,
    AgeTrack,
    Area,
    EdgeTrack,
    Location,
    OpenBox,
    Segment,
)

NAVIGATION = "compass"
FOOD = "food"
BADGE_W, BADGE_H = 10.0, 17.0  # a navigation cost badge


def era_icon(vocab: symbols.Vocabulary, era: str) -> str:
    """The icon of an era: the vocabulary's, else a ship."""
    return vocab.icon_of(era) or "ship"


def cost_badge(d: Drawing, cx: float, cy: float, amount: int, colour: str, caption: str = ""):
    """A small upright frame: the navigation symbol over the number of counters it costs, and
    under them a tiny ``caption`` (what the cost is for)."""
    w, h = BADGE_W, BADGE_H
    top = cy - h / 2
    d.add(Rect(cx - w / 2, top, w, h, fill=WHITE, stroke=colour, width=0.6, radius=1.6))
    d.add(icon(NAVIGATION, cx - 3.2, top + 1.0, 6.4, colour))
    d.add(centred_text(cx, top + 10.6, str(amount), 11, "bold", colour))
    if caption:
        size = fit_size(caption, "bold", CAPTION, w - 1.0, CAPTION)
        d.add(centred_text(cx, top + h - 1.5, caption, size, "bold", colour))


# -- the edge track -------------------------------------------------------------------------


def edge_track(d: Drawing, t: EdgeTrack, colour: str, theme: Theme) -> None:
    c = ink(colour)
    for value, x, y, w, h in t.cells(d.width, d.height):
        marked = bool(t.mark_every and value and value % t.mark_every == 0)
        fill = tint(c, 0.55 if not theme.ink_saver else 0.85) if marked else WHITE
        d.add(Rect(x, y, w, h, fill=fill, stroke=c, width=0.35))
        label = str(value)
        size = fit_size(
            label, "bold", max(LABEL, min(9.0, min(w, h) * 0.55 / PT)), min(w, h) * 0.9, LABEL
        )
        d.add(centred_text(x + w / 2, y + h / 2, label, size, "bold", shade(c, 0.3)))


# -- the track of ages ----------------------------------------------------------------------


def _gap_centre(cell, direction: str) -> tuple[float, float]:
    """The middle of the gap before an age (where its entry cost goes)."""
    x, y, w, h = cell
    half = AGE_GAP / 2
    return {
        "right": (x - half, y + h / 2),
        "left": (x + w + half, y + h / 2),
        "down": (x + w / 2, y - half),
        "up": (x + w / 2, y + h + half),
    }[direction]


def _trailing(cell, direction: str) -> tuple[float, float]:
    x, y, w, h = cell
    return {
        "right": (x + w, y + h / 2),
        "left": (x, y + h / 2),
        "down": (x + w / 2, y + h),
        "up": (x + w / 2, y),
    }[direction]


def age_track(d: Drawing, t: AgeTrack, colour: str, theme: Theme, vocab) -> list[Overflow]:
    over: list[Overflow] = []
    placed = []
    ages = iter(t.ages)
    for seg in t.layout.segments:
        for cell in seg.cells():
            placed.append((next(ages), cell, seg))
    # joins between segments, under the ages
    for (_, a_cell, a_seg), (_, b_cell, b_seg) in itertools.pairwise(placed):
        if a_seg is b_seg:
            continue
        sx, sy = _trailing(a_cell, a_seg.direction)
        ex, ey = _gap_centre(b_cell, b_seg.direction)
        _join(d, (sx, sy), (ex, ey), a_seg, colour)
    for age, cell, seg in placed:
        over += _age(d, age, cell, seg.direction in ("down", "up"), colour, theme, vocab)
    for age, cell, seg in placed:
        cx, cy = _gap_centre(cell, seg.direction)
        if age.age == 1:
            d.add(Text(cx + 1.2, cy, "START", 6, "bold", shade(colour, 0.25), "middle", 90))
            continue
        cost_badge(d, cx, cy, age.navigation, shade(colour, 0.25), f"AGE {age.age}")
    return over


def _join(d: Drawing, start, end, seg: Segment, colour: str) -> None:
    """An elbow arrow from the end of one segment to the start of the next."""
    (sx, sy), (ex, ey) = start, end
    if seg.direction in ("right", "left"):
        out = 6.0 if seg.direction == "right" else -6.0
        pts = [(sx, sy), (sx + out, sy), (sx + out, ey), (ex, ey)]
    else:
        out = 6.0 if seg.direction == "down" else -6.0
        pts = [(sx, sy), (sx, sy + out), (ex, sy + out), (ex, ey)]
    cmds = [("M", *pts[0])] + [("L", *p) for p in pts[1:]]
    d.add(Path(tuple(cmds), stroke=colour, width=1.2))


def _age(d: Drawing, age: Age, cell, vertical: bool, c: str, theme: Theme, vocab):
    """One age: a header (its number, era and first-ship VP) over its two boxes."""
    x, y, w, h = cell
    pad = 1.6
    head = 7.0
    fill = theme.background(c, 0.88)
    d.add(Rect(x + 0.4, y, w - 0.8, h, fill=fill, stroke=c, width=0.5, radius=1.5))
    label = f"AGE {age.age}"
    d.add(Text(x + pad + 1, y + head / 2 + 8 * PT * 0.36 + 0.6, label, 8, "bold", shade(c, 0.3)))
    era = era_icon(vocab, age.era)
    lw = width_mm(label, "bold", 8)
    d.add(icon(era, x + pad + 2 + lw, y + 1.2, head - 1.6, shade(c, 0.3)))
    first = f"first {age.vp}"
    size = 6.5
    fw = width_mm(first, "bold", size)
    right = x + w - pad - 1
    d.add(icon("vp", right - 5.6, y + 0.9, 5.6, shade(c, 0.2)))
    d.add(
        Text(right - 6.4, y + head / 2 + size * PT * 0.36 + 0.5, first, size, "bold", ink(c), "end")
    )
    over: list[Overflow] = []
    if fw + lw + 20 > w:
        over.append(Overflow(f"age {age.age} header", f"{label} {first}"))
    bx, by = x + pad, y + head
    bw, bh = w - 2 * pad, h - head - pad
    if vertical:
        boxes = [(bx, by, bw, (bh - pad) / 2), (bx, by + (bh + pad) / 2, bw, (bh - pad) / 2)]
    else:
        boxes = [(bx, by, (bw - pad) / 2, bh), (bx + (bw + pad) / 2, by, (bw - pad) / 2, bh)]
    for (sx, sy, sw, sh), box, warship in (
        (boxes[0], age.merchant, False),
        (boxes[1], age.warship, True),
    ):
        d.add(Rect(sx, sy, sw, sh, fill=WHITE, stroke=c, width=0.4, radius=1.2))
        isz = min(sw, sh) * 0.62
        d.add(icon(era, sx + (sw - isz) / 2, sy + (sh - isz) / 2 + 1.2, isz, tint(c, 0.78)))
        kind = "WARSHIP" if warship else "MERCHANT"
        d.add(Text(sx + 1.4, sy + 3.6, kind, LABEL, "bold", shade(c, 0.25)))
        if warship:
            d.add(icon(FOOD, sx + sw - 6.2, sy + 0.8, 5.4, shade(c, 0.1)))
        name = box.named or box.name
        face = "bold" if box.named else "regular"
        nsize = fit_size(name, face, max(LABEL, 6.0), sw - 2.4, LABEL)
        d.add(centred_text(sx + sw / 2, sy + sh - 2.6, name, nsize, face, shade(c, 0.35)))
        if width_mm(name, face, nsize) > sw - 1.6:
            over.append(Overflow(f"age {age.age} {kind.lower()} box", name))
    return over


# -- areas ----------------------------------------------------------------------------------


def area(d: Drawing, a: Area, colour: str, theme: Theme, vocab) -> list[Overflow]:
    lay = a.layout
    x, y, w, h = lay.x, lay.y, lay.width, lay.height
    c = ink(colour)
    over: list[Overflow] = []
    d.add(Rect(x, y, w, h, fill=theme.background(c, 0.82), stroke=c, width=0.7, radius=2.5))
    head = 8.0
    band_fill, band_text = theme.band(c)
    d.add(Rect(x, y, w, head, fill=band_fill, radius=2.5))
    title = f"AREA {a.area} · {a.name.upper()}"
    score = f"cube {a.area} · disc {a.area} + cubes"
    ssize = LABEL
    sw = width_mm(score, "regular", ssize)
    tsize = fit_size(title, "bold", 8.5, w - sw - 8, TITLE)
    d.add(centred_text(x + 2.5, y + head / 2, title, tsize, "bold", band_text, "start"))
    d.add(centred_text(x + w - 2.5, y + head / 2, score, ssize, "regular", band_text, "end"))
    if width_mm(title, "bold", tsize) + sw + 6 > w:
        over.append(Overflow(f"area {a.area} title", title))
    pad = 2.2
    items = list(a.locations) + list(a.boxes)
    cols = max(1, min(lay.columns, len(items)))
    rows = math.ceil(len(items) / cols)
    cw = (w - pad * (cols + 1)) / cols
    ch = (h - head - pad * (rows + 1)) / rows
    for k, item in enumerate(items):
        r, col = divmod(k, cols)
        cx = x + pad + col * (cw + pad)
        cy = y + head + pad + r * (ch + pad)
        if isinstance(item, Location):
            over += _location(d, item, (cx, cy, cw, ch), c, theme, vocab)
        else:
            over += _open_box(d, item, (cx, cy, cw, ch), c, theme, vocab)
    if lay.border is not None:
        bx, by = lay.border
        cost_badge(d, bx, by, a.navigation, shade(c, 0.25), f"AREA {a.area}")
    return over


def _location(d: Drawing, loc: Location, cell, c: str, theme: Theme, vocab) -> list[Overflow]:
    x, y, w, h = cell
    over: list[Overflow] = []
    d.add(Rect(x, y, w, h, fill=WHITE, stroke=tint(c, 0.35), width=0.35, radius=1.6))
    nsize = fit_size(loc.name, "bold", 7.0, w - 3, LABEL)
    d.add(Text(x + 1.6, y + 1.2 + nsize * PT * 0.8, loc.name, nsize, "bold", shade(c, 0.35)))
    if width_mm(loc.name, "bold", nsize) > w - 2:
        over.append(Overflow(f"location {loc.name}", loc.name))
    top = y + 2.0 + nsize * PT + 1.4
    gap = 1.6
    n_t, n_c = len(loc.trade), len(loc.cities)
    room_h = y + h - 1.4 - top
    size = min(15.0, room_h, (w - 4 - gap * (n_t + n_c - 1) - 2.0) / (n_t + n_c))
    total = size * (n_t + n_c) + gap * (n_t + n_c - 1) + 2.0
    sx = x + (w - total) / 2
    sy = top + (room_h - size) / 2
    ink_c = shade(c, 0.3)
    for bundle in loc.trade:
        d.add(Rect(sx, sy, size, size, fill=tint(c, 0.9), stroke=ink_c, width=0.45, radius=0.8))
        over += _symbols(d, vocab, bundle, sx, sy, size, size, ink_c, f"{loc.name} trade box")
        sx += size + gap
    sx += 2.0
    for bundle in loc.cities:
        r = size / 2
        inset, side = r * 0.29, r * 1.42  # the square inside the disc
        d.add(Circle(sx + r, sy + r, r, fill=WHITE, stroke=ink_c, width=0.6))
        over += _symbols(
            d, vocab, bundle, sx + inset, sy + inset, side, side, ink_c, f"{loc.name} city"
        )
        sx += size + gap
    return over


def _symbols(d, vocab, bundle, x, y, w, h, colour, where) -> list[Overflow]:
    """A bundle's icons, as large as fit the box (x, y, w, h), centred in it."""
    size = min(h * 0.72, 9.0)
    while symbols.measure(vocab, bundle, size) > w * 0.92 and size > 2.5:
        size -= 0.25
    width = symbols.measure(vocab, bundle, size)
    d.add(*symbols.draw(vocab, bundle, x + (w - width) / 2, y + h / 2, size, colour, WHITE))
    return [] if width <= w * 0.95 else [Overflow(where, symbols.pieces(bundle).__repr__())]


def _open_box(d: Drawing, box: OpenBox, cell, c: str, theme: Theme, vocab) -> list[Overflow]:
    """A box without a limit on pieces: its name, what placing in it gives (the goods to choose
    from, or VP), and its text."""
    x, y, w, h = cell
    ink_c = shade(c, 0.3)
    d.add(Rect(x, y, w, h, fill=WHITE, stroke=ink_c, width=0.6, radius=1.8, dash=(2.0, 1.2)))
    d.add(centred_text(x + w / 2, y + 5.5, box.box.upper(), 9, "bold", ink_c))
    over: list[Overflow] = []
    y_text = y + 10
    if box.choice:
        d.add(centred_text(x + w / 2, y_text + 1.5, "Take one of:", 6.5, "regular", ink_c))
        row = [{k: 1} for k in box.choice]
        over += _symbols(d, vocab, row, x + 3, y_text + 4, w - 6, 14, ink_c, f"{box.box} box")
        y_text += 20
    if box.vp is not None:
        d.add(
            centred_text(
                x + w / 2, y_text + 1.5, "Score when you place here:", 6.5, "regular", ink_c
            )
        )
        over += _symbols(d, vocab, {"VP": box.vp}, x + 3, y_text + 4, w - 6, 14, ink_c, box.box)
        y_text += 20
    if box.text:
        block = set_paragraphs(
            [box.text],
            x + 4,
            y_text + 2,
            w - 8,
            y + h - y_text - 4,
            max_size=6.5,
            min_size=BODY,
            fill=ink_c,
            align="centre",
        )
        d.add(*block.items)
        if not block.fits:
            over.append(Overflow(f"{box.box} box text", box.text))
    return over
