"""What paper and the page limits allow, checked before a component is laid out.

A card, aid or counter must fit on the chosen paper with its crop marks and bleed; a board too
large for one page is tiled, into at most ``tiles_per_board`` pages per copy; no component
makes more than ``pages_per_component`` pages (``portolan/data/limits.yaml``). Going past any of
these is an input error at the component's ``size`` (or ``count``), found before the slow part.
"""

from __future__ import annotations

import math
from dataclasses import replace

from portolan.errors import InputError
from portolan.generator.kinds.counters import counter_area, counter_bleed
from portolan.generator.layout.sheet import Item, grid_for, unfolded
from portolan.generator.layout.tiling import fits_page, plan_tiles
from portolan.generator.printset import board_sheet
from portolan.limits import component_limits, hint, shown
from portolan.model.loader import Component
from portolan.sizes import paper_label


def _problem(component: Component, message: str, key: str, limit: str | None) -> InputError:
    return InputError(component.problem(message, (key,), hint(limit) if limit else None))


def check_sheet(component: Component, items: list[Item], opts, overlap: float) -> None:
    """Cards and boards: they fit the paper (tiled if they may be), within the page limits."""
    if not items:
        return
    first = items[0].front
    w, h = first.width, first.height
    home = unfolded(opts.sheet(), w, h)
    label = paper_label(opts.page)
    backs = any(it.back is not None for it in items)
    if fits_page(w, h, home.paper, home.margin):
        try:
            grid, _ = grid_for(home if backs else replace(home, back_offset=(0.0, 0.0)), w, h)
        except ValueError:
            grid = None
        if grid is not None and grid.per_page > 0:
            pages = math.ceil(len(items) / grid.per_page)
            if backs and home.duplex != "fold" and home.sides == "both":
                pages *= 2
            check_pages(component, pages)
            return
    if backs:
        raise _problem(
            component,
            f"a {shown(w)} × {shown(h)} mm card with a back does not fit on {label} paper "
            f"with its bleed and crop marks",
            "size",
            None,
        )
    sheet = board_sheet(opts, component.kind)
    if sheet != opts.sheet():  # the board paper
        label = paper_label(opts.board_page)
        if fits_page(w, h, sheet.paper, sheet.margin):
            check_pages(component, len(items))
            return
    try:
        plan = plan_tiles(w, h, first.bleed, overlap, sheet.paper, sheet.margin)
    except ValueError as exc:
        raise _problem(component, f"cannot tile on {label} paper: {exc}", "size", None) from None
    most = component_limits().tiles_per_board
    if plan.count > most:
        raise _problem(
            component,
            f"a {shown(w)} × {shown(h)} mm board needs {plan.count} pages of {label} paper, more "
            f"than {most}",
            "size",
            "components.tiles_per_board",
        )
    check_pages(component, plan.count * len(items))


def check_counters_fit(component: Component, opts) -> None:
    """Every counter fits the printable part of the page (counters are never tiled)."""
    sheet = opts.sheet()
    left, top, right, bottom = counter_area(
        component.spec, sheet, counter_bleed(opts.bleed, sheet.layout)
    )
    room_w, room_h = right - left, bottom - top
    for i, counter in enumerate(component.spec.counters):
        pw, ph = counter.outline
        if pw > room_w or ph > room_h:
            pos = component.raw["counters"].item_pos[i] if "counters" in component.raw else None
            raise InputError(
                component.source.problem(
                    f"a {shown(pw)} × {shown(ph)} mm counter does not fit on "
                    f"{paper_label(opts.page)} paper ({shown(room_w)} × {shown(room_h)} mm "
                    "can be printed)",
                    pos,
                    field=f"counters[{i}]",
                )
            )


def check_pages(component: Component, pages: int) -> None:
    most = component_limits().pages_per_component
    if pages > most:
        raise _problem(
            component,
            f"'{component.id}' would print {shown(pages)} pages, more than {shown(most)}",
            "count" if "count" in component.raw else "id",
            "components.pages_per_component",
        )
