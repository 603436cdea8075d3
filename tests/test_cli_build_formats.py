"""``portolan build``: formats add to a game's folder (a build keeps the files of the formats it
was not asked for, generator/keep.py), and a default build says one line a game."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.generator.fingerprint import STAMP
from portolan.generator.keep import format_of
from portolan.paths import components_dir
from tests.conftest import FIXTURE_GAME

runner = CliRunner()


def build(components: Path, out: Path, *args: str):
    result = runner.invoke(
        app, ["build", "--components", str(components), "--out", str(out), *args]
    )
    assert result.exit_code == 0, result.output
    return result


def files(folder: Path) -> set[str]:
    return {
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and p.name != STAMP
    }


@pytest.mark.parametrize(
    ("path", "fmt"),
    [
        ("cards.pdf", "pdf"),
        ("svg/cards/a.svg", "svg"),
        ("png/cards-p01.png", "png"),
        ("tts/cards.json", "tts"),
        ("tts/cards/back.png", "tts"),
        ("cards-png/cards/front/001-a-x1.png", "cards-png"),
        ("rules-reference.html", None),
        (STAMP, None),
        ("notes/readme.pdf", None),
    ],
)
def test_each_file_belongs_to_the_format_that_writes_it(path, fmt):
    assert format_of(PurePosixPath(path)) == fmt


def test_a_format_built_alone_keeps_the_others_files(fixture_copy, tmp_path):
    out = tmp_path / "out"
    game = out / FIXTURE_GAME
    build(fixture_copy.parent, out)
    default = files(game)
    assert any(f.endswith(".pdf") for f in default) and any(f.startswith("svg/") for f in default)
    added = build(fixture_copy.parent, out, "--format", "png")
    assert default < files(game)  # the PDFs and SVGs remain, the PNG previews join them
    assert any(f.startswith("png/") for f in files(game))
    assert "(kept from an earlier build: " in added.stdout
    build(fixture_copy.parent, out)  # the default again: the previews remain too
    assert any(f.startswith("png/") for f in files(game))


def test_a_format_built_again_is_its_own_files_only(fixture_copy, tmp_path):
    out = tmp_path / "out"
    game = out / FIXTURE_GAME
    build(fixture_copy.parent, out)
    stale_svg = game / "svg" / "gone" / "old.svg"
    stale_svg.parent.mkdir()
    stale_svg.write_text("<svg/>")
    stale_pdf = game / "gone.pdf"
    stale_pdf.write_bytes(b"%PDF-1.4")
    build(fixture_copy.parent, out, "--format", "svg", "--force")
    assert not stale_svg.exists()  # svg was asked for: only what this build wrote
    assert stale_pdf.exists()  # pdf was not: kept
    build(fixture_copy.parent, out, "--force")
    assert not stale_pdf.exists()


def test_a_default_build_says_at_most_one_line_a_game(tmp_path):
    out = tmp_path / "out"
    games = sorted(p.parent.name for p in components_dir().glob("*/game.yaml"))
    first = build(components_dir(), out)
    again = build(components_dir(), out)
    for result in (first, again):
        lines = result.output.splitlines()  # stdout and stderr
        assert len(lines) <= len(games), lines
        assert [line.split(":")[0] for line in lines] == games
    assert all("up to date" in line for line in again.output.splitlines())
