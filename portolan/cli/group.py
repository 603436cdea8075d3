"""The ``portolan`` command group: how help looks and how errors before a command are reported.

- A flag (``--json``, ``--ink-saver``) is shown in help without a value placeholder.
- ``--version`` prints the installed version; ``-h`` is ``--help``.
- A command-line error found before a command runs (an unknown option, a missing argument) is
  reported as typer reports it, with exit 2; when the arguments ask for JSON (``--json`` or
  ``--format json``) it is also printed as JSON on stdout, as every other outcome is.
- A command's module is imported when that command is looked up (``COMMAND_MODULES``), so
  ``portolan check`` neither imports nor builds ``build``; help and completion look up all.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from collections.abc import Iterator, MutableMapping

import typer
from typer.core import TyperGroup

from portolan.cli.jsonout import argv_wants_json, json_error
from portolan.cli.terminal import echo
from portolan.errors import Problem


def _show_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        from portolan import DISTRIBUTION

        try:
            shown = version(DISTRIBUTION)
        except PackageNotFoundError:  # run from a checkout that was never installed
            from portolan import __version__ as shown
        echo(f"portolan {shown}")
        raise typer.Exit(0)


def version_option():
    return typer.Option(
        False,
        "--version",
        callback=_show_version,
        is_eager=True,
        expose_value=True,
        help="Print the version and exit.",
        metavar="",
    )


def _no_placeholder(command) -> None:
    """Flags take no value, so help shows none (typer would print ``<bool>``), ``--help`` too;
    a docstring's paragraphs are rewrapped to the terminal (typer keeps the source's line
    breaks in all but the first paragraph of a command's help, and in the list of commands)."""
    if command.help:
        command.help = _unwrap(command.help)
    for param in getattr(command, "params", []):
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    if not getattr(command, "_portolan_help", False):
        make_help = command.get_help_option

        def get_help_option(ctx):
            option = make_help(ctx)
            if option is not None:
                option.metavar = ""
            return option

        command.get_help_option = get_help_option
        command._portolan_help = True


def _unwrap(text: str) -> str:
    """Paragraphs (split by a blank line) each on one line, for the help to wrap."""
    return re.sub(r"(?<!\n)\n(?!\n)", " ", inspect.cleandoc(text))


# Every command, in the order help lists it, and the module that registers it on the app.
COMMAND_MODULES = {
    "build": "portolan.cli.build",
    "list": "portolan.cli.listing",
    "examples": "portolan.cli.examples",
    "check": "portolan.cli.check",
    "score": "portolan.cli.check",
    "play": "portolan.cli.play",
    "schema": "portolan.cli.schema",
    "serve": "portolan.cli.serve",
    "simulate": "portolan.cli.simulate",
    "history": "portolan.cli.history",
    "show": "portolan.cli.show",
    "position": "portolan.cli.position",
}


def _import_command(name: str) -> tuple[typer.models.CommandInfo, typer.Typer] | None:
    """The registration of command ``name`` and the app it is registered on (every command
    module imports the one app from ``portolan.cli.app``), its module imported first."""
    app = importlib.import_module(COMMAND_MODULES[name]).app
    info = next((c for c in app.registered_commands if c.name == name), None)
    return None if info is None else (info, app)


class _Commands(MutableMapping):
    """The group's commands by name: every name of ``COMMAND_MODULES`` is known from the start,
    and each command is built the first time it is asked for."""

    def __init__(self, built: dict, build) -> None:
        self._built = dict(built)
        self._build = build

    def __getitem__(self, name: str):
        if name not in self._built:
            found = _import_command(name) if name in COMMAND_MODULES else None
            if found is None:
                raise KeyError(name)
            self._built[name] = self._build(*found)
        return self._built[name]

    def __setitem__(self, name: str, command) -> None:
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._built[name]

    def __iter__(self) -> Iterator[str]:
        yield from COMMAND_MODULES
        yield from (name for name in self._built if name not in COMMAND_MODULES)

    def __len__(self) -> int:
        return len(COMMAND_MODULES) + sum(1 for n in self._built if n not in COMMAND_MODULES)

    def __contains__(self, name: object) -> bool:
        return name in COMMAND_MODULES or name in self._built


class PortolanGroup(TyperGroup):
    def __init__(self, *, commands=None, **attrs) -> None:
        super().__init__(commands=commands, **attrs)
        self.commands = _Commands(self.commands, self._build_command)

    def _build_command(self, info: typer.models.CommandInfo, app: typer.Typer):
        from typer.main import get_command_from_info

        return get_command_from_info(
            info,
            pretty_exceptions_short=app.pretty_exceptions_short,
            rich_markup_mode=self.rich_markup_mode,
        )

    def get_command(self, ctx, cmd_name: str):
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _no_placeholder(command)
        return command

    def get_params(self, ctx):
        _no_placeholder(self)
        return super().get_params(ctx)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        argv = list(sys.argv[1:] if args is None else args)
        if not standalone_mode or not argv_wants_json(argv):
            return super().main(argv, prog_name, complete_var, standalone_mode, **extra)
        try:
            result = super().main(argv, prog_name, complete_var, False, **extra)
        except typer.Abort:
            echo(json_error("aborted"))
            sys.exit(1)
        except Exception as exc:  # a usage error found before any command ran
            from typer._click.exceptions import ClickException

            if not isinstance(exc, ClickException):
                raise
            exc.show()
            echo(json_error(Problem(exc.format_message(), file="command line")))
            sys.exit(exc.exit_code)
        sys.exit(result if isinstance(result, int) else 0)
