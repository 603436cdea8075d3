"""Logs and end positions that cannot be read: exit 2 with file:line, the field and a hint;
never a traceback."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.games import GAME_TESTS, cases
from tests.checker.helpers import marked_line


@pytest.mark.parametrize(("game", "case"), cases("malformed_logs"))
def test_a_malformed_log_exits_2_with_position_and_hint(game, case, tmp_path):
    bad = GAME_TESTS[game].malformed_logs[case]
    path = tmp_path / "log.yaml"
    path.write_text(bad.text, encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 2, out.output
    assert "Traceback" not in out.output
    assert f"log.yaml:{marked_line(bad.text)}:" in out.output
    assert bad.message in out.output


@pytest.mark.parametrize(("game", "case"), cases("malformed_positions"))
def test_a_malformed_position_exits_2_with_position_and_hint(game, case, tmp_path):
    bad = GAME_TESTS[game].malformed_positions[case]
    path = tmp_path / "position.yaml"
    path.write_text(bad.text, encoding="utf-8")
    out = CliRunner().invoke(app, ["score", game, str(path)])
    assert out.exit_code == 2, out.output
    assert "Traceback" not in out.output
    assert f"position.yaml:{marked_line(bad.text)}:" in out.output
    assert bad.message in out.output


def test_a_missing_log_file(tmp_path):
    out = CliRunner().invoke(app, ["check", str(tmp_path / "nope.yaml")])
    assert out.exit_code == 2 and "file not found" in out.output
