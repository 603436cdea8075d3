"""Writing a turn log back as tidy YAML (for play, simulate and examples)."""

from __future__ import annotations

import unicodedata
from typing import Any

import yaml

from portolan.checker.core.game import GameRules, Step
from portolan.fsio import write_atomic as write_atomic  # a log written: where simulate finds it
from portolan.model.loader import Game


class _Dumper(yaml.SafeDumper):
    """Indents lists under their key, as people write YAML by hand."""

    def increase_indent(self, flow: bool = False, indentless: bool = False):
        return super().increase_indent(flow, False)


def log_text(
    rules: GameRules,
    model: Game,
    players: list[str],
    options: dict[str, Any],
    steps: list[Step],
    header: str = "",
    bots: dict[str, str] | None = None,
    position: Any = None,
) -> str:
    """A log's text; ``position``: what its ``position:`` says (a file name or a mapping)."""
    defaults = {o.name: o.default for o in rules.options(model)}
    chosen = {k: v for k, v in options.items() if defaults.get(k) != v}
    data: dict[str, Any] = {"game": rules.id, "players": list(players)}
    if chosen:
        data["options"] = chosen
    if bots:
        data["bots"] = {p: bots[p] for p in players if p in bots}
    if position is not None:
        data["position"] = position
    data.update(rules.write_log(steps))
    text = yaml.dump(
        data,
        Dumper=_Dumper,
        sort_keys=False,
        default_flow_style=None,
        allow_unicode=True,
        width=100,
    )
    return (comment(header) + text) if header else text


def comment(text: str) -> str:
    """``text`` as one YAML comment line. A control character, a line or paragraph separator or
    an undecodable byte (all possible in a file name) is written as its escape, so nothing a
    header quotes can end the comment early or break the file."""
    body = "".join(
        ch.encode("unicode_escape", "backslashreplace").decode("ascii")
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp")
        else ch
        for ch in text.removesuffix("\n")
    )
    return (body if body.startswith("#") else "# " + body) + "\n"
