"""`portolan play` for every game: a whole game played by a script (play_script.py) is stopped
at every one of its prompts and resumed in-process, which must ask the same question of the
same game without writing a byte; through the real `portolan play` (stdin), the game is
stopped at a few prompts (the setup's first, one halfway through a turn, one late), resumed
each time, and ends with the log of the game played in one go, which `check` accepts."""

from __future__ import annotations

import subprocess

import pytest

from portolan.checker.core.log import parse_log
from portolan.checker.core.play import Session
from portolan.checker.core.playlog import OVER_LINE, split_answers
from portolan.checker.core.registry import rules_for
from portolan.model import load_game
from tests.checker.games import GAME_TESTS
from tests.checker.helpers import portolan as run_portolan
from tests.checker.helpers import run_log
from tests.checker.play_script import Script, play_script, resumed_at


@pytest.fixture
def script(request, once_per_run) -> Script:
    """The game played by its script, once a run (every xdist worker reads the same)."""
    game = request.param
    return once_per_run(
        f"play script {game}", lambda folder: play_script(game, folder / f"{game}.yaml")
    )


def portolan(args: list[str], stdin: str) -> subprocess.CompletedProcess:
    return run_portolan(args, stdin, timeout=300)  # a whole game


def body(text: str) -> str:
    """A play log without its first line (which names the file)."""
    return text.split("\n", 1)[1]


GAMES = list(GAME_TESTS)


@pytest.mark.parametrize("script", GAMES, indirect=True)
def test_the_script_plays_a_whole_game_with_every_kind_of_prompt(script):
    kinds = {p.asked[0] for p in script.prompts}
    assert {"choice", "chance"} <= kinds
    assert len(script.prompts) > 20
    assert "# portolan play: the turn under way" not in script.final  # the game is over
    spec = GAME_TESTS[script.game].play
    result = run_log(script.final, spec.components)
    assert result.ok and rules_for(script.game).decision(result.state) is None


@pytest.mark.parametrize("script", GAMES, indirect=True)
def test_stopped_at_any_prompt_a_game_resumes_at_that_prompt_and_writes_nothing(script, tmp_path):
    path = tmp_path / "stopped.yaml"
    for i, prompt in enumerate(script.prompts):
        got, _ = resumed_at(script.game, path, prompt.text)
        assert got == prompt.asked, f"prompt {i} (after {prompt.typed} answers)"
        assert path.read_text(encoding="utf-8") == prompt.text, f"prompt {i}: the log changed"


@pytest.mark.parametrize("script", GAMES, indirect=True)
def test_a_turn_is_written_whole_as_it_ends_and_check_accepts_every_stop(script):
    """What `check` sees of a game stopped anywhere: every turn that has ended (the file then
    says the last turn is over), never a part of the turn under way."""
    spec = GAME_TESTS[script.game].play
    ended = 0
    for i, prompt in enumerate(script.prompts):
        log, answers = split_answers(prompt.text)
        result = run_log(log, spec.components)
        assert result.ok, f"prompt {i}: {result.violation}"
        if prompt.text.endswith(OVER_LINE):
            ended += 1
            assert not answers
            # the file holds every turn so far but the one just begun (a log may leave out
            # what ends a turn, which a resume plays: test_stopped_at_any_prompt...)
            so_far = [s[:3] for s in parse_log(prompt.asked[-1], "x", spec.components).steps]
            written = [s[:3] for s in parse_log(log, "y", spec.components).steps]
            last = written[-1][1] if written else 0
            assert so_far[: len(written)] == written, f"prompt {i}"
            assert {turn for _, turn, _ in so_far[len(written) :]} <= {last, last + 1}
    assert ended > 3  # turns were written whole when they ended, not when the next began


def stops(script: Script) -> list[int]:
    """The prompts the game is stopped at through stdin: the first, the first halfway
    through a turn (answers of that turn in the log) after the first third, one late."""
    prompts = script.prompts
    mid = next(
        i
        for i, p in enumerate(prompts)
        if i > len(prompts) // 3 and p.text.count("\n#~ ") >= 2 and p.asked[0] == "choice"
    )
    return sorted({0, mid, len(prompts) * 5 // 6})


@pytest.mark.parametrize("script", GAMES, indirect=True)
def test_a_whole_game_through_stdin_stopped_and_resumed_at_a_few_prompts(script, tmp_path):
    game = script.game
    spec = GAME_TESTS[game].play
    log = tmp_path / "game.yaml"
    where = ["--components", str(spec.components)]
    args = ["play", game, "--players", ",".join(spec.players), "--log", str(log), *where]
    done = 0
    for i in stops(script):
        prompt = script.prompts[i]
        out = portolan(args, "".join(a + "\n" for a in script.answers[done : prompt.typed]) + "q\n")
        assert out.returncode == 0, out.stderr
        assert f"resume with: portolan play {game} --log " in out.stdout
        assert body(log.read_text(encoding="utf-8")) == body(prompt.text), f"stopped at {i}"
        assert "Winner" not in out.stdout and "Tied for the win" not in out.stdout
        halfway = portolan(["check", str(log), *where], "")  # a game stopped midway: no winner
        assert halfway.returncode == 0, halfway.stdout
        assert "the game is not over yet" in halfway.stdout
        assert "No winner yet" in halfway.stdout and "Winner:" not in halfway.stdout
        args = ["play", game, "--log", str(log), *where]
        done = prompt.typed
    last = portolan(args, "".join(a + "\n" for a in script.answers[done:]))
    assert last.returncode == 0, last.stderr
    assert "Resuming" in last.stdout and "The game is over." in last.stdout
    assert "Winner:" in last.stdout or "Tied for the win" in last.stdout
    assert body(log.read_text(encoding="utf-8")) == body(script.final)
    check = portolan(["check", str(log), *where], "")
    assert check.returncode == 0 and "every step legal; the game is over" in check.stdout


@pytest.mark.parametrize("script", GAMES, indirect=True)
def test_the_table_shows_what_each_player_has(script):
    """'t' at a prompt late in the game: a line for every player (public_state)."""
    spec = GAME_TESTS[script.game].play
    table = script.prompts[len(script.prompts) * 5 // 6].asked[6]
    for player in spec.players:
        assert any(line.startswith(f"{player}: ") for line in table), (player, table)


@pytest.mark.parametrize("script", GAMES, indirect=True)
def test_a_game_over_resumed_asks_nothing_and_writes_nothing(script, tmp_path):
    """The log of a game that has ended, resumed: the game is over (a turn the log ends on
    without its end written, as a log may, is not played on), and the file stays as it is."""
    spec = GAME_TESTS[script.game].play
    path = tmp_path / "over.yaml"
    path.write_text(script.final, encoding="utf-8")
    loaded = parse_log(script.final, str(path), spec.components)
    asked: list[str] = []

    def ask(prompt: str) -> None:
        asked.append(prompt)

    rules, model = rules_for(script.game), load_game(spec.components, script.game)
    session = Session(rules, model, loaded.players, loaded.options, path, ask, lambda s: None)
    assert session.resume(script.final, loaded) is None
    assert session.run() is True and asked == []
    assert path.read_text(encoding="utf-8") == script.final
