"""Where Portolan's own data is: the game descriptions, the templates and the size tables ship
inside the package (setup.py maps the checkout's ``components/`` and ``templates/`` to
``portolan.components`` and ``portolan.templates``), so an installed ``portolan`` works from any
folder. They are read through ``importlib.resources``; a wheel or an editable install both keep
them as plain files, which the loader globs and stats."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

# The folder above the package: the checkout in an editable install (tests and benchmarks read
# docs and examples there). Nothing Portolan itself reads is found through it.
ROOT = Path(__file__).resolve().parent.parent


def _folder(package: str, *parts: str) -> Path:
    found = files(package).joinpath(*parts)
    if not isinstance(found, Path):  # a zipped install: not something pip or pipx makes
        raise RuntimeError(f"{package} is not installed as files ({found}); reinstall with pip")
    return found


def components_dir() -> Path:
    return _folder("portolan.components")


def templates_dir() -> Path:
    return _folder("portolan.templates")


def data_file(name: str) -> Path:
    """A table of ``portolan/data/`` (sizes.yaml)."""
    return _folder("portolan", "data", name)


def output_dir() -> Path:
    """``output/`` in the current folder, inside a checkout or not."""
    return Path("output")


def examples_dir() -> Path:
    """The example logs and end positions (``portolan examples``), with their schemas."""
    return _folder("portolan.examples")
