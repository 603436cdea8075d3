"""Colour arithmetic on '#rrggbb' strings."""

from __future__ import annotations

from collections.abc import Callable

ColourFilter = Callable[[str], str]


def rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def hexof(r: float, g: float, b: float) -> str:
    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, round(v))) for v in (r, g, b)))


def mix(colour: str, other: str, t: float) -> str:
    """``t`` of the way from ``colour`` to ``other``."""
    a, b = rgb(colour), rgb(other)
    return hexof(*(x + (y - x) * t for x, y in zip(a, b, strict=True)))


def tint(colour: str, t: float) -> str:
    """Lighter: ``t`` = 0 is the colour, 1 is white."""
    return mix(colour, "#ffffff", t)


def shade(colour: str, t: float) -> str:
    """Darker: ``t`` = 0 is the colour, 1 is black."""
    return mix(colour, "#000000", t)


def luminance(colour: str) -> float:
    r, g, b = rgb(colour)
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def grayscale(colour: str) -> str:
    v = luminance(colour) * 255
    return hexof(v, v, v)


def identity(colour: str) -> str:
    return colour
