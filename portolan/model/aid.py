"""Player aids: card-sized summaries written as jinja2 templates in ``templates/<game>/``."""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from portolan.limits import component_limits
from portolan.model.base import Strict
from portolan.model.common import SafeName, Sized, count_field


class AidSpec(Sized):
    kind: Literal["aid"]
    id: SafeName
    name: str
    count: int = 1
    colour: str
    icon: str | None = None
    front: str
    back: str | None = None

    _copies = count_field("count", "copies")


class Itemise(Strict):
    """Split one score category into ``count`` rows, labelled ``label`` with {n} numbered."""

    count: int
    label: str = "{n}"

    _rows = count_field("count", "score_rows")


class ScorePadSpec(Strict):
    """A page of score tables; its rows are the score sheet categories of ``rules.yaml``.

    ``itemise`` splits a category into numbered rows (one per island, say);
    ``tie_breaker_rows`` adds a row under the total for each labelled tie-breaker of
    ``rules.yaml``, in order.
    """

    kind: Literal["scorepad"]
    id: SafeName
    name: str
    players: int = 6
    games_per_page: int = 2
    colour: str
    extra_rows: list[str] = []
    itemise: dict[str, Itemise] = {}
    tie_breaker_rows: bool = False

    _players = count_field("players", "score_players")
    _tables = count_field("games_per_page", "score_tables")

    @model_validator(mode="after")
    def _bounds(self):
        limits = component_limits()
        rows = len(self.extra_rows) + sum(i.count for i in self.itemise.values())
        if rows > limits.score_rows:
            raise ValueError(
                f"{rows} extra and itemised rows are more than {limits.score_rows} "
                "(limit components.score_rows)"
            )
        return self


class ReferenceSpec(Strict):
    """The rules reference booklet: a jinja2 template rendered to PDF and HTML."""

    kind: Literal["reference"]
    id: SafeName
    name: str
    template: str
    colour: str
    formats: list[Literal["pdf", "html"]] = ["pdf", "html"]
