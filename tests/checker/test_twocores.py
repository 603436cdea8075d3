"""A long log read on two cores gives the steps one reading gives; anything unusual falls back
to the one reading (checker/core/twocores.py)."""

from __future__ import annotations

import os
import pickle
import random
import sys
import threading
import time

import pytest

from checker.core import twocores
from checker.core.game import Step
from checker.core.log import parse_log
from checker.core.logwriter import log_text
from checker.core.registry import rules_for
from checker.core.simulate import default_players
from portolan.errors import InputError
from portolan.model import load_game
from portolan.yamllog import TurnList, parse_log_yaml
from portolan.yamlsrc import Pos, Source
from tests.checker.helpers import COMPONENTS, played_or_stopped

SPLIT_GAMES = [
    "exploration-age-of-sail",
    "age-of-discovery",
    "discovery-era-of-voyage",
    "ships",
    "age-of-exploration",
]
pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="reading in two needs fork")


def _random_log(game: str, seed: int = 3) -> str:
    rules, model = rules_for(game), load_game(COMPONENTS, game)
    names = default_players(3)  # every game here takes three
    options = {o.name: o.default for o in rules.options(model)}
    played, _ = played_or_stopped(rules, model, names, options, random.Random(seed), 3_000)
    return log_text(rules, model, names, options, played.steps)


def _read(text: str, game: str, at: int | None):
    """(steps read in two parts, cut after ``at`` turns, or None; steps read in one)."""
    raw = parse_log_yaml(text, "t.yaml")
    rules, model = rules_for(game), load_game(COMPONENTS, game)
    log = parse_log(text, "t.yaml", COMPONENTS)  # the one reading (short logs are not split)
    assert isinstance(raw["turns"], TurnList)
    two = twocores.read_in_two(rules, model, raw, Source("t.yaml"), log.players, log.options, at)
    return two, log.steps


@pytest.fixture(scope="module", params=SPLIT_GAMES)
def random_log(request) -> tuple[str, str]:
    return request.param, _random_log(request.param)


def test_two_parts_give_the_steps_of_one_reading(random_log):
    game, text = random_log
    turns = len(parse_log_yaml(text, "t.yaml")["turns"])
    assert turns > 20
    if game == "age-of-discovery":  # its end section (missions) is read with the last part
        assert "\nend:" in text
    for at in (1, turns // 3, turns // 2, turns - 1):
        two, one = _read(text, game, at)
        assert two is not None, f"cut after {at} of {turns} turns fell back"
        assert two == one
        assert [type(s) for s in two] == [Step] * len(one)
        assert all(type(s.pos) is Pos for s in two if s.pos is not None)
        assert [s.pos for s in two] == [s.pos for s in one]  # Pos equals a tuple: compare both


def test_a_problem_in_either_part_falls_back_to_one_reading():
    text = _random_log("exploration-age-of-sail")
    lines = text.splitlines(keepends=True)
    turns = len(parse_log_yaml(text, "t.yaml")["turns"])
    draws = [i for i, line in enumerate(lines) if "draw: " in line]
    for line in (draws[1], draws[-2]):  # a misspelt card early, then late
        misspelt = lines[line].replace("draw: ", "draw: Zz")
        bad = "".join([*lines[:line], misspelt, *lines[line + 1 :]])
        raw = parse_log_yaml(bad, "t.yaml")
        rules, model = rules_for("exploration-age-of-sail"), load_game(COMPONENTS, raw["game"])
        names = list(raw["players"])
        got = twocores.read_in_two(rules, model, raw, Source("t.yaml"), names, {}, turns // 2)
        assert got is None
        _no_child_left()
        with pytest.raises(InputError) as one:
            rules.parse_log(model, raw, Source("t.yaml"), names, {})
        with pytest.raises(InputError) as both:  # read_steps: the same problems as one reading
            twocores.read_steps(rules, model, raw, Source("t.yaml"), names, {})
        assert str(both.value) == str(one.value)
        assert f":{line + 1}:" in str(one.value)


def test_a_child_that_fails_leaves_the_reading_to_the_parent(monkeypatch):
    text = _random_log("ships")

    def broken(steps):
        raise MemoryError

    monkeypatch.setattr(twocores, "_encode", broken)  # the forked child inherits it
    two, _ = _read(text, "ships", 10)
    assert two is None
    _no_child_left()


def test_a_stuck_child_is_ended_and_the_parent_reads_alone(monkeypatch):
    text = _random_log("discovery-era-of-voyage")

    def stuck(steps):
        time.sleep(600)

    monkeypatch.setattr(twocores, "_encode", stuck)
    monkeypatch.setattr(twocores, "MIN_PATIENCE", 0.5)
    started = time.monotonic()
    two, _ = _read(text, "discovery-era-of-voyage", 10)
    assert two is None
    assert time.monotonic() - started < 300  # the parent did not wait out the child's sleep
    _no_child_left()


def test_steps_are_packed_and_unpacked_whole():
    unhashable = [1, 2]
    steps = [
        Step("a", 1, "Ana", Pos(3, 5)),
        Step(unhashable, 1, "Ana", None),
        Step("a", 2, "Ben", Pos(4, 5)),
        Step(("t", 1), 2, None, Pos(5, 9)),
    ]
    back = twocores._decode(pickle.loads(pickle.dumps(twocores._encode(steps))), [])
    assert back == steps
    assert back[1].move == unhashable and back[1].pos is None
    assert [type(s.pos) for s in back] == [Pos, type(None), Pos, Pos]


def test_only_a_long_log_on_a_free_second_core_is_split(monkeypatch):
    text = _random_log("exploration-age-of-sail")
    turns = parse_log_yaml(text, "t.yaml")["turns"]
    eas = rules_for("exploration-age-of-sail")
    monkeypatch.setattr(twocores, "_cores", lambda: 2.0)
    monkeypatch.setattr(twocores, "_load", lambda: 1.0)
    monkeypatch.setattr(twocores, "_may_fork", lambda: True)
    monkeypatch.setattr(twocores, "SPLIT_TURNS", len(turns))
    assert twocores._worth_splitting(eas, turns)
    monkeypatch.setattr(type(eas), "turns_read_alone", False)  # a game that does not say so
    assert not twocores._worth_splitting(eas, turns)
    monkeypatch.setattr(type(eas), "turns_read_alone", True)
    assert not twocores._worth_splitting(eas, turns.part(1, len(turns)))  # too short
    assert not twocores._worth_splitting(eas, list(turns))  # read whole: no text to share
    monkeypatch.setattr(twocores, "_load", lambda: 1.6)  # most of the second core busy
    assert not twocores._worth_splitting(eas, turns)
    monkeypatch.setattr(twocores, "_load", lambda: 0.0)
    monkeypatch.setattr(twocores, "_cores", lambda: 1.5)  # a container's quota
    assert not twocores._worth_splitting(eas, turns)
    monkeypatch.setattr(twocores, "_cores", lambda: 2.0)
    monkeypatch.setattr(twocores, "_may_fork", lambda: False)
    assert not twocores._worth_splitting(eas, turns)


def test_forking_is_left_to_a_process_of_one_thread_on_linux():
    expected = sys.platform.startswith("linux") and threading.active_count() == 1
    assert twocores._may_fork() is expected
    started = threading.Event()
    stop = threading.Event()
    helper = threading.Thread(target=lambda: (started.set(), stop.wait()))
    helper.start()
    try:
        started.wait()
        assert not twocores._may_fork()
    finally:
        stop.set()
        helper.join()


def test_the_cores_count_a_containers_quota(monkeypatch, tmp_path):
    real = twocores.Path

    def quota(text):
        (tmp_path / "cpu.max").write_text(text)
        monkeypatch.setattr(
            twocores, "Path", lambda p: tmp_path / "cpu.max" if "cpu.max" in str(p) else real(p)
        )
        return twocores._cores()

    monkeypatch.setattr(twocores.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    assert quota("max 100000\n") == 4.0
    assert quota("150000 100000\n") == 1.5
    assert quota("garbled\n") == 4.0


def test_a_failed_fork_leaves_the_reading_to_one_process(monkeypatch):
    text = _random_log("exploration-age-of-sail")

    def no_fork():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(twocores.os, "fork", no_fork)
    before = len(os.listdir("/proc/self/fd"))
    two, _ = _read(text, "exploration-age-of-sail", 10)
    assert two is None
    assert len(os.listdir("/proc/self/fd")) == before  # both ends of the pipe closed


def test_a_part_of_the_turns_keeps_their_numbers_and_positions():
    text = _random_log("ships")
    turns = parse_log_yaml(text, "t.yaml")["turns"]
    n = len(turns)
    part = turns.part(5, n - 2)
    assert (len(part), part.first, part.total) == (n - 7, 5, n)
    assert list(part) == list(turns)[5 : n - 2]
    assert list(part.item_pos) == list(turns.item_pos)[5 : n - 2]
    assert part[-1] == turns[n - 3]


def _no_child_left() -> None:
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)
