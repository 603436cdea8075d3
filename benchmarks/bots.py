"""How strong the bots are, and what a move costs: tournaments in every game.

For each game, at 2 players and at its largest player count: greedy against random, mcts
against random and mcts against greedy (one seat of the stronger level, the others of the
weaker, seats rotated a seat a game). Prints, per pairing, the stronger level's win rate with
its 95 % interval, the share of games that ended by the rulebook's own ending, and the CPU
seconds an mcts move takes (median and 95th percentile). Targets (issue 34), at 2 players:
greedy >= 80 % against random, mcts >= 60 % against greedy, an mcts move <= 1 s median and
<= 3 s at the 95th percentile, >= 95 % of games ended by the rulebook.

    .venv/bin/python benchmarks/bots.py                     # 200 games a pairing, every game
    .venv/bin/python benchmarks/bots.py --games 40 --game ships --players 2
    .venv/bin/python benchmarks/bots.py --json > bots.json  # the figures as JSON
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from portolan.checker.core.bots import DEFAULT_ITERATIONS  # noqa: E402
from portolan.checker.core.bots.arena import level_summary, percentile  # noqa: E402
from portolan.checker.core.registry import GAMES, rules_for  # noqa: E402
from portolan.checker.core.simulate import Batch, default_players, play_games  # noqa: E402
from portolan.model.loader import load_game  # noqa: E402

PAIRINGS = (("greedy", "random"), ("mcts", "random"), ("mcts", "greedy"))


def pairing(game: str, players: int, strong: str, weak: str, games: int, args) -> dict:
    rules = rules_for(game)
    model = load_game(ROOT / "components", game)
    options = tuple((o.name, o.default) for o in rules.options(model))
    levels = (strong,) + (weak,) * (players - 1)
    batch = Batch(
        game,
        str(ROOT / "components"),
        tuple(default_players(players)),
        options,
        args.seed,
        None,
        args.max_steps,
        levels,
        args.iterations,
        args.think,
    )
    chunks = [(k, min(k + 5, games)) for k in range(0, games, 5)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        parts = list(pool.map(play_games, [batch] * len(chunks), *zip(*chunks, strict=True)))
    results = [r for part in parts for r in part]
    ended = [r for r in results if r.ended]
    rows = {
        row["level"]: row
        for row in level_summary(
            [r.levels for r in ended],
            [r.shares for r in ended],
            [r.totals for r in ended],
            [r.thinking for r in results],
        )
    }
    mcts = [s for r in results for lv, s in r.thinking if lv == "mcts"]
    by_rules = sum(1 for r in ended if not r.bounded)
    return {
        "game": game,
        "players": players,
        "strong": strong,
        "weak": weak,
        "games": games,
        "win_rate": rows[strong]["win_rate"] if strong in rows else 0.0,
        "interval": rows[strong]["interval"] if strong in rows else [0.0, 1.0],
        "fair_share": round(1 / players, 4),
        "ended_by_rules": round(by_rules / games, 4),
        "mcts_cpu_median": round(percentile(mcts, 0.5), 4) if mcts else None,
        "mcts_cpu_p95": round(percentile(mcts, 0.95), 4) if mcts else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--players", type=int, action="append", help="default: 2 and the most")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--pairing", choices=[f"{a}-{b}" for a, b in PAIRINGS], action="append")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--think", type=float, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game in args.game or sorted(GAMES):
        model = load_game(ROOT / "components", game)
        counts = args.players or sorted({2, model.spec.players.max.value})
        for players in counts:
            for strong, weak in PAIRINGS:
                if args.pairing and f"{strong}-{weak}" not in args.pairing:
                    continue
                row = pairing(game, players, strong, weak, args.games, args)
                rows.append(row)
                if not args.json:
                    low, high = row["interval"]
                    cpu = (
                        f"{row['mcts_cpu_median']:.3f} s, {row['mcts_cpu_p95']:.3f} s"
                        if row["mcts_cpu_median"] is not None
                        else "-"
                    )
                    print(
                        f"{game:<24} {players}p {strong:>6} v {weak:<6} {row['games']:>4} games "
                        f"{100 * row['win_rate']:5.1f} % ({100 * low:.1f}-{100 * high:.1f}) "
                        f"ended by rules {100 * row['ended_by_rules']:5.1f} %  mcts move {cpu}",
                        flush=True,
                    )
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
