"""Counter sheets: punch-out tokens (coins, markers, points) cut along their printed outlines."""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator, model_validator

from portolan.model.base import SourcedInt, Strict


class CounterFace(Strict):
    text: str = ""
    subtext: str = ""
    icon: str | None = None
    colour: str | None = None  # default: the counter's colour


class Counter(Strict):
    name: str
    count: SourcedInt
    shape: Literal["circle", "square", "rounded"] = "circle"
    size: float  # diameter of a circle, side of a square
    colour: str
    front: CounterFace
    back: CounterFace | None = None  # None: printed on one side only

    @field_validator("count", mode="before")
    @classmethod
    def _count(cls, v):
        return {"value": v, "source": "design"} if isinstance(v, int) else v

    @model_validator(mode="after")
    def _sane(self):
        if self.count.value < 1:
            raise ValueError("count must be at least 1")
        if not 5 <= self.size <= 120:
            raise ValueError("size must be between 5 and 120 mm")
        return self


class CountersSpec(Strict):
    kind: Literal["counters"]
    id: str
    name: str
    total: SourcedInt | None = None
    counters: list[Counter]

    @model_validator(mode="after")
    def _total(self):
        if self.total is not None:
            got = sum(c.count.value for c in self.counters)
            if got != self.total.value:
                raise ValueError(
                    f"the counters add up to {got}, but the total is {self.total.value} "
                    f"({self.total.source})"
                )
        return self
