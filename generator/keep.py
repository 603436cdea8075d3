"""Formats add to a game's folder: a build that was not asked for a format keeps that format's
files from the folder it replaces (``portolan build ships --format tts`` after a default build
leaves the PDFs and SVGs). The files of a format the build was asked for are always its own:
a deck that was removed leaves no stale PDF behind.

Each format writes to its own place (generator/build.py, publish.py, exports/): PDFs at the top
of the folder, the others in a folder named after the format.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path, PurePosixPath

FOLDER_FORMATS = ("svg", "png", "tts", "cards-png")


def format_of(relative: PurePosixPath) -> str | None:
    """The build format a file of a game's folder belongs to; None for what every build
    writes (the rules reference, the build record)."""
    if len(relative.parts) > 1:
        return relative.parts[0] if relative.parts[0] in FOLDER_FORMATS else None
    return "pdf" if relative.suffix == ".pdf" else None


def keep_other_formats(old: Path, stage: Path, formats: tuple[str, ...]) -> list[Path]:
    """Link (or copy) into ``stage`` the files of ``old`` whose format was not built this time
    and that ``stage`` lacks; returns them as paths in ``stage``."""
    if not old.is_dir() or old.is_symlink():
        return []
    kept = []
    for path in sorted(old.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue  # a build writes regular files only
        relative = PurePosixPath(path.relative_to(old).as_posix())
        fmt = format_of(relative)
        target = stage / relative
        if fmt is None or fmt in formats or target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(path, target)  # the same bytes, without copying them
        except OSError:
            shutil.copy2(path, target)
        kept.append(target)
    return kept
