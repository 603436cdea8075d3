"""Writing files safely: atomically, durably, inside their folder, one writer at a time.

Every failure of the disk or of a path (read-only, full, a file where a folder should be, a
broken symbolic link) becomes an ``OutputError`` naming the path and the operating system's
reason; the command line exits with code 74 for it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from portolan.errors import OutputError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks, builds are not serialised
    fcntl = None  # type: ignore[assignment]


def fsync_path(path: Path, *, folder: bool = False) -> None:
    """Flush ``path`` (a file, or a folder's entries) to the disk."""
    flags = os.O_RDONLY | (getattr(os, "O_DIRECTORY", 0) if folder else 0)
    fd = os.open(path, flags)
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):  # e.g. a folder on some
            raise  # file systems cannot be synced; its files were
    finally:
        os.close(fd)


def fsync_tree(root: Path, flushed: frozenset[Path] | set[Path] = frozenset()) -> None:
    """Flush every file and folder under ``root`` (and ``root``) to the disk, but for the
    files already ``flushed``."""
    for folder, _, files in os.walk(root):
        for name in files:
            path = Path(folder) / name
            if path not in flushed:
                fsync_path(path)
        fsync_path(Path(folder), folder=True)


class Flusher:
    """Flushes files to the disk in a thread of its own while the caller writes the next ones:
    a flush mostly waits for the disk, and the thread waits in its place. ``finish`` waits for
    every flush asked for and raises the first failure."""

    def __init__(self) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self._thread = ThreadPoolExecutor(1, thread_name_prefix="portolan-fsync")
        self._pending: list = []
        self.flushed: set[Path] = set()  # asked for; all done once ``finish`` returns

    def __call__(self, paths: list[Path]) -> None:
        if paths:
            self._pending.append(self._thread.submit(_fsync_all, list(paths)))
            self.flushed.update(paths)

    def finish(self) -> None:
        try:
            for pending in self._pending:
                pending.result()
        finally:
            self.close()

    def close(self) -> None:
        self._thread.shutdown(wait=True, cancel_futures=True)


def _fsync_all(paths: list[Path]) -> None:
    for path in paths:
        fsync_path(path)


def write_atomic(path: Path, text: str, *, durable: bool = True) -> None:
    """Replace ``path`` in one step, so an interrupted write never leaves half a file, and make
    the new file durable before it replaces the old one (``durable=False``: skip the flushes to
    the disk, for notes whose loss after a power cut costs nothing that matters). The file keeps
    its mode (a new one gets the usual mode, as the umask allows), and a symbolic link keeps
    pointing at it: its target is what is replaced."""
    given = Path(path)
    try:
        path = Path(os.path.realpath(given)) if given.is_symlink() else given
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        mode = _mode_for(path)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:64]}.", dir=path.parent)
    except OSError as exc:
        raise OutputError.of(exc, given) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fchmod(f.fileno(), mode)
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
        if durable:
            fsync_path(path.parent, folder=True)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise OutputError.of(exc, given) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _mode_for(path: Path) -> int:
    """The mode of the file ``path`` names, or that of a new file under the umask."""
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def inside(root: Path, path: Path) -> Path:
    """``path`` resolved; a ``ValueError`` if it lies outside ``root`` (resolved too)."""
    resolved = path.resolve()
    base = root.resolve()
    if resolved != base and not resolved.is_relative_to(base):
        raise ValueError(f"{path} is outside {root}")
    return resolved


def output_folder(path: Path) -> Path:
    """Make sure ``path`` is a folder Portolan may write into (creating it); else OutputError."""
    if path.is_symlink() and not path.exists():
        raise OutputError(path, "a symbolic link to nothing (its target does not exist)")
    if path.exists() and not path.is_dir():
        raise OutputError(path, "not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError.of(exc, path) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise OutputError(path, os.strerror(errno.EACCES))
    return path


@contextlib.contextmanager
def locked(folder: Path, on_wait: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the lock of ``folder`` (one build at a time into one output folder); a second
    holder waits (``on_wait`` is called once when it has to)."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    while True:
        try:
            fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError as exc:
            raise OutputError.of(exc, folder) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if on_wait is not None:
                on_wait()
                on_wait = None
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:  # a file system without locks: go on without
            os.close(fd)
            yield
            return
        try:
            same = os.fstat(fd).st_ino == os.stat(folder).st_ino
        except OSError:
            same = False
        if same:
            break
        os.close(fd)  # the folder was removed and made again while we waited: lock the new one
        output_folder(folder)
    try:
        yield
    finally:
        os.close(fd)  # closing releases the lock


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, someone else's
        return True
    except OSError:
        return False
    return True


def remove_stale(folder: Path, pattern: re.Pattern[str]) -> list[Path]:
    """Remove the entries of ``folder`` whose name matches ``pattern`` (with a ``pid`` group)
    left by processes that no longer run; returns what was removed."""
    removed = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        m = pattern.fullmatch(entry.name)
        if not m or pid_alive(int(m["pid"])):
            continue
        with contextlib.suppress(OSError):
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
            removed.append(entry)
    return removed


def remove(path: Path) -> None:
    """Remove a file, a folder tree or a symbolic link (not what it points to), if present."""
    if path.is_symlink() or path.is_file():
        path.unlink(missing_ok=True)
    elif path.exists():
        shutil.rmtree(path)
