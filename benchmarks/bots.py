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
    .venv/bin/python benchmarks/bots.py --record benchmarks/results/bots   # resumable

A tournament of 200 games costs hours of CPU (an mcts game of Ships about 25 s), more than one
sitting on a 2-core machine. With ``--record DIR`` every finished game is appended to a file a
pairing in DIR, and a later run plays only the games that file lacks. Before it trusts a file,
the run plays its first recorded game again: if the result differs (the bots or the rules
changed since), the file is set aside as ``.stale`` and the pairing starts afresh.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from portolan.checker.core.bots import DEFAULT_ITERATIONS  # noqa: E402
from portolan.checker.core.bots.arena import level_summary, percentile  # noqa: E402
from portolan.checker.core.registry import GAMES, rules_for  # noqa: E402
from portolan.checker.core.simulate import (  # noqa: E402
    Batch,
    GameResult,
    default_players,
    play_games,
)
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
    record = record_file(args.record, game, players, strong, weak, args)
    done = recorded(record, batch)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {
            pool.submit(play_games, batch, first, stop): range(first, stop)
            for first, stop in runs_missing(done, games)
        }
        for future in as_completed(futures):
            for k, result in zip(futures[future], future.result(), strict=True):
                done[k] = result
                if record is not None:
                    with record.open("a", encoding="utf-8") as f:
                        f.write(json.dumps(as_record(k, result)) + "\n")
    results = [done[k] for k in range(games)]
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


# -- records of finished games, so that a tournament can go on in a later sitting ---------------


def record_file(folder: str | None, game: str, players: int, strong: str, weak: str, args):
    if folder is None:
        return None
    budget = f"t{args.think}" if args.think else f"i{args.iterations}"
    name = f"{game}-{players}p-{strong}-{weak}-{budget}-s{args.seed}-m{args.max_steps}.jsonl"
    Path(folder).mkdir(parents=True, exist_ok=True)
    return Path(folder) / name


def runs_missing(done: dict[int, GameResult], games: int, most: int = 5):
    """The games not yet played, as runs (first, stop) of consecutive indices, at most ``most``
    games each (a run is one task for a worker; an interrupted run leaves gaps anywhere)."""
    first = None
    for k in range(games + 1):
        if first is not None and (k == games or k in done or k - first == most):
            yield first, k
            first = None
        if first is None and k < games and k not in done:
            first = k


def as_record(k: int, r: GameResult) -> dict:
    """One finished game as a line of its pairing's file; the CPU of mcts moves in ms."""
    return {
        "k": k,
        "totals": list(r.totals),
        "shares": list(r.shares),
        "steps": r.steps,
        "turns": r.turns,
        "ended": r.ended,
        "bounded": r.bounded,
        "levels": list(r.levels),
        "mcts_ms": [round(1000 * s) for lv, s in r.thinking if lv == "mcts"],
    }


def from_record(line: dict) -> tuple[int, GameResult]:
    thinking = tuple(("mcts", ms / 1000) for ms in line["mcts_ms"])
    return line["k"], GameResult(
        tuple(line["totals"]),
        tuple(line["shares"]),
        line["steps"],
        line["turns"],
        line["ended"],
        tuple(line["levels"]),
        thinking,
        line["bounded"],
    )


def same_game(a: GameResult, b: GameResult) -> bool:
    return (a.totals, a.shares, a.steps, a.turns, a.ended, a.levels, a.bounded) == (
        b.totals,
        b.shares,
        b.steps,
        b.turns,
        b.ended,
        b.levels,
        b.bounded,
    )


def recorded(record: Path | None, batch: Batch) -> dict[int, GameResult]:
    """The games ``record`` holds, once its first game played again gives the same result."""
    if record is None or not record.exists():
        return {}
    lines = [json.loads(t) for t in record.read_text(encoding="utf-8").splitlines() if t.strip()]
    done = dict(from_record(line) for line in lines)
    if not done:
        return {}
    first = min(done)
    (again,) = play_games(batch, first, first + 1)
    if same_game(again, done[first]):
        return done
    record.rename(record.with_suffix(".stale"))
    print(f"{record.name}: game {first} now plays differently; starting again", file=sys.stderr)
    return {}


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
    parser.add_argument("--record", metavar="DIR", help="keep finished games; resume from them")
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
