"""The work a request hands to a thread, a few at a time.

Checking a log, scoring a position and replaying a saved game run in threads, so the server
answers other requests meanwhile. Starlette's own pool runs up to 40 at once; a log at the size
limit holds a few hundred MB while it is read, so 40 at once could take more memory than the
machine has, and Python's interpreter lock lets only one of them compute at a time anyway.
``in_turn`` runs at most ``AT_ONCE`` of them; the rest wait for a free place, first come first
served (docs/safety.md).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from anyio.lowlevel import RunVar

AT_ONCE = 2

T = TypeVar("T")

# One limiter per event loop (a limiter belongs to the loop it was made in), as anyio keeps
# its own default one.
_limiter: RunVar[anyio.CapacityLimiter] = RunVar("portolan_web_work")


def limiter() -> anyio.CapacityLimiter:
    try:
        return _limiter.get()
    except LookupError:
        made = anyio.CapacityLimiter(AT_ONCE)
        _limiter.set(made)
        return made


async def in_turn(func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``func(*args, **kwargs)`` in a worker thread once one of the ``AT_ONCE`` places is free."""
    return await anyio.to_thread.run_sync(
        functools.partial(func, *args, **kwargs), limiter=limiter()
    )
