"""portolan build reads its games in a forked child while it imports the drawing code
(portolan/cli/build.py, issue 11): the games that come back build the same bytes, and whatever
goes wrong in the child, the games are read in the process itself with the same messages."""

from __future__ import annotations

import os
import pickle

import pytest

from generator.build import BuildOptions, build_games
from generator.fingerprint import STAMP
from portolan.cli import build as build_cli
from portolan.errors import InputError
from portolan.forks import may_fork
from portolan.model import available_games, load_game
from portolan.paths import components_dir
from tests.conftest import FIXTURE_COMPONENTS, FIXTURE_GAME

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def tree(root) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.parametrize("game_id", available_games(components_dir()))
def test_a_game_sent_back_pickled_builds_the_same_bytes(game_id, tmp_path):
    game = load_game(components_dir(), game_id)
    opts = BuildOptions(formats=("pdf", "svg"))
    build_games([game], tmp_path / "read", opts)
    build_games([pickle.loads(pickle.dumps(game, protocol=5))], tmp_path / "sent", opts)
    read, sent = tree(tmp_path / "read"), tree(tmp_path / "sent")
    assert read.keys() == sent.keys() and len(read) > 3
    assert [name for name in read if read[name] != sent[name]] == []


@pytest.fixture
def reading(monkeypatch):
    """Where ``_load_games`` ran, as seen by this process: a child's calls are not seen."""
    calls: list[int] = []
    real = build_cli._load_games

    def load(folder, ids):
        calls.append(os.getpid())
        return real(folder, ids)

    monkeypatch.setattr(build_cli, "_load_games", load)
    monkeypatch.setattr(build_cli, "may_fork", lambda: True)  # pytest-xdist runs threads
    return calls


@needs_fork
def test_the_games_are_read_in_a_child_when_there_are_workers(reading, tmp_path):
    ids = ["exploration-age-of-sail", "ships"]
    reports = build_cli._build(components_dir(), ids, tmp_path, BuildOptions(), workers=2)
    assert reading == []  # read by the child only
    assert [r.game for r in reports] == ids
    build_cli._build(components_dir(), ids[:1], tmp_path / "one", BuildOptions(), workers=1)
    assert reading == [os.getpid()]  # one process asked for: no child
    assert tree(tmp_path / ids[0]).keys() == tree(tmp_path / "one" / ids[0]).keys()


@needs_fork
def test_a_child_that_fails_leaves_the_reading_to_the_build(reading, monkeypatch, tmp_path):
    parent = os.getpid()
    real = build_cli._load_games

    def fails_in_the_child(folder, ids):
        if os.getpid() != parent:
            os._exit(9)
        return real(folder, ids)

    monkeypatch.setattr(build_cli, "_load_games", fails_in_the_child)
    reports = build_cli._build(FIXTURE_COMPONENTS, [FIXTURE_GAME], tmp_path, BuildOptions(), 2)
    assert [r.game for r in reports] == [FIXTURE_GAME]
    assert reading == [parent]  # read here after the child failed
    assert (tmp_path / FIXTURE_GAME / STAMP).is_file()


@needs_fork
def test_a_game_with_a_problem_is_reported_as_the_process_reports_it(reading, fixture_copy):
    deck = fixture_copy / "conquerors.yaml"
    deck.write_text(deck.read_text("utf-8").replace("colour: gold", "color: gold"), "utf-8")
    with pytest.raises(InputError) as alone:
        load_game(fixture_copy.parent, FIXTURE_GAME)
    out = fixture_copy.parent.parent / "out"
    with pytest.raises(InputError) as built:
        build_cli._build(fixture_copy.parent, [FIXTURE_GAME], out, BuildOptions(), workers=2)
    assert [str(p) for p in built.value.problems] == [str(p) for p in alone.value.problems]
    assert reading == [os.getpid()]  # the child found the problem; this process read it again
    assert not out.exists()


def test_may_fork_is_what_the_build_asks():
    assert build_cli.may_fork is may_fork
