"""Paragraphs set into a box: wrapped, shrunk until they fit, with **bold** runs.

``set_paragraphs`` returns ``Text`` items, one per run of one line, so both backends draw
exactly what was measured here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from portolan.generator.draw import Text
from portolan.generator.fonts import PT, width_mm
from portolan.generator.legibility import BODY

_BOLD = re.compile(r"\*\*(.+?)\*\*")
ASCENT = 0.76  # Vera's cap height is ~0.73 em; a little more keeps accents inside the box
DESCENT = 0.24


@dataclass(frozen=True)
class Word:
    text: str
    face: str
    glued: bool = False  # follows the previous word without a space ("**Hull**." -> "Hull.")


def words(paragraph: str, face: str = "regular") -> list[Word]:
    """Split a paragraph into words, each with its face; ``**x**`` is bold."""
    out: list[Word] = []
    bold = "bolditalic" if face == "italic" else "bold"
    pos = 0
    pieces: list[tuple[str, str]] = []
    for m in _BOLD.finditer(paragraph):
        pieces.append((paragraph[pos : m.start()], face))
        pieces.append((m.group(1), bold))
        pos = m.end()
    pieces.append((paragraph[pos:], face))
    previous = ""
    for text, piece_face in pieces:
        for k, w in enumerate(text.split()):
            touching = not text[:1].isspace() and not previous[-1:].isspace()
            out.append(Word(w, piece_face, k == 0 and bool(out) and touching))
        if text:
            previous = text
    return out


def plain(paragraph: str) -> str:
    return _BOLD.sub(r"\1", paragraph)


_COUNT = re.compile(r"^\d+$")  # "1 gold"
_MODIFIER = re.compile(r"^[−+\-]\d+[.,;:)]?$")  # "Strength −1"
_ENDS_CLAUSE = re.compile(r"^\d+[.,;:)]?$")  # "Progress 0;" (or the text's last word)
_PAIRS = {("No", "effect"), ("No", "effect."), ("No", "effect,")}


def keeps_together(texts: list[str]) -> list[bool]:
    """For each word, whether a line may not break just before it: a count stays with the
    word it counts ("1 gold", not "1 / gold"); a signed number, and a number that ends a
    clause, with the word before it ("Strength −1", "Progress 0;"); "No effect" stays whole."""
    out = [False] * len(texts)
    for k in range(1, len(texts)):
        before, word = texts[k - 1], texts[k]
        last = k == len(texts) - 1
        ends = last or not word[-1:].isalnum()
        out[k] = (
            (_COUNT.match(before) is not None and word[:1].isalpha())
            or _MODIFIER.match(word) is not None
            or (ends and _ENDS_CLAUSE.match(word) is not None)
            or (before, word) in _PAIRS
        )
    return out


def wrap(ws: list[Word], size: float, width: float) -> list[list[Word]]:
    # A word and the words glued to it ("**Hull**.") move to the next line together, and so
    # do the words ``keeps_together`` binds.
    units: list[list[Word]] = []
    bound = keeps_together([w.text for w in ws])
    for k, w in enumerate(ws):
        if (w.glued or bound[k]) and units:
            units[-1].append(w)
        else:
            units.append([w])
    widths = [sum(width_mm(w.text, w.face, size) for w in unit) for unit in units]
    return fill_lines(units, widths, width_mm(" ", "regular", size), width)


def fill_lines(units: list[list], widths: list[float], space: float, width: float) -> list[list]:
    """``units`` (words that move to the next line together, each ``widths`` wide) filled into
    lines no wider than ``width`` with a ``space`` between units; a unit wider than that
    stands on a line of its own."""
    lines: list[list] = []
    line: list = []
    used = 0.0
    for unit, ulen in zip(units, widths, strict=True):
        extra = ulen + (space if line else 0.0)
        if line and used + extra > width:
            lines.append(line)
            line, used = list(unit), ulen
        else:
            line.extend(unit)
            used += extra
    if line:
        lines.append(line)
    return lines


def line_width(line: list[Word], size: float) -> float:
    space = width_mm(" ", "regular", size)
    gaps = sum(1 for w in line[1:] if not w.glued)
    return sum(width_mm(w.text, w.face, size) for w in line) + space * gaps


@dataclass(frozen=True)
class SetText:
    items: list[Text]
    size: float
    height: float
    fits: bool


def set_paragraphs(
    paragraphs: list[str],
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    max_size: float = 8.0,
    min_size: float = BODY,
    face: str = "regular",
    fill: str = "#000000",
    align: str = "left",
    leading: float = 1.22,
    gap: float = 0.45,
    valign: str = "top",
) -> SetText:
    """Set ``paragraphs`` into the box at (x, y, width, height), shrinking the size in 0.25 pt
    steps until everything fits (never below ``min_size``; ``fits`` says whether it did)."""
    parsed = [words(p, face) for p in paragraphs if p and p.strip()]
    size = max_size
    while True:
        wrapped = [wrap(ws, size, width) for ws in parsed]
        longest = max((line_width(ln, size) for para in wrapped for ln in para), default=0.0)
        step = size * PT * leading
        n_lines = sum(len(p) for p in wrapped)
        total = 0.0
        if n_lines:  # at least one paragraph
            total = (
                (ASCENT + DESCENT) * size * PT
                + (n_lines - 1) * step
                + (len(wrapped) - 1) * gap * step
            )
        fits = total <= height + 1e-6 and longest <= width + 1e-6
        if fits or size <= min_size:
            break
        size = max(min_size, size - 0.25)
    items: list[Text] = []
    top = y + (height - total) / 2 if valign == "middle" else y
    baseline = top + ASCENT * size * PT
    for para in wrapped:
        for ln in para:
            lw = line_width(ln, size)
            cx = {"left": x, "centre": x + (width - lw) / 2, "right": x + width - lw}[align]
            items += _runs(ln, cx, baseline, size, fill)
            baseline += step
        baseline += gap * step
    return SetText(items, size, total, fits)


def _runs(line: list[Word], x: float, baseline: float, size: float, fill: str) -> list[Text]:
    """Merge neighbouring words of the same face into one Text item each."""
    out: list[Text] = []
    space = width_mm(" ", "regular", size)
    run = ""
    run_face = line[0].face
    run_x = x
    for k, w in enumerate(line):
        sep = "" if (k == 0 or w.glued) else " "
        if w.face != run_face:
            out.append(Text(run_x, baseline, run, size, run_face, fill))
            run_x += width_mm(run, run_face, size) + (space if sep else 0.0)
            run, run_face, sep = "", w.face, ""
        run += sep + w.text
    out.append(Text(run_x, baseline, run, size, run_face, fill))
    return out
