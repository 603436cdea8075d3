"""The score pads: what each game's pad asks covers what its position reader reads, the cells
are checked in words, and the position file they make is the one `portolan score` reads."""

from __future__ import annotations

import pytest

from portolan.checker.core.registry import GAMES, rules_for
from portolan.model.loader import load_game
from portolan.paths import components_dir
from portolan.web.scorepad import SHARED_KEYS, check_cells, pad_for, position_text


def pad(game: str):
    return pad_for(load_game(components_dir(), game))


@pytest.mark.parametrize("game", list(GAMES))
def test_every_pad_asks_for_everything_its_position_reader_reads(game):
    module = rules_for(game).position
    made = pad(game)
    keys = {r.key for r in made.rows} | {g.key for g in made.grids}
    if made.area:
        keys.add("area")
    for key in getattr(getattr(module, "PLAYER", None), "keys", ()):
        assert key in keys, key
    for key in module.KEYS:
        assert key in SHARED_KEYS or key in keys or key in made.sections, key
    assert all(r.label and r.label != r.key for r in made.rows)  # labels in words
    assert not made.sections  # no section left as a YAML text box


def test_age_of_exploration_lists_the_vp_chart_with_its_boxes_and_the_majors():
    made = pad("age-of-exploration")
    awards = {line.id: line for line in made.grids[0].lines}
    assert awards["bay"].label == "1st–4th Bay" and awards["bay"].most == 4
    assert awards["aztec"].note == "2 VP" and "land-sighted" not in awards  # no VP: left out
    majors = {line.id: line.details for line in made.grids[1].lines}
    assert majors["amazon"] == (("8", "8 VP"), ("7", "7 VP"), ("4", "4 VP (no VP yet)"))


def test_exploration_lists_the_discoveries_by_region_with_their_level():
    (grid,) = pad("exploration-age-of-sail").grids
    groups = {group: [line.label for _, line in lines] for group, lines in grid.groups()}
    assert groups["Pacific discoveries"] == ["Australia", "Philippines", "Polynesia"]
    japan = next(line for line in grid.lines if line.id == "Japan")
    assert japan.note == "level 5" and ("Magellan", "Magellan") in japan.details


def test_the_position_quotes_names_and_leaves_empty_cells_out():
    made = pad("ships")
    typed = {"c0.0": " 4 ", "c0.3": "", "area": "5", "g.kept.0.1": "2"}
    written = position_text(made, ["Ana: x", "Ben"], typed, {})
    assert written.text == (
        'game: ships\nplayers:\n  "Ana: x": {"vp": 4}\n'
        '  "Ben": {"kept": ["Coaling Station", "Coaling Station"]}\narea: 5\n'
    )
    assert written.cell_for("players.Ana: x.vp") == "c0.0"
    assert written.cell_for("players.Ana: x.gold") is None
    assert written.cell_for("players.Ana: x.goods") == "c0.2"  # the first good's cell


def test_ships_on_the_expeditions_and_counts_become_sections():
    made = pad("age-of-discovery")
    typed = {
        "g.expeditions.1.0.who": "0",
        "g.expeditions.1.0.ship": "Red Ship 2",
        "g.expeditions.1.1.who": "1",
        "g.expeditions.1.1.ship": "Blue Ship 1",
        "g.expeditions.1.1.wild": "1",
        "g.expeditions.1.2.who": "0",
        "g.expeditions.1.2.ship": "Santa María (red)",
        "g.expeditions.1.2.wild": "1",
        "c0.2": "One Ship",
    }
    written = position_text(made, ["Ana", "Ben"], typed, {})
    assert (
        '"Christopher Columbus": {"Ana": ["Red Ship 2", "Santa María (red, wild)"], '
        '"Ben": ["Blue Ship 1 (wild)"]}' in written.text
    )
    assert '"mission": "One Ship"' in written.text
    assert written.cell_for("expeditions.Christopher Columbus.Ana[1]") == "g.expeditions.1.2.ship"
    assert written.cell_for("expeditions.Christopher Columbus") == "g.expeditions.1.0.ship"
    islands = position_text(
        pad("discovery-era-of-voyage"), ["Ana", "Ben"], {"g.islands.0.1": "2"}, {}
    )
    assert 'islands:\n  "Palm Grove": {"Ben": 2}' in islands.text
    assert islands.cell_for("islands.Palm Grove.Ben") == "g.islands.0.1"


def test_the_ship_list_holds_every_ship_and_each_flagship_under_every_colour():
    (grid,) = pad("age-of-discovery").grids
    picks = dict(grid.picks)
    assert [v for v, _ in picks["Red ships"]] == ["Red Ship 1", "Red Ship 2", "Red Ship 3"]
    flags = [v for v, _ in picks["Flagship Santa María (red / yellow)"]]
    assert flags[:3] == ["Santa María (red)", "Santa María (yellow)", "Santa María (blue)"]
    assert len(flags) == 6  # under any colour: flagship_colours: any joins any
    columbus = next(line for line in grid.lines if line.id == "Christopher Columbus")
    assert columbus.most == 8 and columbus.note == "red, transport limit 8"


def test_ships_goods_are_counted_per_good_and_pieces_picked_by_trade_box():
    made = pad("ships")
    rows = {row.label: r for r, row in enumerate(made.rows)}
    cubes, cities = made.grids[0], made.grids[1]
    box = {line.label: i for i, line in enumerate(cubes.lines)}
    town = {line.label: i for i, line in enumerate(cities.lines)}
    typed = {
        "area": "5",
        f"c0.{rows['Cloth in the warehouse']}": "2",
        f"c0.{rows['Wine in the warehouse']}": "1",
        f"c0.{rows['Food in the warehouse']}": "0",
        f"c1.{rows['Merchant cubes in the Merchant box']}": "4",  # Area 7 only: left out
        f"g.cubes.{box['New Spain: 1 Metal']}.who": "1",
        f"g.cubes.{box['New Spain: 1 Metal (second box)']}.who": "1",
        f"g.cities.{town['Caribbean: 4 VP']}.who": "0",
    }
    text = position_text(
        made,
        ["Ana", "Ben"],
        dict(typed, **{f"c1.{rows['Merchant cubes in the Merchant box']}": ""}),
        {},
    ).text
    assert '"Ana": {"goods": "1 Wine + 2 Cloth", "cities": ["Caribbean 4 VP"]}' in text
    assert '"Ben": {"cubes": ["New Spain 1 Metal", "New Spain 1 Metal"]}' in text
    wrong = check_cells(made, ["Ana", "Ben"], typed)
    assert wrong == {
        f"c1.{rows['Merchant cubes in the Merchant box']}": "Ben · Merchant cubes in the "
        "Merchant box: only Area 7 has it, and the present area is Area 5"
    }
    tyre = {"area": "5", f"g.cubes.{box['Tyre: 2 Food']}.who": "0"}
    assert check_cells(made, ["Ana", "Ben"], tyre) == {
        f"g.cubes.{box['Tyre: 2 Food']}.who": "Tyre: 2 Food is in Area 2, and the present "
        "area is Area 5: only the present area scores at the end"
    }
    seven = {"area": "7", f"c1.{rows['Merchant cubes in the Merchant box']}": "4"}
    assert '"Ben": {"cubes": 4}' in position_text(made, ["Ana", "Ben"], seven, {}).text


def test_each_wrong_cell_gets_a_message_in_words():
    players = ["Ana", "Ben"]
    aoe = pad("age-of-exploration")
    bay = next(i for i, line in enumerate(aoe.grids[0].lines) if line.id == "bay")
    wrong = check_cells(
        aoe, players, {"c0.0": "two", f"g.awards.{bay}.0": "3", f"g.awards.{bay}.1": "2"}
    )
    assert wrong == {
        "c0.0": "Ana · Known NWP / SSA progress: 'two' is not a number",
        f"g.awards.{bay}.0": "1st–4th Bay has 4 boxes: 5 are claimed",
        f"g.awards.{bay}.1": "1st–4th Bay has 4 boxes: 5 are claimed",
    }
    exploration = pad("exploration-age-of-sail")
    assert check_cells(exploration, players, {"g.discoveries.0.who": "1"}) == {
        "g.discoveries.0.how": "East Africa: choose the explorer of Ben"
    }
    assert check_cells(exploration, players, {"g.discoveries.0.who": "7"}) == {
        "g.discoveries.0.who": "East Africa: choose a player from the list"
    }
    ships = pad("ships")
    assert check_cells(ships, players, {"g.kept.1.0": "1", "g.kept.1.1": "1"}) == {
        "g.kept.1.0": "the game has 1 Cotton Exchange: 2 are ticked",
        "g.kept.1.1": "the game has 1 Cotton Exchange: 2 are ticked",
    }
    assert check_cells(ships, players, {"area": "9"}) == {
        "area": "choose the present area from the list"
    }
    aod = pad("age-of-discovery")
    slots = {
        "g.expeditions.0.0.who": "1",
        "g.expeditions.0.1.ship": "Red Ship 1",
        "g.expeditions.0.2.ship": "Red Ship 9",
        "g.expeditions.3.0.wild": "1",
    }
    assert check_cells(aod, players, slots) == {
        "g.expeditions.0.0.ship": "Antonio de Abreu, ship 1: choose the ship Ben sent",
        "g.expeditions.0.1.who": "Antonio de Abreu, ship 2: choose whose ship Red Ship 1 is",
        "g.expeditions.0.2.ship": "Antonio de Abreu, ship 3: choose a ship from the list",
        "g.expeditions.3.0.ship": "Ferdinand Magellan, ship 1: choose the ship the tick is for",
    }
