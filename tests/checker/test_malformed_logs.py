"""Logs that cannot be read: exit code 2, file:line:column, the field and a hint; no traceback."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.helpers import marked_line

HEAD = "game: exploration-age-of-sail\nplayers: [Ana, Ben]\nturns:\n"

CASES = {
    "not YAML": (
        "game: exploration-age-of-sail\nplayers: [Ana, Ben\nturns: []  # here\n",
        "YAML syntax error",
    ),
    "unknown top-level key": (
        HEAD.replace("turns:", "turn:  # here"),
        "unknown key 'turn' (did you mean 'turns'?)",
    ),
    "unknown turn key": (
        HEAD + "  - {player: Ana, drew: Galleons}  # here\n",
        "unknown key 'drew' (did you mean 'draw'?)",
    ),
    "unknown card": (
        HEAD + "  - {player: Ana, draw: Galeons}  # here\n",
        "'Galeons' is not a card of the Expedition deck (did you mean 'Galleons'?)",
    ),
    "a card of the other deck": (
        HEAD + "  - {player: Ana, draw: Magellan, expedition: [Magellan, Galleons, Sailors],\n"
        "     explore: [Magellan: Galleons]}  # here\n",
        "'Galleons' is not a card of the Exploration deck",
    ),
    "unknown explorer": (
        HEAD + "  - player: Ana\n    explore: [Magelan: Ocean]  # here\n",
        "'Magelan' is not an explorer (did you mean 'Magellan'?)",
    ),
    "a turn for a player not in the game": (
        HEAD + "  - {player: Cai, draw: Galleons}  # here\n",
        "'Cai' is not a player in this game",
    ),
    "unknown game": (
        "game: exploration-age-of-sale  # here\nplayers: [Ana, Ben]\n",
        "no checker for game 'exploration-age-of-sale' (did you mean 'exploration-age-of-sail'?)",
    ),
    "unknown option": (
        HEAD.replace("turns:", "options: {bonus_tie: none}  # here\nturns:"),
        "unknown rule option 'bonus_tie' (did you mean 'bonus_ties'?)",
    ),
    "bad option value": (
        HEAD.replace("turns:", "options: {bonus_ties: split}  # here\nturns:"),
        "'split' is not a choice of option 'bonus_ties'",
    ),
    "a player listed twice": (
        "game: exploration-age-of-sail\nplayers: [Ana, ana]  # here\n",
        "'ana' is listed twice",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_malformed_log_exits_2_with_position_and_hint(case, tmp_path):
    text, message = CASES[case]
    path = tmp_path / "log.yaml"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 2, out.output
    assert "Traceback" not in out.output
    assert f"log.yaml:{marked_line(text)}:" in out.output
    assert message in out.output


def test_a_missing_log_file(tmp_path):
    out = CliRunner().invoke(app, ["check", str(tmp_path / "nope.yaml")])
    assert out.exit_code == 2 and "file not found" in out.output


def test_a_legal_log_that_stops_midgame_is_legal_but_unfinished(tmp_path):
    path = tmp_path / "log.yaml"
    path.write_text(HEAD + "  - {player: Ana, draw: Galleons}\n", encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 0
    assert "the game is not over yet" in out.output


def test_an_illegal_log_exits_1_with_json(tmp_path):
    import json

    path = tmp_path / "log.yaml"
    text = HEAD + "  - {player: Ben, draw: Galleons}  # here\n"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(path), "--json"])
    assert out.exit_code == 1
    data = json.loads(out.output)
    assert data["ok"] is False and data["scores"] == [] and data["winners"] == []
    assert data["violation"] == {
        "turn": 1,
        "player": "Ben",
        "phase": "Turn",
        "line": marked_line(text),
        "column": 14,
        "rule": "[Exploration in the Age of Sail — Turn Sequence]",
        "message": "it is Ana's turn, not Ben's",
    }
