"""How the build options change the look: ink-saver and grayscale."""

from __future__ import annotations

from dataclasses import dataclass

from generator.colours import ColourFilter, grayscale, identity, luminance, shade, tint

WHITE = "#ffffff"
INK = "#1b1b1b"
GREY = "#6b6b6b"
LIGHT = 0.6  # colours brighter than this (yellow, white) take dark text and darker strokes


def on(colour: str) -> str:
    """The text colour that reads on a fill of ``colour``: white, or a dark shade of it."""
    return WHITE if luminance(colour) < LIGHT else shade(colour, 0.78)


def ink(colour: str) -> str:
    """``colour`` for text and thin lines on a light background: itself, or darkened if it is
    too pale to read there (a white or yellow ship colour). Colours darker than ``LIGHT`` are
    returned unchanged."""
    if luminance(colour) < LIGHT:
        return colour
    t = 0.0
    while luminance(shade(colour, t)) > 0.42 and t < 0.9:
        t += 0.05
    return shade(colour, t)


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
        A pale colour (luminance above ``LIGHT``) gets dark text instead of white."""
        return (tint(colour, 0.8), ink(colour)) if self.ink_saver else (colour, on(colour))
