"""The ``portolan`` command as a user meets it: --version, -h, shell completion, choices listed
in help, flags without a value placeholder, and --json output in every outcome."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from portolan import __version__
from portolan.cli import app
from portolan.cli.app import friendly
from portolan.cli.group import COMMAND_MODULES, _import_command
from portolan.model import available_games
from portolan.paths import ROOT, components_dir

runner = CliRunner()


def plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"portolan {__version__}"


@pytest.mark.parametrize("command", [[], ["build"], ["check"], ["score"], ["simulate"], ["schema"]])
def test_dash_h_is_help(command):
    short = runner.invoke(app, [*command, "-h"])
    long = runner.invoke(app, [*command, "--help"])
    assert short.exit_code == 0 and short.output == long.output
    assert "Usage:" in short.output


def test_shell_completion_is_offered():
    out = plain(runner.invoke(app, ["--help"]).output)
    assert "--install-completion" in out and "--show-completion" in out


def test_choices_are_listed_in_help():
    build = plain(
        runner.invoke(app, ["build", "--help"], terminal_width=200, env={"COLUMNS": "200"}).output
    )
    assert "[a4|letter|a3|tabloid]" in build
    assert "[long|short|none|fold]" in build
    assert "[packed|gutters]" in build and "[both|fronts|backs]" in build
    assert "[shared|per-deck]" in build
    assert "pdf,svg,png,tts,cards-png" in build
    for command in ("check", "score"):
        out = plain(runner.invoke(app, [command, "--help"], terminal_width=200).output)
        assert "[text|json|csv]" in out


def test_help_rewraps_the_docstrings_paragraphs():
    wide = {"terminal_width": 200, "env": {"COLUMNS": "200"}}
    commands = plain(runner.invoke(app, ["--help"], **wide).output)
    assert "writes the log as it goes (a turn at a time" in commands
    build = plain(runner.invoke(app, ["build", "--help"], **wide).output)
    assert "since it was last built into the same folder is skipped" in build
    assert "Examples:" in plain(runner.invoke(app, ["--help"]).output)  # paragraphs stay


@pytest.mark.parametrize(
    ("command", "flags"),
    [
        ("build", ["--ink-saver", "--grayscale", "--help"]),
        ("check", ["--json", "--trace", "--help"]),
        ("simulate", ["--json", "--help"]),
    ],
)
def test_flags_show_no_value_placeholder(command, flags):
    out = plain(runner.invoke(app, [command, "--help"], terminal_width=200).output)
    for flag in flags:
        line = next(ln for ln in out.splitlines() if f"{flag} " in ln)
        assert "<bool>" not in line and "BOOLEAN" not in line, line


ERRORS = [
    ["check", "missing.yaml", "--json"],
    ["check", "--json"],  # the log is missing: a usage error, before the command runs
    ["check", "--json", "--no-such-option", "x.yaml"],
    ["score", "exploration-age-of-sail", "missing.yaml", "--json"],
    ["score", "no-such-game", "missing.yaml", "--json"],
    ["score", "exploration-age-of-sail", "missing.yaml", "--format", "json"],
    ["simulate", "no-such-game", "--json"],
    ["simulate", "exploration-age-of-sail", "--players", "99", "--json"],
    ["simulate", "exploration-age-of-sail", "--games", "x", "--json"],
]


@pytest.mark.parametrize("args", ERRORS, ids=lambda a: " ".join(a))
def test_json_errors_are_json_on_stdout_with_exit_2(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is False
    assert set(data["error"]) == {"file", "line", "column", "field", "message", "hint"}
    assert data["error"]["message"]
    assert "Traceback" not in result.output


def test_a_file_that_cannot_be_written_is_json_with_its_path_and_exit_74(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "logs").write_text("a file, not a folder")
    args = ["simulate", "exploration-age-of-sail", "--games", "1", "--log-dir", "logs", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 74, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is False and data["errors"] == [data["error"]]
    error = data["error"]
    assert error["file"].startswith("logs") and error["message"]
    assert not error["message"].startswith("error")  # the reason alone, as for exit 2
    assert result.stderr.startswith(f"error: {error['file']}: {error['message']}")


@pytest.mark.parametrize("as_json", [["--json"], ["--format", "json"]])
def test_a_bug_is_json_too_with_exit_3(as_json, monkeypatch):
    import portolan.checker.core.replay

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(portolan.checker.core.replay, "replay", broken)
    log = ROOT / "examples" / "exploration-age-of-sail" / "two-players.yaml"
    result = runner.invoke(app, ["check", str(log), *as_json])
    assert result.exit_code == 3, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is False
    assert data["error"]["message"] == "internal error: RuntimeError: boom"
    assert "This is a bug in Portolan" in result.stderr and "Traceback" not in result.output


def test_a_yaml_error_in_json_carries_line_and_column(tmp_path):
    log = tmp_path / "log.yaml"
    log.write_text("game: exploration-age-of-sail\nplayers: [Ana, Ben\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(log), "--json"])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["file"].endswith("log.yaml") and error["line"] == 3 and error["column"]


def test_without_json_errors_stay_on_stderr(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["check", "missing.yaml"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: missing.yaml: file not found")


def test_help_lists_every_build_format():
    from portolan.cli.build import BUILD_FORMATS
    from portolan.generator.build import FORMATS

    assert BUILD_FORMATS == FORMATS


def test_help_lists_the_printers_own_choices():
    from portolan.cli import build
    from portolan.generator.layout import grid, sheet

    assert build.DUPLEX == sheet.DUPLEX and build.LAYOUTS == grid.LAYOUTS
    assert build.SIDES == sheet.SIDES


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("portolan build --page ", ["a4", "letter", "a3", "tabloid"]),
        ("portolan build --duplex ", ["long", "short", "none", "fold"]),
        ("portolan build --sheets ", ["shared", "per-deck"]),
        ("portolan score x y --format ", ["text", "json", "csv"]),
        (
            "portolan schema ",
            ["components", "log", "position", "score", "check", "simulate", "history", "list"],
        ),
    ],
)
def test_shell_completion_offers_the_choices(words, expected):
    env = {
        "_PORTOLAN_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split())),
    }
    result = runner.invoke(app, [], env=env, prog_name="portolan")
    assert result.stdout.split() == expected


GAMES = available_games(components_dir())


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("portolan build ", GAMES),
        ("portolan build ships ", GAMES),  # build takes several
        ("portolan score ", GAMES),
        ("portolan simulate exp", ["exploration-age-of-sail"]),
        ("portolan play age-of-", ["age-of-discovery", "age-of-exploration"]),
        ("portolan schema log ", GAMES),
    ],
)
def test_shell_completion_offers_the_installed_games(words, expected):
    env = {
        "_PORTOLAN_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
    }
    result = runner.invoke(app, [], env=env, prog_name="portolan")
    assert result.stdout.split() == expected


def test_every_command_is_listed_with_its_module():
    """A command's module is imported when the command is first looked up: the table must name
    every registered command, each with the module that registers it."""
    import importlib

    for module in dict.fromkeys(COMMAND_MODULES.values()):
        importlib.import_module(module)
    registered = {c.name: c.callback.__module__ for c in app.registered_commands}
    assert registered == COMMAND_MODULES


def test_shell_completion_offers_every_command():
    env = {"_PORTOLAN_COMPLETE": "complete_bash", "COMP_WORDS": "portolan ", "COMP_CWORD": "1"}
    result = runner.invoke(app, [], env=env, prog_name="portolan")
    assert result.stdout.split() == [
        "build", "list", "examples", "check", "score", "play", "schema", "serve", "simulate",
        "history", "show", "position",
    ]  # fmt: skip


def test_a_mistyped_command_is_told_every_close_name():
    result = runner.invoke(app, ["chek", "x"])
    assert result.exit_code == 2
    assert "Did you mean 'check', 'schema'?" in plain(result.output)


@pytest.mark.parametrize("name", sorted(COMMAND_MODULES))
def test_every_command_is_wrapped_by_friendly(name):
    # A command not wrapped by ``friendly`` would end with a traceback on bad input.
    info, _ = _import_command(name)
    assert info.callback.__code__ is friendly(lambda: None).__code__
