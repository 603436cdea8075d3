"""Paper and card sizes, read from ``data/sizes.yaml``."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from portolan.limits import read_table
from portolan.paths import data_file


class Size(NamedTuple):
    width: float
    height: float


@cache
def _table() -> dict:
    return read_table(data_file("sizes.yaml"))


def papers() -> dict[str, Size]:
    return {k: Size(v["width"], v["height"]) for k, v in _table()["papers"].items()}


def paper_label(name: str) -> str:
    table = _table()
    return {**table["papers"], **table["large_papers"]}[name]["label"]


def large_papers() -> dict[str, Size]:
    """Print-shop sheets for whole boards, smallest first (as listed in sizes.yaml)."""
    return {k: Size(v["width"], v["height"]) for k, v in _table()["large_papers"].items()}


def card_sizes() -> dict[str, Size]:
    return {k: Size(v["width"], v["height"]) for k, v in _table()["cards"].items()}


def printer_limits() -> tuple[float, float]:
    """(default printer margin, shortest crop mark) in mm."""
    p = _table()["printer"]
    return float(p["margin"]), float(p["mark_length"])


def fold_gap() -> float:
    """With ``--duplex fold``: the room between the fold line and the nearest art, in mm."""
    return float(_table()["printer"]["fold_gap"])
