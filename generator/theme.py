"""How the build options change the look: ink-saver and grayscale."""

from __future__ import annotations

from dataclasses import dataclass

from generator.colours import ColourFilter, grayscale, identity, tint

WHITE = "#ffffff"
INK = "#1b1b1b"
GREY = "#6b6b6b"


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
        """(fill, text colour) of a title band: solid, or pale with dark text when saving ink."""
        return (tint(colour, 0.8), colour) if self.ink_saver else (colour, WHITE)
