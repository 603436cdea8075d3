"""portolan examples writes the shipped example logs and positions (with their schemas), and the
help's examples work from an empty folder (portolan/cli/examples.py)."""

from __future__ import annotations

import shlex

import pytest
import typer.main
from typer.testing import CliRunner

from portolan.cli import app
from portolan.paths import ROOT, examples_dir

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def help_examples(*command: str) -> list[list[str]]:
    """The ``portolan ...`` lines of a help text, as argument lists (comments left out)."""
    group = typer.main.get_command(app)
    cmd = group.commands[command[0]] if command else group
    lines = [line.split("#")[0].strip() for line in (cmd.help or "").splitlines()]
    return [shlex.split(line)[1:] for line in lines if line.startswith("portolan ")]


def test_every_game_gets_its_logs_and_position_with_their_schemas(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("examples")
    assert result.exit_code == 0, result.output
    written = sorted(p.relative_to(tmp_path / "examples").as_posix() for p in tmp_path.rglob("*.*"))
    shipped = sorted(
        p.relative_to(ROOT / "examples").as_posix()
        for pattern in ("*/*.yaml", "*/*.schema.json")
        for p in (ROOT / "examples").glob(pattern)
    )
    assert written == shipped
    assert "positions/ships.schema.json" in written and "ships/log.schema.json" in written
    same = tmp_path / "examples" / "ships" / "two-players.yaml"
    assert same.read_bytes() == (examples_dir() / "ships" / "two-players.yaml").read_bytes()


def test_one_game_into_a_folder_of_choice(tmp_path):
    result = invoke("examples", "ships", "--out", str(tmp_path / "mine"))
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "mine").rglob("*.*"))
    assert names == [
        "four-players.yaml",
        "log.schema.json",
        "puzzle.yaml",
        "ships.schema.json",
        "ships.yaml",
        "three-players.yaml",
        "two-players.yaml",
    ]


def test_an_edited_file_is_not_replaced_without_force(tmp_path):
    out = tmp_path / "ex"
    assert invoke("examples", "ships", "--out", str(out)).exit_code == 0
    edited = out / "ships" / "two-players.yaml"
    edited.write_text("# mine\n", "utf-8")
    refused = invoke("examples", "ships", "--out", str(out))
    assert refused.exit_code == 2
    assert "two-players.yaml: exists with other content" in refused.stderr
    assert "--force" in refused.stderr
    assert edited.read_text("utf-8") == "# mine\n"
    assert invoke("examples", "ships", "--out", str(out), "--force").exit_code == 0
    assert edited.read_text("utf-8") != "# mine\n"


def test_an_unknown_game_gets_a_did_you_mean(tmp_path):
    result = invoke("examples", "shps", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "did you mean 'ships'?" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [(), ("examples",)])
def test_the_help_examples_work_from_an_empty_folder(command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    examples = help_examples(*command)
    assert ["examples"] in examples and any(a[0] == "check" for a in examples)
    for args in examples:
        if args[0] in ("build", "play"):
            continue  # builds are tested in test_cli_build*.py; play asks at the table
        result = invoke(*args)
        assert result.exit_code == 0, (args, result.output)
