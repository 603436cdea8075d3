"""Guards on every test (issue 33, point 5), loaded by tests/conftest.py: a bound on the memory
a test takes, nothing a test starts left running at the end of the run, and the run's garbage
collected before an xdist worker says it is done."""

from __future__ import annotations

import contextlib
import gc
import os
import resource
import signal
import threading
import time
from pathlib import Path

import pytest

from tests.processes import running

# A test (its setup, call or teardown) that raises its process's peak resident memory by more
# than this fails, as does one whose child process peaks above it. PORTOLAN_TEST_MEMORY_MB
# changes it (0 turns the check off).
MEMORY_BOUND_MB = int(os.environ.get("PORTOLAN_TEST_MEMORY_MB", "1536"))
# How long the end of the run waits for a thread or child process to end before it calls it
# left behind (a bound on a hang, not a timing: whatever ends in it passes).
LEFT_BEHIND_WAIT = float(os.environ.get("PORTOLAN_LEFT_BEHIND_WAIT", "120"))


def _peaks_mb() -> tuple[float, float]:
    """The peak resident memory of this process and of its largest child waited for, in MB.
    This process's is the kernel's high-water mark of its own memory (VmHWM): ``ru_maxrss``
    also counts the peak of the process it was started from (it survives exec)."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with contextlib.suppress(OSError, StopIteration, ValueError):
        status = Path("/proc/self/status").read_text().splitlines()
        own = int(next(line for line in status if line.startswith("VmHWM:")).split()[1])
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return own / 1024, children / 1024  # Linux gives kilobytes


def _within_memory_bound(when: str, before: tuple[float, float]) -> None:
    if not MEMORY_BOUND_MB:
        return
    own, child = _peaks_mb()
    if own - before[0] > MEMORY_BOUND_MB:
        pytest.fail(
            f"the test's {when} raised the process's peak memory by {own - before[0]:.0f} MB, "
            f"past the bound of {MEMORY_BOUND_MB} MB (tests/guards.py: MEMORY_BOUND_MB)",
            pytrace=False,
        )
    # a child's peak counts the memory of this process when it was started (see _peaks_mb)
    if child > before[1] and child > max(MEMORY_BOUND_MB, own):
        pytest.fail(
            f"a child process of the test's {when} peaked at {child:.0f} MB, past the bound of "
            f"{MEMORY_BOUND_MB} MB (tests/guards.py: MEMORY_BOUND_MB)",
            pytrace=False,
        )


def _live_children() -> set[int]:
    """This process's child processes that have not ended (zombies are ended)."""
    found: set[int] = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        with contextlib.suppress(OSError):
            found.update(int(p) for p in (task / "children").read_text().split())
    return {pid for pid in found if running(pid)}


def _describe(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:120]
    return "?"


_TRACKS_CHILDREN = Path(f"/proc/{os.getpid()}/task").is_dir()
_before_run: dict[str, set] = {}
_started_by: dict[object, str] = {}  # a thread or child pid -> the test it appeared in


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    if not _before_run:
        _before_run["threads"] = set(threading.enumerate())
        _before_run["children"] = _live_children() if _TRACKS_CHILDREN else set()
    item.stash[_SEEN] = (set(threading.enumerate()), _children_now())
    before = _peaks_mb()
    result = yield
    _within_memory_bound("setup", before)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    before = _peaks_mb()
    result = yield
    _within_memory_bound("call", before)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    before = _peaks_mb()
    result = yield
    _within_memory_bound("teardown", before)
    threads, children = item.stash.get(_SEEN, (set(), set()))
    for thread in set(threading.enumerate()) - threads:
        _started_by.setdefault(thread, item.nodeid)
    for pid in _children_now() - children:
        _started_by.setdefault(pid, item.nodeid)
    if nextitem is None:  # every fixture has ended: nothing a test started may still run
        _nothing_left_behind()
    return result


_SEEN = pytest.StashKey[tuple[set, set]]()


def _children_now() -> set[int]:
    return _live_children() if _TRACKS_CHILDREN else set()


def _nothing_left_behind() -> None:
    """Fails the run's last test's teardown when a thread or a child process some test started
    still runs after every fixture has ended: what a test starts, it ends (a worker of xdist
    that is still busy when told to stop gets a SIGINT from execnet)."""
    deadline = time.monotonic() + LEFT_BEHIND_WAIT
    threads = [t for t in threading.enumerate() if t not in _before_run["threads"]]
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    children = _children_now() - _before_run["children"]
    while children and time.monotonic() < deadline:
        time.sleep(0.1)  # waits for them to end; the deadline only bounds a hang
        children = {pid for pid in children if running(pid)}
    left = [(t, f"thread {t.name!r}") for t in threads if t.is_alive()]
    left += [(pid, f"process {pid} ({_describe(pid)})") for pid in sorted(children)]
    if left:
        lines = [f"{what}, started by {_started_by.get(key, 'a test')}" for key, what in left]
        pytest.fail("left behind after the last test:\n" + "\n".join(lines), pytrace=False)


def pytest_sessionfinish(session):
    """The run's garbage collected now, and what survives frozen (left out of every later
    collection). pytest collects once more at unconfigure, after an xdist worker has said it
    is done: over a large heap on a busy machine that took more than the 5 s execnet gives a
    worker to end before it sends it a SIGINT (the end-of-run ``KeyboardInterrupt`` warning).
    Done here, before the worker says it is done, the collection has no such deadline."""
    gc.collect()
    gc.freeze()


def pytest_configure(config):
    """Ctrl-C heard again when the run was started in the background (``cmd &`` in a script
    ignores SIGINT in what it starts, and an ignored signal stays ignored across exec): the
    tests that interrupt a build or a simulation they start would see it finish instead."""
    in_main = threading.current_thread() is threading.main_thread()
    if in_main and signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
