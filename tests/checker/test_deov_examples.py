"""The Discovery: The Era of Voyage example games replay legally to the end and score as
worked out by hand (the computation is written at the top of each example log)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from checker.core.registry import rules_for
from portolan.cli import app
from tests.checker.helpers import ROOT, run_log

EXAMPLES = ROOT / "examples" / "discovery-era-of-voyage"
RULES = rules_for("discovery-era-of-voyage")

# From each log's header (majorities island by island, then the VP tokens exchanged for):
# two-players: Ben 4+1+1+5+3+3 = 17 and 2 VP; Ana 2+3+1+4 = 10 and 2+2+1 = 5 VP.
# three-players: Ana 1+2+1+3 = 7, Ben 1, Cai 5+1 = 6; VP tokens 5 each.
# four-players: Ana 2+2+1 = 5, Ben 2, Cai 5+4+1 = 10, Dora 2; VP tokens 8, 6, 3, 8.
EXPECTED = {
    "two-players": {
        "Ana": {"island_majorities": 10, "vp_tokens": 5},
        "Ben": {"island_majorities": 17, "vp_tokens": 2},
    },
    "three-players": {
        "Ana": {"island_majorities": 7, "vp_tokens": 5},
        "Ben": {"island_majorities": 1, "vp_tokens": 5},
        "Cai": {"island_majorities": 6, "vp_tokens": 5},
    },
    "four-players": {
        "Ana": {"island_majorities": 5, "vp_tokens": 8},
        "Ben": {"island_majorities": 2, "vp_tokens": 6},
        "Cai": {"island_majorities": 10, "vp_tokens": 3},
        "Dora": {"island_majorities": 2, "vp_tokens": 8},
    },
}
TOTALS = {
    "two-players": {"Ana": 15, "Ben": 19},
    "three-players": {"Ana": 12, "Ben": 6, "Cai": 11},
    "four-players": {"Ana": 13, "Ben": 8, "Cai": 13, "Dora": 10},
}
RANKS = {
    "two-players": {"Ana": 2, "Ben": 1},
    "three-players": {"Ana": 1, "Ben": 3, "Cai": 2},
    # Ana and Cai tie on 13, on markers used (3) and islands (3); Cai has 4 resources, Ana 0.
    "four-players": {"Ana": 2, "Ben": 4, "Cai": 1, "Dora": 3},
}
WINNERS = {"two-players": ["Ben"], "three-players": ["Ana"], "four-players": ["Cai"]}
TIEBREAKS = {  # markers used, islands with markers, resources left, place in turn order
    "four-players": {
        "Ana": (3, 3, 0, 2),
        "Ben": (1, 1, 0, 3),
        "Cai": (3, 3, 4, 4),
        "Dora": (1, 1, 0, 1),
    }
}
ENDS = {
    "two-players": "Ben has no investment markers left",
    "three-players": "no VP left on the Cultural island",
    "four-players": "no VP left on the Cultural island",
}


def replayed(name):
    result = run_log((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))
    assert result.ok, result.violation
    return result


@pytest.mark.parametrize("name", list(EXPECTED))
def test_example_replays_to_the_end_and_scores_as_computed_by_hand(name):
    result = replayed(name)
    assert result.state.over
    assert result.state.end_reason == ENDS[name]
    sheet = RULES.score(result.state)
    assert {ln.player: ln.breakdown for ln in sheet.lines} == EXPECTED[name]
    assert {ln.player: ln.total for ln in sheet.lines} == TOTALS[name]
    assert {ln.player: ln.rank for ln in sheet.lines} == RANKS[name]
    assert sheet.winners == WINNERS[name]
    if name in TIEBREAKS:
        assert {ln.player: ln.tiebreak for ln in sheet.lines} == TIEBREAKS[name]


def test_the_examples_cover_pirates_and_the_optional_setup_rules():
    two = replayed("two-players").state
    assert two.pirated and two.pirates_placed == 2
    four = replayed("four-players").state
    assert (four.by_seat, four.markers_each, four.first) == (True, 6, "Dora")
    assert len(four.players) == 4


@pytest.mark.parametrize("name", list(EXPECTED))
def test_check_json_output(name):
    out = CliRunner().invoke(app, ["check", str(EXAMPLES / f"{name}.yaml"), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["ok"] is True and data["finished"] is True and data["violation"] is None
    assert data["game"] == "discovery-era-of-voyage"
    assert {s["player"]: s["total"] for s in data["scores"]} == TOTALS[name]
    assert {s["player"]: s["breakdown"] for s in data["scores"]} == EXPECTED[name]
    assert data["winners"] == WINNERS[name]
    assert all(s["total"] == sum(s["breakdown"].values()) for s in data["scores"])


@pytest.mark.parametrize("name", list(EXPECTED))
@pytest.mark.parametrize("kind", ["score", "trace"])
def test_golden_score_sheet_and_trace(name, kind, request):
    args = ["check", str(EXAMPLES / f"{name}.yaml")] + (["--trace"] if kind == "trace" else [])
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    text = out.output.replace(str(EXAMPLES), "examples/discovery-era-of-voyage")
    golden = EXAMPLES / f"{name}.{kind}.txt"
    if request.config.getoption("--update-golden"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")
