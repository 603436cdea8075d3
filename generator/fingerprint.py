"""Whether a game's print set is up to date: a content hash of everything the build reads.

The hash covers the game's component folder, its templates and the shared ones, Portolan's data
tables, the program itself (its version and the source of ``generator/`` and ``portolan/``),
the versions of the libraries that draw, and the build options. A build stores it in the output
folder (``.portolan-build.json``, with the size of every file written); the next build of the
same game skips it when the hash is the same and every file is still there. Importing this
module loads no part of the printer, so a build with nothing to do is quick.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict
from importlib import metadata
from pathlib import Path

import portolan
from generator.options import BuildOptions
from portolan.paths import data_file, templates_dir

STAMP = ".portolan-build.json"
LIBRARIES = ("reportlab", "svgwrite", "jinja2", "pypdfium2")
# A folder past this is not hashed (its build is never skipped): hashing it would cost more
# than the skip saves.
MAX_BYTES = 64 * 2**20

_program: str | None = None


def fingerprint(game_dir: Path, game_id: str, opts: BuildOptions) -> str | None:
    """The hash of what building ``game_id`` from ``game_dir`` with ``opts`` reads, or None
    when it cannot be known (a folder too large or unreadable)."""
    digest = hashlib.sha256()
    digest.update(_program_hash().encode())
    digest.update(json.dumps(asdict(opts), sort_keys=True).encode())
    templates = templates_dir()
    try:
        for label, folder, deep in (
            ("components", game_dir, True),
            ("templates", templates / game_id, True),
            ("shared templates", templates, False),
            ("data", data_file("sizes.yaml").parent, False),
        ):
            _add_tree(digest, label, folder, deep)
    except (OSError, _TooLarge):
        return None
    return digest.hexdigest()


def _program_hash() -> str:
    """Portolan's version, the source of the printer and the model, the drawing libraries."""
    global _program
    if _program is None:
        digest = hashlib.sha256(portolan.__version__.encode())
        for name in LIBRARIES:
            try:
                digest.update(f"{name} {metadata.version(name)}\n".encode())
            except metadata.PackageNotFoundError:
                digest.update(f"{name} -\n".encode())
        for package in (Path(__file__).parent, Path(portolan.__file__).parent):
            _add_tree(digest, package.name, package, True, suffix=".py")
        _program = digest.hexdigest()
    return _program


class _TooLarge(Exception):
    pass


def _add_tree(digest, label: str, folder: Path, deep: bool, suffix: str = "") -> None:
    """Every file of ``folder`` (and of its subfolders when ``deep``), by relative path and
    content, in a fixed order. Symbolic links to folders are not followed."""
    digest.update(f"\0{label}\0".encode())
    if not folder.is_dir():
        return
    total = 0
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if deep and d != "__pycache__")
        for name in sorted(files):
            if not name.endswith(suffix):
                continue
            path = Path(root, name)
            data = path.read_bytes()
            total += len(data)
            if total > MAX_BYTES:
                raise _TooLarge
            rel = path.relative_to(folder).as_posix()
            digest.update(f"{rel}\0{len(data)}\0".encode())
            digest.update(data)
        if not deep:
            break


def stamp(
    folder: Path, key: str, files: list[Path], warnings: list[str], notes: list[str] = ()
) -> None:
    """Record in the built ``folder`` what it was built from, what it holds, and what its
    build reported (warnings, and the layout's notes), to be told again when it is skipped."""
    sizes = {f.relative_to(folder).as_posix(): f.stat().st_size for f in files}
    record = {"fingerprint": key, "files": sizes, "warnings": warnings, "notes": list(notes)}
    (folder / STAMP).write_text(json.dumps(record, indent=1, sort_keys=True), encoding="utf-8")


def up_to_date(folder: Path, key: str | None) -> dict | None:
    """The stamp of ``folder`` if it was built from ``key`` and every file it wrote is still
    there at its size; otherwise None."""
    if key is None:
        return None
    try:
        record = json.loads((folder / STAMP).read_text(encoding="utf-8"))
        if record.get("fingerprint") != key:
            return None
        for rel, size in record["files"].items():
            if (folder / rel).stat().st_size != size:
                return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return record
