"""``portolan.cli.main``, the console script: what it leaves the interpreter to do at exit."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from portolan.cli import main

# Runs main in a fresh interpreter, then, as atexit handlers run, reports whether the objects
# it left are in the collector's permanent generation, and writes a file that must still land.
PROBE = """
import atexit, gc, sys
from pathlib import Path
out = Path(sys.argv[1])
def report():
    out.write_text(str(gc.get_freeze_count()))
atexit.register(report)
sys.argv = ["portolan", "--version"]
from portolan.cli import main
main()
"""


def test_main_leaves_its_objects_out_of_the_collectors_passes_at_exit(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["portolan", "--version"])
    gc.unfreeze()
    try:
        with pytest.raises(SystemExit) as stopped:
            main()
        assert stopped.value.code == 0
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()  # this test process goes on


def test_main_exits_as_before_and_atexit_handlers_still_run(tmp_path):
    marker = tmp_path / "frozen"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(marker)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert done.stdout.startswith("portolan ")
    assert int(marker.read_text()) > 0
