"""The checklist of docs/new-game.md, held for every game the checker registers."""

from __future__ import annotations

import dataclasses
import inspect
import re
from importlib import import_module
from pathlib import Path

import pytest

from portolan.checker.core.game import FLOW_HOOKS
from portolan.checker.core.logformat import LogFormat
from portolan.checker.core.registry import GAMES, rules_for
from portolan.model import load_game

ROOT = Path(__file__).resolve().parents[2]
MODULES = ("sections", "moves", "state", "book", "setup", "flow", "scoring", "logformat")
MODULES += ("position",)


def package_dir(game: str) -> Path:
    return Path(import_module(GAMES[game]).__file__).parent


@pytest.mark.parametrize("game", list(GAMES))
def test_the_game_data_loads(game):
    model = load_game(ROOT / "components", game)
    assert (ROOT / "components" / game / "rules.yaml").is_file()
    assert model.rules.scoring, "rules.yaml has the score sheet's categories"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_rules_reference_and_player_aid_templates(game):
    names = {p.name for p in (ROOT / "templates" / game).glob("*.j2")}
    assert "rules-reference.md.j2" in names
    assert any(n.startswith("player-aid") for n in names)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_package_has_every_module_of_the_shape(game):
    folder = package_dir(game)
    missing = [m for m in MODULES if not (folder / f"{m}.py").is_file()]
    if not (folder / "actions.py").is_file() and not (folder / "actions" / "__init__.py").is_file():
        missing.append("actions")
    assert not missing, f"{game} lacks {missing}"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_rules_module_is_well_under_800_lines(game):
    sizes = {
        str(p.relative_to(package_dir(game))): len(p.read_text(encoding="utf-8").splitlines())
        for p in package_dir(game).rglob("*.py")
    }
    assert not {k: n for k, n in sizes.items() if n >= 800}, "split it by rulebook section"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_move_type_is_in_the_move_table(game):
    moves = import_module(GAMES[game] + ".moves")
    types = {
        obj
        for _, obj in inspect.getmembers(moves, inspect.isclass)
        if obj.__module__ == moves.__name__ and dataclasses.is_dataclass(obj)
    }
    assert types == set(rules_for(game).moves)


@pytest.mark.parametrize("game", list(GAMES))
def test_examples_with_golden_score_sheets_and_traces(game):
    logs = sorted((ROOT / "examples" / game).glob("*.yaml"))
    assert logs
    for log in logs:
        for kind in ("score", "trace"):
            assert log.with_suffix(f".{kind}.txt").is_file(), f"{log.name} has no {kind}"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_log_format_and_the_end_position_in_their_own_modules(game):
    rules = rules_for(game)
    assert rules.logformat.__name__ == GAMES[game] + ".logformat"
    assert rules.position.__name__ == GAMES[game] + ".position"
    assert rules.log_keys == getattr(rules.logformat, "TOP_KEYS", ())
    # the log declared once: the keys the core and the schema know are the declaration's
    declared = rules.logformat.FORMAT
    assert isinstance(declared, LogFormat)
    assert declared.turn_keys == rules.logformat.TURN_KEYS
    assert rules.log_keys == tuple(declared.top)
    assert {"game", "options", "players"} <= set(rules.position.KEYS)
    # the file hooks are the core's: a game writes its modules, not a wrapper of its own
    written = {"parse_log", "write_log", "score_position"} & set(vars(type(rules)))
    assert not written, f"{game} wraps {written} itself"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_setup_flow_and_scoring_named_as_modules_not_wrapped(game):
    rules = rules_for(game)
    assert rules.preparation.__name__ == GAMES[game] + ".setup"
    assert rules.flow.__name__ == GAMES[game] + ".flow"
    assert rules.scoring.__name__ == GAMES[game] + ".scoring"
    # setup, score and the samplers are the core's, calling these modules; the flow's
    # functions are the hooks themselves (bound by RulesBase, no wrapper)
    own = vars(type(rules))
    written = {"setup", "score", "sample_move", "sample_outcome"} & set(own)
    assert not written, f"{game} wraps {written} itself"
    for name in FLOW_HOOKS:
        if name in own:
            hook = own[name]
            assert isinstance(hook, staticmethod), f"{game} wraps {name} itself"
            assert hook.__func__ is getattr(rules.flow, name), f"{game}: {name}"


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_readings_and_the_shared_tests(game):
    readings = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    model = load_game(ROOT / "components", game)
    unexplained = [o.name for o in rules_for(game).options(model) if f"`{o.name}`" not in readings]
    assert not unexplained, f"docs/rules/{game}.md does not explain {unexplained}"
    package = GAMES[game].rsplit(".", 1)[1]
    assert (ROOT / "tests" / "checker" / "games" / f"{package}.py").is_file()


def test_the_speed_benchmark_replays_every_registered_game():
    text = (ROOT / "benchmarks" / "speed.py").read_text(encoding="utf-8")
    assert "from portolan.checker.core.registry import GAMES" in text and "sorted(GAMES" in text


def test_the_guide_says_how_long_the_smallest_log_format_is():
    """docs/new-game.md gives the lines of Exploration in the Age of Sail's logformat.py."""
    guide = (ROOT / "docs" / "new-game.md").read_text(encoding="utf-8")
    said = re.search(r"Exploration in the Age of Sail: (\d+)\s+lines", guide)
    path = package_dir("exploration-age-of-sail") / "logformat.py"
    assert said, "docs/new-game.md says how many lines the smallest log format needed"
    assert int(said.group(1)) == len(path.read_text(encoding="utf-8").splitlines())
