"""generator/textbox.py: words and bold runs, wrapping, glued punctuation, shrinking to fit."""

from __future__ import annotations

import itertools

import pytest

from portolan.generator.fonts import PT, width_mm
from portolan.generator.textbox import (
    ASCENT,
    DESCENT,
    Word,
    keeps_together,
    line_width,
    plain,
    set_paragraphs,
    words,
    wrap,
)


def _space(size):
    return width_mm(" ", "regular", size)


def test_words_and_faces():
    assert words("Roll **two** dice") == [
        Word("Roll", "regular"),
        Word("two", "bold"),
        Word("dice", "regular"),
    ]
    # Bold inside italic text is bold italic.
    assert [w.face for w in words("a **b** c", "italic")] == ["italic", "bolditalic", "italic"]


def test_glued_punctuation_after_a_bold_run():
    ws = words("lose **Hull**.")
    assert ws == [Word("lose", "regular"), Word("Hull", "bold"), Word(".", "regular", True)]


def test_bold_run_after_a_space_is_not_glued():
    """'test **Fight**.' keeps the space before Fight (and glues only the full stop)."""
    ws = words("Immune to Hazards that test **Fight**.")
    assert [w.glued for w in ws] == [False, False, False, False, False, False, True]
    ws = words("**Hull +2** for the expedition.")
    assert not any(w.glued for w in ws)


def test_bold_run_inside_a_word_is_glued():
    ws = words("re**roll** and un**do**ne")
    assert [(w.text, w.glued) for w in ws] == [
        ("re", False),
        ("roll", True),
        ("and", False),
        ("un", False),
        ("do", True),
        ("ne", True),
    ]


def test_plain():
    assert plain("a **b** c **d**") == "a b c d"


def test_wrap_keeps_every_line_within_the_width():
    text = "the quick brown fox jumps over the lazy dog " * 4
    size, width = 8.0, 30.0
    lines = wrap(words(text), size, width)
    assert len(lines) > 3
    assert [w.text for ln in lines for w in ln] == text.split()
    for ln in lines:
        assert line_width(ln, size) <= width + 1e-9
    # Greedy: the first word of each next line would not have fitted.
    for ln, nxt in itertools.pairwise(lines):
        assert line_width([*ln, nxt[0]], size) > width


def test_wrap_never_breaks_before_glued_punctuation():
    ws = words("aaaa **bbbb**.")
    width = line_width(ws[:2], 8.0) + 0.01  # "aaaa bbbb" fits, "aaaa bbbb." does not
    lines = wrap(ws, 8.0, width)
    assert [[w.text for w in ln] for ln in lines] == [["aaaa"], ["bbbb", "."]]


def test_a_number_is_never_parted_from_its_word():
    text = "Lose 1 men, score 2 VP. Military Strength −1 or Progress 0; No effect"
    ws = words(text)
    for width in (x / 2 for x in range(30, 200)):  # 15 to 100 mm: every break there is
        starts = [ln[0].text for ln in wrap(ws, 8.0, width)]
        assert not {"men,", "VP.", "−1", "0;", "effect"} & set(starts), (width, starts)


def test_what_keeps_words_together():
    text = ["take", "1", "gold", "then", "2.", "and", "Strength", "−1", "No", "effect", "51", "x"]
    kept = [w for w, b in zip(text, keeps_together(text), strict=True) if b]
    assert kept == ["gold", "2.", "−1", "effect", "x"]
    assert keeps_together(["Ocean", "or", "Island", "Navigation", "+2", "or", "3"]) == [
        *(False,) * 4,
        True,
        False,
        True,
    ]


def test_runs_place_bold_words_after_measured_text():
    size = 8.0
    block = set_paragraphs(["Immune to **Fight**. Then go"], 10, 20, 200, 50, max_size=size)
    assert [(t.text, t.face) for t in block.items] == [
        ("Immune to", "regular"),
        ("Fight", "bold"),
        (". Then go", "regular"),
    ]
    first, bold, rest = block.items
    assert first.x == 10
    assert bold.x == pytest.approx(10 + width_mm("Immune to", "regular", size) + _space(size))
    assert rest.x == pytest.approx(bold.x + width_mm("Fight", "bold", size))  # glued: no space
    assert first.y == bold.y == rest.y == pytest.approx(20 + ASCENT * size * PT)


def test_alignment():
    text = "Short line"
    w = width_mm(text, "regular", 8)
    for align, x in (("left", 0.0), ("centre", (50 - w) / 2), ("right", 50 - w)):
        block = set_paragraphs([text], 0, 0, 50, 20, max_size=8, align=align)
        assert block.items[0].x == pytest.approx(x)


def test_fits_at_full_size_when_there_is_room():
    block = set_paragraphs(["A short rule."], 0, 0, 60, 20, max_size=8, min_size=4)
    assert block.fits and block.size == 8
    assert block.height == pytest.approx((ASCENT + DESCENT) * 8 * PT)


def test_shrinks_in_quarter_points_to_the_largest_size_that_fits():
    text = ["Claimed by an expedition with at least 5 Ocean cards (a Pacific Explorer counts)."]
    block = set_paragraphs(text, 0, 0, 40, 9, max_size=9, min_size=4)
    assert block.fits
    assert block.size < 9
    assert (block.size * 4) == int(block.size * 4)
    assert block.height <= 9 + 1e-6
    # A quarter point larger does not fit.
    bigger = set_paragraphs(text, 0, 0, 40, 9, max_size=block.size + 0.25, min_size=9)
    assert not bigger.fits


def test_gives_up_at_the_minimum_size():
    block = set_paragraphs(["word " * 200], 0, 0, 20, 5, max_size=8, min_size=5)
    assert not block.fits
    assert block.size == 5


def test_word_longer_than_the_box_does_not_fit():
    block = set_paragraphs(["Supercalifragilistic"], 0, 0, 5, 50, max_size=8, min_size=6)
    assert not block.fits


def test_paragraph_gap_and_vertical_centring():
    size, leading, gap = 8.0, 1.22, 0.45
    block = set_paragraphs(
        ["One", "Two"], 0, 0, 50, 40, max_size=size, leading=leading, gap=gap, valign="middle"
    )
    step = size * PT * leading
    one, two = block.items
    assert two.y - one.y == pytest.approx(step * (1 + gap))
    assert block.height == pytest.approx((ASCENT + DESCENT) * size * PT + step + gap * step)
    top = (40 - block.height) / 2
    assert one.y == pytest.approx(top + ASCENT * size * PT)


def test_empty_paragraphs_are_skipped():
    block = set_paragraphs(["", "  ", "Text"], 0, 0, 50, 20)
    assert [t.text for t in block.items] == ["Text"]
