"""Exploration in the Age of Sail's picture: expeditions on their mats, a marker on each stat
track, the Ocean stack and the victory pile."""

from __future__ import annotations

from tests.portolan.show.pieces import moved, pieces, svg_after

GAME = "exploration-age-of-sail"


def test_an_expedition_formed_appears_on_a_mat_with_its_stats():
    assert moved(GAME, 5) == {  # James Cook, Caravels, Sailors; then an Ocean card
        "expedition-Ana-James_Cook": "Ana's expeditions",
        "stat-Ana-James_Cook-hull": "James Cook Hull 4",
        "stat-Ana-James_Cook-morale": "James Cook Morale 2",
        "stat-Ana-James_Cook-men": "James Cook Men 2",
        "ocean-Ana-James_Cook-1": "James Cook's Ocean stack",
    }


def test_a_hazard_moves_the_stat_marker_down_its_track():
    assert moved(GAME, 9) == {"stat-Ana-James_Cook-men": "James Cook Men 1"}  # Disease


def test_a_claimed_discovery_goes_to_the_victory_pile():
    for turn in range(10, 63):
        shown = pieces(svg_after(GAME, turn))
        won = {k: v for k, v in shown.items() if k.startswith("discovery-")}
        if won:
            ident, (space, player) = sorted(won.items())[0]
            assert space == f"{player}'s victory pile" and ident == f"discovery-{player}-1"
            return
    raise AssertionError("no discovery claimed in the example")
