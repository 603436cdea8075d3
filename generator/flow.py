"""Markup blocks flowed into a fixed box (a player aid card), shrunk until they all fit.

A table cell made only of ``[ ]`` marks is a row of write-in boxes, one a mark, each
``WRITE_IN`` mm square (room for a player's initial by hand, whatever the text size). The text
columns give up their width first; the boxes wrap onto more lines only if the table cannot
hold them in a row.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from portolan.generator.colours import readable, shade, tint
from portolan.generator.draw import Line, Rect, Text
from portolan.generator.fonts import PT, width_mm
from portolan.generator.legibility import BODY, CONTRAST_AIM
from portolan.generator.markup import Block, Bullets, Heading, Note, Para, Table
from portolan.generator.textbox import plain, set_paragraphs
from portolan.generator.theme import ink, on

TEXT = "#1f1f1f"
WRITE_IN = 8.0  # mm: the side of a write-in box
WRITE_GAP = 1.2  # mm between write-in boxes
WRITE_INK = "#4d4d4d"
_BOXES = re.compile(r"^(\[ \]\s*)+$")


def write_ins(text: str) -> int:
    """How many write-in boxes a table cell asks for (``[ ] [ ]``: 2); 0 for a text cell."""
    t = text.strip()
    return t.count("[ ]") if _BOXES.match(t) else 0


def _boxes_width(n: int) -> float:
    return n * WRITE_IN + (n - 1) * WRITE_GAP if n else 0.0


def _boxes(n: int, x: float, y: float, w: float) -> tuple[list, float]:
    """``n`` write-in boxes from (x, y), as many to a line as ``w`` holds (one at least)."""
    per_line = max(1, int((w + WRITE_GAP + 1e-6) // (WRITE_IN + WRITE_GAP)))
    items = [
        Rect(
            x + (k % per_line) * (WRITE_IN + WRITE_GAP),
            y + (k // per_line) * (WRITE_IN + WRITE_GAP),
            WRITE_IN,
            WRITE_IN,
            fill="#ffffff",
            stroke=WRITE_INK,
            width=0.3,
            radius=0.6,
        )
        for k in range(n)
    ]
    return items, _boxes_width(math.ceil(n / per_line))


@dataclass
class Flowed:
    items: list
    size: float
    fits: bool


def flow(blocks: list[Block], x: float, y: float, w: float, h: float, colour: str) -> Flowed:
    """The blocks set in the box, from 7.5 pt down in 0.2 pt steps until they fit (never below
    ``BODY``: ``fits`` says whether they did)."""
    size = 7.5
    while True:
        items, used = _layout(blocks, x, y, w, size, colour)
        if used <= h + 1e-6 or size <= BODY:
            return Flowed(items, size, used <= h + 1e-6)
        size = max(BODY, size - 0.2)


def _para(text, x, y, w, size, **kw):
    block = set_paragraphs([text], x, y, w, 1e6, max_size=size, min_size=size, **kw)
    return block.items, block.height


def _layout(blocks: list[Block], x0: float, y0: float, w: float, size: float, colour: str):
    items: list = []
    y = y0
    line = size * PT * 1.22
    for k, b in enumerate(blocks):
        if isinstance(b, Heading):
            hs = size * (1.2 if b.level == 1 else 1.08)
            if k:
                y += line * 0.35
            got, height = _para(b.text, x0, y, w, hs, face="bold", fill=ink(shade(colour, 0.1)))
            items += got
            y += height + 0.5
            items.append(Line(x0, y, x0 + w, y, stroke=tint(colour, 0.4), width=0.25))
            y += line * 0.3
        elif isinstance(b, Para):
            got, height = _para(b.text, x0, y, w, size, fill=TEXT)
            items += got
            y += height + line * 0.35
        elif isinstance(b, Note):
            got, height = _para(
                b.text,
                x0 + 1.5,
                y + 0.8,
                w - 3,
                size * 0.95,
                face="italic",
                fill=readable(shade(colour, 0.3), tint(colour, 0.88), CONTRAST_AIM),
            )
            items.append(Rect(x0, y, w, height + 1.6, fill=tint(colour, 0.88), radius=0.8))
            items += got
            y += height + 1.6 + line * 0.35
        elif isinstance(b, Bullets):
            indent = width_mm("00." if b.ordered else "•", "bold", size) + 1.0
            for n, item in enumerate(b.items, start=1):
                mark = f"{n}." if b.ordered else "•"
                items.append(Text(x0, y + 0.76 * size * PT, mark, size, "bold", ink(colour)))
                got, height = _para(item, x0 + indent, y, w - indent, size, fill=TEXT)
                items += got
                y += height + line * 0.18
            y += line * 0.2
        elif isinstance(b, Table):
            got, height = _table(b, x0, y, w, size, colour)
            items += got
            y += height + line * 0.4
    return items, y - y0


def _table(t: Table, x0: float, y0: float, w: float, size: float, colour: str):
    ncols = max(len(r) for r in t.rows)
    rows = [r + [""] * (ncols - len(r)) for r in t.rows]
    pad = 0.8

    def natural_w(cell: str) -> float:
        return _boxes_width(write_ins(cell)) or width_mm(plain(cell), "bold", size)

    def least_w(cell: str) -> float:  # text wraps between words; boxes only if nothing else can
        if write_ins(cell):
            return _boxes_width(write_ins(cell))
        return max((width_mm(word, "bold", size) for word in plain(cell).split()), default=0)

    natural = [max(natural_w(r[c]) for r in rows) + 2 * pad for c in range(ncols)]
    longest_word = [max(least_w(r[c]) for r in rows) + 2 * pad for c in range(ncols)]
    total = sum(natural)
    if total > w:
        widths = _shrink(natural, longest_word, w)
    else:
        widths = [nw + (w - total) * nw / total for nw in natural]
    items: list = []
    y = y0
    for k, row in enumerate(rows):
        header = t.header and k == 0
        cells = []
        row_h = 0.0
        x = x0
        for c, text in enumerate(row):
            n = 0 if header else write_ins(text)
            if n:
                got, height = _boxes(n, x + pad, y + pad * 0.7, widths[c] - 2 * pad)
            else:
                got, height = _para(
                    text,
                    x + pad,
                    y + pad * 0.7,
                    widths[c] - 2 * pad,
                    size,
                    face="bold" if header else "regular",
                    fill=on(colour) if header else TEXT,
                )
            cells.append(got)
            row_h = max(row_h, height + 1.4 * pad)
            x += widths[c]
        fill = colour if header else (tint(colour, 0.9) if k % 2 else None)
        if fill:
            items.append(Rect(x0, y, w, row_h, fill=fill))
        for got in cells:
            items += got
        y += row_h
    items.append(Rect(x0, y0, w, y - y0, stroke=tint(colour, 0.3), width=0.2))
    return items, y - y0


def _shrink(natural: list[float], minimum: list[float], w: float) -> list[float]:
    """Take the missing width from the columns' slack (text that can wrap), widest slack first
    in proportion; if even the longest words do not fit, scale everything."""
    excess = sum(natural) - w
    slack = [max(0.0, n - m) for n, m in zip(natural, minimum, strict=True)]
    total_slack = sum(slack)
    if total_slack >= excess > 0:
        return [n - excess * s / total_slack for n, s in zip(natural, slack, strict=True)]
    return [m * w / sum(minimum) for m in minimum] if sum(minimum) > 0 else natural
