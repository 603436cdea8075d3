"""The Vera fonts that ship inside reportlab: registered once, measured with ``stringWidth``.

Every PDF embeds them (subsets), so no printer substitutes a font and accented names such as
"Hernán Cortés" print as typed. SVGs name the same family; DejaVu Sans, a Vera derivative with
identical Latin metrics, is the usual fallback on Linux.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

import reportlab
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from portolan.generator.draw import Anchor, Face, Text

PT = 25.4 / 72  # millimetres per point

FACES = {
    "regular": ("Vera", "Vera.ttf"),
    "bold": ("Vera-Bold", "VeraBd.ttf"),
    "italic": ("Vera-Italic", "VeraIt.ttf"),
    "bolditalic": ("Vera-BoldItalic", "VeraBI.ttf"),
}
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"


@cache
def register() -> None:
    folder = Path(reportlab.__file__).parent / "fonts"
    for name, filename in FACES.values():
        pdfmetrics.registerFont(TTFont(name, str(folder / filename)))
    addMapping("Vera", 0, 0, "Vera")
    addMapping("Vera", 1, 0, "Vera-Bold")
    addMapping("Vera", 0, 1, "Vera-Italic")
    addMapping("Vera", 1, 1, "Vera-BoldItalic")


def font_name(face: str) -> str:
    return FACES[face][0]


@lru_cache(maxsize=1 << 16)
def width_mm(text: str, face: str, size_pt: float) -> float:
    # Cached: set_paragraphs and fit_size measure the same words at the same sizes many times.
    register()
    return pdfmetrics.stringWidth(text, font_name(face), size_pt) * PT


def fit_size(text: str, face: str, max_pt: float, width: float, min_pt: float = 4.0) -> float:
    """The largest size (in 0.25 pt steps) at which ``text`` fits ``width`` mm, at least min_pt."""
    natural = width_mm(text, face, max_pt)
    if natural <= width:
        return max_pt
    size = max_pt * width / natural
    return max(min_pt, int(size * 4) / 4)


def centred_text(
    x: float, cy: float, text: str, size: float, face: Face, fill: str, anchor: Anchor = "middle"
) -> Text:
    """One line of ``text`` whose capitals are centred on ``cy``: its baseline 0.36 em below."""
    return Text(x, cy + size * PT * 0.36, text, size, face, fill, anchor)
