"""Every game's example logs replay legally to the end, score as worked out by hand, and print
their golden score sheets and traces (`pytest --update-golden` rewrites those: read the diff)."""

from __future__ import annotations

import json

import pytest
import yaml
from typer.testing import CliRunner

from portolan.checker.core.registry import rules_for
from portolan.cli import app
from tests.checker.games import GAME_TESTS, cases
from tests.checker.helpers import ROOT, run_log

EXAMPLES = ROOT / "examples"


@pytest.mark.parametrize("game", list(GAME_TESTS))
def test_every_example_log_has_hand_worked_scores(game):
    logs = {p.stem for p in (EXAMPLES / game).glob("*.yaml")}
    assert logs and logs == set(GAME_TESTS[game].examples)


@pytest.mark.parametrize(("game", "name"), cases("examples"))
def test_an_example_replays_to_the_end_and_scores_as_worked_out_by_hand(game, name):
    expected = GAME_TESTS[game].examples[name]
    result = run_log((EXAMPLES / game / f"{name}.yaml").read_text(encoding="utf-8"))
    assert result.ok, result.violation
    rules = rules_for(game)
    assert rules.decision(result.state) is None, "the example game is not over"
    sheet = rules.score(result.state)
    assert {ln.player: ln.breakdown for ln in sheet.lines} == expected.breakdown
    assert {ln.player: ln.total for ln in sheet.lines} == expected.totals
    assert sheet.winners == expected.winners


@pytest.mark.parametrize(("game", "name"), cases("examples"))
def test_check_json_output(game, name):
    expected = GAME_TESTS[game].examples[name]
    out = CliRunner().invoke(app, ["check", str(EXAMPLES / game / f"{name}.yaml"), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["ok"] is True and data["violation"] is None and data["finished"] is True
    assert data["game"] == game
    assert {s["player"]: s["breakdown"] for s in data["scores"]} == expected.breakdown
    assert {s["player"]: s["total"] for s in data["scores"]} == expected.totals
    assert data["winners"] == expected.winners


@pytest.mark.parametrize("kind", ["score", "trace"])
@pytest.mark.parametrize(("game", "name"), cases("examples"))
def test_golden_score_sheet_and_trace(game, name, kind, request):
    folder = EXAMPLES / game
    args = ["check", str(folder / f"{name}.yaml")] + (["--trace"] if kind == "trace" else [])
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    text = out.output.replace(str(folder), f"examples/{game}")
    golden = folder / f"{name}.{kind}.txt"
    if request.config.getoption("--update-golden"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", list(GAME_TESTS))
def test_an_example_cut_short_is_legal_but_not_over(game, tmp_path):
    first = sorted((EXAMPLES / game).glob("*.yaml"))[0]
    log = yaml.safe_load(first.read_text(encoding="utf-8"))
    log["turns"] = log["turns"][:3]
    path = tmp_path / "log.yaml"
    path.write_text(yaml.safe_dump(log, allow_unicode=True, sort_keys=False), encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(path), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["finished"] is False
    assert data["winners"] == [] and len(data["scores"]) == len(log["players"])  # scores so far
    out = CliRunner().invoke(app, ["check", str(path)])
    assert "the game is not over yet" in out.output
    assert "Winner" not in out.output and "Tied for the win" not in out.output
    assert "No winner yet: the game is not over" in out.output
