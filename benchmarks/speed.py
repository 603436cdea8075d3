"""The speed figures of issue 31 ("Speed that stays") in one run, each against its target.

    python benchmarks/speed.py [--runs N] [--only NAME,...] [--compare TREE]

Each figure is measured in fresh processes (CPU seconds, user + system, of the process and its
children): the median of ``--runs`` runs after one untimed warm-up. ``--compare TREE`` measures
a second source tree the same way, run for run in turn with this one, and prints before, after
and after/before; the tree needs a venv of its own with it installed (``git worktree add
/tmp/before <commit>``, then ``python3 -m venv .venv && .venv/bin/pip install -e .`` there),
or its checker and generator are this tree's.

Targets (a verdict above 1 misses; exit 1 if any does):
  naive    the generator against a naive reportlab canvas drawing the same cards   <= 1.5 x
  scale    10,000 distinct cards against 1,000 (fixture game, PDF)                 <= 10 x
  check    `portolan check` of the longest example log against `portolan --version` <= 2 x
           (beside it, not judged: ``floor``, typer, pydantic and yaml imported with one
           TypeAdapter built, and ``components``, the same with the game's components loaded,
           each against `portolan --version`)
  replay   replayed actions per second, every game (seeded random games' logs)      >= 50,000/s
  long     `portolan check` of a 2,000-turn log, every game (an example's turns
           repeated: every turn is read, the replay stops where the game ends)      < 2 s CPU
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p.parent.name for p in (ROOT / "components").glob("*/game.yaml"))  # as installed
PER_DECK = 1000  # portolan/data/limits.yaml: cards_per_deck
LONG_TURNS = 2000


# -- running a command as a whole process ------------------------------------------------------
def python_of(tree: Path) -> str:
    """The interpreter that runs ``tree``'s code: its own venv's (``.venv``, an editable install
    of that tree), else this one. PYTHONPATH alone is not enough: ``portolan.checker`` and
    ``portolan.generator`` are mapped to their folders by the editable install of the
    interpreter that runs, so this venv would run its own tree's checker and printer."""
    own = tree / ".venv" / "bin" / "python"
    if tree != ROOT and not own.exists():
        print(
            f"warning: {tree} has no .venv: its checker and generator are not measured, "
            "this tree's are",
            file=sys.stderr,
        )
    return str(own) if own.exists() else sys.executable


def timed(cmd: list[str], tree: Path, cwd: Path | None = None) -> tuple[float, float, float, str]:
    """(CPU s, wall s, peak MB, stdout) of ``cmd`` run with ``tree`` as the program's source
    (a command of this interpreter is run by the tree's own: ``python_of``)."""
    if cmd[0] == sys.executable:
        cmd = [python_of(tree), *cmd[1:]]
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode cached
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(
            cmd, cwd=cwd or tree, env=env, stdout=out, stderr=subprocess.DEVNULL
        )
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024, text


def portolan(*args: str) -> list[str]:
    return [sys.executable, "-m", "portolan", *args]


def child(code: str, *args: str) -> list[str]:
    return [sys.executable, "-c", code, *args]


# -- the measurements: each returns {figure: value} for one run in ``tree`` ---------------------
# What any `check` costs before Portolan's own work, each in a process of its own: the fixed
# dependencies (typer 0.29 converts every parameter through a pydantic TypeAdapter), then the
# same and the game's components read and validated, with no checker.
FLOOR = "import typer, yaml; from pathlib import Path; from pydantic import TypeAdapter; "
FLOOR += "TypeAdapter(Path)"
COMPONENTS = FLOOR + "; from portolan.model.loader import load_game; "
COMPONENTS += "load_game(Path('components'), 'age-of-exploration')"


def check(tree: Path) -> dict:
    log = longest_example()
    version, _, _, _ = timed(portolan("--version"), tree)
    cpu, _, _, _ = timed(portolan("check", str(log)), tree)
    floor, _, _, _ = timed(child(FLOOR), tree)
    components, _, _, _ = timed(child(COMPONENTS), tree)
    return {
        "--version s": version,
        "check s": cpu,
        "ratio": cpu / version,
        "floor ratio": floor / version,
        "components ratio": components / version,
    }


def turn_entries(text: str) -> tuple[str, list[str]]:
    """A log's text up to its ``turns:`` line (included), and its turn entries, each as its
    lines (what follows the turns, e.g. an ``end:`` section, is left out)."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("turns:"))
    entries: list[str] = []
    for line in lines[start + 1 :]:
        if line.startswith("  - "):
            entries.append(line)
        elif line.startswith(" ") and entries:
            entries[-1] += line
        elif line.strip():
            break
    return "".join(lines[: start + 1]), entries


def longest_example() -> Path:
    """The example log with the most turns (then the most bytes)."""
    logs = [p for g in GAMES for p in (ROOT / "examples" / g).glob("*.yaml")]
    return max(logs, key=lambda p: (len(turn_entries(p.read_text("utf-8"))[1]), p.stat().st_size))


def long_log(game: str, turns: int) -> str:
    """The game's first example log, its turns repeated until there are ``turns``."""
    example = sorted((ROOT / "examples" / game).glob("*.yaml"))[0]
    head, entries = turn_entries(example.read_text("utf-8"))
    return head + "".join(entries[k % len(entries)] for k in range(turns))


def long(tree: Path) -> dict:
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for game in GAMES:
            path = Path(tmp, f"{game}.yaml")
            path.write_text(long_log(game, LONG_TURNS), "utf-8")
            out[game], _, _, _ = timed(portolan("check", str(path)), tree)
    return {**out, "slowest": max(out.values())}


REPLAY = """
import random, sys, time
from portolan.checker.core.log import parse_log
from portolan.checker.core.logwriter import log_text
from portolan.checker.core.options import resolve
from portolan.checker.core.registry import GAMES, rules_for
from portolan.checker.core.replay import replay
from portolan.checker.core.simulate import default_players, random_game
from portolan.model import load_game
from portolan.paths import components_dir
from portolan.yamlsrc import Source
logs_per_game = int(sys.argv[1])
for game in sorted(GAMES):
    rules = rules_for(game)
    model = load_game(components_dir(), game)
    options = resolve(rules.options(model), {}, Source("benchmark"))
    rng = random.Random(2)
    texts = []
    for k in range(logs_per_game):
        names = default_players(2 + k % 3)
        g = random_game(rules, model, names, options, rng)
        texts.append(log_text(rules, model, names, options, g.steps))
    logs = [parse_log(t, f"log{k}.yaml", components_dir()) for k, t in enumerate(texts)]
    actions = sum(len(log.steps) for log in logs)
    best = float("inf")
    for _ in range(3):
        t = time.process_time()
        for log in logs:
            replay(log)
        best = min(best, time.process_time() - t)
    print(game, actions / best)
"""


def replay(tree: Path) -> dict:
    _, _, _, text = timed(child(REPLAY, "10"), tree)
    rates = {line.split()[0]: float(line.split()[1]) for line in text.splitlines() if line}
    return {**rates, "slowest": min(rates.values())}


NAIVE = re.compile(r"ratio[^\n]*?(\d+\.\d+)")


def naive(tree: Path) -> dict:
    _, _, _, text = timed([sys.executable, str(tree / "benchmarks" / "print.py"), "1"], tree)
    found = NAIVE.findall(text)
    return {"ratio": float(found[-1]) if found else float("nan")}


# -- deck size -------------------------------------------------------------------------------
def synthetic(folder: Path, distinct: int, copies: int = 1) -> Path:
    """The fixture game with ``distinct`` cards, ``copies`` of each, in as many decks as the
    input limits ask (``cards_per_deck``: 1,000 copies a deck)."""
    target = folder / "components"
    shutil.copytree(ROOT / "tests" / "fixtures" / "components", target)
    game_dir = target / "fixture-game"
    text = (game_dir / "conquerors.yaml").read_text("utf-8")
    head = text[: text.index("cards:")]
    decks: list[list[tuple[int, int]]] = [[]]  # (card, copies) in each deck
    room = PER_DECK
    for card in range(distinct):
        left = copies
        while left:
            if not room:
                decks.append([])
                room = PER_DECK
            n = min(left, room)
            decks[-1].append((card, n))
            left -= n
            room -= n
    names = []
    for k, cards in enumerate(decks, start=1):
        total = sum(n for _, n in cards)
        top = re.sub(r"total: \{value: \d+", f"total: {{value: {total}", head)
        top = top.replace("id: conquerors", f"id: deck-{k}")
        lines = "".join(
            f"  - {{name: Explorer {c + 1}, type: explorer, count: {n}, "
            f"traits: [{('Fight', 'Navigation')[c % 2]}]}}\n"
            for c, n in cards
        )
        (game_dir / f"deck-{k}.yaml").write_text(top + "cards:\n" + lines, "utf-8")
        names.append(f"deck-{k}.yaml")
    (game_dir / "conquerors.yaml").unlink()
    game = (game_dir / "game.yaml").read_text("utf-8")
    listed = "".join(f"  - {n}\n" for n in names)
    game = game.replace("  - conquerors.yaml\n", listed)
    (game_dir / "game.yaml").write_text(game, "utf-8")
    return target


def deck(tree: Path, distinct: int, copies: int = 1) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        components = synthetic(Path(tmp), distinct, copies)
        out = Path(tmp, "out")
        cmd = portolan(
            "build", "--components", str(components), "--out", str(out), "--format", "pdf"
        )
        cpu, _, peak, _ = timed(cmd, tree)
        size = sum(p.stat().st_size for p in out.rglob("*.pdf")) / 1e6
    return {"cpu": cpu, "peak": peak, "MB": size}


# -- the report ------------------------------------------------------------------------------
def measure(name: str, work, trees: list[Path], runs: int, warm: bool = True) -> list[dict]:
    """Median of each figure over ``runs`` runs per tree, the trees taking turns (after one
    untimed warm-up each unless ``warm`` is false: the long runs warm up on their own)."""
    for tree in trees if warm else ():
        work(tree)  # warm-up: bytecode, disk cache
    results: list[list[dict]] = [[] for _ in trees]
    for _ in range(runs):
        for k, tree in enumerate(trees):
            results[k].append(work(tree))
    return [{key: statistics.median(r[key] for r in rs) for key in rs[0]} for rs in results]


def show(name: str, figures: list[dict], target: str = "", verdict: float | None = None) -> bool:
    labels = ["now"] if len(figures) == 1 else ["before", "now"]
    cells = []
    for key in figures[-1]:
        values = [f.get(key) for f in figures]
        text = " → ".join(f"{v:.3g}" if v is not None else "-" for v in values)
        if len(values) == 2 and values[0] and values[1]:
            text += f" (×{values[1] / values[0]:.2f})"
        cells.append(f"{key} {text}")
    ok = verdict is None or verdict <= 1
    tail = f"   target {target}: {verdict:.2f} {'met' if ok else 'MISSED'}" if target else ""
    print(f"{name:<11} [{'/'.join(labels)}] " + "; ".join(cells) + tail)
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--compare", type=Path, help="an older source tree, measured in turn")
    ap.add_argument("--only", default="", help="comma-separated names of figures to measure")
    args = ap.parse_args()
    trees = ([args.compare.resolve()] if args.compare else []) + [ROOT]
    only = set(filter(None, args.only.split(",")))

    def wanted(name: str) -> bool:
        return not only or name in only

    ok = True
    now = -1
    if wanted("naive"):
        f = measure("naive", naive, trees, 1)
        ok &= show("naive", f, "<= 1.5x", f[now]["ratio"] / 1.5)
    if wanted("scale"):
        small = measure("scale", lambda t: deck(t, 1000), trees, 1)
        large = measure("scale", lambda t: deck(t, 10_000), trees, 1, warm=False)
        f = [
            {"1,000 s": s["cpu"], "10,000 s": g["cpu"], "ratio": g["cpu"] / s["cpu"]}
            for s, g in zip(small, large, strict=True)
        ]
        ok &= show("scale", f, "<= 10x", f[now]["ratio"] / 10)
    if wanted("check"):
        f = measure("check", check, trees, args.runs)
        ok &= show("check", f, "<= 2x --version", f[now]["ratio"] / 2)
    if wanted("replay"):
        f = measure("replay", replay, trees, 1)
        ok &= show("replay", f, ">= 50,000/s", 50_000 / f[now]["slowest"])
    if wanted("long"):
        f = measure("long", long, trees, args.runs)
        ok &= show("long", f, "< 2 s", f[now]["slowest"] / 2)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
