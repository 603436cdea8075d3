"""The standard card front shared by every deck, drawn part by part from the top: frame, title
band with its badges, type line, art, chips and symbol rows, corner boxes, rows of boxes,
instruction panels, rules text, footer.

Positions are given for a poker card (63 x 88 mm) and scaled for other sizes. Everything that
must survive a slightly off cut stays 3 mm inside the trim; backgrounds run into the bleed.
The parts several layouts share are in cardparts.py, symbol rows and corner boxes in
cardsymbols.py, the backs in cardback.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from portolan.generator import symbols
from portolan.generator.colours import shade, tint
from portolan.generator.draw import Circle, Drawing, Rect, Text
from portolan.generator.faces import BoxRow
from portolan.generator.fonts import centred_text, fit_size, width_mm
from portolan.generator.icons import icon
from portolan.generator.instructions import draw_panels
from portolan.generator.kinds.cardparts import (
    SAFE,
    Mark,
    Overflow,
    badge,
    boxes,
    chips,
    colour_marks,
)
from portolan.generator.kinds.cardsymbols import corner, symbol_rows
from portolan.generator.legibility import BODY, FOOTER, LABEL, TITLE
from portolan.generator.textbox import set_paragraphs
from portolan.generator.theme import GREY, WHITE, Theme, ink

__all__ = ["SAFE", "FaceContent", "Mark", "Overflow", "card_frame", "card_front"]


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


@dataclass
class _Front:
    """One card front being drawn: what each of its parts needs."""

    d: Drawing
    content: FaceContent
    theme: Theme
    s: float  # the card's scale: 1 on a poker card
    ic: str  # the colour for text and thin lines (a pale colour is darkened to read)
    overflows: list[Overflow] = field(default_factory=list)

    @property
    def band_h(self) -> float:
        return 11.5 * self.s


def card_front(
    content: FaceContent, w: float, h: float, bleed: float, theme: Theme, face_id: str
) -> tuple[Drawing, list[Overflow]]:
    """The card's front and the texts that did not fit, drawn part by part from the top."""
    s = min(w / 63, h / 88)
    c = content.colour
    d = Drawing(w, h, bleed=bleed, id=face_id, title=content.title)
    f = _Front(d, content, theme, s, ink(c))
    inner = None if theme.ink_saver else tint(c, 0.95)
    card_frame(d, c, theme, stroke=f.ic, radius=2.2 * s, inner=inner)
    _title_band(f)
    _type_line(f)
    y = _art(f)
    y = _chips_and_symbol_rows(f, y)
    box_bottom = _corner_boxes(f)
    y = _rows_of_boxes(f, y, box_bottom)
    _panels(f, y, box_bottom)
    _rules_text(f, y, box_bottom)
    _footer(f)
    return d, f.overflows


def _title_band(f: _Front) -> None:
    """The title band: a badge on each side and the title between them."""
    d, content, s, w = f.d, f.content, f.s, f.d.width
    band_fill, band_text = f.theme.band(content.colour)
    d.add(Rect(SAFE, SAFE, w - 2 * SAFE, f.band_h, fill=band_fill, radius=1.6 * s))
    r = 4.6 * s
    cy = SAFE + f.band_h / 2
    left = SAFE + 1.2 * s + r
    _left_badge(f, left, cy, r)
    right_edge = w - SAFE - 1.6 * s
    if content.badge_right:
        rx = w - SAFE - 1.2 * s - r
        badge(d, rx, cy, r, content.badge_right, content.badge_right_fill, f.ic)
        right_edge = rx - r - 1.2 * s
    _title(f, left + r + 1.4 * s, right_edge, cy, band_text)


def _left_badge(f: _Front, left: float, cy: float, r: float) -> None:
    """A number on its icon, a number alone, or else the card's icon."""
    d, content, s, c, ic = f.d, f.content, f.s, f.content.colour, f.ic
    if content.badge and content.badge_icon:
        # The number on its icon: the icon pale, the number dark on top of it.
        d.add(Circle(left, cy, r, fill=WHITE, stroke=shade(ic, 0.1), width=0.45))
        isz = r * 1.5
        d.add(icon(content.badge_icon, left - isz / 2, cy - isz / 2, isz, tint(c, 0.68), WHITE))
        size = fit_size(content.badge, "bold", 13 * s, 1.5 * r, 6)
        d.add(centred_text(left, cy, content.badge, size, "bold", shade(c, 0.35)))
    elif content.badge:
        badge(d, left, cy, r, content.badge, content.badge_fill, ic)
    else:
        d.add(Circle(left, cy, r, fill=WHITE, stroke=shade(ic, 0.1), width=0.45))
        d.add(icon(content.icon, left - r * 0.62, cy - r * 0.62, r * 1.24, ic))


def _title(f: _Front, title_x: float, right_edge: float, cy: float, band_text: str) -> None:
    """The title on one line between the badges, or on two, shrunk to fit the band."""
    d, title, s = f.d, f.content.title, f.s
    title_w = right_edge - title_x
    size = fit_size(title, "bold", max(TITLE, 11 * s), title_w, TITLE)
    if width_mm(title, "bold", size) <= title_w:
        d.add(centred_text(title_x + title_w / 2, cy, title, size, "bold", band_text))
        return
    block = set_paragraphs(
        [title],
        title_x,
        SAFE + 0.8 * s,
        title_w,
        f.band_h - 1.6 * s,
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
        f.overflows.append(Overflow(f"{f.d.id} title", title))


def _type_line(f: _Front) -> None:
    """The card's type in capitals under the band."""
    subtitle, s, w = f.content.subtitle, f.s, f.d.width
    if not subtitle:
        return
    y = SAFE + f.band_h + 4.2 * s
    label = subtitle.upper()
    size = fit_size(label, "bold", max(LABEL, 6.5 * s), w - 2 * SAFE - 4, LABEL)
    if width_mm(label, "bold", size) > w - 2 * SAFE - 2:
        f.overflows.append(Overflow(f"{f.d.id} subtitle", subtitle))
    f.d.add(Text(w / 2, y, label, size, "bold", shade(f.ic, 0.15), "middle"))


def _art(f: _Front) -> float:
    """The card's icon in a medallion, with its colour marks beside it (or nothing, to leave
    room for symbol rows); returns the y below."""
    d, content, s, w, c = f.d, f.content, f.s, f.d.width, f.content.colour
    if content.art != "medallion":
        return SAFE + f.band_h + (6.0 if content.subtitle else 2.0) * s
    art_cy = SAFE + f.band_h + 17.5 * s
    art_r = 11.5 * s
    bg = f.theme.background(c, 0.72)
    d.add(Circle(w / 2, art_cy, art_r, fill=bg, stroke=f.ic, width=0.4))
    isz = art_r * 1.45
    d.add(icon(content.icon, w / 2 - isz / 2, art_cy - isz / 2, isz, f.ic, bg))
    if content.marks:
        inner = WHITE if f.theme.ink_saver else tint(c, 0.95)
        colour_marks(d, content.marks, w, art_cy, art_r, s, inner)
    return art_cy + art_r + 2.5 * s


def _chips_and_symbol_rows(f: _Front, y: float) -> float:
    """Chips (short labels such as traits), then symbol rows (costs, incomes, price tables)."""
    content, c = f.content, f.content.colour
    if content.chips:
        y = chips(f.d, content.chips, f.d.width, y, f.s, c, f.theme)
    if content.rows:
        vocab = content.vocabulary
        assert vocab is not None, "symbol rows need the game's vocabulary"
        y = symbol_rows(f.d, content.rows, vocab, y, f.s, c, f.theme, f.overflows)
    return y


def _corner_boxes(f: _Front) -> float:
    """Corner boxes at the bottom (a cost on the left, points on the right); returns the
    lowest y the text above them may reach."""
    content, s, h = f.content, f.s, f.d.height
    corners = [
        (k, v) for k, v in (("left", content.corner_left), ("right", content.corner_right)) if v
    ]
    if not corners:
        return h - SAFE - 4.2 * s
    vocab = content.vocabulary
    assert vocab is not None, "corner boxes need the game's vocabulary"
    corner_h = 13.0 * s
    top = h - SAFE - 4.0 * s - corner_h
    for side, spec in corners:
        try:
            corner(f.d, spec, side, vocab, top, corner_h, s, content.colour, f.theme, f.overflows)
        except symbols.CellError as exc:
            raise symbols.CellError(str(exc), f"corner_{side}") from None
    return top - 1.0 * s


def _rows_of_boxes(f: _Front, y: float, box_bottom: float) -> float:
    """Rows of numbered boxes (scores, payouts, a turn track); returns the y below them."""
    if not f.content.boxes:
        return y
    s = f.s
    y, bad_cells = boxes(f.d, f.content.boxes, f.d.width, y + 0.4 * s, s, f.content.colour, f.theme)
    f.overflows += [Overflow(f"{f.d.id} box", t) for t in bad_cells]
    if y > box_bottom + 1e-6:
        f.overflows.append(Overflow(f"{f.d.id} boxes", "the rows of boxes run into the footer"))
    return y


def _panels(f: _Front, y: float, box_bottom: float) -> None:
    """Instruction panels (Age of Exploration's card portions), filling the text area."""
    if not f.content.panels:
        return
    s, w = f.s, f.d.width
    fits = draw_panels(
        f.d,
        f.content.panels,
        SAFE + 1.2 * s,
        y + 0.8 * s,
        w - 2 * SAFE - 2.4 * s,
        box_bottom - y - 1.4 * s,
        f.content.colour,
        f.theme.ink_saver,
    )
    if not fits:
        f.overflows.append(Overflow(f"{f.d.id} panels", f.content.title))


def _rules_text(f: _Front, y: float, box_bottom: float) -> None:
    """The rules text, shrunk to fit between what is above it and the bottom parts."""
    text, s, w = f.content.text, f.s, f.d.width
    if not text:
        return
    box_top = y + 1.2 * s
    block = set_paragraphs(
        text,
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
    f.d.add(*block.items)
    if not block.fits:
        f.overflows.append(Overflow(f"{f.d.id} text", " / ".join(text)))


def _footer(f: _Front) -> None:
    """The footer: a note on the left (regular), one on the right (bold)."""
    content, s, w = f.content, f.s, f.d.width
    fy = f.d.height - SAFE - 1.3 * s
    size = max(FOOTER, 5.2 * s)
    if content.footer_left:
        f.d.add(Text(SAFE + 1.6 * s, fy, content.footer_left, size, "regular", GREY))
    if content.footer_right:
        f.d.add(Text(w - SAFE - 1.6 * s, fy, content.footer_right, size, "bold", GREY, "end"))
