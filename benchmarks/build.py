"""How long ``portolan build GAME`` takes, as a user runs it (a fresh process each time).

    .venv/bin/python benchmarks/build.py [GAME] [--runs N] [--format pdf,svg] [--jobs N]
                                         [--target S]

Runs the command N times (default 5) after one untimed warm-up, into a temporary folder, with
``--force`` (a build with nothing changed is skipped otherwise), and prints the wall and CPU
(user + system, the workers' included) time of each run, their median, and the fastest. The
target (default 2 s, for Age of Exploration) is how long the user waits: it is checked against
the median wall time, which is only meaningful on a quiet machine (the load average is
printed); exit 1 when it is missed. ``--jobs`` is passed on (default: the command's own, one
worker per processor). Also prints each component's share, measured in one process, to show
where the time goes.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def run_once(game: str, formats: str, out: Path, jobs: str | None) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [sys.executable, "-m", "portolan", "build", game, "--out", str(out), "--force"]
    command += ["--format", formats, *(["--jobs", jobs] if jobs is not None else [])]
    subprocess.run(
        command,
        check=True,
        stdout=subprocess.DEVNULL,
        cwd=ROOT,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def by_component(game_id: str, formats: tuple[str, ...]) -> list[tuple[str, float]]:
    from generator.build import BuildOptions, GameReport, build_component
    from generator.printset import SharedSheets
    from generator.staging import Staging
    from portolan.model import load_game
    from portolan.paths import components_dir

    game = load_game(components_dir(), game_id)
    opts = BuildOptions(formats=formats)
    out = []
    with tempfile.TemporaryDirectory() as folder:
        staging, shared = Staging(Path(folder)), SharedSheets(game, opts)
        for component in game.components:
            start = time.perf_counter()
            build_component(game, component, staging, opts, GameReport(game.id), shared)
            out.append((component.id, time.perf_counter() - start))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="?", default="age-of-exploration")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--format", default="pdf,svg")
    ap.add_argument("--target", type=float, default=2.0)
    ap.add_argument("--jobs", default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        run_once(args.game, args.format, out, args.jobs)  # warm-up: bytecode, disk cache
        walls, cpus = [], []
        for k in range(args.runs):
            wall, cpu = run_once(args.game, args.format, out, args.jobs)
            walls.append(wall)
            cpus.append(cpu)
            print(f"run {k + 1}: {wall:.2f} s wall, {cpu:.2f} s CPU")
    print(f"median: {statistics.median(walls):.2f} s wall, {statistics.median(cpus):.2f} s CPU")
    print(
        f"fastest: {min(walls):.2f} s wall, {min(cpus):.2f} s CPU (load {os.getloadavg()[0]:.1f})"
    )
    parts = by_component(args.game, tuple(args.format.split(",")))
    total = sum(t for _, t in parts)
    for cid, t in sorted(parts, key=lambda p: -p[1]):
        print(f"  {cid:28s} {t:.3f} s ({100 * t / total:.0f} %)")
    ok = statistics.median(walls) <= args.target
    print(f"target {args.target:.1f} s wall: {'met' if ok else 'missed'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
