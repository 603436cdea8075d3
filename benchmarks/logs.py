"""Reading long logs: time and memory grow in proportion to the log.

    python benchmarks/logs.py [--turns 100000] [--game ID] [--steps 3] [--repeat 1] [--compare TREE]
                              [--varied]

For every game with a checker (or ``--game``), a log of ``--turns`` turns is made by repeating
the turns of the game's first example log, then read the way ``portolan check`` reads it, in a
fresh process: the YAML (``parse_log_yaml``: the head, and where each turn starts), the turns
(``read_log``: each turn's YAML, read one entry at a time, and the game's turn parser), the
replay (which stops at the first turn after the game's end). An older tree without
``portolan/yamllog.py`` reads the whole YAML in the first phase. Each size from
turns/2**(steps-1) up to ``--turns`` is measured, so the per-turn figures show whether reading
is linear; with ``--repeat`` each size is read that many times and the run with the least CPU
time is shown. A log that would pass the
document size limit (``yaml.document_bytes``: Ships' turns are long) is cut to the most turns
that fit, marked ``*``. ``--compare TREE`` reads each log with an older source tree too (e.g. from
``git archive``), the two runs in turn, so that both see the same load. ``--varied`` makes the
log of the turns of seeded random games (``portolan simulate``), one after another, instead: a
repeated example repeats whole entries, which the entry reader and the parsers remember, while a
real long log seldom writes the same turn twice, so ``--varied`` is the harder and truer figure.

Target (issue 9): 100,000 turns in under 5 s and 300 MB on the project's machine. A log of
10,000 turns or more is read on two cores when a second one is free (checker/core/twocores.py);
``--one-core`` reads every log in one process, as before. Wall and CPU times are printed (CPU:
this process's and its child's, the steadier figure on a shared machine, and the greater by
what two processes cost) with the peak resident memory of the process after the YAML and at the
end, which includes Python and the game model (about 50 MB), and the child's peak (most of its
pages are the parent's, shared since the fork; its own are about 70 to 80 MB for 100,000
turns). Each log is read once the load average is under 1.2 (``settle``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = [
    "exploration-age-of-sail",
    "age-of-discovery",
    "discovery-era-of-voyage",
    "ships",
    "age-of-exploration",
]

CHILD = """
import json, resource, sys, time
from pathlib import Path
from checker.core.log import read_log
from checker.core.replay import replay
from portolan.model import load_game
from portolan.yamlsrc import Source, gc_paused, load_yaml
try:  # as load_log reads a log: the head, then the turns one entry at a time while they are read
    from portolan.yamllog import parse_log_yaml
    from portolan.yamlsrc import read_document
    def read_yaml(path):
        return parse_log_yaml(read_document(path), path)
except ImportError:  # an older tree (--compare): the whole document
    read_yaml = load_yaml

path, components, game, cores = sys.argv[1], Path(sys.argv[2]), sys.argv[3], sys.argv[4]
if cores == "one":  # --one-core: the turns read in this process alone
    try:
        import checker.core.twocores
        checker.core.twocores.SPLIT_TURNS = 10**12
    except ImportError:  # an older tree reads on one core anyway
        pass
load_game(components, game)  # the model, read once as check does, outside the figures
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
times, peaks = {}, {}
def cpu_time():  # this process's and its children's (the second core's part of the turns)
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
for phase in ("yaml", "turns", "replay"):
    wall, cpu = time.perf_counter(), cpu_time()
    if phase == "yaml":
        with gc_paused():
            raw = read_yaml(path)
    elif phase == "turns":
        with gc_paused():
            log = read_log(raw, Source(path), components)
    else:
        result = replay(log)
    times[phase] = (time.perf_counter() - wall, cpu_time() - cpu)
    peaks[phase] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
peaks["child"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"times": times, "peaks_kb": peaks, "base_kb": base, "steps": len(log.steps)}))
"""


def make_log(game: str, turns: int, varied: bool = False) -> str:
    """The first example log of ``game`` with its turns repeated until there are ``turns``; or,
    ``varied``, the turns of as many seeded random games (``portolan simulate``) as it takes,
    one after another: turns that seldom repeat whole, as a real long log's would not."""
    if varied:
        return varied_log(game, turns)
    example = sorted((ROOT / "examples" / game).glob("*.yaml"))[0]
    return repeated(example.read_text("utf-8").splitlines(keepends=True), turns)


def turn_lines(lines: list[str]) -> tuple[int, list[str]]:
    """The index of a log's ``turns:`` line and its turns, one text per entry."""
    start = next(i for i, line in enumerate(lines) if line.startswith("turns:"))
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i][:1] not in (" ", "-", "\n")),
        len(lines),
    )
    entries: list[str] = []
    for line in lines[start + 1 : end]:
        if line.startswith("  - ") or not entries:
            entries.append(line)
        else:
            entries[-1] += line
    return start, entries


def repeated(lines: list[str], turns: int) -> str:
    start, entries = turn_lines(lines)
    body = [entries[k % len(entries)] for k in range(turns)]
    return "".join(lines[: start + 1] + body)


def varied_log(game: str, turns: int) -> str:
    head, entries = _played(game, turns)
    return head + "".join(entries[:turns])


_PLAYED: dict[str, tuple[str, list[str]]] = {}


def _played(game: str, turns: int) -> tuple[str, list[str]]:
    """The head of one random game's log and the turns of enough games for ``turns``, played
    once per game and kept (the size limit may ask for fewer turns, never for more)."""
    if game in _PLAYED and len(_PLAYED[game][1]) >= turns:
        return _PLAYED[game]
    head, body = "", []
    with tempfile.TemporaryDirectory() as tmp:
        games = max(20, turns // 40)  # more than enough: a game lasts 60 to 300 turns
        subprocess.run(
            [
                sys.executable,
                "-m",
                "portolan",
                "simulate",
                game,
                "--games",
                str(games),
                "--seed",
                "7",
                "--log-dir",
                tmp,
            ],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        for log in sorted(Path(tmp).glob("*.yaml")):
            lines = log.read_text("utf-8").splitlines(keepends=True)
            start, entries = turn_lines(lines)
            head = head or "".join(lines[: start + 1])
            body += entries
            if len(body) >= turns:
                break
    _PLAYED[game] = head, body
    return head, body


def fitting(game: str, turns: int, varied: bool = False) -> int:
    """``turns``, or fewer if a log of that many would pass the document size limit."""
    from portolan.limits import yaml_limits

    limit = yaml_limits().document_bytes
    size = len(make_log(game, turns, varied).encode("utf-8"))
    while size > limit:
        turns = int(turns * limit / size * 0.99)
        size = len(make_log(game, turns, varied).encode("utf-8"))
    return turns


def settle(most: float = 1.2, patience: float = 90) -> None:
    """Wait (up to ``patience`` s) for the load average to fall under ``most``: making a varied
    log runs ``simulate`` on every core, and ``check`` reads on one core while the last minute
    was busy (checker/core/twocores.py), as a user's would."""
    deadline = time.monotonic() + patience
    while os.getloadavg()[0] >= most and time.monotonic() < deadline:
        time.sleep(2)


def measure(
    game: str, turns: int, folder: Path, tree: Path, varied: bool = False, one_core: bool = False
) -> dict:
    path = folder / f"{game}-{turns}.yaml"
    if not path.exists():
        path.write_text(make_log(game, turns, varied), "utf-8")
    settle()
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode cached
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            CHILD,
            str(path),
            str(tree / "components"),
            game,
            "one" if one_core else "two",
        ],
        capture_output=True,
        text=True,
        cwd=tree,
        env=env,
        check=True,
    )
    data = json.loads(proc.stdout)
    data["mb"] = path.stat().st_size / 1e6
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--game", choices=GAMES, default=None)
    parser.add_argument("--steps", type=int, default=3, help="sizes measured, halving each time")
    parser.add_argument("--repeat", type=int, default=1, help="runs per size; the best is shown")
    parser.add_argument("--compare", type=Path, help="an older source tree, read in turn")
    parser.add_argument(
        "--varied",
        action="store_true",
        help="the turns of many seeded random games, not one example's turns repeated",
    )
    parser.add_argument(
        "--one-core",
        action="store_true",
        help="read every log in one process (a long log is otherwise read on two cores)",
    )
    args = parser.parse_args()
    trees = {"now": ROOT}
    if args.compare:
        trees = {"before": args.compare.resolve(), "now": ROOT}
    print(
        "times in s (wall / CPU of this process and its child); µs per turn of CPU;"
        " peak resident MB (this process; its child, the second core)"
    )
    print(
        f"{'game':<24}{'':<7}{'turns':>8}{'MB':>6}{'yaml':>12}{'turns':>12}{'replay':>12}"
        f"{'total':>12}{'µs/turn':>8}{'peak':>6}{'end':>6}{'child':>6}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for game in [args.game] if args.game else GAMES:
            most = fitting(game, args.turns, args.varied)
            for turns in sorted({most // 2**k for k in range(args.steps)}):
                runs: dict[str, list[dict]] = {name: [] for name in trees}
                for _ in range(args.repeat):
                    for name, tree in trees.items():  # in turn, so both see the same load
                        runs[name].append(
                            measure(game, turns, Path(tmp), tree, args.varied, args.one_core)
                        )
                for name, found in runs.items():
                    d = min(found, key=lambda r: sum(c for _, c in r["times"].values()))
                    t = d["times"]
                    wall = sum(w for w, _ in t.values())
                    cpu = sum(c for _, c in t.values())
                    cells = "".join(f"{w:>6.2f}/{c:<5.2f}" for w, c in (*t.values(), (wall, cpu)))
                    mark = "*" if most < args.turns else " "
                    peaks = d["peaks_kb"]
                    print(
                        f"{game:<24}{name if args.compare else '':<7}{turns:>7,}{mark}"
                        f"{d['mb']:>6.1f} {cells}{cpu / turns * 1e6:>7.0f}"
                        f"{peaks['yaml'] / 1024:>6.0f}{peaks['replay'] / 1024:>6.0f}"
                        f"{peaks.get('child', 0) / 1024:>6.0f}"
                    )
                for f in Path(tmp).glob("*.yaml"):
                    f.unlink()


if __name__ == "__main__":
    main()
