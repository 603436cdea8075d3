"""A map (``kind: map``) is bounded like a board: its id is a safe file name, its size one that
paper and cutting allow, its tracks and lists of a bounded length, every place on the board and
every size finite and positive. Each bound passed is an input error at the map's file, naming
the bound, found when the file is read (before, an id of ``../../x`` reached the output folder's
last check only, a VP track to 1,000,000 ran to the time budget and ``per_row: 0`` was exit 3)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from portolan.errors import InputError
from portolan.model import load_game
from tests.conftest import FIXTURES

GAME = "age-of-exploration"
TINY = FIXTURES / "tiny-components"
ADDED = (
    "vp_track: {at: [0, 3], end: {value: 15, source: design}, per_row: 8, box: 7.5}\n"
    "civ_tracks:\n"
    "  - {id: awe, name: Awe, civilization: Incan, start: 0, low: -3, high: 5, at: [0, 3.5]}\n"
    "legend: {at: [0, 0], width: 60}\n"
)


@pytest.fixture
def board(tmp_path) -> Path:
    shutil.copytree(TINY / GAME, tmp_path / GAME)
    path = tmp_path / GAME / "map.yaml"
    path.write_text(path.read_text("utf-8") + ADDED, "utf-8")
    return path


def test_the_tiny_map_with_its_tracks_loads(board):
    spec = load_game(board.parent.parent, GAME).component("board").spec
    assert spec.vp_track.end.value == 15 and spec.civ_tracks[0].high == 5


@pytest.mark.parametrize(
    ("old", "new", "needle"),
    [
        ("id: board", "id: ../../escaped", "cannot be an id"),
        ("id: board", "id: /tmp/escaped", "cannot be an id"),
        ("size: {width: 200,", "size: {width: 0.001,", "components.board_mm"),
        ("size: {width: 200,", "size: {width: 20000,", "components.board_mm"),
        ("value: 15,", "value: 1000000,", "components.track_boxes"),
        ("value: 15,", "value: -1,", "not be below its start"),
        ("per_row: 8", "per_row: 0", "per_row must be at least 1"),
        ("box: 7.5}", "box: 0}", "components.board_mm"),
        ("low: -3, high: 5", "low: -3, high: 1000000", "components.track_boxes"),
        ("pitch: [30, 25]", "pitch: [0, 25]", "pitch and box must be positive"),
        ("box: [25, 17]", "box: [25, -17]", "pitch and box must be positive"),
        ("origin: [20, 20]", "origin: [1.0e+308, 20]", "components.board_mm"),
        ("at: [4, 1]}", "at: [1.0e+300, 1]}", "spaces[1]: a position or size"),
        ("at: [0, 3.5]}", "at: [0, -1.0e+200]}", "civ_tracks[0]: a position or size"),
        ("width: 60}", "width: -60}", "legend: sizes must be positive"),
    ],
)
def test_a_map_past_a_bound_is_an_input_error(board, old, new, needle):
    text = board.read_text("utf-8")
    assert text.count(old) == 1, old
    board.write_text(text.replace(old, new), "utf-8")
    with pytest.raises(InputError) as err:
        load_game(board.parent.parent, GAME)
    (problem,) = err.value.problems
    assert problem.file.endswith("map.yaml") and problem.line is not None, problem
    assert needle in problem.message, problem.message


def test_a_map_with_too_many_spaces(board):
    spaces = "".join(f"  - {{id: S{i}, kind: sea, region: ATL, at: [1, 1]}}\n" for i in range(501))
    text = board.read_text("utf-8").replace("spaces:\n", "spaces:\n" + spaces, 1)
    board.write_text(text, "utf-8")
    with pytest.raises(InputError) as err:
        load_game(board.parent.parent, GAME)
    assert "components.elements_per_board" in err.value.problems[0].message
