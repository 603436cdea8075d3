"""How long ``portolan build GAME`` takes, as a user runs it (a fresh process each time).

    .venv/bin/python benchmarks/build.py [GAME] [--runs N] [--format pdf,svg] [--jobs N]
                                         [--target S]

Runs the command N times (default 5) after one untimed warm-up, into a temporary folder, with
``--force`` (a build with nothing changed is skipped otherwise), and prints the wall and CPU
(user + system, the workers' included) time of each run, their median, and the fastest. The
target (default 2 s, for Age of Exploration) is how long the user waits: it is checked against
the median wall time, which is only meaningful on a quiet machine (the load average is
printed). This machine is a virtual one whose host takes some of its processors' time at
times ("steal" in /proc/stat): each run prints the share the host took, and the target is
judged on the runs where it took under 5 % (``QUIET``) when there are at least three of them,
else on every run; exit 1 when it is missed. The host also slows the machine without taking
time that shows (its other guests share the caches): a quiet run is not always a fast one.
``--jobs`` is passed on (default: the command's own, one worker per processor). Also prints
each component's share, measured in one process, to show where the time goes; the machine's
speed, as the time of a yardstick run before each build (``portolan check`` of an example log,
about 0.35 s on this machine's fast days; the host moves it far more: single runs from 0.27 to
0.61 s on 2026-12-03); and whether Portolan's modules have their bytecode: where
``PYTHONDONTWRITEBYTECODE`` is set, Python writes none (nor does an editable install), and
every run compiles them, about 0.3 s (``python -m compileall -q portolan generator checker``
writes it once).
"""

from __future__ import annotations

import argparse
import importlib.util
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


QUIET = 0.05  # the most of the processors' time the host may take in a run judged on its own


def uncompiled() -> list[str]:
    """Portolan's modules without bytecode for this Python, or whose bytecode is older."""
    out = []
    for package in ("portolan", "generator", "checker"):
        for source in (ROOT / package).rglob("*.py"):
            compiled = Path(importlib.util.cache_from_source(source))
            if not compiled.is_file() or compiled.stat().st_mtime < source.stat().st_mtime:
                out.append(source.relative_to(ROOT).as_posix())
    return out


def host_steal() -> float:
    """Seconds of this machine's processors' time that the host has taken since boot (the
    "steal" column of /proc/stat; 0 where there is none)."""
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


YARDSTICK = ROOT / "examples" / "exploration-age-of-sail" / "three-players.yaml"


def yardstick() -> float:
    """Seconds a ``portolan check`` of an example log takes now: the machine's speed."""
    start = time.perf_counter()
    command = [sys.executable, "-m", "portolan", "check", str(YARDSTICK)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start


def run_once(game: str, formats: str, out: Path, jobs: str | None) -> tuple[float, float, float]:
    """Wall time, CPU time, and the share of the processors' time the host took meanwhile."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    stolen = host_steal()
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
    stolen = host_steal() - stolen
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, stolen / (wall * (os.cpu_count() or 1))


def by_component(game_id: str, formats: tuple[str, ...]) -> list[tuple[str, float]]:
    from portolan.generator.build import BuildOptions, GameReport, build_component
    from portolan.generator.printset import SharedSheets
    from portolan.generator.staging import Staging
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
    missing = uncompiled()
    if missing:
        print(
            f"{len(missing)} of Portolan's modules have no bytecode (e.g. {missing[0]})"
            + (": each run compiles those it imports" if sys.flags.dont_write_bytecode else "")
        )
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        run_once(args.game, args.format, out, args.jobs)  # warm-up: bytecode, disk cache
        walls, cpus, quiet, sticks = [], [], [], []
        for k in range(args.runs):
            sticks.append(yardstick())
            wall, cpu, steal = run_once(args.game, args.format, out, args.jobs)
            walls.append(wall)
            cpus.append(cpu)
            if steal < QUIET:
                quiet.append(wall)
            print(
                f"run {k + 1}: {wall:.2f} s wall, {cpu:.2f} s CPU, host took {steal:.0%}, "
                f"yardstick {sticks[-1]:.2f} s"
            )
    print(f"median: {statistics.median(walls):.2f} s wall, {statistics.median(cpus):.2f} s CPU")
    print(f"yardstick median: {statistics.median(sticks):.2f} s (the machine's speed)")
    print(
        f"fastest: {min(walls):.2f} s wall, {min(cpus):.2f} s CPU (load {os.getloadavg()[0]:.1f})"
    )
    judged = quiet if len(quiet) >= 3 else walls
    if quiet:
        print(
            f"median of the {len(quiet)} runs where the host took under {QUIET:.0%}: "
            f"{statistics.median(quiet):.2f} s wall"
        )
    parts = by_component(args.game, tuple(args.format.split(",")))
    total = sum(t for _, t in parts)
    for cid, t in sorted(parts, key=lambda p: -p[1]):
        print(f"  {cid:28s} {t:.3f} s ({100 * t / total:.0f} %)")
    ok = statistics.median(judged) <= args.target
    which = "quiet runs" if judged is quiet else "every run: fewer than 3 quiet ones"
    print(f"target {args.target:.1f} s wall ({which}): {'met' if ok else 'missed'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
