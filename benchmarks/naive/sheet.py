"""A reportlab canvas in millimetres from the top-left, with the page furniture of a print sheet
(crop marks, header, scale bars): what every naive drawing below draws on."""

from __future__ import annotations

import math
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from portolan.generator import fonts
from portolan.sizes import printer_limits

MARGIN, MARK = printer_limits()
EDGE = MARGIN + MARK
EDGES = (EDGE, EDGE, EDGE, EDGE)


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

    @classmethod
    def of(cls, component, folder: Path, page: tuple[float, float]) -> Sheet:
        """The sheet a component's own file is drawn on (``<id>.pdf``)."""
        return cls(folder / f"{component.spec.id}.pdf", page)

    def Y(self, y):
        return (self.H - y) * mm

    def paint(self, fill, stroke, width) -> dict[str, int]:
        """Sets the fill and the stroke given; the canvas's stroke= and fill= flags for them."""
        c = self.c
        if fill:
            c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width * mm)
        return {"stroke": 1 if stroke else 0, "fill": 1 if fill else 0}

    def rect(self, x, y, w, h, fill=None, stroke=None, r=0.0, width=0.3):
        c = self.c
        flags = self.paint(fill, stroke, width)
        args = (x * mm, (self.H - y - h) * mm, w * mm, h * mm)
        if r:
            c.roundRect(*args, r * mm, **flags)
        else:
            c.rect(*args, **flags)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.3):
        self.c.circle(cx * mm, self.Y(cy), r * mm, **self.paint(fill, stroke, width))

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

    def finish(self):
        """Ends the last page and writes the file."""
        self.show()
        self.save()
