"""Packaging: the code packages, plus the game data shipped inside the ``portolan`` package.

The game descriptions (``components/``), the rules-reference texts (``templates/``) and the
example logs and positions (``examples/``) stay at the root of the checkout, where users edit
them, and ship as the packages ``portolan.components``, ``portolan.templates`` and
``portolan.examples`` through ``package_dir``. The same mapping serves a wheel (the files are
copied under ``portolan/`` in site-packages) and an editable install (setuptools' import finder
maps the two names to the checkout's folders), so ``importlib.resources.files`` finds them in
both (``portolan/paths.py``). Each folder holds an ``__init__.py`` because an editable install
maps only regular packages. Everything else is in ``pyproject.toml``; ``package_dir`` and a
package list that includes the mapped names cannot be written there next to automatic discovery.

An editable install also byte-compiles the checkout's code, as pip does for every file of a
regular install. Without it, where ``PYTHONDONTWRITEBYTECODE`` is set (this project's machines
set it), Python compiled Portolan's modules again on every command: about 0.3 s of each build.
"""

import compileall
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.editable_wheel import editable_wheel

CODE = ("portolan", "generator", "checker")
DATA_PACKAGES = {
    "portolan.components": "components",
    "portolan.templates": "templates",
    "portolan.examples": "examples",
}


class CompiledEditableWheel(editable_wheel):
    """``pip install -e``: the editable wheel, then the bytecode of the code it points at."""

    def run(self) -> None:
        super().run()
        here = Path(__file__).resolve().parent
        for package in CODE:
            compileall.compile_dir(here / package, quiet=1)


setup(
    packages=[*find_packages(include=[f"{p}*" for p in CODE]), *DATA_PACKAGES],
    package_dir=DATA_PACKAGES,
    cmdclass={"editable_wheel": CompiledEditableWheel},
)
