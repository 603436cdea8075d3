"""What every printed page carries besides its items: the header (game, component, side, bleed,
page), two 50 mm scale bars (one across, one down) and notes. Shared by card sheets, counter
sheets, tiles, the assembly page, large sheets, score pads and the registration test.

Nothing is printed closer to the paper's edge than the printer margin, nor on the art, nor on a
crop mark: the free room is found from the marks actually on the page (``Margins``).
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

from portolan.generator.draw import Group, Line, Rect, Text
from portolan.generator.fonts import PT, fit_size, width_mm
from portolan.generator.legibility import FURNITURE

MARK_WIDTH = 0.25
MARK_CLEARANCE = 1.2  # between a crop mark and furniture
ART_CLEARANCE = 0.6  # between the art's bleed edge and furniture
SCALE_BAR = 50.0
BAR_W = 1.2
INK = "#000000"
TEXT = "#333333"
HEADER_PT = 7.0
NOTE_PT = 6.5
BAR_LABEL = "Print at 100 % (no scaling): each bar is 50 mm"
BAR_LABEL_SHORT = "100 %: bars 50 mm"
BAND = 7.0  # the deepest a band is used

Span = tuple[float, float]


@dataclass(frozen=True)
class Margins:
    """The free bands round a page's art (top and bottom: y ranges; left and right: x ranges),
    and the stretches of each band that no mark crosses."""

    width: float
    height: float
    top: Span
    bottom: Span
    intervals: tuple[Span, ...]  # free x stretches of the top band
    left: Span = (0.0, 0.0)
    right: Span = (0.0, 0.0)
    bottom_intervals: tuple[Span, ...] | None = None  # default: as the top band
    left_intervals: tuple[Span, ...] = ()  # free y stretches of the left band
    right_intervals: tuple[Span, ...] = ()

    @property
    def below(self) -> tuple[Span, ...]:
        return self.intervals if self.bottom_intervals is None else self.bottom_intervals


def _free(lo: float, hi: float, blocked: list[Span]) -> tuple[Span, ...]:
    """The parts of [lo, hi] outside every blocked stretch."""
    out = []
    x = lo
    for a, b in sorted(blocked):
        if a > x:
            out.append((x, min(a, hi)))
        x = max(x, b)
        if x >= hi:
            break
    if x < hi:
        out.append((x, hi))
    return tuple((a, b) for a, b in out if b - a > 1e-6)


def _crosses(a: float, b: float, band: Span) -> bool:
    lo, hi = sorted((a, b))
    return hi > band[0] - MARK_CLEARANCE and lo < band[1] + MARK_CLEARANCE


def margins_around(
    width: float,
    height: float,
    margin: float,
    art: tuple[float, float, float, float],
    obstacles: list[Line],
) -> Margins:
    """The free bands between the printer margin and ``art`` (x0, y0, x1, y1: the bleed box of
    everything printed), less the stretches crossed by ``obstacles`` (crop marks, fold lines)."""
    x0, y0, x1, y1 = art
    # at most BAND deep, along the paper's edge
    top = (margin, min(y0 - ART_CLEARANCE, margin + BAND))
    bottom = (max(y1 + ART_CLEARANCE, height - margin - BAND), height - margin)
    left = (margin, min(x0 - ART_CLEARANCE, margin + BAND))
    right = (max(x1 + ART_CLEARANCE, width - margin - BAND), width - margin)

    def across(band: Span) -> tuple[Span, ...]:
        blocked = [
            (min(ln.x1, ln.x2) - MARK_CLEARANCE, max(ln.x1, ln.x2) + MARK_CLEARANCE)
            for ln in obstacles
            if _crosses(ln.y1, ln.y2, band)
        ]
        return _free(margin, width - margin, blocked)

    def down(band: Span) -> tuple[Span, ...]:
        blocked = [
            (min(ln.y1, ln.y2) - MARK_CLEARANCE, max(ln.y1, ln.y2) + MARK_CLEARANCE)
            for ln in obstacles
            if _crosses(ln.x1, ln.x2, band)
        ]
        # the corners belong to the top and bottom bands
        return _free(max(margin, top[1]), min(height - margin, bottom[0]), blocked)

    return Margins(
        width,
        height,
        top,
        bottom,
        across(top),
        left,
        right,
        across(bottom),
        down(left),
        down(right),
    )


@functools.lru_cache(maxsize=4096)  # the same runs of a header are tried on every page
def _text_in(
    lo: float,
    hi: float,
    band: Span,
    text: str,
    align: str,
    max_pt: float = HEADER_PT,
    face: str = "regular",
) -> Text | None:
    """``text`` in [lo, hi] of ``band``, as large as fits up to ``max_pt``; None if it does not
    fit at the furniture's smallest legible size."""
    y0, y1 = band
    size = fit_size(text, face, min(max_pt, (y1 - y0) * 0.8 / PT), hi - lo, FURNITURE)
    if size < FURNITURE - 1e-9 or width_mm(text, face, size) > hi - lo + 1e-6:
        return None
    baseline = (y0 + y1) / 2 + size * PT * 0.36
    x, anchor = {"left": (lo, "start"), "centre": ((lo + hi) / 2, "middle"), "right": (hi, "end")}[
        align
    ]
    return Text(x, baseline, text, size, face, TEXT, anchor)


def _splits(n: int, k: int):
    """Every way to cut ``n`` items into ``k`` non-empty runs, as run lengths."""
    if k == 1:
        yield (n,)
        return
    for first in range(1, n - k + 2):
        for rest in _splits(n - first, k - 1):
            yield (first, *rest)


def _line(parts: list[str], faces: list[str], intervals: list[Span], band: Span, max_pt: float):
    """The best placement of ``parts`` in order over ``intervals``: contiguous runs joined by
    ' · ', one run per interval used, the first run left-aligned and the last right-aligned.
    Best is the largest smallest size (to half a point), then the most stretches used; None
    if nothing fits at the legible minimum."""
    best: tuple[float, list[Text]] | None = None
    n = len(parts)
    for k in range(1, min(n, len(intervals)) + 1):
        for runs in _splits(n, k):
            for chosen in itertools.combinations(range(len(intervals)), k):
                if k > 1 and (chosen[0] != 0 or chosen[-1] != len(intervals) - 1):
                    continue  # spread from the first stretch to the last
                texts: list[Text] = []
                start = 0
                ok = True
                for j, (length, iv) in enumerate(zip(runs, chosen, strict=True)):
                    run = parts[start : start + length]
                    face = faces[start] if length == 1 else "regular"
                    start += length
                    align = "centre" if k == 1 else ("left" if j == 0 else "right")
                    if 0 < j < k - 1:
                        align = "centre"
                    lo, hi = intervals[iv]
                    t = _text_in(lo, hi, band, " · ".join(run), align, max_pt, face)
                    if t is None:
                        ok = False
                        break
                    texts.append(t)
                if ok:
                    score = (int(min(t.size for t in texts) * 2 + 1e-6), k)
                    if best is None or score > best[0]:
                        best = (score, texts)
    return None if best is None else best[1]


def header(m: Margins, parts: list[str]) -> list:
    """The parts in the top band between the marks, the first (the game) in bold. When they do
    not all fit at the smallest legible size, the game's name goes first, then the parts before
    the last two (the side and bleed, then the page number, are kept longest).

    A page whose art leaves no top band for even the page number (a page-sized mat or a sheet
    of four aids on Letter) has the header down its right-hand band instead, turned a quarter
    clockwise (read from the top down), clear of the marks and of the scale bar: the art keeps
    its size (its bleed is what the grid could give, see ``layout/grid.py``)."""
    if not parts:
        return []
    top = _header_in(m.intervals, m.top, parts)
    if top or m.right[1] - m.right[0] < 1e-6:
        return top
    # Down the right band: along the band is the text's x (the page's y), across it the
    # text's y, 0 at the paper's edge side (the page's x, read from the band's outer side).
    blocked = [(b.y, b.y + b.h) for b in vertical_bar(m) if b.x >= m.right[0] - 1e-6]
    intervals = m.right_intervals
    if blocked:
        lo, hi = min(b[0] for b in blocked), max(b[1] for b in blocked)
        intervals = tuple(
            iv for a, b in intervals for iv in _free(a, b, [(lo - MARK_CLEARANCE, hi + 1)])
        )
    across = (0.0, m.right[1] - m.right[0])
    placed = _header_in(intervals, across, parts)
    if not placed:
        return []
    return [Group(tuple(placed), dx=m.right[1], dy=0.0, rotate=90)]


def _header_in(intervals: tuple[Span, ...], band: Span, parts: list[str]) -> list[Text]:
    usable = [iv for iv in intervals if iv[1] - iv[0] >= 12]
    if not usable:
        return []
    tries = [(parts, ["bold"] + ["regular"] * (len(parts) - 1))]
    rest = parts[1:]
    while rest:
        tries.append((rest, ["regular"] * len(rest)))
        rest = rest[1:] if len(rest) > 2 else rest[-1:] if len(rest) == 2 else []
    for keep, faces in tries:
        placed = _line(keep, faces, usable, band, HEADER_PT)
        if placed is not None:
            return placed
    return []


def _bar(x: float, y: float, length: float, across: bool) -> list:
    """A 50 mm bar of five 10 mm blocks, alternately filled."""
    if across:
        items: list = [Rect(x, y, length, BAR_W, stroke=INK, width=0.15)]
        items += [Rect(x + k * 10, y, 10, BAR_W, fill=INK) for k in range(0, 5, 2)]
    else:
        items = [Rect(x, y, BAR_W, length, stroke=INK, width=0.15)]
        items += [Rect(x, y + k * 10, BAR_W, 10, fill=INK) for k in range(0, 5, 2)]
    return items


def vertical_bar(m: Margins) -> list:
    """The 50 mm bar down the page: in the left band (or the right one), in the free stretch
    nearest the page's middle."""
    for band, intervals in ((m.left, m.left_intervals), (m.right, m.right_intervals)):
        if band[1] - band[0] < BAR_W + 0.4:
            continue
        fitting = [iv for iv in intervals if iv[1] - iv[0] >= SCALE_BAR]
        if not fitting:
            continue
        middle = m.height / 2
        lo, hi = min(fitting, key=lambda iv: abs((iv[0] + iv[1]) / 2 - middle))
        y = min(max(lo, middle - SCALE_BAR / 2), hi - SCALE_BAR)
        x = (band[0] + band[1]) / 2 - BAR_W / 2
        return _bar(x, y, SCALE_BAR, across=False)
    return []


def scale_bar(m: Margins, note: str = "", notes: tuple[str, ...] = ()) -> list:
    """Both scale bars, with 'print at 100 %' and the notes.

    The bar across goes in the bottom band, in the free stretch nearest the page centre; its
    label goes beside it in the same stretch when there is room, otherwise in the stretch to
    its left; the notes go to its right (the bar moving left in its stretch, if that gives the
    first note room: how to flip the sheet must not be lost), then in any stretch left free.
    """
    y0, y1 = m.bottom
    band = (y0, y1)
    intervals = list(m.below)
    centre = m.width / 2
    items: list = vertical_bar(m)
    fitting = [iv for iv in intervals if iv[1] - iv[0] >= SCALE_BAR]
    if not fitting or y1 - y0 < BAR_W + 0.4:
        return items + down_the_side(m, [BAR_LABEL, *(n for n in (note, *notes) if n)])
    lo, hi = min(fitting, key=lambda iv: abs((iv[0] + iv[1]) / 2 - centre))
    label_w = width_mm(BAR_LABEL, "regular", FURNITURE)
    spare = (hi - lo) - SCALE_BAR
    inside = spare >= label_w + 3
    x0 = max(lo + label_w + 3, centre - SCALE_BAR / 2) if inside else (lo + hi) / 2 - SCALE_BAR / 2
    x0 = min(x0, hi - SCALE_BAR)
    free = [iv for iv in intervals if iv != (lo, hi)]
    label = None
    if not inside:
        for iv in sorted((iv for iv in free if iv[1] <= lo), key=lambda iv: -iv[1]):
            label = _text_in(*iv, band, BAR_LABEL, "right", NOTE_PT)
            label = label or _text_in(*iv, band, BAR_LABEL_SHORT, "right", NOTE_PT)
            if label:
                free.remove(iv)
                break
    if note and (inside or label):
        # the bar moves left in its stretch (never over its label) if that gives the note room
        need = width_mm(note, "regular", FURNITURE) + 2
        least = lo + label_w + 3 if inside else lo
        if x0 + SCALE_BAR + need > hi and hi - SCALE_BAR - need >= least:
            x0 = hi - SCALE_BAR - need
    by = (y0 + y1) / 2 - BAR_W / 2
    items += _bar(x0, by, SCALE_BAR, across=True)
    if inside:
        label = _text_in(lo, x0 - 2, band, BAR_LABEL, "right", NOTE_PT)
    elif label is None and x0 - lo > 9:
        label = _text_in(lo, x0 - 1, band, BAR_LABEL_SHORT, "right", NOTE_PT)
        label = label or _text_in(lo, x0 - 1, band, "100 %", "right", NOTE_PT)
    missing = []  # what the band under the art has no room for goes down the side
    if label:
        items.append(label)
    else:
        missing.append(BAR_LABEL)
    rest = [(x0 + SCALE_BAR + 2, hi), *sorted(iv for iv in free if iv[0] >= hi)]
    rest += sorted((iv for iv in free if iv[1] <= lo), key=lambda iv: -iv[0])
    for text in [n for n in (note, *notes) if n]:
        for k, iv in enumerate(rest):
            placed = _text_in(*iv, band, text, "left" if iv[0] >= x0 else "right", NOTE_PT)
            if placed:
                items.append(placed)
                used = width_mm(text, "regular", placed.size) + 3
                rest[k] = (iv[0] + used, iv[1]) if iv[0] >= x0 else (iv[0], iv[1] - used)
                break
        else:
            missing.append(text)
    return items + down_the_side(m, missing) if missing else items


def down_the_side(m: Margins, texts: list[str]) -> list:
    """``texts`` the band under the art has no room for (the scale bar's caption, how to flip
    the sheet: a page-sized mat on Letter), down the left band instead, turned a quarter
    clockwise as a side header is, clear of the marks and of the scale bar down the page. Each
    text is placed whole, or not at all if the band has no room for it either."""
    a, b = m.left
    if not texts or b - a < 2.0:
        return []
    blocked = [(r.y, r.y + r.h) for r in vertical_bar(m) if r.x < b]
    intervals = list(m.left_intervals)
    if blocked:
        lo, hi = min(y for y, _ in blocked), max(y for _, y in blocked)
        intervals = [iv for x, y in intervals for iv in _free(x, y, [(lo - 2, hi + 2)])]
    placed: list[Text] = []
    across = (0.0, b - a)
    for text in texts:  # the longest stretch first; what is used is taken out
        for k, (lo, hi) in sorted(enumerate(intervals), key=lambda e: e[1][0] - e[1][1]):
            t = _text_in(lo, hi, across, text, "left", NOTE_PT)
            if t is not None:
                placed.append(t)
                intervals[k] = (lo + width_mm(text, "regular", t.size) + 3, hi)
                break
    return [Group(tuple(placed), dx=b, dy=0.0, rotate=90)] if placed else []


def hatch(x: float, y: float, w: float, h: float, *, step: float, colour: str, width: float):
    """Diagonal lines ``step`` apart across a rectangle: where tiles overlap (glue goes there)."""
    lines = []
    k = -h
    while k < w:
        lines.append(Line(x + k, y + h, x + k + h, y, colour, width))
        k += step
    return Group(tuple(lines), clip=Rect(x, y, w, h))
