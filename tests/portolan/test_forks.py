"""A forked child ends with the process that forked it (portolan/forks.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from tests.processes import running

# A parent that forks a child (which sleeps), prints the child's pid and kills itself outright
# once the child says it is bound to its parent (a pipe, not a pause: under load the child may
# take any time to get there).
SCRIPT = """
import os, signal, sys, time
from portolan.forks import die_with_parent
parent = os.getpid()
bound, says_bound = os.pipe()
pid = os.fork()
if pid == 0:
    die_with_parent(parent)
    os.write(says_bound, b"1")
    time.sleep(600)
    os._exit(0)
print(pid, flush=True)
os.read(bound, 1)
os.kill(parent, signal.SIGKILL)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_a_child_ends_when_its_parent_is_killed():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300
    )
    child = int(done.stdout.split()[0])
    deadline = time.monotonic() + 300  # far less than the child's sleep, far more than a kill
    while running(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not running(child)


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
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.stdout.strip() == "7", done.stderr


_STARTED = []  # the queue the workers say they started on (inherited: a fork's, not pickled)


def _busy() -> None:
    _STARTED[0].put(os.getpid())
    time.sleep(600)


def test_stop_now_ends_the_workers_and_the_pool_s_thread_before_it_returns():
    """Nothing of the pool is left for the interpreter's exit: a manager thread still winding
    up raced the exit hook on its wake-up pipe and printed a traceback after a Ctrl-C."""
    import multiprocessing
    import threading
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import _ExecutorManagerThread

    from portolan.forks import stop_now

    context = multiprocessing.get_context("fork")
    started = context.Queue()
    _STARTED[:] = [started]
    pool = ProcessPoolExecutor(2, mp_context=context)
    futures = [pool.submit(_busy) for _ in range(4)]
    workers = {started.get(timeout=300), started.get(timeout=300)}  # both at work
    stop_now(pool)
    assert not [t for t in threading.enumerate() if isinstance(t, _ExecutorManagerThread)]
    assert not [pid for pid in workers if running(pid)]
    assert all(f.done() for f in futures)
    started.close()
    started.join_thread()
