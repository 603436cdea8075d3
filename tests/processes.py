"""Processes the tests start and watch through /proc: whether one still runs, its children, and
`portolan` started as a terminal's job is (a process group of its own, so Ctrl-C reaches all of
it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(") ", 1)[1][:1] != "Z"


def children(pid: int) -> list[int]:
    """The child processes of ``pid``'s main thread (none once it is gone)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def portolan_job(*args: str) -> subprocess.Popen:
    """``portolan ARGS`` started in a process group of its own, as a terminal's job is (Ctrl-C
    and the test's clean-up reach all of it), its output captured as text."""
    return subprocess.Popen(
        [sys.executable, "-m", "portolan", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        start_new_session=True,
    )
