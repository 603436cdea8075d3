"""generator/build.py against killed, racing and repeated builds: one build at a time per output
folder, staging folders of dead processes removed, a game named twice built once, every file
on the disk before the swap."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.errors import OutputError
from portolan.fsio import locked
from portolan.generator.build import BuildOptions, build_games
from portolan.generator.fingerprint import STAMP
from portolan.model import load_game
from tests.conftest import FIXTURE_COMPONENTS, FIXTURE_GAME
from tests.processes import portolan_job

FAST_DECK = (FIXTURE_COMPONENTS / FIXTURE_GAME / "conquerors.yaml").read_text("utf-8")
SLOW_FACE = (
    'subtitle: "{% for i in range(2500) %}{% for j in range(2500) %}{% endfor %}{% endfor %}'
    'Explorer"'
)


@pytest.fixture
def slow_components(tmp_path) -> Path:
    """The fixture game, with a card face that takes a second or two per card to fill in."""
    folder = tmp_path / "components"
    shutil.copytree(FIXTURE_COMPONENTS, folder)
    deck = folder / FIXTURE_GAME / "conquerors.yaml"
    deck.write_text(deck.read_text("utf-8").replace('subtitle: "Explorer"', SLOW_FACE), "utf-8")
    return folder


_started: list[subprocess.Popen] = []


@pytest.fixture(autouse=True)
def _end_what_the_test_started():
    """A build a failed test left running (or stopped) ends with the test, workers included."""
    yield
    while _started:
        proc = _started.pop()
        with contextlib.suppress(ProcessLookupError):  # the group is gone: nothing left
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()


def _start_build(components: Path, out: Path, *more: str) -> subprocess.Popen:
    proc = portolan_job(
        "build", "--components", str(components), "--out", str(out), "--format", "svg", *more
    )
    _started.append(proc)
    return proc


def _caught_drawing(components: Path, out: Path, *more: str) -> subprocess.Popen:
    """A build started and frozen (SIGSTOP, its workers too) at a moment it is still drawing:
    its staging folder is there without the stamp ``build_game`` leaves when the game is drawn.
    What the test sends next lands before the build swaps its folder into place.

    Time is no such signal: on a busy machine the test may first look when the build is
    already swapping, and an interrupt sent then comes too late. A build found past drawing is
    let finish and started again with a slower card face."""
    for _ in range(5):
        proc = _start_build(components, out, *more)
        while proc.poll() is None and not _building(out):
            time.sleep(0.01)  # polls for the folder the build makes, however long it takes
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGSTOP)
            stages = [out / n for n in _staging(out) if ".building-" in n]
            if stages and not (stages[0] / STAMP).exists():
                return proc
            os.killpg(proc.pid, signal.SIGCONT)
        proc.communicate(timeout=300)
        shutil.rmtree(out, ignore_errors=True)
        deck = components / FIXTURE_GAME / "conquerors.yaml"
        slower = deck.read_text("utf-8").replace("for i in range(", "for i in range(2 * ")
        deck.write_text(slower, "utf-8")
    pytest.fail("the build was never caught drawing")


def _go_on_and_finish(proc: subprocess.Popen) -> tuple[str, str]:
    """Let a frozen build's group go on, and wait for it to end. A worker the build was forking
    at the moment the group was frozen can be created stopped after the group was let go on
    (the kernel hands it the stop that came during the fork): every second still waiting, the
    group is told to go on again. No stopped process is left waiting for ever."""
    for _ in range(300):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGCONT)
        try:
            return proc.communicate(timeout=1)
        except subprocess.TimeoutExpired:
            continue
    return proc.communicate(timeout=1)


def _building(out: Path) -> bool:
    return out.is_dir() and any(".building-" in n for n in _staging(out))


def _staging(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith("."))


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_staging_folders_of_dead_processes_are_removed(tmp_path):
    out = tmp_path / "out"
    dead = _dead_pid()
    for name in (f".{FIXTURE_GAME}.building-{dead}", f".other-game.old-{dead}"):
        (out / name / "svg").mkdir(parents=True)
        (out / name / "half.pdf").write_text("half a PDF")
    alive = out / f".other-game.building-{os.getppid()}"  # a build that is still running
    alive.mkdir()
    unrelated = out / ".notes"
    unrelated.write_text("mine")
    build_games([load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)], out, BuildOptions(formats=("svg",)))
    assert _staging(out) == [".notes", alive.name]
    assert (out / FIXTURE_GAME / "svg").is_dir()


def test_a_build_that_finds_everything_up_to_date_removes_them_too(tmp_path):
    out = tmp_path / "out"
    args = ["build", "--components", str(FIXTURE_COMPONENTS), "--out", str(out), "--format", "svg"]
    assert CliRunner().invoke(app, args).exit_code == 0
    dead = _dead_pid()
    left = [out / f".{FIXTURE_GAME}.building-{dead}", out / f".{FIXTURE_GAME}.old-{dead}"]
    for folder in left:
        (folder / "svg").mkdir(parents=True)
    alive = out / f".other-game.building-{os.getppid()}"
    alive.mkdir()
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert f"{FIXTURE_GAME}: up to date" in result.output
    assert _staging(out) == [alive.name]


def test_an_up_to_date_build_leaves_them_to_a_build_under_way(tmp_path):
    out = tmp_path / "out"
    args = ["build", "--components", str(FIXTURE_COMPONENTS), "--out", str(out), "--format", "svg"]
    assert CliRunner().invoke(app, args).exit_code == 0
    left = out / f".{FIXTURE_GAME}.building-{_dead_pid()}"
    left.mkdir()
    with locked(out):  # another build holds the folder: it removes them itself
        result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "waiting" not in result.output
    assert _staging(out) == [left.name]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_build_killed_with_sigkill_is_cleaned_up_by_the_next(slow_components, tmp_path, jobs):
    """With workers too: they end with the build (they would otherwise hold its lock on the
    output folder, and the next build would wait for them)."""
    out = tmp_path / "out"
    proc = _caught_drawing(slow_components, out, "--jobs", jobs)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    # The stopped workers go on, and end: killed with their parent, or (one forked a moment
    # before it was stopped) at their first step, which finds the parent gone.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGCONT)
    assert any(".building-" in n for n in _staging(out))  # what kill -9 leaves behind
    deck = slow_components / FIXTURE_GAME / "conquerors.yaml"
    deck.write_text(FAST_DECK, "utf-8")
    result = CliRunner().invoke(
        app, ["build", "--components", str(slow_components), "--out", str(out), "--format", "svg"]
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [FIXTURE_GAME]


def test_ctrl_c_stops_a_build_and_its_workers_with_one_word(slow_components, tmp_path):
    """Ctrl-C reaches every process of the terminal's job: the workers leave it to the build,
    which stops them, removes its staging folder and says "interrupted" (a worker waiting for
    work printed a traceback)."""
    out = tmp_path / "out"
    proc = _caught_drawing(slow_components, out, "--jobs", "2")
    os.killpg(proc.pid, signal.SIGINT)  # held until the group goes on
    _, err = _go_on_and_finish(proc)
    assert proc.returncode == 130, err
    assert err.strip() == "interrupted"
    assert not out.exists() or _staging(out) == []


def test_two_builds_into_one_folder_take_turns(slow_components, tmp_path):
    out = tmp_path / "out"
    first = _caught_drawing(slow_components, out)  # holds the folder, stopped
    second = _start_build(slow_components, out)
    assert "waiting for another build into" in second.stderr.readline()
    outputs = [_go_on_and_finish(first), second.communicate(timeout=300)]
    assert [first.returncode, second.returncode] == [0, 0], outputs
    assert sorted(p.name for p in out.iterdir()) == [FIXTURE_GAME]
    assert len(list((out / FIXTURE_GAME / "svg").rglob("*.svg"))) == 7


def test_a_build_waits_for_the_folder_and_says_so(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    with locked(out):  # another build holds the folder
        proc = _start_build(FIXTURE_COMPONENTS, out)
        said = proc.stderr.readline()  # the build is blocked after saying this (or ended: "")
        assert "waiting for another build into" in said
        assert proc.poll() is None
        assert list(out.iterdir()) == []
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert sorted(p.name for p in out.iterdir()) == [FIXTURE_GAME]


def test_a_game_named_twice_is_built_once(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app,
        [
            "build",
            FIXTURE_GAME,
            FIXTURE_GAME,
            "--components",
            str(FIXTURE_COMPONENTS),
            "--out",
            str(out),
            "--format",
            "svg",
        ],
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.count(f"{FIXTURE_GAME}:") == 1
    assert sorted(p.name for p in out.iterdir()) == [FIXTURE_GAME]
    game = load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)
    reports = build_games([game, game], out, BuildOptions(formats=("svg",)))
    assert [r.game for r in reports] == [FIXTURE_GAME]


def test_every_file_and_folder_is_flushed_before_the_swap(tmp_path, monkeypatch):
    events: list[tuple[str, str]] = []
    real_fsync, real_rename = os.fsync, Path.rename

    def fsync(fd):
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        return real_fsync(fd)

    def rename(self, target):
        events.append(("rename", str(self)))
        return real_rename(self, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(Path, "rename", rename)
    out = tmp_path / "out"
    build_games([load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)], out, BuildOptions())
    swap = next(
        i for i, (kind, path) in enumerate(events) if kind == "rename" and ".building-" in path
    )
    flushed = {path for kind, path in events[:swap] if kind == "fsync"}
    stage = events[swap][1]
    written = {str(p).replace(str(out / FIXTURE_GAME), stage) for p in out.rglob("*")}
    assert written and written <= flushed
    assert stage in flushed
    assert ("fsync", str(out)) in events[swap:]  # the swap itself is made durable


def test_each_file_is_flushed_once(tmp_path, monkeypatch):
    """Components' files are flushed by a thread of their own while the next are drawn; the
    last walk over the folder flushes only what that thread was not given."""
    flushed: list[str] = []
    real_fsync = os.fsync

    def fsync(fd):
        path = os.readlink(f"/proc/self/fd/{fd}")
        if os.path.isfile(path):
            flushed.append(path)
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    build_games([load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)], tmp_path / "out", BuildOptions())
    assert len(flushed) > 3
    assert sorted(flushed) == sorted(set(flushed))


def test_a_flush_that_fails_stops_the_build_and_leaves_nothing(tmp_path, monkeypatch):
    import portolan.fsio as fsio

    real = fsio.fsync_path

    def failing(path, *, folder=False):
        if str(path).endswith(".svg"):
            raise OSError(errno.EIO, "Input/output error", str(path))
        return real(path, folder=folder)

    monkeypatch.setattr(fsio, "fsync_path", failing)
    out = tmp_path / "out"
    with pytest.raises(OutputError, match="Input/output error"):
        build_games([load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)], out, BuildOptions())
    assert not out.exists()


def test_write_atomic_flushes_before_it_replaces(tmp_path, monkeypatch):
    from portolan.checker.core.logwriter import write_atomic

    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(
        os, "replace", lambda a, b: (events.append("replace"), real_replace(a, b))[1]
    )
    path = tmp_path / "logs" / "game.yaml"
    write_atomic(path, "game: x\n")
    assert path.read_text() == "game: x\n"
    assert events == ["fsync", "replace", "fsync"]  # the file, the rename, its folder
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.yaml"]
