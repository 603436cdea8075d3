"""Player aids: card-sized summaries written as jinja2 templates in ``templates/<game>/``."""

from __future__ import annotations

from typing import Literal

from portolan.model.base import Strict
from portolan.model.common import Sized


class AidSpec(Sized):
    kind: Literal["aid"]
    id: str
    name: str
    count: int = 1
    colour: str
    icon: str | None = None
    front: str
    back: str | None = None


class Itemise(Strict):
    """Split one score category into ``count`` rows, labelled ``label`` with {n} numbered."""

    count: int
    label: str = "{n}"


class ScorePadSpec(Strict):
    """A page of score tables; its rows are the score sheet categories of ``rules.yaml``.

    ``itemise`` splits a category into numbered rows (one per island, say);
    ``tie_breaker_rows`` adds a row under the total for each labelled tie-breaker of
    ``rules.yaml``, in order.
    """

    kind: Literal["scorepad"]
    id: str
    name: str
    players: int = 6
    games_per_page: int = 2
    colour: str
    extra_rows: list[str] = []
    itemise: dict[str, Itemise] = {}
    tie_breaker_rows: bool = False


class ReferenceSpec(Strict):
    """The rules reference booklet: a jinja2 template rendered to PDF and HTML."""

    kind: Literal["reference"]
    id: str
    name: str
    template: str
    colour: str
    formats: list[Literal["pdf", "html"]] = ["pdf", "html"]
