"""The progress bars of ``build`` and ``simulate`` are drawn on standard error when it is a
terminal, never on standard output: ``portolan simulate GAME --json > out.json`` shows the bar
on the terminal and leaves the file exactly the JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.conftest import FIXTURE_COMPONENTS

ROOT = Path(__file__).resolve().parents[2]

pty = pytest.importorskip("pty")  # POSIX only, as Portolan's supported systems are


def run_with_terminal_stderr(*args: str, cwd: Path) -> tuple[int, str, str]:
    """(exit code, stdout through a pipe, what was drawn on the terminal that is stderr)."""
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "100"}
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "portolan", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=slave,
        stdin=subprocess.DEVNULL,
        env={**env, "PYTHONPATH": str(ROOT)},
    )
    os.close(slave)
    drawn = bytearray()

    def read() -> None:
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal's other end is closed
                return
            if not chunk:
                return
            drawn.extend(chunk)

    reader = threading.Thread(target=read)
    reader.start()
    stdout, _ = proc.communicate(timeout=120)
    reader.join(timeout=300)  # it ends when the terminal closes
    os.close(master)
    return proc.returncode, stdout.decode(), drawn.decode(errors="replace")


def test_simulate_draws_its_bar_on_the_terminal_and_keeps_stdout_json(tmp_path):
    code, stdout, terminal = run_with_terminal_stderr(
        "simulate", "exploration-age-of-sail", "--games", "50", "--json", cwd=tmp_path
    )
    assert code == 0, terminal
    assert stdout.startswith("{") and json.loads(stdout)["ok"] is True
    assert "simulating" in terminal and "\x1b[" not in stdout


def test_build_draws_its_bar_on_the_terminal_only(tmp_path):
    code, stdout, terminal = run_with_terminal_stderr(
        "build", "--components", str(FIXTURE_COMPONENTS), "--out", "out", cwd=tmp_path
    )
    assert code == 0, terminal
    assert "fixture-game" in terminal  # the bar names what it builds
    assert stdout.startswith("fixture-game: ") and "\x1b[" not in stdout


def test_off_a_terminal_nothing_is_drawn_and_rich_is_not_imported(tmp_path):
    probe = (
        "import sys\n"
        "from portolan.cli import main\n"
        f"sys.argv = ['portolan', 'build', '--components', {str(FIXTURE_COMPONENTS)!r},"
        " '--out', 'out']\n"
        "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\n"
        "print('RICH' if 'rich.progress' in sys.modules else 'PLAIN', code)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert proc.stdout.splitlines()[-1] == "PLAIN 0", proc.stdout + proc.stderr
    assert "\x1b[" not in proc.stdout + proc.stderr


def test_the_bar_runs_no_thread_of_its_own(monkeypatch):
    """A build forks its workers while the bar is drawn, and a process with another thread is
    not forked: the bar is drawn again at each update instead of by a timer thread."""
    import io

    from portolan.cli.progress import progress_bar

    terminal = io.StringIO()
    terminal.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setenv("TERM", "xterm")
    before = threading.active_count()
    with progress_bar(lambda rp: (rp.TextColumn("{task.description}"),)) as bar:
        task = bar.add_task("building", total=2)
        bar.update(task, description="drawing the board", advance=1)
        assert threading.active_count() == before
        assert "drawing the board" in terminal.getvalue()
