"""What Portolan imports is what it declares; PNG output without its extra says which extra to
install; the supported Python versions are stated, and CI runs the lowest."""

from __future__ import annotations

import ast
import os
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from typer.testing import CliRunner

from portolan.cli import app

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
OWN = {"portolan", "generator", "checker", "components", "templates"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _imports() -> set[str]:
    found = set()
    for folder in ("portolan", "generator", "checker"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if isinstance(node, ast.Import):
                    found |= {a.name.split(".")[0] for a in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    found.add(node.module.split(".")[0])
    return found - OWN - set(sys.stdlib_module_names) - {"__future__"}


def test_every_imported_package_is_declared():
    declared = {_name(r) for r in PROJECT["dependencies"]}
    declared |= {_name(r) for r in PROJECT["optional-dependencies"]["png"]}
    declared |= {_name(r) for r in PROJECT["optional-dependencies"]["web"]}
    dists = packages_distributions()
    missing = {
        module: dists.get(module)
        for module in _imports()
        if not {d.lower().replace("_", "-") for d in dists.get(module, [module])} & declared
    }
    assert not missing, missing
    assert "rich" in declared  # imported by the progress bars


def test_png_rendering_is_an_extra_and_ruff_is_for_developers():
    runtime = {_name(r) for r in PROJECT["dependencies"]}
    extras = PROJECT["optional-dependencies"]
    assert "pypdfium2" not in runtime and {_name(r) for r in extras["png"]} == {"pypdfium2"}
    assert "portolan-games[png]" in extras["test"]
    assert "ruff" not in {_name(r) for r in extras["test"]} | runtime
    web = {_name(r) for r in extras["web"]}
    assert web & {"starlette", "uvicorn"} and not web & runtime  # portolan serve: an extra
    assert "portolan-games[web]" in extras["test"]
    assert "ruff" in {_name(r) for r in extras["dev"]}
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert "'.[dev]'" in ci and ci.index("'.[dev]'") < ci.index("ruff check")


@pytest.mark.parametrize("fmt", ["png", "tts", "cards-png"])
def test_png_output_without_the_extra_names_the_extra(fmt, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # as if not installed
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app, ["build", "exploration-age-of-sail", "--format", f"pdf,{fmt}", "--out", str(out)]
    )
    assert result.exit_code == 2, result.output
    assert "pip install 'portolan-games[png]'" in result.stderr
    assert "Traceback" not in result.output
    assert not out.exists()  # stopped before anything was written


def test_pdf_and_svg_need_no_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pypdfium2", None)
    out = tmp_path / "out"
    fixture = ROOT / "tests" / "fixtures" / "components"
    result = CliRunner().invoke(app, ["build", "--components", str(fixture), "--out", str(out)])
    assert result.exit_code == 0, result.output


def test_supported_python_versions_are_stated_and_ci_runs_the_lowest():
    lowest = re.fullmatch(r">=\s*3\.(\d+)", PROJECT["requires-python"]).group(1)
    versions = [c for c in PROJECT["classifiers"] if c.startswith("Programming Language")]
    assert f"Programming Language :: Python :: 3.{lowest}" in versions
    assert sys.version_info[:2] >= (3, int(lowest))
    if os.environ.get("CI"):
        # CI runs .ci/run with the machine's python3, which must be the lowest supported
        # version: this fails the day that python3 and requires-python part ways.
        assert sys.version_info[:2] == (3, int(lowest))


def test_the_web_extra_asks_for_a_starlette_that_bounds_a_request_body():
    """``portolan/web/app.py`` passes ``max_body_size`` to Starlette, which Starlette has taken
    only since 1.6.0: an older one would stop ``portolan serve`` with a TypeError."""
    import inspect

    from starlette.applications import Starlette

    (spec,) = [r for r in PROJECT["optional-dependencies"]["web"] if _name(r) == "starlette"]
    floor = tuple(int(n) for n in re.search(r">=\s*([\d.]+)", spec).group(1).split("."))
    assert floor >= (1, 6), spec
    assert "max_body_size" in inspect.signature(Starlette).parameters
