"""Every option of `portolan build` is in the README's options table, and the Quick start is the
two commands CI runs."""

from __future__ import annotations

from pathlib import Path

import typer.main

from portolan.cli import app

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text("utf-8")


def test_every_build_option_is_documented():
    command = typer.main.get_command(app).commands["build"]
    options = [
        opt for p in command.params for opt in getattr(p, "opts", []) if opt.startswith("--")
    ]
    assert "--back-offset" in options
    missing = [o for o in options if f"`{o}" not in README and o != "--help"]
    assert not missing


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_second():
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = quick.split("```", 2)[1]
    commands = [line for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    assert "portolan build" in commands[0] and "pytest" in commands[1]
    assert commands[1].strip() in (ROOT / ".ci" / "run").read_text("utf-8")


def test_every_serve_option_is_in_the_at_the_table_section():
    command = typer.main.get_command(app).commands["serve"]
    options = [
        opt for p in command.params for opt in getattr(p, "opts", []) if opt.startswith("--")
    ]
    assert "--host" in options and "--port" in options
    section = README.split("## At the table\n", 1)[1].split("\n## ", 1)[0]
    missing = [o for o in options if f"`{o}" not in section and o != "--help"]
    assert not missing
    assert "docs/images/web-" in section  # and a screenshot of the pages
