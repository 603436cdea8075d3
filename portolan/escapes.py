"""JSON text made inert: what a file shared online names (a player, a card) keeps every
character, but the characters that a terminal obeys or that end a YAML comment line are
written as JSON's ``\\u`` escapes, which every JSON reader reads back as the same characters."""

from __future__ import annotations

import json
import re
import unicodedata

# Controls (DEL and the C1 controls; json.dumps escapes the C0 ones itself), format characters
# (the bidirectional overrides among them), lone surrogates, line and paragraph separators.
_ESCAPED = ("Cc", "Cf", "Cs", "Zl", "Zp")
_NOT_PLAIN = re.compile(r"[^\x20-\x7e\n]")  # only these are looked up


def json_escaped(text: str) -> str:
    """``text`` (JSON from ``json.dumps(..., ensure_ascii=False)``) with those characters
    escaped, letters such as é or 鄭 left as they are."""
    return _NOT_PLAIN.sub(_escape, text)


def _escape(match: re.Match) -> str:
    char = match[0]
    return json.dumps(char)[1:-1] if unicodedata.category(char) in _ESCAPED else char
