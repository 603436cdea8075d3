"""Shared fixtures: print sets built once per session (per option set) and PDFs opened once."""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pytest

from portolan.generator.build import BuildOptions, GameReport, build_games
from portolan.model import available_games, load_game
from portolan.paths import components_dir

# The suite starts hundreds of `portolan` processes; where the environment forbids bytecode
# (PYTHONDONTWRITEBYTECODE), each would compile Portolan's modules again (about 0.25 s apiece).
# The caches land in git-ignored __pycache__ folders.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

GAME = "exploration-age-of-sail"
FIXTURES = Path(__file__).parent / "fixtures"
FIXTURE_COMPONENTS = FIXTURES / "components"
FIXTURE_GAME = "fixture-game"


@dataclass(frozen=True)
class Built:
    root: Path  # the output folder handed to build_games
    reports: tuple[GameReport, ...]

    def game(self, game_id: str = GAME) -> Path:
        return self.root / game_id

    def pdf(self, component: str, game_id: str = GAME) -> Path:
        return self.root / game_id / f"{component}.pdf"


@pytest.fixture(scope="session")
def build(tmp_path_factory):
    """``build(**options)``: every game of ``components/`` built with those ``BuildOptions``
    (``components=`` picks another folder, ``games=`` only some games), once per session for
    each distinct set of options."""
    cache: dict[tuple, Built] = {}

    def get(
        components: Path | None = None, games: tuple[str, ...] | None = None, **options
    ) -> Built:
        folder = components or components_dir()
        opts = BuildOptions(**options)
        key = (str(folder), games, opts)  # build(page="a4") is the same set as build()
        if key not in cache:
            out = tmp_path_factory.mktemp("build")
            games = [load_game(folder, g) for g in (games or available_games(folder))]
            reports = build_games(games, out, opts)
            cache[key] = Built(out, tuple(reports))
        return cache[key]

    return get


@pytest.fixture(scope="session")
def a4(build) -> Built:
    """The default print set: A4, 3 mm bleed, long-edge duplex, PDF and SVG."""
    return build()


@pytest.fixture(scope="session")
def exploration(build):
    """``exploration(**options)``: Exploration in the Age of Sail alone, built with those
    options (for the tests of one option: quicker than every game)."""

    def get(**options) -> Built:
        return build(games=(GAME,), **options)

    return get


@pytest.fixture(scope="session")
def fixture_set(build) -> Built:
    """The small fixture game (accented names, counters), A4, PDF and SVG."""
    return build(components=FIXTURE_COMPONENTS)


@pytest.fixture(scope="session")
def open_pdf():
    """``open_pdf(path)``: a pdfplumber document, opened once per session."""
    docs: dict[Path, pdfplumber.PDF] = {}

    def get(path: Path) -> pdfplumber.PDF:
        if path not in docs:
            docs[path] = pdfplumber.open(path)
        return docs[path]

    yield get
    for doc in docs.values():
        doc.close()


@pytest.fixture(scope="session")
def game():
    return load_game(components_dir(), GAME)


@pytest.fixture
def fixture_copy(tmp_path) -> Path:
    """A writable copy of the fixture components folder; returns the game's folder."""
    target = tmp_path / "components"
    shutil.copytree(FIXTURE_COMPONENTS, target)
    return target / FIXTURE_GAME


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the golden score sheets and traces of examples/ instead of comparing",
    )
    parser.addoption(
        "--fuzz-long",
        action="store_true",
        help="tests/test_fuzz.py's longer mode: 10,000 cases (or PORTOLAN_FUZZ) and the "
        "tests that double an input and compare the time it takes",
    )


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (pyproject's addopts): one worker per core, at most four (each worker
    builds and reads back its own print sets, so more workers mostly add memory)."""
    return max(1, min(os.cpu_count() or 1, 4))
