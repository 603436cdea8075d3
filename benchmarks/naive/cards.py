"""Naive card sheets: every deck and player aid, its fronts (the same texts, from the same face
templates) and backs on the same grid of cards, decks of one size sharing a file."""

from __future__ import annotations

from pathlib import Path

from portolan.generator import fonts
from portolan.generator.colours import shade, tint
from portolan.generator.faces import FaceEvaluator
from portolan.generator.layout.grid import solve_grid
from portolan.generator.markup import Bullets, Heading, Note, Para, Table, parse
from portolan.generator.printset import CARD_KINDS
from portolan.generator.templating import render
from portolan.generator.textbox import plain

from .sheet import EDGES, Sheet


def _front(s: Sheet, x, y, w, h, b, card):
    title, subtitle, colour, chips, text, footer, count = card
    s.clip(x - b, y - b, w + 2 * b, h + 2 * b)
    s.rect(x - b, y - b, w + 2 * b, h + 2 * b, fill=tint(colour, 0.9))
    s.rect(
        x + 2.4, y + 2.4, w - 4.8, h - 4.8, fill=tint(colour, 0.95), stroke=colour, r=2.2, width=0.5
    )
    s.rect(x + 3, y + 3, w - 6, 11.5, fill=colour, r=1.6)
    s.circle(x + 8.8, y + 8.75, 4.6, fill="#ffffff", stroke=shade(colour, 0.1), width=0.45)
    s.star(x + 8.8, y + 8.75, 2.9, colour)
    size = s.fit(title, "bold", 11, 43, 7)
    s.text(x + 36.6, y + 10.1, title, size, "bold", "#ffffff", "middle")
    if subtitle:
        size = s.fit(subtitle.upper(), "bold", 6.5, w - 10, 4.5)
        s.text(x + w / 2, y + 18.7, subtitle.upper(), size, "bold", shade(colour, 0.15), "middle")
    s.circle(x + w / 2, y + 32, 11.5, fill=tint(colour, 0.72), stroke=colour, width=0.4)
    s.star(x + w / 2, y + 32, 8.3, colour)
    cy = y + 46
    widths = [fonts.width_mm(chip, "bold", 6.6) + 3.2 for chip in chips]
    cx = x + (w - sum(widths) - 1.4 * max(0, len(chips) - 1)) / 2
    for chip, cw in zip(chips, widths, strict=True):
        s.rect(cx, cy, cw, 5.2, fill=colour, r=2.6)
        s.text(cx + cw / 2, cy + 3.6, chip, 6.6, "bold", "#ffffff", "middle")
        cx += cw + 1.4
    ty = cy + 10
    for para in text:
        ty = s.paragraph(plain(para), x + 5, ty, w - 10, 7.2) + 0.8
    s.text(x + 4.6, y + h - 4.3, footer, 5.2, "regular", "#6b6b6b")
    if count > 1:
        s.text(x + w - 4.6, y + h - 4.3, f"×{count}", 5.2, "bold", "#6b6b6b", "end")
    s.unclip()


def _back(s: Sheet, x, y, w, h, b, title, subtitle, colour):
    s.clip(x - b, y - b, w + 2 * b, h + 2 * b)
    s.rect(x - b, y - b, w + 2 * b, h + 2 * b, fill=colour)
    s.rect(x + 3.5, y + 3.5, w - 7, h - 7, stroke="#ffffff", r=2.5, width=0.6)
    s.rect(x + 5, y + 5, w - 10, h - 10, stroke="#ffffff", r=2, width=0.25)
    s.circle(x + w / 2, y + h * 0.42, 17, fill=shade(colour, 0.25), stroke="#ffffff", width=0.5)
    s.star(x + w / 2, y + h * 0.42, 12, "#ffffff")
    s.text(x + w / 2, y + h * 0.72, title.upper(), 13, "bold", "#ffffff", "middle")
    s.text(x + w / 2, y + h * 0.72 + 6, subtitle, 6.5, "regular", "#ffffff", "middle")
    s.unclip()


def _deck_items(game, component):
    """(draw front, draw back) for every card of a deck, in order."""
    deck = component.deck
    spec = deck.spec
    evaluator = FaceEvaluator(game, component)
    back_colour = game.colour(spec.back.colour)
    items = []
    for card in deck.cards:
        slots = evaluator.slots(card)
        colour = game.colour(slots["colour"] or spec.types[card.type].colour)
        entry = (
            slots["title"],
            slots["subtitle"],
            colour,
            slots["chips"],
            slots["text"],
            spec.name,
            card.count,
        )

        def front(s, x, y, w, h, b, entry=entry):
            _front(s, x, y, w, h, b, entry)

        def back(s, x, y, w, h, b):
            _back(s, x, y, w, h, b, spec.back.title, spec.back.subtitle or "", back_colour)

        items += [(front, back)] * card.count
    return items


def _aid_lines(game, component, template):
    out = []
    for b in parse(render(game, component, template, "front")):
        if isinstance(b, Heading | Para | Note):
            out.append(("bold" if isinstance(b, Heading) else "regular", plain(b.text)))
        elif isinstance(b, Bullets):
            out += [("regular", "• " + plain(i)) for i in b.items]
        elif isinstance(b, Table):
            out += [("regular", "  ".join(plain(c) for c in row)) for row in b.rows]
    return out


def _aid_items(game, component):
    spec = component.spec
    colour = game.colour(spec.colour)
    sides = [_aid_lines(game, component, spec.front)]
    if spec.back:
        sides.append(_aid_lines(game, component, spec.back))

    def face(lines):
        def draw(s, x, y, w, h, b):
            s.clip(x - b, y - b, w + 2 * b, h + 2 * b)
            s.rect(x - b, y - b, w + 2 * b, h + 2 * b, fill=tint(colour, 0.93))
            s.rect(x + 2.4, y + 2.4, w - 4.8, h - 4.8, fill="#ffffff", stroke=colour, r=2)
            s.rect(x + 3, y + 3, w - 6, 7.5, fill=colour, r=1.4)
            s.star(x + 6.8, y + 6.8, 2.8, "#ffffff")
            s.text(x + 11, y + 8, spec.name, 9, "bold", "#ffffff")
            ty = y + 14
            for font, text in lines:
                ty = s.paragraph(text, x + 4.6, ty, w - 9.2, 6.0, font, centre=False) + 0.4
            s.unclip()

        return draw

    return [(face(sides[0]), face(sides[1]) if len(sides) > 1 else None)] * spec.count


def naive_sheets(game, items, w, h, folder: Path, name: str, page, bleed=3.0):
    """Pages of equal items: fronts, then their backs mirrored for a long-edge flip."""
    grid = solve_grid(*page, w, h, bleed, EDGES, "packed")
    laid_w, _laid_h = (h, w) if grid.rotated else (w, h)
    places = [
        (grid.columns.position(c), grid.rows.position(r))
        for r in range(grid.rows.count)
        for c in range(grid.columns.count)
    ]
    s = Sheet(folder / f"{name}.pdf", page)

    def put(draw, x, y):
        if grid.rotated:
            s.turned(x, y, laid_w)
            draw(s, 0, 0, w, h, bleed)
            s.back()
        else:
            draw(s, x, y, w, h, bleed)

    for k in range(0, len(items), grid.per_page):
        chunk = items[k : k + grid.per_page]
        s.page_furniture(grid, game.title)
        for (front, _), (x, y) in zip(chunk, places, strict=False):
            put(front, x, y)
        s.show()
        if any(back for _, back in chunk):
            s.page_furniture(grid, game.title)
            for (_, back), (x, y) in zip(chunk, places, strict=False):
                if back:
                    put(back, page[0] - x - laid_w, y)
            s.show()
    s.save()


def naive_cards(game, folder: Path, page):
    """Decks and aids, those of one size sharing a file (as the build's all-cards.pdf)."""
    groups: dict = {}
    for c in game.components:
        if c.kind in CARD_KINDS:
            groups.setdefault(tuple(c.spec.dims), []).append(c)
    for size, comps in groups.items():
        items = []
        for c in comps:
            items += _deck_items(game, c) if c.kind == "deck" else _aid_items(game, c)
        name = "all-cards" if len(comps) > 1 else comps[0].id
        naive_sheets(game, items, *size, folder, name, page)
