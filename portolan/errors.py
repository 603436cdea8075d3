"""Input problems: one clear message per problem, with file, line, column, field and hint.

Anything the user typed (YAML, a turn log, a command-line option) that cannot be read is an
``InputError``; the command line prints its problems and exits with code 2. Illegal *game steps*
are not input errors: they are ``portolan.checker.core.violation.Violation`` values (exit code 1). A
file
that cannot be written (a read-only or full disk, ``--out`` naming a file) is an ``OutputError``:
exit code 74, as sysexits' EX_IOERR. Exit code 3 is kept for bugs in Portolan.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from pathlib import Path

EXIT_ILLEGAL = 1
EXIT_INPUT = 2
EXIT_BUG = 3
EXIT_IO = 74  # sysexits.h EX_IOERR


@dataclass(frozen=True)
class Problem:
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    field: str | None = None
    hint: str | None = None

    def where(self) -> str:
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        text = "" if self.file is None and self.line is None else f"{self.where()}: "
        if self.field:
            text += f"{self.field}: "
        text += self.message
        if self.hint:
            text += f" ({self.hint})"
        return text


class InputError(Exception):
    """One or more problems with the user's input; nothing has been written."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class OutputError(Exception):
    """A file or folder Portolan cannot write: the path and the operating system's reason."""

    def __init__(self, path: str | Path, reason: str):
        self.path = _as_given(path)
        self.reason = reason
        super().__init__(f"{self.path}: {reason}")

    @classmethod
    def of(cls, exc: OSError, path: str | Path | None = None) -> OutputError:
        """The error for ``exc``, reported at ``path`` (default: the file the OS names)."""
        where = path if path is not None else (exc.filename or "<output>")
        return cls(where, exc.strerror or str(exc))


def display_path(path: str | Path) -> str:
    """A path as the user would like to read it: relative to the working directory if inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


def _as_given(path: str | Path) -> str:
    """Like ``display_path``, without following symbolic links (a broken one is the problem)."""
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def did_you_mean(word: str, choices, *, cutoff: float = 0.6) -> str | None:
    """A hint naming the closest of ``choices`` to ``word``, or listing them when there are few."""
    from portolan.names import fold

    choices = [str(c) for c in choices]
    if not choices:
        return None
    folded = {fold(c): c for c in choices}
    close = difflib.get_close_matches(fold(str(word)), list(folded), n=1, cutoff=cutoff)
    if close:
        return f"did you mean '{folded[close[0]]}'?"
    if len(choices) <= 8:
        return "expected one of: " + ", ".join(f"'{c}'" for c in choices)
    return None
