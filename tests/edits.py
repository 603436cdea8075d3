"""Writable copies of a game's components, and edits that break one place on purpose, for tests
that expect the problem reported at its line and column."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from portolan.cli import app
from portolan.paths import components_dir


def game_copy(tmp_path: Path, game: str) -> Path:
    """A writable copy of ``game``'s components: the folder returned (``tmp_path/components``)
    holds it, as components/ does (``folder / game``)."""
    folder = tmp_path / "components"
    shutil.copytree(components_dir() / game, folder / game)
    return folder


def edit(path: Path, old: str, new: str, count: int = 1) -> tuple[int, int]:
    """The first ``count`` places (-1: every place) where the file says ``old`` made to say
    ``new``; the 1-based line and column where the first ``new`` starts."""
    text = path.read_text("utf-8")
    assert old in text, f"{old!r} is not in {path.name}"
    path.write_text(text.replace(old, new, count), "utf-8")
    at = text.index(old)
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


def refused_build(folder: Path, game: str, tmp_path: Path) -> str:
    """What ``portolan build`` says of ``game`` in the components ``folder``: it must refuse
    the input (exit 2) in words, no traceback, and write nothing."""
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app, ["build", game, "--components", str(folder), "--out", str(out)]
    )
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert not (out / game).exists()
    return result.output
