"""`portolan schema`: the committed schemas are what the command generates, every shipped YAML
names its schema and validates against it, a typo does not, and every --json output (success,
illegal step, bad input) validates against the schema of its command."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from portolan.checker.core.registry import GAMES
from portolan.cli import app
from portolan.cli.schema import schema_text as generate
from portolan.model import available_games
from portolan.paths import ROOT, components_dir

MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)\n")
PRINTED = available_games(components_dir())
CHECKED = list(GAMES)
runner = CliRunner()


@functools.cache
def schema_text(kind: str, game: str) -> str:
    return generate(kind, game)


def shipped() -> list[tuple[Path, str, str]]:
    """(YAML file, schema kind, game) for every component file, example log and position."""
    out = []
    for game in PRINTED:
        out += [(p, "components", game) for p in sorted((components_dir() / game).glob("*.yaml"))]
    for game in CHECKED:
        out += [(p, "log", game) for p in sorted((ROOT / "examples" / game).glob("*.yaml"))]
        out.append((ROOT / "examples" / "positions" / f"{game}.yaml", "position", game))
    return out


def validator(schema: dict) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@functools.cache
def validator_of(path: Path) -> jsonschema.Draft202012Validator:
    return validator(json.loads(path.read_text("utf-8")))


def committed_schema(path: Path) -> Path:
    found = MODELINE.match(path.read_text("utf-8"))
    assert found, f"{path} does not name its schema on its first line"
    return path.parent / found.group(1)


@pytest.mark.parametrize(
    ("path", "kind", "game"), shipped(), ids=lambda v: v.name if isinstance(v, Path) else v
)
def test_every_shipped_yaml_validates_against_its_schema(path, kind, game, request):
    schema_file = committed_schema(path)
    if request.config.getoption("--update-golden"):
        schema_file.write_text(schema_text(kind, game), encoding="utf-8")
    assert schema_file.read_text("utf-8") == schema_text(kind, game), (
        f"{schema_file} is stale: run portolan schema {kind} {game} --out {schema_file}, or "
        "pytest tests/test_schemas.py --update-golden"
    )
    errors = list(validator_of(schema_file).iter_errors(yaml.safe_load(path.read_text("utf-8"))))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]


@pytest.mark.parametrize(
    ("kind", "file", "edit"),
    [
        ("components", "components/ships/cards.yaml", lambda d: d.update(nmae="x")),
        ("components", "components/ships/game.yaml", lambda d: d.update(kind="dekc")),
        ("log", "examples/age-of-discovery/two-players.yaml", lambda d: d.update(turnz=[])),
        ("log", "examples/age-of-discovery/two-players.yaml", lambda d: d.update(players=["A"])),
        (
            "log",
            "examples/age-of-discovery/two-players.yaml",
            lambda d: d["turns"][0].update(buy=[{"Red Shp 1": "Black Ship 2"}]),
        ),
        (
            "log",
            "examples/age-of-discovery/two-players.yaml",
            lambda d: d["turns"][0].update(coins="give"),
        ),
        (
            "log",
            "examples/exploration-age-of-sail/two-players.yaml",
            lambda d: d["turns"][0].update(drwa="Sailors"),
        ),
        (
            "log",
            "examples/exploration-age-of-sail/two-players.yaml",
            lambda d: d["turns"][0].update(draw="Salors"),
        ),
        (
            "log",
            "examples/ships/two-players.yaml",
            lambda d: d["turns"][0]["actions"].append({"card": "Rma"}),
        ),
        (
            "log",
            "examples/ships/two-players.yaml",
            lambda d: d["turns"][0]["actions"].append({"place": 1, "trdae": "Tyre Cloth"}),
        ),
        (
            "log",
            "examples/exploration-age-of-sail/two-players.yaml",
            lambda d: d.update(options={"bonus_ties": "sometimes"}),
        ),
        (
            "log",
            "examples/discovery-era-of-voyage/two-players.yaml",
            lambda d: d["turns"][0].update(sail={"to": "Palm Grov"}),
        ),
        (
            "log",
            "examples/age-of-exploration/two-players.yaml",
            lambda d: d["turns"][0].update(steps=["drwa 25"]),
        ),
        (
            "log",
            "examples/age-of-exploration/two-players.yaml",
            lambda d: d["turns"][0].update(steps=["draw Ana"]),
        ),
        ("position", "examples/positions/discovery-era-of-voyage.yaml", lambda d: d.pop("players")),
    ],
)
def test_a_mistake_does_not_validate(kind, file, edit):
    path = ROOT / file
    data = yaml.safe_load(path.read_text("utf-8"))
    edit(data)
    assert list(validator_of(committed_schema(path)).iter_errors(data))


def test_schema_command_writes_draft_2020_12(tmp_path):
    out = tmp_path / "s.json"
    result = runner.invoke(app, ["schema", "log", "age-of-discovery", "--out", str(out)])
    assert result.exit_code == 0, result.output
    schema = json.loads(out.read_text("utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["game"] == {"const": "age-of-discovery"}


def test_schema_command_rejects_bad_input():
    bad_kind = runner.invoke(app, ["schema", "logs", "age-of-discovery"])
    assert bad_kind.exit_code == 2 and "did you mean 'log'" in bad_kind.stderr
    fixtures = ["--components", str(ROOT / "tests" / "fixtures" / "components")]
    no_checker = runner.invoke(app, ["schema", "log", "fixture-game", *fixtures])
    assert no_checker.exit_code == 2 and "no checker for game 'fixture-game'" in no_checker.stderr
    assert runner.invoke(app, ["schema", "components", "fixture-game", *fixtures]).exit_code == 0


# -- every --json output against its schema -------------------------------------------------


@functools.cache
def report_validator(kind: str, game: str) -> jsonschema.Draft202012Validator:
    return validator(json.loads(schema_text(kind, game)))


def assert_valid(kind: str, game: str, result, code: int) -> dict:
    assert result.exit_code == code, result.output
    data = json.loads(result.stdout)
    errors = list(report_validator(kind, game).iter_errors(data))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]
    return data


@pytest.mark.parametrize("game", CHECKED)
def test_check_json_validates_for_every_example(game):
    for log in sorted((ROOT / "examples" / game).glob("*.yaml")):
        for extra in ([], ["--trace"]):
            assert_valid(
                "check", game, runner.invoke(app, ["check", str(log), "--json", *extra]), 0
            )


def test_check_json_of_an_illegal_and_a_malformed_log_validates(tmp_path):
    game = "exploration-age-of-sail"
    illegal = tmp_path / "illegal.yaml"
    illegal.write_text(
        f"game: {game}\nplayers: [Ana, Ben]\nturns:\n  - {{player: Ben, draw: Sailors}}\n",
        encoding="utf-8",
    )
    data = assert_valid("check", game, runner.invoke(app, ["check", str(illegal), "--json"]), 1)
    assert data["ok"] is False and data["violation"]["rule"]
    malformed = tmp_path / "malformed.yaml"
    malformed.write_text(f"game: {game}\nplayers: [Ana]\n", encoding="utf-8")
    data = assert_valid("check", game, runner.invoke(app, ["check", str(malformed), "--json"]), 2)
    assert data["error"]["line"] == 2


@pytest.mark.parametrize("game", CHECKED)
def test_score_json_validates(game, tmp_path):
    position = ROOT / "examples" / "positions" / f"{game}.yaml"
    assert_valid("score", game, runner.invoke(app, ["score", game, str(position), "--json"]), 0)
    missing = str(tmp_path / "missing.yaml")
    assert_valid("score", game, runner.invoke(app, ["score", game, missing, "--json"]), 2)


@pytest.mark.parametrize("game", CHECKED)
def test_simulate_json_validates(game):
    args = ["simulate", game, "--games", "2", "--json"]
    assert_valid("simulate", game, runner.invoke(app, args), 0)
    bad = ["simulate", game, "--players", "99", "--json"]
    assert_valid("simulate", game, runner.invoke(app, bad), 2)


@pytest.mark.parametrize("game", CHECKED)
def test_simulate_between_bots_json_validates(game):
    # the cheapest levels: the report's shape is the same for every level (mcts: test_core_bots)
    args = ["simulate", game, "--games", "1", "--bots", "random,greedy", "--jobs", "1"]
    data = assert_valid("simulate", game, runner.invoke(app, [*args, "--json"]), 0)
    assert [row["level"] for row in data["bots"]["by_level"]] == ["greedy", "random"]
    bad = ["simulate", game, "--bots", "mcts,greddy", "--json"]
    assert_valid("simulate", game, runner.invoke(app, bad), 2)


def test_history_json_validates(tmp_path):
    from portolan.web.historydb import History

    game = "ships"
    scores = [{"player": "Ana", "total": 7, "rank": 1}, {"player": "Ben", "total": 5, "rank": 2}]
    History(tmp_path).add_scored(game, "2026-12-01", {"scores": scores, "winners": ["Ana"]}, None)
    args = ["history", "--data", str(tmp_path), "--json"]
    data = assert_valid("history", game, runner.invoke(app, args), 0)
    assert data["plays"][0]["players"][0]["won"] is True
    bad = ["history", "--data", str(tmp_path), "--game", "nope", "--json"]
    assert_valid("history", game, runner.invoke(app, bad), 2)
