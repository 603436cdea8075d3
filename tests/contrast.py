"""Contrast read back from a PDF: each visible character against what is painted under it.

A page is rendered twice with pdfium. Once with every text object made invisible: that is the
ground, everything the page paints except text. Once with each text object filled in a colour
of its own and text anti-aliasing off: the pixels of that colour are where that object's
glyphs show. For each character (its glyph box and fill colour from pdfium's text page), the
ground under the pixels its own object shows inside its box is what it is read on; the
commonest of those colours is compared with the character's colour (WCAG 2 ratio).

So a white "D" on a small red disc is judged against the disc, not the box around it; a glyph
covered by something drawn later (a tile's glue label) is judged only where it still shows;
a glyph cut away by a clip shows no pixel and is not judged; and a glyph the colour of its
ground (invisible) still paints its pixels, so it is caught at 1:1.
"""

from __future__ import annotations

import ctypes
from collections import Counter
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

DPI = 100


def _linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def _luminance(rgb) -> float:
    r, g, b = rgb
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


@cache
def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2 contrast of two 0..255 RGB colours (written apart from generator/colours.py)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _address(handle) -> int:
    return ctypes.cast(handle, ctypes.c_void_p).value or 0


def _code(n: int) -> tuple[int, int, int]:
    """A colour for the n-th text object of a page, distinct for every n below 2**24."""
    v = (n * 40503 + 1) % (1 << 24)  # spread over the cube, away from the greys
    return (v >> 16) & 255, (v >> 8) & 255, v & 255


def _chars(page) -> list[tuple[str, tuple[int, int, int], tuple[float, ...], int]]:
    """(text, fill colour, glyph box (left, right, bottom, top) in points, text object)."""
    textpage = page.get_textpage()
    out = []
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    try:
        for i in range(textpage.count_chars()):
            text = chr(raw.FPDFText_GetUnicode(textpage, i))
            if not text.strip() or not raw.FPDFText_GetCharBox(
                textpage, i, left, right, bottom, top
            ):
                continue
            raw.FPDFText_GetFillColor(textpage, i, r, g, b, a)
            box = (left.value, right.value, bottom.value, top.value)
            owner = _address(raw.FPDFText_GetTextObject(textpage, i))
            out.append((text, (r.value, g.value, b.value), box, owner))
    finally:
        textpage.close()
    return out


def _figure(page, outline: tuple[int, int, int] | None):
    """The box (left, bottom, right, top, in points) round the paths stroked in ``outline``
    wider than 20 mm: an assembly map's reduced board, a picture rather than text to read."""
    if outline is None:
        return None
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    boxes = []
    for obj in page.get_objects(filter=(raw.FPDF_PAGEOBJ_PATH,), max_depth=0):
        raw.FPDFPageObj_GetStrokeColor(obj, r, g, b, a)
        if (r.value, g.value, b.value) == outline:
            x0, y0, x1, y1 = obj.get_bounds()
            if x1 - x0 > 20 * 72 / 25.4:
                boxes.append((x0, y0, x1, y1))
    if not boxes:
        return None
    return (
        min(x[0] for x in boxes),
        min(x[1] for x in boxes),
        max(x[2] for x in boxes),
        max(x[3] for x in boxes),
    )


def _ground(code, marked: bytes, ground: bytes, width: int, box) -> Counter:
    """The ground colours under the pixels of ``marked`` in colour ``code`` in ``box``."""
    x0, y0, x1, y1 = box
    under: Counter = Counter()
    for y in range(y0, y1):
        start = (y * width + x0) * 3
        row = marked[start : start + (x1 - x0) * 3]
        i = row.find(code)
        while i != -1:
            if i % 3:  # the code straddles two pixels
                i = row.find(code, i + 1)
                continue
            q = ground[start + i : start + i + 3]
            if q != code:
                under[q] += 1
            i = row.find(code, i + 3)
    return under


def low_contrast(
    path: Path,
    ratio: float,
    pages: list[int] | None = None,
    outline: tuple[int, int, int] | None = None,
) -> Counter:
    """(page, text, colour, ground, ratio) of every character of ``path`` that reads below
    ``ratio`` on what is painted under it; ``pages`` (0-based) limits the pages looked at, and
    text on a figure outlined in ``outline`` (see ``_figure``) is not judged."""
    bad: Counter = Counter()
    doc = pdfium.PdfDocument(str(path))
    k = DPI / 72
    try:
        for index in range(len(doc)) if pages is None else pages:
            page = doc[index]
            height = page.get_height()
            chars = _chars(page)
            figure = _figure(page, outline)
            texts = list(page.get_objects(filter=(raw.FPDF_PAGEOBJ_TEXT,)))
            for t in texts:
                raw.FPDFTextObj_SetTextRenderMode(t, raw.FPDF_TEXTRENDERMODE_INVISIBLE)
            ground = page.render(scale=k).to_pil().convert("RGB")
            codes = {}
            for n, t in enumerate(texts):
                codes[_address(t.raw)] = bytes(_code(n))
                raw.FPDFTextObj_SetTextRenderMode(t, raw.FPDF_TEXTRENDERMODE_FILL)
                raw.FPDFPageObj_SetFillColor(t, *_code(n), 255)
            marked = page.render(scale=k, no_smoothtext=True).to_pil().convert("RGB")
            w, h = ground.size
            marked_bytes, ground_bytes = marked.tobytes(), ground.tobytes()
            for text, fg, (left, right, bottom, top), owner in chars:
                if figure and (
                    figure[0] <= (left + right) / 2 <= figure[2]
                    and figure[1] <= (bottom + top) / 2 <= figure[3]
                ):
                    continue
                box = (
                    max(int(left * k), 0),
                    max(int((height - top) * k), 0),
                    min(int(right * k) + 1, w),
                    min(int((height - bottom) * k) + 1, h),
                )
                if owner not in codes or box[0] >= box[2] or box[1] >= box[3]:
                    continue  # off the page
                under = _ground(codes[owner], marked_bytes, ground_bytes, w, box)
                if not under:
                    continue  # clipped away or covered
                bg = tuple(under.most_common(1)[0][0])
                value = contrast(fg, bg)
                if value < ratio:
                    bad[(index + 1, text, fg, bg, round(value, 2))] += 1
            page.close()
    finally:
        doc.close()
    return bad
