"""Boards larger than the printable area, printed as tiles that overlap and are glued together.

The board (with its bleed) is cut into ``rows`` x ``cols`` equal windows; neighbouring windows
share exactly ``overlap`` mm of the board. Tiles are named by row letter and column number
(A1 is top left). Assembly, as printed on each page:

- a tile with a neighbour to its left (or above) is cut along the left (top) edge of its
  picture, marked by cut marks in the margin, and laid over that neighbour;
- the strip a neighbour covers is hatched and bounded by a dashed line: the cut edge of the
  tile on top goes exactly on that line;
- short ticks stand on that dashed line and registration targets in the middle of the strip,
  all inside the strip, so nothing of them shows once the neighbour is glued over it (the
  part of a tile that stays visible carries no mark at all);
- the outer edges of the board are cut at crop marks, as on any other sheet.

A tile page carries only the board's items that reach its window (plain shapes and text are
culled by their extent; groups are always kept), so a large board is not drawn whole on every
page. Each page names its tile in the header ("tile A2, row 1 of 2, column 2 of 3") and, when asked,
shows a small map of the tiles with its own filled in, at the left of the bottom margin.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from portolan.generator.draw import Circle, Drawing, Group, Line, Path, Rect, Text
from portolan.generator.fonts import PT, fit_size, width_mm
from portolan.generator.layout.furniture import MARK_WIDTH, hatch, header, margins_around, scale_bar
from portolan.generator.legibility import FURNITURE
from portolan.sizes import printer_limits

BAND = 7.0  # header and footer bands, as on counter sheets
INK = "#000000"
HATCH = "#9a9a9a"
TICK_STEP = 45.0  # mm between alignment ticks along a seam
TICK = 3.0  # length of a tick on each side of a seam


@dataclass(frozen=True)
class TilePlan:
    """How a ``width`` x ``height`` board (plus ``bleed``) is split over pages of size ``page``.

    Board coordinates have their origin at the board's top-left trim corner; a tile's window
    starts at (``x0(c)``, ``y0(r)``) and is ``tile_w`` x ``tile_h``; on the page that window's
    top-left corner is at (``left``, ``top``).
    """

    width: float
    height: float
    bleed: float
    overlap: float
    cols: int
    rows: int
    tile_w: float
    tile_h: float
    page: tuple[float, float]
    left: float
    top: float
    margin: float = 5.0  # the printer margin

    @property
    def count(self) -> int:
        return self.rows * self.cols

    def x0(self, c: int) -> float:
        return -self.bleed + c * (self.tile_w - self.overlap)

    def y0(self, r: int) -> float:
        return -self.bleed + r * (self.tile_h - self.overlap)

    def name(self, r: int, c: int) -> str:
        return f"{chr(ord('A') + r)}{c + 1}"

    def to_page(self, r: int, c: int, x: float, y: float) -> tuple[float, float]:
        """Where the board point (x, y) is printed on the page of tile (r, c)."""
        return self.left + x - self.x0(c), self.top + y - self.y0(r)

    def seams_x(self) -> list[float]:
        """Board x of each vertical seam: where the left edge of column c > 0 lies."""
        return [self.x0(c) for c in range(1, self.cols)]

    def seams_y(self) -> list[float]:
        return [self.y0(r) for r in range(1, self.rows)]


def _split(full: float, avail: float, overlap: float, what: str) -> tuple[int, float]:
    if avail <= overlap + 10:
        raise ValueError(f"the page leaves {avail:.0f} mm for a tile's {what}: too little to tile")
    n = 1
    while (full + (n - 1) * overlap) / n > avail + 1e-9:
        n += 1
    return n, (full + (n - 1) * overlap) / n


def fits_page(width: float, height: float, paper: tuple[float, float], margin: float) -> bool:
    """Whether a board this size fits one page with its crop marks, either way up (no tiling
    needed): ``margin`` is the printer margin."""
    _, mark = printer_limits()
    W, H = paper[0] - 2 * (margin + mark), paper[1] - 2 * (margin + mark)
    return (width <= W + 1e-9 and height <= H + 1e-9) or (height <= W + 1e-9 and width <= H + 1e-9)


def plan_tiles(
    width: float,
    height: float,
    bleed: float,
    overlap: float,
    paper: tuple[float, float],
    margin: float,
) -> TilePlan:
    """The fewest equal tiles, overlapping by exactly ``overlap``, that fit the printable area
    (inside the crop-mark margins at the sides and the header and footer bands)."""
    _, mark = printer_limits()
    W, H = paper
    side = margin + mark
    avail_w = W - 2 * side
    avail_h = H - 2 * (margin + BAND)
    cols, tile_w = _split(width + 2 * bleed, avail_w, overlap, "width")
    rows, tile_h = _split(height + 2 * bleed, avail_h, overlap, "height")
    left = (W - tile_w) / 2
    top = margin + BAND + (avail_h - tile_h) / 2
    return TilePlan(
        width, height, bleed, overlap, cols, rows, tile_w, tile_h, (W, H), left, top, margin
    )


def _extent(item) -> tuple[float, float, float, float] | None:
    """A box around a plain item in board mm (text generously), or None when unknown."""
    if isinstance(item, Rect):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Line):
        return (
            min(item.x1, item.x2),
            min(item.y1, item.y2),
            max(item.x1, item.x2),
            max(item.y1, item.y2),
        )
    if isinstance(item, Circle):
        return item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r
    if isinstance(item, Path):
        pts = [(cmd[i], cmd[i + 1]) for cmd in item.commands for i in range(1, len(cmd) - 1, 2)]
        if not pts:
            return None
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(item, Text) and not item.rotate:
        reach = len(item.text) * item.size * PT  # wider than any glyph run, either side
        return item.x - reach, item.y - item.size * PT, item.x + reach, item.y + item.size * PT
    return None


def _meets(box, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether an item with the extent ``box`` (``_extent``) may show in the window (x0, y0)-(x1,
    y1): tiles skip the rest, so a large board is not drawn whole on every page."""
    if box is None:
        return True
    margin = 1.0  # stroke widths
    return not (
        box[2] < x0 - margin or box[0] > x1 + margin or box[3] < y0 - margin or box[1] > y1 + margin
    )


def _ticks(span: tuple[float, float]) -> list[float]:
    """Positions along a seam (board mm) for alignment ticks, evenly spread inside ``span``."""
    lo, hi = span
    n = max(2, int((hi - lo) // TICK_STEP))
    return [lo + (hi - lo) * (k + 0.5) / n for k in range(n)]


def _target(x: float, y: float, strip: float) -> list:
    """A registration target that stays inside a strip ``strip`` mm wide."""
    arm = min(3.2, strip / 2 - 0.4)
    return [
        Circle(x, y, arm * 0.7, stroke=INK, width=MARK_WIDTH),
        Line(x - arm, y, x + arm, y, INK, MARK_WIDTH),
        Line(x, y - arm, x, y + arm, INK, MARK_WIDTH),
    ]


def _backing(cx: float, cy: float, label: str, size: float, upright: bool) -> Rect:
    """A white patch behind a strip's label, so it reads on any art."""
    length = width_mm(label, "bold", size) + 2.0
    depth = size * PT * 1.3
    if upright:
        return Rect(cx - length / 2, cy - depth / 2, length, depth, fill="#ffffff", radius=0.6)
    return Rect(cx - depth / 2, cy - length / 2, depth, length, fill="#ffffff", radius=0.6)


def tile_page(
    board: Drawing, plan: TilePlan, r: int, c: int, extents: list
) -> tuple[Drawing, list[Line]]:
    """The page of tile (r, c): its window of the board and every assembly mark. Returns the
    page and the cut marks in its margins. ``extents``: each item's ``_extent``, found once
    for every tile (a board of a thousand items on a dozen tiles)."""
    W, H = plan.page
    unprintable = plan.margin
    x0, y0 = plan.x0(c), plan.y0(r)
    tw, th = plan.tile_w, plan.tile_h
    left, top = plan.left, plan.top
    right, bottom = left + tw, top + th
    page = Drawing(W, H, id=f"tile-{plan.name(r, c)}")
    shown = tuple(
        it
        for it, box in zip(board.items, extents, strict=True)
        if _meets(box, x0, y0, x0 + tw, y0 + th)
    )
    page.add(Group(shown, dx=left - x0, dy=top - y0, clip=Rect(x0, y0, tw, th)))
    marks: list = []

    # Outer edges: crop marks on the trim lines, in the margins.
    for bx in ([0.0] if c == 0 else []) + ([plan.width] if c == plan.cols - 1 else []):
        px = left + bx - x0
        marks.append(Line(px, unprintable, px, top, INK, MARK_WIDTH))
        marks.append(Line(px, bottom, px, H - unprintable, INK, MARK_WIDTH))
    for by in ([0.0] if r == 0 else []) + ([plan.height] if r == plan.rows - 1 else []):
        py = top + by - y0
        marks.append(Line(unprintable, py, left, py, INK, MARK_WIDTH))
        marks.append(Line(right, py, W - unprintable, py, INK, MARK_WIDTH))

    # Left / top edges with a neighbour: this tile goes on top; cut along the picture's edge.
    if c > 0:
        marks.append(Line(left, unprintable, left, top, INK, MARK_WIDTH))
        marks.append(Line(left, bottom, left, H - unprintable, INK, MARK_WIDTH))
    if r > 0:
        marks.append(Line(unprintable, top, left, top, INK, MARK_WIDTH))
        marks.append(Line(right, top, W - unprintable, top, INK, MARK_WIDTH))

    cut_marks = list(marks)
    marks += _glue_strips(plan, r, c)
    marks += _seam_marks(plan, r, c)
    page.add(*marks)
    return page, cut_marks


def _glue_strips(plan: TilePlan, r: int, c: int) -> list:
    """The right / bottom strips of tile (r, c) that a neighbour covers: hatched, edged with a
    dashed line, named after the tile glued over them."""
    left, top, tw, th, o = plan.left, plan.top, plan.tile_w, plan.tile_h, plan.overlap
    right, bottom = left + tw, top + th
    marks: list = []
    if c < plan.cols - 1:
        sx = right - o
        label = f"GLUE UNDER {plan.name(r, c + 1)}"
        line = (sx, top, sx, bottom)
        marks += _glue_strip((sx, top, o, th), line, (sx + o / 2, top + th / 2), th, label, False)
    if r < plan.rows - 1:
        sy = bottom - o
        label = f"GLUE UNDER {plan.name(r + 1, c)}"
        line = (left, sy, right, sy)
        marks += _glue_strip((left, sy, tw, o), line, (left + tw / 2, sy + o / 2), tw, label, True)
    return marks


def _glue_strip(box, line, centre, length: float, label: str, upright: bool) -> list:
    """One strip: hatched ``box``, the dashed ``line`` along its edge and ``label`` at its
    ``centre`` (upright on a bottom strip, turned on a right one), sized to its ``length``."""
    cx, cy = centre
    size = fit_size(label, "bold", 6.5, length * 0.3, FURNITURE)
    lift = size * PT * 0.36  # the baseline below the middle of the strip
    text = (
        Text(cx, cy + lift, label, size, "bold", INK, "middle")
        if upright
        else Text(cx + lift, cy, label, size, "bold", INK, "middle", 90)
    )
    return [
        hatch(*box, step=3.0, colour=HATCH, width=0.2),
        Line(*line, INK, MARK_WIDTH, dash=(1.5, 1.0)),
        _backing(cx, cy, label, size, upright=upright),
        text,
    ]


def _seam_marks(plan: TilePlan, r: int, c: int) -> list:
    """Ticks on the dashed line and targets in the middle of each strip a neighbour covers, at
    the same board positions on every tile of the seam; nothing on the part that stays seen."""
    x0, y0 = plan.x0(c), plan.y0(r)
    left, top, tw, th, o = plan.left, plan.top, plan.tile_w, plan.tile_h, plan.overlap
    right, bottom = left + tw, top + th
    marks: list = []
    y_span = (max(y0, 0.0) + 4, min(y0 + th, plan.height) - 4)
    x_span = (max(x0, 0.0) + 4, min(x0 + tw, plan.width) - 4)
    reach = min(TICK, o / 2 - 0.5)
    if c < plan.cols - 1:
        px = right - o
        for by in _ticks(y_span):
            py = top + by - y0
            marks.append(Line(px, py, px + reach, py, INK, MARK_WIDTH))
        for by in _ticks(y_span)[:: max(1, len(_ticks(y_span)) - 1)]:
            marks += _target(px + o / 2, top + by - y0, o)
    if r < plan.rows - 1:
        py = bottom - o
        for bx in _ticks(x_span):
            px = left + bx - x0
            marks.append(Line(px, py, px, py + reach, INK, MARK_WIDTH))
        for bx in _ticks(x_span)[:: max(1, len(_ticks(x_span)) - 1)]:
            marks += _target(left + bx - x0, py + o / 2, o)
    return marks


def _diagram(plan: TilePlan, r: int, c: int, band: tuple[float, float], x: float) -> list:
    """A small map of the tiles with tile (r, c) filled in, starting at x in the band."""
    y0, y1 = band
    cell = min(3.2, (y1 - y0 - 0.6) / plan.rows)
    cw = cell * plan.tile_w / plan.tile_h
    top = (y0 + y1) / 2 - cell * plan.rows / 2
    return [
        Rect(
            x + cc * cw,
            top + rr * cell,
            cw,
            cell,
            fill="#333333" if (rr, cc) == (r, c) else "#ffffff",
            stroke="#333333",
            width=0.15,
        )
        for rr in range(plan.rows)
        for cc in range(plan.cols)
    ]


def tile_pages(
    board: Drawing,
    plan: TilePlan,
    titles: tuple[str, str],
    *,
    diagram: bool = True,
    first: int = 1,
    total: int | None = None,
) -> list[Drawing]:
    """Every page of one board, row by row, each with its header, scale bar and tile map."""
    W, H = plan.page
    game, component = titles
    total = total or plan.count
    pages = []
    n = first
    box = (plan.left, plan.top, plan.left + plan.tile_w, plan.top + plan.tile_h)
    extents = [_extent(it) for it in board.items]
    for r in range(plan.rows):
        for c in range(plan.cols):
            page, cut_marks = tile_page(board, plan, r, c, extents)
            margins = margins_around(W, H, plan.margin, box, cut_marks)
            label = (
                f"{component} — tile {plan.name(r, c)} "
                f"(row {r + 1} of {plan.rows}, column {c + 1} of {plan.cols})"
            )
            page.add(*header(margins, [game, label, f"page {n}/{total}"]))
            note = "cut left and top picture edges; lay them on the dashed lines"
            intervals = list(margins.below)
            if diagram and intervals:
                k = max(range(len(intervals)), key=lambda i: intervals[i][1] - intervals[i][0])
                lo, hi = intervals[k]
                items = _diagram(plan, r, c, margins.bottom, lo)
                page.add(*items)
                intervals[k] = (max(i.x + i.w for i in items) + 2.0, hi)
            page.add(*scale_bar(replace(margins, bottom_intervals=tuple(intervals)), note))
            page.frame = (box, cut_marks)
            pages.append(page)
            n += 1
    return pages
