"""The guards every test runs under (tests/guards.py) fail what they should: a thread or a child
process a test leaves running, and a test past the memory bound. Each case runs in a pytest of
its own (pytester), with only the guards loaded."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LEAVES = """
import subprocess, sys, threading

def test_leaves_a_thread():
    threading.Thread(target=threading.Event().wait, name="forgotten", daemon=True).start()

def test_leaves_a_process():
    # it ends when its stdin closes, with the pytest that started it
    subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                     stdin=subprocess.PIPE)

def test_ends_what_it_starts():
    thread = threading.Thread(target=lambda: None)
    thread.start()
    thread.join()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
"""

GROWS = """
def test_takes_too_much():
    block = bytearray(300 * 1024 * 1024)
    block[::4096] = b"x" * len(block[::4096])  # touched: resident

def test_takes_little():
    assert bytearray(1024)
"""


def _run(pytester, monkeypatch, source: str, **env: str):
    pytester.makepyfile(source)
    for name, value in {"PYTHONPATH": str(ROOT), **env}.items():
        monkeypatch.setenv(name, value)
    return pytester.runpytest_subprocess("-p", "tests.guards", "-p", "no:cacheprovider")


def test_a_thread_or_process_left_running_fails_the_run_and_names_its_test(pytester, monkeypatch):
    result = _run(pytester, monkeypatch, LEAVES, PORTOLAN_LEFT_BEHIND_WAIT="1")
    result.assert_outcomes(passed=3, errors=1)  # the last test's teardown
    out = result.stdout.str()
    assert "left behind after the last test" in out
    assert "thread 'forgotten', started by test_" in out and "::test_leaves_a_thread" in out
    assert "::test_leaves_a_process" in out and "import sys; sys.stdin.read()" in out
    # distinct lines: on CI (env CI set) pytest's short summary repeats the whole message
    blamed = {line for line in out.splitlines() if ", started by " in line}
    assert len(blamed) == 2 and not [b for b in blamed if b.endswith("test_ends_what_it_starts")]


def test_a_test_past_the_memory_bound_fails(pytester, monkeypatch):
    """Measured after this process has itself held more than the inner test takes: a process
    started from it inherits its peak (ru_maxrss survives exec), which must not hide a test's
    growth (a full run of the suite ran this test in a 400 MB worker)."""
    held = bytearray(400 * 1024 * 1024)
    held[::4096] = b"x" * len(held[::4096])
    del held
    result = _run(pytester, monkeypatch, GROWS, PORTOLAN_TEST_MEMORY_MB="200")
    result.assert_outcomes(passed=1, failed=1)
    out = result.stdout.str()
    assert "test_takes_too_much" in out and "past the bound of 200 MB" in out
