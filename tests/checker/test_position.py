"""End positions (checker/core/position.py): a report lists at most ``logs.problems_listed``
problems, and the reader stops there (a million wrong cubes once took 68 s and 1 GB); what the
games' positions count with: the cards left for a deck written unknown, the cards held too
often."""

from __future__ import annotations

from typer.testing import CliRunner

from portolan.checker.core.position import left_in_box, too_many
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


def test_a_deck_written_unknown_holds_what_is_in_no_other_place():
    box = {"Carrack": 3, "Galleon": 2, "Cog": 1}
    held = [{"Carrack": 1}, ["Carrack", "Galleon", "Galleon"], {"Cog": 0}]
    assert left_in_box(box, held) == {"Carrack": 1, "Cog": 1}


def test_a_card_held_more_often_than_the_box_has_it_is_a_problem_where_it_lies():
    held = {"Carrack": 4, "Galleon": 2, "Raft": 9}  # a name not in the box is not counted
    found = too_many({"Carrack": 3, "Galleon": 2}, held, "cards in the piles", lambda n: (n,))
    assert found == [(("Carrack",), "4 Carrack cards in the piles: the game has 3")]
