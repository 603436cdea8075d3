"""Checker speed for Discovery: The Era of Voyage: random games per second (2 players by default,
the target) and actions per second replaying their logs.

    python benchmarks/checker_deov.py [--games 300] [--logs 40] [--players 2] [--seed 1]

Targets (issue 5, as for Exploration in benchmarks/checker.py): random 2-player games >= 200
games/s, replay >= 20,000 actions/s. Times are CPU time of this process, best of three rounds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

# Keep this folder off the import path so that `checker` is the package (see checker.py).
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from checker.core.log import parse_log  # noqa: E402
from checker.core.logwriter import log_text  # noqa: E402
from checker.core.registry import rules_for  # noqa: E402
from checker.core.replay import replay  # noqa: E402
from checker.core.simulate import default_players, random_game  # noqa: E402
from portolan.model import load_game  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAME = "discovery-era-of-voyage"


def best_of(rounds: int, work) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--logs", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pirates", action="store_true", help="play the 2 Player Variant")
    args = parser.parse_args()
    components = ROOT / "components"
    rules = rules_for(GAME)
    model = load_game(components, GAME)
    options = {o.name: o.default for o in rules.options} | {"pirates": args.pirates}
    names = default_players(args.players)

    steps = 0

    def games() -> None:
        nonlocal steps
        rng = random.Random(args.seed)
        steps = 0
        for _ in range(args.games):
            steps += len(random_game(rules, model, names, options, rng).steps)

    t = best_of(3, games)
    print(
        f"random games ({args.players} players): {args.games / t:,.0f} games/s "
        f"({steps / t:,.0f} actions/s, {steps / args.games:.0f} actions a game)"
        f"   target >= 200 games/s (2 players)"
    )

    rng = random.Random(args.seed + 1)
    texts = []
    for _ in range(args.logs):
        g = random_game(rules, model, names, options, rng)
        texts.append(log_text(rules, names, options, g.steps))
    logs = [parse_log(text, f"log{k}.yaml", components) for k, text in enumerate(texts)]
    actions = sum(len(log.steps) for log in logs)
    t_replay = best_of(3, lambda: [replay(log) for log in logs])
    t_full = best_of(3, lambda: [replay(parse_log(text, "log.yaml", components)) for text in texts])
    print(
        f"replay of {args.logs} logs ({actions:,} actions): {actions / t_replay:,.0f} actions/s"
        f"   target >= 20,000 actions/s"
    )
    print(f"read YAML + replay: {actions / t_full:,.0f} actions/s")


if __name__ == "__main__":
    main()
