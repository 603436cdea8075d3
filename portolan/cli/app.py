"""The ``portolan`` command's shared parts: the typer app, the wrapper that turns every
failure into a message and an exit code, and the options several commands take."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.group import PortolanGroup, version_option
from portolan.cli.jsonout import json_error, wants_json
from portolan.cli.terminal import echo, json_text
from portolan.errors import EXIT_BUG, EXIT_INPUT, EXIT_IO, InputError, OutputError, Problem
from portolan.interrupts import ctrl_c_kept
from portolan.paths import components_dir

app = typer.Typer(
    cls=PortolanGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    name="portolan",
    help=(
        "Print-and-play sheets, rules references and a turn-log checker for Age of Exploration "
        "board games.\n\n"
        "Examples:\n\n"
        "  portolan build                          # every game, A4, into output/\n\n"
        "  portolan build exploration-age-of-sail --page letter --back-offset 0.5,0\n\n"
        "  portolan list\n\n"
        "  portolan examples                       # example logs and positions to start from\n\n"
        "  portolan check examples/exploration-age-of-sail/two-players.yaml\n\n"
        "  portolan score examples/positions/ships.yaml\n\n"
        "  portolan play exploration-age-of-sail --players Ana,Ben --log game.yaml"
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,
)


@app.callback()
def _root(version: bool = version_option()) -> None:
    pass  # the options every command shares (--version); the help is the app's


COMPONENTS = typer.Option(
    None,
    "--components",
    help="Folder of game descriptions (default: the ones installed with Portolan).",
)


def friendly(fn):
    """Input problems become their messages and exit code 2, a file that cannot be written (or
    read) exit code 74; never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            with ctrl_c_kept():
                return fn(*args, **kwargs)
        except InputError as exc:
            said, problems, code = [f"error: {p}" for p in exc.problems], exc.problems, EXIT_INPUT
        except BrokenPipeError:  # e.g. piped into `head`: stop quietly
            import os

            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise typer.Exit(0) from None
        except (OutputError, OSError) as exc:
            failed = exc if isinstance(exc, OutputError) else OutputError.of(exc)
            said, code = [f"error: {failed}"], EXIT_IO
            problems = Problem(failed.reason, file=failed.path)
        except KeyboardInterrupt:
            echo("interrupted", err=True)
            raise typer.Exit(130) from None
        except (typer.Exit, typer.Abort):
            raise
        except Exception as exc:
            problems = f"internal error: {type(exc).__name__}: {exc}"
            said = [
                problems,
                "This is a bug in Portolan; please report it with the command you ran.",
            ]
            code = EXIT_BUG
        for line in said:
            echo(line, err=True)
        if wants_json(kwargs):  # --json: the same problems as JSON on stdout
            echo(json_error(problems))
        raise typer.Exit(code)

    return wrapper


OUT = typer.Option(None, "--out", help="Write to this file instead of stdout.")


def print_or_write(text: str, out: Path | None) -> None:
    """``text`` on standard output, or (``--out``) into that file, replaced in one step."""
    if out is None:
        echo(text, nl=False)
    else:
        from portolan.fsio import write_atomic

        write_atomic(out, text)


def components_folder(path: Path | None) -> Path:
    return path if path is not None else components_dir()


def emit_json(data) -> None:
    echo(json_text(data))


def rule_options(rules, model, items: list[str] | None) -> dict:
    """--option name=value (repeatable) over the game's defaults; a bad one exits 2."""
    from portolan.checker.core import options as rule_options
    from portolan.yamlsrc import Source

    raw = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise opt.bad("--option", f"'{item}' is not name=value")
        raw[name.strip()] = value.strip()
    return rule_options.resolve(rules.options(model), raw, Source("command line"), "--option")
