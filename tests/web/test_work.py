"""portolan/web/work.py: checks, scorings and replays run a few at a time, the rest waiting."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import anyio

from portolan.errors import InputError, Problem
from portolan.web import work


class Gauge:
    """How many of ``total`` calls run at once, and the most there were.

    A call does not wait for time to let the others catch up: it waits until as many calls
    run as there are places (or as are left), then holds a moment, so the most is reached
    however busy the machine is, and a place too many would show."""

    def __init__(self, total: int, hold: float = 0.05):
        self.total, self.hold = total, hold
        self.now = self.most = self.calls = self.done = 0
        self.changed = threading.Condition()

    def __call__(self, *args, **kwargs):
        with self.changed:
            self.now += 1
            self.calls += 1
            self.most = max(self.most, self.now)
            self.changed.notify_all()
            full = lambda: self.now >= min(work.AT_ONCE, self.total - self.done)  # noqa: E731
            assert self.changed.wait_for(full, timeout=300), "the other places never filled"
        time.sleep(self.hold)
        with self.changed:
            self.now -= 1
            self.done += 1
            self.changed.notify_all()
        return args, kwargs


def run_loop(main):
    """``anyio.run(main)`` in a thread of its own: the browser tests leave an event loop
    running in the test process's thread, where anyio.run refuses to start another."""
    out = []
    thread = threading.Thread(target=lambda: out.append(anyio.run(main)))
    thread.start()
    thread.join(300)  # a bound on a hang, far above what the loop takes
    assert out, "the event loop did not finish"
    return out[0]


def test_no_more_than_the_places_run_at_once_and_every_call_is_run():
    gauge = Gauge(7)
    results = []

    async def main():
        async def one(i):
            results.append(await work.in_turn(gauge, i, key=i))

        async with anyio.create_task_group() as tasks:
            for i in range(7):
                tasks.start_soon(one, i)

    run_loop(main)
    assert gauge.most == work.AT_ONCE
    assert sorted(results) == [((i,), {"key": i}) for i in range(7)]


def test_each_event_loop_has_its_own_places():
    async def places():
        return work.limiter()

    first, second = run_loop(places), run_loop(places)
    assert first is not second
    assert first.total_tokens == second.total_tokens == work.AT_ONCE


def test_checks_posted_at_once_wait_for_a_free_place(client, monkeypatch):
    gauge = Gauge(6)

    def slow_check(site, text, name):
        gauge()
        raise InputError(Problem("refused after the wait", field="text"))

    monkeypatch.setattr("portolan.web.check.check_text", slow_check)

    def post(i):
        return client.post("/check", data={"text": f"game: x{i}"}).status_code

    with ThreadPoolExecutor(6) as pool:
        codes = list(pool.map(post, range(6)))
    assert codes == [422] * 6
    assert gauge.calls == 6
    assert gauge.most == work.AT_ONCE
