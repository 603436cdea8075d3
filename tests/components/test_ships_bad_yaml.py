"""Ships: a mistake in the board, the display or a card effect is one clear message at its
file:line:column, with the field and a hint, exit 2, and nothing written."""

from __future__ import annotations

import pytest

from tests.edits import edit, game_copy, refused_build

GAME = "ships"

# name: (file, old, new, the word the column points at (or None), what the message says; {line}
# and {col} stand for where that word is)
MISTAKES = {
    "a misspelt word in a card effect points at it": (
        "cards.yaml",
        "{name: Ram, type: galley, count: 2, cost: 0, effect: [{action: Place ship, box: Warship,",
        "{name: Ram, type: galley, count: 2, cost: 0, effect: [{action: Place ship, box: Warshp,",
        "Warshp",
        [
            "cards.yaml:{line}:{col}: cards[7] (Ram).effect[0].box:",
            "'Warshp' is not a box (did you mean 'Warship'?)",
        ],
    ),
    "an unknown effect step names the keys it takes": (
        "cards.yaml",
        "effect: [{gain: 3 Navigation}]}",
        "effect: [{gian: 3 Navigation}]}",
        None,
        [
            "cards.yaml:{line}:",
            "(Navigation Device).effect[0]",
            "each step needs one of the keys gain, action, remove_ships, while_held",
        ],
    ),
    "an option that does not fit its action is refused": (
        "cards.yaml",
        "effect: [{gain: 4 Gold}]}",
        "effect: [{action: Take one gold, box: Warship}]}",
        None,
        ["(Stock Exchange).effect[0]: 'box' goes only with Place ship or Upgrade ship"],
    ),
    "an unknown trade symbol on the board points at its box": (
        "board.yaml",
        "{name: Tyre, trade: [2 Food, Cloth]",
        "{name: Tyre, trade: [2 Food, Silk]",
        "Silk",
        ["board.yaml:{line}:{col}: elements[2].locations[0].trade[1]: 'Silk' is not a trade"],
    ),
    "a city with two benefits is refused": (
        "board.yaml",
        "Oil], cities: [2 Gold]}",
        "Oil], cities: [2 Gold + 1 VP]}",
        None,
        ["locations[1].cities[0]: one benefit word only, found 2: Gold, VP"],
    ),
    "misnumbered ages are refused": (
        "board.yaml",
        "- {age: 3, era: Galley",
        "- {age: 4, era: Galley",
        None,
        ["elements[1]: ages must be numbered 1, 2, 3... in order"],
    ),
    "a misspelt action on the display gets a hint": (
        "player-display.yaml",
        "- action: Take one gold",
        "- action: Take one gld",
        "Take one gld",
        [
            "player-display.yaml:{line}:{col}:",
            "'Take one gld' is not a action (did you mean 'Take one gold'?)",
        ],
    ),
    "an era_cubes element naming no constant is an input error": (
        "player-display.yaml",
        "era_cubes: cubes_per_turn",
        "era_cubes: cubes_per_trun",
        None,
        ["rules.yaml has no constant 'cubes_per_trun' (did you mean 'cubes_per_turn'?)"],
    ),
}


@pytest.mark.parametrize("case", list(MISTAKES))
def test_a_mistake_is_one_clear_message_at_its_place(case, tmp_path):
    file, old, new, word, said = MISTAKES[case]
    folder = game_copy(tmp_path, GAME)
    line, col = edit(folder / GAME / file, old, new)
    col += new.index(word) if word else 0
    output = refused_build(folder, GAME, tmp_path)
    for words in said:
        assert words.format(line=line, col=col) in output
