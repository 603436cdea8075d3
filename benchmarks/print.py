"""How much the print pipeline costs over drawing the same things straight onto a canvas.

    .venv/bin/python benchmarks/print.py [N] [--svg] [--game ID]

Builds every game's print set (or one game's) N times (default 3) with ``build_game`` into a
temporary folder (PDF only unless ``--svg``), then draws the same sets N times with a naive
renderer: plain reportlab canvas calls in points, no neutral drawing layer, the same card texts
(from the same face templates), the same pages (the same grid of cards, decks of one size
sharing a file, crop marks, header, two scale bars, backs; counter sheets; boards whole or in
the same tiles, the assembly map and the print-shop sheet; score pads, the rules reference and
the registration test) and a similar number of shapes and strings per card. Board elements the
naive side does not know (areas, rings, tracks of the Ships board) are drawn as a framed box
with their texts and a symbol per item, which is cheaper than the real drawing: the ratio errs
against the pipeline. Prints both mean times and their ratio; the target is a ratio of at most
1.5. Both sides get one untimed warm-up run. The naive renderer is benchmarks/naive/.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from naive import DRAWABLE, naive_set  # noqa: E402

from portolan.generator.build import BuildOptions, build_game  # noqa: E402
from portolan.model import available_games, load_game  # noqa: E402
from portolan.paths import components_dir  # noqa: E402

TARGET = 1.5


# -- the benchmark ---------------------------------------------------------------------------


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _pages(folder: Path) -> dict[str, int]:
    import pypdfium2 as pdfium

    out = {}
    for pdf in sorted(folder.glob("*.pdf")):
        doc = pdfium.PdfDocument(str(pdf))
        out[pdf.stem] = len(doc)
        doc.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=3, help="builds to time (default 3)")
    parser.add_argument("--svg", action="store_true", help="also write the SVGs in the build")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)
    ids = args.game or available_games(components_dir())
    games = [load_game(components_dir(), g) for g in ids]
    # The naive renderer draws no map (Age of Exploration): such a game is left out of both sides.
    skipped = [g.id for g in games if any(c.kind not in DRAWABLE for c in g.components)]
    if skipped:
        print(f"left out (no naive renderer for their kinds): {', '.join(skipped)}")
    games = [g for g in games if g.id not in skipped]
    opts = BuildOptions(formats=("pdf", "svg") if args.svg else ("pdf",))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        counter = iter(range(10**6))

        def build_once():
            for game in games:
                target = root / f"build-{next(counter)}"
                target.mkdir()
                build_game(game, target, opts)

        def naive_once():
            for game in games:
                target = root / f"naive-{next(counter)}"
                target.mkdir()
                naive_set(game, target)

        build_once()  # warm-up: imports, font registration, template caches
        naive_once()
        n = len(games)
        built = {
            f"{g.id[:12]}/{k}": v
            for i, g in enumerate(games)
            for k, v in _pages(root / f"build-{i}").items()
        }
        drawn = {
            f"{g.id[:12]}/{k}": v
            for i, g in enumerate(games)
            for k, v in _pages(root / f"naive-{n + i}").items()
        }
        # Interleaved, so a change in machine load hits both sides alike.
        build_times, naive_times = [], []
        for _ in range(args.n):
            build_times.append(_timed(build_once))
            naive_times.append(_timed(naive_once))
    build_t, naive_t = statistics.mean(build_times), statistics.mean(naive_times)
    ratio = build_t / naive_t
    best = min(build_times) / min(naive_times)
    print(f"{', '.join(ids)}: {args.n} runs each, formats: {','.join(opts.formats)}")
    print("pages (build / naive): " + ", ".join(f"{k} {built[k]}/{drawn.get(k, 0)}" for k in built))
    print(f"build_game     {build_t * 1000:8.1f} ms per set (min {min(build_times) * 1000:.1f})")
    print(f"naive canvas   {naive_t * 1000:8.1f} ms per set (min {min(naive_times) * 1000:.1f})")
    verdict = "ok" if ratio <= TARGET else f"above the {TARGET} target"
    print(f"ratio          {ratio:8.2f}  ({verdict}; of the fastest runs: {best:.2f})")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
