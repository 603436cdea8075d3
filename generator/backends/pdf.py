"""Drawings to PDF pages with a reportlab canvas, in millimetres with y pointing down.

The canvas runs in invariant mode (no timestamps, fixed document id) so the same input gives a
byte-identical file, and its initial font is embedded Vera, so no unembedded Helvetica is named.

A design placed more than once in a file (the copies of a card, its back on every backs page)
is drawn once, as a form XObject, and each placement refers to it: a deck's file is written
in about the time of its distinct designs. Streams are compressed without ASCII85 (binary
deflate alone), which keeps the files smaller than ASCII85 would.
"""

from __future__ import annotations

import math
import pathlib

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from portolan.generator import fonts
from portolan.generator.colours import ColourFilter, identity
from portolan.generator.draw import Circle, Drawing, Group, Line, Path, Rect, Text

DUPLEX_NAMES = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}
PATH_OPERATIONS = {"M": "moveTo", "L": "lineTo", "C": "curveTo", "Z": "close"}  # draw.Path's
KAPPA = 0.5522847498  # a circle's quarter as a cubic Bézier: control points at r * KAPPA
# The box of a form whose placements are not clipped: the content's own extent is not known.
UNBOUNDED = (-10_000.0, -10_000.0, 10_000.0, 10_000.0)
# What reportlab's beginText() starts a text object with on a bottom-up canvas: its origin at 0, 0.
TEXT_START = f"BT 1 0 0 1 {fp_str(0, 0)} Tm"


class PdfWriter:
    def __init__(
        self,
        path: pathlib.Path,
        page_size: tuple[float, float],
        *,
        title: str,
        subject: str = "",
        duplex: str | None = None,
        colour_filter: ColourFilter = identity,
        forms: bool = True,
    ):
        fonts.register()
        self.use_forms = forms
        self.width, self.height = page_size
        self.filter = colour_filter
        self._colours: dict[tuple[str, str], str] = {}  # colour operators, written once each
        self._pages: list[tuple] = []
        self._forms: dict[tuple[int, ...], tuple[str, tuple]] = {}
        self._state: list = [None, None, None, None]
        self._saved: list[list] = []
        self._texts: dict[tuple[str, float, str], str] = {}  # see _shown
        self._lines: dict[tuple[float, ...], str] = {}  # a line's operators, by its ends
        self.canvas = Canvas(
            str(path),
            pagesize=(self.width * mm, self.height * mm),
            invariant=1,
            initialFontName="Vera",
            initialFontSize=10,
            pageCompression=1,
        )
        c = self.canvas
        c.setTitle(title)
        c.setAuthor("Portolan")
        c.setCreator("Portolan")
        c.setProducer("Portolan (reportlab)")
        c.setSubject(subject)
        c.setViewerPreference("PrintScaling", "None")
        if duplex:
            c.setViewerPreference("Duplex", DUPLEX_NAMES[duplex])

    def page(
        self,
        drawing: Drawing,
        *,
        trim: tuple[float, float, float, float] | None = None,
        bleed: tuple[float, float, float, float] | None = None,
    ) -> None:
        """Add one page, at the drawing's size (drawn at ``save``, once every design's uses are
        known). ``trim`` and ``bleed`` (x, y, width, height in mm from the top left) become the
        page's TrimBox and BleedBox, for a print shop."""
        self._pages.append((drawing, trim, bleed))

    def save(self) -> None:
        if self.use_forms:
            self._define_forms()
        for drawing, trim, bleed in self._pages:
            self._draw_page(drawing, trim, bleed)
        self._pages = []
        was = rl_config.useA85
        rl_config.useA85 = 0  # read as the streams are written, here
        try:
            self.canvas.save()
        finally:
            rl_config.useA85 = was

    def _draw_page(self, drawing: Drawing, trim, bleed) -> None:
        c = self.canvas
        if (drawing.width, drawing.height) != (self.width, self.height):
            self.width, self.height = drawing.width, drawing.height
            c.setPageSize((self.width * mm, self.height * mm))
        if trim is not None:
            c.setTrimBox(self._box(trim))
        if bleed is not None:
            c.setBleedBox(self._box(bleed))
        c.saveState()
        c.translate(0, self.height * mm)
        c.scale(mm, -mm)
        c.setLineJoin(1)
        # The graphics state as last written (fill, stroke, line width, dash), so that no
        # operator is written twice in a row; saved and restored with the canvas's own.
        self._state = [None, None, None, None]
        self._saved = []
        for item in drawing.items:
            self._draw(item)
        c.restoreState()
        c.showPage()

    # -- designs drawn once -----------------------------------------------------------------
    def _define_forms(self) -> None:
        """A form for each design (a group's items, the same objects) placed twice or more,
        named in the order of first use so that the file is the same on every run."""
        uses: dict[tuple[int, ...], list[tuple[int, Group]]] = {}
        for n, (drawing, _, _) in enumerate(self._pages):
            _uses(uses, n, drawing.items)
        # A page moved as a whole (--back-offset) is one group: look at what it holds.
        for n, group in [u[0] for u in uses.values() if len(u) == 1]:
            _uses(uses, n, group.items)
        c = self.canvas
        forms = {}
        for key, placed in uses.items():
            # Copies on one page cost little (the page's compression finds them): a form pays
            # for itself once a design is on two pages.
            if len({n for n, _ in placed}) < 2:
                continue
            groups = [g for _, g in placed]
            name = f"Design{len(forms) + 1}"
            c.beginForm(name, *_form_box(groups))
            # A form inherits the state of each place it is drawn: it writes all it needs.
            self._state = [None, None, None, None]
            self._saved = []
            for sub in groups[0].items:
                self._draw(sub)  # no form inside a form: none is known yet
            c.endForm()
            forms[key] = (name, groups[0].items)  # the items kept: their ids stay theirs
        self._forms = forms

    def _box(self, box: tuple[float, float, float, float]) -> tuple[float, ...]:
        """A box in mm from the top left, as PDF points from the bottom left."""
        x, y, w, h = box
        return (x * mm, (self.height - y - h) * mm, (x + w) * mm, (self.height - y) * mm)

    # -- state ------------------------------------------------------------------------------
    def _operator(self, colour: str, op: str) -> str:
        """'r g b rg' (or RG) for a '#rrggbb' colour, after the colour filter; cached."""
        key = (colour, op)
        code = self._colours.get(key)
        if code is None:
            c = HexColor(self.filter(colour))
            code = self._colours[key] = f"{fp_str(c.red, c.green, c.blue)} {op}"
        return code

    def _paint(self, fill: str | None, stroke: str | None, width: float, dash=None):
        code = self.canvas._code
        state = self._state
        if fill and state[0] != fill:
            code.append(self._operator(fill, "rg"))
            state[0] = fill
        if stroke:
            if state[1] != stroke:
                code.append(self._operator(stroke, "RG"))
                state[1] = stroke
            if state[2] != width:
                code.append(f"{fp_str(width)} w")
                state[2] = width
            pattern = tuple(dash) if dash else ()
            if state[3] != pattern:
                self.canvas.setDash(list(pattern))
                state[3] = pattern
        return (1 if stroke else 0), (1 if fill else 0)

    # -- items ------------------------------------------------------------------------------
    def _draw(self, item) -> None:
        c = self.canvas
        if isinstance(item, Text):
            self._text(item)
        elif isinstance(item, Rect):
            stroke, fill = self._paint(item.fill, item.stroke, item.width, item.dash)
            if item.radius > 0:
                c.roundRect(item.x, item.y, item.w, item.h, item.radius, stroke=stroke, fill=fill)
            else:
                c.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
        elif isinstance(item, Group):
            self._group(item)
        elif isinstance(item, Line):
            self._paint(None, item.stroke, item.width, item.dash)
            ends = (item.x1, item.y1, item.x2, item.y2)
            code = self._lines.get(ends)
            if code is None:  # the same crop marks are on every page of a sheet
                code = self._lines[ends] = f"{fp_str(*ends[:2])} m {fp_str(*ends[2:])} l S"
            c._code.append(code)
        elif isinstance(item, Circle):
            stroke, fill = self._paint(item.fill, item.stroke, item.width)
            self._circle(item.cx, item.cy, item.r, stroke, fill)
        elif isinstance(item, Path):
            stroke, fill = self._paint(item.fill, item.stroke, item.width)
            p = c.beginPath()
            for cmd in item.commands:
                getattr(p, PATH_OPERATIONS[cmd[0]])(*cmd[1:])
            c.drawPath(p, stroke=stroke, fill=fill)
        else:  # pragma: no cover - a programming error, not user input
            raise TypeError(f"cannot draw {item!r}")

    def _circle(self, cx: float, cy: float, r: float, stroke: int, fill: int) -> None:
        """Four Bézier quarters, as reportlab draws a circle, without its general arc code."""
        k = r * KAPPA
        parts = [
            f"{fp_str(cx + r, cy)} m",
            f"{fp_str(cx + r, cy + k, cx + k, cy + r, cx, cy + r)} c",
            f"{fp_str(cx - k, cy + r, cx - r, cy + k, cx - r, cy)} c",
            f"{fp_str(cx - r, cy - k, cx - k, cy - r, cx, cy - r)} c",
            f"{fp_str(cx + k, cy - r, cx + r, cy - k, cx + r, cy)} c",
        ]
        op = {(1, 1): "B", (1, 0): "S", (0, 1): "f"}.get((stroke, fill), "n")
        self.canvas._code.append(" ".join(parts) + " h " + op)

    def _group(self, item: Group) -> None:
        c = self.canvas
        # A form is drawn in a saved graphics state of its own (the Do operator), so the state
        # tracked here is the same after it.
        form = self._forms.get(_design(item)) if self._forms else None
        s = item.scale
        moved = item.rotate or item.flip or s != 1.0 or item.dx or item.dy
        saved = moved or item.clip is not None  # else the group only gathers its items
        if saved:
            c.saveState()
            self._saved.append(list(self._state))
        if item.rotate or item.flip:
            c.translate(item.dx, item.dy)
            if item.rotate:
                c.rotate(item.rotate)  # y points down here, so positive turns clockwise
            if s != 1.0 or item.flip:
                c.scale(-s if item.flip else s, s)
        elif moved:
            c.transform(s, 0, 0, s, item.dx, item.dy)  # one cm: translate, then scale
        if item.clip is not None:
            clip = item.clip
            c._code.append(f"{fp_str(clip.x, clip.y, clip.w, clip.h)} re W n")
        if form is not None:
            c.doForm(form[0])
        else:
            for sub in item.items:
                self._draw(sub)
        if saved:
            c.restoreState()
            self._state = self._saved.pop()

    def _text(self, t: Text) -> None:
        """One line of text in a text object of its own, placed by its text matrix (no change
        of the graphics state to undo): turned ``rotate`` degrees counter-clockwise as the
        reader sees it, the y axis turned back up.

        The operators are those reportlab's text object writes for an embedded TrueType font
        (``beginText``, ``setTextTransform``, ``setFont``, ``textOut``, ``drawText``), the
        same bytes, written here without the object and the width it measures for its cursor
        (a build sets about 6,000 lines of text in a game's files)."""
        c = self.canvas
        self._paint(t.fill, None, 0)
        name = fonts.font_name(t.face)
        size = t.size * fonts.PT
        a = math.radians(t.rotate)
        cos, sin = math.cos(a), math.sin(a)
        shift = 0.0
        if t.anchor != "start":
            width = pdfmetrics.stringWidth(t.text, name, size)
            shift = width / 2 if t.anchor == "middle" else width
        matrix = fp_str(cos, -sin, -sin, -cos, t.x - shift * cos, t.y + shift * sin)
        c._code.append(f"{TEXT_START} {matrix} Tm {self._shown(name, size, t.text)} ET")

    def _shown(self, name: str, size: float, text: str) -> str:
        """The operators that show ``text``: the subset font, then the text in that subset's
        codes, for each run of one subset (empty for no text, as reportlab writes it). Kept
        per text: a subset's codes, once given in a document, stay (the header of every page,
        a label on every card)."""
        key = (name, size, text)
        shown = self._texts.get(key)
        if shown is not None:
            return shown
        font = pdfmetrics.getFont(name)
        doc = self.canvas._doc
        code = []
        current = -1
        for subset, part in font.splitString(text, doc):
            if subset != current:
                code.append(
                    f"{font.getSubsetInternalName(subset, doc)} {fp_str(size)} Tf "
                    f"{fp_str(size * 1.2)} TL"
                )
                current = subset
            code.append(f"({escapePDF(part)}) Tj")
        shown = self._texts[key] = " ".join(code)
        return shown


def _uses(uses: dict, page: int, items) -> None:
    """Add the groups among ``items`` (of more than one item) to ``uses``, by design, with the
    page they are on; designs in order of first use."""
    for item in items:
        if isinstance(item, Group) and len(item.items) > 1:
            uses.setdefault(_design(item), []).append((page, item))


def _design(group: Group) -> tuple[int, ...]:
    """What a group draws: its items, by identity (a design placed again is the same items)."""
    return tuple(map(id, group.items))


def _form_box(groups: list[Group]) -> tuple[float, float, float, float]:
    """The form's box in its own units (mm, y down): every placement's clip, or unbounded."""
    if any(g.clip is None for g in groups):
        return UNBOUNDED
    clips = [g.clip for g in groups]
    return (
        min(r.x for r in clips),
        min(r.y for r in clips),
        max(r.x + r.w for r in clips),
        max(r.y + r.h for r in clips),
    )
