"""Age of Discovery YAML gone wrong: the build stops with exit code 2 and says where."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.paths import components_dir

GAME = "age-of-discovery"


@pytest.fixture
def copy(tmp_path) -> Path:
    root = tmp_path / "components"
    shutil.copytree(components_dir() / GAME, root / GAME)
    return root


def build(root: Path, tmp_path: Path):
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", GAME, "--components", str(root), "--out", str(out)])
    return result, out


def edit(path: Path, old: str, new: str) -> int:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1  # the line edited


def test_a_payout_that_is_not_a_number(copy, tmp_path):
    deck = copy / GAME / "contract-deck.yaml"
    line = edit(deck, "payouts: [7, 10, 13]", "payouts: [7, ten, 13]")
    result, out = build(copy, tmp_path)
    assert result.exit_code == 2
    assert f"contract-deck.yaml:{line}:" in result.output
    assert "payouts: item 2: expected a whole number, found 'ten'" in result.output
    assert not (out / GAME).exists()  # nothing written


def test_a_citation_of_a_section_the_rulebook_does_not_have(copy, tmp_path):
    deck = copy / GAME / "expedition-deck.yaml"
    line = edit(deck, 'sources: {name: "§4.4.1", limit: "§4.4.1"}', 'sources: {limit: "§4.4.3"}')
    result, _ = build(copy, tmp_path)
    assert result.exit_code == 2
    assert f"expedition-deck.yaml:{line}:" in result.output
    assert "sources.limit: source '§4.4.3' is not a section of the rulebook" in result.output
    assert "(did you mean '§4.4." in result.output


def test_a_row_of_boxes_with_an_unknown_key(copy, tmp_path):
    deck = copy / GAME / "contract-deck.yaml"
    edit(deck, "'arrow': 'left'", "'arow': 'left'")
    result, _ = build(copy, tmp_path)
    assert result.exit_code == 2
    assert "types.contract.face.boxes: cannot fill the 'boxes' slot" in result.output
    assert "has no key 'arow'" in result.output
