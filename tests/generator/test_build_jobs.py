"""build_games(jobs=N): components drawn in worker processes give the same files, byte for byte,
the same report and the same first error as a one-process build (issue 16)."""

from __future__ import annotations

import errno
import os
import sys
import threading
from pathlib import Path

import pytest

from portolan.errors import InputError, OutputError
from portolan.generator import parallel
from portolan.generator.build import BuildOptions, build_games
from portolan.generator.fingerprint import STAMP
from portolan.generator.parallel import AUTO_MOST, auto_jobs, can_fork
from portolan.generator.staging import Staging
from portolan.model import load_game
from portolan.paths import components_dir
from tests.conftest import FIXTURE_COMPONENTS, FIXTURE_GAME, GAME

pytestmark = pytest.mark.skipif(not can_fork(), reason="worker processes are forked")


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_workers_write_the_same_bytes(tmp_path):
    games = [load_game(components_dir(), GAME), load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)]
    opts = BuildOptions(formats=("pdf", "svg"))
    one = build_games(games, tmp_path / "one", opts)
    two = build_games(games, tmp_path / "two", opts, jobs=3)
    a, b = tree(tmp_path / "one"), tree(tmp_path / "two")
    assert a.keys() == b.keys()
    assert len([k for k in a if k.endswith(".pdf")]) > 5
    assert [k for k in a if a[k] != b[k]] == []
    # The same report: the files in the same order (under their own folder), the same warnings.
    for r1, r2 in zip(one, two, strict=True):
        assert [f.relative_to(tmp_path / "one") for f in r1.files] == [
            f.relative_to(tmp_path / "two") for f in r2.files
        ]
        assert r1.overflows == r2.overflows
    assert {f"{GAME}/{STAMP}", f"{FIXTURE_GAME}/{STAMP}"} <= a.keys()


def test_progress_is_told_of_every_component_in_order(tmp_path):
    game = load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)
    told: list[str] = []
    build_games([game], tmp_path, BuildOptions(formats=("svg",)), told.append, jobs=2)
    assert told == [f"{game.id}: {c.name}" for c in game.components]


def test_a_failing_worker_stops_the_build_with_its_message(fixture_copy, tmp_path):
    deck = fixture_copy / "conquerors.yaml"
    deck.write_text(deck.read_text("utf-8").replace("icon: compass", "icon: compas"), "utf-8")
    game = load_game(fixture_copy.parent, FIXTURE_GAME)
    out = tmp_path / "out"
    messages = []
    for jobs in (1, 2):
        with pytest.raises(InputError) as caught:
            build_games([game], out, BuildOptions(), jobs=jobs)
        messages.append([str(p) for p in caught.value.problems])
        assert not out.exists()  # nothing half-written, not even the output folder
    assert messages[0] == messages[1]
    assert "unknown icon 'compas'" in messages[1][0]


def test_a_file_a_worker_wrote_is_claimed_once(tmp_path):
    """The parent claims every file a worker wrote, so two components writing one file are
    refused as in one process."""
    game = load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)
    staging = Staging(tmp_path)
    staging.component = game.components[0]
    staging.claim(tmp_path / "svg" / "a.svg")
    staging.component = game.components[1]
    with pytest.raises(InputError, match=r"'svg/a\.svg' would be written twice"):
        staging.claim(tmp_path / "svg" / "a.svg")
    with pytest.raises(InputError, match="written twice"):
        staging.file("svg", "a.svg")


def test_the_shared_sheets_are_written_while_the_workers_draw(tmp_path, monkeypatch):
    """The parent writes the shared card sheets as soon as the decks that feed them are in,
    before it takes back any component, even one listed before those decks (Age of
    Exploration lists its map first)."""
    import portolan.generator.build as build

    game = load_game(components_dir(), "age-of-exploration")
    order: list = []
    real_results, real_built = parallel.ComponentPool.results, parallel.ComponentPool.built
    real_shared = build._write_shared

    def results(self, g):
        for component, built in real_results(self, g):
            order.append(component.id)
            yield component, built

    def built(self, g, ids):
        found = real_built(self, g, ids)
        order.append(sorted(found))
        return found

    def shared(*args):
        order.append("shared")
        return real_shared(*args)

    monkeypatch.setattr(parallel.ComponentPool, "results", results)
    monkeypatch.setattr(parallel.ComponentPool, "built", built)
    monkeypatch.setattr(build, "_write_shared", shared)
    build_games([game], tmp_path, BuildOptions(formats=("pdf",)), jobs=2)
    feeders = build.SharedSheets(game, BuildOptions()).feeders()
    assert game.components[0].id not in feeders and len(feeders) >= 5
    assert order[:2] == [sorted(feeders), "shared"]
    assert order[2:] == [c.id for c in game.components]
    assert (tmp_path / game.id / "all-cards.pdf").is_file()


def test_the_workers_take_the_reference_then_the_shared_decks_then_the_slow_kinds():
    import portolan.generator.build as build

    game = load_game(components_dir(), "age-of-exploration")
    opts = BuildOptions()
    handed = [game.components[ci] for ci in build._handout(game, opts)]
    feeders = build.SharedSheets(game, opts).feeders()
    assert sorted(c.id for c in handed) == sorted(c.id for c in game.components)
    kinds = [c.kind for c in handed]
    assert kinds[0] == "reference"
    assert {c.id for c in handed[1 : 1 + len(feeders)]} == feeders
    rest = kinds[1 + len(feeders) :]
    assert rest[:3] == ["map", "board", "counters"]
    assert not {"reference", "map", "board", "counters"} & set(rest[3:])
    # Within a group, the game's order: the decks as the game lists them.
    listed = [c.id for c in game.components if c.id in feeders]
    assert [c.id for c in handed[1 : 1 + len(feeders)]] == listed
    # With one file per deck nothing is shared, and the decks come after the slow kinds.
    per_deck = [
        game.components[ci].kind for ci in build._handout(game, BuildOptions(sheets="per-deck"))
    ]
    assert per_deck[:4] == ["reference", "map", "board", "counters"]


def test_a_process_running_another_thread_builds_alone(tmp_path, monkeypatch):
    import portolan.generator.build as build

    def no_pool(*args, **kwargs):
        raise AssertionError("forked while another thread ran")

    monkeypatch.setattr(build, "ComponentPool", no_pool)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not can_fork()
        build_games([load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)], tmp_path, BuildOptions(), jobs=2)
    finally:
        stop.set()
        other.join()
    assert (tmp_path / FIXTURE_GAME / STAMP).is_file()


def test_jobs_by_default_one_per_processor_at_most_four(monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(16)), raising=False)
    assert auto_jobs() == AUTO_MOST == 4
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3}, raising=False)
    assert auto_jobs() == 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert auto_jobs() == 2
    monkeypatch.setattr(sys, "platform", "darwin")  # fork is not the safe default there
    assert auto_jobs() == 1


def test_a_disk_error_is_the_same_first_error_as_in_one_process(tmp_path, monkeypatch):
    """The parent writes the registration test before the components are in; a failure there
    is raised where a one-process build meets it, after the components' own."""
    from reportlab.pdfgen.canvas import Canvas

    def full(canvas):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), canvas._filename)

    monkeypatch.setattr(Canvas, "save", full)
    game = load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)
    failures = []
    for jobs in (1, 2):
        with pytest.raises(OutputError) as caught:
            build_games([game], tmp_path / f"out{jobs}", BuildOptions(formats=("pdf",)), jobs=jobs)
        failures.append(Path(caught.value.path).relative_to(tmp_path / f"out{jobs}"))
    assert failures[0] == failures[1]
    assert failures[0].name != "registration-test.pdf"


def test_a_fork_that_fails_builds_in_one_process_and_leaves_no_worker(tmp_path, monkeypatch):
    """The process limit reached after one worker was forked: that worker is stopped (it would
    wait for work for ever, and the interpreter for it at exit) and the build goes on alone."""
    import multiprocessing

    real_fork, forks = os.fork, []

    def fork():
        forks.append(1)
        if len(forks) == 2:
            raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))
        return real_fork()

    monkeypatch.setattr(os, "fork", fork)
    game = load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)
    build_games([game], tmp_path, BuildOptions(formats=("pdf",)), jobs=3)
    assert len(forks) == 2
    assert multiprocessing.active_children() == []
    assert (tmp_path / FIXTURE_GAME / STAMP).is_file()


def test_the_callers_signal_mask_and_collector_are_left_as_they_were(tmp_path):
    import gc
    import signal

    game = load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        build_games([game], tmp_path, BuildOptions(formats=("pdf",)), jobs=2)
        assert signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set())
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
    assert gc.get_freeze_count() == 0


def test_a_component_named_like_the_registration_test_keeps_its_file(fixture_copy, tmp_path):
    deck = fixture_copy / "conquerors.yaml"
    deck.write_text(
        deck.read_text("utf-8").replace("id: conquerors", "id: registration-test"), "utf-8"
    )
    game = load_game(fixture_copy.parent, FIXTURE_GAME)
    for jobs in (1, 2):
        build_games([game], tmp_path / str(jobs), BuildOptions(formats=("pdf",)), jobs=jobs)
    one, two = tree(tmp_path / "1"), tree(tmp_path / "2")
    assert {"fixture-game/registration-test.pdf", "fixture-game/registration-test-sheet.pdf"} <= (
        one.keys()
    )
    assert [k for k in one if one[k] != two.get(k)] == []
