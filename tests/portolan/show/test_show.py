"""What every game's picture shares: the same bytes for the same position, one id a piece, the
turn chosen, the picture in words."""

from __future__ import annotations

import pytest

from portolan.errors import InputError
from portolan.show import DRAWERS, draw, picture_of
from portolan.show.svg import num, slug
from tests.portolan.show.pieces import example, pieces, svg_after

GAMES = sorted(DRAWERS)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_position_gives_the_same_bytes(game):
    log = example(game)
    first, second = picture_of(log, None), picture_of(log, None)
    assert first.svg == second.svg
    assert first.lines == second.lines and first.lines


@pytest.mark.parametrize("game", GAMES)
def test_every_piece_has_one_id_at_every_stage_of_a_game(game):
    log = example(game)
    last = max(s.turn for s in log.steps)
    seen = 0
    for turn in range(0, last + 1, 7):
        seen += len(pieces(svg_after(game, turn)))  # asserts each id is used once
    assert seen > 0


def test_a_turn_past_the_end_of_the_log_is_an_input_error():
    with pytest.raises(InputError, match="has turns 0 to 40, not 41"):
        picture_of(example("ships"), 41)
    with pytest.raises(InputError):
        picture_of(example("ships"), -1)


def test_the_title_says_which_turn_is_shown():
    assert "<title>Ships: the table after turn 3</title>" in svg_after("ships", 3)
    assert "<title>Ships: the table at the start</title>" in svg_after("ships", 0)


def test_ids_keep_letters_and_digits_and_numbers_are_short():
    assert slug("Santa María") == "Santa_María"
    assert slug('a"b<c') == "a_b_c"
    assert (num(1.0), num(2.345), num(-0.001), num(12.5)) == ("1", "2.35", "0", "12.5")


def test_a_name_that_would_break_the_markup_is_escaped():
    log = example("exploration-age-of-sail")
    state = log.rules.setup(log.model, ['A<b>&"', "Ben"], log.options)
    svg = draw(log.model, state).svg()
    assert "A<b>" not in svg and "A&lt;b&gt;&amp;" in svg


def test_asking_twice_for_the_svg_gives_it_once():
    log = example("ships")
    picture = draw(log.model, log.rules.setup(log.model, log.players, log.options))
    first = picture.svg()
    assert picture.svg() == first and first.count("<title>Ships") == 1
