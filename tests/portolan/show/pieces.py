"""Reading a picture back: every piece by its id, where it stands and whose it is."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

from portolan.checker.core.log import load_log
from portolan.paths import ROOT, components_dir
from portolan.show import picture_of

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = ROOT / "examples"


@cache
def example(game: str, players: str = "two-players"):
    return load_log(EXAMPLES / game / f"{players}.yaml", components_dir())


def svg_after(game: str, turn: int | None, players: str = "two-players") -> str:
    shown = picture_of(example(game, players), turn)
    assert shown.violation is None, shown.violation
    return shown.svg


def pieces(svg: str) -> dict[str, tuple[str, str | None]]:
    """id -> (data-space, data-player) of every piece; ids must be unique."""
    root = ET.fromstring(svg)
    out: dict[str, tuple[str, str | None]] = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("data-space") is None:
            continue
        ident = g.get("id")
        assert ident and ident not in out, f"piece id {ident!r} missing or used twice"
        out[ident] = (g.get("data-space"), g.get("data-player"))
    return out


def moved(game: str, turn: int, players: str = "two-players") -> dict[str, str]:
    """The pieces that are new or stand somewhere else after ``turn`` than after the turn
    before: id -> the space they stand in now."""
    before = pieces(svg_after(game, turn - 1, players))
    after = pieces(svg_after(game, turn, players))
    return {k: v[0] for k, v in after.items() if before.get(k, (None,))[0] != v[0]}


def gone(game: str, turn: int, players: str = "two-players") -> set[str]:
    before = pieces(svg_after(game, turn - 1, players))
    return set(before) - set(pieces(svg_after(game, turn, players)))


def view_box(svg: str) -> tuple[float, float]:
    _, _, w, h = (float(v) for v in ET.fromstring(svg).get("viewBox").split())
    return w, h


def written(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def titles(svg: str) -> dict[str, str]:
    """id -> the title (tooltip) of every piece."""
    root = ET.fromstring(svg)
    return {
        g.get("id"): g.findtext(f"{SVG}title")
        for g in root.iter(f"{SVG}g")
        if g.get("data-space") is not None
    }
