"""The parts of a card face that several layouts draw: badges, colour marks, chips and rows of
numbered boxes, with what they share (the safe margin, a text that did not fit).

Positions are given for a poker card (63 x 88 mm) and scaled for other sizes (``s``).
"""

from __future__ import annotations

from dataclasses import dataclass

from portolan.generator.colours import readable, shade, tint
from portolan.generator.draw import Circle, Drawing, Line, Path, Rect, Text
from portolan.generator.faces import BoxRow
from portolan.generator.fonts import PT, centred_text, fit_size, width_mm
from portolan.generator.icons import icon
from portolan.generator.legibility import CAPTION, LABEL
from portolan.generator.legibility import CONTRAST_AIM as CONTRAST
from portolan.generator.theme import INK, WHITE, Theme, ink, on

SAFE = 3.0  # mm inside the trim where cutting errors cannot reach


@dataclass(frozen=True)
class Mark:
    """A colour symbol printed beside the art, with its resolved colour."""

    icon: str
    text: str
    colour: str  # #rrggbb


@dataclass
class Overflow:
    """Text that did not fit its box even at the smallest size allowed."""

    where: str
    text: str

    QUOTED_CHARS = 80  # a warning quotes at most this much of one line of the text

    def warning(self) -> str:
        """What the build says: where, and the text's start (a card text of a million
        characters, said for every card, once made 42 MB of warnings)."""
        lines = self.text.splitlines() or [""]
        quoted = lines[0][: self.QUOTED_CHARS]
        if quoted != self.text:
            quoted += f"… ({len(self.text):,} characters)"
        return f"text does not fit in {self.where}: {quoted}"


def badge(d: Drawing, cx: float, cy: float, r: float, text: str, fill: str, ic: str) -> None:
    """A round badge: white with the card's colour, or filled (``fill``) with readable text."""
    if fill:
        d.add(Circle(cx, cy, r, fill=fill, stroke=shade(fill, 0.35), width=0.45))
        d.add(Circle(cx, cy, r * 0.8, stroke=on(fill), width=0.25))
        colour = on(fill)
    else:
        d.add(Circle(cx, cy, r, fill=WHITE, stroke=shade(ic, 0.1), width=0.45))
        colour = ic
    size = fit_size(text, "bold", 15 * r / 4.6, 1.6 * r * (0.85 if fill else 1.0), 6)
    d.add(centred_text(cx, cy, text, size, "bold", colour))


def colour_marks(
    d: Drawing, marks: list[Mark], w: float, art_cy: float, art_r: float, s: float, bg: str
) -> None:
    """Colour symbols left and right of the art; one mark is repeated on both sides."""
    pair = marks[:2] if len(marks) > 1 else marks * 2
    side = w / 2 - art_r - SAFE  # free width between the frame and the medallion
    isz = min(7.5 * s, side * 0.55)
    for k, m in enumerate(pair):
        cx = SAFE + side / 2 if k == 0 else w - SAFE - side / 2
        mc = ink(m.colour)
        top = art_cy - isz * 0.72
        d.add(icon(m.icon, cx - isz / 2, top, isz, mc, bg))
        if m.text:
            size = fit_size(m.text, "bold", max(LABEL, 5.6 * s), side - 1.0, LABEL)
            d.add(
                Text(cx, top + isz + 1.2 * s + size * PT * 0.72, m.text, size, "bold", mc, "middle")
            )


def box_grid(rows: list[BoxRow], w: float, s: float) -> tuple[float, float, float]:
    """(left edge of the first cell, cell width, label column width) of the ``boxes`` block."""
    avail = w - 2 * SAFE - 4 * s
    ncols = max(len(r.cells) for r in rows)
    label_w = max((width_mm(r.label, "bold", 6 * s) for r in rows if r.label), default=0.0)
    lab = max(7.5 * s if any(r.icon for r in rows) else 0.0, label_w + 1.5 * s if label_w else 0.0)
    lab = min(lab, avail * 0.35)
    cell_w = min(11 * s, (avail - lab) / ncols)
    x0 = (w - (lab + ncols * cell_w)) / 2
    return x0 + lab, cell_w, lab


BOX_H = 7.2  # height of a row of boxes on a poker card (scaled with the card)
CAPTION_H = 3.8
ARROW_H = 3.2
ROW_GAP = 1.0


def boxes(
    d: Drawing, rows: list[BoxRow], w: float, y: float, s: float, c: str, theme: Theme
) -> tuple[float, list[str]]:
    """Rows of numbered boxes on one grid of columns; returns the y below them and the texts
    of cells too wide for their box even at the smallest size."""
    ic = ink(c)
    cells_x, cell_w, lab = box_grid(rows, w, s)
    bad: list[str] = []
    for n, row in enumerate(rows):
        if n:
            y += ROW_GAP * s
        h = (BOX_H if row.style == "boxes" else CAPTION_H) * s
        if row.style != "boxes":
            h = max(h, _caption_height(row.cells, cell_w, s))
        if row.icon:
            isz = min(lab * 0.82, h * 0.92)
            d.add(icon(row.icon, cells_x - lab / 2 - isz / 2, y + (h - isz) / 2, isz, ic))
        elif row.label:
            size = fit_size(row.label, "bold", max(LABEL, 6 * s), lab - 1.5 * s, LABEL)
            base = y + h / 2 + size * PT * 0.36
            d.add(Text(cells_x - 1.2 * s, base, row.label, size, "bold", shade(ic, 0.2), "end"))
        for k, text in enumerate(row.cells):
            x = cells_x + k * cell_w
            accent = k in row.accent
            if row.style == "boxes":
                fill = WHITE
                if accent and not theme.ink_saver:
                    fill = tint(c, 0.82)
                d.add(
                    Rect(
                        x,
                        y,
                        cell_w,
                        h,
                        fill=fill,
                        stroke=ic,
                        width=0.5 if accent else 0.3,
                        radius=0.6 * s,
                    )
                )
                max_pt = max(LABEL, min(9.5 * s, h * 0.62 / PT))
                face, colour = "bold", (readable(ic, fill, CONTRAST) if accent else INK)
            else:
                max_pt = max(CAPTION, 5.4 * s)
                face, colour = ("bold" if accent else "regular"), shade(ic, 0.2)
            if not text:
                continue
            lines = [text] if row.style == "boxes" else _caption_lines(text, cell_w)
            size = min(fit_size(t, face, max_pt, cell_w - 1.0, LABEL) for t in lines)
            if max(width_mm(t, face, size) for t in lines) > cell_w - 0.3:
                bad.append(text)
            lead = size * PT * 1.1
            base = y + h / 2 + size * PT * 0.36 - lead * (len(lines) - 1) / 2
            for i, t in enumerate(lines):
                d.add(Text(x + cell_w / 2, base + i * lead, t, size, face, colour, "middle"))
        y += h
        if row.arrow:
            _arrow(
                d, cells_x, cells_x + len(row.cells) * cell_w, y + ARROW_H * s / 2, row.arrow, s, ic
            )
            y += ARROW_H * s
    return y, bad


def _caption_lines(text: str, cell_w: float) -> list[str]:
    """A caption on one line, or on two (split at the space that balances them best) when one
    line would not fit its column at the smallest caption size."""
    if width_mm(text, "bold", CAPTION) <= cell_w - 1.0 or " " not in text:
        return [text]
    words = text.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return list(min(splits, key=lambda p: max(width_mm(t, "bold", CAPTION) for t in p)))


def _caption_height(cells: list[str], cell_w: float, s: float) -> float:
    """Height of a caption row: taller when a caption needs two lines."""
    lines = max((len(_caption_lines(t, cell_w)) for t in cells if t), default=1)
    return CAPTION_H * s if lines == 1 else (lines * 1.1 + 0.6) * CAPTION * PT


def _arrow(d: Drawing, x0: float, x1: float, y: float, way: str, s: float, colour: str) -> None:
    """An arrow under a row of boxes, running its length and pointing past its end."""
    head = 1.6 * s
    if way == "left":
        tip, tail = x0 - 0.8 * s, x1 - 2.0 * s
        base = tip + head
    else:
        tip, tail = x1 + 0.8 * s, x0 + 2.0 * s
        base = tip - head
    d.add(Line(tail, y, base, y, stroke=colour, width=0.45))
    d.add(
        Path(
            (("M", tip, y), ("L", base, y - head * 0.55), ("L", base, y + head * 0.55), ("Z",)),
            fill=colour,
        )
    )


def chips(
    d: Drawing, chips: list[str], w: float, y: float, s: float, c: str, theme: Theme
) -> float:
    """Short labels (traits) in rounded chips, centred in rows; returns the y below them."""
    size = max(LABEL, 6.6 * s)
    pad = 1.6 * s
    gap = 1.4 * s
    chip_h = 5.2 * s
    avail = w - 2 * SAFE - 3 * s
    rows: list[list[tuple[str, float]]] = [[]]
    used = 0.0
    for chip in chips:
        cw = width_mm(chip, "bold", size) + 2 * pad
        if rows[-1] and used + gap + cw > avail:
            rows.append([])
            used = 0.0
        used += (gap if rows[-1] else 0) + cw
        rows[-1].append((chip, cw))
    fill, text = theme.band(c)
    edge = ink(c) if theme.ink_saver else None  # a pale chip's outline when saving ink
    for row in rows:
        total = sum(cw for _, cw in row) + gap * (len(row) - 1)
        x = (w - total) / 2
        for chip, cw in row:
            d.add(Rect(x, y, cw, chip_h, fill=fill, stroke=edge, width=0.3, radius=chip_h / 2))
            d.add(centred_text(x + cw / 2, y + chip_h / 2, chip, size, "bold", text))
            x += cw + gap
        y += chip_h + 1.2 * s
    return y
