"""What a build is asked for (``portolan build``'s options), importable without the printer:
the command line checks them and decides what is up to date before reportlab is loaded.
Every field is part of the skip-unchanged fingerprint (generator/fingerprint.py)."""

from __future__ import annotations

from dataclasses import dataclass

from portolan.errors import InputError, Problem, did_you_mean
from portolan.sizes import card_sizes, printer_limits

# Every format a build writes (the last two are exports, generator/exports/).
FORMATS = ("pdf", "svg", "png", "tts", "cards-png")


@dataclass(frozen=True)
class BuildOptions:
    """What ``portolan build`` was asked for (docs/printing.md says what each does)."""

    page: str = "a4"
    bleed: float = 3.0
    duplex: str = "long"  # long | short | none | fold
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    grayscale: bool = False
    formats: tuple[str, ...] = ("pdf", "svg")
    layout: str = "packed"  # packed | gutters
    printer_margin: float = printer_limits()[0]
    sides: str = "both"  # both | fronts | backs
    sheets: str = "shared"  # shared | per-deck
    card_size: tuple[tuple[str, str], ...] = ()  # (component id or '*', size preset)
    board_page: str | None = None  # paper for boards too large for the page

    @property
    def theme(self):
        from portolan.generator.theme import Theme

        return Theme(ink_saver=self.ink_saver, gray=self.grayscale)

    def sheet(self, page: str | None = None):
        """The sheet options on ``page`` (by default the build's paper)."""
        from portolan.generator.layout.sheet import SheetOptions
        from portolan.sizes import papers

        size = papers()[page or self.page]
        return SheetOptions(
            (size.width, size.height),
            self.bleed,
            self.duplex,
            self.back_offset,
            self.printer_margin,
            self.layout,
            self.sides,
        )


def parse_card_size(value: str, option: str = "--card-size") -> tuple[tuple[str, str], ...]:
    """``poker-us`` (every deck and aid) or ``id=size,id=size`` (those components), checked
    against the presets of sizes.yaml."""
    sizes = card_sizes()
    out = []
    for part in [p.strip() for p in value.split(",") if p.strip()]:
        target, _, name = part.rpartition("=")
        name = name.strip().lower()
        if name not in sizes:
            raise InputError(
                Problem(
                    f"unknown card size '{name}'",
                    file="command line",
                    field=option,
                    hint=did_you_mean(name, sizes) or f"one of {', '.join(sizes)}",
                )
            )
        out.append((target.strip() or "*", name))
    return tuple(out)
