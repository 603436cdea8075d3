"""A long log's turns read on two cores (issue 9, item 10).

Reading 100,000 turns takes seconds of one core, most of it in reading each entry's YAML and the
game's turn parser, and a turn is read on its own: its steps depend on its entry, its player and
its number, nothing read before it. So when a log is long (``SPLIT_TURNS``), the game's turns
are read alone (``RulesBase.turns_read_alone``), the machine has a second core and this process
may fork (one thread), the process forks: the child reads the second part of the turns and sends
their steps back in a compact form (``_encode``), while the parent reads the head and the first
part; the parent puts the two together (``_decode``).

What comes back is what one reading gives, step for step (tests/checker/test_twocores.py).
Whatever is not plain — a problem in either part, a turn that only the whole document's reader
can read, a child that fails or dies — and the log is read the ordinary way, in this process,
so every message is the one a single reading gives.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import sys
import threading
import time
from array import array
from functools import partial
from operator import itemgetter
from pathlib import Path
from typing import Any

from checker.core.game import RulesBase, Step
from portolan.forks import die_with_parent
from portolan.yamllog import TurnList
from portolan.yamlsrc import Pos, YMap

SPLIT_TURNS = 10_000  # fewer turns than this are read in less time than a fork is worth
# The parent's share: it also puts the child's steps together, the child also packs them.
PARENT_SHARE = 0.55
# The least time the parent waits for the child after reading its own part (and at least four
# times that part's time): a child still not done is taken to be stuck.
MIN_PATIENCE = 30.0

_move_of, _turn_of, _player_of, _pos_of = (itemgetter(i) for i in range(4))  # of a Step
_line_of, _column_of = itemgetter(0), itemgetter(1)  # of a Pos
_new_pos = partial(tuple.__new__, Pos)
_new_step = partial(tuple.__new__, Step)


def read_steps(
    rules: RulesBase, model: Any, raw: Any, source: Any, players: list[str], options: dict
):
    """The steps of a log, as ``rules.parse_log`` reads them; on two cores when worth it."""
    turns = raw.get("turns") if isinstance(raw, YMap) else None
    if _worth_splitting(rules, turns):
        steps = read_in_two(rules, model, raw, source, players, options)
        if steps is not None:
            return steps
    return rules.parse_log(model, raw, source, players, options)


def _worth_splitting(rules: RulesBase, turns: Any) -> bool:
    return (
        rules.turns_read_alone
        and isinstance(turns, TurnList)
        and len(turns) >= SPLIT_TURNS
        and _may_fork()
        and _cores() >= 2
        and _cores() - _load() >= 0.5  # half a core idle, over the last minute
    )


def _may_fork() -> bool:
    """On Linux, in a process of one thread: a fork copies the locks other threads may hold,
    never the threads (``generator.parallel`` forks its workers on the same terms)."""
    return sys.platform.startswith("linux") and threading.active_count() == 1


def _cores() -> float:
    """The processors this process may use: its affinity, and a container's CPU quota."""
    try:
        cores = float(len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        cores = float(os.cpu_count() or 1)
    try:  # cgroup v2: "quota period", or "max period" for none
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()
        if quota != "max":
            cores = min(cores, int(quota) / int(period))
    except (OSError, ValueError):
        pass
    return cores


def _load() -> float:
    """The processes running or waiting to, over the last minute: on a busy machine a second
    process costs a third more work and saves no time."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def read_in_two(
    rules: Any, model: Any, raw: YMap, source: Any, players: list[str], options: dict, at=None
) -> list[Step] | None:
    """The steps read in two parts, the second by a forked child; None when either part has
    a problem, the child fails or cannot be started (the caller then reads the log the
    ordinary way). ``at``: the number of turns the parent reads (``PARENT_SHARE`` of them by
    default)."""
    turns: TurnList = raw["turns"]
    cut = int(len(turns) * PARENT_SHARE) if at is None else at
    before = turns.first + cut  # turns numbered up to this one are the parent's
    # Ctrl-C is held back across the fork, so that it lands either before it or in the parent's
    # ``try`` below, never in a child still in this function's code.
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    parent = os.getpid()
    try:
        readable, writable = os.pipe()
    except OSError:  # no file descriptors left
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        return None
    try:
        pid = os.fork()
    except OSError:  # no process can be started (a limit on processes, no memory)
        os.close(readable)
        os.close(writable)
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        return None
    if pid == 0:  # the child: never returns
        try:
            die_with_parent(parent)
            os.close(readable)
            second_part = _with_turns(raw, turns.part(cut, len(turns)))
            _child(writable, rules, model, second_part, source, players, options, before)
        finally:
            os._exit(1)
    os.close(writable)
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        started = time.monotonic()
        first_part = _with_turns(raw, turns.part(0, cut))
        head = rules.parse_log(model, first_part, source, players, options)
        data = _receive(readable, max(MIN_PATIENCE, 4 * (time.monotonic() - started)))
    except BaseException as exc:  # a problem in the first part, or an interrupt
        _stop(pid)
        if not isinstance(exc, Exception):
            raise
        return None  # the problem is reported by the ordinary reading
    finally:
        os.close(readable)
    if data is None:  # the child took far longer than the parent: stuck
        _stop(pid)
        return None
    if not _exited_well(pid) or not data or max(map(_turn_of, head), default=0) > before:
        return None
    return _decode(pickle.loads(data), head)


def _child(writable, rules, model, raw, source, players, options, before) -> None:
    """Read the second part and send its steps; exit 0 only when they are all sent. The
    child's standard streams go to /dev/null: nothing of the command's output is its."""
    code = 1
    try:
        quiet = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(quiet, fd)
        steps = rules.parse_log(model, raw, source, players, options)
        data = pickle.dumps(_encode([s for s in steps if s[1] > before]), protocol=5)
        with os.fdopen(writable, "wb") as pipe:
            pipe.write(data)
        code = 0
    except BaseException:  # any problem: the parent reads the log the ordinary way
        code = 1
    finally:
        os._exit(code)  # no atexit handlers, no buffers of the parent's flushed twice


def _receive(readable: int, patience: float) -> bytes | None:
    """Everything the child sends, or None if it has not finished within ``patience`` seconds
    (the same work as the parent's, so a child far slower than that is stuck: it is ended and
    the parent reads the log alone rather than wait on it for ever)."""
    deadline = time.monotonic() + patience
    data = bytearray()
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([readable], [], [], left)[0]:
            return None
        chunk = os.read(readable, 1 << 20)
        if not chunk:
            return bytes(data)
        data += chunk


def _exited_well(pid: int) -> bool:
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) == 0


def _stop(pid: int) -> None:
    """End the child, if it still runs, and wait for it (no zombie is left)."""
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def _with_turns(raw: YMap, turns: TurnList) -> YMap:
    """The log ``raw`` with ``turns`` in place of its turns (the rest shared)."""
    out = YMap(raw)
    out.pos, out.key_pos, out.value_pos = raw.pos, raw.key_pos, raw.value_pos
    out["turns"] = turns
    return out


def _encode(steps: list[Step]) -> tuple:
    """Steps as five arrays of numbers and two short tables (moves and players): a step's move
    is one of a few hundred, and pickling each step would cost more than reading it. An array
    of C ints (4 bytes) holds any move index, turn, seat, line or column of a log within the
    size limit (a larger number raises, and the log is read the ordinary way)."""
    moves = list(map(_move_of, steps))
    by_id = dict(zip(map(id, moves), moves, strict=True))
    distinct: dict[Any, int] = {}
    index_of_id = {}
    table = []
    for key, move in by_id.items():
        try:
            k = distinct.setdefault(move, len(table))
        except TypeError:  # an unhashable move: one entry per object
            k = len(table)
        if k == len(table):
            table.append(move)
        index_of_id[key] = k
    seats = list(dict.fromkeys(map(_player_of, steps)))
    seat_index = {p: i for i, p in enumerate(seats)}
    positions = list(map(_pos_of, steps))
    missing = [i for i, p in enumerate(positions) if p is None] if None in positions else []
    for i in missing:
        positions[i] = (0, 0)
    return (
        table,
        seats,
        array("i", map(index_of_id.__getitem__, map(id, moves))),
        array("i", map(_turn_of, steps)),
        array("i", map(seat_index.__getitem__, map(_player_of, steps))),
        array("i", map(_line_of, positions)),
        array("i", map(_column_of, positions)),
        missing,
    )


def _decode(packed: tuple, into: list[Step]) -> list[Step]:
    """The steps of ``_encode``'s ``packed``, appended to ``into`` (returned)."""
    table, seats, moves, turns, players, lines, columns, missing = packed
    positions: Any = map(_new_pos, zip(lines, columns, strict=True))
    if missing:
        positions = list(positions)
        for i in missing:
            positions[i] = None
    into.extend(
        map(
            _new_step,
            zip(
                map(table.__getitem__, moves),
                turns,
                map(seats.__getitem__, players),
                positions,
                strict=True,
            ),
        )
    )
    return into
