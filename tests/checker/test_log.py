"""Reading a log (checker/core/log.py): a report lists at most ``logs.problems_listed`` problems,
and the reader stops there (a file of a million broken turns once took minutes and gigabytes)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.limits import problems_listed

HEADS = {
    # games whose parser reads its turns through the core's turn_entries
    "exploration-age-of-sail": "game: exploration-age-of-sail\nplayers: [Ana, Ben]\nturns:\n",
    # Age of Discovery reads its turns in a loop of its own
    "age-of-discovery": "game: age-of-discovery\nplayers: [Ana, Ben]\nturns:\n",
}


@pytest.mark.parametrize("game", sorted(HEADS))
def test_a_report_lists_so_many_problems_then_stops(tmp_path, game):
    most = problems_listed()
    path = tmp_path / "log.yaml"
    path.write_text(HEADS[game] + "  - not a turn\n" * (most * 3), "utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 2, out.output
    lines = [line for line in out.output.splitlines() if line.startswith("error:")]
    assert len(lines) == most + 1
    assert f"{most} problems found; the rest of the file was not read" in lines[-1]
    assert "limit logs.problems_listed" in lines[-1]


def test_fewer_problems_are_all_listed(tmp_path):
    path = tmp_path / "log.yaml"
    path.write_text(HEADS["exploration-age-of-sail"] + "  - not a turn\n" * 5, "utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 2
    assert out.output.count("a turn is a mapping") == 5
    assert "the rest of the file was not read" not in out.output
