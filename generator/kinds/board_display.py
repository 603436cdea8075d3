"""Drawing a player display's elements (``portolan/model/board_display.py``): action boxes with
their two activation costs, rows of spaces that start covered, and each era's action cubes."""

from __future__ import annotations

from portolan.generator import symbols
from portolan.generator.colours import readable, shade, tint
from portolan.generator.draw import Circle, Drawing, Line, Rect, Text
from portolan.generator.fonts import PT, centred_text, fit_size, width_mm
from portolan.generator.icons import icon
from portolan.generator.kinds.board_map import era_icon
from portolan.generator.kinds.cardface import Overflow
from portolan.generator.legibility import CONTRAST_AIM as CONTRAST
from portolan.generator.legibility import LABEL
from portolan.generator.theme import WHITE, Theme, ink, on
from portolan.model.board_display import ActionBox, EraCubes, Spaces

MERCHANT = "Merchant cube"
FREE = "Free action cube"
COIN = "coin"


def _coins(d: Drawing, x: float, cy: float, n: int, size: float, colour: str) -> float:
    """``n`` gold as one coin with the number on it; returns the width used (0 for none)."""
    if n <= 0:
        return 0.0
    d.add(icon(COIN, x, cy - size / 2, size, colour))
    label = str(n)
    ls = max(LABEL, size * 0.55 / PT)
    d.add(centred_text(x + size / 2, cy, label, ls, "bold", on(colour)))
    return size


def action_box(d: Drawing, a: ActionBox, colour: str, theme: Theme, gold: str) -> list[Overflow]:
    lay = a.layout
    x, y, w, h = lay.x, lay.y, lay.width, lay.height
    c = ink(colour)
    d.add(Rect(x, y, w, h, fill=theme.background(colour, 0.9), stroke=c, width=0.5, radius=1.8))
    title = a.action.upper()
    size = fit_size(title, "bold", 7.5, w - 4, LABEL)
    d.add(Text(x + w / 2, y + 4.2, title, size, "bold", shade(c, 0.2), "middle"))
    over = [] if width_mm(title, "bold", size) <= w - 3 else [Overflow(f"action {a.action}", title)]
    cy = y + 5.5 + (h - 5.5) / 2
    isz = min(9.0, h - 8.5)
    half = w / 2
    d.add(Line(x + half, y + 6.5, x + half, y + h - 1.5, stroke=tint(c, 0.5), width=0.3))
    for side, (word, n) in enumerate(((MERCHANT, a.merchant_gold), (FREE, a.free_gold))):
        left = x + side * half
        used = isz + (1.2 + isz * 0.85 if n else 0)
        sx = left + (half - used) / 2
        name = "cube" if word == MERCHANT else "free-cube"
        d.add(icon(name, sx, cy - isz / 2, isz, colour if word == MERCHANT else shade(c, 0.2)))
        if n:
            _coins(d, sx + isz + 1.2, cy, n, isz * 0.85, gold)
    if a.once_per_turn:
        csz = 6.0
        d.add(Rect(x + half - csz / 2 - 0.8, y + 6.2, csz + 1.6, csz + 1.6, fill=WHITE, radius=0.8))
        d.add(icon("card", x + half - csz / 2, y + 7.0, csz, shade(c, 0.1)))
    return over


def spaces(d: Drawing, s: Spaces, colour: str, theme: Theme) -> list[Overflow]:
    lay = s.layout
    c = ink(colour)
    size = lay.size
    over: list[Overflow] = []
    if lay.label_width > 0:
        label = s.spaces.upper()
        ls = fit_size(label, "bold", 8, lay.label_width - 1.5, LABEL)
        d.add(centred_text(lay.x, lay.y + size / 2, label, ls, "bold", shade(c, 0.2), "start"))
        if width_mm(label, "bold", ls) > lay.label_width - 1:
            over.append(Overflow(f"spaces {s.spaces}", label))
    x0 = lay.x + lay.label_width
    for k in range(s.count):
        x = x0 + k * (size + lay.gap)
        covered = s.open is not None and k >= s.open
        fill = WHITE if covered else tint(colour, 0.8 if not theme.ink_saver else 0.95)
        d.add(Rect(x, lay.y, size, size, fill=fill, stroke=c, width=0.4, radius=0.8))
        if covered:  # a city's circle on the space, its centre (cx, cy)
            r, cx, cy = size * 0.38, x + size / 2, lay.y + size / 2
            d.add(Circle(cx, cy, r, stroke=tint(c, 0.35), width=0.35))
            d.add(icon("city", cx - r * 0.6, cy - r * 0.6, r * 1.2, tint(c, 0.6)))
        elif s.holds:
            isz = size * 0.6
            d.add(icon(s.holds, x + (size - isz) / 2, lay.y + (size - isz) / 2, isz, tint(c, 0.45)))
        d.add(
            Text(
                x + size - 0.8,
                lay.y + size - 0.8,
                str(k + 1),
                LABEL,
                "regular",
                readable(shade(c, 0.1), fill, CONTRAST),
                "end",
            )
        )
    return over


def era_cubes(
    d: Drawing, e: EraCubes, rows: dict[str, dict[str, int]], colour: str, theme: Theme, vocab
) -> list[Overflow]:
    """The action cubes section: one row per era, a space per cube taken at the start of a
    turn (a cube of the player's colour, or a free action cube)."""
    lay = e.layout
    x, y, w, h = lay.x, lay.y, lay.width, lay.height
    c = ink(colour)
    d.add(Rect(x, y, w, h, fill=theme.background(colour, 0.9), stroke=c, width=0.5, radius=1.8))
    title = e.title.upper()
    d.add(Text(x + w / 2, y + 4.4, title, 7.5, "bold", shade(c, 0.2), "middle"))
    over: list[Overflow] = []
    top = y + 6.5
    row_h = (h - 7.5) / max(1, len(rows))
    size = min(row_h - 2.0, 10.0)
    label_w = 30.0
    for k, (era, cubes) in enumerate(rows.items()):
        ry = top + k * row_h
        cy = ry + row_h / 2
        d.add(icon(era_icon(vocab, era), x + 2, cy - 3.5, 7, shade(c, 0.25)))
        ls = fit_size(era, "bold", 6.5, label_w - 10, LABEL)
        d.add(centred_text(x + 10, cy, era, ls, "bold", shade(c, 0.25), "start"))
        sx = x + label_w
        for word, n in cubes.items():
            for _ in range(n):
                d.add(
                    Rect(sx, cy - size / 2, size, size, fill=WHITE, stroke=c, width=0.4, radius=0.8)
                )
                name = "cube" if word == MERCHANT else vocab.icon_of(word) or "free-cube"
                isz = size * 0.72
                fill = colour if word == MERCHANT else shade(c, 0.2)
                d.add(icon(name, sx + (size - isz) / 2, cy - isz / 2, isz, fill))
                sx += size + 1.2
        if sx > x + w - 1:
            over.append(Overflow(f"{e.title} {era}", symbols.pieces(cubes).__repr__()))
    return over
