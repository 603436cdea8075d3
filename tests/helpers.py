"""Reading generated PDFs back: page geometry in millimetres (origin top-left, y down), the card
boxes found from their full-bleed backgrounds, crop marks, colours; and the expected layouts."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

MM = 72 / 25.4  # points per millimetre
TOL = 0.1  # mm: every geometric check holds within this

# The default printer margin (no ink closer to the paper's edge) and the shortest crop mark
# (docs/printing.md; portolan/data/sizes.yaml).
PRINTER_MARGIN = 5.0
MARK = 3.0
MARK_WIDTH = 0.25
PAPERS = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}
POKER = (63.0, 88.0)
BLEED = 3.0


def mm(points: float) -> float:
    return points / MM


@dataclass(frozen=True)
class Box:
    """A rectangle in millimetres, top-left origin."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def grow(self, left: float, top: float, right: float, bottom: float) -> Box:
        return Box(self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)

    def contains(self, px: float, py: float, margin: float = 0.0) -> bool:
        return (
            self.x + margin < px < self.right - margin
            and self.y + margin < py < self.bottom - margin
        )

    def near_edge(self, px: float, py: float, d: float) -> bool:
        """Whether (px, py) is within ``d`` of this box's outline."""
        inside_x = self.x - d <= px <= self.right + d
        inside_y = self.y - d <= py <= self.bottom + d
        return (inside_y and (abs(px - self.x) <= d or abs(px - self.right) <= d)) or (
            inside_x and (abs(py - self.y) <= d or abs(py - self.bottom) <= d)
        )


def box_of(obj: dict) -> Box:
    """The bounding box of a pdfplumber object, in mm."""
    return Box(
        mm(obj["x0"]), mm(obj["top"]), mm(obj["x1"] - obj["x0"]), mm(obj["bottom"] - obj["top"])
    )


def rgb(colour) -> tuple[float, ...]:
    """A pdfplumber colour as a tuple of 0..1 components (gray stays one component)."""
    if colour is None:
        return ()
    if isinstance(colour, int | float):
        return (float(colour),)
    return tuple(float(c) for c in colour)


def as_rgb255(colour) -> tuple[int, int, int]:
    c = rgb(colour)
    if len(c) == 1:
        c = (c[0],) * 3
    if len(c) == 4:  # CMYK, not expected from our writer
        k = c[3]
        c = tuple((1 - v) * (1 - k) for v in c[:3])
    return tuple(round(v * 255) for v in c)  # type: ignore[return-value]


def is_gray(colour) -> bool:
    c = rgb(colour)
    if len(c) <= 1:
        return True
    if len(c) == 3:
        return max(c) - min(c) <= 1.5 / 255
    return c[0] == c[1] == c[2] == 0  # CMYK gray is K only


def is_white(colour) -> bool:
    return all(v >= 254 for v in as_rgb255(colour))


# -- cards and marks on a sheet page ---------------------------------------------------------


@dataclass(frozen=True)
class Card:
    trim: Box  # as laid on the page
    fill: tuple[int, int, int]
    turned: bool = False  # laid a quarter turn from upright


def cards_on(page, w: float = POKER[0], h: float = POKER[1], bleed: float = BLEED) -> list[Card]:
    """Every item on a sheet page, upright or turned a quarter turn, found by its full-bleed
    background rectangle (trim + bleed on each side, before clipping), in reading order."""
    out = []
    for r in page.rects:
        if not r["fill"]:
            continue
        b = box_of(r)
        for iw, ih, turned in ((w, h, False), (h, w, True)):
            if abs(b.w - (iw + 2 * bleed)) < 0.01 and abs(b.h - (ih + 2 * bleed)) < 0.01:
                trim = Box(b.x + bleed, b.y + bleed, iw, ih)
                out.append(Card(trim, as_rgb255(r["non_stroking_color"]), turned and w != h))
                break
    return sorted(out, key=lambda c: (round(c.trim.y, 2), round(c.trim.x, 2)))


@dataclass(frozen=True)
class Seg:
    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def length(self) -> float:
        return math.hypot(self.x2 - self.x1, self.y2 - self.y1)

    @property
    def vertical(self) -> bool:
        return abs(self.x1 - self.x2) < 1e-6

    def enters(self, box: Box, tol: float = 0.01) -> bool:
        """Whether the segment reaches into the open interior of ``box``."""
        lo_x, hi_x = sorted((self.x1, self.x2))
        lo_y, hi_y = sorted((self.y1, self.y2))
        return (
            lo_x < box.right - tol
            and hi_x > box.x + tol
            and lo_y < box.bottom - tol
            and hi_y > box.y + tol
        )


def crop_marks(page) -> list[Seg]:
    """The crop marks: black hairlines of the crop-mark width."""
    out = []
    for ln in page.lines:
        if abs(mm(ln["linewidth"]) - MARK_WIDTH) > 0.005:
            continue
        if as_rgb255(ln["stroking_color"]) != (0, 0, 0):
            continue
        # Crop marks are axis-parallel, so the bounding box gives both ends.
        out.append(Seg(mm(ln["x0"]), mm(ln["top"]), mm(ln["x1"]), mm(ln["bottom"])))
    return out


def page_text(page) -> str:
    return page.extract_text(x_tolerance=1) or ""


def region_text(page, box: Box) -> str:
    bbox = (box.x * MM, box.y * MM, box.right * MM, box.bottom * MM)
    return page.within_bbox(bbox).extract_text(x_tolerance=1) or ""


def title_box(card: Box) -> Box:
    """Where a standard card front writes its title: the band, between the two badges (for a
    card turned a quarter turn clockwise, the band runs down its right-hand side)."""
    if card.w > card.h:
        return Box(card.right - 3.0 - 11.5, card.y + 14.0, 11.5, card.h - 14.0 - 4.0)
    return Box(card.x + 14.0, card.y + 3.0, card.w - 14.0 - 4.0, 11.5)


def header_side(page) -> str:
    """'fronts' or 'backs', as the page header says."""
    top = region_text(page, Box(0, 0, mm(page.width), 10))
    if "backs" in top:
        return "backs"
    if "fronts" in top:
        return "fronts"
    return ""


# -- expected layouts, from the figures of the print specification -----------------------------


@dataclass(frozen=True)
class Plan:
    """How items sit along one axis: how many, the gutter between them, the outer bleed."""

    page: float
    item: float
    count: int
    gutter: float
    outer_bleed: float

    @property
    def start(self) -> float:
        block = self.count * self.item + (self.count - 1) * self.gutter
        return (self.page - block) / 2

    def position(self, i: int) -> float:
        return self.start + i * (self.item + self.gutter)

    def cuts(self) -> list[float]:
        out: list[float] = []
        for i in range(self.count):
            for v in (self.position(i), self.position(i) + self.item):
                if not out or abs(out[-1] - v) > 1e-9:
                    out.append(v)
        return out

    def bleeds(self, i: int) -> tuple[float, float]:
        inner = self.gutter / 2
        return (
            self.outer_bleed if i == 0 else inner,
            self.outer_bleed if i == self.count - 1 else inner,
        )

    @property
    def block_start(self) -> float:
        """Where the art of the first item starts (its outer bleed edge)."""
        return self.start - self.outer_bleed

    @property
    def block_end(self) -> float:
        return self.position(self.count - 1) + self.item + self.outer_bleed


# Poker cards with a 5 mm printer margin and 3 mm bleed (docs/printing.md).
# --layout packed (most to a page): A4 holds 3 x 3 upright, butted both ways, the outer bleed
# cut to 2.5 mm at the sides; Letter holds 2 x 4 turned sideways, 6 mm gutters across, butted
# rows with the full outer bleed.
# --layout gutters (full bleed everywhere): both hold cards turned sideways, 2 x 4 on A4 and
# 2 x 3 on Letter, with 6 mm gutters.
EDGE = PRINTER_MARGIN + MARK
POKER_PLANS = {
    "a4": (
        Plan(210.0, 63.0, 3, 0.0, (210.0 - 3 * 63.0) / 2 - EDGE),
        Plan(297.0, 88.0, 3, 0.0, BLEED),
    ),
    "letter": (Plan(215.9, 88.0, 2, 2 * BLEED, BLEED), Plan(279.4, 63.0, 4, 0.0, BLEED)),
}
GUTTER_PLANS = {
    "a4": (Plan(210.0, 88.0, 2, 2 * BLEED, BLEED), Plan(297.0, 63.0, 4, 2 * BLEED, BLEED)),
    "letter": (Plan(215.9, 88.0, 2, 2 * BLEED, BLEED), Plan(279.4, 63.0, 3, 2 * BLEED, BLEED)),
}


def slot_boxes(paper: str, n: int | None = None, plans=None) -> list[tuple[Box, Box]]:
    """(trim, bleed box) of the first ``n`` slots of a poker-card page, in reading order."""
    cols, rows = (plans or POKER_PLANS)[paper]
    out = []
    for r in range(rows.count):
        for c in range(cols.count):
            trim = Box(cols.position(c), rows.position(r), cols.item, rows.item)
            left, right = cols.bleeds(c)
            top, bottom = rows.bleeds(r)
            out.append((trim, trim.grow(left, top, right, bottom)))
    return out[:n] if n is not None else out


def mirror(box: Box, paper: str, duplex: str) -> Box:
    """Where the back of an item at ``box`` must be printed for the sheet's flip."""
    w, h = PAPERS[paper]
    if duplex == "short":
        return Box(box.x, h - box.y - box.h, box.w, box.h)
    return Box(w - box.x - box.w, box.y, box.w, box.h)


def close(a: Box, b: Box, tol: float = TOL) -> bool:
    return all(
        abs(p - q) <= tol for p, q in zip((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h), strict=True)
    )


def pdfs(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.pdf"))


# -- type sizes ------------------------------------------------------------------------------

_FONTS = {
    "BitstreamVeraSans-Roman": "Vera",
    "BitstreamVeraSans-Bold": "Vera-Bold",
    "BitstreamVeraSans-Oblique": "Vera-Italic",
    "BitstreamVeraSans-BoldOblique": "Vera-BoldItalic",
}


def char_size(ch: dict) -> float | None:
    """The size in points a character is printed at, turned or not: its advance over the
    font's width of the glyph, times the text matrix's scale (pdfplumber's ``size`` is the
    height of the glyph's box, which is its width for turned text). None for a glyph without
    width (a space)."""
    from reportlab.pdfbase import pdfmetrics

    from portolan.generator import fonts

    fonts.register()
    a, b, c, d = ch["matrix"][:4]
    scale = math.sqrt(abs(a * d - b * c))
    name = _FONTS.get(ch["fontname"].split("+")[-1], "Vera")
    width = pdfmetrics.stringWidth(ch["text"], name, 1)
    if width <= 0:
        return None
    return ch["adv"] / width * scale
