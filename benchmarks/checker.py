"""Checker speed: actions per second replaying long logs, random games per second.

    python benchmarks/checker.py [--game ID] [--games 300] [--logs 40] [--seed 1] [--players N]

Targets (issue "Checker core"): replay >= 20,000 actions/s, random games >= 200 games/s (for
Age of Discovery, issue 4: 2 players); Age of Exploration (issue 12): replay >= 50,000
actions/s (its random games are long, 500-600 steps, so games/s is no target there); Ships
(issue 10): replay >= 50,000 actions/s and random play >= 20,000 decisions/s. Without
--game every game with a checker is measured. Times are CPU time of this process, best of three
rounds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

# This file is called checker.py: keep its folder off the import path so that `checker` is the
# package, not this script.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from portolan.checker.core.log import parse_log  # noqa: E402
from portolan.checker.core.logwriter import log_text  # noqa: E402
from portolan.checker.core.options import resolve  # noqa: E402
from portolan.checker.core.registry import GAMES, rules_for  # noqa: E402
from portolan.checker.core.replay import replay  # noqa: E402
from portolan.checker.core.simulate import default_players, random_game  # noqa: E402
from portolan.model import load_game  # noqa: E402
from portolan.yamlsrc import Source  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
REPLAY_TARGET = {"age-of-exploration": 50_000, "ships": 50_000}  # actions/s; others: 20,000
# Random play: decisions answered per second (a step of a random game answers one decision);
# the other games are held to games per second (200).
DECISION_TARGET = {"ships": 20_000}


def best_of(rounds: int, work) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default=None)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--logs", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None, help="default: 2, 3, 4 in turn")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        help="a rule option, name=value (e.g. pirates=true)",
    )
    args = parser.parse_args()
    for game in [args.game] if args.game else sorted(GAMES, reverse=True):
        print(f"{game}:")
        measure(game, args)


def measure(game: str, args) -> None:
    components = ROOT / "components"
    rules = rules_for(game)
    model = load_game(components, game)
    raw = dict(item.split("=", 1) for item in args.option)
    known = {o.name for o in rules.options(model)}
    defaults = resolve(
        rules.options(model), {k: v for k, v in raw.items() if k in known}, Source("--option")
    )

    def players(k: int) -> list[str]:
        return default_players(args.players or 2 + k % 3)

    steps = 0

    def games() -> None:
        nonlocal steps
        rng = random.Random(args.seed)
        steps = 0
        for k in range(args.games):
            g = random_game(rules, model, players(k), defaults, rng)
            steps += len(g.steps)

    t = best_of(3, games)
    who = f"{args.players} players" if args.players else "2-4 players"
    target = (
        f"target >= {DECISION_TARGET[game]:,} decisions/s"
        if game in DECISION_TARGET
        else "target >= 200 games/s"
    )
    print(
        f"  random games ({who}): {args.games / t:,.0f} games/s ({steps / t:,.0f} decisions/s)"
        f"   {target}"
    )

    rng = random.Random(args.seed + 1)
    texts = []
    for k in range(args.logs):
        names = players(k)
        g = random_game(rules, model, names, defaults, rng)
        texts.append(log_text(rules, model, names, defaults, g.steps))
    logs = [parse_log(text, f"log{k}.yaml", components) for k, text in enumerate(texts)]
    actions = sum(len(log.steps) for log in logs)

    t_replay = best_of(3, lambda: [replay(log) for log in logs])
    t_full = best_of(3, lambda: [replay(parse_log(text, "log.yaml", components)) for text in texts])
    print(
        f"  replay of {args.logs} logs ({actions:,} actions): {actions / t_replay:,.0f} actions/s"
        f"   target >= {REPLAY_TARGET.get(game, 20_000):,} actions/s"
    )
    print(f"  read YAML + replay: {actions / t_full:,.0f} actions/s")


if __name__ == "__main__":
    main()
