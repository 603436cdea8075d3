"""A wheel of Portolan, installed into a fresh virtual environment outside the checkout, builds,
checks and scores from any folder: the game data, templates and size tables travel inside it.

The wheel is built from a copy of the sources (pip's build isolation, its setuptools from pip's
cache) and installed without its dependencies, which the fresh environment borrows from the
test environment through a .pth file: the point is what the wheel itself carries. That the
declared dependencies cover every import is test_dependencies.py's job. About 20-30 s; marked
``install`` (not deselected anywhere, CI runs it).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests.packaging.sources import ROOT, copy_sources

pytestmark = pytest.mark.install


def _run(*args, cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    if check:
        assert result.returncode == 0, (args, result.stdout[-2000:], result.stderr[-2000:])
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the fresh environment's ``portolan``, an empty working folder outside the checkout)."""
    base = tmp_path_factory.mktemp("wheel")
    src = copy_sources(base / "src")
    dist = base / "dist"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    _run(*pip, "wheel", "--no-deps", "-w", dist, src, cwd=base)
    (wheel,) = dist.glob("portolan-*.whl")
    env = base / "env"
    _run(sys.executable, "-m", "venv", "--without-pip", env, cwd=base)
    site = Path(
        _run(
            env / "bin" / "python",
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
            cwd=base,
        ).stdout.strip()
    )
    _run(*pip, "--python", env / "bin" / "python", "install", "--no-deps", wheel, cwd=base)
    # The dependencies come from the test environment, after the wheel's own packages.
    (site / "zz-portolan-test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    work = base / "elsewhere"
    work.mkdir()
    return env / "bin" / "portolan", work


def test_build_check_and_score_work_outside_the_checkout(installed):
    portolan, work = installed
    listed = _run(portolan, "list", cwd=work).stdout
    assert "exploration-age-of-sail" in listed and "ships" in listed
    built = _run(portolan, "build", "exploration-age-of-sail", cwd=work)
    assert "exploration-age-of-sail:" in built.stdout
    out = work / "output" / "exploration-age-of-sail"  # ./output in the current folder
    assert (out / "all-cards.pdf").stat().st_size > 10_000  # the decks share sheets
    assert (out / "rules-reference.html").exists()  # templates came along
    log = work / "game.yaml"
    shutil.copy(ROOT / "examples" / "exploration-age-of-sail" / "two-players.yaml", log)
    checked = _run(portolan, "check", log, "--json", cwd=work)
    assert json.loads(checked.stdout)["ok"] is True
    position = work / "position.yaml"
    shutil.copy(ROOT / "examples" / "positions" / "age-of-discovery.yaml", position)
    scored = json.loads(
        _run(portolan, "score", "age-of-discovery", position, "--json", cwd=work).stdout
    )
    assert scored["winners"] == ["Cai"]


def test_the_installed_command_knows_its_version_and_its_data(installed):
    portolan, work = installed
    assert _run(portolan, "--version", cwd=work).stdout.strip() == "portolan 0.1.0"
    python = portolan.parent / "python"
    where = _run(
        python, "-c", "from portolan.paths import components_dir; print(components_dir())", cwd=work
    ).stdout.strip()
    assert str(ROOT) not in where and "site-packages" in where
    schema = _run(portolan, "schema", "components", "ships", cwd=work).stdout
    assert json.loads(schema)["$schema"].endswith("2020-12/schema")


def test_the_wheel_lists_the_data_files(installed, tmp_path):
    portolan, _ = installed
    (wheel,) = (portolan.parents[2] / "dist").glob("portolan-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in ("exploration-age-of-sail", "ships"):
        assert f"portolan/components/{game}/game.yaml" in names
        assert f"portolan/components/{game}/components.schema.json" in names
    assert "portolan/data/sizes.yaml" in names
    assert "generator/data/icons.json" in names
    assert "portolan/templates/reference.html.j2" in names
    assert not any(n.startswith(("components/", "templates/", "tests/")) for n in names)
