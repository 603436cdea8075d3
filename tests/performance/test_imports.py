"""What each command imports: `check`, `score` and `play` start without the printer (nor `check`
without the web page), and the printer runs with reportlab's C accelerator (issue 16)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "exploration-age-of-sail" / "two-players.yaml"
POSITION = next((ROOT / "examples" / "positions").glob("exploration-age-of-sail*.yaml"), None)
PRINTER = ("generator.", "reportlab", "svgwrite", "jinja2", "pypdfium2", "rich")
WEB = ("portolan.web", "starlette", "uvicorn", "anyio", "multipart")
# The log benchmarks/speed.py times `check` on (issue 31: within 2x of `--version`).
LONGEST = ROOT / "examples" / "age-of-exploration" / "three-players.yaml"

# Runs the command in a fresh interpreter and prints the top-level packages it imported.
PROBE = """
import json, sys
sys.argv = ["portolan", *json.loads(sys.argv[1])]
from portolan.cli import main
try:
    main()
except SystemExit:
    pass
sys.__stderr__.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def imported(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(list(args))],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    line = done.stderr.rsplit("MODULES ", 1)[1]
    return set(json.loads(line))


def printer(modules: set[str]) -> set[str]:
    """The modules of the printer (generator.*) and of its libraries that were imported."""
    return {m for m in modules if m.startswith(PRINTER) or m in PRINTER}


def web(modules: set[str]) -> set[str]:
    """The modules of the web page (portolan.web.*) and of its server that were imported."""
    return {m for m in modules if m.split(".")[0] in WEB or m.startswith(WEB[0])}


def test_check_imports_neither_the_printer_nor_other_games():
    modules = imported("check", str(EXAMPLE))
    assert "portolan.checker.core.replay" in modules  # it did replay the log
    assert not printer(modules)
    games = {
        m.removeprefix("portolan.checker.games.").split(".")[0]
        for m in modules
        if m.startswith("portolan.checker.games.")
    }
    assert games == {"exploration_age_of_sail"}


def test_check_of_the_benchmarks_log_imports_neither_printer_nor_web_page():
    """What keeps `check` near `--version` (benchmarks/speed.py): what it does not import."""
    modules = imported("check", str(LONGEST))
    assert "portolan.checker.games.age_of_exploration" in modules  # it did read the log
    assert not printer(modules)
    assert not web(modules)
    assert {"reportlab", "svgwrite", "jinja2", "starlette"}.isdisjoint(modules)
    # A log from the setup, without bots: no end position is read, no bot plays.
    game = "portolan.checker.games.age_of_exploration"
    unused = {f"{game}.bot", f"{game}.position", "portolan.checker.core.position"}
    assert unused.isdisjoint(modules)
    assert not {m for m in modules if m.startswith("portolan.checker.core.bots")}


def test_check_imports_only_its_command_and_the_models_its_game_uses():
    modules = imported("check", str(EXAMPLE))
    commands = {m for m in modules if m.startswith("portolan.cli.")}
    assert commands & {"portolan.cli.build", "portolan.cli.play", "portolan.cli.simulate"} == set()
    assert "portolan.cli.check" in commands
    # Exploration in the Age of Sail has neither a map nor counters, nor card instructions or
    # effects: their models are never defined.
    models = {m.rsplit(".", 1)[1] for m in modules if m.startswith("portolan.model.")}
    assert models & {"map", "counters", "effects", "instructions"} == set()


@pytest.mark.skipif(POSITION is None, reason="no example end position for this game")
def test_score_imports_no_printer():
    modules = imported("score", "exploration-age-of-sail", str(POSITION))
    assert "portolan.checker.core.scoresheet" in modules
    assert not printer(modules)


def test_play_imports_no_printer(tmp_path):
    log = tmp_path / "game.yaml"
    # No one at the keyboard (stdin is empty): the referee starts, asks, and stops.
    modules = imported("play", "exploration-age-of-sail", "--players", "Ana,Ben", "--log", str(log))
    assert "portolan.checker.core.play" in modules
    assert not printer(modules)


def test_reportlab_uses_its_c_accelerator():
    from reportlab.lib import rl_accel

    assert rl_accel._py_funcs == {}, f"pure-Python fallbacks in use: {sorted(rl_accel._py_funcs)}"
    assert type(rl_accel.fp_str).__name__ == "builtin_function_or_method"
