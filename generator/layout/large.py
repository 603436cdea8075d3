"""One board on one large sheet: for a print shop, or for a home printer that takes A3 or Tabloid.

Print shop: every board too large for the home page is also laid out on the smallest large
sheet of ``portolan/data/sizes.yaml`` (``large_papers``: A2, A1, A0) that holds it whole, with
its bleed and crop marks, in whichever orientation fits (the board's own orientation first;
the page is turned, which a print shop expects).

Home large paper (``--board-page a3`` or ``tabloid``): a board too large for the home page is
laid on that paper whole when it fits, the page kept upright and the board turned a quarter
turn when it fits only sideways (home print dialogs mishandle turned pages more often than
turned pictures); a board too large even for that is tiled on it (``layout/tiling.py``).

The drawing is the same one the tiles are cut from; only the page around it differs. The PDF
page carries a TrimBox (the board's cut edge) and a BleedBox (the cut edge plus the bleed),
which print shops read to trim.
"""

from __future__ import annotations

from dataclasses import dataclass

from portolan.generator.draw import Drawing, Group, Line, Rect
from portolan.generator.layout.furniture import INK, MARK_WIDTH, header, margins_around, scale_bar
from portolan.sizes import Size, large_papers, paper_label, printer_limits


@dataclass(frozen=True)
class LargeSheet:
    """The chosen sheet: its name, size (mm, as laid: width x height), where the board's trim
    box sits on it (mm from the top-left corner, as laid) and whether the board is turned a
    quarter turn clockwise to fit."""

    paper: str
    size: tuple[float, float]
    trim: tuple[float, float, float, float]  # x, y, width, height
    bleed: float
    margin: float = 5.0
    turned: bool = False

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        x, y, w, h = self.trim
        b = self.bleed
        return x - b, y - b, w + 2 * b, h + 2 * b

    @property
    def label(self) -> str:
        return paper_label(self.paper)


def margin_needed(bleed: float, margin: float) -> float:
    """Room each side of the trim: the bleed, then a crop mark, then the printer margin."""
    _, mark = printer_limits()
    return bleed + mark + margin


def choose_sheet(
    width: float,
    height: float,
    bleed: float,
    margin: float,
    sheets: dict[str, Size] | None = None,
    *,
    turn_board: bool = False,
) -> LargeSheet:
    """The smallest of ``sheets`` (default: the print-shop sheets) that holds a ``width`` x
    ``height`` board whole: the page turned when needed, or with ``turn_board`` the page kept
    upright and the board turned."""
    need = 2 * margin_needed(bleed, margin)
    sheets = large_papers() if sheets is None else sheets
    for name, size in sheets.items():
        portrait, landscape = (min(size), max(size)), (max(size), min(size))
        if turn_board:  # (the page, the board's width and height on it, whether it is turned)
            ways = [(portrait, width, height, False), (portrait, height, width, True)]
        else:
            pages = (landscape, portrait) if width >= height else (portrait, landscape)
            ways = [(page, width, height, False) for page in pages]
        for (W, H), w, h, turned in ways:
            if w + need <= W + 1e-9 and h + need <= H + 1e-9:
                trim = ((W - w) / 2, (H - h) / 2, w, h)
                return LargeSheet(name, (W, H), trim, bleed, margin, turned)
    names = ", ".join(paper_label(n) for n in sheets)
    raise ValueError(f"a {width:g} x {height:g} mm board does not fit any large sheet ({names})")


def large_page(board: Drawing, sheet: LargeSheet, titles: tuple[str, str], n: int, total: int):
    """The board centred on the sheet, crop marks at its four cut lines, header and scale bars."""
    W, H = sheet.size
    x, y, w, h = sheet.trim
    b = sheet.bleed
    m = sheet.margin
    page = Drawing(W, H, id=f"large-{n}")
    if sheet.turned:  # the board's top faces the page's right edge
        clip = Rect(-b, -b, h + 2 * b, w + 2 * b)
        page.add(Group(tuple(board.items), dx=x + w, dy=y, clip=clip, rotate=90))
    else:
        page.add(Group(tuple(board.items), dx=x, dy=y, clip=Rect(-b, -b, w + 2 * b, h + 2 * b)))
    marks = []
    for cx in (x, x + w):
        marks.append(Line(cx, m, cx, y - b, INK, MARK_WIDTH))
        marks.append(Line(cx, y + h + b, cx, H - m, INK, MARK_WIDTH))
    for cy in (y, y + h):
        marks.append(Line(m, cy, x - b, cy, INK, MARK_WIDTH))
        marks.append(Line(x + w + b, cy, W - m, cy, INK, MARK_WIDTH))
    page.add(*marks)
    game, component = titles
    box = (x - b, y - b, x + w + b, y + h + b)
    margins = margins_around(W, H, m, box, marks)
    if sheet.paper in large_papers():
        label = f"{component} — single sheet, {sheet.label} (print shop)"
    else:
        label = f"{component} — one sheet, {sheet.label}" + (", turned" if sheet.turned else "")
    page.add(*header(margins, [game, label, f"page {n}/{total}"]))
    page.add(*scale_bar(margins, "trim at the crop marks"))
    page.frame = (box, marks)
    return page
