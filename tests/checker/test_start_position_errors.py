"""A log that starts from a position it cannot start from: the position file missing, outside
the log's folder, of another game or other players, a state that cannot be (more cards than
the game has), a state inside a turn, a wrong ``next``: exit 2, with file, line and column.
And `portolan position` itself: its output, --out, a turn out of range, a log illegal before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.helpers import ROOT

SHIPS = ROOT / "examples" / "ships" / "two-players.yaml"


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def written(tmp_path: Path, turn: int = 5, log: Path = SHIPS) -> Path:
    """The position after ``turn`` of ``log``, written by `portolan position --out`."""
    out = tmp_path / "game" / "start.yaml"
    result = run("position", str(log), "--turn", str(turn), "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def tail(tmp_path: Path, position: object, turns: int = 5, **extra) -> Path:
    raw = yaml.safe_load(SHIPS.read_text(encoding="utf-8"))
    raw.pop("setup")
    raw["turns"] = raw["turns"][turns:]
    raw["position"] = position
    raw.update(extra)
    path = tmp_path / "game" / "tail.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    return path


def edited(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def session_of(loaded, log: Path, ask, say, **extra):
    """A `portolan play` session on a loaded log that starts from a position (with its bots)."""
    from portolan.checker.core.play import Session

    return Session(
        loaded.rules,
        loaded.model,
        loaded.players,
        loaded.options,
        log,
        ask,
        say,
        bot_levels=loaded.bots,
        start=loaded.start,
        **extra,
    )


def line_of(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


def test_position_writes_a_commented_position_and_the_tail_checks_the_same(tmp_path):
    out = written(tmp_path)
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# The position after turn 5 of ")
    assert "\nturn: 5\nnext: Ben\nstate:\n" in text
    whole = run("check", str(SHIPS), "--json")
    part = run("check", str(tail(tmp_path, "start.yaml")), "--json")
    assert part.exit_code == whole.exit_code == 0
    assert re.sub(r'"(file|turns)".*', "", part.output) == re.sub(
        r'"(file|turns)".*', "", whole.output
    )
    again = run("position", str(SHIPS), "--turn", "5")
    assert again.output == text  # the same log, the same bytes


def test_a_missing_position_file_is_malformed_input(tmp_path):
    log = tail(tmp_path, "nowhere.yaml")
    out = run("check", str(log))
    assert out.exit_code == 2, out.output
    where = f"{line_of(log, 'position:')}:11"
    assert f"tail.yaml:{where}: position: there is no position file 'nowhere.yaml'" in out.output


@pytest.mark.parametrize("name", ["../start.yaml", "/etc/hostname"])
def test_a_position_outside_the_logs_folder_is_refused(tmp_path, name):
    (tmp_path / "start.yaml").write_text(written(tmp_path).read_text(encoding="utf-8"))
    log = tail(tmp_path, name)
    out = run("check", str(log))
    assert out.exit_code == 2, out.output
    assert f"'{name}' is outside the log's folder" in out.output
    assert f"tail.yaml:{line_of(log, 'position:')}:11" in out.output


# What is changed in a written position, the line it is refused at (the first that holds the
# needle) and column, and the whole message (field and hint) a player reads.
BAD_POSITIONS = {
    "of another game": (
        ("game: ships", "game: age-of-discovery"),
        ("game:", 7),
        "game: this position is for 'age-of-discovery', not 'ships'",
    ),
    "of other players": (
        ("  Ben:\n", "  Bob:\n"),
        ("  Ana:", 3),  # the first of the players
        "players: this position's players are Ana, Bob; the log's are Ana, Ben (the same names "
        "in the same seat order)",
    ),
    "more cards than the game has, where written": (
        ("display: {Lateen Sail: 2,", "display: {Lateen Sail: 9,"),
        ("  decks:", 3),
        "state.decks: 9 Lateen Sail cards in the decks, display, discard pile and kept cards: "
        "the game has 2",
    ),
    "a wrong value in the state, by its field": (
        ("    colour: Red\n    vp: 7\n", "    colour: Red\n    vp: seven\n"),
        ("vp: seven", 9),
        "state.seats[0].vp: state.seats[0].vp is a whole number, not 'seven'",
    ),
    "what score reads disagrees with the state": (
        ("    vp: 7\n", "    vp: 30\n"),  # players.Ana.vp, above the state
        ("vp: 30", 9),
        "players.Ana.vp: players.Ana.vp says 30 but the state holds 7: a log goes on from the "
        "state; change both, or leave this out",
    ),
    "an unknown state key, with a did-you-mean": (
        ("  highest: 3\n", "  higest: 3\n"),
        ("higest", 3),
        "state.higest: unknown key 'higest' (did you mean 'highest'?)",
    ),
    "next is not whose turn it is": (
        ("next: Ben", "next: Ana"),
        ("next:", 7),
        "next: next says 'Ana', but in this state it is Ben's turn",
    ),
    "a state inside a turn": (
        ("  phase: Available actions\n", "  phase: Perform actions\n"),
        ("  tasks:", 3),  # the first key of the state
        "state: a position is taken between two turns; this state is inside one: it expects an "
        "action, or the end of the turn",
    ),
    "unknown where the game cannot work it out": (
        ("  highest: 3\n", "  highest: unknown\n"),
        ("highest: unknown", 12),
        "state.highest: state.highest is a whole number, not 'unknown'",
    ),
}


@pytest.mark.parametrize("case", list(BAD_POSITIONS))
def test_a_position_that_cannot_be_is_refused_where_written(tmp_path, case):
    (old, new), (needle, column), message = BAD_POSITIONS[case]
    pos = written(tmp_path)
    edited(pos, old, new)
    out = run("check", str(tail(tmp_path, "start.yaml")))
    assert out.exit_code == 2, out.output
    assert out.output == f"error: {pos}:{line_of(pos, needle)}:{column}: {message}\n"


def test_a_log_from_a_position_has_no_setup(tmp_path):
    written(tmp_path)
    log = tail(tmp_path, "start.yaml", setup={"display": ["Ram"]})
    out = run("check", str(log))
    assert out.exit_code == 2, out.output
    assert "a log that starts from a position has no 'setup'" in out.output


def test_an_inline_position_works_like_a_file(tmp_path):
    pos = yaml.safe_load(written(tmp_path).read_text(encoding="utf-8"))
    out = run("check", str(tail(tmp_path, pos)), "--json")
    assert out.exit_code == 0, out.output
    assert '"ok": true' in out.output


def test_position_refuses_a_turn_the_log_does_not_have(tmp_path):
    out = run("position", str(SHIPS), "--turn", "999")
    assert out.exit_code == 2
    assert "--turn" in out.output


def test_position_of_a_log_illegal_before_the_turn_reports_the_violation(tmp_path):
    raw = yaml.safe_load(SHIPS.read_text(encoding="utf-8"))
    raw["turns"][2]["player"] = raw["turns"][1]["player"]  # a turn out of turn
    log = tmp_path / "bad.yaml"
    log.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    out = run("position", str(log), "--turn", "5")
    assert out.exit_code == 1
    assert "illegal step (turn 3" in out.output


def test_play_goes_on_from_the_position_a_log_names(tmp_path):
    """`portolan play` resumes a log that names a position: the next turn is the position's,
    the log it saves keeps its position: and checks legal from there."""
    written(tmp_path)
    log = tmp_path / "game" / "play.yaml"
    log.write_text("game: ships\nplayers: [Ana, Ben]\nposition: start.yaml\n", encoding="utf-8")
    from portolan.checker.core.log import load_log

    loaded = load_log(log, ROOT / "components")
    said: list[str] = []
    session = session_of(loaded, log, lambda _: None, said.append)
    assert session.resume(log.read_text(encoding="utf-8"), loaded) is None
    for _ in range(12):  # the moves of the next turns, the first offered each time
        d = session.advance()
        session.answer(session.choices()[0])
    assert session.steps[0].turn == 6 and session.steps[0].player == "Ben"
    text = log.read_text(encoding="utf-8")
    assert "position: start.yaml" in text
    out = run("check", str(log), "--json")
    assert out.exit_code == 0, out.output
    assert d is not None


def test_simulate_from_a_log_plays_on_from_its_position(tmp_path):
    written(tmp_path)
    log = tmp_path / "game" / "from.yaml"
    log.write_text("game: ships\nplayers: [Ana, Ben]\nposition: start.yaml\n", encoding="utf-8")
    logs = tmp_path / "logs"
    out = run("simulate", "ships", "--from", str(log), "--games", "2", "--log-dir", str(logs))
    assert out.exit_code == 0, out.output
    for played in sorted(logs.iterdir()):
        text = played.read_text(encoding="utf-8")
        assert "\nposition:\n  game: ships\n" in text  # the position, written in the log
        checked = run("check", str(played), "--json")
        assert checked.exit_code == 0 and '"ok": true' in checked.output, checked.output
        assert "- player: Ben" in text.split("turns:")[1].splitlines()[1]


def test_an_unknown_deck_may_hold_every_card_not_seen_elsewhere():
    """The Ships puzzle writes decks: unknown: each era's deck then holds every card seen
    nowhere else, which in Ships (every card taken stays in sight: display, discard pile, kept)
    is what the real deck held after turn 39."""
    from portolan.checker.core.log import load_log
    from portolan.checker.core.reach import position_after

    puzzle = load_log(ROOT / "examples" / "ships" / "puzzle.yaml", ROOT / "components")
    whole = load_log(SHIPS, ROOT / "components")
    real = position_after(whole, 39).state
    guessed = puzzle.start.state
    assert guessed.decks == real.decks
    assert guessed.display == real.display and guessed.seats == real.seats


def test_play_with_a_bot_finishes_a_game_from_a_position(tmp_path):
    """`portolan play --bot`: a bot seat plays on from the position a log names; the log it
    writes checks to the same scores."""
    import random

    from portolan.checker.core.bots import Budget
    from portolan.checker.core.log import load_log
    from portolan.checker.core.replay import replay
    from tests.checker.bots.test_play_with_bots import person

    written(tmp_path, turn=30)  # ten turns to play
    log = tmp_path / "game" / "bots.yaml"
    log.write_text(
        "game: ships\nplayers: [Ana, Ben]\nbots: {Ben: greedy}\nposition: start.yaml\n",
        encoding="utf-8",
    )
    loaded = load_log(log, ROOT / "components")
    lines: list[str] = []
    box: list = []
    session = session_of(
        loaded, log, person(box, random.Random(3)), lines.append, budget=Budget(iterations=4)
    )
    box.append(session)
    assert session.resume(log.read_text(encoding="utf-8"), loaded) is None
    assert session.run() is True
    assert any(line.startswith("Ben (bot, greedy): ") for line in lines)
    checked = load_log(log, ROOT / "components")
    assert checked.start is not None and checked.steps[0].turn == 31
    result = replay(checked)
    assert result.ok, result.violation
    want = [(ln.player, ln.total) for ln in session.rules.sheet(session.state).lines]
    assert [(ln.player, ln.total) for ln in checked.rules.sheet(result.state).lines] == want


def test_the_same_log_writes_the_same_position_whatever_the_hash_seed():
    """Sets in a state (Age of Exploration's spaces visited...) are written in one order."""
    import os
    import subprocess
    import sys

    log = ROOT / "examples" / "age-of-exploration" / "three-players.yaml"
    texts = set()
    for seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-m", "portolan", "position", str(log), "--turn", "60"],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)},
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        texts.add(done.stdout)
    assert len(texts) == 1
    assert "visited: [" in texts.pop()


def test_a_state_that_does_not_hold_together_is_malformed_input(tmp_path):
    """Values of the right kinds that do not fit (the trade boxes' list cut short): exit 2 at
    the state, not a crash."""
    from portolan.checker.core.position import position_yaml

    pos = written(tmp_path)
    data = yaml.safe_load(pos.read_text(encoding="utf-8"))
    data["state"]["trade"] = data["state"]["trade"][:3]
    data["state"]["area_cubes"] = []
    pos.write_text(position_yaml(data, []), encoding="utf-8")
    out = run("check", str(tail(tmp_path, "start.yaml")))
    assert out.exit_code == 2, out.output
    assert f"start.yaml:{line_of(pos, 'state:') + 1}:" in out.output
    assert "this state does not hold together: the rules cannot go on from it" in out.output


def test_the_play_command_resumes_a_log_that_names_a_position_file(tmp_path):
    from tests.checker.helpers import portolan

    written(tmp_path)
    log = tmp_path / "game" / "tonight.yaml"
    log.write_text("game: ships\nplayers: [Ana, Ben]\nposition: start.yaml\n", encoding="utf-8")
    done = portolan(["play", "ships", "--log", str(log)], "q\n")
    assert done.returncode == 0, done.stderr
    assert "5 turns so far" in done.stdout and "== Turn 6 · Ben · " in done.stdout
    assert "position: start.yaml" in log.read_text(encoding="utf-8")
