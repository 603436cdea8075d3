"""What the command line prints: text from a log or a components folder is shown, never obeyed.

A player's name, a card or a label comes from a file shared online, and a terminal obeys the
control characters in what it prints: an escape sequence can set the window's title, write to
the clipboard (OSC 52) or hide a line, and a bidirectional override reverses text ("Trojan
Source"). ``shown`` writes every such character as its Python escape (``\\x1b``, ``\\u202e``),
visibly; JSON output escapes them the JSON way (``\\u001b``), so it stays valid JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any

import typer

from portolan.escapes import json_escaped

# C0 controls but tab and newline (and a carriage return that ends a line, as CSV's lines end),
# DEL and the C1 controls, line and paragraph separators, and the bidirectional embeddings,
# overrides and isolates.
_CONTROL = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!\n)"
)


def _escaped(match: re.Match) -> str:
    code = ord(match[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str) -> str:
    """``text`` with every control character written out as its escape."""
    return _CONTROL.sub(_escaped, text)


def echo(message: Any = "", *, err: bool = False, nl: bool = True) -> None:
    """``typer.echo`` of ``message`` as ``shown``."""
    typer.echo(shown(str(message)), err=err, nl=nl)


def json_text(data: Any) -> str:
    """``data`` as indented JSON, readable (non-ASCII letters as they are) and inert in a
    terminal (every control character escaped)."""
    return json_escaped(json.dumps(data, ensure_ascii=False, indent=2))
