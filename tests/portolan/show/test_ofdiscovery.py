"""Age of Discovery's picture: the rows of cards, the expeditions and what is in front of each
player; a ship card keeps its id as it goes from a fleet to an expedition."""

from __future__ import annotations

from tests.portolan.show.pieces import gone, moved, pieces, svg_after, titles

GAME = "age-of-discovery"


def test_a_ship_sent_on_an_expedition_moves_there_from_the_fleet():
    # turn 1: Ana buys White Ship 2 (her fleet) and sends Santa María on a trade voyage
    first = moved(GAME, 1)
    assert first["ship-Ana-White_Ship_2-1"] == "Ana's fleet"
    assert first["ship-Ana-Santa_María-1"] == "Ana's trade voyage White Contract 3"
    assert first["contract-Ana-White_Contract_3"] == "Ana's trade voyages"
    # turn 3: she sends the White Ship 2 to Jacques Cartier's expedition
    assert moved(GAME, 3) == {"ship-Ana-White_Ship_2-1": "Jacques Cartier"}
    assert gone(GAME, 3) == set()


def test_a_card_bought_from_a_row_is_refilled_from_the_filling_row():
    # turn 1: Ana buys White Ship 2 (purchase row space 2); Green Ship 1 moves up from the
    # filling row, and Black Ship 2 is turned over into the filling row
    before, after = titles(svg_after(GAME, 0)), titles(svg_after(GAME, 1))
    assert before["card-purchase-2"] == "White Ship 2 in the purchase row space 2"
    assert before["card-filling-2"] == "Green Ship 1 in the filling row space 2"
    assert after["card-purchase-2"] == "Green Ship 1 in the purchase row space 2"
    assert after["card-filling-2"] == "Black Ship 2 in the filling row space 2"
    assert pieces(svg_after(GAME, 1))["card-filling-2"] == ("filling row space 2", None)


def test_a_reservation_is_a_marker_on_its_row_space():
    for turn in range(1, 40):
        shown = pieces(svg_after(GAME, turn, "three-players"))
        marks = {k: v for k, v in shown.items() if k.startswith("reservation-")}
        if marks:
            ident, (space, player) = next(iter(marks.items()))
            assert ident.startswith(f"reservation-{player}-")
            assert space.endswith(ident.rsplit("-", 1)[1])
            return
    raise AssertionError("no reservation in the first 40 turns of the example")
