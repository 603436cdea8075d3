"""End positions (checker/core/position.py): a report lists at most ``logs.problems_listed``
problems, and the reader stops there (a million wrong cubes once took 68 s and 1 GB)."""

from __future__ import annotations

from typer.testing import CliRunner

from portolan.cli import app
from portolan.limits import problems_listed


def test_a_report_lists_so_many_problems_then_stops(tmp_path):
    most = problems_listed()
    cubes = ", ".join(["Nowhere Spice"] * (most * 3))
    path = tmp_path / "end.yaml"
    path.write_text(
        "game: ships\narea: 5\nplayers:\n"
        f"  Ana: {{vp: 1, gold: 1, goods: [Metal], cubes: [{cubes}]}}\n"
        "  Ben: {vp: 1, gold: 0}\n",
        "utf-8",
    )
    out = CliRunner().invoke(app, ["score", "ships", str(path)])
    assert out.exit_code == 2, out.output
    lines = [line for line in out.output.splitlines() if line.startswith("error:")]
    assert len(lines) == most + 1
    assert f"{most} problems found; the rest of the file was not read" in lines[-1]
