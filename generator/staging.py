"""The hidden folder a game is built into, before it is swapped into the output folder."""

from __future__ import annotations

import os
from pathlib import Path

from portolan.errors import InputError, OutputError, Problem
from portolan.fsio import inside
from portolan.model.loader import Component


class Staging:
    """The hidden folder one game is built into. It hands out the path of every file written,
    each inside the folder and each only once, so no id from a components folder can write
    elsewhere or silently overwrite another component's file."""

    def __init__(self, root: Path):
        self.root = root
        self.base = root.resolve()
        self.component: Component | None = None
        self.claimed: dict[Path, str] = {}
        # Folders already made and found inside, by their parts: a file named plainly in one
        # needs no second look at the disk (a build hands out hundreds of paths, most in a few
        # folders).
        self._folders: dict[tuple[str, ...], Path] = {}

    def file(self, *parts: str) -> Path:
        path = self.root.joinpath(*parts)
        resolved, known = self._resolved(parts, path)
        self._claim(resolved, "/".join(parts))
        if not known:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise OutputError.of(exc, path.parent) from None
            self._remember(parts, resolved)
        return path

    def claim(self, path: Path) -> None:
        """Take ``path`` (a file of this folder that another process wrote, e.g. a worker of
        ``--jobs``) as written by the current component: refused if it was written already."""
        try:
            parts = path.relative_to(self.root).parts
        except ValueError:
            raise self._refuse(f"'{path}' would be written outside the output folder") from None
        resolved, known = self._resolved(parts, path)
        self._claim(resolved, "/".join(parts))
        if not known:
            self._remember(parts, resolved)

    def _resolved(self, parts: tuple[str, ...], path: Path) -> tuple[Path, bool]:
        """``path`` (``parts`` under the root) resolved, and whether its folder was known
        already (made and found inside); refused when it lies outside."""
        *folder, name = parts
        made = self._folders.get(tuple(folder)) if _plain(name) else None
        if made is not None:
            return made / name, True
        try:
            return inside(self.base, path), False
        except ValueError:
            where = "/".join(parts)
            raise self._refuse(f"'{where}' would be written outside the output folder") from None

    def _remember(self, parts: tuple[str, ...], resolved: Path) -> None:
        *folder, name = parts
        if _plain(name) and all(map(_plain, folder)):
            self._folders[tuple(folder)] = resolved.parent

    def _claim(self, resolved: Path, shown: str) -> None:
        owner = self.component.id if self.component else "?"
        if resolved in self.claimed:
            raise self._refuse(
                f"'{shown}' would be written twice (by '{self.claimed[resolved]}' and '{owner}')"
            )
        self.claimed[resolved] = owner

    def _refuse(self, message: str) -> InputError:
        c = self.component
        if c is None:
            return InputError(Problem(message))
        return InputError(c.source.problem(message, c.raw.value_pos.get("id"), field="id"))


def _plain(name: str) -> bool:
    """A name that stays in its folder: not empty, no separator, not '.' or '..'."""
    return name not in ("", ".", "..") and "/" not in name and os.sep not in name
