"""The example games replay legally to the end and score as computed by hand."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from checker.core.registry import rules_for
from portolan.cli import app
from tests.checker.helpers import EXAMPLES, run_log

# Worked out by hand from each log's victory piles (the `claims` lines of --trace):
# two-players: Ana claimed Australia (Pacific 4) with Hernando de Soto, a Conqueror (+1);
#   Ben claimed South America 3, North America 3, Canada 3 (Western) and Indonesia 3,
#   East Africa 2 (Eastern). Ben has the most discoveries (5 to 1), the most Western (3 to 0)
#   and the most Eastern (2 to 0); Ana the most Pacific (1 to 0).
#   Ana 4 + 1 + 5 = 10; Ben 14 + 5 + 5 + 5 = 29.
# three-players: Ana claimed Australia 4 (de Soto, Conqueror +1), Canada 3, Caribbean 2, India 3;
#   Ben claimed North America 3; Cai nothing. Ana leads all four counts.
#   Ana 12 + 1 + 20 = 33; Ben 3; Cai 0.
EXPECTED = {
    "two-players": {
        "Ana": {
            "discoveries": 4,
            "conqueror": 1,
            "most_discoveries": 0,
            "most_western": 0,
            "most_eastern": 0,
            "most_pacific": 5,
        },
        "Ben": {
            "discoveries": 14,
            "conqueror": 0,
            "most_discoveries": 5,
            "most_western": 5,
            "most_eastern": 5,
            "most_pacific": 0,
        },
    },
    "three-players": {
        "Ana": {
            "discoveries": 12,
            "conqueror": 1,
            "most_discoveries": 5,
            "most_western": 5,
            "most_eastern": 5,
            "most_pacific": 5,
        },
        "Ben": {
            "discoveries": 3,
            "conqueror": 0,
            "most_discoveries": 0,
            "most_western": 0,
            "most_eastern": 0,
            "most_pacific": 0,
        },
        "Cai": dict.fromkeys(
            (
                "discoveries",
                "conqueror",
                "most_discoveries",
                "most_western",
                "most_eastern",
                "most_pacific",
            ),
            0,
        ),
    },
}
TOTALS = {"two-players": {"Ana": 10, "Ben": 29}, "three-players": {"Ana": 33, "Ben": 3, "Cai": 0}}
WINNERS = {"two-players": ["Ben"], "three-players": ["Ana"]}


@pytest.mark.parametrize("name", list(EXPECTED))
def test_example_replays_to_the_end_and_scores_as_computed_by_hand(name):
    result = run_log((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))
    assert result.ok
    assert result.state.over
    sheet = rules_for("exploration-age-of-sail").score(result.state)
    assert {ln.player: ln.breakdown for ln in sheet.lines} == EXPECTED[name]
    assert {ln.player: ln.total for ln in sheet.lines} == TOTALS[name]
    assert sheet.winners == WINNERS[name]


@pytest.mark.parametrize("name", list(EXPECTED))
def test_check_json_output(name):
    out = CliRunner().invoke(app, ["check", str(EXAMPLES / f"{name}.yaml"), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["ok"] is True and data["violation"] is None
    assert data["game"] == "exploration-age-of-sail"
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
    text = out.output.replace(str(EXAMPLES), "examples/exploration-age-of-sail")
    golden = EXAMPLES / f"{name}.{kind}.txt"
    if request.config.getoption("--update-golden"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")
