"""Every speed target of issue 16 in one run, each as a figure, its target and their ratio.

    python benchmarks/speed.py [--runs N] [--compare TREE] [--only NAME,...]
    python benchmarks/speed.py --scale [--compare TREE]     # the deck-size curves only

Each figure is measured in fresh processes (CPU seconds, user + system, of the process and its
children; peak resident memory of the largest): the median of ``--runs`` runs after one untimed
warm-up. ``--compare TREE`` measures a second source tree (a checkout of an older commit, e.g.
``git archive <commit> | tar -x -C /tmp/before``) the same way, run for run in turn with this one,
and prints before, after and after/before: on a shared machine the ratio is the steadier figure.

Targets (a ratio above 1 misses; exit 1 if any does):
  build-5      full build of every game (PDF + SVG)                     < 2 s CPU, < 150 MB
  build-3      the same, of the three games of issue 16's time          < 1.2 s CPU
  jobs         build --jobs 2: same bytes as --jobs 1 (wall time shown)
  unchanged    a rebuild with nothing changed                           < 0.3 s CPU
  scale        10,000 distinct cards / 1,000 cards                      <= 10 x
  copies       10,000 copies of one card                                < 4 s CPU
  check        portolan check of an example log                         < 0.15 s CPU
  check-long   portolan check of a 76,000-action log                    < 1.2 s CPU
  naive        the generator against a naive reportlab canvas           <= 1.5 x
  png          PNG previews against rasterising alone                   <= 2 x
  play         random games of every game, 2 players                    >= 300 games/s
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
THREE = ["age-of-discovery", "discovery-era-of-voyage", "exploration-age-of-sail"]
EXAMPLE = "examples/exploration-age-of-sail/two-players.yaml"
PER_DECK = 1000  # portolan/data/limits.yaml: cards_per_deck


# -- running a command as a whole process ------------------------------------------------------
def timed(cmd: list[str], tree: Path, cwd: Path | None = None) -> tuple[float, float, float, str]:
    """(CPU s, wall s, peak MB, stdout) of ``cmd`` run with ``tree`` as the program's source."""
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
def build(tree: Path, games: list[str]) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        cpu, _, peak, _ = timed(portolan("build", *games, "--out", tmp), tree)
    return {"cpu": cpu, "peak": peak}


def jobs(tree: Path) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        one, two = Path(tmp, "one"), Path(tmp, "two")
        _, wall1, _, _ = timed(portolan("build", "--out", str(one)), tree)
        _, wall2, _, _ = timed(portolan("build", "--out", str(two), "--jobs", "2"), tree)
        same = _tree_bytes(one) == _tree_bytes(two)
    return {"wall 1 job": wall1, "wall 2 jobs": wall2, "same bytes": float(same)}


def _tree_bytes(root: Path) -> dict:
    return {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def unchanged(tree: Path) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        timed(portolan("build", "--out", tmp), tree)
        cpu, _, _, text = timed(portolan("build", "--out", tmp), tree)
    return {"cpu": cpu, "skipped": float("up to date" in text)}


def check(tree: Path) -> dict:
    cpu, _, peak, _ = timed(portolan("check", str(ROOT / EXAMPLE)), tree)
    return {"cpu": cpu, "peak": peak}


def check_long(tree: Path) -> dict:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from logs import make_log  # benchmarks/logs.py: an example log's turns repeated

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "long.yaml")
        path.write_text(make_log("exploration-age-of-sail", 76_000), "utf-8")
        cpu, _, peak, _ = timed(portolan("check", str(path)), tree)
    return {"cpu": cpu, "peak": peak}


NAIVE = re.compile(r"ratio[^\n]*?(\d+\.\d+)")


def naive(tree: Path) -> dict:
    _, _, _, text = timed([sys.executable, str(tree / "benchmarks" / "print.py"), "1"], tree)
    found = NAIVE.findall(text)
    return {"ratio": float(found[-1]) if found else float("nan")}


PNG = """
import sys, tempfile, time
from pathlib import Path
from generator.build import BuildOptions, build_games
from generator.backends.png import write_pngs
from portolan.model import load_game
from portolan.paths import components_dir
import pypdfium2 as pdfium
out = Path(tempfile.mkdtemp())
game = load_game(components_dir(), "exploration-age-of-sail")
build_games([game], out, BuildOptions(formats=("pdf",)))
pdfs = sorted(out.rglob("*.pdf"))
def raster():
    for p in pdfs:
        doc = pdfium.PdfDocument(str(p))
        for i in range(len(doc)):
            doc[i].render(scale=100 / 72)
        doc.close()
def previews():
    for p in pdfs:
        write_pngs(p, lambda n: out / f"{p.stem}-{n}.png")
times = {}
for name, work in (("raster", raster), ("png", previews)) * 2:
    t = time.process_time(); work(); times[name] = time.process_time() - t
print(times["raster"], times["png"])
"""


def png(tree: Path) -> dict:
    _, _, _, text = timed(child(PNG), tree)
    raster, previews = (float(x) for x in text.split())
    return {"raster s": raster, "previews s": previews, "ratio": previews / raster}


PLAY = """
import random, sys, time
from checker.core.registry import GAMES, rules_for
from checker.core.options import resolve
from checker.core.simulate import default_players, random_game
from portolan.model import load_game
from portolan.paths import components_dir
from portolan.yamlsrc import Source
games = int(sys.argv[1])
for game in sorted(GAMES):
    rules = rules_for(game)
    model = load_game(components_dir(), game)
    options = resolve(rules.options(model), {}, Source("benchmark"))
    rng = random.Random(1)
    t = time.process_time()
    for _ in range(games):
        random_game(rules, model, default_players(2), options, rng)
    print(game, games / (time.process_time() - t))
"""


def play(tree: Path) -> dict:
    _, _, _, text = timed(child(PLAY, "150"), tree)
    rates = {line.split()[0]: float(line.split()[1]) for line in text.splitlines() if line}
    return {**rates, "slowest": min(rates.values())}


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


REFERENCE = """
import sys, tempfile, time
from pathlib import Path
from generator.build import BuildOptions
from generator.kinds import reference
from generator.markup import parse
from portolan.model import load_game
from portolan.paths import components_dir
game = load_game(components_dir(), "exploration-age-of-sail")
spec = next(c for c in game.components if c.kind == "reference").spec
rows = int(sys.argv[1])
head = "# Cards\\n\\n| Card | Type | Copies | Details |\\n|---|---|---|---|\\n"
row = "| Card {0} | Hazard | {1} | tests Navigation; Crew -1, card {0} |\\n"
text = head + "".join(row.format(k, k % 3 + 1) for k in range(rows))
blocks = parse(text)
path = Path(tempfile.mkdtemp()) / "r.pdf"
t = time.process_time()
reference._pdf(game, spec, blocks, path, BuildOptions(), "#1f3a5f")
print(time.process_time() - t)
"""


def reference(tree: Path, rows: int) -> dict:
    _, _, _, text = timed(child(REFERENCE, str(rows)), tree)
    return {"cpu": float(text)}


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
    ap.add_argument("--scale", action="store_true", help="the deck-size curves only")
    args = ap.parse_args()
    trees = ([args.compare.resolve()] if args.compare else []) + [ROOT]
    if args.scale:
        return scale(trees, args.runs)
    only = set(filter(None, args.only.split(",")))

    def wanted(name: str) -> bool:
        return not only or name in only

    ok = True
    now = -1
    if wanted("build-5"):
        f = measure("build-5", lambda t: build(t, []), trees, args.runs)
        ok &= show("build-5", f, "< 2 s, < 150 MB", max(f[now]["cpu"] / 2, f[now]["peak"] / 150))
    if wanted("build-3"):
        f = measure("build-3", lambda t: build(t, THREE), trees, args.runs)
        ok &= show("build-3", f, "< 1.2 s", f[now]["cpu"] / 1.2)
    if wanted("jobs"):
        f = measure("jobs", jobs, [ROOT], 1)
        ok &= show("jobs", f, "same bytes", 2 - f[now]["same bytes"])
    if wanted("unchanged"):
        f = measure("unchanged", unchanged, [ROOT], args.runs)
        ok &= show("unchanged", f, "< 0.3 s", f[now]["cpu"] / 0.3 if f[now]["skipped"] else 9)
    if wanted("scale"):
        small = measure("scale", lambda t: deck(t, 1000), trees, 1)
        large = measure("scale", lambda t: deck(t, 10_000), trees, 1, warm=False)
        f = [
            {"1,000 s": s["cpu"], "10,000 s": g["cpu"], "ratio": g["cpu"] / s["cpu"]}
            for s, g in zip(small, large, strict=True)
        ]
        ok &= show("scale", f, "<= 10x", f[now]["ratio"] / 10)
    if wanted("copies"):
        f = measure("copies", lambda t: deck(t, 1, 10_000), trees, 1, warm=False)
        ok &= show("copies", f, "< 4 s", f[now]["cpu"] / 4)
    if wanted("check"):
        f = measure("check", check, trees, args.runs)
        ok &= show("check", f, "< 0.15 s", f[now]["cpu"] / 0.15)
    if wanted("check-long"):
        f = measure("check-long", check_long, trees, args.runs)
        ok &= show("check-long", f, "< 1.2 s", f[now]["cpu"] / 1.2)
    if wanted("naive"):
        f = measure("naive", naive, trees, 1)
        ok &= show("naive", f, "<= 1.5x", f[now]["ratio"] / 1.5)
    if wanted("png"):
        f = measure("png", png, trees, args.runs)
        ok &= show("png", f, "<= 2x", f[now]["ratio"] / 2)
    if wanted("play"):
        f = measure("play", play, trees, 1)
        ok &= show("play", f, ">= 300 games/s", 300 / f[now]["slowest"])
    return 0 if ok else 1


def scale(trees: list[Path], runs: int) -> int:
    """The curves: CPU per card as decks and reference tables grow."""
    print("distinct cards (fixture game, PDF): CPU s, peak MB, PDF MB")
    for n in (1000, 2000, 5000, 10_000):
        show(f"{n:>7,}", measure("deck", lambda t, n=n: deck(t, n), trees, 1, warm=n < 2000))
    print("copies of one card:")
    for n in (1000, 10_000):
        show(f"{n:>7,}", measure("copies", lambda t, n=n: deck(t, 1, n), trees, 1, warm=False))
    print("rules reference, table rows: CPU s")
    for n in (100, 1000, 3000, 10_000):
        work = lambda t, n=n: reference(t, n)  # noqa: E731
        show(f"{n:>7,}", measure("reference", work, trees, 1, warm=n < 1000))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
