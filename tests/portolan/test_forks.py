"""Work in a forked child comes back whole or not at all, and the child ends with the process
that forked it (portolan/forks.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from portolan import forks
from portolan.forks import Forked, may_fork

needs_fork = pytest.mark.skipif(not may_fork(), reason="forks on Linux, in one thread")

# A parent that forks a child (which sleeps), prints the child's pid and kills itself outright.
SCRIPT = """
import os, signal, sys, time
from portolan.forks import die_with_parent
parent = os.getpid()
pid = os.fork()
if pid == 0:
    die_with_parent(parent)
    time.sleep(60)
    os._exit(0)
print(pid, flush=True)
time.sleep(0.3)
os.kill(parent, signal.SIGKILL)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_a_child_ends_when_its_parent_is_killed():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=30
    )
    child = int(done.stdout.split()[0])
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_child_ignores_ctrl_c():
    script = (
        "import os, signal, time\n"
        "from portolan.forks import die_with_parent\n"
        "parent = os.getpid()\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    die_with_parent(parent)\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    time.sleep(0.2)\n"
        "    os._exit(7)\n"
        "print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=30
    )
    assert done.stdout.strip() == "7", done.stderr


def _no_child_left() -> None:
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)


def _fds() -> int:
    return len(os.listdir("/proc/self/fd"))


@needs_fork
def test_what_the_child_returns_comes_back():
    before = _fds()
    child = Forked.start(lambda: {"pid": os.getpid(), "big": "x" * 3_000_000})
    assert child is not None
    got = child.result(30)
    assert got["pid"] != os.getpid() and len(got["big"]) == 3_000_000  # more than a pipe holds
    assert _fds() == before
    _no_child_left()


@needs_fork
def test_a_call_that_raises_or_prints_gives_none_and_nothing_on_the_streams(capfd):
    def loud():
        os.write(1, b"from the child\n")
        os.write(2, b"to stderr\n")
        raise ValueError("no")

    child = Forked.start(loud)
    assert child.result(30) is None
    out, err = capfd.readouterr()
    assert "child" not in out and "stderr" not in err
    assert Forked.start(lambda: lambda: 1).result(30) is None  # does not pickle
    _no_child_left()


@needs_fork
def test_a_stuck_child_is_ended_after_the_patience():
    before = _fds()
    child = Forked.start(lambda: time.sleep(60))
    started = time.monotonic()
    assert child.result(0.3) is None
    assert time.monotonic() - started < 10
    assert _fds() == before
    _no_child_left()


@needs_fork
def test_a_child_stopped_before_its_result_leaves_nothing_behind():
    before = _fds()
    child = Forked.start(lambda: time.sleep(60))
    child.stop()
    child.stop()  # twice is harmless
    assert child.result(1) is None
    assert _fds() == before
    _no_child_left()


@needs_fork
def test_a_failed_fork_gives_none_and_closes_the_pipe(monkeypatch):
    def no_fork():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(forks.os, "fork", no_fork)
    before = _fds()
    assert Forked.start(lambda: 1) is None
    assert _fds() == before


def test_forking_is_left_to_a_process_of_one_thread_on_linux():
    expected = sys.platform.startswith("linux") and threading.active_count() == 1
    assert may_fork() is expected
    started = threading.Event()
    stop = threading.Event()
    helper = threading.Thread(target=lambda: (started.set(), stop.wait()))
    helper.start()
    try:
        started.wait()
        assert not may_fork()
    finally:
        stop.set()
        helper.join()
