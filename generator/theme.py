"""How the build options change the look: ink-saver and grayscale."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from portolan.generator.colours import (
    ColourFilter,
    contrast,
    grayscale,
    identity,
    readable,
    shade,
    tint,
)
from portolan.generator.legibility import CONTRAST_AIM as CONTRAST

WHITE = "#ffffff"
INK = "#1b1b1b"
GREY = "#6b6b6b"
PALE = 0.86  # the palest tint of a colour that text in that colour is printed on


@cache
def on(colour: str) -> str:
    """The text colour that reads on a fill of ``colour`` (WCAG contrast at least
    ``CONTRAST``): white, or else a dark shade of the colour (a silver coin, a yellow band)."""
    if contrast(WHITE, colour) >= CONTRAST:
        return WHITE
    dark = readable(shade(colour, 0.6), colour, CONTRAST)
    # a mid-tone neither white nor black reads well on: the better of the two (the legibility
    # test then asks for a darker or lighter colour in the palette)
    return dark if contrast(dark, colour) >= contrast(WHITE, colour) else WHITE


@cache
def ink(colour: str) -> str:
    """``colour`` for text and thin lines on a light background (white up to a pale tint of the
    colour): itself, or darkened until it reads there (a white or yellow ship colour)."""
    return readable(colour, tint(colour, PALE), CONTRAST)


@dataclass(frozen=True)
class Theme:
    ink_saver: bool = False
    gray: bool = False

    @property
    def colour_filter(self) -> ColourFilter:
        return grayscale if self.gray else identity

    def background(self, colour: str, light: float = 0.86) -> str:
        """A large background area: a pale tint of ``colour``, or white when saving ink."""
        return WHITE if self.ink_saver else tint(colour, light)

    def band(self, colour: str) -> tuple[str, str]:
        """(fill, text colour) of a title band: solid, or pale with dark text when saving ink.
        Text on a colour that white does not read on is a dark shade of it (``on``)."""
        if not self.ink_saver:
            return colour, on(colour)
        fill = tint(colour, 0.8)  # darker than the tints ``ink`` is made for: darker still
        return fill, readable(ink(colour), fill, CONTRAST)
