"""The rulebook's small symbols, drawn as shapes because the Vera fonts have no glyph for them:
circled letters (Ⓓ discovery, Ⓡ rumors of gold, Ⓟ provisions), thumbs up and down ([Success],
[Failure]) and arrows. Each takes the height ``size`` in mm and returns drawing items."""

from __future__ import annotations

import math

from portolan.generator.draw import Circle, Path, Rect
from portolan.generator.fonts import PT, centred_text
from portolan.generator.legibility import LABEL

WHITE = "#ffffff"


LETTER_ROOM = 2.4  # mm: the smallest circle that holds a bold capital at the label floor
LETTER_INK = {"D": "#7a1f1f", "R": "#8a6a00", "P": "#2e6b2e"}  # each circled letter's colour


def circled(letter: str, x: float, cy: float, size: float, colour: str, filled: bool = False):
    """A letter in a circle ``size`` mm across, its left edge at ``x``, centred on ``cy``."""
    # the letter never below the label floor: the circle grows to hold a 6 pt capital
    size = max(size, LETTER_ROOM)
    r = size / 2
    fill = colour if filled else WHITE
    ink = WHITE if filled else colour
    pt = max(size * 0.62 / PT, LABEL)
    return [
        Circle(x + r, cy, r * 0.94, fill=fill, stroke=colour, width=max(0.12, size * 0.07)),
        centred_text(x + r, cy, letter, pt, "bold", ink),
    ]


def thumb(up: bool, x: float, cy: float, size: float, colour: str):
    """A thumbs-up (``up``) or thumbs-down in a square ``size`` mm, left edge at ``x``."""
    s = size
    # drawn pointing up in a unit square, then flipped for down
    fist = [(0.18, 0.48), (0.78, 0.48), (0.86, 0.56), (0.86, 0.92), (0.78, 1.0), (0.18, 1.0)]
    thumb_ = [(0.30, 0.48), (0.36, 0.06), (0.50, 0.0), (0.58, 0.08), (0.56, 0.48)]

    def pts(poly):
        return [(x + px * s, cy - s / 2 + (py if up else 1 - py) * s) for px, py in poly]

    items = []
    for poly in (fist, thumb_):
        p = pts(poly)
        cmds = [("M", *p[0]), *[("L", *q) for q in p[1:]], ("Z",)]
        items.append(Path(tuple(cmds), fill=colour, stroke=colour, width=0.1))
    # the cuff
    cuff_y = cy - s / 2 + (0.48 if up else 0.0) * s
    items.append(Rect(x, cuff_y, s * 0.14, s * 0.52, fill=colour))
    return items


def arrow(
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    colour: str,
    width: float,
    head: float,
    both: bool = False,
):
    """A straight arrow from (x1, y1) to (x2, y2) with a head at the end (and at the start when
    ``both``)."""
    items = []
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    sx = x1 + (ux * head * 0.8 if both else 0.0)
    sy = y1 + (uy * head * 0.8 if both else 0.0)
    ex, ey = x2 - ux * head * 0.8, y2 - uy * head * 0.8
    items.append(Path((("M", sx, sy), ("L", ex, ey)), stroke=colour, width=width))

    def tip(tx, ty, dirx, diry):
        bx, by = tx - dirx * head, ty - diry * head
        return Path(
            (
                ("M", tx, ty),
                ("L", bx + nx * head * 0.55, by + ny * head * 0.55),
                ("L", bx - nx * head * 0.55, by - ny * head * 0.55),
                ("Z",),
            ),
            fill=colour,
        )

    items.append(tip(x2, y2, ux, uy))
    if both:
        items.append(tip(x1, y1, -ux, -uy))
    return items
