"""The design notes of each game (docs/games/*.md) name files that exist: a path in the
checkout, or a file of the game's components/ or templates/ folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NAMED = re.compile(r"`([\w./-]+\.(?:yaml|md|py|json|pdf|html|j2))`")


def named_files(doc: Path) -> set[str]:
    return set(NAMED.findall(doc.read_text("utf-8")))


def missing(doc: Path) -> list[str]:
    game = doc.stem
    places = (ROOT, ROOT / "components" / game, ROOT / "templates" / game)
    return sorted(
        name
        for name in named_files(doc)
        if not name.startswith("/") and not any((p / name).exists() for p in places)
    )


@pytest.mark.parametrize(
    "doc", sorted((ROOT / "docs" / "games").glob("*.md")), ids=lambda p: p.stem
)
def test_every_file_a_game_doc_names_exists(doc):
    assert named_files(doc)  # the pattern finds the names
    assert missing(doc) == []


def test_a_missing_file_is_found(tmp_path):
    doc = tmp_path / "ships.md"
    doc.write_text("See `portolan/cli.py` and `board.yaml` and `gone.yaml`.\n", "utf-8")
    assert missing(doc) == ["gone.yaml", "portolan/cli.py"]
