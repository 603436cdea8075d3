"""An editable install (the README's ``pip install -e .``) leaves the bytecode of every module of
the checkout's code, as pip does for every file of a regular install (setup.py). Where
``PYTHONDONTWRITEBYTECODE`` is set, as on this project's machines, Python writes none itself,
and every command compiled Portolan's modules again: about 0.3 s of a build. About 20 s;
marked ``install`` (CI runs it)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.sources import CODE, copy_sources

pytestmark = pytest.mark.install


def test_an_editable_install_compiles_the_checkouts_code(tmp_path):
    src = copy_sources(tmp_path / "src")
    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", env], check=True)
    quiet = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    done = subprocess.run(
        [*pip, "--python", env / "bin" / "python", "install", "--no-deps", "-e", src],
        cwd=tmp_path,
        env=quiet,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    modules = [p for package in CODE for p in (src / package).rglob("*.py")]
    assert len(modules) > 100
    # Each has the bytecode of its source as it is now (Python checks these fields on import).
    stale = [p.relative_to(src).as_posix() for p in modules if not _fresh(p)]
    assert stale == []


def _fresh(source: Path) -> bool:
    compiled = Path(importlib.util.cache_from_source(source))
    if not compiled.is_file():
        return False
    header = compiled.read_bytes()[:16]
    stat = source.stat()
    return (
        header[:4] == importlib.util.MAGIC_NUMBER
        and int.from_bytes(header[4:8], "little") == 0  # checked by time and size
        and int.from_bytes(header[8:12], "little") == int(stat.st_mtime) & 0xFFFFFFFF
        and int.from_bytes(header[12:16], "little") == stat.st_size & 0xFFFFFFFF
    )
