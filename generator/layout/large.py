"""One sheet for a print shop: a board that home printers get in tiles, printed whole.

Every board too large for the home page is also laid out on the smallest large sheet of
``portolan/data/sizes.yaml`` (``large_papers``: A2, A1, A0) that holds it whole, with its bleed
and crop marks, in whichever orientation fits (the board's own orientation first). The drawing
is the same one the tiles are cut from; only the page around it differs. The PDF page carries a
TrimBox (the board's cut edge) and a BleedBox (the cut edge plus the bleed), which print shops
read to trim.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw import Drawing, Group, Line, Rect
from generator.layout.furniture import MARK_WIDTH, Margins, free_intervals, header, scale_bar
from portolan.sizes import large_papers, paper_label, printer_limits

INK = "#000000"


@dataclass(frozen=True)
class LargeSheet:
    """The chosen sheet: its name, size (mm, as laid: width x height) and where the board's
    trim box sits on it (mm from the top-left corner)."""

    paper: str
    size: tuple[float, float]
    trim: tuple[float, float, float, float]  # x, y, width, height
    bleed: float

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        x, y, w, h = self.trim
        b = self.bleed
        return x - b, y - b, w + 2 * b, h + 2 * b

    @property
    def label(self) -> str:
        return paper_label(self.paper)


def margin_needed(bleed: float) -> float:
    """Room each side of the trim: the bleed, then a crop mark, then the unprintable edge."""
    unprintable, mark = printer_limits()
    return bleed + mark + unprintable


def choose_sheet(width: float, height: float, bleed: float) -> LargeSheet:
    """The smallest large sheet that holds a ``width`` x ``height`` board whole."""
    need = 2 * margin_needed(bleed)
    for name, size in large_papers().items():
        portrait = (min(size), max(size))
        landscape = (max(size), min(size))
        ways = (landscape, portrait) if width >= height else (portrait, landscape)
        for W, H in ways:
            if width + need <= W + 1e-9 and height + need <= H + 1e-9:
                trim = ((W - width) / 2, (H - height) / 2, width, height)
                return LargeSheet(name, (W, H), trim, bleed)
    largest = ", ".join(large_papers())
    raise ValueError(f"a {width:g} x {height:g} mm board does not fit any large sheet ({largest})")


def large_page(board: Drawing, sheet: LargeSheet, titles: tuple[str, str], n: int, total: int):
    """The board centred on the sheet, crop marks at its four cut lines, header and scale bar."""
    W, H = sheet.size
    x, y, w, h = sheet.trim
    b = sheet.bleed
    unprintable, _ = printer_limits()
    page = Drawing(W, H, id=f"large-{n}")
    page.add(Group(tuple(board.items), dx=x, dy=y, clip=Rect(-b, -b, w + 2 * b, h + 2 * b)))
    for cx in (x, x + w):
        page.add(Line(cx, unprintable, cx, y - b, INK, MARK_WIDTH))
        page.add(Line(cx, y + h + b, cx, H - unprintable, INK, MARK_WIDTH))
    for cy in (y, y + h):
        page.add(Line(unprintable, cy, x - b, cy, INK, MARK_WIDTH))
        page.add(Line(x + w + b, cy, W - unprintable, cy, INK, MARK_WIDTH))
    game, component = titles
    margins = Margins(
        W, (unprintable, y - b), (y + h + b, H - unprintable), free_intervals(W, [x, x + w])
    )
    label = f"{component} — single sheet, {sheet.label} (print shop)"
    page.add(*header(margins, [game, label, f"page {n}/{total}"]))
    page.add(*scale_bar(margins, "trim at the crop marks"))
    return page
