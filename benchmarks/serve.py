"""Load test of `portolan serve` on loopback: many tables refereeing at once.

    .venv/bin/python benchmarks/serve.py                      # 50 sessions for 60 s
    .venv/bin/python benchmarks/serve.py --sessions 10 --seconds 15

Starts `portolan serve` in its own process on a free loopback port with a fresh data folder.
Each session starts a game (a random game with a checker, a random player count), then reads
its table page and posts a random legal answer (opening a menu heading when it picks one) as
fast as the server answers, starting a new game when one ends. Afterwards every saved log is
read back from the data folder and replayed as `portolan check` does: each must be legal.
Prints requests per second, latency percentiles and the slowest response.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from portolan.checker.core.log import load_log
from portolan.checker.core.registry import GAMES
from portolan.checker.core.replay import replay
from portolan.model.loader import load_game
from portolan.paths import components_dir

ANSWER = re.compile(r'name="action" value="(choose|reveal)">\s*<button[^>]*value="(\d+)"')
AT = re.compile(r'name="at" value="(\d+)"')
HEADING = re.compile(r'href="(/play/[^"?]+\?open=[^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def players_for(game: str) -> int:
    spec = load_game(components_dir(), game).spec.players
    return random.randint(spec.min.value, spec.max.value)


async def session(client: httpx.AsyncClient, until: float, times: list[float], seed: int):
    rng = random.Random(seed)
    games = 0

    async def timed(method: str, url: str, **kw) -> httpx.Response:
        start = time.perf_counter()
        r = await client.request(method, url, **kw)
        times.append(time.perf_counter() - start)
        if r.status_code >= 400:
            raise RuntimeError(f"{method} {url}: {r.status_code}")
        return r

    while time.monotonic() < until:
        game = rng.choice(sorted(GAMES))
        names = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"][: players_for(game)]
        r = await timed("POST", "/play", data={"game": game, "players": ", ".join(names)})
        url = r.headers["location"]
        games += 1
        while time.monotonic() < until:
            page = (await timed("GET", url)).text
            answers = ANSWER.findall(page)
            headings = HEADING.findall(page)
            if not answers and not headings:
                break  # the game is over
            pick = rng.randrange(len(answers) + len(headings))
            if pick >= len(answers):
                page = (
                    await timed("GET", headings[pick - len(answers)].replace("&amp;", "&"))
                ).text
                answers = ANSWER.findall(page)
                if not answers:
                    continue
                pick = rng.randrange(len(answers))
            action, value = answers[pick]
            at = AT.search(page).group(1)
            await timed("POST", url, data={"at": at, "action": action, "value": value})
    return games


async def load(base: str, sessions: int, seconds: float) -> tuple[list[float], int, float]:
    times: list[float] = []
    limits = httpx.Limits(max_connections=sessions, max_keepalive_connections=sessions)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        start = time.monotonic()
        until = start + seconds
        games = await asyncio.gather(*(session(client, until, times, s) for s in range(sessions)))
        elapsed = time.monotonic() - start
    return times, sum(games), elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    if not 1 <= args.sessions <= 500 or not 1 <= args.seconds <= 600:
        parser.error("at most 500 sessions and 600 seconds")
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [sys.executable, "-m", "portolan", "serve", "--port", str(port), "--data", data],
            stdout=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(base + "/", timeout=2)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            times, games, elapsed = asyncio.run(load(base, args.sessions, args.seconds))
        finally:
            server.terminate()
            server.wait(10)
        logs = sorted(Path(data, "sessions").glob("*/log.yaml"))
        illegal = []
        for log in logs:
            result = replay(load_log(log, components_dir()))
            if not result.ok:
                illegal.append(f"{log}: {result.violation}")
    times.sort()

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p * len(times)))] * 1000

    print(f"{args.sessions} sessions, {elapsed:.0f} s, {games} games started")
    print(f"{len(times)} requests, {len(times) / elapsed:.0f} requests/s")
    print(
        f"latency: median {pct(0.5):.0f} ms, p95 {pct(0.95):.0f} ms, p99 {pct(0.99):.0f} ms, "
        f"slowest {times[-1] * 1000:.0f} ms"
    )
    print(f"{len(logs)} saved logs replayed: {len(logs) - len(illegal)} legal")
    for line in illegal[:10]:
        print("  " + line)
    return 1 if illegal else 0


if __name__ == "__main__":
    sys.exit(main())
