"""``--json`` output in every outcome: a command asked for JSON prints one JSON object on stdout,
a failure included (exit 2 for bad input, 3 for a bug), so a script never parses a message.

A failure is ``{"ok": false, "error": {file, line, column, field, message, hint}, "errors":
[...]}``: ``error`` is the first problem, ``errors`` every problem found.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from portolan.cli.terminal import json_text
from portolan.errors import Problem


def wants_json(kwargs: Mapping[str, Any]) -> bool:
    """Whether a command was called with ``--json`` (or ``--format json``)."""
    return bool(kwargs.get("as_json")) or str(kwargs.get("output_format") or "") == "json"


def argv_wants_json(argv: Sequence[str]) -> bool:
    """The same question asked of raw arguments, for errors found before a command runs."""
    args = list(argv)
    if "--" in args:
        args = args[: args.index("--")]
    if "--json" in args or "--format=json" in args:
        return True
    return any(a == "--format" and b == "json" for a, b in itertools.pairwise(args))


ERROR_FIELDS = ("file", "line", "column", "field", "message", "hint")  # as reports.ErrorDetail


def json_error(problems: Sequence[Problem] | Problem | str) -> str:
    """The JSON printed for a failure: a message, a problem or a list of problems."""
    if isinstance(problems, str):
        problems = [Problem(problems)]
    elif isinstance(problems, Problem):
        problems = [problems]
    found = [{name: getattr(p, name) for name in ERROR_FIELDS} for p in problems]
    return json_text({"ok": False, "error": found[0], "errors": found})
