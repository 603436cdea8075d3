"""Exports for other tables: Tabletop Simulator decks (``tts``) and print-shop files
(``cards-png``). Each writes into a game's build folder next to its PDFs, from the same
drawings, after the print set is built."""

from __future__ import annotations

from pathlib import Path

from portolan.generator.staging import Staging
from portolan.model.loader import Game

EXPORT_FORMATS = ("tts", "cards-png")


def write_exports(game: Game, staging: Staging, final: Path, opts, progress=None) -> list[Path]:
    """The exports ``opts.formats`` asks for, each file handed out by ``staging`` (inside the
    build's folder, never twice); ``final`` is where that folder will be moved;
    ``progress(label)`` is called as each starts."""
    written: list[Path] = []
    if "tts" in opts.formats:
        from portolan.generator.exports.tts import write_tts

        if progress:
            progress(f"{game.id}: Tabletop Simulator decks")
        written += write_tts(game, staging, final, opts.theme)
    if "cards-png" in opts.formats:
        from portolan.generator.exports.cards_png import write_cards, write_print_set

        if progress:
            progress(f"{game.id}: print-shop cards and print set")
        written += write_cards(game, staging, opts.bleed, opts.theme)
        written += write_print_set(game, staging, opts)
    return written
