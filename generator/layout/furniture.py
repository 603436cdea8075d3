"""What every printed page carries besides its items: the free bands of the margins, the
header (game, component, page) and the 50 mm scale bar. Shared by sheets, tiles, the assembly
page and large sheets."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from generator.draw import Rect, Text
from generator.fonts import PT, fit_size, width_mm
from portolan.sizes import printer_limits

MARK_WIDTH = 0.25
MARK_CLEARANCE = 1.2  # between a crop mark and header text
SCALE_BAR = 50.0
INK = "#000000"


@dataclass(frozen=True)
class Margins:
    """The free top and bottom bands of a page, and the stretches of them between crop marks."""

    width: float
    top: tuple[float, float]
    bottom: tuple[float, float]
    intervals: tuple[tuple[float, float], ...]


def free_intervals(width: float, cuts: list[float]) -> tuple[tuple[float, float], ...]:
    """Stretches of a margin band between the vertical cut lines that cross it."""
    unprintable, _ = printer_limits()
    edges = [unprintable - MARK_CLEARANCE, *cuts, width - unprintable + MARK_CLEARANCE]
    out = []
    for a, b in itertools.pairwise(edges):
        lo, hi = a + MARK_CLEARANCE, b - MARK_CLEARANCE
        if hi - lo > 0:
            out.append((lo, hi))
    return tuple(out)


def _text_in(
    lo: float,
    hi: float,
    band: tuple[float, float],
    text: str,
    align: str,
    max_pt: float = 7.0,
    face: str = "regular",
) -> Text:
    y0, y1 = band
    size = min(max_pt, (y1 - y0) * 0.62 / PT)
    size = fit_size(text, face, size, hi - lo, 3.5)
    baseline = (y0 + y1) / 2 + size * PT * 0.36
    x, anchor = {"left": (lo, "start"), "centre": ((lo + hi) / 2, "middle"), "right": (hi, "end")}[
        align
    ]
    return Text(x, baseline, text, size, face, "#333333", anchor)


def header(m: Margins, parts: list[str]) -> list[Text]:
    """Game, component and page, in the top margin between the crop marks."""
    band = m.top
    usable = [iv for iv in m.intervals if iv[1] - iv[0] >= 12]
    if not usable:
        return []
    if len(usable) >= 3 and len(parts) == 3:
        return [
            _text_in(*usable[0], band, parts[0], "left", face="bold"),
            _text_in(*usable[len(usable) // 2], band, parts[1], "centre"),
            _text_in(*usable[-1], band, parts[2], "right"),
        ]
    widest = max(usable, key=lambda iv: iv[1] - iv[0])
    return [_text_in(*widest, band, " · ".join(parts), "centre")]


def scale_bar(m: Margins, note: str) -> list:
    """A 50 mm bar in the bottom margin with 'print at 100 %', to check the printer's scale.

    The bar goes in the free stretch nearest the page centre; its label goes beside it in the
    same stretch when there is room, otherwise in the stretch to its left.
    """
    y0, y1 = m.bottom
    band = (y0, y1)
    intervals = m.intervals
    centre = m.width / 2
    fitting = [iv for iv in intervals if iv[1] - iv[0] >= SCALE_BAR]
    if not fitting:
        return []
    lo, hi = min(fitting, key=lambda iv: abs((iv[0] + iv[1]) / 2 - centre))
    bar_h = min(1.2, (y1 - y0) * 0.4)
    label = "Print at 100 % (no scaling): this bar is 50 mm"
    label_w = width_mm(label, "regular", 6.0)
    note_w = width_mm(note, "regular", 6.0)
    spare = (hi - lo) - SCALE_BAR
    inside = spare >= label_w + 3
    x0 = (
        max(lo + label_w + 3, (lo + hi) / 2 - SCALE_BAR / 2)
        if inside
        else ((lo + hi) / 2 - SCALE_BAR / 2)
    )
    by = (y0 + y1) / 2 - bar_h / 2
    items: list = [Rect(x0, by, SCALE_BAR, bar_h, stroke=INK, width=0.15)]
    for k in range(0, 5, 2):
        items.append(Rect(x0 + k * 10, by, 10, bar_h, fill=INK))
    left = [iv for iv in intervals if iv[1] <= lo and iv[1] - iv[0] >= 20]
    if inside:
        items.append(_text_in(lo, x0 - 2, band, label, "right", 6.0))
    elif left:
        items.append(_text_in(*left[-1], band, label, "right", 6.0))
    elif x0 - lo > 9:
        items.append(_text_in(lo, x0 - 1, band, "100 %", "right", 6.0))
    right = [iv for iv in intervals if iv[0] >= hi and iv[1] - iv[0] >= 20]
    if note and hi - (x0 + SCALE_BAR) >= note_w + 3:
        items.append(_text_in(x0 + SCALE_BAR + 2, hi, band, note, "left", 6.0))
    elif note and right:
        items.append(_text_in(*right[0], band, note, "left", 6.0))
    return items
