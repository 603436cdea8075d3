"""What the README says is what ships: its first line counts the games built and refereed, the
Quick start is the two commands alone, and every `score` example names a position file in
examples/ that scores."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from portolan.checker.core.registry import GAMES
from portolan.cli import app
from portolan.model import available_games
from portolan.paths import components_dir

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text("utf-8")
WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]


def test_the_first_line_counts_the_games_built_and_refereed():
    first = next(line for line in README.splitlines() if line and not line.startswith("#"))
    printed, checked = len(available_games(components_dir())), len(GAMES)
    assert re.search(rf"\b{WORDS[printed]}\b board games", first), first
    every = "(all )?" if checked == printed else ""
    assert re.search(rf"referees {every}{WORDS[checked]}\b", first), first


def test_the_quick_start_is_two_commands_and_nothing_else():
    quick = README.split("## Quick start\n", 1)[1].split("\n## ", 1)[0].strip()
    assert quick.startswith("```") and quick.endswith("```") and quick.count("```") == 2
    lines = [ln for ln in quick.strip("`").splitlines() if ln.strip()]
    assert len(lines) == 2
    assert lines[0].endswith("portolan build") and lines[1].endswith("python -m pytest")


def score_examples() -> list[list[str]]:
    out = []
    for line in README.splitlines():
        text = line.strip().split("#", 1)[0]
        if text.startswith("portolan score ") and "GAME" not in text:
            out.append(shlex.split(text.replace("[--json]", "--json")))
    return out


def test_the_readme_has_score_examples():
    assert len(score_examples()) >= len(GAMES)


@pytest.mark.parametrize("command", score_examples(), ids=" ".join)
def test_every_score_example_runs_on_a_shipped_position(command, monkeypatch):
    position = command[3]
    assert position.startswith("examples/") and (ROOT / position).is_file(), position
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, command[1:])
    assert result.exit_code == 0, result.output
