"""portolan check and portolan score: replay a log, score an end position."""

from __future__ import annotations

import shlex
from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, app, components_folder, emit_json, friendly
from portolan.cli.terminal import echo
from portolan.errors import InputError, Problem
from portolan.yamlsrc import (
    STDIN,
    Source,
    YMap,
    document_name,
    load_yaml,
    parse_yaml,
    read_document,
)

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
    log: Path = typer.Argument(..., help="The turn log (YAML) to replay; - reads standard input."),
    as_json: opt.AsJson = False,
    trace: bool = typer.Option(False, "--trace", help="Print what happened at every step."),
    components: Path = COMPONENTS,
    output_format: str = sheet_format_option(),
):
    """Replay a turn log: exit 0 if legal (with scores), 1 at an illegal step, 2 if malformed."""
    shown = sheet_format(output_format, as_json)
    from portolan.checker.core.replay import replay

    loaded = _read_log(log, components_folder(components))
    result = replay(loaded, trace=trace)
    sheet = loaded.rules.sheet(result.state)  # no winner while the game is not over
    if shown == "json":
        data = {
            "ok": result.ok,
            "game": loaded.model.id,
            "turns": result.turns,
            "finished": sheet.finished,
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
            over = sheet.finished
            state = "the game is over" if over else "the game is not over yet (scores so far)"
            echo(f"{loaded.source.path}: {result.turns} turns, every step legal; {state}.")
            echo("")
            echo(sheet.as_text())
    if result.violation is not None:
        raise typer.Exit(1)


@app.command("score")
@friendly
def score_command(
    arguments: list[str] = typer.Argument(
        None,
        metavar="[GAME] POSITION",
        help="The game id (e.g. ships; default: the position's game: line) and the end position "
        "(YAML; - reads standard input).",
        autocompletion=opt.game_ids,
        show_default=False,
    ),
    as_json: opt.AsJson = False,
    components: Path = COMPONENTS,
    output_format: str = sheet_format_option(),
):
    """Score a finished game from its end position alone (no log needed).

    The game may be left out when the position names it (game: ships)."""
    shown = sheet_format(output_format, as_json)
    if not arguments or len(arguments) > 2:
        given = f"{len(arguments)} arguments given" if arguments else "no position given"
        raise opt.bad("arguments", given, "portolan score [GAME] POSITION")
    *named, given = arguments
    game, position = (named[0] if named else None), Path(given)
    from portolan.checker.core.registry import rules_for
    from portolan.model import load_game

    name = document_name(position)
    raw = load_yaml(position)  # first: it may name the game
    if isinstance(raw, YMap) and "turns" in raw:
        hint = "replay and score it with: portolan check"
        raise _other_kind("a turn log, not an end position", position, hint)
    game = game or _named_game(raw, name)
    rules = rules_for(game)
    model = load_game(components_folder(components), game)
    sheet = rules.score_position(model, raw, Source(name), None)
    if shown == "json":
        emit_json({"ok": True, "game": model.id, "finished": sheet.finished, **sheet.as_json()})
    elif shown == "csv":
        echo(sheet.as_csv(), nl=False)
    else:
        echo(sheet.as_text())


def _read_log(log: Path, components: Path):
    """The log of a file, or of standard input (``-``, read once); an end position given in
    its place is named as such."""
    from portolan.checker.core.log import load_log, parse_log

    data = read_document(log) if str(log) == STDIN else None
    try:
        if data is None:
            return load_log(log, components)
        return parse_log(data.decode("utf-8"), document_name(log), components)
    except InputError:
        _not_a_position(data, log)
        raise


def _not_a_position(data: bytes | None, path: Path) -> None:
    """Raise a clearer error when a log that failed to read (``data``: its bytes, None: read
    from ``path`` again) is in fact an end position."""
    try:
        raw = parse_yaml(data if data is not None else read_document(path), document_name(path))
    except InputError:
        return
    if isinstance(raw, YMap) and "turns" not in raw and isinstance(raw.get("players"), YMap):
        raise _other_kind("an end position, not a turn log", path, "score it with: portolan score")


def _other_kind(what: str, path: Path, command: str) -> InputError:
    """A file given to the command for the other kind of file, and the command that takes it."""
    word = shlex.quote(str(path)) if str(path) != STDIN else STDIN
    return InputError(
        Problem(f"this is {what}", file=document_name(path), hint=f"{command} {word}")
    )


def _named_game(raw, name: str) -> str:
    """The position's ``game:`` line, when no game was given on the command line."""
    game = raw.get("game") if isinstance(raw, YMap) else None
    if isinstance(game, str) and game:
        return game
    raise InputError(
        Problem(
            "the position does not name its game",
            file=name,
            field="game",
            hint="add a line such as 'game: ships', or name it: portolan score GAME POSITION",
        )
    )
