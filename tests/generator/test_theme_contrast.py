"""Text colours read on what they are printed on: WCAG contrast of at least 4.5:1 (generator/
theme.py, generator/colours.py). Colours dark enough are kept; pale ones are darkened; text on
a fill is white or, where white does not read (a silver coin, an orange token), a dark shade."""

from __future__ import annotations

import pytest

from portolan.generator.colours import contrast, readable, relative_luminance, tint
from portolan.generator.theme import PALE, WHITE, Theme, ink, on

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


@pytest.mark.parametrize("colour", (*PALETTE, "#2f6f9f"))
def test_an_ink_saving_band_reads(colour):
    """An ink-saving title band is a tint of 0.8, darker than the tints ``ink`` is made for:
    Age of Exploration's Sea band (#2f6f9f) read at 4.45:1 on it."""
    fill, text = Theme(ink_saver=True).band(colour)
    assert fill == tint(colour, 0.8) and contrast(text, fill) >= 4.5


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


# -- where the colour is a deck's or an aid's own: card backs and aid pages ---------------------

# Age of Exploration's Civilization gold and Outfitting ivory: white read at 3.2 and 4.2 on them
MID_TONES = ("#b38a1c", "#8a7a55", "#b08d1a", "#c9a66b")


def _texts(items):
    from portolan.generator.draw import Group, Text

    for item in items:
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Group):
            yield from _texts(item.items)


@pytest.mark.parametrize("colour", (*MID_TONES, "#1f4e79", "#e8b923"))
@pytest.mark.parametrize("ink_saver", [False, True])
@pytest.mark.parametrize("lines", [None, ["Cost: 2", "Draw one card from the deck"]])
def test_card_back_lettering_reads_on_the_back(colour, ink_saver, lines):
    """A deck back is its colour edge to edge (white when saving ink); its name, subtitle and
    table read on it."""
    from portolan.generator.kinds.cardback import card_back

    theme = Theme(ink_saver=ink_saver)
    d = card_back("Civilization", "Encounters", colour, "temple", 63, 88, 3, theme, "b", lines)
    ground = WHITE if ink_saver else colour
    texts = list(_texts(d.items))
    assert len(texts) >= 2
    for t in texts:
        assert contrast(t.fill, ground) >= 4.5, (t.text, t.fill, ground)


AID = """## Player sets

Each counter in its colour.

| Counter | Count |
|---|---|
| Ship | 6 |

- **Known Sea Progress**: 2 cards

> A note on the aid.
"""


@pytest.mark.parametrize("colour", (*MID_TONES, "#1f4e79"))
def test_aid_headings_table_headers_and_notes_read(colour):
    """An aid page in its colour (the VP award sheet's gold, the counter manifest's tan): the
    headings and bullets on white, the table's header row on the colour, the note on its tint."""
    from portolan.generator.flow import flow
    from portolan.generator.markup import Heading, Note, Table, parse

    blocks = parse(AID)
    assert [type(b) for b in blocks if isinstance(b, Heading | Table | Note)] == [
        Heading,
        Table,
        Note,
    ]
    body = flow(blocks, 5, 5, 150, 200, colour)
    assert body.fits
    texts = list(_texts(body.items))
    heading = [t for t in texts if t.text.startswith("Player")]
    header = [t for t in texts if t.text in ("Counter", "Count")]
    bullet = [t for t in texts if t.text == "•"]
    note = [t for t in texts if t.text.startswith("A note") or t.face == "italic"]
    assert heading and len(header) == 2 and bullet and note
    for t in heading + bullet:
        assert contrast(t.fill, WHITE) >= 4.5, (t.text, t.fill)
        assert contrast(t.fill, tint(colour, 0.93)) >= 4.5, (t.text, t.fill)
    for t in header:
        assert contrast(t.fill, colour) >= 4.5, (t.text, t.fill)
    for t in note:
        assert contrast(t.fill, tint(colour, 0.88)) >= 4.5, (t.text, t.fill)


def test_a_grey_print_keeps_every_contrast_ratio():
    from portolan.generator.colours import contrast, grayscale

    pairs = [("#ffffff", "#b8860b"), ("#1f3a5f", "#f4e9c8"), ("#c0392b", "#ffffff")]
    pairs += [("#2e7d32", "#e8f5e9"), ("#000000", "#7f7f7f")]
    for a, b in pairs:
        assert contrast(grayscale(a), grayscale(b)) == pytest.approx(contrast(a, b), rel=0.02)
