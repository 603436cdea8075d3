"""portolan schema: JSON Schema of a game's files and of the --json outputs, for editors and
scripts (``# yaml-language-server: $schema=…`` at the top of a YAML file uses it)."""

from __future__ import annotations

from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, OUT, app, components_folder, friendly, print_or_write
from portolan.cli.terminal import json_text

KINDS = ("components", "log", "position", "score", "check", "simulate", "history", "list")


def schema_text(kind: str, game: str | None, components: Path | None = None) -> str:
    """The schema of ``kind`` for ``game``, as the JSON text the command prints."""
    from portolan.model import load_game

    if kind == "list":  # every game's: no game needed
        from portolan.cli.listing import list_schema

        return json_text(list_schema()) + "\n"
    if game is None:
        raise opt.bad("GAME", f"name the game whose {kind} schema to print", "e.g. ships")
    model = load_game(components_folder(components), game)
    if kind == "components":
        from portolan.model.jsonschema import components_schema

        schema = components_schema(model.id, model.title)
    else:
        from portolan.checker.core.registry import rules_for
        from portolan.checker.core.schemas import checker_schema

        rules_for(game)  # a game without a checker has no logs: exit 2 naming the games that do
        schema = checker_schema(model, kind)
    return json_text(schema) + "\n"


@app.command("schema")
@friendly
def schema_command(
    kind: str = typer.Argument(
        ...,
        metavar="[components|log|position|score|check|simulate|history|list]",
        help="What the schema describes: a game's component files, its logs, its end "
        "positions, or the --json output of score, check, simulate, history or list.",
        autocompletion=lambda: list(KINDS),
    ),
    game: str = typer.Argument(
        None,
        help="Game id, e.g. exploration-age-of-sail (every kind but list).",
        autocompletion=opt.game_ids,
    ),
    out: Path = OUT,
    components: Path = COMPONENTS,
):
    """Print a JSON Schema (draft 2020-12) generated from the models Portolan validates with."""
    print_or_write(schema_text(opt.choice("kind", kind, KINDS), game, components), out)
