"""Age of Discovery YAML gone wrong: the build stops with exit code 2 and says where."""

from __future__ import annotations

import pytest

from tests.edits import edit, game_copy, refused_build

GAME = "age-of-discovery"


@pytest.mark.parametrize(
    ("file", "old", "new", "said"),
    [
        (
            "contract-deck.yaml",
            "payouts: [7, 10, 13]",
            "payouts: [7, ten, 13]",
            ["contract-deck.yaml:{line}:", "payouts: item 2: expected a whole number, found 'ten'"],
        ),
        (
            "expedition-deck.yaml",
            'sources: {name: "§4.4.1", limit: "§4.4.1"}',
            'sources: {limit: "§4.4.3"}',
            [
                "expedition-deck.yaml:{line}:",
                "sources.limit: source '§4.4.3' is not a section of the rulebook",
                "(did you mean '§4.4.",
            ],
        ),
        (
            "contract-deck.yaml",
            "'arrow': 'left'",
            "'arow': 'left'",
            ["types.contract.face.boxes: cannot fill the 'boxes' slot", "has no key 'arow'"],
        ),
    ],
)
def test_a_mistake_is_refused_at_its_line(tmp_path, file, old, new, said):
    folder = game_copy(tmp_path, GAME)
    line, _ = edit(folder / GAME / file, old, new)
    output = refused_build(folder, GAME, tmp_path)
    for words in said:
        assert words.format(line=line) in output
