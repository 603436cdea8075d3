"""A copy of what pip reads to build Portolan, without bytecode or build leftovers: the packaging
tests build and install from it, so nothing is written into the checkout."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CODE = ("portolan", "generator", "checker")
SOURCES = ("pyproject.toml", "setup.py", "README.md", *CODE, "components", "templates", "examples")
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def copy_sources(target: Path) -> Path:
    """The sources copied into ``target`` (made here); returns it."""
    target.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, target / name, ignore=IGNORE)
        else:
            shutil.copy2(path, target / name)
    return target
