"""Each game's log reader remembers what it read from a name or key as written (a long log
says the same few again and again): a misspelling is still reported every time it is written,
at its own line, and a name read once is read the same way after it."""

from __future__ import annotations

import pytest

from portolan.checker.core.log import parse_log
from portolan.errors import InputError
from tests.checker.helpers import COMPONENTS

DEOV_HEAD = """\
game: discovery-era-of-voyage
players: [Ana, Ben, Cai]
setup:
  islands: [Palm Grove, Harbour Market, Orchard Isle, Temple of the Sun, Pepper Coast,
            Trading Post, Gold Reef]
turns:
"""

# (log, the text misspelt): the right spelling first, then the wrong one in two turns
CASES = {
    "exploration-age-of-sail card": (
        "game: exploration-age-of-sail\nplayers: [Ana, Ben]\nturns:\n"
        "  - {player: Ana, draw: Galleons}\n"
        "  - {player: Ben, draw: Galeons}\n"
        "  - {player: Ana, draw: Galeons}\n",
        "Galeons",
    ),
    "exploration-age-of-sail flip": (
        "game: exploration-age-of-sail\nplayers: [Ana, Ben]\nturns:\n"
        "  - {player: Ana, explore: [{James Cook: Ocean}]}\n"
        "  - {player: Ben, explore: [{James Cook: Ocaen}]}\n"
        "  - {player: Ana, explore: [{James Cook: Ocaen}]}\n",
        "Ocaen",
    ),
    "exploration-age-of-sail expedition": (
        "game: exploration-age-of-sail\nplayers: [Ana, Ben]\nturns:\n"
        "  - {player: Ana, expedition: [James Cook, Galleons, Colonists]}\n"
        "  - {player: Ben, expedition: [James Cook, Galeons, Colonists]}\n"
        "  - {player: Ana, expedition: [James Cook, Galeons, Colonists]}\n",
        "Galeons",
    ),
    "age-of-discovery ship sent": (
        "game: age-of-discovery\nplayers: [Ana, Ben]\nturns:\n"
        "  - {player: Ana, send: [{Red Ship 1: John Cabot}]}\n"
        "  - {player: Ben, send: [{Red Ship 1: John Cabbot}]}\n"
        "  - {player: Ana, send: [{Red Ship 1: John Cabbot}]}\n",
        "John Cabbot",
    ),
    "age-of-discovery ship bought": (
        "game: age-of-discovery\nplayers: [Ana, Ben]\nturns:\n"
        "  - {player: Ana, buy: [{Red Ship 1: Blue Ship 3}]}\n"
        "  - {player: Ben, buy: [{Red Ship 1: Blue Shp 3}]}\n"
        "  - {player: Ana, buy: [{Red Ship 1: Blue Shp 3}]}\n",
        "Blue Shp 3",
    ),
    "age-of-discovery ship": (
        "game: age-of-discovery\nplayers: [Ana, Ben]\nturns:\n"
        "  - {player: Ana, reserve: Blue Ship 3}\n"
        "  - {player: Ben, reserve: Blue Shp 3}\n"
        "  - {player: Ana, reserve: Blue Shp 3}\n",
        "Blue Shp 3",
    ),
    "age-of-discovery player": (
        "game: age-of-discovery\nplayers: [Ana, Ben]\nturns:\n"
        "  - {player: Ana, coins: take}\n"
        "  - {player: Anna, coins: take}\n"
        "  - {player: Anna, coins: take}\n",
        "Anna",
    ),
    "age-of-discovery key": (
        "game: age-of-discovery\nplayers: [Ana, Ben]\nturns:\n"
        "  - {player: Ana, coins: take}\n"
        "  - {player: Ben, Coins: take}\n"
        "  - {player: Ana, Coins: take}\n",
        "Coins",
    ),
    "discovery-era-of-voyage island": (
        DEOV_HEAD + "  - {player: Ana, sail: Gold Reef}\n"
        "  - {player: Ben, sail: Gold Reeef}\n"
        "  - {player: Cai, sail: Gold Reeef}\n",
        "Gold Reeef",
    ),
    "ships trade box": (
        "game: ships\nplayers: [Ana, Ben]\nturns:\n"
        "  - {player: Ana, actions: [{place: 1, trade: Tyre Cloth}]}\n"
        "  - {player: Ben, actions: [{place: 1, trade: Tyre Clth}]}\n"
        "  - {player: Ana, actions: [{place: 1, trade: Tyre Clth}]}\n",
        "Clth",
    ),
    "age-of-exploration space": (
        "game: age-of-exploration\nplayers: [Ana, Ben]\nturns:\n"
        "  - {player: Ana, steps: [to ATL2]}\n"
        "  - {player: Ben, steps: [to ATL22]}\n"
        "  - {player: Ana, steps: [to ATL22]}\n",
        "ATL22",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_a_misspelling_written_twice_is_reported_twice(case):
    text, wrong = CASES[case]
    lines = [i for i, line in enumerate(text.splitlines(), start=1) if wrong in line]
    with pytest.raises(InputError) as exc:
        parse_log(text, "log.yaml", COMPONENTS)
    found = [(p.line, p.message) for p in exc.value.problems]
    assert [line for line, _ in found] == lines, found
    assert all(f"'{wrong}'" in message for _, message in found), found
    assert found[0][1] == found[1][1]


def test_a_value_equal_to_one_read_before_but_of_another_type_is_read_again():
    """A ship sent with ``transport: 1`` is remembered; ``transport: true`` (equal to 1 in
    Python) is still refused, each time it is written."""
    text = (
        "game: age-of-discovery\nplayers: [Ana, Ben]\nturns:\n"
        "  - {player: Ana, send: [{Santa María: John Cabot, transport: 1, colour: red}]}\n"
        "  - {player: Ben, send: [{Santa María: John Cabot, transport: true, colour: red}]}\n"
        "  - {player: Ana, send: [{Santa María: John Cabot, transport: true, colour: red}]}\n"
    )
    with pytest.raises(InputError) as exc:
        parse_log(text, "log.yaml", COMPONENTS)
    found = [(p.line, p.message) for p in exc.value.problems]
    assert found == [(line, "expected a whole number, found True") for line in (5, 6)], found


# Ships remembers a whole action as written: the same action again gives the same moves, each at
# its own place in the new entry (here written as a block, the first time on one line).
SHIPS_HEAD = "game: ships\nplayers: [Ana, Ben]\nturns:\n"
SHIPS_AGAIN = """\
  - player: Ben
    actions:
      - place: 1
        exchange: [Metal, Wine]
        trade: Tyre Cloth
        return: [Food,
          Food]
      - {retrieve: 2, cubes: [Tyre Cloth, Tyre Food]}
"""


def _ben_steps(first_action: str) -> list:
    text = f"{SHIPS_HEAD}  - player: Ana\n    actions:\n      - {first_action}\n{SHIPS_AGAIN}"
    return [s for s in parse_log(text, "log.yaml", COMPONENTS).steps if s.player == "Ben"]


def test_a_ships_action_written_again_gives_its_moves_at_its_own_positions():
    again = _ben_steps(
        "{place: 1, exchange: [Metal, Wine], trade: Tyre Cloth, return: [Food, Food]}"
    )
    fresh = _ben_steps(
        "{place: 2, exchange: [Metal, Wine], trade: Tyre Cloth, return: [Food, Food]}"
    )
    assert again == fresh
    assert [(s.pos.line, s.pos.column) for s in again[1:7]] == [
        (10, 19),  # Exchange Metal: the list
        (10, 19),  # Exchange Wine
        (9, 16),  # PlaceShip: the age
        (11, 16),  # Trade
        (12, 18),  # ReturnGood: each item
        (13, 11),
    ]


def test_a_ships_action_remembered_is_told_apart_by_its_values_types():
    # True == 1 in Python; as an age, true is not a number
    text = (
        f"{SHIPS_HEAD}  - {{player: Ana, actions: [{{place: 1, trade: Tyre Cloth}}]}}\n"
        "  - {player: Ben, actions: [{place: true, trade: Tyre Cloth}]}\n"
        "  - {player: Ana, actions: [gold]}\n"
    )
    with pytest.raises(InputError) as exc:
        parse_log(text, "log.yaml", COMPONENTS)
    assert [(p.line, p.message) for p in exc.value.problems] == [
        (5, "expected an age (a number), found True")
    ]
