"""Counter sheets: tokens packed in rows, each with its cut outline; backs mirrored for duplex.

Counters of different kinds share pages (shelf packing: row after row, left to right). There are
no crop marks: every counter carries its own thin cut outline, and its art bleeds half the gap
between neighbours (at most 2 mm) so a slightly wide cut shows no white edge.
"""

from __future__ import annotations

from generator.draw import Circle, Drawing, Rect, Text
from generator.fonts import PT, fit_size
from generator.icons import icon
from generator.kinds.deck import check_colour, check_icon
from generator.layout.sheet import Margins, Placed, assemble, free_intervals, mirrored, place
from generator.theme import WHITE, Theme, ink, on
from portolan.model.counters import Counter, CounterFace
from portolan.model.loader import Component, Game
from portolan.sizes import printer_limits

CUT = "#333333"
BAND = 7.0  # height of the header and scale-bar bands


def counter_bleed(bleed: float) -> float:
    return min(bleed, 2.0)


def counter_face(
    game: Game,
    component: Component,
    counter: Counter,
    face: CounterFace,
    index: int,
    side: str,
    bleed: float,
    theme: Theme,
) -> Drawing:
    d_ = counter.size
    base = check_colour(
        game,
        component,
        face.colour or counter.colour,
        ("counters", index, side, "colour") if face.colour else ("counters", index, "colour"),
    )
    fg = ink(base) if theme.ink_saver else on(base)  # dark marks on a pale colour (yellow)
    bg = WHITE if theme.ink_saver else base
    d = Drawing(d_, d_, bleed=bleed, id=f"{component.id}-{index + 1}-{side}", title=counter.name)
    r = d_ / 2
    if counter.shape == "circle":
        d.add(Circle(r, r, r + bleed, fill=bg))
        d.add(Circle(r, r, r * 0.84, stroke=fg, width=max(0.2, d_ * 0.012)))
    else:
        radius = d_ * 0.12 if counter.shape == "rounded" else 0.0
        d.add(Rect(-bleed, -bleed, d_ + 2 * bleed, d_ + 2 * bleed, fill=bg))
        d.add(
            Rect(
                d_ * 0.08,
                d_ * 0.08,
                d_ * 0.84,
                d_ * 0.84,
                stroke=fg,
                width=max(0.2, d_ * 0.012),
                radius=radius,
            )
        )
    text_top = r
    if face.icon:
        check_icon(component, face.icon, ("counters", index, side, "icon"))
        isz = d_ * (0.42 if face.text else 0.6)
        iy = r - isz * (0.95 if face.text else 0.5)
        d.add(icon(face.icon, r - isz / 2, iy, isz, fg, bg))
        text_top = iy + isz
    if face.text:
        avail = d_ * (0.62 if counter.shape == "circle" else 0.74)
        max_pt = d_ * (0.3 if face.icon or face.subtext else 0.46) / PT
        size = fit_size(face.text, "bold", max_pt, avail, 4)
        if face.icon:
            baseline = text_top + size * PT * 0.85
        elif face.subtext:
            baseline = r + size * PT * 0.2
        else:
            baseline = r + size * PT * 0.36
        d.add(Text(r, baseline, face.text, size, "bold", fg, "middle"))
        if face.subtext:
            ssize = fit_size(face.subtext, "regular", d_ * 0.14 / PT, avail, 3.5)
            d.add(
                Text(r, baseline + ssize * PT * 1.3, face.subtext, ssize, "regular", fg, "middle")
            )
    if counter.shape == "circle":
        d.add(Circle(r, r, r, stroke=CUT, width=0.2))
    else:
        d.add(
            Rect(
                0,
                0,
                d_,
                d_,
                stroke=CUT,
                width=0.2,
                radius=d_ * 0.12 if counter.shape == "rounded" else 0.0,
            )
        )
    return d


def render_counters(
    game: Game, component: Component, bleed: float, theme: Theme, opts
) -> tuple[list[Drawing], list[Drawing]]:
    """Pages of counters, and one SVG design per counter face."""
    spec = component.spec
    sheet = opts.sheet()
    W, H = sheet.paper
    unprintable, _ = printer_limits()
    b = counter_bleed(bleed)
    gap = max(2 * b, 1.0)
    left, right = unprintable + 2, W - unprintable - 2
    top, bottom = unprintable + BAND, H - unprintable - BAND
    designs: list[Drawing] = []
    fronts: list[Drawing] = []
    backs: list[Drawing] = []
    any_back = any(c.back is not None for c in spec.counters)

    def new_page():
        n = len(fronts) + 1
        fronts.append(Drawing(W, H, id=f"page-{n}"))
        backs.append(Drawing(W, H, id=f"back-{n}"))

    new_page()
    x, y, row_h = left, top, 0.0
    for i, counter in enumerate(spec.counters):
        front = counter_face(game, component, counter, counter.front, i, "front", b, theme)
        back = (
            counter_face(game, component, counter, counter.back, i, "back", b, theme)
            if counter.back
            else None
        )
        designs += [front] + ([back] if back else [])
        s = counter.size
        for _ in range(counter.count.value):
            if x + s > right + 1e-9:
                x, y, row_h = left, y + row_h + gap, 0.0
            if y + s > bottom + 1e-9:
                new_page()
                x, y, row_h = left, top, 0.0
            p = Placed(x, y, s, s, b, b, b, b)
            fronts[-1].add(place(front, p))
            if back is not None:
                backs[-1].add(place(back, mirrored(p, (W, H), opts.duplex)))
            x += s + gap
            row_h = max(row_h, s)
    margins = Margins(
        W,
        (unprintable, unprintable + BAND - 1.5),
        (H - unprintable - BAND + 1.5, H - unprintable),
        free_intervals(W, []),
    )
    pages = assemble(
        fronts,
        backs if any_back else [],
        margins,
        sheet,
        (game.title, component.name),
        "cut along each outline",
    )
    return pages, designs
