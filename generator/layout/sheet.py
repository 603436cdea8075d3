"""Sheets: items placed on pages with crop marks, a header, a scale bar, and duplex backs.

A fronts page is followed by its backs page (``duplex`` long or short), or all backs pages
come after all fronts pages (``none``). On a backs page every item sits where its front will
be after the paper is turned over: columns mirrored for a long-edge flip, rows for a short-edge
flip (and for ``none``, as for long edge, which also suits gluing fronts to backs). The whole
backs page is then shifted by ``back_offset`` to correct a printer's misregistration.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw import Drawing, Group, Line, Rect
from generator.layout.furniture import (
    INK,
    MARK_WIDTH,
    Margins,
    free_intervals,
    header,
    scale_bar,
)
from generator.layout.grid import Grid, solve_grid
from generator.layout.tiling import fits_page, plan_tiles, tile_pages
from portolan.sizes import printer_limits


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


def margins_of(grid: Grid) -> Margins:
    unprintable, _ = printer_limits()
    rows = grid.rows
    return Margins(
        grid.width,
        (unprintable, rows.start - rows.outer_bleed),
        (rows.end + rows.outer_bleed, grid.height - unprintable),
        free_intervals(grid.width, grid.columns.trim_lines()),
    )


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
