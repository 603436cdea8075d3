"""``check -`` and ``score -`` read standard input; ``score`` finds the game in the position;
each command says which one to use when given the other's file (portolan/cli/check.py)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.paths import ROOT

LOG = ROOT / "examples" / "ships" / "two-players.yaml"
POSITION = ROOT / "examples" / "positions" / "ships.yaml"
runner = CliRunner()


def _json(args: list[str], stdin: bytes | None = None) -> dict:
    result = runner.invoke(app, [*args, "--json"], input=stdin)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_check_reads_a_log_from_standard_input_as_from_its_file():
    piped = _json(["check", "-"], LOG.read_bytes())
    assert piped == _json(["check", str(LOG)])
    assert piped["ok"] and piped["finished"] and piped["turns"] == 40


def test_check_names_standard_input_in_its_messages():
    broken = LOG.read_text("utf-8").replace("player: Ana", "player: Anna", 1)
    result = runner.invoke(app, ["check", "-"], input=broken)
    assert result.exit_code == 2
    assert "<stdin>:" in result.stderr and "Anna" in result.stderr


def test_score_reads_standard_input_with_or_without_the_game():
    expected = _json(["score", "ships", str(POSITION)])
    assert _json(["score", "ships", "-"], POSITION.read_bytes()) == expected
    assert _json(["score", "-"], POSITION.read_bytes()) == expected
    assert _json(["score", str(POSITION)]) == expected


def test_score_without_the_game_needs_a_position_that_names_it(tmp_path):
    nameless = tmp_path / "end.yaml"
    nameless.write_text(POSITION.read_text("utf-8").replace("game: ships\n", ""), "utf-8")
    result = runner.invoke(app, ["score", str(nameless)])
    assert result.exit_code == 2
    assert "does not name its game" in result.stderr and "game: ships" in result.stderr
    assert runner.invoke(app, ["score", "ships", str(nameless)]).exit_code == 0


def test_score_takes_one_or_two_arguments():
    for args in ([], ["ships", str(POSITION), "extra"]):
        result = runner.invoke(app, ["score", *args])
        assert result.exit_code == 2
        assert "portolan score [GAME] POSITION" in result.stderr


@pytest.mark.parametrize(
    ("command", "given", "said", "other"),
    [
        ("check", POSITION, "an end position, not a turn log", "score"),
        ("score", LOG, "a turn log, not an end position", "check"),
    ],
)
def test_a_file_of_the_other_kind_names_the_other_command(command, given, said, other):
    result = runner.invoke(app, [command, str(given)])
    assert result.exit_code == 2
    assert said in result.stderr and f"portolan {other} {given}" in result.stderr
    piped = runner.invoke(app, [command, "-"], input=given.read_bytes())
    assert piped.exit_code == 2 and f"portolan {other} -" in piped.stderr
