"""Every piece fits the tracks, boxes and spaces the rules put it on (``goes_on`` in a counter
sheet's YAML, judged by ``portolan/model/pieces.py``), for every game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from portolan.model import load_game
from portolan.model.counters import Placement
from portolan.model.loader import available_games
from portolan.model.pieces import CLEARANCE, Fit, fits, holds, space_size
from portolan.paths import components_dir

GAMES = available_games(components_dir())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_piece_fits_where_the_rules_put_it(game_id):
    game = load_game(components_dir(), game_id)
    judged = fits(game)
    bad = [f.describe() for f in judged if not f.fits]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game_id", ["age-of-exploration", "ships"])
def test_the_pieces_on_tracks_are_listed(game_id):
    """The games whose player markers go on printed tracks say where each goes."""
    judged = fits(load_game(components_dir(), game_id))
    assert len(judged) >= 4
    assert all(f.space is not None for f in judged)


def test_the_score_markers_share_box_zero():
    """Age of Exploration: all six VPs markers start in box 0 (Set Up), stacked."""
    game = load_game(components_dir(), "age-of-exploration")
    vp = [f for f in fits(game) if f.placement.element == "vp_track"]
    assert len(vp) == 6
    assert all(f.placement.share == 6 and f.fits for f in vp)


def test_ships_discs_share_the_five():
    """Ships: the four city discs start on the VP track's 5 (Setup), stacked, each within the
    track's smallest box (a corner, 11 mm square)."""
    game = load_game(components_dir(), "ships")
    vp = [f for f in fits(game) if f.placement.element == "Victory points"]
    assert len(vp) == 4
    assert all(f.placement.share == 4 and f.fits for f in vp)
    assert all(max(f.piece) <= min(f.space) - CLEARANCE for f in vp)


def test_a_marker_too_large_for_its_track_is_caught():
    """The 14 mm markers and 7.5 mm VP boxes Age of Exploration once printed do not fit."""
    game = load_game(components_dir(), "age-of-exploration")
    fit = next(f for f in fits(game) if f.placement.element == "vp_track")
    assert not replace(fit, piece=(14.0, 14.0), space=(7.5, 7.5)).fits
    crew = next(f for f in fits(game) if f.placement.element == "Crew")
    assert not replace(crew, piece=(14.0, 14.0)).fits


def test_piles_that_must_lie_side_by_side():
    p = Placement(component="board", element="x", share=4, pile=2)
    fit = Fit("disc", p, (9.0, 9.0), (18.8, 11.0), 2)
    assert fit.fits  # two piles of 9 mm along 18.8 mm
    assert not replace(fit, space=(18.0, 11.0)).fits  # no clearance left
    assert not replace(fit, piles=3).fits


def test_holds_counts_rows_and_columns_either_way_round():
    assert holds((39, 17), (14, 14)) == 2
    assert holds((20, 30), (9, 14)) == 4  # 2 across, 2 down
    assert holds((30, 20), (9, 14)) == 4  # the piece turned
    assert holds((14 + CLEARANCE, 14 + CLEARANCE), (14, 14)) == 1
    assert holds((14, 14), (14, 14)) == 0


def test_an_unknown_element_is_reported():
    game = load_game(components_dir(), "age-of-exploration")
    board = next(c.spec for c in game.components if c.id == "board")
    assert space_size(board, "vp track") is None
    fit = next(f for f in fits(game) if f.placement.element == "vp_track")
    missing = replace(fit, space=None)
    assert not missing.fits
    assert "no track, box or space" in missing.describe()


def test_a_pile_larger_than_the_share_is_refused():
    with pytest.raises(ValueError, match="pile cannot be larger"):
        Placement(component="board", element="x", share=1, pile=2)
