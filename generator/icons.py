"""Small vector icons, drawn in a unit square and scaled into any box.

Names are what the YAML's ``icon:`` keys may use; ``ICONS`` lists them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from generator.draw import Circle, Group, Line, Path, Rect


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


ICONS: dict[str, Callable[[str, str], list]] = {
    "anchor": anchor,
    "coin": coin,
    "compass": compass,
    "crew": crew,
    "flag": flag,
    "hazard": hazard,
    "shield": shield,
    "ship": ship,
    "star": star,
    "waves": waves,
}


def icon(
    name: str, x: float, y: float, size: float, colour: str, background: str = "#ffffff"
) -> Group:
    """The icon ``name`` in the square box (x, y, size), drawn in ``colour`` on ``background``."""
    return Group(tuple(ICONS[name](colour, background)), dx=x, dy=y, scale=size)
