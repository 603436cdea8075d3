"""Small vector icons, drawn in a unit square and scaled into any box.

Names are what the YAML's ``icon:`` keys may use; ``ICONS`` lists them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from generator.draw import Circle, Group, Line, Path, Rect
from generator.icons_trade import TRADE_ICONS


def _p(points, fill=None, stroke=None, width=0.04, closed=True) -> Path:
    cmds = [("M", *points[0]), *(("L", *pt) for pt in points[1:])]
    if closed:
        cmds.append(("Z",))
    return Path(tuple(cmds), fill=fill, stroke=stroke, width=width)


def ship(c: str, bg: str) -> list:
    hull = Path(
        (
            ("M", 0.08, 0.66),
            ("L", 0.92, 0.66),
            ("C", 0.86, 0.84, 0.74, 0.9, 0.5, 0.9),
            ("C", 0.26, 0.9, 0.14, 0.84, 0.08, 0.66),
            ("Z",),
        ),
        fill=c,
    )
    return [
        Line(0.5, 0.08, 0.5, 0.68, stroke=c, width=0.045),
        _p([(0.5, 0.08), (0.66, 0.12), (0.5, 0.16)], fill=c),
        Path(
            (
                ("M", 0.22, 0.2),
                ("C", 0.34, 0.3, 0.34, 0.5, 0.22, 0.6),
                ("L", 0.47, 0.6),
                ("L", 0.47, 0.2),
                ("Z",),
            ),
            fill=c,
        ),
        Path(
            (
                ("M", 0.53, 0.24),
                ("L", 0.53, 0.6),
                ("L", 0.82, 0.6),
                ("C", 0.9, 0.46, 0.8, 0.32, 0.53, 0.24),
                ("Z",),
            ),
            fill=c,
        ),
        hull,
        Line(0.2, 0.74, 0.8, 0.74, stroke=bg, width=0.025),
    ]


def flagship(c: str, bg: str) -> list:
    """A ship flying a long swallow-tailed pennant: a flagship."""
    items = ship(c, bg)
    items[1] = _p([(0.5, 0.06), (0.95, 0.09), (0.8, 0.12), (0.95, 0.15), (0.5, 0.17)], fill=c)
    items.append(Circle(0.5, 0.05, 0.035, fill=c))
    return items


def _person(cx: float, top: float, s: float, c: str) -> list:
    return [
        Circle(cx, top + 0.14 * s, 0.13 * s, fill=c),
        Path(
            (
                ("M", cx - 0.26 * s, top + 0.75 * s),
                (
                    "C",
                    cx - 0.26 * s,
                    top + 0.36 * s,
                    cx + 0.26 * s,
                    top + 0.36 * s,
                    cx + 0.26 * s,
                    top + 0.75 * s,
                ),
                ("Z",),
            ),
            fill=c,
        ),
    ]


def crew(c: str, bg: str) -> list:
    return [*_person(0.28, 0.22, 0.8, c), *_person(0.72, 0.22, 0.8, c), *_person(0.5, 0.12, 1.0, c)]


def compass(c: str, bg: str) -> list:
    items: list = [
        Circle(0.5, 0.5, 0.44, stroke=c, width=0.05),
        Circle(0.5, 0.5, 0.36, stroke=c, width=0.02),
    ]
    for k in range(4):
        a = k * math.pi / 2
        tip = (0.5 + 0.42 * math.cos(a), 0.5 + 0.42 * math.sin(a))
        left = (0.5 + 0.1 * math.cos(a + math.pi / 2), 0.5 + 0.1 * math.sin(a + math.pi / 2))
        right = (0.5 + 0.1 * math.cos(a - math.pi / 2), 0.5 + 0.1 * math.sin(a - math.pi / 2))
        items.append(_p([tip, left, (0.5, 0.5)], fill=c))
        items.append(_p([tip, (0.5, 0.5), right], fill=bg, stroke=c, width=0.02))
    for k in range(4):
        a = math.pi / 4 + k * math.pi / 2
        tip = (0.5 + 0.27 * math.cos(a), 0.5 + 0.27 * math.sin(a))
        left = (0.5 + 0.06 * math.cos(a + math.pi / 2), 0.5 + 0.06 * math.sin(a + math.pi / 2))
        right = (0.5 + 0.06 * math.cos(a - math.pi / 2), 0.5 + 0.06 * math.sin(a - math.pi / 2))
        items.append(_p([tip, left, right], fill=c))
    items.append(Circle(0.5, 0.5, 0.05, fill=bg, stroke=c, width=0.02))
    return items


def shield(c: str, bg: str) -> list:
    outline = Path(
        (
            ("M", 0.5, 0.06),
            ("L", 0.86, 0.18),
            ("C", 0.86, 0.56, 0.74, 0.8, 0.5, 0.94),
            ("C", 0.26, 0.8, 0.14, 0.56, 0.14, 0.18),
            ("Z",),
        ),
        fill=c,
    )
    return [
        outline,
        Rect(0.45, 0.2, 0.1, 0.6, fill=bg),
        Rect(0.26, 0.38, 0.48, 0.1, fill=bg),
    ]


def waves(c: str, bg: str) -> list:
    items = []
    for row, y in enumerate((0.3, 0.52, 0.74)):
        cmds: list = [("M", 0.06, y)]
        x = 0.06
        while x < 0.9:
            cmds.append(("C", x + 0.07, y - 0.12, x + 0.15, y - 0.12, x + 0.22, y))
            x += 0.22
        items.append(Path(tuple(cmds), stroke=c, width=0.07 - 0.01 * row))
    return items


def hazard(c: str, bg: str) -> list:
    return [
        Path((("M", 0.5, 0.08), ("L", 0.95, 0.88), ("L", 0.05, 0.88), ("Z",)), fill=c),
        _p([(0.46, 0.34), (0.54, 0.34), (0.52, 0.64), (0.48, 0.64)], fill=bg),
        Circle(0.5, 0.75, 0.045, fill=bg),
    ]


def flag(c: str, bg: str) -> list:
    return [
        Path((("M", 0.06, 0.92), ("C", 0.2, 0.66, 0.8, 0.66, 0.94, 0.92), ("Z",)), fill=c),
        Line(0.42, 0.76, 0.42, 0.08, stroke=c, width=0.045),
        Path(
            (
                ("M", 0.42, 0.1),
                ("C", 0.56, 0.04, 0.66, 0.18, 0.82, 0.12),
                ("L", 0.82, 0.4),
                ("C", 0.66, 0.46, 0.56, 0.32, 0.42, 0.38),
                ("Z",),
            ),
            fill=c,
        ),
    ]


def coin(c: str, bg: str) -> list:
    return [Circle(0.5, 0.5, 0.44, fill=c), Circle(0.5, 0.5, 0.34, stroke=bg, width=0.04)]


def star(c: str, bg: str) -> list:
    pts = []
    for k in range(10):
        r = 0.46 if k % 2 == 0 else 0.19
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((0.5 + r * math.cos(a), 0.53 + r * math.sin(a)))
    return [_p(pts, fill=c)]


def anchor(c: str, bg: str) -> list:
    return [
        Circle(0.5, 0.14, 0.08, stroke=c, width=0.05),
        Line(0.5, 0.22, 0.5, 0.88, stroke=c, width=0.07),
        Line(0.3, 0.34, 0.7, 0.34, stroke=c, width=0.06),
        Path(
            (
                ("M", 0.14, 0.56),
                ("C", 0.16, 0.8, 0.36, 0.9, 0.5, 0.9),
                ("C", 0.64, 0.9, 0.84, 0.8, 0.86, 0.56),
            ),
            stroke=c,
            width=0.07,
        ),
    ]


# -- symbols that tell colours apart without colour (ship and player colours) ---------------
def triangle(c: str, bg: str) -> list:
    return [_p([(0.5, 0.1), (0.93, 0.86), (0.07, 0.86)], fill=c)]


def square(c: str, bg: str) -> list:
    return [Rect(0.14, 0.14, 0.72, 0.72, fill=c)]


def diamond(c: str, bg: str) -> list:
    return [_p([(0.5, 0.04), (0.92, 0.5), (0.5, 0.96), (0.08, 0.5)], fill=c)]


def cross(c: str, bg: str) -> list:
    return [Rect(0.36, 0.08, 0.28, 0.84, fill=c), Rect(0.08, 0.36, 0.84, 0.28, fill=c)]


def disc(c: str, bg: str) -> list:
    return [Circle(0.5, 0.5, 0.42, fill=c)]


# -- game things ----------------------------------------------------------------------------
def scroll(c: str, bg: str) -> list:
    """A trade contract: a sheet between two rolled ends, with lines of writing."""
    items: list = [
        Rect(0.2, 0.14, 0.6, 0.72, fill=c),
        Rect(0.12, 0.08, 0.76, 0.12, fill=c, radius=0.06),
        Rect(0.12, 0.8, 0.76, 0.12, fill=c, radius=0.06),
        Line(0.12, 0.14, 0.88, 0.14, stroke=bg, width=0.02),
        Line(0.12, 0.86, 0.88, 0.86, stroke=bg, width=0.02),
    ]
    for y in (0.32, 0.44, 0.56, 0.68):
        items.append(Line(0.3, y, 0.7 if y < 0.6 else 0.56, y, stroke=bg, width=0.04))
    return items


def _hourglass(c: str, bg: str, top: float, bottom: float) -> list:
    """An hourglass whose upper bulb is ``top`` full and lower bulb ``bottom`` full (0..1)."""
    glass = Path(
        (
            ("M", 0.26, 0.14),
            ("L", 0.74, 0.14),
            ("C", 0.74, 0.36, 0.54, 0.42, 0.54, 0.5),
            ("C", 0.54, 0.58, 0.74, 0.64, 0.74, 0.86),
            ("L", 0.26, 0.86),
            ("C", 0.26, 0.64, 0.46, 0.58, 0.46, 0.5),
            ("C", 0.46, 0.42, 0.26, 0.36, 0.26, 0.14),
            ("Z",),
        ),
        stroke=c,
        width=0.05,
    )
    items: list = [
        Rect(0.16, 0.06, 0.68, 0.08, fill=c, radius=0.03),
        Rect(0.16, 0.86, 0.68, 0.08, fill=c, radius=0.03),
        glass,
    ]
    if top > 0:  # sand in the upper bulb, level at ``y``
        y = 0.46 - 0.3 * top
        half = 0.04 + 0.19 * top
        items.append(_p([(0.5 - half, y), (0.5 + half, y), (0.5, 0.48)], fill=c))
    if bottom > 0:  # a heap in the lower bulb
        h = 0.3 * bottom
        items.append(
            Path(
                (
                    ("M", 0.29, 0.84),
                    ("C", 0.33, 0.84 - h, 0.67, 0.84 - h, 0.71, 0.84),
                    ("Z",),
                ),
                fill=c,
            )
        )
    if top > 0 and bottom > 0:
        items.append(Line(0.5, 0.48, 0.5, 0.84 - 0.3 * bottom * 0.75, stroke=c, width=0.025))
    return items


def hourglass(c: str, bg: str) -> list:
    """Time: a full upper bulb."""
    return _hourglass(c, bg, 1.0, 0.0)


def hourglass_half(c: str, bg: str) -> list:
    """Half the sand has run: the first scoring."""
    return _hourglass(c, bg, 0.55, 0.7)


def hourglass_empty(c: str, bg: str) -> list:
    """All the sand has run: the final scoring."""
    return _hourglass(c, bg, 0.0, 1.0)


def bookmark(c: str, bg: str) -> list:
    """A ribbon marker: a reservation."""
    return [
        _p([(0.26, 0.06), (0.74, 0.06), (0.74, 0.94), (0.5, 0.72), (0.26, 0.94)], fill=c),
        Circle(0.5, 0.3, 0.09, fill=bg),
    ]


def wild(c: str, bg: str) -> list:
    """Any colour: a wheel of alternating sectors."""
    items: list = [Circle(0.5, 0.5, 0.44, fill=bg, stroke=c, width=0.05)]
    for k in range(0, 8, 2):
        a0, a1 = k * math.pi / 4, (k + 1) * math.pi / 4
        items.append(
            _p(
                [
                    (0.5, 0.5),
                    (0.5 + 0.44 * math.cos(a0), 0.5 + 0.44 * math.sin(a0)),
                    (
                        0.5 + 0.44 * math.cos((a0 + a1) / 2) * 1.04,
                        0.5 + 0.44 * math.sin((a0 + a1) / 2) * 1.04,
                    ),
                    (0.5 + 0.44 * math.cos(a1), 0.5 + 0.44 * math.sin(a1)),
                ],
                fill=c,
            )
        )
    items.append(Circle(0.5, 0.5, 0.12, fill=c, stroke=bg, width=0.04))
    return items


def vp(c: str, bg: str) -> list:
    """A plump star with room for a number on it: victory points."""
    pts = []
    for k in range(10):
        r = 0.52 if k % 2 == 0 else 0.3
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((0.5 + r * math.cos(a), 0.56 + r * math.sin(a)))
    return [_p(pts, fill=c, stroke=c, width=0.06)]


def fruit(c: str, bg: str) -> list:
    """A round fruit with a stem and a leaf."""
    body = Path(
        (
            ("M", 0.5, 0.3),
            ("C", 0.34, 0.17, 0.07, 0.22, 0.09, 0.53),
            ("C", 0.11, 0.82, 0.32, 0.96, 0.5, 0.87),
            ("C", 0.68, 0.96, 0.89, 0.82, 0.91, 0.53),
            ("C", 0.93, 0.22, 0.66, 0.17, 0.5, 0.3),
            ("Z",),
        ),
        fill=c,
    )
    leaf = Path(
        (
            ("M", 0.53, 0.22),
            ("C", 0.58, 0.06, 0.76, 0.04, 0.86, 0.1),
            ("C", 0.8, 0.24, 0.64, 0.28, 0.53, 0.22),
            ("Z",),
        ),
        fill=c,
    )
    return [
        body,
        Line(0.5, 0.3, 0.45, 0.08, stroke=c, width=0.06),
        leaf,
        Path((("M", 0.24, 0.44), ("C", 0.26, 0.36, 0.32, 0.33, 0.38, 0.33)), stroke=bg, width=0.05),
    ]


def pepper(c: str, bg: str) -> list:
    """A chili pod with its cap and stem, curving down to a point."""
    pod = Path(
        (
            ("M", 0.3, 0.24),
            ("C", 0.56, 0.24, 0.8, 0.5, 0.92, 0.95),
            ("C", 0.64, 0.8, 0.38, 0.62, 0.22, 0.42),
            ("C", 0.17, 0.34, 0.22, 0.25, 0.3, 0.24),
            ("Z",),
        ),
        fill=c,
    )
    cap = Path(
        (
            ("M", 0.14, 0.3),
            ("C", 0.18, 0.16, 0.34, 0.12, 0.44, 0.2),
            ("C", 0.36, 0.26, 0.3, 0.34, 0.27, 0.44),
            ("C", 0.2, 0.42, 0.14, 0.38, 0.14, 0.3),
            ("Z",),
        ),
        fill=c,
    )
    return [
        pod,
        Path((("M", 0.44, 0.2), ("C", 0.36, 0.27, 0.3, 0.35, 0.27, 0.45)), stroke=bg, width=0.05),
        cap,
        Path((("M", 0.24, 0.22), ("C", 0.22, 0.12, 0.16, 0.07, 0.08, 0.05)), stroke=c, width=0.07),
        Path((("M", 0.46, 0.36), ("C", 0.6, 0.44, 0.7, 0.56, 0.76, 0.7)), stroke=bg, width=0.035),
    ]


def gold(c: str, bg: str) -> list:
    """A gold ingot in perspective, with a shine."""
    return [
        _p([(0.04, 0.8), (0.96, 0.8), (0.82, 0.56), (0.18, 0.56)], fill=c),
        _p([(0.18, 0.56), (0.82, 0.56), (0.7, 0.32), (0.3, 0.32)], fill=c),
        Line(0.19, 0.56, 0.81, 0.56, stroke=bg, width=0.035),
        Line(0.36, 0.41, 0.5, 0.41, stroke=bg, width=0.045),
        _p(
            [
                (0.78, 0.06),
                (0.81, 0.16),
                (0.9, 0.19),
                (0.81, 0.22),
                (0.78, 0.31),
                (0.75, 0.22),
                (0.66, 0.19),
                (0.75, 0.16),
            ],
            fill=c,
        ),
    ]


def palm(c: str, bg: str) -> list:
    """A palm tree on a mound: a production island."""
    items: list = [
        Path((("M", 0.08, 0.94), ("C", 0.2, 0.74, 0.8, 0.74, 0.92, 0.94), ("Z",)), fill=c),
        Path((("M", 0.5, 0.82), ("C", 0.52, 0.64, 0.5, 0.48, 0.44, 0.32)), stroke=c, width=0.07),
    ]
    crown = (0.44, 0.3)
    for tip, ctrl in (
        ((0.06, 0.42), (0.2, 0.16)),
        ((0.16, 0.12), (0.28, 0.1)),
        ((0.6, 0.06), (0.5, 0.04)),
        ((0.9, 0.22), (0.72, 0.06)),
        ((0.84, 0.5), (0.8, 0.22)),
    ):
        items.append(
            Path(
                (
                    ("M", *crown),
                    ("C", ctrl[0], ctrl[1], ctrl[0], ctrl[1], tip[0], tip[1]),
                    (
                        "C",
                        (ctrl[0] + crown[0]) / 2,
                        (ctrl[1] + crown[1]) / 2 + 0.08,
                        (ctrl[0] + crown[0]) / 2,
                        (ctrl[1] + crown[1]) / 2 + 0.08,
                        *crown,
                    ),
                    ("Z",),
                ),
                fill=c,
            )
        )
    items += [Circle(0.5, 0.36, 0.045, fill=c), Circle(0.4, 0.37, 0.045, fill=c)]
    return items


def scales(c: str, bg: str) -> list:
    """A merchant's balance: a commercial island."""
    items: list = [
        Line(0.5, 0.12, 0.5, 0.84, stroke=c, width=0.06),
        _p([(0.3, 0.92), (0.7, 0.92), (0.6, 0.82), (0.4, 0.82)], fill=c),
        Line(0.12, 0.2, 0.88, 0.2, stroke=c, width=0.05),
        Circle(0.5, 0.12, 0.05, fill=c),
    ]
    for x in (0.2, 0.8):
        items += [
            Line(x, 0.2, x - 0.14, 0.54, stroke=c, width=0.025),
            Line(x, 0.2, x + 0.14, 0.54, stroke=c, width=0.025),
            Path(
                (
                    ("M", x - 0.17, 0.54),
                    ("C", x - 0.14, 0.7, x + 0.14, 0.7, x + 0.17, 0.54),
                    ("Z",),
                ),
                fill=c,
            ),
        ]
    return items


def temple(c: str, bg: str) -> list:
    """A temple front with columns: a cultural island."""
    items: list = [
        _p([(0.08, 0.3), (0.5, 0.08), (0.92, 0.3)], fill=c),
        Rect(0.1, 0.32, 0.8, 0.07, fill=c),
        Rect(0.08, 0.8, 0.84, 0.06, fill=c),
        Rect(0.04, 0.88, 0.92, 0.07, fill=c),
    ]
    for k in range(4):
        x = 0.17 + k * 0.2
        items.append(Rect(x, 0.41, 0.09, 0.37, fill=c))
    items.append(Circle(0.5, 0.22, 0.04, fill=bg))
    return items


def _arrow(x1: float, y1: float, x2: float, y2: float, c: str, w: float, head: float) -> list:
    ang = math.atan2(y2 - y1, x2 - x1)
    bx, by = x2 - head * math.cos(ang), y2 - head * math.sin(ang)
    nx, ny = -math.sin(ang) * head * 0.6, math.cos(ang) * head * 0.6
    return [
        Line(x1, y1, bx, by, stroke=c, width=w),
        _p([(x2, y2), (bx + nx, by + ny), (bx - nx, by - ny)], fill=c),
    ]


def trade(c: str, bg: str) -> list:
    """Two opposite arrows: buy or sell one resource."""
    return [
        *_arrow(0.08, 0.32, 0.92, 0.32, c, 0.09, 0.26),
        *_arrow(0.92, 0.68, 0.08, 0.68, c, 0.09, 0.26),
    ]


def adjust(c: str, bg: str) -> list:
    """A coin marked plus and minus: move a price one coin up or down."""
    return [
        Circle(0.5, 0.5, 0.46, fill=c),
        Circle(0.5, 0.5, 0.37, stroke=bg, width=0.03),
        Line(0.5, 0.2, 0.5, 0.46, stroke=bg, width=0.09),
        Line(0.37, 0.33, 0.63, 0.33, stroke=bg, width=0.09),
        Line(0.37, 0.66, 0.63, 0.66, stroke=bg, width=0.09),
    ]


def _star_points(cx: float, cy: float, r: float) -> list:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.41
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def exchange(c: str, bg: str) -> list:
    """A resource (top left) turned into a point (bottom right): trade resources for VP."""
    return [
        Circle(0.24, 0.24, 0.18, fill=c),
        Path((("M", 0.26, 0.5), ("C", 0.26, 0.7, 0.36, 0.78, 0.5, 0.8)), stroke=c, width=0.08),
        _p([(0.58, 0.8), (0.46, 0.7), (0.46, 0.9)], fill=c),
        _p(_star_points(0.74, 0.5, 0.26), fill=c),
    ]


def any_resource(c: str, bg: str) -> list:
    """A crate with a question mark: one resource of your choice."""
    return [
        Rect(0.08, 0.08, 0.84, 0.84, fill=c, radius=0.14),
        Path(
            (
                ("M", 0.33, 0.38),
                ("C", 0.33, 0.16, 0.67, 0.16, 0.67, 0.36),
                ("C", 0.67, 0.5, 0.5, 0.5, 0.5, 0.64),
            ),
            stroke=bg,
            width=0.1,
        ),
        Circle(0.5, 0.78, 0.06, fill=bg),
    ]


def ship_side(c: str, bg: str) -> list:
    """A ship seen from the side, its bow (the pointed end) to the right."""
    hull = Path(
        (
            ("M", 0.05, 0.6),
            ("L", 0.84, 0.6),
            ("L", 0.97, 0.54),
            ("C", 0.9, 0.76, 0.78, 0.84, 0.6, 0.84),
            ("L", 0.16, 0.84),
            ("C", 0.1, 0.8, 0.07, 0.72, 0.05, 0.6),
            ("Z",),
        ),
        fill=c,
    )
    return [
        Line(0.36, 0.08, 0.36, 0.62, stroke=c, width=0.04),
        Line(0.62, 0.14, 0.62, 0.62, stroke=c, width=0.04),
        Path(
            (
                ("M", 0.2, 0.16),
                ("C", 0.26, 0.3, 0.26, 0.42, 0.2, 0.54),
                ("L", 0.5, 0.54),
                ("C", 0.56, 0.42, 0.56, 0.3, 0.5, 0.16),
                ("Z",),
            ),
            fill=c,
        ),
        Path(
            (
                ("M", 0.5, 0.22),
                ("C", 0.55, 0.34, 0.55, 0.44, 0.5, 0.54),
                ("L", 0.75, 0.54),
                ("C", 0.8, 0.44, 0.8, 0.34, 0.75, 0.22),
                ("Z",),
            ),
            fill=c,
        ),
        _p([(0.66, 0.18), (0.96, 0.52), (0.66, 0.52)], fill=c),
        _p([(0.36, 0.08), (0.2, 0.05), (0.36, 0.02)], fill=c),
        hull,
        Line(0.14, 0.7, 0.86, 0.7, stroke=bg, width=0.025),
    ]


ICONS: dict[str, Callable[[str, str], list]] = {
    "adjust": adjust,
    "anchor": anchor,
    "any-resource": any_resource,
    "bookmark": bookmark,
    "coin": coin,
    "compass": compass,
    "crew": crew,
    "cross": cross,
    "diamond": diamond,
    "disc": disc,
    "exchange": exchange,
    "flag": flag,
    "flagship": flagship,
    "fruit": fruit,
    "gold": gold,
    "hazard": hazard,
    "hourglass": hourglass,
    "hourglass-empty": hourglass_empty,
    "hourglass-half": hourglass_half,
    "palm": palm,
    "pepper": pepper,
    "scales": scales,
    "scroll": scroll,
    "shield": shield,
    "ship": ship,
    "ship-side": ship_side,
    "square": square,
    "star": star,
    "temple": temple,
    "trade": trade,
    "triangle": triangle,
    "vp": vp,
    "waves": waves,
    "wild": wild,
    **TRADE_ICONS,  # ships of three eras, goods and trading pieces (icons_trade.py)
}


def icon(
    name: str, x: float, y: float, size: float, colour: str, background: str = "#ffffff"
) -> Group:
    """The icon ``name`` in the square box (x, y, size), drawn in ``colour`` on ``background``."""
    return Group(tuple(ICONS[name](colour, background)), dx=x, dy=y, scale=size)
