"""Age of Exploration's picture: each expedition's Leader and ships on the map space the log
moved them to, apart once the Leader goes ashore, and the discoveries found."""

from __future__ import annotations

from portolan.show import picture_of
from tests.portolan.show.pieces import example, moved, pieces, svg_after, view_box

GAME = "age-of-exploration"


def test_an_expedition_starts_in_europe_and_launches_to_the_sea_space_named():
    before = pieces(svg_after(GAME, 2))
    assert before["expedition-Ana"] == ("EUROPE", "Ana")
    assert moved(GAME, 3) == {"expedition-Ana": "ATL1", "ships-Ana": "ATL1"}  # launch ATL1


def test_moving_takes_the_leader_and_the_ships_to_the_last_space_entered():
    assert moved(GAME, 5) == {"expedition-Ana": "ATL6", "ships-Ana": "ATL6"}  # to ATL5, to ATL6


def test_a_leader_ashore_leaves_the_ships_behind():
    # turn 15: Ana goes ashore from CB1-TF and moves on to CB2; the ships wait
    assert moved(GAME, 15) == {"expedition-Ana": "CB2"}
    assert pieces(svg_after(GAME, 15))["ships-Ana"][0] == "CB1-TF"


def test_a_discovery_found_is_a_chit_in_its_space():
    new = moved(GAME, 11)
    assert new["found-Ana-1"] == "ATL7"


def test_every_piece_stands_on_a_space_of_the_map():
    model = example(GAME).model
    spaces = {s.id for s in model.component("board").spec.spaces}
    svg = svg_after(GAME, None, "three-players")
    shown = pieces(svg)
    on_tracks = {k for k in shown if k.startswith(("vp-", "civ-"))}
    assert on_tracks and all(shown[k][0] in spaces for k in set(shown) - on_tracks)
    w, _ = view_box(svg)
    assert w == model.component("board").spec.size.width


def test_a_rumors_of_gold_chit_is_its_players_and_says_which_side_is_up():
    new = moved(GAME, 49)
    assert new["rumor-Ana"] == "CB2"
    lines = picture_of(example(GAME), 49).lines
    assert any(line.startswith("Ana's Rumors of Gold chit at CB2, face ") for line in lines)


def test_the_tracks_start_where_the_setup_puts_their_markers():
    start = pieces(svg_after(GAME, 0))
    board = example(GAME).model.component("board").spec
    for c in board.civ_tracks:  # each civilization's Awe and Military Strength at their start
        assert start[f"civ-{c.id}"] == (f"{c.name} {c.start}", None)
    for t in board.progress_tracks:  # a Known Progress marker on its start, or not yet placed
        if t.placed_when:
            assert f"progress-{t.id}" not in start
        else:
            assert start[f"progress-{t.id}"] == (t.start, None)
    assert start["vp-Ana"] == ("Victory points 0", "Ana")
