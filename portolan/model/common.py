"""Pieces shared by several component kinds: ids, sizes, colours, icons."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, field_validator, model_validator

from portolan.errors import did_you_mean
from portolan.limits import component_limits, shown
from portolan.model.base import Strict
from portolan.sizes import Size, card_sizes

HEX = re.compile(r"#[0-9a-fA-F]{6}")
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def safe_name_problem(name: str, what: str = "an id", why: str = "ids name files") -> str | None:
    """Why ``name`` cannot name a file of the print set (None: it can).

    Component, card and card type ids become file names: letters, digits, '-', '_' and '.',
    starting with a letter or digit, so no id reaches outside the output folder or hides a file.
    """
    limit = component_limits().name_chars
    quoted = repr(name) if len(name) <= 40 else repr(name[:36] + "...")
    if len(name) > limit:
        return f"{quoted} is longer than {limit} characters (limit components.name_chars)"
    if not SAFE_NAME.fullmatch(name):
        return (
            f"{quoted} cannot be {what}: {why}, so use letters, digits, '-', '_' and '.', "
            "starting with a letter or digit"
        )
    return None


def safe_name(what: str = "an id", why: str = "ids name files") -> Any:
    """Text that ``safe_name_problem(text, what, why)`` finds nothing wrong with."""

    def check(name: str) -> str:
        problem = safe_name_problem(name, what, why)
        if problem:
            raise ValueError(problem)
        return name

    return Annotated[str, AfterValidator(check)]


SafeName = safe_name()


def within(value: float, bounds: tuple[float, float], what: str, unit: str, key: str) -> None:
    """Raise a ValueError naming the limit ``key`` when ``value`` is outside ``bounds``."""
    low, high = bounds
    if not low <= value <= high:
        raise ValueError(
            f"{what} of {shown(value)} {unit} is outside {shown(low)}..{shown(high)} {unit} "
            f"(limit components.{key})"
        )


def board_size_within(size: Dimensions) -> Dimensions:
    """A board's (or a map's) size, each side within the limit ``board_mm``."""
    for side in (size.width, size.height):
        within(side, component_limits().board_mm, "a board side", "mm", "board_mm")
    return size


def elements_within(items: list, what: str = "") -> list:
    """A board's or a map's list of things drawn, no longer than ``elements_per_board``;
    ``what`` names them in the message ("elements "), or nothing where the field says it."""
    most = component_limits().elements_per_board
    if len(items) > most:
        raise ValueError(
            f"{shown(len(items))} {what}are more than {shown(most)} "
            "(limit components.elements_per_board)"
        )
    return items


def track_boxes_within(low: int, high: int) -> None:
    """A track from ``low`` to ``high`` has at most the limit ``track_boxes`` boxes."""
    most = component_limits().track_boxes
    if high - low + 1 > most:
        raise ValueError(
            f"a track from {shown(low)} to {shown(high)} has more than {shown(most)} boxes "
            "(limit components.track_boxes)"
        )


def count_field(field: str, key: str):
    """A schema's field validator: ``field`` is a whole number (or a ``SourcedInt``) from 1 to
    the limit ``components.<key>``."""

    def check(v):
        high = getattr(component_limits(), key)
        if not 1 <= getattr(v, "value", v) <= high:
            raise ValueError(
                f"{field} must be between 1 and {shown(high)} (limit components.{key})"
            )
        return v

    return field_validator(field)(check)


class Dimensions(Strict):
    width: float
    height: float

    @model_validator(mode="after")
    def _positive(self):
        if self.width <= 0 or self.height <= 0:
            raise ValueError("width and height must be positive millimetres")
        return self


def card_size_field(v):
    """A card size is a name from sizes.yaml (poker, bridge, mini, tarot) or explicit mm."""
    if isinstance(v, str):
        sizes = card_sizes()
        if v not in sizes:
            hint = did_you_mean(v, sizes)
            raise ValueError(f"unknown card size '{v}'" + (f" ({hint})" if hint else ""))
        return {"width": sizes[v].width, "height": sizes[v].height}
    return v


def is_hex(colour: str) -> bool:
    return bool(HEX.fullmatch(colour))


class Sized(Strict):
    """Mixin for components printed at a card size: from 20 mm (anything smaller cannot be cut
    out) to 300 mm; it must also fit the page it is printed on."""

    size: Dimensions

    _size = field_validator("size", mode="before")(card_size_field)

    @field_validator("size")
    @classmethod
    def _cuttable(cls, v: Dimensions) -> Dimensions:
        for side in (v.width, v.height):
            within(side, component_limits().card_mm, "a card side", "mm", "card_mm")
        return v

    @property
    def dims(self) -> Size:
        return Size(self.size.width, self.size.height)
