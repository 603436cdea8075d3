"""Sheets: items placed on pages with crop marks, a header, scale bars, and their backs.

Duplex (``duplex``): a fronts page is followed by its backs page (``long`` or ``short``), or all
backs pages come after all fronts pages (``none``). On a backs page every item sits where its
front will be after the paper is turned over: columns mirrored for a long-edge flip, rows for a
short-edge flip (and for ``none``, as for long edge, which also suits gluing fronts to backs).
The items and their crop marks are then shifted by ``back_offset`` to correct a printer's
misregistration. The layout leaves room for the shift (``SheetOptions.edges``), so the shifted
art and full crop marks stay outside the printer margin; marks are still clipped there should
anything reach it, and the header and scale bars keep to the room the shifted page leaves.

``fold`` puts fronts and backs on one page for a printer that prints one side only: the fronts
fill one half, each back the mirror place in the other half, with a dashed fold line between.
The sheet is folded on it and glued, and the cards cut out through both layers.

``sides`` keeps only the fronts or only the backs pages (for feeding the paper by hand).

Crop marks stand only on cut lines of items that are on the page, at both ends of each line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from portolan.generator.draw import Drawing, Group, Line, Rect
from portolan.generator.layout.furniture import (
    INK,
    MARK_WIDTH,
    Margins,
    header,
    margins_around,
    scale_bar,
)
from portolan.generator.layout.grid import Grid, solve_grid
from portolan.generator.layout.tiling import fits_page, plan_tiles, tile_pages
from portolan.sizes import fold_gap, printer_limits

DUPLEX = ("long", "short", "none", "fold")
SIDES = ("both", "fronts", "backs")
FOLD_INK = "#777777"


@dataclass(frozen=True)
class SheetOptions:
    paper: tuple[float, float]
    bleed: float = 3.0
    duplex: str = "long"  # long | short | none | fold
    back_offset: tuple[float, float] = (0.0, 0.0)
    margin: float = 5.0  # the printer margin: no ink closer to the paper's edge
    layout: str = "packed"  # packed | gutters (layout/grid.py)
    sides: str = "both"  # both | fronts | backs

    @property
    def mark(self) -> float:
        return printer_limits()[1]

    @property
    def edge(self) -> float:
        """Room from the paper's edge to the art: the printer margin and a crop mark."""
        return self.margin + self.mark

    @property
    def shift_room(self) -> tuple[float, float]:
        """How far a backs page moves across and down (``back_offset``, its size): a layout
        keeps that much more room at both ends of each axis, so that the shifted backs keep
        their art and full crop marks outside the printer margin. Fronts and backs of one
        sheet share the layout; a fold-in-half page is not shifted."""
        if self.duplex == "fold":
            return 0.0, 0.0
        return abs(self.back_offset[0]), abs(self.back_offset[1])

    @property
    def edges(self) -> tuple[float, float, float, float]:
        """Room (left, top, right, bottom) from the paper's edges to the art: ``edge`` and the
        ``shift_room`` of the back offset."""
        sx, sy = self.shift_room
        e = self.edge
        return e + sx, e + sy, e + sx, e + sy


@dataclass(frozen=True)
class Placed:
    """Where an item's trim box sits on a page (as laid: ``w`` x ``h`` on the page), how far
    its art may bleed on each side of the page, and whether it is turned a quarter turn
    clockwise (its top then faces the page's right edge)."""

    x: float
    y: float
    w: float
    h: float
    bleed_left: float
    bleed_top: float
    bleed_right: float
    bleed_bottom: float
    rotate: int = 0  # 0 or 90 for a front; a back also 180 or 270 (``mirrored``)
    row: int = 0
    col: int = 0


@dataclass(frozen=True)
class Item:
    front: Drawing
    back: Drawing | None = None


@dataclass(frozen=True)
class Fold:
    """A fold-in-half page: the fold line (``axis`` 'x': a vertical line at x = ``at``)."""

    axis: str
    at: float


def grid_for(opts: SheetOptions, item_w: float, item_h: float) -> tuple[Grid, Fold | None]:
    """The grid of items on a page (on its front half for ``fold``) and the fold, if any."""
    W, H = opts.paper
    e = opts.edge
    if opts.duplex != "fold":
        return solve_grid(W, H, item_w, item_h, opts.bleed, opts.edges, opts.layout), None
    gap = fold_gap()
    ways = []
    halves = (
        (Fold("x", W / 2), W / 2, H, (e, e, gap, e)),
        (Fold("y", H / 2), W, H / 2, (e, e, e, gap)),
    )
    for fold, w, h, margins in halves:
        try:
            grid = solve_grid(w, h, item_w, item_h, opts.bleed, margins, opts.layout)
        except ValueError:
            continue
        ways.append(((grid.per_page, round(grid.least_bleed, 6), fold.axis == "x"), grid, fold))
    if not ways:
        raise ValueError(
            f"an item {item_w:g} x {item_h:g} mm does not fit half a page: build it without "
            "--duplex fold"
        )
    _, grid, fold = max(ways, key=lambda w: w[0])
    return replace(grid, width=W, height=H), fold


def unfolded(opts: SheetOptions, item_w: float, item_h: float) -> SheetOptions:
    """``opts``, or for ``--duplex fold`` with items too large for half a page (a page-sized
    player aid), the same options without the fold: such items get fronts and backs on pages
    of their own (backs after all fronts), to glue back to back."""
    if opts.duplex != "fold":
        return opts
    try:
        grid_for(opts, item_w, item_h)
    except ValueError:
        return replace(opts, duplex="none")
    return opts


def slots(grid: Grid) -> list[Placed]:
    out = []
    cols, rows = grid.columns, grid.rows
    turn = 90 if grid.rotated else 0
    for r in range(rows.count):
        for c in range(cols.count):
            x, y = cols.position(c), rows.position(r)
            bl, br = cols.bleeds(c)
            bt, bb = rows.bleeds(r)
            out.append(Placed(x, y, cols.item, rows.item, bl, bt, br, bb, turn, r, c))
    return out


def mirrored(p: Placed, page: tuple[float, float], duplex: str) -> Placed:
    """The place of a back so that it lands behind its front once the sheet is turned (or
    folded): rows mirrored for a short-edge flip, columns otherwise. The back is turned so that
    the cut item, turned over like a book's page (about its own upright axis), reads the right
    way up, however the sheet went through: upright behind an upright front on a long-edge
    flip; half a turn on a short-edge flip (which turns the back page upside down); behind a
    front turned a quarter clockwise, a quarter anticlockwise on a long-edge flip."""
    if duplex == "short":
        return replace(
            p,
            y=page[1] - p.y - p.h,
            bleed_top=p.bleed_bottom,
            bleed_bottom=p.bleed_top,
            rotate=(180 - p.rotate) % 360,
        )
    return replace(
        p,
        x=page[0] - p.x - p.w,
        bleed_left=p.bleed_right,
        bleed_right=p.bleed_left,
        rotate=(360 - p.rotate) % 360,
    )


def place(drawing: Drawing, p: Placed) -> Group:
    """``drawing`` in the slot ``p``, its art clipped to the slot's bleeds. Turned a quarter
    clockwise (``rotate`` 90), the drawing's left edge faces the page's top and its top the
    page's right; each further quarter moves every edge on by one side."""
    k = p.rotate // 90
    # The drawing's own left, top, right and bottom bleeds, read from the slot's sides: at 0
    # left->left; at 90 (k=1) its left faces the slot's top, so it takes bleed_top; at 180 its
    # left takes bleed_right; at 270 bleed_bottom (the others follow round in the same order).
    sides = (p.bleed_left, p.bleed_top, p.bleed_right, p.bleed_bottom) * 2
    left, top, right, bottom = sides[k : k + 4]
    w, h = (p.h, p.w) if k % 2 else (p.w, p.h)
    clip = Rect(-left, -top, w + left + right, h + top + bottom)
    dx = p.x + p.w if k in (1, 2) else p.x
    dy = p.y + p.h if k in (2, 3) else p.y
    return Group(tuple(drawing.items), dx=dx, dy=dy, clip=clip, rotate=p.rotate)


def crop_marks(
    grid: Grid,
    margin: float,
    used: list[Placed] | None = None,
    sides: str = "ltrb",
) -> list[Line]:
    """A mark at both ends of every cut line of the ``used`` slots (default: all), in the
    margins on ``sides`` (l, t, r, b): from the printer margin to the art's outer bleed."""
    cols, rows = grid.columns, grid.rows
    used = slots(grid) if used is None else used
    ends_y = (("t", margin, rows.art_start), ("b", rows.art_end, grid.height - margin))
    ends_x = (("l", margin, cols.art_start), ("r", cols.art_end, grid.width - margin))
    marks = []
    for x in cols.lines_of(p.col for p in used):
        marks += [Line(x, y0, x, y1, INK, MARK_WIDTH) for s, y0, y1 in ends_y if s in sides]
    for y in rows.lines_of(p.row for p in used):
        marks += [Line(x0, y, x1, y, INK, MARK_WIDTH) for s, x0, x1 in ends_x if s in sides]
    return marks


def art_box(grid: Grid) -> tuple[float, float, float, float]:
    cols, rows = grid.columns, grid.rows
    return cols.art_start, rows.art_start, cols.art_end, rows.art_end


def mirror_line(ln: Line, page: tuple[float, float], duplex: str) -> Line:
    if duplex == "short":
        H = page[1]
        return replace(ln, y1=H - ln.y1, y2=H - ln.y2)
    W = page[0]
    return replace(ln, x1=W - ln.x1, x2=W - ln.x2)


def mirror_box(box, page: tuple[float, float], duplex: str):
    x0, y0, x1, y1 = box
    if duplex == "short":
        return x0, page[1] - y1, x1, page[1] - y0
    return page[0] - x1, y0, page[0] - x0, y1


def bleed_given(grid: Grid, bleed: float) -> tuple[str, str]:
    """(short, long) statements of the bleed the items actually get on this grid; the long
    one is '' when every edge gets the bleed asked for."""
    cols, rows = grid.columns, grid.rows
    if bleed == 0:
        return "", ""
    inner_axes = [a for a in (cols, rows) if a.count > 1]
    outer = sorted({cols.outer_bleed, rows.outer_bleed})
    inner = sorted({a.inner_bleed for a in inner_axes})
    if set(outer) | set(inner) == {bleed}:
        return f"bleed {_mm(bleed)} mm all round", ""
    short = f"bleed {'–'.join(_mm(v) for v in outer)} mm outside"
    if inner:
        short += f", {'–'.join(_mm(v) for v in inner)} between"
    given = []
    if cols.outer_bleed == rows.outer_bleed:
        given.append(f"{_mm(cols.outer_bleed)} mm at the outer edges")
    else:
        given.append(f"{_mm(cols.outer_bleed)} mm at the left and right")
        given.append(f"{_mm(rows.outer_bleed)} mm at the top and bottom")
    if len(inner) == 1:
        shared = " (neighbours share one cut line)" if inner[0] == 0 else ""
        given.append(f"{_mm(inner[0])} mm between items{shared}")
    elif inner:
        given.append(f"{_mm(cols.inner_bleed)} mm between columns")
        given.append(f"{_mm(rows.inner_bleed)} mm between rows")
    fit = "it fits the page" if grid.per_page == 1 else f"{grid.per_page} fit a page"
    long = f"bleed {_mm(bleed)} mm asked; given {', '.join(given)}, so that {fit}"
    return short, long


def _mm(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def compose(
    items: list[Item],
    opts: SheetOptions,
    titles: tuple[str, str],
    *,
    overlap: float = 12.0,
    diagram: bool = True,
    lead_pages: int = 0,
    notes: list[str] | None = None,
) -> list[Drawing]:
    """All pages for ``items`` (all the same size): fronts, and backs where items have them.

    Items too large for one page with crop marks (a big board) are printed in tiles that
    overlap by ``overlap`` mm, ``diagram`` adding a map of the tiles (``layout/tiling.py``);
    their pages are numbered after ``lead_pages`` pages the caller puts in front (an assembly
    map, ``layout/assembly.py``). What the layout could not give (less bleed than asked) is
    said in the header and, in full, appended to ``notes``.
    """
    if not items:
        return []
    first = items[0].front
    has_backs = any(it.back is not None for it in items)
    if not fits_page(first.width, first.height, opts.paper, opts.margin):
        if has_backs:
            raise ValueError("an item with a back is too large for the page and cannot be tiled")
        if opts.sides == "backs":
            return []
        return _tiled(items, opts, titles, overlap, diagram, lead_pages)
    flat = unfolded(opts, first.width, first.height)
    if flat is not opts:
        if notes is not None and has_backs:
            notes.append(
                f"{first.width:g} x {first.height:g} mm is too large to fold on half a page: "
                "fronts and backs are on pages of their own; print them one-sided and glue each "
                "back behind its front"
            )
        opts = flat
    if not has_backs:  # nothing is shifted: no room kept for it
        opts = replace(opts, back_offset=(0.0, 0.0))
    grid, fold = grid_for(opts, first.width, first.height)
    short, long = bleed_given(grid, opts.bleed)
    if long and notes is not None:
        notes.append(long + _alternative(opts))
    fronts, backs = _grid_pages(items, opts, grid, fold)  # no backs pages with a fold
    folded = fold is not None and has_backs
    note = "fold on the dashed line, glue, then cut" if folded else "cut along the crop marks"
    return assemble(
        fronts, backs if has_backs else [], opts, titles, note, bleed=short, folded=folded
    )


def _tiled(
    items: list[Item],
    opts: SheetOptions,
    titles: tuple[str, str],
    overlap: float,
    diagram: bool,
    lead_pages: int,
) -> list[Drawing]:
    """Items too large for a page, each printed in overlapping tiles (``layout/tiling.py``),
    their pages numbered after ``lead_pages``."""
    first = items[0].front
    plan = plan_tiles(first.width, first.height, first.bleed, overlap, opts.paper, opts.margin)
    total = plan.count * len(items) + lead_pages
    pages: list[Drawing] = []
    for it in items:
        pages += tile_pages(
            it.front,
            plan,
            titles,
            diagram=diagram,
            first=lead_pages + len(pages) + 1,
            total=total,
        )
    return pages


def _grid_pages(
    items: list[Item], opts: SheetOptions, grid: Grid, fold: Fold | None
) -> tuple[list[Drawing], list[Drawing]]:
    """The items placed on ``grid``'s slots, page after page, with crop marks: (fronts, backs);
    with a ``fold``, each back at the mirror place of the same page and no back pages."""
    places = slots(grid)
    per_page = len(places)
    W, H = opts.paper
    fronts: list[Drawing] = []
    backs: list[Drawing] = []
    # Every full page uses the same slots: its marks and its backs' places are made once
    # (by the number of slots used), not again for each of a large deck's pages.
    frames: dict[int, tuple[list[Line], list[Line], list[Placed]]] = {}
    flip = ("long" if fold.axis == "x" else "short") if fold is not None else opts.duplex

    def frame(used: list[Placed]) -> tuple[list[Line], list[Line], list[Placed]]:
        if len(used) not in frames:
            sides = ("ltb" if fold.axis == "x" else "ltr") if fold is not None else "ltrb"
            marks = crop_marks(grid, opts.margin, used, sides)
            frames[len(used)] = (
                marks,
                [mirror_line(m, opts.paper, flip) for m in marks],
                [mirrored(p, opts.paper, flip) for p in used],
            )
        return frames[len(used)]

    for k in range(0, len(items), per_page):
        chunk = items[k : k + per_page]
        used = places[: len(chunk)]
        n = len(fronts) + 1
        marks, mirror_marks, back_places = frame(used)
        if fold is not None:
            marks = marks + mirror_marks
        page = Drawing(W, H, id=f"page-{n}", items=list(marks))
        back = page if fold else Drawing(W, H, id=f"back-{n}", items=list(mirror_marks))
        for it, p, q in zip(chunk, used, back_places, strict=True):
            page.add(place(it.front, p))
            if it.back is not None:
                back.add(place(it.back, q))
        fronts.append(page)
        if fold is None:
            page.frame = (art_box(grid), marks)
            back.frame = (mirror_box(art_box(grid), opts.paper, flip), mirror_marks)
            backs.append(back)
            continue
        fold_line = _fold_line(fold, opts)
        page.add(fold_line)
        a, b = art_box(grid), mirror_box(art_box(grid), opts.paper, flip)
        box = min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])
        page.frame = (box, [*marks, fold_line])
    return fronts, backs


def _alternative(opts: SheetOptions) -> str:
    if opts.layout == "packed":
        return "; --layout gutters gives every edge its full bleed (fewer to a page)"
    return "; not even one fits with its full bleed (a smaller --bleed or larger paper would)"


def _fold_line(fold: Fold, opts: SheetOptions) -> Line:
    W, H = opts.paper
    m = opts.margin
    if fold.axis == "x":
        return Line(fold.at, m, fold.at, H - m, FOLD_INK, 0.3, dash=(3.0, 1.5))
    return Line(m, fold.at, W - m, fold.at, FOLD_INK, 0.3, dash=(3.0, 1.5))


def clip_line(ln: Line, lo_x: float, lo_y: float, hi_x: float, hi_y: float) -> Line | None:
    """An axis-parallel line cut to the box; None when nothing of it is left."""
    x1, x2 = sorted((ln.x1, ln.x2))
    y1, y2 = sorted((ln.y1, ln.y2))
    x1, x2 = max(x1, lo_x), min(x2, hi_x)
    y1, y2 = max(y1, lo_y), min(y2, hi_y)
    if x1 > x2 + 1e-9 or y1 > y2 + 1e-9 or (x2 - x1 < 0.3 and y2 - y1 < 0.3):
        return None
    return replace(ln, x1=x1, y1=y1, x2=x2, y2=y2)


def shift_back(page: Drawing, opts: SheetOptions) -> None:
    """Move a backs page's items by the back offset; its crop marks move too, shortened to stay
    inside the printer margin (its frame is updated to match)."""
    dx, dy = opts.back_offset
    if (dx, dy) == (0.0, 0.0):
        return
    W, H = opts.paper
    m = opts.margin
    box, marks = page.frame
    moved = []
    for ln in marks:
        shifted = replace(ln, x1=ln.x1 + dx, x2=ln.x2 + dx, y1=ln.y1 + dy, y2=ln.y2 + dy)
        kept = clip_line(shifted, m, m, W - m, H - m)
        if kept is not None:
            moved.append(kept)
    mark_ids = {id(ln) for ln in marks}
    others = [it for it in page.items if id(it) not in mark_ids]
    page.items = [Group(tuple(others), dx=dx, dy=dy), *moved]
    x0, y0, x1, y1 = box
    page.frame = ((x0 + dx, y0 + dy, x1 + dx, y1 + dy), moved)


def assemble(
    fronts: list[Drawing],
    backs: list[Drawing],
    opts: SheetOptions,
    titles: tuple[str, str],
    cut_note: str,
    *,
    bleed: str = "",
    folded: bool = False,
) -> list[Drawing]:
    """Order fronts and backs for the duplex mode and the sides asked for, shift the backs, and
    add the header and scale bars, which keep clear of each page's ``frame`` (its art and
    crop marks)."""
    has_backs = bool(backs)
    order: list[tuple[Drawing, str]] = []
    if has_backs and opts.duplex not in ("none", "fold"):
        for f, b in zip(fronts, backs, strict=True):
            order += [(f, "fronts"), (b, "backs")]
    else:
        order = [(f, "fronts") for f in fronts] + [(b, "backs") for b in backs]
    if has_backs and opts.sides != "both":
        order = [(p, side) for p, side in order if side == opts.sides]
    elif not has_backs and opts.sides == "backs":
        order = []
    game, component = titles
    note = cut_note
    if has_backs and not folded:  # with --duplex fold, backs are always folded
        edge = "short" if opts.duplex == "short" else "long"
        if opts.sides != "both":
            note = f"{opts.sides} only: feed the sheets back turned over on their {edge} edge"
        elif opts.duplex == "none":
            note = "backs follow at the end"
        else:
            note = f"duplex: flip on the {edge} edge"
    pages = []
    # Pages of one grid have the same art box and marks, so the same free bands and scale bar:
    # worked out once per frame (a deck of 1,000 copies has over 200 pages).
    furniture: dict[tuple, tuple[Margins, list]] = {}
    for n, (page, side) in enumerate(order, start=1):
        if side == "backs":
            shift_back(page, opts)
        box, marks = page.frame
        frame = (box, tuple(marks))
        if frame not in furniture:
            m = margins_around(*opts.paper, opts.margin, box, marks)
            furniture[frame] = (m, scale_bar(m, note))
        m, bar = furniture[frame]
        side_label = f"{component} — {'fronts and backs' if folded else side}"
        parts = [game, side_label if (has_backs or folded) else component]
        if bleed:
            parts.append(bleed)
        parts.append(f"page {n}/{len(order)}")
        page.items = page.items + header(m, parts) + bar
        pages.append(page)
    return pages
