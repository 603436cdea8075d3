"""Shared fixtures: print sets built once per session (per option set) and PDFs opened once."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import pickle
import shutil
import sys
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pdfplumber.page
import pytest

from portolan.generator.build import BuildOptions, GameReport, build_games
from portolan.model import available_games, load_game
from portolan.paths import components_dir

# pytester runs the guards' own tests (tests/test_guards.py).
pytest_plugins = ("pytester", "tests.guards")

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
def once_per_run(tmp_path_factory):
    """``once_per_run(key, make)``: what ``make(folder)`` returns (pickled), made once a run by
    whichever xdist worker asks first, in a folder of its own; the others wait for it (a lock
    the kernel lets go of if its holder dies) and read it back. ``folder``'s files are shared:
    tests only read them."""
    shared = _shared_folder(tmp_path_factory)

    def get(key: str, make):
        name = hashlib.sha256(key.encode()).hexdigest()[:16]
        folder, done = shared / f"once-{name}", shared / f"once-{name}.pickle"
        with open(shared / f"once-{name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not done.exists():
                shutil.rmtree(folder, ignore_errors=True)  # a make that raised half-way
                folder.mkdir()
                made = pickle.dumps(make(folder), protocol=5)
                done.with_suffix(".part").write_bytes(made)
                done.with_suffix(".part").replace(done)
            return pickle.loads(done.read_bytes())

    return get


def _shared_folder(tmp_path_factory) -> Path:
    """A folder of this run that every xdist worker sees (the run's base temporary folder)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def build(once_per_run):
    """``build(**options)``: every game of ``components/`` built with those ``BuildOptions``
    (``components=`` picks another folder, ``games=`` only some games), once per run for each
    distinct set of options (the xdist workers share it)."""
    cache: dict[tuple, Built] = {}

    def get(
        components: Path | None = None, games: tuple[str, ...] | None = None, **options
    ) -> Built:
        folder = components or components_dir()
        opts = BuildOptions(**options)
        key = (str(folder), games, opts)  # build(page="a4") is the same set as build()
        if key not in cache:

            def make(out: Path) -> Built:
                loaded = [load_game(folder, g) for g in (games or available_games(folder))]
                return Built(out, tuple(build_games(loaded, out, opts)))

            cache[key] = once_per_run(f"build {key!r}", make)
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


# How many PDFs open_pdf keeps open: the pages read hold their letters and lines (up to
# hundreds of MB a file); with every file of a run kept, one worker grew past 4 GB. A file
# closed and asked for again reads its pages back from the run's page store, not the PDF.
OPEN_PDFS = 6


@pytest.fixture(scope="session")
def open_pdf(tmp_path_factory):
    """``open_pdf(path)``: a pdfplumber document, kept open for the next tests that read it;
    the least recently asked for beyond ``OPEN_PDFS`` is closed (and opened again if asked
    for later). Each page is parsed once a run: what pdfplumber finds on it (letters, lines,
    rectangles) is stored and read back by any worker that opens the same bytes, about a
    tenth of the parse's time."""
    store = _shared_folder(tmp_path_factory) / "pages"
    store.mkdir(exist_ok=True)
    docs: OrderedDict[Path, pdfplumber.PDF] = OrderedDict()

    def get(path: Path) -> pdfplumber.PDF:
        if path in docs:
            docs.move_to_end(path)
            return docs[path]
        doc = pdfplumber.open(path)
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:32]
        for page in doc.pages:
            page.__class__ = _StoredPage
            page.stored = store / f"{digest}-{page.page_number}.pickle"
        docs[path] = doc
        while len(docs) > OPEN_PDFS:
            docs.popitem(last=False)[1].close()
        return doc

    yield get
    for doc in docs.values():
        doc.close()


class _StoredPage(pdfplumber.page.Page):
    """A page whose objects come from the page store when a process of the run parsed the
    same page before (pages with images are parsed each time: an image holds its document)."""

    stored: Path

    @property
    def objects(self) -> dict:
        if not hasattr(self, "_objects"):
            with contextlib.suppress(FileNotFoundError):
                self._objects = pickle.loads(self.stored.read_bytes())
                return self._objects
            self._objects = self.parse_objects()
            self.flush_cache(["_layout"])  # pdfminer's own objects: as large again, unused
            if "image" not in self._objects:
                part = self.stored.with_suffix(f".{os.getpid()}")
                part.write_bytes(pickle.dumps(self._objects, protocol=5))
                part.replace(self.stored)
        return self._objects


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
    """``-n auto`` (pyproject's addopts): one worker per core, at most four (the workers
    share the print sets and their parsed pages, but each holds its own open PDFs)."""
    return max(1, min(os.cpu_count() or 1, 4))
