"""The import layers of docs/architecture.md, read from the source: the model at the bottom,
the printer (generator) and the checker side by side, the CLI and the web server on top; and no
import cycle anywhere.

Modules are named as they are imported: the folders checker/ and generator/ install under the
import name setup.py maps them to (``package_dir``: ``portolan.checker``), so the graph is read
on those names, and an import of a folder's bare name where it is mapped is a problem too (it
would load a second copy of the module). ``python3 /work/shared/tools/layers.py`` names modules
by folder and cannot see the mapped imports: this test is the one that does.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("portolan", "generator", "checker")


def import_names(root: Path) -> dict[str, str]:
    """Each code folder's import name: ``portolan.<folder>`` where setup.py's ``package_dir``
    maps it so (a dict literal of its), else the folder's own name."""
    mapped: dict[str, str] = {}
    for node in ast.walk(ast.parse((root / "setup.py").read_text("utf-8"))):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and isinstance(value, ast.Constant):
                    mapped[str(value.value)] = str(key.value)
    return {folder: mapped.get(folder, folder) for folder in FOLDERS}


class Layers:
    """The import graph of a checkout at ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.names = import_names(root)
        self.checker, self.generator = self.names["checker"], self.names["generator"]
        # the entry point is on top too, and the picture of the table (read by the CLI and the web)
        self.top = ("portolan.__main__", "portolan.cli", "portolan.web", "portolan.show")
        self.modules: dict[str, Path] = {}
        for folder, name in self.names.items():
            for path in (root / folder).rglob("*.py"):
                parts = path.relative_to(root / folder).with_suffix("").parts
                module = ".".join((name, *parts)).removesuffix(".__init__")
                self.modules[module] = path
        self.graph = {m: frozenset(self._imported(m, p)) for m, p in self.modules.items()}

    def _imports_of(self, name: str, path: Path) -> set[str]:
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = name.split(".")
                    keep = len(parts) - node.level + (path.name == "__init__.py")
                    base = ".".join([*parts[:keep], *([base] if base else [])])
                found.add(base)
                found.update(f"{base}.{a.name}" for a in node.names)
        return found

    def _imported(self, name: str, path: Path) -> set[str]:
        """The project's modules that ``name`` imports (a package's own parents left out)."""
        found = self._imports_of(name, path)
        return {
            m for m in found if m in self.modules and m != name and not name.startswith(m + ".")
        }

    def bare_imports(self) -> list[str]:
        """Imports of a mapped folder by its folder name (``import checker.x`` where checker
        installs as ``portolan.checker``)."""
        bare = [f for f, n in self.names.items() if n != f]
        return sorted(
            f"{m} -> {t}"
            for m, p in self.modules.items()
            for t in self._imports_of(m, p)
            if t.split(".")[0] in bare
        )

    def in_package(self, module: str, package: str) -> bool:
        return module == package or module.startswith(package + ".")

    def on_top(self, module: str) -> bool:
        return any(self.in_package(module, t) for t in self.top)

    def arrows(self, source: str, target: str) -> list[str]:
        return sorted(
            f"{m} -> {t}"
            for m, ts in self.graph.items()
            if self.in_package(m, source)
            for t in ts
            if self.in_package(t, target)
        )

    def model_arrows(self) -> list[str]:
        """Imports of either flow by the model (portolan but the CLI, the web and the flows)."""
        flows = (self.checker, self.generator)
        below = [
            m
            for m in self.graph
            if self.in_package(m, "portolan")
            and not self.on_top(m)
            and not any(self.in_package(m, f) for f in flows)
        ]
        return sorted(
            f"{m} -> {t}"
            for m in below
            for t in self.graph[m]
            if any(self.in_package(t, f) for f in flows)
        )

    def top_arrows(self) -> list[str]:
        return sorted(
            f"{m} -> {t}"
            for m, ts in self.graph.items()
            if not self.on_top(m)
            for t in ts
            if self.on_top(t)
        )

    def cycles(self) -> list[list[str]]:
        """Tarjan's strongly connected components of more than one module."""
        g, index, low = self.graph, {}, {}
        stack: list[str] = []
        on_stack: set[str] = set()
        found: list[list[str]] = []

        def visit(v: str) -> None:
            index[v] = low[v] = len(index)
            stack.append(v)
            on_stack.add(v)
            for w in g[v]:
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

        for v in sorted(g):
            if v not in index:
                visit(v)
        return found

    def problems(self) -> list[str]:
        return [
            *(f"bare import: {a}" for a in self.bare_imports()),
            *(f"printer imports checker: {a}" for a in self.arrows(self.generator, self.checker)),
            *(f"checker imports printer: {a}" for a in self.arrows(self.checker, self.generator)),
            *(f"model imports a flow: {a}" for a in self.model_arrows()),
            *(f"imports the top: {a}" for a in self.top_arrows()),
            *(f"import cycle: {' <-> '.join(c)}" for c in self.cycles()),
        ]


@cache
def checkout() -> Layers:
    return Layers(ROOT)


def test_the_checkout_keeps_its_layers():
    assert checkout().problems() == []


def test_the_graph_is_read_whole():
    """The reader sees the modules the layers speak of (a test that reads nothing passes)."""
    layers = checkout()
    g = layers.graph
    assert len(g) > 150
    assert "portolan.model.loader" in g[f"{layers.checker}.core.game"]
    assert any(layers.in_package(t, layers.checker) for t in g["portolan.cli.check"])
    assert any(layers.in_package(t, layers.generator) for t in g["portolan.cli.build"])


def _tree(root: Path, mapped: bool, files: dict[str, str]) -> Path:
    """A small checkout: setup.py (mapping checker/ and generator/ or not) and ``files``."""
    mapping = '{"portolan.checker": "checker", "portolan.generator": "generator"}'
    (root / "setup.py").write_text(f"MAPPED = {mapping if mapped else '{}'}\n", "utf-8")
    for folder in FOLDERS:
        (root / folder).mkdir()
        (root / folder / "__init__.py").write_text("", "utf-8")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return root


def test_a_clean_tree_has_no_problem(tmp_path):
    tree = _tree(
        tmp_path,
        True,
        {
            "portolan/model.py": "",
            "portolan/cli/__init__.py": (
                "import portolan.checker.core\nimport portolan.generator.build\n"
            ),
            "checker/core.py": "from portolan import model\n",
            "generator/build.py": "from portolan.model import x\n",
        },
    )
    layers = Layers(tree)
    assert layers.names == {
        "portolan": "portolan",
        "checker": "portolan.checker",
        "generator": "portolan.generator",
    }
    assert layers.problems() == []
    assert "portolan.checker.core" in layers.graph["portolan.cli"]


def test_each_planted_violation_is_found(tmp_path):
    tree = _tree(
        tmp_path,
        True,
        {
            "portolan/model.py": "from portolan.checker import core\n",
            "portolan/cli/__init__.py": "",
            "checker/core.py": "import portolan.generator.build\nimport checker.other\n",
            "checker/other.py": "",
            "generator/build.py": "from portolan.checker.core import x\nfrom portolan import cli\n",
        },
    )
    problems = Layers(tree).problems()
    expected = [
        "bare import: portolan.checker.core -> checker.other",
        "printer imports checker: portolan.generator.build -> portolan.checker.core",
        "checker imports printer: portolan.checker.core -> portolan.generator.build",
        "model imports a flow: portolan.model -> portolan.checker.core",
        "imports the top: portolan.generator.build -> portolan.cli",
    ]
    for problem in expected:
        assert problem in problems, problems
    assert any(p.startswith("import cycle: ") for p in problems)  # checker.core <-> build


def test_unmapped_folders_are_read_by_their_own_names(tmp_path):
    tree = _tree(tmp_path, False, {"generator/build.py": "import checker\n"})
    layers = Layers(tree)
    assert layers.checker == "checker"
    assert layers.problems() == ["printer imports checker: generator.build -> checker"]
