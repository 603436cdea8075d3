"""portolan list: the same games as text and as JSON, the JSON valid against `portolan schema
list` (portolan/cli/listing.py)."""

from __future__ import annotations

import json

import jsonschema
from typer.testing import CliRunner

from portolan.cli import app
from portolan.paths import components_dir

runner = CliRunner()


def schema() -> jsonschema.Draft202012Validator:
    result = runner.invoke(app, ["schema", "list"])
    assert result.exit_code == 0, result.output
    return jsonschema.Draft202012Validator(json.loads(result.stdout))


def test_list_json_validates_and_names_every_game_and_component():
    result = runner.invoke(app, ["list", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    schema().validate(data)
    games = {g["id"]: g for g in data["games"]}
    assert sorted(games) == sorted(p.parent.name for p in components_dir().glob("*/game.yaml"))
    ships = games["ships"]
    assert ships["players"] == {"min": 2, "max": 4}
    text = runner.invoke(app, ["list"]).stdout
    for game in data["games"]:
        assert f"{game['id']}  {game['title']}" in text
        for c in game["components"]:
            assert f"  {c['id']:<22} {c['kind']:<10} {c['name']}" in text


def test_a_deck_says_its_cards_and_size():
    data = json.loads(runner.invoke(app, ["list", "--json"]).stdout)
    decks = [c for g in data["games"] for c in g["components"] if c["kind"] == "deck"]
    assert decks and all(c["cards"] > 0 and len(c["size_mm"]) == 2 for c in decks)


def test_list_json_of_a_bad_folder_is_an_error_object_that_validates(tmp_path):
    result = runner.invoke(app, ["list", "--json", "--components", str(tmp_path / "none")])
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["ok"] is False
    schema().validate(data)


def test_every_other_schema_still_needs_its_game():
    result = runner.invoke(app, ["schema", "log"])
    assert result.exit_code == 2
    assert "name the game" in result.stderr
