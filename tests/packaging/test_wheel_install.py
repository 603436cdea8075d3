"""A wheel of Portolan, installed with its extras into a fresh virtual environment in an empty
folder, as the README's install section says (``pip install --find-links dist
'portolan-games[png,web]'``): it writes its examples, checks a log piped in, scores a position
without being told the game, builds, and keeps the PDFs when tts is built after; the wheel
installs one import name, ``portolan``.

The wheel is built from a copy of the sources (nothing is written into the checkout). The
dependencies come from the package index (or pip's cache), as for a user. About 40 s, once a
run (once_per_run, tests/conftest.py); marked ``install`` (not deselected anywhere: CI runs it).
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from tests.packaging.sources import ROOT, copy_sources

pytestmark = pytest.mark.install
# The README's install line, run next to the folder ``dist`` that holds the wheel.
README_INSTALL = "pip install --find-links dist portolan-games[png,web]"


def test_the_readme_installs_as_this_test_does():
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "pip install --find-links dist 'portolan-games[png,web]'" in readme


def _run(*args, cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [str(a) for a in args], cwd=cwd, input=stdin, capture_output=True, timeout=300
    )
    out, err = result.stdout.decode(errors="replace"), result.stderr.decode(errors="replace")
    assert result.returncode == 0, (args, out[-2000:], err[-2000:])
    return subprocess.CompletedProcess(result.args, 0, out, err)


@pytest.fixture(scope="module")
def installed(once_per_run, tmp_path_factory) -> tuple[Path, Path, Path]:
    """(the fresh environment's ``portolan``, an empty working folder, the wheel): the wheel
    built and installed once a run, by the first xdist worker to run one of these tests."""
    portolan, wheel = once_per_run("wheel installed", _install)
    return portolan, tmp_path_factory.mktemp("empty"), wheel


def _install(base: Path) -> tuple[Path, Path]:
    src = copy_sources(base / "src")
    dist = base / "dist"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    _run(*pip, "wheel", "--no-deps", "-w", dist, src, cwd=base)
    (wheel,) = dist.glob("portolan_games-*.whl")
    env = base / "env"
    _run(sys.executable, "-m", "venv", "--without-pip", env, cwd=base)
    python = env / "bin" / "python"
    _run(*pip, "--python", python, *README_INSTALL.split()[1:], cwd=base)  # as the README says
    return env / "bin" / "portolan", wheel


def test_the_wheel_installs_one_import_name(installed):
    """The wheel's RECORD: every file is under portolan/ or the dist-info folder."""
    *_, wheel = installed
    with zipfile.ZipFile(wheel) as z:
        (record,) = [n for n in z.namelist() if n.endswith(".dist-info/RECORD")]
        paths = [line.split(",")[0] for line in z.read(record).decode().splitlines() if line]
    tops = {PurePosixPath(p).parts[0] for p in paths}
    names = {t for t in tops if not t.endswith(".dist-info")}
    assert names == {"portolan"}


def test_examples_check_from_a_pipe_and_score_without_the_game(installed):
    portolan, work, _ = installed
    _run(portolan, "examples", cwd=work)
    log = work / "examples" / "exploration-age-of-sail" / "two-players.yaml"
    assert log.read_bytes() == (ROOT / "examples" / log.relative_to(work / "examples")).read_bytes()
    assert (work / "examples" / "positions" / "ships.schema.json").is_file()
    checked = json.loads(
        _run(portolan, "check", "-", "--json", cwd=work, stdin=log.read_bytes()).stdout
    )
    assert checked["ok"] is True and checked["finished"] is True
    position = work / "examples" / "positions" / "age-of-discovery.yaml"
    scored = json.loads(_run(portolan, "score", position, "--json", cwd=work).stdout)
    assert scored["game"] == "age-of-discovery" and scored["winners"] == ["Cai"]


def test_a_tts_build_after_a_default_build_keeps_the_pdfs(installed):
    portolan, work, _ = installed
    first = _run(portolan, "build", "ships", cwd=work)
    assert len(first.stdout.splitlines()) == 1
    out = work / "output" / "ships"  # ./output in the current folder
    pdfs = sorted(p.name for p in out.glob("*.pdf"))
    assert "cards.pdf" in pdfs and (out / "rules-reference.html").is_file()  # templates came
    _run(portolan, "build", "ships", "--format", "tts", cwd=work)  # the png extra is there
    assert sorted(p.name for p in out.glob("*.pdf")) == pdfs
    assert (out / "tts").is_dir() and any((out / "svg").rglob("*.svg"))


def test_the_installed_command_knows_its_version_and_its_data(installed):
    portolan, work, _ = installed
    assert _run(portolan, "--version", cwd=work).stdout.strip() == "portolan 0.1.0"
    python = portolan.parent / "python"
    where = _run(
        python, "-c", "from portolan.paths import components_dir; print(components_dir())", cwd=work
    ).stdout.strip()
    assert str(ROOT) not in where and "site-packages" in where
    schema = _run(portolan, "schema", "list", cwd=work).stdout
    assert json.loads(schema)["$schema"].endswith("2020-12/schema")
    _run(python, "-c", "import starlette, pypdfium2", cwd=work)  # the extras came along


def test_the_wheel_lists_the_data_files(installed):
    *_, wheel = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in ("exploration-age-of-sail", "ships"):
        assert f"portolan/components/{game}/game.yaml" in names
        assert f"portolan/components/{game}/components.schema.json" in names
        assert f"portolan/examples/{game}/two-players.yaml" in names
        assert f"portolan/examples/{game}/log.schema.json" in names
    assert "portolan/examples/positions/ships.yaml" in names
    assert "portolan/data/sizes.yaml" in names
    assert "portolan/generator/data/icons.json" in names
    assert "portolan/templates/reference.html.j2" in names
    assert not any(n.endswith((".score.txt", ".trace.txt")) for n in names)  # goldens stay
    assert not any(
        n.startswith(("components/", "templates/", "examples/", "tests/")) for n in names
    )
