"""Does an mcts bot keep to `--think`? CPU seconds of its moves (where it had a choice) in every
game, against the budget given. Issue 35: within 20 %.

    .venv/bin/python benchmarks/think.py              # 0.5 s, 5 moves a game
    .venv/bin/python benchmarks/think.py 1.0 10
    .venv/bin/python benchmarks/think.py 2.0 3 play   # each move as `play` makes it (its line
                                                      # and the log saved), a person at random
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from portolan.checker.core.bots import Budget, make_bot  # noqa: E402
from portolan.checker.core.registry import GAMES, rules_for  # noqa: E402
from portolan.model.loader import load_game  # noqa: E402


def moves_timed(game: str, think: float, count: int) -> list[float]:
    """CPU seconds of ``count`` mcts moves with a choice, the other seat playing at random."""
    rules, model = rules_for(game), load_game(ROOT / "components", game)
    options = {o.name: o.default for o in rules.options(model)}
    state = rules.setup(model, ["Ana", "Ben"], options)
    bot = make_bot("mcts", rules, "Ana", 1, Budget(iterations=10**9, seconds=think))
    rng, times = random.Random(1), []
    while len(times) < count and (d := rules.decision(state)) is not None:
        if d.kind == "choice" and d.player == "Ana" and len(rules.legal_moves(state)) > 1:
            started = time.process_time()
            move = bot.choose(state, d)
            times.append(time.process_time() - started)
        elif d.kind == "chance":
            move = rules.sample_outcome(state, rng)
        else:
            move = rules.sample_move(state, rng)
        rules.apply(state, move)
    return times


def play_moves_timed(game: str, think: float, count: int) -> list[float]:
    """CPU seconds of ``count`` moves of an mcts seat in `play` (Session.play_bot: the bot's
    choice, its line, the move applied and the log saved), a person answering at random."""
    import tempfile

    from portolan.checker.core.play import Session

    rules, model = rules_for(game), load_game(ROOT / "components", game)
    options = {o.name: o.default for o in rules.options(model)}
    rng, times = random.Random(1), []

    def person(prompt: str) -> str | None:
        if len(times) >= count:
            return None
        kind = session.asking[0]
        if kind == "chance":
            outcomes = rules.outcomes(session.state)
            move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
            return rules.outcome_name(move)
        return str(rng.choice(session.asking[2])) if kind == "choice" else ""

    with tempfile.TemporaryDirectory() as folder:
        session = Session(
            rules,
            model,
            ["Ana", "Ben"],
            options,
            Path(folder) / "log.yaml",
            person,
            lambda _: None,
            bot_levels={"Ana": "mcts"},
            budget=Budget(iterations=10**9, seconds=think),
            bot_seed=1,
        )
        play_bot = session.play_bot

        def timed(d, turn):
            chose = len(rules.legal_moves(session.state)) > 1
            started = time.process_time()
            play_bot(d, turn)
            if chose:
                times.append(time.process_time() - started)

        session.play_bot = timed
        session.run()
    return times[:count]


def main() -> int:
    think = float(sys.argv[1]) if len(sys.argv) > 1 else 0.5
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    timed = play_moves_timed if sys.argv[3:4] == ["play"] else moves_timed
    worst = 0.0
    for game in sorted(GAMES):
        times = timed(game, think, count)
        off = max(abs(t - think) / think for t in times)
        worst = max(worst, off)
        shown = ", ".join(f"{t:.3f}" for t in times)
        print(f"{game:<24} --think {think} s: {shown} s (at most {100 * off:.1f} % off)")
    return 0 if worst <= 0.2 else 1


if __name__ == "__main__":
    raise SystemExit(main())
