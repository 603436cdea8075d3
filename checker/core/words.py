"""A move in words, from the template its class declares (``WORDS``)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def in_words(move: Any) -> str:
    """``move`` in words: its class's ``WORDS`` filled with its fields ("draw {card}"); a move
    whose class has none, as ``str(move)`` (a game words such moves itself, in describe)."""
    words = getattr(move, "WORDS", None)
    if words is None:
        return str(move)
    return words.format_map({f.name: getattr(move, f.name) for f in fields(move)})
