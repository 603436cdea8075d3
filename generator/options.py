"""What a build is asked for (``portolan build``'s options), importable without the printer:
the command line checks them and decides what is up to date before reportlab is loaded."""

from __future__ import annotations

from dataclasses import dataclass

# Every format a build writes (the last two are exports, generator/exports/).
FORMATS = ("pdf", "svg", "png", "tts", "cards-png")


@dataclass(frozen=True)
class BuildOptions:
    page: str = "a4"
    bleed: float = 3.0
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    grayscale: bool = False
    formats: tuple[str, ...] = ("pdf", "svg")

    @property
    def theme(self):
        from generator.theme import Theme

        return Theme(ink_saver=self.ink_saver, gray=self.grayscale)

    def sheet(self):
        from generator.layout.sheet import SheetOptions
        from portolan.sizes import papers

        size = papers()[self.page]
        return SheetOptions(
            (size.width, size.height), self.page, self.bleed, self.duplex, self.back_offset
        )
