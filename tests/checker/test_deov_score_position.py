"""`portolan score discovery-era-of-voyage`: a finished game scored from its end position."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.helpers import marked_line

POSITION = """\
game: discovery-era-of-voyage
players:                       # in turn order, the starting player first
  Ana: {vp: 5, resources: 2 Fruit + 1 Gold, coins: 4}
  Ben: {vp: 7, resources: 1}
  Cai: {vp: 3}
islands:
  Palm Grove: {Ana: 2, Ben: 1}
  Gold Reef: {Cai: 3}
  Orchard Isle: {Ana: 1, Ben: 1}
  Harbour Market: {Ben: 2, Cai: 1, Ana: 1}
"""


def rows(output: str) -> list[str]:
    return [" ".join(line.split()) for line in output.splitlines()]


def score(tmp_path, text, *extra):
    path = tmp_path / "position.yaml"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(app, ["score", "discovery-era-of-voyage", str(path), *extra])


def test_scores_majorities_with_their_ties_and_vp_tokens(tmp_path):
    out = score(tmp_path, POSITION, "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    by = {s["player"]: s for s in data["scores"]}
    # Palm Grove (3/1): Ana 3, Ben 1. Gold Reef (5/2): Cai 5. Orchard Isle (4/2): tied for
    # most, Ana 2 and Ben 2. Harbour Market (3/1): Ben 3; Cai and Ana tie for second: nobody.
    assert by["Ana"]["breakdown"] == {"island_majorities": 5, "vp_tokens": 5}
    assert by["Ben"]["breakdown"] == {"island_majorities": 6, "vp_tokens": 7}
    assert by["Cai"]["breakdown"] == {"island_majorities": 5, "vp_tokens": 3}
    assert [by[p]["total"] for p in ("Ana", "Ben", "Cai")] == [10, 13, 8]
    assert [by[p]["rank"] for p in ("Ana", "Ben", "Cai")] == [2, 1, 3]
    assert data["winners"] == ["Ben"]


def test_the_tie_breakers_from_a_position(tmp_path):
    text = POSITION.replace("Ben: {vp: 7", "Ben: {vp: 4")  # Ben 10, like Ana
    out = score(tmp_path, text)
    assert out.exit_code == 0, out.output
    # Ana and Ben: 10 each, 4 markers each on 3 islands; Ana has 3 resources, Ben 1
    assert "Markers used 4 4 4" in rows(out.output)
    assert "Islands with markers 3 3 2" in rows(out.output)
    assert "Resources left 3 1 0" in rows(out.output)
    assert "Winner: Ana" in out.output
    text = text.replace("resources: 2 Fruit + 1 Gold", "resources: 1")  # then turn order
    assert "Winner: Ben" in score(tmp_path, text).output


def test_markers_used_beyond_those_on_the_islands(tmp_path):
    text = POSITION.replace("Ben: {vp: 7", "Ben: {vp: 4") + "markers_used: {Ana: 5}\n"
    out = score(tmp_path, text)
    assert "Markers used 5 4 4" in rows(out.output)
    assert "Winner: Ana" in out.output


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("  Palm Grove:", "  Palm Grov:  # here\n  X:", "'Palm Grov' is not a surrounding island"),
        ("  Gold Reef:", "  Central Island:  # here\n  X:", "nobody invests on the Central Island"),
        ("{Cai: 3}", "{Cai: 3, Dora: 1}  # here", "'Dora' is not a player in this position"),
        ("Cai: {vp: 3}", "Cai: {vp: -1}  # here", "vp is a whole number, at least 0"),
        ("Cai: {vp: 3}", "Cai: {vp: 3, gold: 2}  # here", "unknown key 'gold'"),
        ("1 Gold, coins: 4}", "1 Silver}  # here", "'Silver' is not a resource"),
        ("{Ana: 2, Ben: 1}", "{Ana: two}  # here", "a number of markers is a whole number"),
    ],
)
def test_bad_positions_exit_2(tmp_path, old, new, message):
    text = POSITION.replace(old, new).replace("  X:", "  Pepper Coast:")
    out = score(tmp_path, text)
    assert out.exit_code == 2, out.output
    assert message in out.output
    assert f"position.yaml:{marked_line(text)}:" in out.output
