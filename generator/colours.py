"""Colour arithmetic on '#rrggbb' strings."""

from __future__ import annotations

import functools
from collections.abc import Callable

ColourFilter = Callable[[str], str]


@functools.lru_cache(maxsize=1024)  # a build asks for a few hundred colours, thousands of times
def rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def hexof(r: float, g: float, b: float) -> str:
    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, round(v))) for v in (r, g, b)))


@functools.lru_cache(maxsize=1024)
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


def _linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a colour (0 black .. 1 white)."""
    r, g, b = rgb(colour)
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours, 1 .. 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable(text: str, background: str, ratio: float) -> str:
    """``text`` darkened (or, on a dark background, lightened) just enough to reach ``ratio``
    against ``background``; black or white if even that is not enough."""
    if contrast(text, background) >= ratio:
        return text
    dark = relative_luminance(background) > 0.18
    step = shade if dark else tint
    t = 0.0
    while t < 1.0:
        t = min(1.0, t + 0.05)
        candidate = step(text, t)
        if contrast(candidate, background) >= ratio:
            return candidate
    return "#000000" if dark else "#ffffff"


def grayscale(colour: str) -> str:
    """The grey of the same WCAG relative luminance, so that every contrast ratio (and every
    label's 4.5:1) is the same in a grey print as in colour, up to rounding."""
    y = relative_luminance(colour)
    c = y * 12.92 if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055  # sRGB transfer
    v = c * 255
    return hexof(v, v, v)


def identity(colour: str) -> str:
    return colour
