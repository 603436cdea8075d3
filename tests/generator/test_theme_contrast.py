"""Text colours read on what they are printed on: WCAG contrast of at least 4.5:1 (generator/
theme.py, generator/colours.py). Colours dark enough are kept; pale ones are darkened; text on
a fill is white or, where white does not read (a silver coin, an orange token), a dark shade."""

from __future__ import annotations

import pytest

from generator.colours import contrast, readable, relative_luminance, tint
from generator.theme import PALE, WHITE, Theme, ink, on

PALETTE = (
    "#1f4e79",  # navy
    "#9b2226",  # crimson
    "#95600f",  # ochre
    "#2b2b2b",  # black
    "#e8b923",  # yellow
    "#e4dfd2",  # white ship
    "#ffffff",
    "#8e9aa6",  # silver (the 5 coin: white read at 2.87:1)
    "#d8711c",  # fruit (white read at 3.3:1)
    "#ad860c",  # gold
    "#888888",
    "#287a41",  # green
)


def test_contrast_follows_wcag():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#ffffff", "#8e9aa6") == pytest.approx(2.87, abs=0.01)
    assert relative_luminance("#ffffff") == pytest.approx(1.0)


@pytest.mark.parametrize("colour", PALETTE)
def test_text_on_a_fill_reads(colour):
    assert contrast(on(colour), colour) >= 4.5
    fill, text = Theme().band(colour)
    assert fill == colour and contrast(text, fill) >= 4.5


@pytest.mark.parametrize("colour", PALETTE)
def test_ink_reads_on_the_pale_tints_it_is_printed_on(colour):
    for light in (PALE, 0.9, 0.95, 1.0):
        assert contrast(ink(colour), tint(colour, light)) >= 4.5


def test_dark_colours_are_unchanged():
    for colour in ("#1f4e79", "#9b2226", "#2b2b2b"):
        assert ink(colour) == colour
        assert on(colour) == WHITE
        assert Theme().band(colour) == (colour, WHITE)


def test_pale_and_middle_colours_take_dark_text():
    for colour in ("#e8b923", "#e4dfd2", "#ffffff", "#8e9aa6", "#d8711c"):
        assert on(colour) != WHITE
        assert relative_luminance(on(colour)) < relative_luminance(colour)
        assert Theme(ink_saver=True).band(colour)[1] == ink(colour)


def test_readable_darkens_only_as_far_as_needed():
    darker = readable("#b8322a", "#f4dcdb", 4.5)
    assert contrast(darker, "#f4dcdb") >= 4.5
    assert contrast(readable(darker, "#f4dcdb", 4.5), "#f4dcdb") == contrast(darker, "#f4dcdb")
    # on a dark ground it lightens instead
    assert relative_luminance(readable("#333333", "#1f4e79", 4.5)) > relative_luminance("#333333")
