"""Whether a game's print set is up to date: a content hash of everything the build reads.

The hash covers the game's component folder, its templates and the shared ones, Portolan's data
tables, the program itself (its version and the source of ``generator/`` and ``portolan/``),
the versions of the libraries that draw, and the build options. A build stores it in the output
folder (``.portolan-build.json``, with the size of every file written); the next build of the
same game skips it when the hash is the same and every file is still there. Importing this
module loads no part of the printer, so a build with nothing to do is quick.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
from dataclasses import asdict
from importlib import metadata
from pathlib import Path

import portolan
from portolan.errors import InputError, Problem, display_path
from portolan.fsio import remove_stale
from portolan.generator.options import BuildOptions
from portolan.limits import component_limits, hint
from portolan.paths import data_file, templates_dir

STAMP = ".portolan-build.json"
LIBRARIES = ("reportlab", "svgwrite", "jinja2", "pypdfium2")
CHUNK = 2**20  # files are hashed a mebibyte at a time, never read whole
# A game's hidden folders in an output folder: a build's staging folder, the old set of a swap.
STAGING = re.compile(r"\.(?P<game>[a-z0-9-]+)\.(?:building|old)-(?P<pid>\d+)")

_program: str | None = None


def fingerprint(game_dir: Path, game_id: str, opts: BuildOptions) -> str | None:
    """The hash of what building ``game_id`` from ``game_dir`` with ``opts`` reads, or None
    when it cannot be known (a file unreadable, or changed while it was read).

    Every file of a folder is hashed, listed in ``game.yaml`` or not, so a folder from a
    stranger is refused (``InputError``, exit 2, naming the file) when it holds anything but
    regular files inside it (a device, a pipe, a link out of the folder) or more than
    ``components.folder_bytes`` in all."""
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
    except (OSError, _Changed):
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
        # the printer's code and its drawing data (generator/data: the icons), the model's code
        _add_tree(digest, "generator", Path(__file__).parent, True, suffix=(".py", ".json"))
        _add_tree(digest, "portolan", Path(portolan.__file__).parent, True, suffix=".py")
        _program = digest.hexdigest()
    return _program


class _Changed(Exception):
    """A file's size changed while it was read."""


def _add_tree(
    digest, label: str, folder: Path, deep: bool, suffix: str | tuple[str, ...] = ""
) -> None:
    """Every file of ``folder`` (and of its subfolders when ``deep``), by relative path and
    content, in a fixed order. Symbolic links to folders are not followed; one to a file is
    hashed only when the file is inside ``folder``."""
    digest.update(f"\0{label}\0".encode())
    if not folder.is_dir():
        return
    inside = os.path.realpath(folder)
    budget = component_limits().folder_bytes
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if deep and d != "__pycache__")
        for name in sorted(files):
            if not name.endswith(suffix):
                continue
            path = Path(root, name)
            size, content = _file_hash(path, inside, budget)
            budget -= size
            rel = path.relative_to(folder).as_posix()
            digest.update(f"{rel}\0{size}\0{content}\0".encode())
        if not deep:
            break


def _file_hash(path: Path, inside: str, budget: int) -> tuple[int, str]:
    """The size and hash of one regular file inside the folder ``inside``, read a chunk at a
    time and never past ``budget`` bytes. Opening never blocks (a pipe without a writer) and
    follows no link: the file opened is the one checked."""
    real = os.path.realpath(path)
    if os.path.commonpath([real, inside]) != inside:
        raise _refused(
            path, "a link to a file outside the game's folder", "copy the file in its place"
        )
    fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb", buffering=0) as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _refused(path, f"not a regular file ({_kind(info.st_mode)})", "remove it")
        if info.st_size > budget:
            raise _too_large(path)
        digest = hashlib.sha256()
        read = 0
        while chunk := f.read(min(CHUNK, budget - read + 1)):
            read += len(chunk)
            if read > budget:
                raise _too_large(path)
            digest.update(chunk)
    if read != info.st_size:
        raise _Changed
    return read, digest.hexdigest()


def _kind(mode: int) -> str:
    for test, kind in (
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISDIR, "a folder"),
    ):
        if test(mode):
            return kind
    return "not a file"


def _refused(path: Path, why: str, fix: str) -> InputError:
    return InputError(
        Problem(f"{why}: a game's folder holds only its own files", display_path(path), hint=fix)
    )


def _too_large(path: Path) -> InputError:
    limit = component_limits().folder_bytes
    return InputError(
        Problem(
            f"the game's folder holds more than the limit of {limit / 2**20:g} MiB",
            file=display_path(path),
            hint=hint("components.folder_bytes"),
        )
    )


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


def remove_left_behind(out_root: Path) -> None:
    """Remove the hidden folders that killed builds left in ``out_root``, for a build that
    finds every game up to date (one that builds removes them itself). Done only when no build
    holds the folder's lock: a build under way removes them when it starts."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: builds are not serialised there
        return
    try:
        fd = os.open(out_root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            remove_stale(out_root, STAGING)
    finally:
        os.close(fd)
