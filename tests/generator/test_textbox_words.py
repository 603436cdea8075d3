"""Bold runs keep the spaces the author typed, and only those."""

import pytest

from portolan.generator.textbox import set_paragraphs, words


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Immune to **Stores**.",
            [("Immune", False), ("to", False), ("Stores", False), (".", True)],
        ),
        ("**Outfit**: draw", [("Outfit", False), (":", True), ("draw", False)]),
        ("x**y**z", [("x", False), ("y", True), ("z", True)]),
    ],
)
def test_words_are_glued_only_where_no_space_was_typed(text, expected):
    assert [(w.text, w.glued) for w in words(text)] == expected


def test_set_text_reads_back_as_typed():
    block = set_paragraphs(["Immune to Hazards that test **Stores**."], 0, 0, 200, 20)
    assert [t.text for t in block.items] == ["Immune to Hazards that test", "Stores", "."]
    first, bold, dot = block.items
    assert bold.x > first.x and dot.x > bold.x and bold.face == "bold"
