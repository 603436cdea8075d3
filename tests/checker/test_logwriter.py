"""checker/core/logwriter.py: the saved log's header comment holds whatever a file name holds."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from portolan.checker.core.logwriter import comment, log_text
from portolan.checker.core.registry import rules_for
from portolan.cli import app
from portolan.model import load_game
from portolan.paths import components_dir
from portolan.yamlsrc import parse_yaml

GAME = "exploration-age-of-sail"
MODEL = load_game(components_dir(), GAME)


@pytest.mark.parametrize(
    "name",
    [
        "a\nturns: [{player: Ana, draw: Galleons}]\nb.yaml",
        "a\rplayers: [X]\r.yaml",
        "line\u2028separator\u2029.yaml",
        "next\x85line.yaml",
        "bell\x07\x1b[31mred.yaml",
        "bom\ufeff.yaml",
        "undecodable-\udcff.yaml",
    ],
)
def test_a_header_quoting_any_file_name_stays_one_comment(name):
    header = f"# Portolan play log. Resume with: portolan play {GAME} --log {name}\n"
    text = log_text(rules_for(GAME), MODEL, ["Ana", "Ben"], {}, [], header)
    first, rest = text.split("\n", 1)
    assert first.startswith("# Portolan play log.")
    assert rest.startswith("game: ")
    text.encode("utf-8")  # writable as UTF-8
    assert parse_yaml(text, "log.yaml") == {"game": GAME, "players": ["Ana", "Ben"], "turns": []}


def test_comment_keeps_ordinary_text_and_marks_it():
    assert comment("# Resume with: portolan play x --log Partie d'été.yaml\n") == (
        "# Resume with: portolan play x --log Partie d'été.yaml\n"
    )
    assert comment("no hash") == "# no hash\n"
    assert comment("# a\nb") == "# a\\nb\n"


def test_play_with_a_newline_in_the_log_name_saves_a_readable_log(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = "game\nturns: [{player: Ana}]\n.yaml"
    result = CliRunner().invoke(
        app, ["play", GAME, "--players", "Ana,Ben", "--log", name], input="q\n"
    )
    assert result.exit_code == 0, result.output
    saved = (tmp_path / name).read_text("utf-8")
    assert saved.splitlines()[0].startswith("# Portolan play log")
    assert "\nturns: [{player: Ana}]" not in saved
    check = CliRunner().invoke(app, ["check", str(tmp_path / name)])
    assert check.exit_code == 0, check.output
