"""Pale colours (a yellow or white ship) take dark text and darker lines; dark ones are kept."""

from __future__ import annotations

from generator.colours import luminance
from generator.theme import WHITE, Theme, ink, on


def test_dark_colours_are_unchanged():
    for colour in ("#1f4e79", "#9b2226", "#a86a12", "#2b2b2b"):
        assert ink(colour) == colour
        assert on(colour) == WHITE
        assert Theme().band(colour) == (colour, WHITE)


def test_pale_colours_are_darkened_for_text_and_take_dark_text():
    for colour in ("#e8b923", "#e4dfd2", "#ffffff"):
        assert luminance(ink(colour)) <= 0.42
        assert luminance(on(colour)) < 0.25
        fill, text = Theme().band(colour)
        assert fill == colour and text == on(colour)
        assert Theme(ink_saver=True).band(colour)[1] == ink(colour)
