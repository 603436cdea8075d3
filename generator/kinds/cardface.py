"""The standard card layout shared by every deck: band, badges, art, chips, text, footer.

Positions are given for a poker card (63 x 88 mm) and scaled for other sizes. Everything that
must survive a slightly off cut stays 3 mm inside the trim; backgrounds run into the bleed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.colours import shade, tint
from generator.draw import Circle, Drawing, Rect, Text
from generator.fonts import PT, fit_size, width_mm
from generator.icons import icon
from generator.textbox import set_paragraphs
from generator.theme import GREY, WHITE, Theme

SAFE = 3.0  # mm inside the trim where cutting errors cannot reach


@dataclass
class FaceContent:
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


@dataclass
class Overflow:
    """Text that did not fit its box even at the smallest size allowed."""

    where: str
    text: str


def card_front(
    content: FaceContent, w: float, h: float, bleed: float, theme: Theme, face_id: str
) -> tuple[Drawing, list[Overflow]]:
    s = min(w / 63, h / 88)
    c = content.colour
    band_fill, band_text = theme.band(c)
    d = Drawing(w, h, bleed=bleed, id=face_id, title=content.title)
    overflows: list[Overflow] = []

    d.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=theme.background(c, 0.9)))
    d.add(
        Rect(
            SAFE - 0.6,
            SAFE - 0.6,
            w - 2 * SAFE + 1.2,
            h - 2 * SAFE + 1.2,
            stroke=c,
            width=0.5,
            radius=2.2 * s,
            fill=None if theme.ink_saver else tint(c, 0.95),
        )
    )

    # Title band with a badge on each side.
    band_h = 11.5 * s
    d.add(Rect(SAFE, SAFE, w - 2 * SAFE, band_h, fill=band_fill, radius=1.6 * s))
    r = 4.6 * s
    cy = SAFE + band_h / 2
    left = SAFE + 1.2 * s + r
    d.add(Circle(left, cy, r, fill=WHITE, stroke=shade(c, 0.1), width=0.45))
    if content.badge:
        size = fit_size(content.badge, "bold", 15 * s, 1.6 * r, 6)
        d.add(Text(left, cy + size * PT * 0.36, content.badge, size, "bold", c, "middle"))
    else:
        d.add(icon(content.icon, left - r * 0.62, cy - r * 0.62, r * 1.24, c))
    right_edge = w - SAFE - 1.6 * s
    if content.badge_right:
        rx = w - SAFE - 1.2 * s - r
        d.add(Circle(rx, cy, r, fill=WHITE, stroke=shade(c, 0.1), width=0.45))
        size = fit_size(content.badge_right, "bold", 15 * s, 1.6 * r, 6)
        d.add(Text(rx, cy + size * PT * 0.36, content.badge_right, size, "bold", c, "middle"))
        right_edge = rx - r - 1.2 * s
    title_x = left + r + 1.4 * s
    title_w = right_edge - title_x
    size = fit_size(content.title, "bold", 11 * s, title_w, 7 * s)
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
            max_size=9 * s,
            min_size=5.5 * s,
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
        size = fit_size(label, "bold", 6.5 * s, w - 2 * SAFE - 4, 4.5)
        d.add(Text(w / 2, y, label, size, "bold", shade(c, 0.15), "middle"))

    # Art: the card's icon in a medallion.
    art_cy = SAFE + band_h + 17.5 * s
    art_r = 11.5 * s
    d.add(Circle(w / 2, art_cy, art_r, fill=theme.background(c, 0.72), stroke=c, width=0.4))
    isz = art_r * 1.45
    d.add(icon(content.icon, w / 2 - isz / 2, art_cy - isz / 2, isz, c, theme.background(c, 0.72)))

    # Chips: short labels such as traits, centred in rows.
    y = art_cy + art_r + 2.5 * s
    if content.chips:
        y = _chips(d, content.chips, w, y, s, c, theme)
    # Rules text, shrunk to fit.
    box_top = y + 1.2 * s
    box_bottom = h - SAFE - 4.2 * s
    if content.text:
        block = set_paragraphs(
            content.text,
            SAFE + 2 * s,
            box_top,
            w - 2 * SAFE - 4 * s,
            box_bottom - box_top,
            max_size=7.2 * s,
            min_size=5.0 * s,
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
        d.add(Text(SAFE + 1.6 * s, fy, content.footer_left, 5.2 * s, "regular", GREY))
    if content.footer_right:
        d.add(Text(w - SAFE - 1.6 * s, fy, content.footer_right, 5.2 * s, "bold", GREY, "end"))
    return d, overflows


def _chips(
    d: Drawing, chips: list[str], w: float, y: float, s: float, c: str, theme: Theme
) -> float:
    size = 6.6 * s
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
                    stroke=c if theme.ink_saver else None,
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
) -> Drawing:
    """A deck back: full-bleed colour, a compass-rose frame, the icon and the deck's name."""
    s = min(w / 63, h / 88)
    d = Drawing(w, h, bleed=bleed, id=face_id, title=f"{title} back")
    fg = colour if theme.ink_saver else WHITE
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
    ring = shade(colour, 0.25) if not theme.ink_saver else tint(colour, 0.85)
    d.add(Circle(w / 2, h * 0.42, 17 * s, fill=ring, stroke=fg, width=0.5))
    d.add(icon(icon_name, w / 2 - 12.5 * s, h * 0.42 - 12.5 * s, 25 * s, fg, ring))
    size = fit_size(title.upper(), "bold", 13 * s, w - 2 * SAFE - 8, 7)
    d.add(Text(w / 2, h * 0.72, title.upper(), size, "bold", fg, "middle"))
    if subtitle:
        size = fit_size(subtitle, "regular", 6.5 * s, w - 2 * SAFE - 8, 4.5)
        d.add(Text(w / 2, h * 0.72 + 6 * s, subtitle, size, "regular", fg, "middle"))
    return d
