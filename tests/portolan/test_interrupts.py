"""A Ctrl-C that Python drops (raised inside a callback it runs for itself) is remembered and
raised again, and not printed (portolan/interrupts.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from portolan.generator.build import BuildOptions, build_games
from portolan.model import load_game
from tests.conftest import FIXTURE_COMPONENTS, FIXTURE_GAME

# A Ctrl-C arrives while the interpreter runs an object's ``__del__``: the exception raised
# there cannot go anywhere. Run in a process of its own (in pytest's, a Ctrl-C that escaped
# would end the whole run).
SCRIPT = """
import signal
from portolan.interrupts import ctrl_c_kept, raise_if_pressed

class Drops:
    def __del__(self):
        {body}

def run():
    Drops()
    print("went on", flush=True)
    try:
        raise_if_pressed()
    except KeyboardInterrupt:
        print("raised again", flush=True)

{run}
"""


CTRL_C = "signal.raise_signal(signal.SIGINT); sum(range(10))  # the handler runs in __del__"


def _run(run: str, body: str = CTRL_C) -> subprocess.CompletedProcess:
    script = SCRIPT.format(run=run, body=body)
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )


def test_python_drops_a_ctrl_c_raised_in_a_callback():
    """What the module is for: without it the interrupt is printed and forgotten."""
    done = _run("run()")
    assert done.stdout == "went on\n"
    assert "Exception ignored" in done.stderr and "KeyboardInterrupt" in done.stderr


def test_a_dropped_ctrl_c_is_raised_again_and_not_printed():
    done = _run("with ctrl_c_kept():\n    run()")
    assert done.stdout == "went on\nraised again\n"
    assert done.stderr == ""


def test_other_exceptions_python_drops_are_still_printed():
    done = _run("with ctrl_c_kept():\n    run()", body="raise ValueError('mine')")
    assert done.stdout == "went on\n"  # nothing pressed
    assert "Exception ignored" in done.stderr and "ValueError: mine" in done.stderr


def test_a_build_pressed_before_its_swap_puts_nothing_in_place(tmp_path, monkeypatch):
    monkeypatch.setattr("portolan.interrupts._pressed", True)
    out = tmp_path / "out"
    game = load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)
    with pytest.raises(KeyboardInterrupt):
        build_games([game], out, BuildOptions(formats=("svg",)))
    assert not out.exists()
