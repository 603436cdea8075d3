"""The ``portolan`` command group: how help looks and how errors before a command are reported.

- A flag (``--json``, ``--ink-saver``) is shown in help without a value placeholder.
- ``--version`` prints the installed version; ``-h`` is ``--help``.
- A command-line error found before a command runs (an unknown option, a missing argument) is
  reported as typer reports it, with exit 2; when the arguments ask for JSON (``--json`` or
  ``--format json``) it is also printed as JSON on stdout, as every other outcome is.
"""

from __future__ import annotations

import sys

import typer
from typer.core import TyperGroup

from portolan.cli.jsonout import argv_wants_json, json_error
from portolan.errors import Problem


def _show_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            shown = version("portolan")
        except PackageNotFoundError:  # run from a checkout that was never installed
            from portolan import __version__ as shown
        typer.echo(f"portolan {shown}")
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
    """Flags take no value, so help shows none (typer would print ``<bool>``), ``--help`` too."""
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


class PortolanGroup(TyperGroup):
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
            typer.echo(json_error("aborted"))
            sys.exit(1)
        except Exception as exc:  # a usage error found before any command ran
            from typer._click.exceptions import ClickException

            if not isinstance(exc, ClickException):
                raise
            exc.show()
            typer.echo(json_error(Problem(exc.format_message(), file="command line")))
            sys.exit(exc.exit_code)
        sys.exit(result if isinstance(result, int) else 0)
