"""Symbol rows and corner boxes of a card face: cells of the game's vocabulary (costs, incomes,
price tables) in rows across the card or in a framed box in a bottom corner."""

from __future__ import annotations

from typing import Any

from portolan.generator import symbols
from portolan.generator.colours import readable, shade, tint
from portolan.generator.draw import Drawing, Line, Rect, Text
from portolan.generator.fonts import centred_text, fit_size, width_mm
from portolan.generator.kinds.cardparts import SAFE, Overflow
from portolan.generator.legibility import CAPTION, LABEL
from portolan.generator.legibility import CONTRAST_AIM as CONTRAST
from portolan.generator.theme import GREY, WHITE, Theme


def _cell_list(spec: Any, what: str) -> list:
    if not isinstance(spec, dict):
        raise symbols.CellError(f"{what} must be a mapping with 'cells', not {spec!r}")
    unknown = set(spec) - {"heading", "lead", "cells", "sep", "captions"}
    if unknown:
        raise symbols.CellError(f"{what} has unknown keys: {', '.join(sorted(unknown))}")
    cells = spec.get("cells") or []
    if not isinstance(cells, list | tuple):
        raise symbols.CellError(f"{what}: 'cells' must be a list")
    return list(cells)


def symbol_rows(
    d: Drawing,
    rows: list[dict[str, Any]],
    vocab: symbols.Vocabulary,
    y: float,
    s: float,
    c: str,
    theme: Theme,
    overflows: list[Overflow],
) -> float:
    """Rows of cells in equal columns, each row optionally headed, led and captioned."""
    w, face_id = d.width, d.id
    ink = shade(c, 0.35)
    bg = WHITE
    x0 = SAFE + 1.8 * s
    inner = w - 2 * x0
    lead_pt = max(LABEL, 5.6 * s)
    leads = [str(r.get("lead") or "") for r in rows if isinstance(r, dict)]
    lead_w = max((width_mm(t, "bold", lead_pt) for t in leads if t), default=0.0)
    lead_w = lead_w + 1.5 * s if lead_w else 0.0
    for k, row in enumerate(rows):
        cells = _cell_list(row, f"rows[{k}]")
        heading = str(row.get("heading") or "")
        if heading:
            y = _row_heading(d, heading, x0, inner, y, s, c)
        lead = str(row.get("lead") or "")
        sep = str(row.get("sep") or "")
        captions = [str(t) for t in (row.get("captions") or [])]
        n = max(1, len(cells))
        sep_w = width_mm(sep, "bold", max(LABEL, 7 * s)) + 0.6 * s if sep else 0.0
        col_w = (inner - lead_w) / n
        size, widest = _cell_size(vocab, cells, col_w - sep_w - 0.4 * s, s)
        if widest > col_w - sep_w - 0.4 * s:
            overflows.append(Overflow(f"{face_id} row {k + 1}", repr(cells)))
        row_h = size + 1.4 * s
        cy = y + row_h / 2
        _row_ground(d, x0 - 0.8 * s, y, inner + 1.6 * s, row_h, s, c, theme)
        if lead:
            lsize = fit_size(lead, "bold", lead_pt, lead_w - 1.2 * s, LABEL)
            d.add(centred_text(x0, cy, lead, lsize, "bold", ink, "start"))
        for j, cell in enumerate(cells):
            cx = x0 + lead_w + col_w * (j + 0.5)
            cw = symbols.measure(vocab, cell, size)
            d.add(*symbols.draw(vocab, cell, cx - cw / 2, cy, size, ink, bg))
            if sep and j < len(cells) - 1:
                ssize = max(LABEL, 7 * s)
                sx = x0 + lead_w + col_w * (j + 1)
                row_bg = WHITE if theme.ink_saver else tint(c, 0.82)
                sep_ink = readable(tint(c, 0.1), row_bg, CONTRAST)
                d.add(centred_text(sx, cy, sep, ssize, "bold", sep_ink))
        y += row_h
        if captions:
            where = f"{face_id} row {k + 1} caption"
            _row_captions(d, captions[:n], x0 + lead_w, col_w, y, s, where, overflows)
            y += 2.5 * s
        y += 1.0 * s
    return y


def _row_heading(d: Drawing, heading: str, x0: float, inner: float, y: float, s: float, c: str):
    """A row's heading in small capitals, a rule running from it to the row's end; returns
    the y below it."""
    hsize = max(LABEL, 5.0 * s)
    label = heading.upper()
    d.add(Text(x0, y + 2.3 * s, label, hsize, "bold", shade(c, 0.15)))
    lx = x0 + width_mm(label, "bold", hsize) + 1.2 * s
    d.add(Line(lx, y + 1.5 * s, x0 + inner, y + 1.5 * s, stroke=tint(c, 0.45), width=0.2))
    return y + 3.3 * s


def _cell_size(
    vocab: symbols.Vocabulary, cells: list, room: float, s: float
) -> tuple[float, float]:
    """The largest symbol size (down to half the usual) at which the widest cell fits
    ``room``, and that cell's width."""
    size = 5.2 * s
    while True:
        widest = max((symbols.measure(vocab, cell, size) for cell in cells), default=0.0)
        if widest <= room or size <= 2.6 * s:
            return size, widest
        size -= 0.2 * s


def _row_ground(
    d: Drawing, x: float, y: float, w: float, h: float, s: float, c: str, theme: Theme
) -> None:
    """A row's ground: a pale tint, or an outline only when saving ink."""
    if theme.ink_saver:
        d.add(Rect(x, y, w, h, stroke=tint(c, 0.5), width=0.2, radius=1.2 * s))
    else:
        d.add(Rect(x, y, w, h, fill=tint(c, 0.82), radius=1.2 * s))


def _row_captions(
    d: Drawing,
    captions: list[str],
    x0: float,
    col_w: float,
    y: float,
    s: float,
    where: str,
    overflows: list[Overflow],
) -> None:
    """A caption under each column, shrunk to its width (reported where it does not fit)."""
    csize = max(CAPTION, 4.4 * s)
    for j, text in enumerate(captions):
        cx = x0 + col_w * (j + 0.5)
        fs = fit_size(text, "regular", csize, col_w - 0.6 * s, CAPTION)
        if width_mm(text, "regular", fs) > col_w - 0.6 * s + 1e-6:
            overflows.append(Overflow(where, text))
        d.add(Text(cx, y + 1.9 * s, text, fs, "regular", GREY, "middle"))


def corner(
    d: Drawing,
    spec: dict[str, Any],
    side: str,
    vocab: symbols.Vocabulary,
    top: float,
    box_h: float,
    s: float,
    c: str,
    theme: Theme,
    overflows: list[Overflow],
) -> None:
    """A framed box in a bottom corner: a heading, cells side by side, captions under them."""
    w, face_id = d.width, d.id
    cells = _cell_list(spec, f"corner_{side}")
    heading = str(spec.get("heading") or "").upper()
    captions = [str(t) for t in (spec.get("captions") or [])]
    max_w = (w - 2 * SAFE - 2.5 * s) / 2
    gap = 1.6 * s
    size, widths, cols, content, box_w = _corner_fit(vocab, cells, heading, captions, max_w, s)
    if box_w > max_w + 1e-6:
        overflows.append(Overflow(f"{face_id} corner {side}", repr(cells)))
    box_w = max(box_w, 15 * s)
    x = SAFE + 1.0 * s if side == "left" else w - SAFE - 1.0 * s - box_w
    paper = WHITE if not theme.ink_saver else None
    d.add(Rect(x, top, box_w, box_h, fill=paper, stroke=c, width=0.4, radius=1.6 * s))
    if heading:
        band = tint(c, 0.75) if not theme.ink_saver else None
        d.add(Rect(x, top, box_w, 3.6 * s, fill=band, radius=1.6 * s))
        hsize = max(LABEL, 4.8 * s)
        d.add(Text(x + box_w / 2, top + 2.7 * s, heading, hsize, "bold", shade(c, 0.3), "middle"))
    cy = top + 3.6 * s + (box_h - 3.6 * s - (2.4 * s if captions else 0)) / 2
    cx = x + (box_w - content) / 2
    csize = max(CAPTION, 4.4 * s)
    for i, cell in enumerate(cells):
        col = cols[i]
        cw = widths[i]
        d.add(*symbols.draw(vocab, cell, cx + (col - cw) / 2, cy, size, shade(c, 0.35), WHITE))
        if i < len(captions):
            base = top + box_h - 1.2 * s
            d.add(Text(cx + col / 2, base, captions[i], csize, "regular", GREY, "middle"))
        cx += col + gap


def _corner_fit(
    vocab: symbols.Vocabulary,
    cells: list,
    heading: str,
    captions: list[str],
    max_w: float,
    s: float,
) -> tuple[float, list[float], list[float], float, float]:
    """The largest symbol size (down to about half) at which a corner box fits ``max_w``: that
    size, each cell's width, each column's (a cell or its caption), the columns' width
    together and the box's."""
    pad = 1.4 * s
    size = 5.4 * s
    gap = 1.6 * s
    while True:
        widths = [symbols.measure(vocab, cell, size) for cell in cells]
        cap_w = [width_mm(t, "regular", max(CAPTION, 4.4 * s)) for t in captions]
        cols = [max(a, cap_w[i] if i < len(cap_w) else 0.0) for i, a in enumerate(widths)]
        content = sum(cols) + gap * max(0, len(cols) - 1)
        head_w = width_mm(heading, "bold", max(LABEL, 4.8 * s))
        box_w = max(content, head_w) + 2 * pad
        if box_w <= max_w or size <= 2.8 * s:
            return size, widths, cols, content, box_w
        size -= 0.2 * s
