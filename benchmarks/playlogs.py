"""The logs of seeded random games of every game, to show a speed-up changed no outcome.

    python benchmarks/playlogs.py OUT [--games 30] [--seed 1] [--game ID] [--option NAME=VALUE]
    PYTHONPATH=/tmp/before python benchmarks/playlogs.py /tmp/before.txt   # an older tree
    cmp /tmp/before.txt /tmp/now.txt

For every game with a checker (or those named), 2, 3 and 4 players, the default options (or
those given, where a game has them), it plays ``--games`` random
games (game ``k`` drawn from ``game_rng(seed, k)``, as ``portolan simulate`` does) and writes each
game's log text, every step as Python writes it (``repr``: the move's every field, its turn and
player) and the final totals. The same tree gives the same file on every run; two trees that
give the same file played the same games.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from portolan.checker.core.logwriter import log_text
from portolan.checker.core.options import resolve
from portolan.checker.core.registry import GAMES, rules_for
from portolan.checker.core.simulate import default_players, game_rng, random_game
from portolan.model import load_game
from portolan.paths import components_dir
from portolan.yamlsrc import Source


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--option", action="append", default=[], help="a rule option, NAME=VALUE")
    args = parser.parse_args()
    raw = dict(item.split("=", 1) for item in args.option)
    with args.out.open("w", encoding="utf-8") as out:
        for game in args.game or sorted(GAMES):
            rules = rules_for(game)
            model = load_game(components_dir(), game)
            known = {o.name for o in rules.options(model)}
            given = {k: v for k, v in raw.items() if k in known}
            options = resolve(rules.options(model), given, Source("playlogs"))
            for n in (2, 3, 4):
                names = default_players(n)
                for k in range(args.games):
                    g = random_game(rules, model, names, options, game_rng(args.seed, k))
                    out.write(f"=== {game} {n} players game {k}\n")
                    out.write(log_text(rules, model, names, options, g.steps))
                    out.writelines(f"{step!r}\n" for step in g.steps)
                    totals = [(ln.player, ln.total) for ln in rules.score(g.state).lines]
                    out.write(f"totals {totals}\n")
                print(game, n, "players done", file=sys.stderr)


if __name__ == "__main__":
    main()
