"""Card decks: one front per card design (copied ``count`` times on the sheets) and a back."""

from __future__ import annotations

import re
from dataclasses import dataclass

from portolan.errors import InputError, did_you_mean
from portolan.generator import symbols
from portolan.generator.draw import Drawing
from portolan.generator.faces import FaceEvaluator
from portolan.generator.icons import ICONS
from portolan.generator.kinds.cardback import card_back
from portolan.generator.kinds.cardface import FaceContent, Mark, Overflow, card_front
from portolan.generator.layout.sheet import Item
from portolan.generator.theme import Theme
from portolan.model.deck import Card
from portolan.model.loader import Component, Game


@dataclass
class Rendered:
    """What a component kind produces: sheet items, one SVG drawing per design, overflows."""

    items: list[Item]
    designs: list[Drawing]
    overflows: list[Overflow]


def check_icon(component: Component, name: str, path: tuple) -> str:
    if name not in ICONS:
        hint = did_you_mean(name, ICONS)
        raise InputError(component.problem(f"unknown icon '{name}'", path, hint))
    return name


def check_colour(game: Game, component: Component, name: str, path: tuple) -> str:
    try:
        return game.colour(name)
    except KeyError:
        message = f"colour '{name}' is neither #rrggbb nor a palette name"
        hint = did_you_mean(name, game.spec.palette)
        raise InputError(component.problem(message, path, hint)) from None


def _rows(component: Component, card, value, path: tuple) -> list:
    """The ``rows`` slot's value, which must be a list (of row mappings)."""
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return list(value)
    message = f"the 'rows' slot for card '{card.name}' must give a list of rows, not {value!r}"
    raise InputError(component.problem(message, path))


def render_deck(
    game: Game, component: Component, bleed: float, theme: Theme, size=None
) -> Rendered:
    """Every card of the deck at its YAML size, or at ``size`` (``--card-size``)."""
    deck = component.deck
    assert deck is not None
    spec = deck.spec
    w, h = size or spec.dims
    evaluator = FaceEvaluator(game, component)
    vocabulary = symbols.Vocabulary.of(game)

    overflows: list[Overflow] = []

    def make_back(back_spec, path: tuple, face_id: str) -> Drawing:
        return card_back(
            back_spec.title,
            back_spec.subtitle or "",
            check_colour(game, component, back_spec.colour, (*path, "colour")),
            check_icon(component, back_spec.icon, (*path, "icon")),
            w,
            h,
            bleed,
            theme,
            face_id,
            back_spec.lines,
            overflows,
        )

    back = make_back(spec.back, ("back",), f"{spec.id}-back")
    type_backs = {
        tname: make_back(ct.back, ("types", tname, "back"), f"{spec.id}-{tname}-back")
        for tname, ct in spec.types.items()
        if ct.back is not None
    }
    items: list[Item] = []
    designs: list[Drawing] = []
    for card in deck.cards:
        content = face_content(game, component, card, evaluator.slots(card), vocabulary)
        face_path = ("types", card.type, "face")
        try:
            front, over = card_front(content, w, h, bleed, theme, f"{spec.id}-{card.id}")
        except symbols.CellError as exc:
            message = f"cannot draw the {exc.slot.replace('_', ' ')} of card '{card.name}': {exc}"
            raise InputError(component.problem(message, (*face_path, exc.slot))) from None
        overflows += over
        designs.append(front)
        items += [Item(front, type_backs.get(card.type, back))] * card.count
    used = {id(it.back) for it in items}  # a back no card carries is not written
    designs += [b for b in (back, *type_backs.values()) if id(b) in used]
    return Rendered(items, designs, overflows)


def _footer(custom: str, deck: str) -> str:
    """A card's footer always names its deck (decks share sheets): a custom footer gets the
    deck's name after it unless it names it already. A custom footer that the deck's name
    holds whole ("Land" of "Land Cards") gives way to it, not "Land · Land Cards"."""
    if not custom or re.search(rf"\b{re.escape(custom)}\b", deck, re.IGNORECASE):
        return deck
    return custom if deck.casefold() in custom.casefold() else f"{custom} · {deck}"


def face_content(
    game: Game,
    component: Component,
    card: Card,
    slots: dict,
    vocabulary: symbols.Vocabulary | None = None,
) -> FaceContent:
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
        footer_left=_footer(slots["footer"], spec.name),
        footer_right=f"×{card.count}" if card.count > 1 else "",
        badge_fill=fill("badge_colour"),
        badge_right_fill=fill("badge_right_colour"),
        marks=marks,
        boxes=slots["boxes"],
        badge_icon=(
            check_icon(component, slots["badge_icon"], (*face_path, "badge_icon"))
            if slots["badge_icon"]
            else ""
        ),
        art=ctype.face.art,
        rows=_rows(component, card, slots["rows"], (*face_path, "rows")),
        corner_left=slots["corner_left"],
        corner_right=slots["corner_right"],
        panels=[
            {**p, "colour": check_colour(game, component, p["colour"], (*face_path, "panels"))}
            if isinstance(p, dict) and p.get("colour")
            else p
            for p in slots["panels"] or []
        ],
        vocabulary=vocabulary,
    )
