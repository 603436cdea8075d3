"""portolan/model: what a user reads when a YAML file is wrong (exact messages, file:line:column).

Each test breaks one thing in a copy of the fixture game and loads it. Lines and columns are found
in the broken text itself, so the expectations do not depend on the fixture's layout.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from portolan.errors import InputError
from portolan.model import load_game
from tests.conftest import FIXTURE_GAME

DECK = "conquerors.yaml"
COUNTERS = "coins.yaml"


@pytest.fixture
def game_dir(fixture_copy, monkeypatch) -> Path:
    monkeypatch.chdir(fixture_copy.parent.parent)  # messages show components/fixture-game/...
    return fixture_copy


def edit(game_dir: Path, file: str, old: str, new: str) -> str:
    path = game_dir / file
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), "utf-8")
    return f"components/{FIXTURE_GAME}/{file}"


def at(game_dir: Path, file: str, needle: str) -> str:
    """'line:column' (1-based) of the first occurrence of ``needle`` in the file."""
    for n, line in enumerate((game_dir / file).read_text("utf-8").splitlines(), start=1):
        if needle in line:
            return f"{n}:{line.index(needle) + 1}"
    raise AssertionError(f"{needle!r} not in {file}")


def problems(game_dir: Path) -> list[str]:
    with pytest.raises(InputError) as err:
        load_game(game_dir.parent, FIXTURE_GAME)
    return [str(p) for p in err.value.problems]


def test_fixture_loads(game_dir):
    game = load_game(game_dir.parent, FIXTURE_GAME)
    assert game.deck("conquerors").size() == 5
    assert [c.name for c in game.deck("conquerors").cards] == [
        "Hernán Cortés",
        "Juan Ponce de León",
        "Francisco Pizarro",
    ]


# One thing broken in the deck file: what is replaced, by what, the words the problem is placed
# at (their line and column), and the whole problem after them (field, message and hint).
BROKEN_DECK = {
    "a misspelt card type": (
        "type: explorer, count: 2, traits: [Fight]}\n  - {name: Juan",
        "type: explorr, count: 2, traits: [Fight]}\n  - {name: Juan",
        "explorr",
        "cards[0] (Hernán Cortés).type: unknown card type 'explorr' (did you mean 'explorer'?)",
    ),
    "an unknown key, with a suggestion": (
        "  colour: sea\n",
        "  colour: sea\n  subtitel: Deck\n",
        "subtitel",
        "back.subtitel: unknown key 'subtitel' (did you mean 'subtitle'?)",
    ),
    "an unknown card key": (
        "{name: Juan Ponce de León, type: explorer,",
        "{name: Juan Ponce de León, type: explorer, trait: [Fight],",
        "trait:",
        "cards[1] (Juan Ponce de León).trait: unknown key 'trait' (did you mean 'traits'?)",
    ),
    "a count of the wrong type": (
        "Pizarro, type: explorer, count: 2",
        "Pizarro, type: explorer, count: two",
        "two,",
        "cards[2] (Francisco Pizarro).count: count must be a whole number of copies, at least 1 "
        "(found 'two')",
    ),
    "counts that do not add up": (
        "Pizarro, type: explorer, count: 2",
        "Pizarro, type: explorer, count: 3",
        "{value: 5",
        "total: the cards add up to 6 (6 Explorer), but the deck total is 5 (Cards)",
    ),
    "an unknown vocabulary word": (
        "count: 2, traits: [Fight]}\n  - {name: Juan",
        "count: 2, traits: [Fihgt]}\n  - {name: Juan",
        "[Fihgt]",
        "cards[0] (Hernán Cortés).traits: 'Fihgt' is not a trait (did you mean 'Fight'?)",
    ),
    "an unknown colour": (
        "    colour: gold\n",
        "    colour: gould\n",
        "gould",
        "types.explorer.colour: colour 'gould' is neither #rrggbb nor a palette name (did you "
        "mean 'gold'?)",
    ),
    "a source that is not a section": (
        "source: Cards\n",
        "source: Cardz\n",
        "Cardz",
        "source: source 'Cardz' is not a section of the rulebook (did you mean 'Cards'?)",
    ),
}


@pytest.mark.parametrize("case", list(BROKEN_DECK))
def test_a_broken_deck_file_gets_one_exact_problem(game_dir, case):
    old, new, needle, problem = BROKEN_DECK[case]
    f = edit(game_dir, DECK, old, new)
    assert problems(game_dir) == [f"{f}:{at(game_dir, DECK, needle)}: {problem}"]


def test_schema_value_of_the_wrong_type(game_dir):
    f = edit(game_dir, DECK, "total: {value: 5,", "total: {value: five,")
    (message,) = problems(game_dir)
    assert message.startswith(f"{f}:{at(game_dir, DECK, 'five')}: total.value: ")
    assert "valid integer" in message


def test_counters_that_do_not_add_up(game_dir):
    f = edit(game_dir, COUNTERS, "total: {value: 14,", "total: {value: 15,")
    (message,) = problems(game_dir)
    assert message.startswith(f"{f}:")
    assert message.endswith("the counters add up to 14, but the total is 15 (design)")


def test_card_listed_twice(game_dir):
    f = edit(game_dir, DECK, "{name: Francisco Pizarro,", "{name: Hernán Cortés,")
    lines = (game_dir / DECK).read_text("utf-8").splitlines()
    n = [i for i, text in enumerate(lines, start=1) if "name: Hernán Cortés" in text][1]
    column = lines[n - 1].index("Hernán Cortés") + 1
    assert problems(game_dir) == [
        f"{f}:{n}:{column}: cards[2].name: card 'Hernán Cortés' is listed twice "
        "(first listed as cards[0]; raise its count instead)"
    ]


def test_missing_component_file_points_at_game_yaml(game_dir):
    (game_dir / COUNTERS).unlink()
    assert problems(game_dir) == [
        f"components/{FIXTURE_GAME}/game.yaml:{at(game_dir, 'game.yaml', COUNTERS)}: "
        f"components[1]: file '{COUNTERS}' not found next to game.yaml"
    ]


def test_yaml_syntax_error(game_dir):
    f = edit(
        game_dir, DECK, "fields:\n  traits: list of trait\n", "fields:\n  traits: [list of trait\n"
    )
    (message,) = problems(game_dir)
    line = at(game_dir, DECK, "[list of trait").split(":")[0]
    assert message.startswith(f"{f}:")
    assert "YAML syntax error" in message
    # The parser notices the open bracket on the line it starts or a few lines later.
    assert int(line) <= int(message.split(":")[1]) <= int(line) + 3


def test_missing_required_field(game_dir):
    f = edit(game_dir, DECK, "name: Conquerors\n", "")
    assert problems(game_dir) == [f"{f}:2:1: name: required but missing"]


def test_every_problem_of_every_file_at_once(game_dir):
    edit(game_dir, DECK, "    colour: gold\n", "    colour: gould\n")
    edit(game_dir, COUNTERS, "    colour: sea\n    front", "    colour: sae\n    front")
    found = problems(game_dir)
    assert len(found) == 2
    assert any(DECK in p and "'gould'" in p for p in found)
    assert any(COUNTERS in p and "'sae'" in p for p in found)
