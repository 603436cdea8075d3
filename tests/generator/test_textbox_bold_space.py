"""Bold runs keep the space before them: 'test **Stores**.' reads 'test Stores.'."""

from __future__ import annotations

from portolan.generator.textbox import set_paragraphs, words


def test_a_bold_word_after_a_space_is_not_glued():
    ws = words("Immune to Hazards that test **Stores**.")
    assert [(w.text, w.glued) for w in ws[-2:]] == [("Stores", False), (".", True)]


def test_bold_inside_a_word_stays_glued():
    assert [w.glued for w in words("a**b**c")] == [False, True, True]
    assert [w.glued for w in words("**Hull +2** for")] == [False, False, False]


def test_the_space_is_drawn():
    block = set_paragraphs(["Transport **2**."], 0, 0, 100, 20, max_size=8)
    regular, bold, stop = block.items
    assert regular.text == "Transport" and bold.text == "2" and stop.text == "."
    from portolan.generator.fonts import width_mm

    gap = bold.x - (regular.x + width_mm("Transport", "regular", block.size))
    assert abs(gap - width_mm(" ", "regular", block.size)) < 1e-9
    assert abs(stop.x - (bold.x + width_mm("2", "bold", block.size))) < 1e-9
