"""Where the project's own folders are (an editable install runs from the checkout)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def components_dir() -> Path:
    return ROOT / "components"


def templates_dir() -> Path:
    return ROOT / "templates"


def output_dir() -> Path:
    return Path("output")
