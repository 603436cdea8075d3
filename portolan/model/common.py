"""Pieces shared by several component kinds: sizes, colours, icons."""

from __future__ import annotations

import re

from pydantic import field_validator, model_validator

from portolan.model.base import Strict
from portolan.sizes import Size, card_sizes

HEX = re.compile(r"#[0-9a-fA-F]{6}")


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
            from portolan.errors import did_you_mean

            hint = did_you_mean(v, sizes)
            raise ValueError(f"unknown card size '{v}'" + (f" ({hint})" if hint else ""))
        return {"width": sizes[v].width, "height": sizes[v].height}
    return v


class Colour(Strict):
    """Checked against the game palette by the loader; a literal #rrggbb is always accepted."""


def is_hex(colour: str) -> bool:
    return bool(HEX.fullmatch(colour))


class Sized(Strict):
    """Mixin for components printed at a card size."""

    size: Dimensions

    @field_validator("size", mode="before")
    @classmethod
    def _size(cls, v):
        return card_size_field(v)

    @property
    def dims(self) -> Size:
        return Size(self.size.width, self.size.height)
