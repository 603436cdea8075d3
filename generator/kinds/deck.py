"""Card decks: one front per card design (copied ``count`` times on the sheets) and a back."""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw import Drawing
from generator.faces import FaceEvaluator
from generator.icons import ICONS
from generator.kinds.cardface import FaceContent, Mark, Overflow, card_back, card_front
from generator.layout.sheet import Item
from generator.theme import Theme
from portolan.errors import InputError, did_you_mean
from portolan.model.deck import Card
from portolan.model.loader import Component, Game
from portolan.yamlsrc import position_at


@dataclass
class Rendered:
    """What a component kind produces: sheet items, one SVG drawing per design, overflows."""

    items: list[Item]
    designs: list[Drawing]
    overflows: list[Overflow]


def check_icon(component: Component, name: str, path: tuple) -> str:
    if name not in ICONS:
        raise InputError(
            component.source.problem(
                f"unknown icon '{name}'",
                position_at(component.raw, path),
                field=".".join(str(p) for p in path),
                hint=did_you_mean(name, ICONS),
            )
        )
    return name


def check_colour(game: Game, component: Component, name: str, path: tuple) -> str:
    try:
        return game.colour(name)
    except KeyError:
        raise InputError(
            component.source.problem(
                f"colour '{name}' is neither #rrggbb nor a palette name",
                position_at(component.raw, path),
                field=".".join(str(p) for p in path),
                hint=did_you_mean(name, game.spec.palette),
            )
        ) from None


def render_deck(game: Game, component: Component, bleed: float, theme: Theme) -> Rendered:
    deck = component.deck
    assert deck is not None
    spec = deck.spec
    w, h = spec.dims
    evaluator = FaceEvaluator(game, component)
    back_spec = spec.back
    back = card_back(
        back_spec.title,
        back_spec.subtitle or "",
        check_colour(game, component, back_spec.colour, ("back", "colour")),
        check_icon(component, back_spec.icon, ("back", "icon")),
        w,
        h,
        bleed,
        theme,
        f"{spec.id}-back",
    )
    items: list[Item] = []
    designs: list[Drawing] = []
    overflows: list[Overflow] = []
    for card in deck.cards:
        content = face_content(game, component, card, evaluator.slots(card))
        front, over = card_front(content, w, h, bleed, theme, f"{spec.id}-{card.id}")
        overflows += over
        designs.append(front)
        items += [Item(front, back)] * card.count
    designs.append(back)
    return Rendered(items, designs, overflows)


def face_content(game: Game, component: Component, card: Card, slots: dict) -> FaceContent:
    """A card's filled slots, with colours resolved and icons checked, ready to draw."""
    spec = component.spec
    ctype = spec.types[card.type]
    face_path = ("types", card.type, "face")
    colour_path = (*face_path, "colour") if slots["colour"] else ("types", card.type, "colour")
    icon_path = (*face_path, "icon") if slots["icon"] else ("types", card.type, "icon")
    colour = check_colour(game, component, slots["colour"] or ctype.colour, colour_path)

    def fill(slot: str) -> str:
        name = slots[slot]
        return check_colour(game, component, name, (*face_path, slot)) if name else ""

    marks = [
        Mark(
            check_icon(component, m.icon, (*face_path, "marks")),
            m.text,
            check_colour(game, component, m.colour, (*face_path, "marks")) if m.colour else colour,
        )
        for m in slots["marks"]
    ]
    for row in slots["boxes"]:
        if row.icon:
            check_icon(component, row.icon, (*face_path, "boxes"))
    return FaceContent(
        title=slots["title"],
        colour=colour,
        icon=check_icon(component, slots["icon"] or ctype.icon, icon_path),
        subtitle=slots["subtitle"],
        badge=slots["badge"],
        badge_right=slots["badge_right"],
        chips=slots["chips"],
        text=slots["text"],
        footer_left=slots["footer"] or spec.name,
        footer_right=f"×{card.count}" if card.count > 1 else "",
        badge_fill=fill("badge_colour"),
        badge_right_fill=fill("badge_right_colour"),
        marks=marks,
        boxes=slots["boxes"],
    )
