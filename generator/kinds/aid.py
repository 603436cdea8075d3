"""Player aids: a card with the game's summary on both sides, from jinja2 templates."""

from __future__ import annotations

from portolan.generator.draw import Drawing, Rect
from portolan.generator.flow import flow
from portolan.generator.fonts import centred_text, fit_size
from portolan.generator.icons import icon
from portolan.generator.kinds.cardface import SAFE, Overflow, card_frame
from portolan.generator.kinds.deck import Rendered, check_colour, check_icon
from portolan.generator.layout.sheet import Item
from portolan.generator.legibility import TITLE
from portolan.generator.markup import Heading, parse, plain_code
from portolan.generator.templating import render
from portolan.generator.theme import Theme
from portolan.model.loader import Component, Game


def aid_face(
    game: Game,
    component: Component,
    template: str,
    side: str,
    bleed: float,
    theme: Theme,
    card_dims=None,
) -> tuple[Drawing, list[Overflow]]:
    spec = component.spec
    w, h = card_dims or spec.dims
    c = check_colour(game, component, spec.colour, ("colour",))
    blocks = parse(plain_code(render(game, component, template, side)))
    title = spec.name
    if blocks and isinstance(blocks[0], Heading) and blocks[0].level == 1:
        title = blocks.pop(0).text
    d = Drawing(w, h, bleed=bleed, id=f"{spec.id}-{side}", title=f"{spec.name} ({side})")
    card_frame(d, c, theme, light=0.93, width=0.45, radius=2, inner="#ffffff")
    band_fill, band_text = theme.band(c)
    band_h = 7.5
    d.add(Rect(SAFE, SAFE, w - 2 * SAFE, band_h, fill=band_fill, radius=1.4))
    text_x = SAFE + 2
    if spec.icon:
        check_icon(component, spec.icon, ("icon",))
        d.add(icon(spec.icon, SAFE + 1.2, SAFE + 1.0, band_h - 2, band_text, band_fill))
        text_x = SAFE + band_h + 0.8
    size = fit_size(title, "bold", 9, w - SAFE - 2 - text_x, TITLE)
    d.add(centred_text(text_x, SAFE + band_h / 2, title, size, "bold", band_text, "start"))
    body = flow(
        blocks, SAFE + 1.6, SAFE + band_h + 1.8, w - 2 * SAFE - 3.2, h - 2 * SAFE - band_h - 3.4, c
    )
    d.add(*body.items)
    over = [] if body.fits else [Overflow(f"{spec.id} {side}", template)]
    return d, over


def render_aid(game: Game, component: Component, bleed: float, theme: Theme, size=None) -> Rendered:
    """The aid's faces at its YAML size, or at ``size`` (``--card-size``)."""
    spec = component.spec
    front, over = aid_face(game, component, spec.front, "front", bleed, theme, size)
    designs = [front]
    back = None
    if spec.back:
        back, over_back = aid_face(game, component, spec.back, "back", bleed, theme, size)
        over += over_back
        designs.append(back)
    return Rendered([Item(front, back)] * spec.count, designs, over)
