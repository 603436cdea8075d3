"""A deck's card backs: the deck's colour, a framed icon and its name, or a small table of the
card's other side."""

from __future__ import annotations

from portolan.generator.colours import shade, tint
from portolan.generator.draw import Circle, Drawing, Line, Rect, Text
from portolan.generator.fonts import PT, fit_size, width_mm
from portolan.generator.icons import icon
from portolan.generator.kinds.cardparts import SAFE, Overflow
from portolan.generator.legibility import BODY, LABEL, TITLE
from portolan.generator.textbox import set_paragraphs
from portolan.generator.theme import WHITE, Theme, ink, on


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
    for inset, width, radius in ((0.5, 0.6, 2.5), (2, 0.25, 2)):  # a double frame
        x, y = SAFE + inset, SAFE + inset
        fw, fh = w - 2 * SAFE - 2 * inset, h - 2 * SAFE - 2 * inset
        d.add(Rect(x, y, fw, fh, stroke=fg, width=width, radius=radius * s))
    if theme.ink_saver:
        ring = tint(colour, 0.85)
    else:  # behind the icon: darker than the fill under white, lighter under dark lettering
        ring = shade(colour, 0.25) if fg == WHITE else tint(colour, 0.5)
    if lines:
        _back_table(d, title, subtitle, icon_name, lines, w, h, s, fg, ring, over)
        return d
    d.add(Circle(w / 2, h * 0.42, 17 * s, fill=ring, stroke=fg, width=0.5))
    d.add(icon(icon_name, w / 2 - 12.5 * s, h * 0.42 - 12.5 * s, 25 * s, fg, ring))
    _line(d, title.upper(), w / 2, h * 0.72, max(TITLE, 13 * s), TITLE, "bold", fg, over)
    if subtitle:
        _line(d, subtitle, w / 2, h * 0.72 + 6 * s, max(LABEL, 6.5 * s), LABEL, "regular", fg, over)
    return d


def _line(d, text, x, y, max_pt, min_pt, face, fg, over) -> float:
    """A centred line across a card back, on two lines (split at the space that balances them)
    when one does not fit at ``min_pt``, reported when two do not either; returns how far
    below ``y`` the last line stands."""
    room = d.width - 2 * SAFE - 6
    lines = [text]
    if width_mm(text, face, min_pt) > room and " " in text:
        words = text.split(" ")
        halves = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        lines = list(min(halves, key=lambda p: max(width_mm(t, face, min_pt) for t in p)))
    size = min(fit_size(t, face, max_pt, room, min_pt) for t in lines)
    if max(width_mm(t, face, size) for t in lines) > room + 2:
        over.append(Overflow(f"{d.id} back", text))
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
    _line(d, title.upper(), w / 2, y, max(TITLE, 10 * s), TITLE, "bold", fg, over)
    if subtitle:
        y += 5 * s
        y += _line(d, subtitle, w / 2, y, max(LABEL, 6 * s), LABEL, "regular", fg, over)
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
