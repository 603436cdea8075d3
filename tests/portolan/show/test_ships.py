"""Ships' picture: every ship, cube and disc lands where the log put it, and leaves when the
rules take it away."""

from __future__ import annotations

from portolan.checker.games.ships.state import State
from portolan.show import draw
from tests.portolan.show.pieces import example, gone, moved, pieces, svg_after, view_box

GAME = "ships"


def test_a_turn_places_ships_in_their_age_and_a_cube_and_disc_in_their_location():
    # turn 1: Ana places a warship in Age 1 (Ram: her city disc to Athens), then a merchant
    # ship in Age 1 (her cube to Athens' wine trade box)
    assert moved(GAME, 1) == {
        "ship-Ana-a1-warship-1": "Age 1 warship box",
        "disc-Ana-Athens-city-1": "Athens city space 1 (2 VP)",
        "ship-Ana-a1-merchant-1": "Age 1 merchant box",
        "cube-Ana-Athens-trade-2": "Athens trade box 2 (Wine)",
        "vp-Ana": "Victory points 7",  # Athens' city space: 2 VP
    }


def test_ships_taken_back_leave_the_track():
    # turn 5: Ana plays Lighthouse and takes back her merchant and her warship from Age 1
    assert gone(GAME, 5) == {"ship-Ana-a1-merchant-1", "ship-Ana-a1-warship-1"}
    assert moved(GAME, 5) == {}


def test_a_cube_on_spice_goes_to_the_spice_box():
    new = moved(GAME, 21, "three-players")
    assert new["cube-Cai-Caribbean-trade-1"] == "Caribbean trade box 1 (Spice)"
    assert new["cube-Cai-spice-1"] == "Spice Box"


def test_area_7s_boxes_hold_any_number_of_cubes_and_discs():
    log = example(GAME)
    state: State = log.rules.setup(log.model, log.players, log.options)
    area7 = next(a.index for a in state.book.areas if a.open)
    state.open_cubes[area7] = [3, 1]
    state.open_discs[area7] = [0, 2]
    shown = pieces(draw(log.model, state).svg())
    assert {k: v[0] for k, v in shown.items() if not k.startswith("vp-")} == {
        "cube-Ana-area7-merchant-1": "Area 7 Merchant box",
        "cube-Ana-area7-merchant-2": "Area 7 Merchant box",
        "cube-Ana-area7-merchant-3": "Area 7 Merchant box",
        "cube-Ben-area7-merchant-1": "Area 7 Merchant box",
        "disc-Ben-area7-warship-1": "Area 7 Warship box",
        "disc-Ben-area7-warship-2": "Area 7 Warship box",
    }


def test_the_picture_is_the_printed_board_with_room_for_the_displays():
    board = example(GAME).model.component("board").spec
    w, h = view_box(svg_after(GAME, 0))
    assert w == board.size.width and h > board.size.height
    # before the first turn only the VP discs are on the board, on 5 (Game Setup)
    assert pieces(svg_after(GAME, 0)) == {
        "vp-Ana": ("Victory points 5", "Ana"),
        "vp-Ben": ("Victory points 5", "Ben"),
    }


def test_a_score_past_the_last_box_goes_round_the_track_again():
    log = example(GAME)
    state: State = log.rules.setup(log.model, log.players, log.options)
    state.seats[0].vp = 107  # the track runs 0 to 99
    assert pieces(draw(log.model, state).svg())["vp-Ana"][0] == "Victory points 7"
