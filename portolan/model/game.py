"""``game.yaml``: what a game is, where its rulebook is, its vocabulary and its components."""

from __future__ import annotations

import re
import string

from pydantic import field_validator, model_validator

from portolan.model.base import SourcedInt, Strict
from portolan.model.common import is_hex, safe_name

GAME_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
CITATION_NAMES = ("game", "section", "id")


# A file next to game.yaml: a plain name, never a path out of the game's folder.
FileName = safe_name("a file name here", "files are read from the game's folder")


class PlayerRange(Strict):
    min: SourcedInt
    max: SourcedInt

    @model_validator(mode="after")
    def _ordered(self):
        if self.min.value < 1 or self.max.value < self.min.value:
            raise ValueError("players: min must be at least 1 and max at least min")
        return self


class Section(Strict):
    """A place in the rulebook: ``id`` is what sources cite ("§4.4.1" or a heading)."""

    id: str
    title: str | None = None

    @property
    def label(self) -> str:
        return f"{self.id} {self.title}" if self.title else self.id


class Term(Strict):
    """A word of the game's vocabulary (a trait, a region, a special ability...).

    A word that is also a colour printed on components (a ship colour, a player colour) can say
    how to tell it apart without colour: ``icon`` (a symbol from ``generator/icons.py``) and
    ``letter``; ``colour`` is its palette entry (default: the palette entry of the same name).
    ``icon`` and ``colour`` are also how card faces draw the word in symbol rows
    (``generator/symbols.py``): an amount of 2 repeats the icon, unless ``numbered``, which
    writes the amount on one icon (coins, points). Without an icon the word is written out.
    These are design, not rules. ``noun`` and ``plural`` are how generated sentences (card
    effects, ``portolan/model/effects.py``) name an amount of the word: "2 navigation counters",
    "1 gold"; without them the word is lower-cased and takes an "s".
    """

    name: str
    text: str | None = None
    source: str | None = None
    note: str | None = None
    letter: str | None = None
    icon: str | None = None
    colour: str | None = None
    numbered: bool = False
    noun: str | None = None
    plural: str | None = None
    matches: str | None = None


class GameSpec(Strict):
    id: str
    title: str
    designer: str | None = None
    publisher: str | None = None
    year: str | None = None
    players: PlayerRange
    rulebook: str
    citation: str = "{game} — {section}"
    sections: list[Section]
    palette: dict[str, str] = {}
    terms: dict[str, list[Term]] = {}
    rules: FileName | None = None
    components: list[FileName]

    @field_validator("id")
    @classmethod
    def _id_shape(cls, v: str) -> str:
        if not GAME_ID.match(v):
            raise ValueError(f"'{v}' must be lower-case words joined by '-'")
        return v

    @field_validator("citation")
    @classmethod
    def _citation(cls, v: str) -> str:
        # Filled in with str.format: only the three plain names, so a shared game.yaml can neither
        # read Python's internals ({game.__class__}) nor ask for a huge width ({game:>9999999}).
        try:
            parts = list(string.Formatter().parse(v))
        except ValueError as exc:
            raise ValueError(f"cannot read the citation: {exc}") from None
        for _, name, spec, conversion in parts:
            if name is not None and (name not in CITATION_NAMES or spec or conversion):
                written = name + (f"!{conversion}" if conversion else "")
                written += f":{spec}" if spec else ""
                raise ValueError(
                    f"the citation may only use {{game}}, {{section}} and {{id}}, not {{{written}}}"
                )
        return v

    @field_validator("sections", mode="before")
    @classmethod
    def _sections(cls, v):
        return [{"id": s} if isinstance(s, str) else s for s in v] if isinstance(v, list) else v

    @field_validator("terms", mode="before")
    @classmethod
    def _terms(cls, v):
        if not isinstance(v, dict):
            return v
        return {
            kind: [{"name": t} if isinstance(t, str) else t for t in items]
            if isinstance(items, list)
            else items
            for kind, items in v.items()
        }

    @field_validator("palette")
    @classmethod
    def _colours(cls, v: dict[str, str]) -> dict[str, str]:
        for name, colour in v.items():
            if not is_hex(colour):
                raise ValueError(f"palette colour '{name}' must look like #1f4e79")
        return v

    def term_names(self, kind: str) -> list[str]:
        return [t.name for t in self.terms.get(kind, [])]

    def term(self, kind: str, name: str) -> Term | None:
        return next((t for t in self.terms.get(kind, []) if t.name == name), None)

    def section(self, source: str) -> Section | None:
        return next((s for s in self.sections if s.id == source), None)

    def cite(self, source: str) -> str:
        """The citation of a rulebook place, as rule violations and references show it."""
        sec = self.section(source)
        shown = sec.label if sec else source
        return "[" + self.citation.format(game=self.title, section=shown, id=source) + "]"
