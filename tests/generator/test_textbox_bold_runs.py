"""Words of a paragraph: a **bold** run keeps the space written before and after it."""

from __future__ import annotations

from portolan.generator.textbox import words


def glued(text: str) -> list[tuple[str, bool]]:
    return [(w.text, w.glued) for w in words(text)]


def test_a_space_before_a_bold_run_is_kept():
    assert glued("test **Stores**.") == [("test", False), ("Stores", False), (".", True)]
    assert glued("the **basic** income") == [("the", False), ("basic", False), ("income", False)]


def test_bold_without_spaces_stays_glued():
    assert glued("a**b**c") == [("a", False), ("b", True), ("c", True)]
    assert glued("x **y** **z**w") == [("x", False), ("y", False), ("z", False), ("w", True)]
