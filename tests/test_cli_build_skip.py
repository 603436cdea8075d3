"""portolan build skips a game whose inputs, options and program have not changed since it was
built into the same folder; --force builds it anyway (issue 16)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.generator.fingerprint import STAMP
from tests.conftest import FIXTURE_GAME

runner = CliRunner()


@pytest.fixture
def work(fixture_copy, tmp_path) -> tuple[Path, Path]:
    return fixture_copy, tmp_path / "out"


def build(work, *args: str):
    game_dir, out = work
    result = runner.invoke(
        app, ["build", "--components", str(game_dir.parent), "--out", str(out), *args]
    )
    assert result.exit_code == 0, result.output
    return result


def stamps(out: Path) -> dict[Path, int]:
    """When each file was last written (ns)."""
    return {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}


def age(out: Path) -> None:
    """Make every file look written a minute ago, so a rewrite shows in its time."""
    for p in out.rglob("*"):
        os.utime(p, ns=(p.stat().st_atime_ns - 60 * 10**9, p.stat().st_mtime_ns - 60 * 10**9))


def test_second_build_skips_and_says_so(work):
    first = build(work)
    out = work[1]
    assert "up to date" not in first.stdout
    record = json.loads((out / FIXTURE_GAME / STAMP).read_text("utf-8"))
    assert "conquerors.pdf" in record["files"]
    age(out)
    before = stamps(out)
    again = build(work)
    assert f"{FIXTURE_GAME}: up to date, {len(record['files'])} files" in again.stdout
    assert stamps(out) == before  # nothing written


def test_force_builds_again(work):
    build(work)
    age(work[1])
    before = stamps(work[1])
    result = build(work, "--force")
    assert "up to date" not in result.stdout
    after = stamps(work[1])
    assert after.keys() == before.keys()
    assert all(after[p] > before[p] for p in before)


@pytest.mark.parametrize(
    "change",
    [
        lambda game_dir, out: (game_dir / "conquerors.yaml").write_text(
            (game_dir / "conquerors.yaml").read_text("utf-8").replace("Cortés", "Cortez"), "utf-8"
        ),
        lambda game_dir, out: (out / FIXTURE_GAME / "coins.pdf").unlink(),
        lambda game_dir, out: (out / FIXTURE_GAME / "conquerors.pdf").write_bytes(b"%PDF-"),
        lambda game_dir, out: (out / FIXTURE_GAME / STAMP).write_text("{not json", "utf-8"),
    ],
    ids=["input edited", "output deleted", "output truncated", "stamp damaged"],
)
def test_a_change_rebuilds(work, change):
    build(work)
    change(*work)
    result = build(work)
    assert "up to date" not in result.stdout
    assert f"{FIXTURE_GAME}: " in result.stdout
    assert (work[1] / FIXTURE_GAME / "coins.pdf").stat().st_size > 1000
    assert "up to date" in build(work).stdout  # and then it is


def test_other_options_rebuild(work):
    build(work)
    result = build(work, "--page", "letter")
    assert "up to date" not in result.stdout
    assert "up to date" not in build(work).stdout  # back to A4: built again too
    assert "up to date" in build(work).stdout


def test_jobs_does_not_change_what_is_up_to_date(work):
    build(work, "--jobs", "2")
    assert "up to date" in build(work).stdout


def test_bad_jobs_value(work):
    game_dir, out = work
    result = runner.invoke(
        app, ["build", "--components", str(game_dir.parent), "--out", str(out), "--jobs", "-1"]
    )
    assert result.exit_code == 2
    assert "--jobs" in result.stderr
