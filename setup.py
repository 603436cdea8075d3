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
"""

from setuptools import find_packages, setup

CODE = ("portolan", "generator", "checker")
DATA_PACKAGES = {
    "portolan.components": "components",
    "portolan.templates": "templates",
    "portolan.examples": "examples",
}

# The code folders at the top of the checkout install under the one import name (a wheel adds
# only ``portolan`` to site-packages): the same package_dir mapping as the data folders, so an
# editable install maps them too.
CODE_PACKAGES = {"portolan.checker": "checker", "portolan.generator": "generator"}
CODE_PACKAGES_ALL = [
    name + found[len(folder) :]
    for name, folder in CODE_PACKAGES.items()
    for found in find_packages(include=[folder, f"{folder}.*"])
]

setup(
    packages=[
        *find_packages(include=["portolan", "portolan.*"]),
        *CODE_PACKAGES_ALL,
        *DATA_PACKAGES,
    ],
    package_dir={**DATA_PACKAGES, **CODE_PACKAGES},
)
