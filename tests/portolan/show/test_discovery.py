"""Discovery's picture: the ships and pirates on the islands of the ring, the investment
markers, each ship's bow."""

from __future__ import annotations

from tests.portolan.show.pieces import moved, pieces, svg_after

GAME = "discovery-era-of-voyage"


def test_ships_start_on_the_central_island_and_sail_to_the_island_named():
    start = pieces(svg_after(GAME, 0))
    assert start["ship-Ana"][0] == start["ship-Ben"][0] == "Central Island"
    assert moved(GAME, 1) == {"ship-Ben": "Gold Reef"}  # sail: {to: Gold Reef}


def test_pirates_placed_and_a_ship_returning_to_the_centre():
    second = moved(GAME, 2)
    assert second["pirate-1"] == "Pepper Coast" and second["pirate-2"] == "Spice Terraces"
    assert moved(GAME, 8) == {"ship-Ana": "Central Island"}  # sail: return


def test_an_investment_marker_goes_on_the_island_where_the_ship_is():
    assert moved(GAME, 5) == {
        "ship-Ben": "Spice Terraces",
        "pirate-2": "Trading Post",  # the pirate there moved on
        "marker-Ben-Spice_Terraces-1": "Spice Terraces",
    }


def test_the_bow_is_drawn_and_said():
    from portolan.show import picture_of
    from tests.portolan.show.pieces import example

    shown = picture_of(example(GAME), 1)
    assert "Gold Reef: Ben's ship, bow clockwise" in shown.lines
