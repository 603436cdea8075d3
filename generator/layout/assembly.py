"""The assembly map: a page in front of a tiled board's tiles showing how they go together.

The whole board is drawn reduced, with every tile's window outlined in ``OUTLINE`` and named,
the strips where neighbours overlap hatched, the board's and the tiles' sizes, and the steps
to cut, lay and glue the tiles. It is printed only when a board asks for it
(``tiling: {assembly: true}``).
"""

from __future__ import annotations

from dataclasses import replace

from portolan.generator.draw import Drawing, Group, Rect, Text
from portolan.generator.fonts import PT, centred_text, fit_size
from portolan.generator.layout.furniture import hatch, header, margins_around, scale_bar
from portolan.generator.layout.tiling import BAND, TilePlan
from portolan.generator.legibility import BODY
from portolan.generator.textbox import set_paragraphs
from portolan.sizes import printer_limits

OUTLINE = "#b0261c"  # tile windows: a colour nothing else on the page uses
HATCH = "#555555"
FIGURE_SHARE = 0.66  # of the content height, at most, for the reduced board


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def assembly_steps(plan: TilePlan) -> list[str]:
    """The instructions printed under the map, in order."""
    order = ", ".join(" ".join(plan.name(r, c) for c in range(plan.cols)) for r in range(plan.rows))
    return [
        "**1. Print** every tile page at 100 %: the 50 mm bar at the foot of each page must "
        "measure 50 mm.",
        "**2. Cut** the board's outer edges at the crop marks. A tile with a neighbour to its "
        "left or above is also cut along the left or top edge of its picture (marked in its "
        "margin); the hatched strips stay on.",
        "**3. Lay** the tiles out as in the map. Each tile goes over the hatched strip of its "
        "left and upper neighbours, its cut edge on the dashed line: two dashed lines place it "
        "exactly. The ticks and targets on a strip show where it goes and are covered by it.",
        f"**4. Glue** one tile at a time, row by row ({order}). A sheet of card behind the "
        "whole board keeps it flat.",
    ]


def without_text(items) -> tuple:
    """``items`` with every text left out, groups included: the reduced board is a picture to
    find the tiles on, and its lettering, reduced to 2 or 3 points, would be live text no one
    can read (and that a print shop's preflight flags)."""
    out = []
    for item in items:
        if isinstance(item, Text):
            continue
        if isinstance(item, Group):
            item = replace(item, items=without_text(item.items))
        out.append(item)
    return tuple(out)


def assembly_page(board: Drawing, plan: TilePlan, titles: tuple[str, str], total: int) -> Drawing:
    """Page 1 of a tiled board: the reduced board, its tiles, sizes and assembly steps."""
    W, H = plan.page
    unprintable = plan.margin
    _, mark = printer_limits()
    side = unprintable + mark
    game, component = titles
    page = Drawing(W, H, id="assembly")
    box = (side, unprintable + BAND, W - side, H - unprintable - BAND)
    margins = margins_around(W, H, unprintable, box, [])
    page.add(*header(margins, [game, f"{component} — assembly map", f"page 1/{total}"]))
    page.add(*scale_bar(margins, "the map is reduced; the tiles print at full size"))
    page.frame = (box, [])
    bottom_band = margins.bottom

    y = unprintable + BAND + 4
    title = f"How the {plan.count} tiles go together"
    size = fit_size(title, "bold", 13, W - 2 * side)
    page.add(Text(side, y + size * PT * 0.76, title, size, "bold", "#1b1b1b"))
    y += size * PT + 4
    b = plan.bleed
    facts = (
        f"Board {_fmt(plan.width)} × {_fmt(plan.height)} mm plus {_fmt(b)} mm bleed · "
        f"{plan.count} tiles, {plan.cols} {'column' if plan.cols == 1 else 'columns'} × "
        f"{plan.rows} {'row' if plan.rows == 1 else 'rows'} · each tile "
        f"{_fmt(plan.tile_w)} × {_fmt(plan.tile_h)} mm · neighbouring tiles overlap by "
        f"{_fmt(plan.overlap)} mm"
    )
    block = set_paragraphs([facts], side, y, W - 2 * side, 12, max_size=8, min_size=BODY)
    page.add(*block.items)
    y += 12

    content_h = bottom_band[0] - 4 - y
    full_w, full_h = plan.width + 2 * b, plan.height + 2 * b
    s = min((W - 2 * side) / full_w, content_h * FIGURE_SHARE / full_h)
    fx = (W - full_w * s) / 2
    fy = y
    page.add(
        Group(
            without_text(board.items),
            dx=fx + b * s,
            dy=fy + b * s,
            scale=s,
            clip=Rect(-b, -b, full_w, full_h),
        )
    )
    strips = [(fx + (sx + b) * s, fy, plan.overlap * s, full_h * s) for sx in plan.seams_x()]
    strips += [(fx, fy + (sy + b) * s, full_w * s, plan.overlap * s) for sy in plan.seams_y()]
    page.add(*(hatch(*strip, step=1.6, colour=HATCH, width=0.15) for strip in strips))
    for r in range(plan.rows):
        for c in range(plan.cols):
            tx, ty = fx + (plan.x0(c) + b) * s, fy + (plan.y0(r) + b) * s
            tw, th = plan.tile_w * s, plan.tile_h * s
            page.add(Rect(tx, ty, tw, th, stroke=OUTLINE, width=0.5))
            name = plan.name(r, c)
            cx, cy = tx + tw / 2, ty + th / 2
            page.add(Rect(cx - 7, cy - 4.5, 14, 9, fill="#ffffff", stroke=OUTLINE, width=0.4))
            page.add(centred_text(cx, cy, name, 12, "bold", OUTLINE))
    y = fy + full_h * s + 6

    steps = set_paragraphs(
        assembly_steps(plan),
        side,
        y,
        W - 2 * side,
        bottom_band[0] - 3 - y,
        max_size=9,
        min_size=BODY,
        gap=0.5,
    )
    page.add(*steps.items)
    return page
