"""Logs and end positions that cannot be read: exit 2 with file:line:column, the field and the
message a player reads to its end (the hint included); never a traceback."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.games import GAME_TESTS, cases
from tests.checker.helpers import marked_line


def assert_refused_at_the_marked_line(out, path, bad) -> None:
    """Exit 2, and a problem placed at the marked line whose message ends as the case says."""
    assert out.exit_code == 2, out.output
    assert "Traceback" not in out.output
    where = f"error: {path}:{marked_line(bad.text)}:"
    at_line = [line for line in out.output.splitlines() if line.startswith(where)]
    assert any(line.endswith(bad.message) for line in at_line), (bad.message, out.output)


@pytest.mark.parametrize(("game", "case"), cases("malformed_logs"))
def test_a_malformed_log_exits_2_with_position_and_hint(game, case, tmp_path):
    bad = GAME_TESTS[game].malformed_logs[case]
    path = tmp_path / "log.yaml"
    path.write_text(bad.text, encoding="utf-8")
    assert_refused_at_the_marked_line(CliRunner().invoke(app, ["check", str(path)]), path, bad)


@pytest.mark.parametrize(("game", "case"), cases("malformed_positions"))
def test_a_malformed_position_exits_2_with_position_and_hint(game, case, tmp_path):
    bad = GAME_TESTS[game].malformed_positions[case]
    path = tmp_path / "position.yaml"
    path.write_text(bad.text, encoding="utf-8")
    out = CliRunner().invoke(app, ["score", game, str(path)])
    assert_refused_at_the_marked_line(out, path, bad)


def test_a_missing_log_file(tmp_path):
    out = CliRunner().invoke(app, ["check", str(tmp_path / "nope.yaml")])
    assert out.exit_code == 2 and "file not found" in out.output
