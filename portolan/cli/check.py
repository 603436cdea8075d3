"""portolan check and portolan score: replay a log, score an end position."""

from __future__ import annotations

from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, app, components_folder, emit_json, friendly, game_ids
from portolan.cli.terminal import echo
from portolan.errors import display_path
from portolan.yamlsrc import Source, load_yaml

SHEET_FORMATS = ("text", "json", "csv")


def sheet_format_option():
    return typer.Option(
        "text",
        "--format",
        metavar="[text|json|csv]",
        help="Score sheet as text, JSON (as --json) or CSV (one row a player, one column a "
        "category).",
        autocompletion=lambda: list(SHEET_FORMATS),
    )


def sheet_format(output_format: str, as_json: bool) -> str:
    chosen = opt.choice("--format", output_format, SHEET_FORMATS)
    return "json" if as_json else chosen


@app.command("check")
@friendly
def check_command(
    log: Path = typer.Argument(..., help="The turn log (YAML) to replay."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    trace: bool = typer.Option(False, "--trace", help="Print what happened at every step."),
    components: Path = COMPONENTS,
    output_format: str = sheet_format_option(),
):
    """Replay a turn log: exit 0 if legal (with scores), 1 at an illegal step, 2 if malformed."""
    shown = sheet_format(output_format, as_json)
    from checker.core.log import load_log
    from checker.core.replay import replay

    loaded = load_log(log, components_folder(components))
    result = replay(loaded, trace=trace)
    rules = loaded.rules
    sheet = rules.sheet(result.state)  # no winner while the game is not over
    finished = sheet.finished
    if shown == "json":
        data = {
            "ok": result.ok,
            "game": loaded.model.id,
            "turns": result.turns,
            "finished": finished,
            "violation": result.violation.as_json() if result.violation else None,
        }
        data.update(sheet.as_json() if result.ok else {"scores": [], "winners": []})
        if trace:
            data["trace"] = result.trace
        emit_json(data)
    elif shown == "csv":
        if result.violation is not None:
            echo(str(result.violation), err=True)
        else:
            echo(sheet.as_csv(), nl=False)
    else:
        for line in result.trace:
            echo(line)
        if result.violation is not None:
            echo(str(result.violation))
        else:
            state = "the game is over" if finished else "the game is not over yet (scores so far)"
            echo(f"{loaded.source.path}: {result.turns} turns, every step legal; {state}.")
            echo("")
            echo(sheet.as_text())
    if result.violation is not None:
        raise typer.Exit(1)


@app.command("score")
@friendly
def score_command(
    game: str = typer.Argument(
        ..., help="Game id, e.g. exploration-age-of-sail.", autocompletion=game_ids
    ),
    position: Path = typer.Argument(..., help="The end position (YAML)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    components: Path = COMPONENTS,
    output_format: str = sheet_format_option(),
):
    """Score a finished game from its end position alone (no log needed)."""
    shown = sheet_format(output_format, as_json)
    from checker.core.registry import rules_for
    from portolan.model import load_game

    rules = rules_for(game)
    model = load_game(components_folder(components), game)
    raw = load_yaml(position)
    sheet = rules.score_position(model, raw, Source(display_path(position)), None)
    if shown == "json":
        emit_json({"ok": True, "game": game, "finished": sheet.finished, **sheet.as_json()})
    elif shown == "csv":
        echo(sheet.as_csv(), nl=False)
    else:
        echo(sheet.as_text())
