"""What writing the SVG files of a build costs (issue 16), and whether their bytes change.

    python benchmarks/svg.py [--runs N] [--tree TREE] [--compare TREE] [--grayscale]

Each run is a fresh process: it builds every game (SVG only), keeping each drawing that the
build hands to ``write_svg``, then writes all of them into a temporary folder once, as a build
does (so caches start empty), and reports the CPU time of that step and a hash of every file.
Prints the fastest and the median of ``--runs`` runs (default 5), the number of files and a
digest of their bytes. ``--tree`` measures another source tree (e.g. ``git archive main | tar
-x -C /tmp/before``). ``--compare TREE`` runs TREE and this tree in turn, ``--runs`` times each,
prints before → now (fastest runs) and their ratio, and exits 1 if a file's bytes differ
(listing the files).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def drawings(grayscale: bool) -> list[tuple[str, object, object]]:
    """(file name, drawing, colour filter) of every SVG of a default build of every game."""
    import portolan.generator.build as build
    from portolan.model import available_games, load_game
    from portolan.paths import components_dir

    kept = []

    def keep(drawing, path: Path, colour_filter) -> None:
        kept.append((f"{game_id}/{path.relative_to(folder).as_posix()}", drawing, colour_filter))

    build.write_svg = keep
    opts = build.BuildOptions(formats=("svg",), grayscale=grayscale)
    for game_id in available_games(components_dir()):
        with tempfile.TemporaryDirectory() as folder:
            build.build_game(load_game(components_dir(), game_id), Path(folder), opts)
    return kept


def one_run(grayscale: bool) -> dict:
    """CPU seconds of the SVG texts of every drawing, then each file's hash as written."""
    from portolan.generator.backends.svg import svg_text, write_svg

    kept = drawings(grayscale)
    start = time.process_time()
    for _, drawing, colour_filter in kept:
        svg_text(drawing, colour_filter)
    cpu = time.process_time() - start
    hashes = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, drawing, colour_filter in kept:
            path = Path(tmp, name.replace("/", "__"))
            write_svg(drawing, path, colour_filter)
            hashes[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return {"cpu": cpu, "hashes": hashes}


def run_child(tree: Path, grayscale: bool) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode cached
    cmd = [sys.executable, __file__, "--tree", str(tree), "--child"]
    out = subprocess.run(
        cmd + (["--grayscale"] if grayscale else []), env=env, check=True, capture_output=True
    )
    return json.loads(out.stdout)


def digest(hashes: dict) -> str:
    return hashlib.sha256("".join(hashes[name] for name in sorted(hashes)).encode()).hexdigest()


def report(tree: Path, runs: int, grayscale: bool) -> int:
    results = [run_child(tree, grayscale) for _ in range(runs)]
    cpu = [r["cpu"] for r in results]
    hashes = results[0]["hashes"]
    print(
        f"{len(hashes)} SVG files: fastest {min(cpu):.3f} s CPU, median "
        f"{statistics.median(cpu):.3f} s; digest {digest(hashes)[:16]}"
    )
    return 0


def compare(before: Path, runs: int, grayscale: bool) -> int:
    results: dict[Path, list[dict]] = {before: [], ROOT: []}
    for _ in range(runs):
        for tree in results:
            results[tree].append(run_child(tree, grayscale))
    old, new = (min(r["cpu"] for r in results[t]) for t in (before, ROOT))
    old_hashes, new_hashes = results[before][0]["hashes"], results[ROOT][0]["hashes"]
    print(f"{len(new_hashes)} SVG files: {old:.3f} → {new:.3f} s CPU (×{new / old:.2f})")
    changed = sorted(
        name
        for name in old_hashes.keys() | new_hashes.keys()
        if old_hashes.get(name) != new_hashes.get(name)
    )
    for name in changed:
        print(f"  bytes differ: {name}")
    print(f"{len(changed)} files differ" if changed else "every file byte-identical")
    return 1 if changed else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="fresh processes per tree")
    ap.add_argument("--tree", type=Path, default=ROOT, help="the source tree to measure")
    ap.add_argument("--compare", type=Path, help="an older source tree, measured in turn")
    ap.add_argument("--grayscale", action="store_true", help="build with --grayscale")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:  # one run, in the tree on PYTHONPATH
        sys.path.insert(0, str(args.tree))
        print(json.dumps(one_run(args.grayscale)))
        return 0
    if args.compare:
        return compare(args.compare.resolve(), args.runs, args.grayscale)
    return report(args.tree.resolve(), args.runs, args.grayscale)


if __name__ == "__main__":
    sys.exit(main())
