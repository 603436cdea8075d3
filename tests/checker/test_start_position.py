"""Logs that start from a position (checker/core/position.py): for every game, over the example
logs and seeded random games, the position after turn N plus the turns after N checks to the
same result as the whole log (legal or the same violation, the same scores); the state read
back from a written position is the state it was written from."""

from __future__ import annotations

import copy
import dataclasses
import random
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from portolan.checker.core.bots.repeats import signature
from portolan.checker.core.log import load_log
from portolan.checker.core.logwriter import log_text
from portolan.checker.core.position import position_yaml, read_start, state_skips
from portolan.checker.core.reach import position_after
from portolan.checker.core.registry import rules_for
from portolan.checker.core.replay import replay
from portolan.checker.core.schemas import position_schema
from portolan.checker.core.simulate import default_players
from portolan.cli import app
from portolan.model import load_game
from portolan.yamlsrc import Source, load_yaml
from tests.checker.games import GAME_TESTS
from tests.checker.helpers import COMPONENTS, ROOT, played_or_stopped

GAMES = list(GAME_TESTS)
EXAMPLES = sorted(
    (g, p) for g in GAMES for p in (ROOT / "examples" / g).glob("*.yaml") if "schema" not in p.name
)


def outcome(log_path: Path) -> tuple:
    """What checking a log says: legal or the violation (rule, turn, player, message), whether
    the game is over, the scores."""
    log = load_log(log_path, COMPONENTS)
    result = replay(log)
    v = result.violation
    sheet = log.rules.sheet(result.state)
    said = None if v is None else (v.rule, v.turn, v.player, v.message)
    return said, sheet.finished, sheet.as_json() if v is None else None


def tail_log(log_path: Path, turns: int, first: int, position: str, folder: Path) -> Path:
    """The log's turns after ``turns`` (its first is turn ``first`` + 1), starting from
    ``position`` (a file in ``folder``)."""
    raw = yaml.safe_load(log_path.read_text(encoding="utf-8"))
    raw.pop("setup", None)
    raw["turns"] = (raw.get("turns") or [])[turns - first :]
    if not raw["turns"]:  # what follows the turns (an ``end:``) belongs to the last one
        raw.pop("end", None)
    raw["position"] = position
    out = folder / f"tail-{turns}.yaml"
    out.write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return out


def same_from_every_cut(log_path: Path, folder: Path, cuts: int = 4) -> int:
    """Check the tail of ``log_path`` from the position after several of its turns against
    the whole log; the number of cuts that gave a position."""
    log = load_log(log_path, COMPONENTS)
    whole = outcome(log_path)
    first = log.start.turns if log.start is not None else 0
    last = log.steps[-1].turn if log.steps else first
    turns = sorted({first, last, *(first + (last - first) * k // cuts for k in range(1, cuts))})
    written = 0
    for n in turns:
        reached = position_after(log, n)
        if reached.violation is not None:  # the log breaks a rule up to turn n: the same one
            v = reached.violation
            assert whole[0] == (v.rule, v.turn, v.player, v.message), (log_path, n)
            continue
        name = f"after-{n}.yaml"
        (folder / name).write_text(position_yaml(reached.data, ["test"]), encoding="utf-8")
        Draft202012Validator(position_schema(log.model)).validate(load_yaml(folder / name))
        assert outcome(tail_log(log_path, n, first, name, folder)) == whole, (log_path, n)
        assert_round_trip(log, reached.state, folder / name)
        written += 1
    return written


def assert_round_trip(log, state, path: Path) -> None:
    """The state read back from the file is the state written: every field a move may change
    equal, and the same bot signature (checker/core/bots/repeats.py) where no set is involved:
    a set read back holds the same members, not always in the same order, which the signature's
    ``repr`` sees)."""
    rules = log.rules
    start = read_start(rules, log.model, load_yaml(path), Source(str(path)), log.players, None)
    skip = {*state_skips(rules), "memo", "scratchpad"}
    differ = [
        f.name
        for f in dataclasses.fields(state)
        if f.name not in skip and getattr(state, f.name) != getattr(start.state, f.name)
    ]
    assert not differ, f"{path.name}: {differ} differ after the round trip"
    if "set(" not in repr(state) and "frozenset(" not in repr(state):
        assert signature(rules, start.state) == signature(rules, state)
    assert rules.decision(start.state) == rules.decision(state)


@pytest.mark.parametrize(("game", "path"), EXAMPLES, ids=[f"{g}/{p.name}" for g, p in EXAMPLES])
def test_an_example_log_checks_the_same_from_a_position_after_any_turn(game, path, tmp_path):
    assert same_from_every_cut(path, tmp_path) >= (1 if "puzzle" in path.name else 2)


@pytest.mark.parametrize("game", GAMES)
def test_a_random_game_checks_the_same_from_a_position_after_any_turn(game, tmp_path):
    rules, model = rules_for(game), load_game(COMPONENTS, game)
    options = {o.name: o.default for o in rules.options(model)}
    rng = random.Random(32)
    for k, count in enumerate(GAME_TESTS[game].players[:2]):
        names = default_players(count)
        played, _ = played_or_stopped(rules, model, names, options, rng, 4000)
        path = tmp_path / f"sim-{k}.yaml"
        path.write_text(log_text(rules, model, names, options, played.steps), encoding="utf-8")
        assert same_from_every_cut(path, tmp_path) >= 2


def _part_way(game: str, part: int):
    """The game's two-player example, its log, the turn ``1/part`` of the way in and the
    position written after that turn."""
    path = ROOT / "examples" / game / "two-players.yaml"
    log = load_log(path, COMPONENTS)
    n = log.steps[-1].turn // part
    return path, log, n, position_after(log, n).data


@pytest.mark.parametrize("game", [g for g in GAMES if rules_for(g).unknown_fields()])
def test_decks_written_unknown_check_the_same(game, tmp_path):
    """A position whose decks are ``unknown`` (a table that did not count them) goes on as the
    whole log does: each deck may hold any card seen nowhere else."""
    path, log, n, data = _part_way(game, 2)
    for name in log.rules.unknown_fields():
        data["state"][name] = "unknown"
    (tmp_path / "half.yaml").write_text(position_yaml(data, []), encoding="utf-8")
    assert outcome(tail_log(path, n, 0, "half.yaml", tmp_path)) == outcome(path)


@pytest.mark.parametrize(("game", "path"), EXAMPLES, ids=[f"{g}/{p.name}" for g, p in EXAMPLES])
def test_the_position_after_the_last_turn_scores_as_the_check_does(game, path, tmp_path):
    """What a position writes for `portolan score` (each game's ``entries``) is the end
    position `score` reads: the same totals as the check's sheet."""
    log = load_log(path, COMPONENTS)
    reached = position_after(log, log.steps[-1].turn)
    (tmp_path / "end.yaml").write_text(position_yaml(reached.data, []), encoding="utf-8")
    raw = load_yaml(tmp_path / "end.yaml")
    sheet = log.rules.score_position(log.model, raw, Source("end.yaml"), None)
    expected = log.rules.sheet(reached.state)
    assert [(ln.player, ln.total) for ln in sheet.lines] == [
        (ln.player, ln.total) for ln in expected.lines
    ]
    assert sheet.winners == expected.winners


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_log_breaks_the_same_rule_from_a_position(game, tmp_path):
    """A turn played by the wrong player in the middle of an example: from a position before
    it the tail breaks the same rule at the same turn; a position after it cannot be taken
    (``position_after`` gives the same violation)."""
    raw = yaml.safe_load((ROOT / "examples" / game / "two-players.yaml").read_text("utf-8"))
    k = len(raw["turns"]) // 2
    turn = raw["turns"][k]
    turn["player"] = "Ben" if turn["player"] == "Ana" else "Ana"
    path = tmp_path / "illegal.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True), encoding="utf-8")
    assert outcome(path)[0] is not None
    assert same_from_every_cut(path, tmp_path, cuts=3) >= 2


def _more_than_the_game_has(game: str, state: dict) -> tuple[str, str]:
    """A state edited to hold what the game cannot: the key changed, and what the refusal says."""
    if game == "ships":
        state["display"]["Lateen Sail"] = 9
        return "decks", "Lateen Sail cards in the decks, display, discard pile and kept cards"
    if game == "exploration-age-of-sail":
        state["exploration_deck"]["Mutiny"] = 7
        return "exploration_deck", "Mutiny cards in the decks, hands, expeditions and piles"
    if game == "age-of-discovery":
        card = next(iter(state["unseen"]))
        state["unseen"][card] += 20
        return "unseen", f"{card} cards on the table and in the piles: the game has"
    if game == "age-of-exploration":
        state["outfit_deck"].append(state["outfit_deck"][0])
        return "outfit_deck", "is in two places: the game has one"
    state["left"]["Ana"] = 9
    return "left", "Ana has 9 markers left"


@pytest.mark.parametrize("game", GAMES)
def test_a_position_with_more_than_the_game_has_is_refused_at_its_line(game, tmp_path):
    path, _, n, data = _part_way(game, 3)
    key, message = _more_than_the_game_has(game, data["state"])
    (tmp_path / "bad.yaml").write_text(position_yaml(data, []), encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(tail_log(path, n, 0, "bad.yaml", tmp_path))])
    assert out.exit_code == 2, out.output
    lines = (tmp_path / "bad.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if text.startswith(f"  {key}:"))
    assert f"bad.yaml:{line}:" in out.output and message in out.output, out.output
    assert f": state.{key}" in out.output


def _leaves(node, path=()):
    """(path, value) of every value in plain data, lists too (to cut or grow them)."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _leaves(v, (*path, i))
        yield path, node
    else:
        yield path, node


def _mutated(value, rng: random.Random):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([-1, 0, value + 1, 99, 10**6])
    if isinstance(value, str):
        return rng.choice(["", "x", value[::-1], "Ana", "unknown"])
    if isinstance(value, list):
        return value[:-1] if value and rng.random() < 0.5 else value + value[:1]
    return rng.choice([0, "x", []])


@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_state_is_checked_or_refused_never_a_crash(game, tmp_path):
    """Values of a written state changed at random (seeded): exit 0, 1 or 2, never 3."""
    path, _, n, data = _part_way(game, 2)
    values = list(_leaves(data["state"]))
    rng = random.Random(game)
    for _ in range(3):
        state = copy.deepcopy(data["state"])
        for where, value in rng.sample(values, 2):
            node = state
            for key in where[:-1]:
                node = node[key]
            if where:
                node[where[-1]] = _mutated(value, rng)
        (tmp_path / "m.yaml").write_text(position_yaml({**data, "state": state}, []), "utf-8")
        out = CliRunner().invoke(app, ["check", str(tail_log(path, n, 0, "m.yaml", tmp_path))])
        assert out.exit_code in (0, 1, 2), out.output
