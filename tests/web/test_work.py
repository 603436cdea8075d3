"""portolan/web/work.py: checks, scorings and replays run a few at a time, the rest waiting."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import anyio

from portolan.errors import InputError, Problem
from portolan.web import work


class Gauge:
    """How many calls run at once, and the most there were."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.now = self.most = self.calls = 0
        self.lock = threading.Lock()

    def __call__(self, *args, **kwargs):
        with self.lock:
            self.now += 1
            self.calls += 1
            self.most = max(self.most, self.now)
        time.sleep(self.seconds)
        with self.lock:
            self.now -= 1
        return args, kwargs


def run_loop(main):
    """``anyio.run(main)`` in a thread of its own: the browser tests leave an event loop
    running in the test process's thread, where anyio.run refuses to start another."""
    out = []
    thread = threading.Thread(target=lambda: out.append(anyio.run(main)))
    thread.start()
    thread.join(30)
    assert out, "the event loop did not finish"
    return out[0]


def test_no_more_than_the_places_run_at_once_and_every_call_is_run():
    gauge = Gauge(0.05)
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
    gauge = Gauge(0.2)

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
