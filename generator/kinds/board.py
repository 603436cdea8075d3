"""Boards and mats: background, title band, tracks of numbered boxes, labelled areas."""

from __future__ import annotations

from generator.colours import shade, tint
from generator.draw import Drawing, Rect, Text
from generator.fonts import PT, fit_size
from generator.icons import icon
from generator.kinds.cardface import SAFE
from generator.kinds.deck import Rendered, check_colour, check_icon
from generator.layout.sheet import Item
from generator.templating import fill_in
from generator.textbox import set_paragraphs
from generator.theme import WHITE, Theme
from portolan.model.board import Box, Label, Track
from portolan.model.loader import Component, Game


def render_board(game: Game, component: Component, bleed: float, theme: Theme) -> Rendered:
    spec = component.spec
    w, h = spec.size.width, spec.size.height
    c = check_colour(game, component, spec.colour, ("colour",))
    d = Drawing(w, h, bleed=bleed, id=spec.id, title=spec.name)
    d.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=theme.background(c, 0.9)))
    d.add(
        Rect(
            SAFE - 0.6,
            SAFE - 0.6,
            w - 2 * SAFE + 1.2,
            h - 2 * SAFE + 1.2,
            stroke=c,
            width=0.5,
            radius=2.5,
        )
    )
    if spec.title:
        band_fill, band_text = theme.band(c)
        d.add(Rect(SAFE, SAFE, 72, 10, fill=band_fill, radius=1.6))
        if spec.icon:
            check_icon(component, spec.icon, ("icon",))
            d.add(icon(spec.icon, SAFE + 1.5, SAFE + 1.2, 7.6, band_text, band_fill))
        size = fit_size(spec.title.upper(), "bold", 11, 58, 6)
        d.add(
            Text(
                SAFE + 11, SAFE + 5 + size * PT * 0.36, spec.title.upper(), size, "bold", band_text
            )
        )
    for i, el in enumerate(spec.elements):
        colour = (
            check_colour(game, component, el.colour, ("elements", i, "colour"))
            if getattr(el, "colour", None)
            else c
        )
        if isinstance(el, Track):
            _track(d, el, colour, theme)
        elif isinstance(el, Box):
            _box(
                d,
                el,
                colour,
                theme,
                fill_in(game, component, el.text or "", ("elements", i, "text")),
            )
        elif isinstance(el, Label):
            text = fill_in(game, component, el.text, ("elements", i, "text"))
            face = "bold" if el.bold else "regular"
            if el.width:
                block = set_paragraphs(
                    [text],
                    el.x,
                    el.y - el.size * PT * 0.76,
                    el.width,
                    el.size * PT * 6,
                    max_size=el.size,
                    min_size=4.5,
                    face=face,
                    fill=shade(colour, 0.35),
                    align=el.align,
                )
                d.add(*block.items)
            else:
                anchor = {"left": "start", "centre": "middle", "right": "end"}[el.align]
                d.add(Text(el.x, el.y, text, el.size, face, shade(colour, 0.35), anchor))
    return Rendered([Item(d)] * spec.count, [d], [])


def _track(d: Drawing, t: Track, c: str, theme: Theme) -> None:
    if t.label_width > 0:
        size = fit_size(t.track, "bold", 9, t.label_width - 1.5, 5)
        d.add(Text(t.x, t.y + t.box / 2 + size * PT * 0.36, t.track, size, "bold", shade(c, 0.2)))
    for value, x, y in t.cells():
        fill = WHITE
        if t.marked(value):
            fill = tint(c, 0.55) if not theme.ink_saver else tint(c, 0.85)
        if value == 0 and t.warn_zero:
            fill = tint("#b23a0b", 0.7) if not theme.ink_saver else WHITE
        d.add(Rect(x, y, t.box, t.box, fill=fill, stroke=c, width=0.35, radius=0.8))
        label = t.value_label(value)
        vsize = fit_size(label, "bold", min(10.0, t.box * 0.55 / PT), t.box * 0.86, 4)
        d.add(
            Text(
                x + t.box / 2,
                y + t.box / 2 + vsize * PT * 0.36,
                label,
                vsize,
                "bold",
                shade(c, 0.3),
                "middle",
            )
        )


def _box(d: Drawing, b: Box, c: str, theme: Theme, text: str) -> None:
    d.add(
        Rect(
            b.x,
            b.y,
            b.width,
            b.height,
            fill=None if theme.ink_saver else tint(c, 0.93),
            stroke=c,
            width=0.4,
            radius=1.5,
            dash=(1.6, 1.0) if b.dashed else None,
        )
    )
    size = fit_size(b.box.upper(), "bold", 8, b.width - 4, 5)
    d.add(Text(b.x + b.width / 2, b.y + 5.5, b.box.upper(), size, "bold", shade(c, 0.2), "middle"))
    if text:
        block = set_paragraphs(
            [text],
            b.x + 3,
            b.y + b.height - 14,
            b.width - 6,
            11,
            max_size=6.5,
            min_size=4.5,
            fill=shade(c, 0.3),
            align="centre",
            valign="middle",
        )
        d.add(*block.items)
