"""Icons of ships through the ages, goods, and the pieces of a trading game (first used by Ships).

Drawn in a unit square like those of ``generator/icons.py``, which adds them to ``ICONS``.
"""

from __future__ import annotations

import math

from generator.draw import Circle, Line, Path, Rect


def _poly(points, fill=None, stroke=None, width=0.04) -> Path:
    cmds = [("M", *points[0]), *(("L", *pt) for pt in points[1:]), ("Z",)]
    return Path(tuple(cmds), fill=fill, stroke=stroke, width=width)


# -- ships of the three eras -----------------------------------------------------------------
def galley(c: str, bg: str) -> list:
    """An oared galley: a long low hull with a ram, one square sail, a row of oars."""
    hull = Path(
        (
            ("M", 0.03, 0.52),
            ("L", 0.97, 0.52),
            ("L", 0.88, 0.64),
            ("L", 0.96, 0.66),
            ("L", 0.84, 0.7),
            ("L", 0.16, 0.7),
            ("C", 0.08, 0.66, 0.04, 0.6, 0.03, 0.52),
            ("Z",),
        ),
        fill=c,
    )
    items: list = [
        Line(0.48, 0.1, 0.48, 0.54, stroke=c, width=0.04),
        Rect(0.3, 0.14, 0.36, 0.3, fill=c, radius=0.02),
        Line(0.3, 0.13, 0.66, 0.13, stroke=c, width=0.04),
        hull,
        Line(0.1, 0.58, 0.9, 0.58, stroke=bg, width=0.02),
    ]
    for k in range(6):
        x = 0.2 + k * 0.11
        items.append(Line(x, 0.68, x - 0.08, 0.88, stroke=c, width=0.03))
    return items


def steamship(c: str, bg: str) -> list:
    """A steamship: a hull with a deckhouse, two funnels and a plume of smoke."""
    hull = Path(
        (
            ("M", 0.03, 0.58),
            ("L", 0.97, 0.58),
            ("L", 0.86, 0.82),
            ("L", 0.12, 0.82),
            ("Z",),
        ),
        fill=c,
    )
    return [
        Rect(0.22, 0.46, 0.56, 0.13, fill=c),
        Rect(0.36, 0.22, 0.1, 0.25, fill=c),
        Rect(0.56, 0.26, 0.1, 0.21, fill=c),
        Rect(0.36, 0.26, 0.1, 0.03, fill=bg),
        Rect(0.56, 0.3, 0.1, 0.03, fill=bg),
        Circle(0.34, 0.13, 0.06, fill=c),
        Circle(0.25, 0.08, 0.045, fill=c),
        hull,
        Line(0.12, 0.66, 0.88, 0.66, stroke=bg, width=0.025),
        Circle(0.3, 0.72, 0.025, fill=bg),
        Circle(0.42, 0.72, 0.025, fill=bg),
        Circle(0.54, 0.72, 0.025, fill=bg),
    ]


# -- goods ----------------------------------------------------------------------------------
def food(c: str, bg: str) -> list:
    """A sheaf of three ears of grain, tied: food."""
    items: list = []
    for a in (-24.0, 0.0, 24.0):
        t = math.radians(a)
        ux, uy = math.sin(t), -math.cos(t)  # along the stem, upwards
        bx, by = 0.5 + 0.2 * ux, 0.7 + 0.2 * uy  # the foot of the ear
        items.append(Line(0.5 - 0.26 * ux, 0.7 - 0.26 * uy, bx, by, stroke=c, width=0.045))
        for k in range(4):
            d = 0.06 + k * 0.085
            cx, cy = bx + d * ux, by + d * uy
            for side in (-1, 1):
                ox, oy = -uy * side * 0.045, ux * side * 0.045
                items.append(Circle(cx + ox, cy + oy, 0.045, fill=c))
        items.append(Circle(bx + 0.4 * ux, by + 0.4 * uy, 0.04, fill=c))
    items.append(Rect(0.4, 0.66, 0.2, 0.07, fill=c, radius=0.02))
    return items


def oil(c: str, bg: str) -> list:
    """An amphora: oil."""
    body = Path(
        (
            ("M", 0.42, 0.2),
            ("C", 0.2, 0.3, 0.18, 0.62, 0.44, 0.86),
            ("L", 0.5, 0.96),
            ("L", 0.56, 0.86),
            ("C", 0.82, 0.62, 0.8, 0.3, 0.58, 0.2),
            ("Z",),
        ),
        fill=c,
    )
    return [
        body,
        Rect(0.42, 0.08, 0.16, 0.14, fill=c),
        Rect(0.38, 0.05, 0.24, 0.05, fill=c, radius=0.02),
        Path((("M", 0.42, 0.14), ("C", 0.26, 0.12, 0.24, 0.28, 0.34, 0.32)), stroke=c, width=0.05),
        Path((("M", 0.58, 0.14), ("C", 0.74, 0.12, 0.76, 0.28, 0.66, 0.32)), stroke=c, width=0.05),
        Path((("M", 0.34, 0.5), ("C", 0.44, 0.54, 0.56, 0.54, 0.66, 0.5)), stroke=bg, width=0.03),
    ]


def metal(c: str, bg: str) -> list:
    """Three bars stacked: metal."""
    return [
        _poly([(0.06, 0.86), (0.46, 0.86), (0.4, 0.68), (0.12, 0.68)], fill=c),
        _poly([(0.54, 0.86), (0.94, 0.86), (0.88, 0.68), (0.6, 0.68)], fill=c),
        _poly([(0.3, 0.62), (0.7, 0.62), (0.64, 0.44), (0.36, 0.44)], fill=c),
        Line(0.15, 0.74, 0.37, 0.74, stroke=bg, width=0.03),
        Line(0.63, 0.74, 0.85, 0.74, stroke=bg, width=0.03),
        Line(0.39, 0.5, 0.61, 0.5, stroke=bg, width=0.03),
    ]


def wine(c: str, bg: str) -> list:
    """A bunch of grapes with a leaf: wine."""
    items: list = [
        Path((("M", 0.5, 0.22), ("C", 0.52, 0.14, 0.56, 0.08, 0.62, 0.05)), stroke=c, width=0.05),
        Path(
            (
                ("M", 0.56, 0.16),
                ("C", 0.7, 0.06, 0.9, 0.1, 0.92, 0.22),
                ("C", 0.8, 0.3, 0.64, 0.28, 0.56, 0.16),
                ("Z",),
            ),
            fill=c,
        ),
    ]
    rows = ((0.32, 4), (0.46, 3), (0.6, 3), (0.74, 2), (0.87, 1))
    for y, n in rows:
        for k in range(n):
            x = 0.5 + (k - (n - 1) / 2) * 0.15
            items.append(Circle(x, y, 0.075, fill=c, stroke=bg, width=0.015))
    return items


def cloth(c: str, bg: str) -> list:
    """A bolt of cloth: a roll with the cloth unwound below it."""
    return [
        _poly([(0.18, 0.46), (0.82, 0.46), (0.9, 0.92), (0.1, 0.92)], fill=c),
        Line(0.16, 0.62, 0.84, 0.62, stroke=bg, width=0.025),
        Line(0.14, 0.76, 0.86, 0.76, stroke=bg, width=0.025),
        Rect(0.12, 0.14, 0.76, 0.34, fill=c, radius=0.17),
        Circle(0.29, 0.31, 0.12, fill=bg),
        Circle(0.29, 0.31, 0.05, fill=c),
        Line(0.42, 0.16, 0.84, 0.16, stroke=bg, width=0.02),
    ]


# -- pieces ---------------------------------------------------------------------------------
def gear(c: str, bg: str) -> list:
    """A cog wheel: industry."""
    pts = []
    teeth = 8
    for k in range(teeth * 4):
        a = 2 * math.pi * k / (teeth * 4)
        r = 0.46 if (k % 4) in (1, 2) else 0.35
        pts.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    return [_poly(pts, fill=c), Circle(0.5, 0.5, 0.14, fill=bg)]


def cube(c: str, bg: str) -> list:
    """A wooden cube in perspective."""
    return [
        _poly([(0.5, 0.06), (0.92, 0.26), (0.5, 0.46), (0.08, 0.26)], fill=c),
        _poly([(0.08, 0.3), (0.48, 0.5), (0.48, 0.94), (0.08, 0.74)], fill=c),
        _poly([(0.52, 0.5), (0.92, 0.3), (0.92, 0.74), (0.52, 0.94)], fill=c),
        Line(0.5, 0.46, 0.5, 0.96, stroke=bg, width=0.04),
        Line(0.08, 0.28, 0.5, 0.48, stroke=bg, width=0.04),
        Line(0.92, 0.28, 0.5, 0.48, stroke=bg, width=0.04),
    ]


def free_cube(c: str, bg: str) -> list:
    """A cube drawn in outline with a star: a free action cube (any colour)."""
    w = 0.05
    star = []
    for k in range(10):
        r = 0.16 if k % 2 == 0 else 0.07
        a = -math.pi / 2 + k * math.pi / 5
        star.append((0.7 + r * math.cos(a), 0.62 + r * math.sin(a)))
    return [
        _poly([(0.5, 0.06), (0.92, 0.26), (0.5, 0.46), (0.08, 0.26)], stroke=c, width=w),
        _poly([(0.08, 0.26), (0.5, 0.46), (0.5, 0.94), (0.08, 0.74)], stroke=c, width=w),
        _poly([(0.5, 0.46), (0.92, 0.26), (0.92, 0.74), (0.5, 0.94)], stroke=c, width=w),
        _poly(star, fill=c),
    ]


def card(c: str, bg: str) -> list:
    """A playing card, a second one behind it."""
    return [
        Rect(0.3, 0.06, 0.5, 0.7, fill=c, radius=0.06),
        Rect(0.18, 0.2, 0.52, 0.74, fill=bg, stroke=c, width=0.05, radius=0.06),
        Line(0.28, 0.38, 0.6, 0.38, stroke=c, width=0.05),
        Line(0.28, 0.52, 0.6, 0.52, stroke=c, width=0.05),
        Line(0.28, 0.66, 0.5, 0.66, stroke=c, width=0.05),
    ]


def city(c: str, bg: str) -> list:
    """A walled town with a tower: a city space."""
    return [
        _poly(
            [
                (0.08, 0.9),
                (0.08, 0.5),
                (0.16, 0.5),
                (0.16, 0.42),
                (0.26, 0.42),
                (0.26, 0.5),
                (0.38, 0.5),
                (0.38, 0.22),
                (0.5, 0.08),
                (0.62, 0.22),
                (0.62, 0.5),
                (0.74, 0.5),
                (0.74, 0.42),
                (0.84, 0.42),
                (0.84, 0.5),
                (0.92, 0.5),
                (0.92, 0.9),
            ],
            fill=c,
        ),
        Path(
            (("M", 0.42, 0.9), ("L", 0.42, 0.74), ("C", 0.42, 0.64, 0.58, 0.64, 0.58, 0.74)),
            fill=bg,
        ),
        Rect(0.42, 0.74, 0.16, 0.16, fill=bg),
        Rect(0.46, 0.3, 0.08, 0.1, fill=bg),
    ]


TRADE_ICONS = {
    "card": card,
    "city": city,
    "cloth": cloth,
    "cube": cube,
    "food": food,
    "free-cube": free_cube,
    "galley": galley,
    "gear": gear,
    "metal": metal,
    "oil": oil,
    "steamship": steamship,
    "wine": wine,
}
