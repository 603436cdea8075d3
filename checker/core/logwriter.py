"""Writing a turn log back as tidy YAML (for play, simulate and examples)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from checker.core.game import GameRules, Step
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
) -> str:
    defaults = {o.name: o.default for o in rules.options(model)}
    chosen = {k: v for k, v in options.items() if defaults.get(k) != v}
    data: dict[str, Any] = {"game": rules.id, "players": list(players)}
    if chosen:
        data["options"] = chosen
    data.update(rules.write_log(steps))
    text = yaml.dump(
        data,
        Dumper=_Dumper,
        sort_keys=False,
        default_flow_style=None,
        allow_unicode=True,
        width=100,
    )
    return (header + text) if header else text


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` in one step, so an interrupted write never leaves half a log."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
