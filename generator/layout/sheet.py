"""Sheets: items placed on pages with crop marks, a header, a scale bar, and duplex backs.

A fronts page is followed by its backs page (``duplex`` long or short), or all backs pages
come after all fronts pages (``none``). On a backs page every item sits where its front will
be after the paper is turned over: columns mirrored for a long-edge flip, rows for a short-edge
flip (and for ``none``, as for long edge, which also suits gluing fronts to backs). The whole
backs page is then shifted by ``back_offset`` to correct a printer's misregistration.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from generator.draw import Drawing, Group, Line, Rect, Text
from generator.fonts import PT, fit_size, width_mm
from generator.layout.grid import Grid, solve_grid
from portolan.sizes import printer_limits

MARK_WIDTH = 0.25
MARK_CLEARANCE = 1.2  # between a crop mark and header text
SCALE_BAR = 50.0
INK = "#000000"


@dataclass(frozen=True)
class SheetOptions:
    paper: tuple[float, float]
    paper_name: str
    bleed: float = 3.0
    duplex: str = "long"  # long | short | none
    back_offset: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Placed:
    """Where an item's trim box sits on a page, and how far its art may bleed on each side."""

    x: float
    y: float
    w: float
    h: float
    bleed_left: float
    bleed_top: float
    bleed_right: float
    bleed_bottom: float


@dataclass(frozen=True)
class Item:
    front: Drawing
    back: Drawing | None = None


def grid_for(opts: SheetOptions, item_w: float, item_h: float) -> Grid:
    unprintable, mark = printer_limits()
    return solve_grid(*opts.paper, item_w, item_h, opts.bleed, unprintable, mark)


def slots(grid: Grid) -> list[Placed]:
    out = []
    cols, rows = grid.columns, grid.rows
    for r in range(rows.count):
        for c in range(cols.count):
            bl, br = cols.bleeds(c)
            bt, bb = rows.bleeds(r)
            out.append(
                Placed(cols.position(c), rows.position(r), cols.item, rows.item, bl, bt, br, bb)
            )
    return out


def mirrored(p: Placed, page: tuple[float, float], duplex: str) -> Placed:
    """The place of a back so that it lands behind its front once the sheet is turned."""
    if duplex == "short":
        return Placed(
            p.x,
            page[1] - p.y - p.h,
            p.w,
            p.h,
            p.bleed_left,
            p.bleed_bottom,
            p.bleed_right,
            p.bleed_top,
        )
    return Placed(
        page[0] - p.x - p.w,
        p.y,
        p.w,
        p.h,
        p.bleed_right,
        p.bleed_top,
        p.bleed_left,
        p.bleed_bottom,
    )


def place(drawing: Drawing, p: Placed) -> Group:
    clip = Rect(
        -p.bleed_left,
        -p.bleed_top,
        p.w + p.bleed_left + p.bleed_right,
        p.h + p.bleed_top + p.bleed_bottom,
    )
    return Group(tuple(drawing.items), dx=p.x, dy=p.y, clip=clip)


def crop_marks(grid: Grid) -> list[Line]:
    """A mark on every cut line, in the margins: from the printable edge to the outer bleed."""
    unprintable, _ = printer_limits()
    cols, rows = grid.columns, grid.rows
    marks = []
    top_end = rows.start - rows.outer_bleed
    bottom_start = rows.end + rows.outer_bleed
    for x in cols.trim_lines():
        marks.append(Line(x, unprintable, x, top_end, INK, MARK_WIDTH))
        marks.append(Line(x, bottom_start, x, grid.height - unprintable, INK, MARK_WIDTH))
    left_end = cols.start - cols.outer_bleed
    right_start = cols.end + cols.outer_bleed
    for y in rows.trim_lines():
        marks.append(Line(unprintable, y, left_end, y, INK, MARK_WIDTH))
        marks.append(Line(right_start, y, grid.width - unprintable, y, INK, MARK_WIDTH))
    return marks


@dataclass(frozen=True)
class Margins:
    """The free top and bottom bands of a page, and the stretches of them between crop marks."""

    width: float
    top: tuple[float, float]
    bottom: tuple[float, float]
    intervals: tuple[tuple[float, float], ...]


def free_intervals(width: float, cuts: list[float]) -> tuple[tuple[float, float], ...]:
    """Stretches of a margin band between the vertical cut lines that cross it."""
    unprintable, _ = printer_limits()
    edges = [unprintable - MARK_CLEARANCE, *cuts, width - unprintable + MARK_CLEARANCE]
    out = []
    for a, b in itertools.pairwise(edges):
        lo, hi = a + MARK_CLEARANCE, b - MARK_CLEARANCE
        if hi - lo > 0:
            out.append((lo, hi))
    return tuple(out)


def margins_of(grid: Grid) -> Margins:
    unprintable, _ = printer_limits()
    rows = grid.rows
    return Margins(
        grid.width,
        (unprintable, rows.start - rows.outer_bleed),
        (rows.end + rows.outer_bleed, grid.height - unprintable),
        free_intervals(grid.width, grid.columns.trim_lines()),
    )


def _text_in(
    lo: float,
    hi: float,
    band: tuple[float, float],
    text: str,
    align: str,
    max_pt: float = 7.0,
    face: str = "regular",
) -> Text:
    y0, y1 = band
    size = min(max_pt, (y1 - y0) * 0.62 / PT)
    size = fit_size(text, face, size, hi - lo, 3.5)
    baseline = (y0 + y1) / 2 + size * PT * 0.36
    x, anchor = {"left": (lo, "start"), "centre": ((lo + hi) / 2, "middle"), "right": (hi, "end")}[
        align
    ]
    return Text(x, baseline, text, size, face, "#333333", anchor)


def header(m: Margins, parts: list[str]) -> list[Text]:
    """Game, component and page, in the top margin between the crop marks."""
    band = m.top
    usable = [iv for iv in m.intervals if iv[1] - iv[0] >= 12]
    if not usable:
        return []
    if len(usable) >= 3 and len(parts) == 3:
        return [
            _text_in(*usable[0], band, parts[0], "left", face="bold"),
            _text_in(*usable[len(usable) // 2], band, parts[1], "centre"),
            _text_in(*usable[-1], band, parts[2], "right"),
        ]
    widest = max(usable, key=lambda iv: iv[1] - iv[0])
    return [_text_in(*widest, band, " · ".join(parts), "centre")]


def scale_bar(m: Margins, note: str) -> list:
    """A 50 mm bar in the bottom margin with 'print at 100 %', to check the printer's scale.

    The bar goes in the free stretch nearest the page centre; its label goes beside it in the
    same stretch when there is room, otherwise in the stretch to its left.
    """
    y0, y1 = m.bottom
    band = (y0, y1)
    intervals = m.intervals
    centre = m.width / 2
    fitting = [iv for iv in intervals if iv[1] - iv[0] >= SCALE_BAR]
    if not fitting:
        return []
    lo, hi = min(fitting, key=lambda iv: abs((iv[0] + iv[1]) / 2 - centre))
    bar_h = min(1.2, (y1 - y0) * 0.4)
    label = "Print at 100 % (no scaling): this bar is 50 mm"
    label_w = width_mm(label, "regular", 6.0)
    note_w = width_mm(note, "regular", 6.0)
    spare = (hi - lo) - SCALE_BAR
    inside = spare >= label_w + 3
    x0 = (
        max(lo + label_w + 3, (lo + hi) / 2 - SCALE_BAR / 2)
        if inside
        else ((lo + hi) / 2 - SCALE_BAR / 2)
    )
    by = (y0 + y1) / 2 - bar_h / 2
    items: list = [Rect(x0, by, SCALE_BAR, bar_h, stroke=INK, width=0.15)]
    for k in range(0, 5, 2):
        items.append(Rect(x0 + k * 10, by, 10, bar_h, fill=INK))
    left = [iv for iv in intervals if iv[1] <= lo and iv[1] - iv[0] >= 20]
    if inside:
        items.append(_text_in(lo, x0 - 2, band, label, "right", 6.0))
    elif left:
        items.append(_text_in(*left[-1], band, label, "right", 6.0))
    elif x0 - lo > 9:
        items.append(_text_in(lo, x0 - 1, band, "100 %", "right", 6.0))
    right = [iv for iv in intervals if iv[0] >= hi and iv[1] - iv[0] >= 20]
    if note and hi - (x0 + SCALE_BAR) >= note_w + 3:
        items.append(_text_in(x0 + SCALE_BAR + 2, hi, band, note, "left", 6.0))
    elif note and right:
        items.append(_text_in(*right[0], band, note, "left", 6.0))
    return items


def compose(
    items: list[Item],
    opts: SheetOptions,
    titles: tuple[str, str],
    *,
    overlap: float = 12.0,
    diagram: bool = True,
    lead_pages: int = 0,
) -> list[Drawing]:
    """All pages for ``items`` (all the same size): fronts, and backs where items have them.

    Items too large for one page with crop marks (a big board) are printed in tiles that
    overlap by ``overlap`` mm, ``diagram`` adding a map of the tiles (``layout/tiling.py``);
    their pages are numbered after ``lead_pages`` pages the caller puts in front (an assembly
    map, ``layout/assembly.py``).
    """
    if not items:
        return []
    first = items[0].front
    from generator.layout.tiling import fits_page, plan_tiles, tile_pages

    if not fits_page(first.width, first.height, opts.paper):
        if any(it.back is not None for it in items):
            raise ValueError("an item with a back is too large for the page and cannot be tiled")
        plan = plan_tiles(first.width, first.height, first.bleed, overlap, opts.paper)
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
    grid = grid_for(opts, first.width, first.height)
    places = slots(grid)
    per_page = len(places)
    has_backs = any(it.back is not None for it in items)
    fronts: list[Drawing] = []
    backs: list[Drawing] = []
    W, H = opts.paper
    for k in range(0, len(items), per_page):
        chunk = items[k : k + per_page]
        page = Drawing(W, H, id=f"page-{len(fronts) + 1}", items=list(crop_marks(grid)))
        back = Drawing(W, H, id=f"back-{len(fronts) + 1}", items=list(crop_marks(grid)))
        for it, p in zip(chunk, places, strict=False):
            page.add(place(it.front, p))
            if it.back is not None:
                back.add(place(it.back, mirrored(p, opts.paper, opts.duplex)))
        fronts.append(page)
        backs.append(back)
    return assemble(
        fronts,
        backs if has_backs else [],
        margins_of(grid),
        opts,
        titles,
        "cut along the crop marks",
    )


def assemble(
    fronts: list[Drawing],
    backs: list[Drawing],
    margins: Margins,
    opts: SheetOptions,
    titles: tuple[str, str],
    cut_note: str,
) -> list[Drawing]:
    """Order fronts and backs for the duplex mode, add header and scale bar, shift the backs."""
    has_backs = bool(backs)
    order: list[tuple[Drawing, str]] = []
    if has_backs and opts.duplex != "none":
        for f, b in zip(fronts, backs, strict=True):
            order += [(f, "fronts"), (b, "backs")]
    else:
        order = [(f, "fronts") for f in fronts] + [(b, "backs") for b in backs]
    game, component = titles
    note = (
        {
            "long": "duplex: flip on the long edge",
            "short": "duplex: flip on the short edge",
            "none": "backs follow at the end",
        }[opts.duplex]
        if has_backs
        else cut_note
    )
    pages = []
    for n, (page, side) in enumerate(order, start=1):
        side_label = f"{component} — {side}" if has_backs else component
        extra = header(margins, [game, side_label, f"page {n}/{len(order)}"])
        extra += scale_bar(margins, note)
        page.items = page.items + extra
        if side == "backs" and opts.back_offset != (0.0, 0.0):
            dx, dy = opts.back_offset
            page.items = [Group(tuple(page.items), dx=dx, dy=dy)]
        pages.append(page)
    return pages
