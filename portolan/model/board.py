"""Boards and mats: a fixed-size sheet with tracks, boxes and labels placed in millimetres."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Tag, field_validator, model_validator

from portolan.model.base import Sourced, Strict
from portolan.model.common import Dimensions


class Track(Strict):
    """A row (or column) of numbered boxes, e.g. a stat track from 0 to 5."""

    track: str
    x: float
    y: float
    start: int = 0
    end: Sourced
    box: float = 9.0
    direction: Literal["right", "down"] = "right"
    label_width: float = 18.0
    colour: str | None = None
    mark: list[int] = []  # values to highlight (e.g. the starting value)

    @field_validator("end", mode="before")
    @classmethod
    def _end(cls, v):
        return v if isinstance(v, dict) else {"value": v, "source": "design"}

    @model_validator(mode="after")
    def _range(self):
        if not isinstance(self.end.value, int) or self.end.value < self.start:
            raise ValueError("a track's end must be a whole number not below its start")
        return self


class Box(Strict):
    """A labelled area, e.g. where the Ocean cards are stacked."""

    box: str
    x: float
    y: float
    width: float
    height: float
    text: str | None = None
    dashed: bool = True
    colour: str | None = None


class Label(Strict):
    """Text placed on the board; it may use the rules' numbers, e.g. {{ c.starting_stat }}."""

    text: str
    x: float
    y: float
    width: float | None = None  # wrap (and shrink) within this width
    size: float = 9.0
    bold: bool = False
    align: Literal["left", "centre", "right"] = "left"
    colour: str | None = None


def _element_kind(v) -> str | None:
    # Pick the element model by its identifying key, so errors name the right fields.
    if isinstance(v, dict):
        return next((f"~{k}" for k in ("track", "box", "text") if k in v), None)
    return next((f"~{k}" for k in ("track", "box") if hasattr(v, k)), "~text")


Element = Annotated[
    Annotated[Track, Tag("~track")] | Annotated[Box, Tag("~box")] | Annotated[Label, Tag("~text")],
    Discriminator(
        _element_kind,
        custom_error_type="element",
        custom_error_message="each element needs one of the keys 'track', 'box' or 'text'",
    ),
]


class BoardSpec(Strict):
    kind: Literal["board"]
    id: str
    name: str
    size: Dimensions
    count: int = 1
    source: str = "design"
    colour: str
    icon: str | None = None
    title: str | None = None
    elements: list[Element]

    @property
    def tracks(self) -> list[Track]:
        return [e for e in self.elements if isinstance(e, Track)]
