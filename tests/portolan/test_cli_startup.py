"""portolan/cli/startup.py: the collector is paused while ``portolan`` starts a command, and back
(with what the start made in the oldest generation) when the command's code runs."""

from __future__ import annotations

import ast
import gc
import subprocess
import sys
from pathlib import Path

import pytest

from portolan.cli import main, startup
from portolan.cli.app import friendly
from portolan.cli.group import COMMAND_MODULES, _import_command

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "exploration-age-of-sail" / "two-players.yaml"
POSITION = ROOT / "examples" / "positions" / "exploration-age-of-sail.yaml"


@pytest.fixture
def collector():
    """The test process's collector as it was, whatever a test does to it."""
    was = gc.isenabled()
    yield
    startup._paused = False
    gc.enable() if was else gc.disable()


def test_pause_then_resume(collector):
    gc.enable()
    startup.pause()
    assert not gc.isenabled()
    made = [[] for _ in range(1000)]  # tracked objects, in the youngest generation
    assert gc.get_count()[0] >= 1000
    startup.resume()
    assert gc.isenabled()
    assert gc.get_count()[0] < 1000  # moved on to the oldest generation
    assert gc.get_freeze_count() == 0  # not left frozen: the collector still frees cycles
    del made


def test_resume_leaves_a_collector_someone_else_turned_off(collector):
    gc.disable()
    startup.pause()
    startup.resume()
    assert not gc.isenabled()


def test_a_command_runs_with_the_collector_back(collector):
    seen = []

    @friendly
    def command():
        seen.append(gc.isenabled())

    gc.enable()
    startup.pause()
    command()
    assert seen == [True]


def test_main_gives_the_collector_back_when_no_command_ran(collector, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["portolan", "--version"])
    gc.enable()
    try:
        with pytest.raises(SystemExit):
            main()
        assert gc.isenabled()
    finally:
        gc.unfreeze()  # main leaves what it made to the interpreter's exit; this process goes on


# What the collector does while the console script starts and runs a command: paused until the
# command's code (the first resume, by its wrapper), paused again while it imports what it needs
# and reads its input, on for the work itself (main's own resume at the end finds it on).
# argv[1]: the functions to watch, as module:function=label; then the command.
PROBE = """
import gc, importlib, sys
seen = []
def watch(label, fn):
    def run(*a, **k):
        seen.append((label, gc.isenabled()))
        return fn(*a, **k)
    return run
for spec in sys.argv[1].split(","):
    where, label = spec.split("=")
    module, name = where.split(":")
    module = importlib.import_module(module)
    setattr(module, name, watch(label, getattr(module, name)))
import portolan.cli.startup as startup
startup.resume = watch("resume", startup.resume)
sys.argv = ["portolan", *sys.argv[2:]]
from portolan.cli import main
try:
    main()
except SystemExit as stop:
    seen.append(("exit", stop.code))
sys.__stderr__.write("SEEN %r\\n" % seen)
"""


def collector_seen(watched: str, *command: str) -> list:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, watched, *command],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert "SEEN " in done.stderr, done.stderr
    return ast.literal_eval(done.stderr.rsplit("SEEN ", 1)[1])


def test_check_reads_its_log_with_the_collector_paused_and_replays_with_it_on():
    watched = "checker.core.log:load_log=read,checker.core.replay:replay=replay"
    seen = collector_seen(watched, "check", str(EXAMPLE))
    assert seen == [
        ("resume", False),
        ("read", False),
        ("replay", True),
        ("resume", True),
        ("exit", 0),
    ]


def test_build_reads_its_game_with_the_collector_paused_and_draws_with_it_on(tmp_path):
    watched = "portolan.model:load_game=read,generator.build:build_games=draw"
    game = "exploration-age-of-sail"
    seen = collector_seen(watched, "build", game, "--out", str(tmp_path), "--format", "svg")
    assert seen == [
        ("resume", False),
        ("read", False),
        ("draw", True),
        ("resume", True),
        ("exit", 0),
    ]
    assert (tmp_path / game).is_dir()


@pytest.mark.parametrize("name", sorted(COMMAND_MODULES))
def test_every_command_resumes_the_collector(name):
    # A command whose code is not wrapped by ``friendly`` would run with the collector paused
    # by ``main`` to its end: ``serve`` for as long as it serves.
    info, _ = _import_command(name)
    assert info.callback.__code__ is friendly(lambda: None).__code__


def test_score_reads_its_game_and_position_with_the_collector_paused_and_scores_with_it_on():
    watched = (
        "portolan.model:load_game=game,portolan.yamlsrc:load_yaml=position,"
        "portolan.cli.check:emit_json=sheet"
    )
    game = "exploration-age-of-sail"
    seen = collector_seen(watched, "score", game, str(POSITION), "--json")
    assert seen == [
        ("resume", False),
        ("position", False),  # read first: a position may name its game
        ("game", False),
        ("sheet", True),
        ("resume", True),
        ("exit", 0),
    ]
