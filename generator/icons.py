"""Small vector icons, drawn in a unit square and scaled into any box.

The shapes are data (``generator/data/icons.json``), read once and checked against the bounds
below. Each icon is a list of shapes; a shape names its kind and its numbers (``rect``: x, y,
w, h; ``line``: x1, y1, x2, y2; ``circle``: cx, cy, r; ``path``: commands ``["M", x, y]``,
``["L", x, y]``, ``["C", x1, y1, x2, y2, x, y]``, ``["Z"]``), then what differs from
``portolan.generator.draw``'s defaults: ``fill`` and ``stroke`` (``colour`` or ``background``, the
two
colours an icon is drawn in), ``width``, ``radius``, ``dash``. Names are what the YAML's
``icon:`` keys may use; ``ICONS`` lists them.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path as FilePath
from typing import Any

from portolan.generator.draw import Circle, Group, Line, Path, Rect

DATA = FilePath(__file__).parent / "data" / "icons.json"
MOST_BYTES = 1 << 20  # the file
MOST_ICONS = 200
MOST_SHAPES = 200  # of one icon
MOST_COMMANDS = 200  # of one path
REACH = (-1.0, 2.0)  # coordinates: the unit square, and room for a shape to lean out of it
_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")
_SHAPES: dict[str, tuple[type, int]] = {"rect": (Rect, 4), "line": (Line, 4), "circle": (Circle, 3)}
_COMMANDS = {"M": 2, "L": 2, "C": 6, "Z": 0}
_COLOURS = ("colour", "background")
_PAINTS = ("fill", "stroke")
_OPTIONS = {"fill", "stroke", "width", "radius", "dash"}


class IconDataError(ValueError):
    """The icon file is broken: a bug in Portolan's own data."""


class Icon:
    """One icon's shapes, each drawn in the icon's colour and background when called."""

    __slots__ = ("about", "shapes")

    def __init__(self, shapes: tuple[tuple[type, tuple, dict[str, Any]], ...], about: str = ""):
        self.shapes = shapes
        self.about = about

    def __call__(self, colour: str, background: str) -> list:
        pick = {"colour": colour, "background": background}
        return [
            kind(*numbers, **{k: pick[v] if k in _PAINTS else v for k, v in opts.items()})
            for kind, numbers, opts in self.shapes
        ]


def _number(value: Any, where: str, low: float = REACH[0], high: float = REACH[1]) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or not low <= value <= high:
        raise IconDataError(f"{where}: {value!r} is not a number from {low} to {high}")
    return value


def _numbers(values: Any, count: int, where: str) -> tuple:
    if not isinstance(values, list) or len(values) != count:
        raise IconDataError(f"{where}: {count} numbers expected")
    return tuple(_number(v, where) for v in values)


def _commands(values: Any, where: str) -> tuple[tuple, ...]:
    if not isinstance(values, list) or not 0 < len(values) <= MOST_COMMANDS:
        raise IconDataError(f"{where}: a path is a list of 1 to {MOST_COMMANDS} commands")
    out = []
    for command in values:
        letter = command[0] if isinstance(command, list) and command else None
        if letter not in _COMMANDS:
            raise IconDataError(f"{where}: {command!r} is not a path command (M, L, C, Z)")
        out.append((letter, *_numbers(command[1:], _COMMANDS[letter], where)))
    return tuple(out)


def _options(raw: dict, where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in _OPTIONS:
            raise IconDataError(f"{where}: unknown key {key!r}")
        if key in ("fill", "stroke") and value not in _COLOURS:
            raise IconDataError(f"{where}: {key} is 'colour' or 'background', not {value!r}")
        if key in ("width", "radius"):
            _number(value, where, 0.0, 1.0)
        if key == "dash":
            if not isinstance(value, list) or len(value) > 8:
                raise IconDataError(f"{where}: dash is a list of at most 8 lengths")
            value = tuple(_number(v, where, 0.0, 1.0) for v in value)
        out[key] = value
    return out


def _shape(raw: Any, where: str) -> tuple[type, tuple, dict[str, Any]]:
    kinds = [k for k in (*_SHAPES, "path") if isinstance(raw, dict) and k in raw]
    if len(kinds) != 1:
        raise IconDataError(f"{where}: a shape names one of rect, line, circle, path")
    kind = kinds[0]
    options = _options({k: v for k, v in raw.items() if k != kind}, where)
    if kind == "path":
        return Path, (_commands(raw[kind], where),), options
    cls, count = _SHAPES[kind]
    return cls, _numbers(raw[kind], count, where), options


def read_icons(path: FilePath = DATA) -> dict[str, Icon]:
    """Every icon of the file, checked: names, shapes, numbers and counts within bounds."""
    if path.stat().st_size > MOST_BYTES:
        raise IconDataError(f"{path}: more than {MOST_BYTES} bytes")
    raw = json.loads(path.read_text("utf-8"))
    icons = raw.get("icons") if isinstance(raw, dict) else None
    if not isinstance(icons, dict) or not 0 < len(icons) <= MOST_ICONS:
        raise IconDataError(f"{path}: 'icons' maps 1 to {MOST_ICONS} names to icons")
    out = {}
    for name, entry in icons.items():
        where = f"{path.name}: icon {name!r}"
        shapes = entry.get("shapes") if isinstance(entry, dict) else None
        if not _NAME.fullmatch(name) or not isinstance(shapes, list):
            raise IconDataError(f"{where}: a lower-case name, and its 'shapes'")
        if not 0 < len(shapes) <= MOST_SHAPES:
            raise IconDataError(f"{where}: 1 to {MOST_SHAPES} shapes")
        made = tuple(_shape(s, f"{where}, shape {k + 1}") for k, s in enumerate(shapes))
        out[name] = Icon(made, str(entry.get("about", "")))
    return out


ICONS: dict[str, Callable[[str, str], list]] = dict(read_icons())


def icon(
    name: str, x: float, y: float, size: float, colour: str, background: str = "#ffffff"
) -> Group:
    """The icon ``name`` in the square box (x, y, size), drawn in ``colour`` on ``background``."""
    return Group(tuple(ICONS[name](colour, background)), dx=x, dy=y, scale=size)
