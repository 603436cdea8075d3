"""The import layers of docs/architecture.md, read from the source: the model at the bottom,
the printer (generator) and the checker side by side, the CLI, the web server and the picture of
the table on top; and no import cycle anywhere."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("portolan", "generator", "checker")
# the entry point is on top too, and the picture of the table (read by the CLI and the web)
TOP = ("portolan.__main__", "portolan.cli", "portolan.web", "portolan.show")


@cache
def modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = path
    return out


def imported(name: str, path: Path) -> set[str]:
    """The project's modules that ``name`` imports (a package's own parents left out)."""
    known = modules()
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
    return {m for m in found if m in known and m != name and not name.startswith(m + ".")}


@cache
def graph() -> dict[str, frozenset[str]]:
    return {m: frozenset(imported(m, p)) for m, p in modules().items()}


def on_top(module: str) -> bool:
    return module in TOP or module.startswith(tuple(t + "." for t in TOP))


def arrows(source: str, target) -> list[str]:
    return sorted(
        f"{m} -> {t}" for m, ts in graph().items() if m.startswith(source) for t in ts if target(t)
    )


def test_the_printer_imports_nothing_of_the_checker_nor_the_checker_of_the_printer():
    assert not arrows("generator", lambda t: t.startswith("checker"))
    assert not arrows("checker", lambda t: t.startswith("generator"))


def test_the_model_imports_neither_flow():
    below = [m for m in graph() if m.startswith("portolan") and not on_top(m)]
    found = [
        f"{m} -> {t}" for m in below for t in graph()[m] if t.startswith(("generator", "checker"))
    ]
    assert not found


def test_nothing_below_imports_the_cli_or_the_web_server():
    found = [f"{m} -> {t}" for m, ts in graph().items() if not on_top(m) for t in ts if on_top(t)]
    assert not found


def test_no_import_cycle():
    """Tarjan's strongly connected components: every one is a single module."""
    g = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

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
                cycles.append(sorted(component))

    for v in sorted(g):
        if v not in index:
            visit(v)
    assert not cycles


def test_the_graph_is_read_whole():
    """The reader sees the modules the layers speak of (a test that reads nothing passes)."""
    g = graph()
    assert len(g) > 150
    assert "portolan.model.loader" in g["checker.core.game"]
    assert any(t.startswith("checker") for t in g["portolan.cli.check"])
