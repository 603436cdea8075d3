"""The naive renderer benchmarks/print.py measures the print pipeline against: plain reportlab
canvas calls in points, no neutral drawing layer, the same pages as a build draws."""

from __future__ import annotations

from pathlib import Path

from portolan.generator.printset import CARD_KINDS
from portolan.sizes import papers

from .boards import naive_board
from .cards import naive_cards
from .extras import naive_counters, naive_reference, naive_registration, naive_scorepad

NAIVE = {
    "board": naive_board,
    "counters": naive_counters,
    "scorepad": naive_scorepad,
    "reference": naive_reference,
}


def naive_set(game, folder: Path, paper: str = "a4") -> None:
    size = papers()[paper]
    page = (size.width, size.height)
    naive_cards(game, folder, page)
    for component in game.components:
        if component.kind not in CARD_KINDS:
            NAIVE[component.kind](game, component, folder, page)
    naive_registration(game, folder, page)


DRAWABLE = {*NAIVE, *CARD_KINDS}  # the kinds of component the naive renderer draws
