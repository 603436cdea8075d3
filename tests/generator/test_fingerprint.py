"""The skip-unchanged hash reads a stranger's component folder safely: only regular files inside
the folder, a chunk at a time, within ``components.folder_bytes``; anything else is refused
with exit 2 and its path (issue 33, point 1)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.errors import InputError
from portolan.generator.fingerprint import fingerprint
from portolan.generator.options import BuildOptions
from portolan.limits import component_limits
from tests.conftest import FIXTURE_GAME

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def build(game_dir: Path, out: Path, *args: str):
    return runner.invoke(
        app, ["build", "--components", str(game_dir.parent), "--out", str(out), *args]
    )


def refused(game_dir: Path) -> str:
    with pytest.raises(InputError) as caught:
        fingerprint(game_dir, FIXTURE_GAME, BuildOptions())
    return str(caught.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(fixture_copy):
    os.mkfifo(fixture_copy / "notes.yaml")
    message = refused(fixture_copy)  # an open that blocked would hang the test here
    assert "notes.yaml: not a regular file (a named pipe)" in message


def test_a_link_to_a_device_is_refused(fixture_copy):
    (fixture_copy / "zero.yaml").symlink_to("/dev/zero")
    assert "zero.yaml: a link to a file outside the game's folder" in refused(fixture_copy)


def test_a_link_out_of_the_folder_is_refused(fixture_copy, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("not the game's", "utf-8")
    (fixture_copy / "sub").mkdir()
    (fixture_copy / "sub" / "secret.yaml").symlink_to(secret)
    assert "secret.yaml: a link to a file outside the game's folder" in refused(fixture_copy)


def test_a_link_to_a_file_inside_the_folder_is_hashed(fixture_copy):
    (fixture_copy / "again.yaml").symlink_to(fixture_copy / "game.yaml")
    assert fingerprint(fixture_copy, FIXTURE_GAME, BuildOptions()) is not None


def test_a_sparse_file_past_the_bound_is_refused_unread(fixture_copy):
    with open(fixture_copy / "huge.bin", "wb") as f:
        f.truncate(8 * 2**30)  # 8 GiB, no block on the disk
    message = refused(fixture_copy)
    assert "huge.bin: the game's folder holds more than the limit of 64 MiB" in message
    assert "components.folder_bytes" in message


def test_files_together_past_the_bound_are_refused(fixture_copy, monkeypatch):
    monkeypatch.setattr(
        "portolan.generator.fingerprint.component_limits",
        lambda: component_limits()._replace(folder_bytes=40_000),
    )
    (fixture_copy / "a.bin").write_bytes(b"x" * 30_000)  # each fits alone, not both
    (fixture_copy / "b.bin").write_bytes(b"x" * 30_000)
    assert "the game's folder holds more than the limit" in refused(fixture_copy)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
@pytest.mark.parametrize("force", [(), ("--force",)], ids=["skip check", "--force"])
def test_build_refuses_the_folder_with_exit_2_and_writes_nothing(fixture_copy, tmp_path, force):
    os.mkfifo(fixture_copy / "pipe")
    out = tmp_path / "out"
    result = build(fixture_copy, out, *force)
    assert result.exit_code == 2, result.output
    assert "pipe: not a regular file (a named pipe)" in result.stderr
    assert not out.exists()


def test_a_file_is_hashed_a_chunk_at_a_time(fixture_copy, tmp_path):
    """A 48 MiB file (within the bound) costs far less memory than its size: a process limited
    to what Python and the program need, plus 32 MiB, hashes it."""
    with open(fixture_copy / "big.bin", "wb") as f:
        f.truncate(48 * 2**20)
    script = (
        "import resource, sys; from pathlib import Path;"
        "from portolan.generator.fingerprint import fingerprint; from portolan.generator.options "
        "import "
        "BuildOptions; fingerprint(Path(sys.argv[1]), 'x', BuildOptions());"  # warm up
        "soft, hard = resource.getrlimit(resource.RLIMIT_AS);"
        "used = int(open('/proc/self/statm').read().split()[0]) * resource.getpagesize();"
        "resource.setrlimit(resource.RLIMIT_AS, (used + 32 * 2**20, hard));"
        "print(fingerprint(Path(sys.argv[2]), 'x', BuildOptions()) is not None)"
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    if not Path("/proc/self/statm").exists() or not hasattr(resource, "RLIMIT_AS"):
        pytest.skip("no /proc to measure the process")
    done = subprocess.run(
        [sys.executable, "-c", script, str(empty), str(fixture_copy)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"
