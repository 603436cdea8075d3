"""The standard card layout shared by every deck: band, badges, art, chips, text, footer.

Positions are given for a poker card (63 x 88 mm) and scaled for other sizes. Everything that
must survive a slightly off cut stays 3 mm inside the trim; backgrounds run into the bleed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator import symbols
from generator.colours import readable, shade, tint
from generator.draw import Circle, Drawing, Line, Path, Rect, Text
from generator.faces import BoxRow
from generator.fonts import PT, fit_size, width_mm
from generator.icons import icon
from generator.legibility import BODY, CAPTION, FOOTER, LABEL, TITLE
from generator.legibility import CONTRAST_AIM as CONTRAST
from generator.textbox import set_paragraphs
from generator.theme import GREY, INK, WHITE, Theme, ink, on

SAFE = 3.0  # mm inside the trim where cutting errors cannot reach


@dataclass
class FaceContent:
    """What one card front shows. ``rows`` and the corners are symbol rows (see
    ``portolan.model.deck.Face``), drawn with ``vocabulary``'s icons."""

    title: str
    colour: str
    icon: str
    subtitle: str = ""
    badge: str = ""
    badge_right: str = ""
    chips: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    footer_left: str = ""
    footer_right: str = ""
    badge_fill: str = ""  # #rrggbb: a filled badge (a gold coin for a cost); '' = white
    badge_right_fill: str = ""
    marks: list[Mark] = field(default_factory=list)
    boxes: list[BoxRow] = field(default_factory=list)
    badge_icon: str = ""
    art: str = "medallion"
    rows: list[dict[str, Any]] = field(default_factory=list)
    corner_left: dict[str, Any] | None = None
    corner_right: dict[str, Any] | None = None
    panels: list[dict[str, Any]] = field(default_factory=list)
    vocabulary: symbols.Vocabulary | None = None


@dataclass(frozen=True)
class Mark:
    """A colour symbol printed beside the art, with its resolved colour."""

    icon: str
    text: str
    colour: str  # #rrggbb


@dataclass
class Overflow:
    """Text that did not fit its box even at the smallest size allowed."""

    where: str
    text: str

    QUOTED_CHARS = 80  # a warning quotes at most this much of one line of the text

    def warning(self) -> str:
        """What the build says: where, and the text's start (a card text of a million
        characters, said for every card, once made 42 MB of warnings)."""
        lines = self.text.splitlines() or [""]
        quoted = lines[0][: self.QUOTED_CHARS]
        if quoted != self.text:
            quoted += f"… ({len(self.text):,} characters)"
        return f"text does not fit in {self.where}: {quoted}"


def card_frame(
    d: Drawing,
    colour: str,
    theme: Theme,
    *,
    light: float = 0.9,
    stroke: str | None = None,
    width: float = 0.5,
    radius: float = 2.2,
    inner: str | None = None,
) -> None:
    """The ground every card-like face shares: a background running into the bleed and a frame
    just outside the safe area (``inner`` fills the frame)."""
    w, h, bleed = d.width, d.height, d.bleed
    d.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=theme.background(colour, light)))
    d.add(
        Rect(
            SAFE - 0.6,
            SAFE - 0.6,
            w - 2 * SAFE + 1.2,
            h - 2 * SAFE + 1.2,
            stroke=stroke or colour,
            width=width,
            radius=radius,
            fill=inner,
        )
    )


def card_front(
    content: FaceContent, w: float, h: float, bleed: float, theme: Theme, face_id: str
) -> tuple[Drawing, list[Overflow]]:
    s = min(w / 63, h / 88)
    c = content.colour
    ic = ink(c)  # the colour for text and thin lines (a pale colour is darkened to read)
    band_fill, band_text = theme.band(c)
    d = Drawing(w, h, bleed=bleed, id=face_id, title=content.title)
    overflows: list[Overflow] = []

    card_frame(
        d, c, theme, stroke=ic, radius=2.2 * s, inner=None if theme.ink_saver else tint(c, 0.95)
    )

    # Title band with a badge on each side.
    band_h = 11.5 * s
    d.add(Rect(SAFE, SAFE, w - 2 * SAFE, band_h, fill=band_fill, radius=1.6 * s))
    r = 4.6 * s
    cy = SAFE + band_h / 2
    left = SAFE + 1.2 * s + r
    if content.badge and content.badge_icon:
        # The number on its icon: the icon pale, the number dark on top of it.
        d.add(Circle(left, cy, r, fill=WHITE, stroke=shade(ic, 0.1), width=0.45))
        isz = r * 1.5
        d.add(icon(content.badge_icon, left - isz / 2, cy - isz / 2, isz, tint(c, 0.68), WHITE))
        size = fit_size(content.badge, "bold", 13 * s, 1.5 * r, 6)
        d.add(
            Text(left, cy + size * PT * 0.36, content.badge, size, "bold", shade(c, 0.35), "middle")
        )
    elif content.badge:
        _badge(d, left, cy, r, content.badge, content.badge_fill, ic)
    else:
        d.add(Circle(left, cy, r, fill=WHITE, stroke=shade(ic, 0.1), width=0.45))
        d.add(icon(content.icon, left - r * 0.62, cy - r * 0.62, r * 1.24, ic))
    right_edge = w - SAFE - 1.6 * s
    if content.badge_right:
        rx = w - SAFE - 1.2 * s - r
        _badge(d, rx, cy, r, content.badge_right, content.badge_right_fill, ic)
        right_edge = rx - r - 1.2 * s
    title_x = left + r + 1.4 * s
    title_w = right_edge - title_x
    size = fit_size(content.title, "bold", max(TITLE, 11 * s), title_w, TITLE)
    if width_mm(content.title, "bold", size) <= title_w:
        d.add(
            Text(
                title_x + title_w / 2,
                cy + size * PT * 0.36,
                content.title,
                size,
                "bold",
                band_text,
                "middle",
            )
        )
    else:
        block = set_paragraphs(
            [content.title],
            title_x,
            SAFE + 0.8 * s,
            title_w,
            band_h - 1.6 * s,
            max_size=max(TITLE, 9 * s),
            min_size=TITLE,
            face="bold",
            fill=band_text,
            align="centre",
            leading=1.05,
            valign="middle",
        )
        d.add(*block.items)
        if not block.fits:
            overflows.append(Overflow(f"{face_id} title", content.title))

    # Type line.
    y = SAFE + band_h + 4.2 * s
    if content.subtitle:
        label = content.subtitle.upper()
        size = fit_size(label, "bold", max(LABEL, 6.5 * s), w - 2 * SAFE - 4, LABEL)
        if width_mm(label, "bold", size) > w - 2 * SAFE - 2:
            overflows.append(Overflow(f"{face_id} subtitle", content.subtitle))
        d.add(Text(w / 2, y, label, size, "bold", shade(ic, 0.15), "middle"))

    # Art: the card's icon in a medallion (or nothing, to leave room for symbol rows).
    if content.art == "medallion":
        art_cy = SAFE + band_h + 17.5 * s
        art_r = 11.5 * s
        bg = theme.background(c, 0.72)
        d.add(Circle(w / 2, art_cy, art_r, fill=bg, stroke=ic, width=0.4))
        isz = art_r * 1.45
        d.add(icon(content.icon, w / 2 - isz / 2, art_cy - isz / 2, isz, ic, bg))
        if content.marks:
            inner = WHITE if theme.ink_saver else tint(c, 0.95)
            _marks(d, content.marks, w, art_cy, art_r, s, inner)
        y = art_cy + art_r + 2.5 * s
    else:
        y = SAFE + band_h + (6.0 if content.subtitle else 2.0) * s

    # Chips: short labels such as traits, centred in rows.
    if content.chips:
        y = _chips(d, content.chips, w, y, s, c, theme)
    # Symbol rows (costs, incomes, price tables).
    if content.rows:
        vocab = content.vocabulary
        assert vocab is not None, "symbol rows need the game's vocabulary"
        y = _symbol_rows(d, content.rows, vocab, w, y, s, c, theme, face_id, overflows)
    box_bottom = h - SAFE - 4.2 * s
    # Corner boxes at the bottom (a cost on the left, points on the right).
    corners = [
        (k, v) for k, v in (("left", content.corner_left), ("right", content.corner_right)) if v
    ]
    if corners:
        vocab = content.vocabulary
        assert vocab is not None, "corner boxes need the game's vocabulary"
        corner_h = 13.0 * s
        top = h - SAFE - 4.0 * s - corner_h
        for side, spec in corners:
            try:
                _corner(d, spec, side, vocab, w, top, corner_h, s, c, theme, face_id, overflows)
            except symbols.CellError as exc:
                raise symbols.CellError(str(exc), f"corner_{side}") from None
        box_bottom = top - 1.0 * s
    # Rows of numbered boxes (scores, payouts, a turn track).
    if content.boxes:
        y, bad_cells = _boxes(d, content.boxes, w, y + 0.4 * s, s, c, theme)
        overflows += [Overflow(f"{face_id} box", t) for t in bad_cells]
        if y > box_bottom + 1e-6:
            overflows.append(Overflow(f"{face_id} boxes", "the rows of boxes run into the footer"))
    # Instruction panels (Age of Exploration's card portions), filling the text area.
    if content.panels:
        from generator.instructions import draw_panels

        fits = draw_panels(
            d,
            content.panels,
            SAFE + 1.2 * s,
            y + 0.8 * s,
            w - 2 * SAFE - 2.4 * s,
            box_bottom - y - 1.4 * s,
            c,
            theme.ink_saver,
        )
        if not fits:
            overflows.append(Overflow(f"{face_id} panels", content.title))
    # Rules text, shrunk to fit.
    box_top = y + 1.2 * s
    if content.text:
        block = set_paragraphs(
            content.text,
            SAFE + 2 * s,
            box_top,
            w - 2 * SAFE - 4 * s,
            box_bottom - box_top,
            max_size=max(BODY, 7.2 * s),
            min_size=BODY,
            fill="#222222",
            align="centre",
            gap=0.35,
            valign="middle",
        )
        d.add(*block.items)
        if not block.fits:
            overflows.append(Overflow(f"{face_id} text", " / ".join(content.text)))

    # Footer.
    fy = h - SAFE - 1.3 * s
    if content.footer_left:
        d.add(Text(SAFE + 1.6 * s, fy, content.footer_left, max(FOOTER, 5.2 * s), "regular", GREY))
    if content.footer_right:
        d.add(
            Text(
                w - SAFE - 1.6 * s,
                fy,
                content.footer_right,
                max(FOOTER, 5.2 * s),
                "bold",
                GREY,
                "end",
            )
        )
    return d, overflows


def _badge(d: Drawing, cx: float, cy: float, r: float, text: str, fill: str, ic: str) -> None:
    """A round badge: white with the card's colour, or filled (``fill``) with readable text."""
    if fill:
        d.add(Circle(cx, cy, r, fill=fill, stroke=shade(fill, 0.35), width=0.45))
        d.add(Circle(cx, cy, r * 0.8, stroke=on(fill), width=0.25))
        colour = on(fill)
    else:
        d.add(Circle(cx, cy, r, fill=WHITE, stroke=shade(ic, 0.1), width=0.45))
        colour = ic
    size = fit_size(text, "bold", 15 * r / 4.6, 1.6 * r * (0.85 if fill else 1.0), 6)
    d.add(Text(cx, cy + size * PT * 0.36, text, size, "bold", colour, "middle"))


def _marks(
    d: Drawing, marks: list[Mark], w: float, art_cy: float, art_r: float, s: float, bg: str
) -> None:
    """Colour symbols left and right of the art; one mark is repeated on both sides."""
    pair = marks[:2] if len(marks) > 1 else marks * 2
    side = w / 2 - art_r - SAFE  # free width between the frame and the medallion
    isz = min(7.5 * s, side * 0.55)
    for k, m in enumerate(pair):
        cx = SAFE + side / 2 if k == 0 else w - SAFE - side / 2
        mc = ink(m.colour)
        top = art_cy - isz * 0.72
        d.add(icon(m.icon, cx - isz / 2, top, isz, mc, bg))
        if m.text:
            size = fit_size(m.text, "bold", max(LABEL, 5.6 * s), side - 1.0, LABEL)
            d.add(
                Text(cx, top + isz + 1.2 * s + size * PT * 0.72, m.text, size, "bold", mc, "middle")
            )


def box_grid(rows: list[BoxRow], w: float, s: float) -> tuple[float, float, float]:
    """(left edge of the first cell, cell width, label column width) of the ``boxes`` block."""
    avail = w - 2 * SAFE - 4 * s
    ncols = max(len(r.cells) for r in rows)
    label_w = max((width_mm(r.label, "bold", 6 * s) for r in rows if r.label), default=0.0)
    lab = max(7.5 * s if any(r.icon for r in rows) else 0.0, label_w + 1.5 * s if label_w else 0.0)
    lab = min(lab, avail * 0.35)
    cell_w = min(11 * s, (avail - lab) / ncols)
    x0 = (w - (lab + ncols * cell_w)) / 2
    return x0 + lab, cell_w, lab


BOX_H = 7.2  # height of a row of boxes on a poker card (scaled with the card)
CAPTION_H = 3.8
ARROW_H = 3.2
ROW_GAP = 1.0


def _boxes(
    d: Drawing, rows: list[BoxRow], w: float, y: float, s: float, c: str, theme: Theme
) -> tuple[float, list[str]]:
    """Rows of numbered boxes on one grid of columns; returns the y below them and the texts
    of cells too wide for their box even at the smallest size."""
    ic = ink(c)
    cells_x, cell_w, lab = box_grid(rows, w, s)
    bad: list[str] = []
    for n, row in enumerate(rows):
        if n:
            y += ROW_GAP * s
        h = (BOX_H if row.style == "boxes" else CAPTION_H) * s
        if row.style != "boxes":
            h = max(h, _caption_height(row.cells, cell_w, s))
        if row.icon:
            isz = min(lab * 0.82, h * 0.92)
            d.add(icon(row.icon, cells_x - lab / 2 - isz / 2, y + (h - isz) / 2, isz, ic))
        elif row.label:
            size = fit_size(row.label, "bold", max(LABEL, 6 * s), lab - 1.5 * s, LABEL)
            base = y + h / 2 + size * PT * 0.36
            d.add(Text(cells_x - 1.2 * s, base, row.label, size, "bold", shade(ic, 0.2), "end"))
        for k, text in enumerate(row.cells):
            x = cells_x + k * cell_w
            accent = k in row.accent
            if row.style == "boxes":
                fill = WHITE
                if accent and not theme.ink_saver:
                    fill = tint(c, 0.82)
                d.add(
                    Rect(
                        x,
                        y,
                        cell_w,
                        h,
                        fill=fill,
                        stroke=ic,
                        width=0.5 if accent else 0.3,
                        radius=0.6 * s,
                    )
                )
                max_pt = max(LABEL, min(9.5 * s, h * 0.62 / PT))
                face, colour = "bold", (readable(ic, fill, CONTRAST) if accent else INK)
            else:
                max_pt = max(CAPTION, 5.4 * s)
                face, colour = ("bold" if accent else "regular"), shade(ic, 0.2)
            if not text:
                continue
            lines = [text] if row.style == "boxes" else _caption_lines(text, cell_w)
            size = min(fit_size(t, face, max_pt, cell_w - 1.0, LABEL) for t in lines)
            if max(width_mm(t, face, size) for t in lines) > cell_w - 0.3:
                bad.append(text)
            lead = size * PT * 1.1
            base = y + h / 2 + size * PT * 0.36 - lead * (len(lines) - 1) / 2
            for i, t in enumerate(lines):
                d.add(Text(x + cell_w / 2, base + i * lead, t, size, face, colour, "middle"))
        y += h
        if row.arrow:
            _arrow(
                d, cells_x, cells_x + len(row.cells) * cell_w, y + ARROW_H * s / 2, row.arrow, s, ic
            )
            y += ARROW_H * s
    return y, bad


def _caption_lines(text: str, cell_w: float) -> list[str]:
    """A caption on one line, or on two (split at the space that balances them best) when one
    line would not fit its column at the smallest caption size."""
    if width_mm(text, "bold", CAPTION) <= cell_w - 1.0 or " " not in text:
        return [text]
    words = text.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return list(min(splits, key=lambda p: max(width_mm(t, "bold", CAPTION) for t in p)))


def _caption_height(cells: list[str], cell_w: float, s: float) -> float:
    """Height of a caption row: taller when a caption needs two lines."""
    lines = max((len(_caption_lines(t, cell_w)) for t in cells if t), default=1)
    return CAPTION_H * s if lines == 1 else (lines * 1.1 + 0.6) * CAPTION * PT


def _arrow(d: Drawing, x0: float, x1: float, y: float, way: str, s: float, colour: str) -> None:
    """An arrow under a row of boxes, running its length and pointing past its end."""
    head = 1.6 * s
    if way == "left":
        tip, tail = x0 - 0.8 * s, x1 - 2.0 * s
        base = tip + head
    else:
        tip, tail = x1 + 0.8 * s, x0 + 2.0 * s
        base = tip - head
    d.add(Line(tail, y, base, y, stroke=colour, width=0.45))
    d.add(
        Path(
            (("M", tip, y), ("L", base, y - head * 0.55), ("L", base, y + head * 0.55), ("Z",)),
            fill=colour,
        )
    )


def _chips(
    d: Drawing, chips: list[str], w: float, y: float, s: float, c: str, theme: Theme
) -> float:
    size = max(LABEL, 6.6 * s)
    pad = 1.6 * s
    gap = 1.4 * s
    chip_h = 5.2 * s
    avail = w - 2 * SAFE - 3 * s
    rows: list[list[tuple[str, float]]] = [[]]
    used = 0.0
    for chip in chips:
        cw = width_mm(chip, "bold", size) + 2 * pad
        if rows[-1] and used + gap + cw > avail:
            rows.append([])
            used = 0.0
        used += (gap if rows[-1] else 0) + cw
        rows[-1].append((chip, cw))
    fill, text = theme.band(c)
    for row in rows:
        total = sum(cw for _, cw in row) + gap * (len(row) - 1)
        x = (w - total) / 2
        for chip, cw in row:
            d.add(
                Rect(
                    x,
                    y,
                    cw,
                    chip_h,
                    fill=fill,
                    stroke=ink(c) if theme.ink_saver else None,
                    width=0.3,
                    radius=chip_h / 2,
                )
            )
            d.add(
                Text(
                    x + cw / 2,
                    y + chip_h / 2 + size * PT * 0.36,
                    chip,
                    size,
                    "bold",
                    text,
                    "middle",
                )
            )
            x += cw + gap
        y += chip_h + 1.2 * s
    return y


def card_back(
    title: str,
    subtitle: str,
    colour: str,
    icon_name: str,
    w: float,
    h: float,
    bleed: float,
    theme: Theme,
    face_id: str,
    lines: list[str] | None = None,
    overflows: list[Overflow] | None = None,
) -> Drawing:
    """A deck back: full-bleed colour, a compass-rose frame, the icon and the deck's name; with
    ``lines``, a small table of the card's other side instead of the large icon. Text that
    does not fit at its smallest size is added to ``overflows``."""
    over: list[Overflow] = [] if overflows is None else overflows
    s = min(w / 63, h / 88)
    d = Drawing(w, h, bleed=bleed, id=face_id, title=f"{title} back")
    # the lettering reads on the fill: white, or a dark shade where white does not (a gold back)
    fg = ink(colour) if theme.ink_saver else on(colour)
    bg = WHITE if theme.ink_saver else colour
    d.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=bg))
    d.add(
        Rect(
            SAFE + 0.5,
            SAFE + 0.5,
            w - 2 * SAFE - 1,
            h - 2 * SAFE - 1,
            stroke=fg,
            width=0.6,
            radius=2.5 * s,
        )
    )
    d.add(
        Rect(
            SAFE + 2,
            SAFE + 2,
            w - 2 * SAFE - 4,
            h - 2 * SAFE - 4,
            stroke=fg,
            width=0.25,
            radius=2 * s,
        )
    )
    if theme.ink_saver:
        ring = tint(colour, 0.85)
    else:  # behind the icon: darker than the fill under white, lighter under dark lettering
        ring = shade(colour, 0.25) if fg == WHITE else tint(colour, 0.5)
    if lines:
        _back_table(d, title, subtitle, icon_name, lines, w, h, s, fg, ring, over)
        return d
    d.add(Circle(w / 2, h * 0.42, 17 * s, fill=ring, stroke=fg, width=0.5))
    d.add(icon(icon_name, w / 2 - 12.5 * s, h * 0.42 - 12.5 * s, 25 * s, fg, ring))
    _line(
        d, title.upper(), w / 2, h * 0.72, max(TITLE, 13 * s), TITLE, "bold", fg, w, over, face_id
    )
    if subtitle:
        _line(
            d,
            subtitle,
            w / 2,
            h * 0.72 + 6 * s,
            max(LABEL, 6.5 * s),
            LABEL,
            "regular",
            fg,
            w,
            over,
            face_id,
        )
    return d


def _line(d, text, x, y, max_pt, min_pt, face, fg, w, over, face_id) -> float:
    """A centred line across a card back, on two lines (split at the space that balances them)
    when one does not fit at ``min_pt``, reported when two do not either; returns how far
    below ``y`` the last line stands."""
    room = w - 2 * SAFE - 6
    lines = [text]
    if width_mm(text, face, min_pt) > room and " " in text:
        words = text.split(" ")
        halves = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        lines = list(min(halves, key=lambda p: max(width_mm(t, face, min_pt) for t in p)))
    size = min(fit_size(t, face, max_pt, room, min_pt) for t in lines)
    if max(width_mm(t, face, size) for t in lines) > room + 2:
        over.append(Overflow(f"{face_id} back", text))
    lead = size * PT * 1.2
    for i, t in enumerate(lines):
        d.add(Text(x, y + i * lead, t, size, face, fg, "middle"))
    return lead * (len(lines) - 1)


def _back_table(d, title, subtitle, icon_name, lines, w, h, s, fg, ring, over) -> None:
    """A back that is the card's other side: a small icon, the title and a table of lines."""
    face_id = d.id
    d.add(Circle(w / 2, SAFE + 12 * s, 7.5 * s, fill=ring, stroke=fg, width=0.4))
    d.add(icon(icon_name, w / 2 - 5.5 * s, SAFE + 6.5 * s, 11 * s, fg, ring))
    y = SAFE + 26 * s
    _line(d, title.upper(), w / 2, y, max(TITLE, 10 * s), TITLE, "bold", fg, w, over, face_id)
    if subtitle:
        y += 5 * s
        y += _line(d, subtitle, w / 2, y, max(LABEL, 6 * s), LABEL, "regular", fg, w, over, face_id)
    y += 4 * s
    row_h = min(6.2 * s, (h - SAFE - 5 * s - y) / max(1, len(lines)))
    left, right = SAFE + 4 * s, w - SAFE - 4 * s
    for line in lines:
        label, _, value = line.partition(": ")
        d.add(Line(left, y + row_h, right, y + row_h, stroke=fg, width=0.2))
        base = y + row_h * 0.68
        # "label: value" is a table row when the value is short; a sentence otherwise
        if value and width_mm(value, "bold", LABEL) <= (right - left) * 0.36:
            vsize = fit_size(value, "bold", max(LABEL, 7.5 * s), (right - left) * 0.36, LABEL)
            room = right - left - width_mm(value, "bold", vsize) - 1.5 * s
            size = fit_size(label, "regular", max(BODY, 6.6 * s), room, BODY)
            if width_mm(label, "regular", size) > room + 1e-6:
                over.append(Overflow(f"{face_id} back", line))
            d.add(Text(left, base, label, size, "regular", fg))
            d.add(Text(right, base, value, vsize, "bold", fg, "end"))
        else:
            block = set_paragraphs(
                [line],
                left,
                y + 0.6 * s,
                right - left,
                row_h - 0.8 * s,
                max_size=max(BODY, 6.2 * s),
                min_size=BODY,
                fill=fg,
                align="centre",
                valign="middle",
            )
            d.add(*block.items)
            if not block.fits:
                over.append(Overflow(f"{face_id} back", line))
        y += row_h


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


def _symbol_rows(
    d: Drawing,
    rows: list[dict[str, Any]],
    vocab: symbols.Vocabulary,
    w: float,
    y: float,
    s: float,
    c: str,
    theme: Theme,
    face_id: str,
    overflows: list[Overflow],
) -> float:
    """Rows of cells in equal columns, each row optionally headed, led and captioned."""
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
            hsize = max(LABEL, 5.0 * s)
            label = heading.upper()
            d.add(Text(x0, y + 2.3 * s, label, hsize, "bold", shade(c, 0.15)))
            lx = x0 + width_mm(label, "bold", hsize) + 1.2 * s
            d.add(Line(lx, y + 1.5 * s, x0 + inner, y + 1.5 * s, stroke=tint(c, 0.45), width=0.2))
            y += 3.3 * s
        lead = str(row.get("lead") or "")
        sep = str(row.get("sep") or "")
        captions = [str(t) for t in (row.get("captions") or [])]
        n = max(1, len(cells))
        sep_w = width_mm(sep, "bold", max(LABEL, 7 * s)) + 0.6 * s if sep else 0.0
        col_w = (inner - lead_w) / n
        size = 5.2 * s
        while True:
            widest = max((symbols.measure(vocab, cell, size) for cell in cells), default=0.0)
            if widest <= col_w - sep_w - 0.4 * s or size <= 2.6 * s:
                break
            size -= 0.2 * s
        if widest > col_w - sep_w - 0.4 * s:
            overflows.append(Overflow(f"{face_id} row {k + 1}", repr(cells)))
        row_h = size + 1.4 * s
        cy = y + row_h / 2
        if theme.ink_saver:
            d.add(
                Rect(
                    x0 - 0.8 * s,
                    y,
                    inner + 1.6 * s,
                    row_h,
                    stroke=tint(c, 0.5),
                    width=0.2,
                    radius=1.2 * s,
                )
            )
        else:
            d.add(Rect(x0 - 0.8 * s, y, inner + 1.6 * s, row_h, fill=tint(c, 0.82), radius=1.2 * s))
        if lead:
            lsize = fit_size(lead, "bold", lead_pt, lead_w - 1.2 * s, LABEL)
            d.add(Text(x0, cy + lsize * PT * 0.36, lead, lsize, "bold", ink))
        for j, cell in enumerate(cells):
            cx = x0 + lead_w + col_w * (j + 0.5)
            cw = symbols.measure(vocab, cell, size)
            d.add(*symbols.draw(vocab, cell, cx - cw / 2, cy, size, ink, bg))
            if sep and j < len(cells) - 1:
                ssize = max(LABEL, 7 * s)
                sx = x0 + lead_w + col_w * (j + 1)
                row_bg = WHITE if theme.ink_saver else tint(c, 0.82)
                sep_ink = readable(tint(c, 0.1), row_bg, CONTRAST)
                d.add(Text(sx, cy + ssize * PT * 0.36, sep, ssize, "bold", sep_ink, "middle"))
        y += row_h
        if captions:
            csize = max(CAPTION, 4.4 * s)
            for j, text in enumerate(captions[:n]):
                cx = x0 + lead_w + col_w * (j + 0.5)
                fs = fit_size(text, "regular", csize, col_w - 0.6 * s, CAPTION)
                if width_mm(text, "regular", fs) > col_w - 0.6 * s + 1e-6:
                    overflows.append(Overflow(f"{face_id} row {k + 1} caption", text))
                d.add(Text(cx, y + 1.9 * s, text, fs, "regular", GREY, "middle"))
            y += 2.5 * s
        y += 1.0 * s
    return y


def _corner(
    d: Drawing,
    spec: dict[str, Any],
    side: str,
    vocab: symbols.Vocabulary,
    w: float,
    top: float,
    box_h: float,
    s: float,
    c: str,
    theme: Theme,
    face_id: str,
    overflows: list[Overflow],
) -> None:
    """A framed box in a bottom corner: a heading, cells side by side, captions under them."""
    cells = _cell_list(spec, f"corner_{side}")
    heading = str(spec.get("heading") or "").upper()
    captions = [str(t) for t in (spec.get("captions") or [])]
    max_w = (w - 2 * SAFE - 2.5 * s) / 2
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
            break
        size -= 0.2 * s
    if box_w > max_w + 1e-6:
        overflows.append(Overflow(f"{face_id} corner {side}", repr(cells)))
    box_w = max(box_w, 15 * s)
    x = SAFE + 1.0 * s if side == "left" else w - SAFE - 1.0 * s - box_w
    d.add(
        Rect(
            x,
            top,
            box_w,
            box_h,
            fill=WHITE if not theme.ink_saver else None,
            stroke=c,
            width=0.4,
            radius=1.6 * s,
        )
    )
    if heading:
        d.add(
            Rect(
                x,
                top,
                box_w,
                3.6 * s,
                fill=tint(c, 0.75) if not theme.ink_saver else None,
                radius=1.6 * s,
            )
        )
        d.add(
            Text(
                x + box_w / 2,
                top + 2.7 * s,
                heading,
                max(LABEL, 4.8 * s),
                "bold",
                shade(c, 0.3),
                "middle",
            )
        )
    cy = top + 3.6 * s + (box_h - 3.6 * s - (2.4 * s if captions else 0)) / 2
    cx = x + (box_w - content) / 2
    for i, cell in enumerate(cells):
        col = cols[i]
        cw = widths[i]
        d.add(*symbols.draw(vocab, cell, cx + (col - cw) / 2, cy, size, shade(c, 0.35), WHITE))
        if i < len(captions):
            d.add(
                Text(
                    cx + col / 2,
                    top + box_h - 1.2 * s,
                    captions[i],
                    max(CAPTION, 4.4 * s),
                    "regular",
                    GREY,
                    "middle",
                )
            )
        cx += col + gap
