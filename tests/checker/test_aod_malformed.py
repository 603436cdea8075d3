"""Age of Discovery logs and positions that cannot be read: exit code 2, file:line:column, a
did-you-mean hint, no traceback."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.helpers import AOD_SETUP, marked_line

HEAD = AOD_SETUP.format(options="")


def log_with(old: str, new: str) -> str:
    assert old in HEAD
    return HEAD.replace(old, new)


CASES = {
    "an unknown ship": (
        HEAD + "  - {player: Ana, buy: [Blue Shp 2: White Ship 1]}  # here\n",
        "'Blue Shp 2' is not a ship card (did you mean 'Blue Ship 2'?)",
    ),
    "an unknown expedition": (
        HEAD + "  - {player: Ana, send: [Blue Ship 2: Colombus]}  # here\n",
        "'Colombus' is not an expedition",
    ),
    "an unknown contract": (
        HEAD + "  - {player: Ana, contract: {draw: Red Contract 9}}  # here\n",
        "'Red Contract 9' is not a trade contract (did you mean 'Red Contract 6'?)",
    ),
    "an unknown colour": (
        HEAD + "  - player: Ana\n    send:\n"
        "      - {Santa María: Columbus, transport: 2, colour: rad}  # here\n",
        "'rad' is not a colour (did you mean 'red'?)",
    ),
    "an unknown mission": (
        log_with("mission: All Ships}", "mission: All Shps}  # here"),
        "'All Shps' is not a special mission (did you mean 'All Ships'?)",
    ),
    "a ship named as a flagship": (
        log_with("flagship: Golden Hind,", "flagship: Blue Ship 2,  # here"),
        "'Blue Ship 2' is not a flagship",
    ),
    "an unknown action": (
        HEAD + "  - {player: Ana, bye: [Blue Ship 2: White Ship 1]}  # here\n",
        "unknown key 'bye' (did you mean 'buy'?)",
    ),
    "an unknown setup key": (
        log_with("  filling row:", "  filing row:  # here\n   "),
        "unknown key 'filing row' (did you mean 'filling row'?)",
    ),
    "an unknown top-level key": (
        HEAD.replace("setup:", "set-up:  # here"),
        "unknown key 'set-up' (did you mean 'setup'?)",
    ),
    "a duration that is not a number": (
        HEAD + "  - player: Ana\n    send:\n"
        "      - {contract: Yellow Contract 5, ships: [Santa María], duration: two}  # here\n",
        "expected a whole number, found 'two'",
    ),
    "a purchase written as a list": (
        HEAD + "  - player: Ana\n    buy:\n      - [Blue Ship 2, White Ship 1]  # here\n",
        "write each purchase as 'Ship: New card' (the card turned over in its place)",
    ),
    "a player not in the game": (
        HEAD + "  - {player: Cai, coins: take}  # here\n",
        "'Cai' is not a player in this game",
    ),
    "five players": (
        HEAD.replace("players: [Ana, Ben]", "players: [Ana, Ben, Cai, Dora, Eli]  # here"),
        "5 players: Age of Discovery is for 2 to 4",
    ),
    "an unknown option": (
        HEAD.replace("setup:", "options: {flagship_colors: any}  # here\nsetup:"),
        "unknown rule option 'flagship_colors' (did you mean 'flagship_colours'?)",
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


def test_an_illegal_log_exits_1_with_json(tmp_path):
    path = tmp_path / "log.yaml"
    path.write_text(HEAD + "  - {player: Ben, coins: take}\n", encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(path), "--json"])
    assert out.exit_code == 1
    data = json.loads(out.output)
    assert data["ok"] is False and data["scores"] == []
    assert data["violation"]["rule"] == "[Age of Discovery §4.0]"
    assert data["violation"]["message"] == "it is Ana's turn, not Ben's"


def test_simulate_and_a_log_cut_short(tmp_path):
    out = CliRunner().invoke(
        app,
        [
            "simulate",
            "age-of-discovery",
            "--games",
            "3",
            "--players",
            "3",
            "--log-dir",
            str(tmp_path),
        ],
    )
    assert out.exit_code == 0, out.output
    assert "3 games of 3 players" in out.output
    logs = sorted(tmp_path.glob("*.yaml"))
    assert len(logs) == 3
    text = logs[0].read_text(encoding="utf-8")
    half = text[: text.index("  - player:", len(text) // 2)]
    (tmp_path / "half.yaml").write_text(half, encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(tmp_path / "half.yaml")])
    assert out.exit_code == 0, out.output
    assert "the game is not over yet (scores so far)" in out.output
