"""Symbol rows: bundles of vocabulary words drawn as their icons, e.g. a cost or an income.

A *cell* is what a face's ``rows`` and corner slots hold (see ``portolan.model.deck.Face``):

- a bundle, ``{'Fruit': 2, 'Coin': 1}``: each word drawn as its icon (``icon`` of the word in
  game.yaml ``terms``); an amount up to 3 repeats the icon, more is written ``4×`` before it; a
  ``numbered`` word (coins, points) shows its amount on a single icon. A word without an icon,
  or an empty bundle, is written as text;
- a text or a number, written in bold;
- a list of those, drawn side by side (``[{'Fruit': 1}, '=', {'VP': 1}]``).

``measure`` and ``draw`` take the icon size in mm; text is sized from it, so a row that is too
wide is drawn again with smaller icons (``fit_row`` in ``generator/kinds/cardface.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portolan.generator.draw import Text
from portolan.generator.fonts import PT, centred_text, width_mm
from portolan.generator.icons import ICONS, icon
from portolan.generator.legibility import LABEL
from portolan.generator.theme import on
from portolan.model.game import Term

GAP = 0.12  # between pieces, in icon sizes
REPEAT = 0.96  # step between repeated icons, in icon sizes


@dataclass(frozen=True)
class Vocabulary:
    """Every word of a game's vocabularies with its icon and colour (as #rrggbb, or None)."""

    terms: dict[str, Term]
    colours: dict[str, str]

    @classmethod
    def of(cls, game) -> Vocabulary:
        terms: dict[str, Term] = {}
        for kind in game.spec.terms.values():
            for term in kind:
                if term.name not in terms or (term.icon and not terms[term.name].icon):
                    terms[term.name] = term
        colours = {n: game.colour(t.colour) for n, t in terms.items() if t.colour}
        return cls(terms, colours)

    def icon_of(self, word: str) -> str | None:
        term = self.terms.get(word)
        return term.icon if term and term.icon in ICONS else None


class CellError(ValueError):
    """A cell that is neither a bundle, a text nor a list of those; ``slot`` is the face slot
    it came from (``rows``, ``corner_left`` or ``corner_right``)."""

    def __init__(self, message: str, slot: str = "rows"):
        super().__init__(message)
        self.slot = slot


def pieces(cell: Any) -> list[tuple[str, Any, int]]:
    """A cell as drawable pieces: ("icon", word, amount) or ("text", text, 0)."""
    if cell is None:
        return []
    if isinstance(cell, bool):
        raise CellError(f"a cell cannot be {cell!r}")
    if isinstance(cell, str | int | float):
        return [("text", str(cell), 0)]
    if isinstance(cell, dict):
        if not cell:
            return [("text", "—", 0)]
        out = []
        for word, amount in cell.items():
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise CellError(f"the amount of '{word}' must be a whole number, not {amount!r}")
            out.append(("icon", str(word), amount))
        return out
    if isinstance(cell, list | tuple):
        return [p for c in cell for p in pieces(c)]
    raise CellError(f"a cell must be a bundle, a text or a list of them, not {cell!r}")


def _text_size(size: float) -> float:
    """Points for text next to icons of ``size`` mm (never below the labels' floor)."""
    return max(LABEL, size * 0.78 / PT)


def _piece_width(vocab: Vocabulary, piece, size: float) -> float:
    kind, value, amount = piece
    if kind == "text":
        return width_mm(value, "bold", _text_size(size))
    name = vocab.icon_of(value)
    if name is None:
        return width_mm(f"{amount} {value}", "bold", max(LABEL, _text_size(size) * 0.8))
    term = vocab.terms[value]
    if term.numbered or amount == 1:
        return size
    if amount <= 3:
        return size + (amount - 1) * size * REPEAT
    return width_mm(f"{amount}×", "bold", _text_size(size)) + size * 1.05


def measure(vocab: Vocabulary, cell: Any, size: float) -> float:
    ps = pieces(cell)
    if not ps:
        return 0.0
    return sum(_piece_width(vocab, p, size) for p in ps) + GAP * size * (len(ps) - 1)


def draw(vocab: Vocabulary, cell: Any, x: float, cy: float, size: float, ink: str, bg: str) -> list:
    """Items drawing ``cell`` from ``x``, centred on the line ``cy``; icons ``size`` mm high."""
    items: list = []
    for piece in pieces(cell):
        kind, value, amount = piece
        w = _piece_width(vocab, piece, size)
        tsize = _text_size(size)
        if kind == "text":
            items.append(centred_text(x, cy, value, tsize, "bold", ink, "start"))
        elif vocab.icon_of(value) is None:
            wsize = max(LABEL, tsize * 0.8)
            items.append(centred_text(x, cy, f"{amount} {value}", wsize, "bold", ink, "start"))
        else:
            name = vocab.icon_of(value)
            colour = vocab.colours.get(value, ink)
            term = vocab.terms[value]
            top = cy - size / 2
            if term.numbered:
                items.append(icon(name, x, top, size, colour, bg))
                label = str(amount)
                nsize = max(LABEL, size * (0.56 if len(label) == 1 else 0.42) / PT)
                number = on(colour)  # the number on the icon, readable on its colour
                items.append(
                    Text(
                        x + size / 2, cy + nsize * PT * 0.38, label, nsize, "bold", number, "middle"
                    )
                )
            elif amount <= 3:
                for k in range(amount):
                    items.append(icon(name, x + k * size * REPEAT, top, size, colour, bg))
            else:
                label = f"{amount}×"
                items.append(centred_text(x, cy, label, tsize, "bold", ink, "start"))
                lw = width_mm(label, "bold", tsize)
                items.append(icon(name, x + lw + size * 0.05, top, size, colour, bg))
        x += w + GAP * size
    return items
