"""The log file `portolan play` keeps is the user's (checker/core/playlog.py): a resumed game
quit at once leaves it as it was, byte for byte and with its time; its comments, its layout,
its mode and a symlink stay; new turns are appended at its indentation; an undo rewrites only
from the turn it takes back."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from portolan.checker.core.log import parse_log
from portolan.checker.core.play import Session
from portolan.checker.core.playlog import (
    MARK_LINE,
    Answer,
    answers_text,
    cut_own,
    cut_user,
    meaning,
    split_answers,
)
from portolan.checker.core.registry import rules_for
from portolan.model import load_game
from portolan.yamlsrc import parse_yaml
from tests.checker.helpers import TINY, run_log
from tests.checker.play_script import Script, play_script

GAME = "exploration-age-of-sail"
RULES = rules_for(GAME)
MODEL = load_game(TINY, GAME)
WHERE = ["--components", str(TINY)]


@cache
def script(folder: Path) -> Script:
    return play_script(GAME, folder / "reference.yaml")


def reference(tmp_path_factory) -> Script:
    """A whole game played by the script, once for all the tests here."""
    folder = tmp_path_factory.getbasetemp() / "playlog-reference"
    folder.mkdir(exist_ok=True)
    return script(folder)


def at_turn(s: Script, turn: int):
    """The first prompt at which the log holds ``turn`` whole turns."""
    return next(p for p in s.prompts if p.text.count("  - ") >= turn and "\n#~ " in p.text)


def resume(path: Path, answers: list[str]) -> tuple[Session, list[str]]:
    """The game of ``path`` resumed in-process and answered with ``answers`` (then stopped)."""
    text = path.read_text(encoding="utf-8")
    loaded = parse_log(text, str(path), TINY)
    said: list[str] = []
    queue = list(answers)
    session = Session(
        RULES,
        MODEL,
        loaded.players,
        loaded.options,
        path,
        lambda _: queue.pop(0) if queue else None,
        said.append,
    )
    assert session.resume(text, loaded) is None
    session.run()
    return session, said


def decorated(text: str) -> str:
    """A play log as someone may keep it: a comment of their own on top, the turns at the
    left margin, a comment between turns and one inside a turn."""
    body, answers = split_answers(text)
    lines = body.splitlines(keepends=True)[1:]  # the header line goes
    out = ["# Tuesday's game at Ana's\n"]
    for line in lines:
        turns = sum(1 for x in out if x.startswith("- "))
        if line.startswith("  - ") and turns == 3 and "# after dinner\n" not in out:
            out.append("# after dinner\n")
        out.append(line[2:] if line.startswith("  ") else line)
        if line.startswith("  - {player: Ben") and "# a good draw" not in "".join(out):
            out[-1] = out[-1].rstrip("\n") + "  # a good draw\n"
    return "".join(out) + answers_text(answers)


def test_quit_at_once_leaves_the_file_as_it_was_bytes_time_and_mode(tmp_path, tmp_path_factory):
    s = reference(tmp_path_factory)
    log = tmp_path / "game.yaml"
    log.write_text(decorated(at_turn(s, 6).text), encoding="utf-8")
    log.chmod(0o640)
    os.utime(log, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    before = log.read_bytes()
    out = subprocess.run(
        [sys.executable, "-m", "portolan", "play", GAME, "--log", str(log), *WHERE],
        input="q\n",
        text=True,
        capture_output=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "Resuming" in out.stdout and "Stopped." in out.stdout
    assert log.read_bytes() == before
    assert log.stat().st_mtime_ns == 1_000_000_000_000_000_000
    assert stat.S_IMODE(log.stat().st_mode) == 0o640


def test_comments_and_layout_stay_and_new_turns_come_at_the_files_indentation(
    tmp_path, tmp_path_factory
):
    s = reference(tmp_path_factory)
    prompt = at_turn(s, 6)
    log = tmp_path / "game.yaml"
    mine = decorated(prompt.text)
    log.write_text(mine, encoding="utf-8")
    resume(log, s.answers[prompt.typed :])
    final = log.read_text(encoding="utf-8")
    kept, _ = split_answers(mine)
    assert final.startswith(kept)  # everything above the turn under way, byte for byte
    for note in ("# Tuesday's game at Ana's", "# after dinner", "# a good draw"):
        assert note in final
    assert "\n  - " not in final.split("turns:")[1]  # the new turns at the left margin too
    assert MARK_LINE not in final  # the game is over: no turn under way
    said = meaning(parse_log(final, "mine", TINY))
    assert said == meaning(parse_log(s.final, "reference", TINY))


def test_mode_and_symlink_stay_and_the_target_is_written(tmp_path, tmp_path_factory):
    s = reference(tmp_path_factory)
    prompt = at_turn(s, 4)
    target = tmp_path / "kept" / "tuesday.yaml"
    target.parent.mkdir()
    target.write_text(prompt.text, encoding="utf-8")
    target.chmod(0o604)
    link = tmp_path / "game.yaml"
    link.symlink_to(target)
    resume(link, s.answers[prompt.typed : prompt.typed + 12])
    assert link.is_symlink() and link.resolve() == target
    assert stat.S_IMODE(target.stat().st_mode) == 0o604
    # replaced atomically next to itself: nothing else left in its folder
    assert sorted(target.parent.iterdir()) == [target]
    assert target.read_text(encoding="utf-8") != prompt.text  # the answers are in the target
    assert len(target.read_text(encoding="utf-8")) > len(prompt.text)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml", "kept"]


def test_a_new_log_gets_the_usual_mode(tmp_path):
    log = tmp_path / "new.yaml"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "portolan",
            "play",
            GAME,
            "--players",
            "A,B",
            "--log",
            str(log),
            *WHERE,
        ],
        input="q\n",
        text=True,
        capture_output=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(log.stat().st_mode) == 0o666 & ~umask


def test_an_undo_rewrites_the_file_only_from_the_turn_it_takes_back(tmp_path, tmp_path_factory):
    s = reference(tmp_path_factory)
    prompt = at_turn(s, 6)
    log = tmp_path / "game.yaml"
    mine = decorated(prompt.text)
    log.write_text(mine, encoding="utf-8")
    kept, _ = split_answers(mine)
    last_turn = kept.rindex("\n- ") + 1  # the last whole turn written
    # the first undo takes back the card drawn in the turn under way, the second the card
    # drawn in the last turn written (each turn here is one card drawn)
    session, said = resume(log, ["u", "u"])
    assert said.count("Undone.") == 2
    text = log.read_text(encoding="utf-8")
    assert text.startswith(kept[:last_turn])  # the turns before it, comments and all
    assert kept[last_turn:] not in text  # that turn is taken back...
    assert MARK_LINE in text  # ...and is under way again, as answers
    loaded = parse_log(text, "undone", TINY)
    assert len(loaded.steps) + len(split_answers(text)[1]) == len(session.steps)


def test_answers_that_no_longer_fit_an_edited_log_are_asked_again(tmp_path, tmp_path_factory):
    s = reference(tmp_path_factory)
    prompt = at_turn(s, 6)
    body, answers = split_answers(prompt.text)
    wrong = [Answer(a.player, a.label + " (edited)") for a in answers]
    log = tmp_path / "game.yaml"
    log.write_text(body + answers_text(wrong), encoding="utf-8")
    session, said = resume(log, [])
    assert any("no longer fit the game" in line for line in said)
    d = RULES.decision(session.state)  # the turn under way, asked again from its start
    assert (d.player, d.kind) == ("Ana", "chance") and "drawn" in d.prompt
    # nothing answered yet: the file stays as it was (the user may put the log right)
    assert log.read_text(encoding="utf-8") == body + answers_text(wrong)
    # the first answer replaces those that no longer fit
    resume(log, [a.label.removeprefix("draw ") for a in answers if a.label.startswith("draw ")])
    assert split_answers(log.read_text(encoding="utf-8")) == (body, answers)


# -- the pieces ---------------------------------------------------------------------------------
def test_the_answers_are_read_back_only_from_the_end_of_the_file():
    answers = [Answer("Ana", "Ana begins the turn"), Answer("Ana", "draw Sailors", 1)]
    text = "game: x\n" + answers_text(answers)
    assert split_answers(text) == ("game: x\n", answers)
    # a comment after them: they are not the file's last lines, so they are the user's
    assert split_answers(text + "# mine\n") == (text + "# mine\n", [])
    assert split_answers("game: x\n") == ("game: x\n", [])


@pytest.mark.parametrize("odd", ["\x7f", "\x9b", "\x85", "\u2028", "\u2029", "\x1b", "\ufeff"])
def test_an_answer_line_is_a_comment_yaml_reads_whatever_the_names(odd):
    # a player named with a C1 control or a line separator made a file no reader could open
    answers = [Answer(f"P{odd}Q", f"draw {odd}", 1)]
    text = "game: x\n" + answers_text(answers)
    assert parse_yaml(text) == {"game": "x"}
    assert split_answers(text) == ("game: x\n", answers)


def test_a_log_is_cut_into_its_turns_whoever_wrote_it():
    own = (
        "game: g\nplayers: [A, B]\nturns:\n  - {player: A}\n  - player: B\n    x: [1, 2]\nend: {}\n"
    )
    assert cut_own(own) == [
        "",
        "game: g\nplayers: [A, B]\n",
        "turns:\n",
        "  - {player: A}\n",
        "  - player: B\n    x: [1, 2]\n",
        "end: {}\n",
    ]
    theirs = "# mine\ngame: g\nplayers: [A, B]\nturns:\n- {player: A}\n# B now\n- player: B\n"
    pieces, indent = cut_user(theirs, parse_yaml(theirs))
    assert pieces == [
        "# mine\n",
        "game: g\nplayers: [A, B]\n",
        "turns:\n",
        "- {player: A}\n",
        "# B now\n- player: B\n",
        "",
    ]
    assert indent == 0
    flow = "game: g\nturns: [{player: A}, {player: B}]\n"
    assert cut_user(flow, parse_yaml(flow)) is None


def test_a_log_without_a_last_newline_is_continued_on_a_new_line(tmp_path, tmp_path_factory):
    s = reference(tmp_path_factory)
    prompt = at_turn(s, 6)
    body, answers = split_answers(prompt.text)
    log = tmp_path / "game.yaml"
    log.write_text(body.rstrip("\n"), encoding="utf-8")
    resume(log, [])  # nothing answered (moves nobody chose aside): nothing written
    assert log.read_text(encoding="utf-8") == body.rstrip("\n")
    # the turn under way is not in the file: its cards are typed again, then the script's
    again = [a.label.removeprefix("draw ") for a in answers if a.label.startswith("draw ")]
    assert again
    resume(log, again + s.answers[prompt.typed :])
    final = log.read_text(encoding="utf-8")
    assert final.startswith(body)
    assert meaning(parse_log(final, "x", TINY)) == meaning(parse_log(s.final, "y", TINY))


def test_a_file_name_cannot_break_the_comment_on_top(tmp_path):
    log = tmp_path / "tuesday\nturns: oops.yaml"
    session = Session(RULES, MODEL, ["Ana", "Ben"], {}, log, lambda _: None, lambda _: None)
    session.run()
    text = log.read_text(encoding="utf-8")
    assert text.startswith("# Portolan play log.") and "tuesday\\nturns: oops" in text
    assert parse_log(text, "x", TINY).players == ["Ana", "Ben"]


def test_a_game_driven_answer_by_answer_without_a_prompt(tmp_path):
    """The API a web page uses (advance, choices, answer): a whole game answered at random is
    a log `check` accepts, of a game that is over; an answer not offered is refused."""
    import random

    rng = random.Random(7)
    log = tmp_path / "driven.yaml"
    options = {o.name: o.default for o in RULES.options(MODEL)}
    session = Session(RULES, MODEL, ["Ana", "Ben"], options, log, lambda _: None, lambda _: None)
    session.file.create("# driven")
    session.opened = True
    answered = 0
    while (d := session.advance()) is not None:
        offered = session.choices()
        assert offered and d.player in ("Ana", "Ben")
        session.answer(rng.choice(offered))
        answered += 1
    assert answered > 20
    try:
        session.answer(END_TURN_OF_NOTHING)
    except ValueError:
        pass
    else:
        raise AssertionError("an answer after the game's end is refused")
    result = run_log(log.read_text(encoding="utf-8"), TINY)
    assert result.ok and RULES.decision(result.state) is None


END_TURN_OF_NOTHING = object()
