"""Ships: a mistake in the board, the display or a card effect is one clear message at its
file:line:column, with the field and a hint, exit 2, and nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.paths import components_dir

GAME = "ships"


@pytest.fixture
def folder(tmp_path) -> Path:
    target = tmp_path / "components"
    shutil.copytree(components_dir() / GAME, target / GAME)
    return target


def edit(folder: Path, file: str, old: str, new: str) -> tuple[int, int]:
    """Replace ``old`` (once) and return the 1-based line and column where ``new`` starts."""
    path = folder / GAME / file
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    path.write_text(text, "utf-8")
    at = text.index(new)
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def build(folder: Path, tmp_path: Path):
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app, ["build", GAME, "--components", str(folder), "--out", str(out)]
    )
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert not (out / GAME).exists()
    return result.output


def test_a_misspelt_word_in_a_card_effect_points_at_it(folder, tmp_path):
    line, col = edit(
        folder,
        "cards.yaml",
        "{name: Ram, type: galley, count: 2, cost: 0, effect: [{action: Place ship, box: Warship,",
        "{name: Ram, type: galley, count: 2, cost: 0, effect: [{action: Place ship, box: Warshp,",
    )
    col += len("{name: Ram, type: galley, count: 2, cost: 0, effect: [{action: Place ship, box: ")
    out = build(folder, tmp_path)
    assert f"cards.yaml:{line}:{col}: cards[7] (Ram).effect[0].box:" in out
    assert "'Warshp' is not a box (did you mean 'Warship'?)" in out


def test_an_unknown_effect_step_names_the_keys_it_takes(folder, tmp_path):
    line, _ = edit(
        folder, "cards.yaml", "effect: [{gain: 3 Navigation}]}", "effect: [{gian: 3 Navigation}]}"
    )
    out = build(folder, tmp_path)
    assert f"cards.yaml:{line}:" in out and "(Navigation Device).effect[0]" in out
    assert "each step needs one of the keys gain, action, remove_ships, while_held" in out


def test_an_option_that_does_not_fit_its_action_is_refused(folder, tmp_path):
    edit(
        folder,
        "cards.yaml",
        "effect: [{gain: 4 Gold}]}",
        "effect: [{action: Take one gold, box: Warship}]}",
    )
    out = build(folder, tmp_path)
    assert "(Stock Exchange).effect[0]: 'box' goes only with Place ship or Upgrade ship" in out


def test_an_unknown_trade_symbol_on_the_board_points_at_its_box(folder, tmp_path):
    line, col = edit(
        folder,
        "board.yaml",
        "{name: Tyre, trade: [2 Food, Cloth]",
        "{name: Tyre, trade: [2 Food, Silk]",
    )
    col += len("{name: Tyre, trade: [2 Food, ")
    out = build(folder, tmp_path)
    assert (
        f"board.yaml:{line}:{col}: elements[2].locations[0].trade[1]: 'Silk' is not a trade" in out
    )


def test_a_city_with_two_benefits_is_refused(folder, tmp_path):
    edit(folder, "board.yaml", "Oil], cities: [2 Gold]}", "Oil], cities: [2 Gold + 1 VP]}")
    out = build(folder, tmp_path)
    assert "locations[1].cities[0]: one benefit word only, found 2: Gold, VP" in out


def test_misnumbered_ages_are_refused(folder, tmp_path):
    edit(folder, "board.yaml", "- {age: 3, era: Galley", "- {age: 4, era: Galley")
    out = build(folder, tmp_path)
    assert "elements[1]: ages must be numbered 1, 2, 3... in order" in out


def test_a_misspelt_action_on_the_display_gets_a_hint(folder, tmp_path):
    line, col = edit(
        folder, "player-display.yaml", "- action: Take one gold", "- action: Take one gld"
    )
    out = build(folder, tmp_path)
    assert f"player-display.yaml:{line}:{col + len('- action: ')}:" in out
    assert "'Take one gld' is not a action (did you mean 'Take one gold'?)" in out


def test_an_era_cubes_element_naming_no_constant_is_an_input_error(folder, tmp_path):
    edit(folder, "player-display.yaml", "era_cubes: cubes_per_turn", "era_cubes: cubes_per_trun")
    out = build(folder, tmp_path)
    assert "rules.yaml has no constant 'cubes_per_trun' (did you mean 'cubes_per_turn'?)" in out
