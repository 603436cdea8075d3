"""Card decks: card types, the fields each card may carry, the cards and their counts, a back.

The fields are declared in the deck's YAML in a small language, so every game can describe its
own cards without new code:

    fields:
      level: int 1..9          # a whole number in a range
      region: region           # one word of the game's vocabulary ('terms' in game.yaml)
      traits: list of trait    # several words of the vocabulary
      payouts: list of int 1..30   # whole numbers (range optional), e.g. one per duration
      bonus: map of stat to int
      note: text               # free text

A card states where its values come from with ``source`` (default: the deck's). When one value
has another provenance than the rest of its card (a name the rulebook gives on a card whose
numbers we reconstructed), ``sources`` maps that field (or ``name``) to its own source, and
``note`` says anything a reader should know:

    - name: Francis Drake
      source: "§2.2"                       # the scoring values are the rulebook's example
      sources: {limit: reconstructed, colour: reconstructed}
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import field_validator

from portolan.errors import Problem, did_you_mean
from portolan.model.base import SourcedInt, Strict
from portolan.model.common import Sized
from portolan.yamlsrc import Pos, Source, YMap

CARD_KEYS = ("name", "type", "count", "source", "sources", "note", "id")


@dataclass(frozen=True)
class FieldType:
    kind: Literal["int", "ints", "text", "term", "list", "map"]
    term: str | None = None
    low: int | None = None
    high: int | None = None

    def describe(self) -> str:
        return {
            "int": "a whole number",
            "ints": "a list of whole numbers",
            "text": "text",
            "term": f"one {self.term}",
            "list": f"a list of {self.term}s",
            "map": f"a mapping of {self.term} to a whole number",
        }[self.kind]


_RANGE = r"(?:\s+(?P<{0}lo>-?\d+)\.\.(?P<{0}hi>-?\d+))?"
_FIELD_TYPE = re.compile(
    r"^(?:(?P<int>int)" + _RANGE.format("") + r"|(?P<text>text)"
    r"|list of (?P<ints>int)" + _RANGE.format("l") + r"|list of (?P<list>[\w-]+)"
    r"|map of (?P<map>[\w-]+) to int|(?P<term>[\w-]+))$"
)


def parse_field_type(spec: str) -> FieldType:
    m = _FIELD_TYPE.match(spec.strip())
    if not m:
        raise ValueError(
            f"cannot read field type '{spec}': write 'int', 'int 1..9', 'text', a vocabulary "
            "word such as 'trait', 'list of trait', 'list of int 0..9' or 'map of stat to int'"
        )
    if m["int"] or m["ints"]:
        lo, hi = (m["lo"], m["hi"]) if m["int"] else (m["llo"], m["lhi"])
        return FieldType(
            "int" if m["int"] else "ints",
            low=int(lo) if lo else None,
            high=int(hi) if hi else None,
        )
    if m["text"]:
        return FieldType("text")
    if m["list"]:
        return FieldType("list", term=m["list"])
    if m["map"]:
        return FieldType("map", term=m["map"])
    return FieldType("term", term=m["term"])


class Face(Strict):
    """Where a card's fields go on the standard card layout.

    String slots are jinja2 templates (``"{{ name }}"``); ``chips``, ``text``, ``marks`` and
    ``boxes`` are jinja2 expressions that give a list (``"traits"``,
    ``"specials | explain('special')"``).

    ``badge_colour`` / ``badge_right_colour`` fill a badge with a palette colour (a gold coin
    for a cost). ``marks`` are symbols that tell colours apart in grayscale, printed left and
    right of the card's art: a list of ``{icon, text, colour}`` (``colour | marks('colour')``
    builds it from the vocabulary); one mark is printed on both sides, two are split.
    ``boxes`` are rows of numbered boxes between the chips and the text, all on one grid of
    columns, each row a list of cells or a mapping::

        {cells: [5, 7, 9], icon: coin, label: "Pay", accent: [0], style: boxes, arrow: left}

    ``accent`` lists the cells printed in the card's colour; ``style: captions`` prints small
    text without boxes (column headings); ``arrow`` draws an arrow under the row pointing
    ``left`` or ``right`` (the way a marker moves along a turn track).
    """

    title: str = "{{ name }}"
    subtitle: str = ""
    badge: str = ""
    badge_right: str = ""
    badge_colour: str = ""
    badge_right_colour: str = ""
    chips: str = "[]"
    text: str = "[]"
    marks: str = "[]"
    boxes: str = "[]"
    footer: str = ""
    colour: str = ""
    icon: str = ""


class CardType(Strict):
    label: str
    letter: str | None = None
    colour: str
    icon: str
    fields: list[str] = []
    required: list[str] = []
    face: Face = Face()


class Back(Strict):
    title: str
    subtitle: str | None = None
    colour: str
    icon: str


@dataclass(frozen=True)
class Card:
    """One card design (``count`` copies of it are in the deck)."""

    id: str
    name: str
    type: str
    count: int
    source: str
    fields: dict[str, Any] = field(default_factory=dict)
    pos: Pos | None = None
    sources: dict[str, str] = field(default_factory=dict)  # per-field exceptions to ``source``
    note: str | None = None

    def source_of(self, key: str) -> str:
        """Where the value of ``key`` (a field or ``name``) comes from."""
        return self.sources.get(key, self.source)

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


def slug(text: str) -> str:
    from portolan.names import fold

    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-") or "card"


class DeckSpec(Sized):
    kind: Literal["deck"]
    id: str
    name: str
    total: SourcedInt
    source: str
    fields: dict[str, str] = {}
    types: dict[str, CardType]
    back: Back
    cards: list[dict]

    @field_validator("fields")
    @classmethod
    def _field_types(cls, v: dict[str, str]) -> dict[str, str]:
        for name, spec in v.items():
            if name in CARD_KEYS:
                raise ValueError(f"'{name}' is a built-in card key and cannot be a field")
            parse_field_type(spec)
        return v

    def field_types(self) -> dict[str, FieldType]:
        return {name: parse_field_type(spec) for name, spec in self.fields.items()}


@dataclass(frozen=True)
class Deck:
    """A validated deck: the spec plus its cards, expanded and checked."""

    spec: DeckSpec
    cards: tuple[Card, ...]

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def name(self) -> str:
        return self.spec.name

    def size(self) -> int:
        return sum(c.count for c in self.cards)

    def card(self, name: str) -> Card | None:
        return next((c for c in self.cards if c.name == name), None)

    def of_type(self, type_: str) -> list[Card]:
        return [c for c in self.cards if c.type == type_]


def read_cards(spec: DeckSpec, raw: YMap, source: Source, terms: dict[str, list[str]]):
    """Check every card against the deck's types and fields; returns (cards, problems)."""
    problems: list[Problem] = []
    ftypes = spec.field_types()
    for name, ft in ftypes.items():
        if ft.term and ft.term not in terms:
            pos = raw["fields"].value_pos.get(name) if "fields" in raw else None
            problems.append(
                source.problem(
                    f"unknown vocabulary '{ft.term}'",
                    pos,
                    field=f"fields.{name}",
                    hint=did_you_mean(ft.term, terms) or "add it under 'terms' in game.yaml",
                )
            )
    for tname, ctype in spec.types.items():
        for fname in [*ctype.fields, *ctype.required]:
            if fname not in ftypes:
                problems.append(
                    source.problem(
                        f"card type '{tname}' names an undeclared field '{fname}'",
                        raw["types"].value_pos.get(tname),
                        field=f"types.{tname}",
                        hint=did_you_mean(fname, ftypes),
                    )
                )
    if problems:
        return [], problems

    cards: list[Card] = []
    seen: dict[str, int] = {}
    raw_cards = raw["cards"]
    for i, entry in enumerate(raw_cards):
        where = f"cards[{i}]"
        if not isinstance(entry, dict):
            problems.append(
                source.problem("a card must be a mapping", raw_cards.item_pos[i], field=where)
            )
            continue
        card, card_problems = _read_card(spec, ftypes, terms, entry, source, where)
        problems += card_problems
        if card is None:
            continue
        if card.name in seen:
            problems.append(
                source.problem(
                    f"card '{card.name}' is listed twice",
                    entry.value_pos.get("name"),
                    field=f"{where}.name",
                    hint=f"first listed as cards[{seen[card.name]}]; raise its count instead",
                )
            )
            continue
        seen[card.name] = i
        cards.append(card)

    if not problems:
        total = sum(c.count for c in cards)
        if total != spec.total.value:
            by_type = ", ".join(
                f"{sum(c.count for c in cards if c.type == t)} {ct.label}"
                for t, ct in spec.types.items()
            )
            problems.append(
                source.problem(
                    f"the cards add up to {total} ({by_type}), but the deck total is "
                    f"{spec.total.value} ({spec.total.source})",
                    raw.value_pos.get("total"),
                    field="total",
                )
            )
    return cards, problems


def _read_card(spec, ftypes, terms, entry: YMap, source: Source, where: str):
    problems: list[Problem] = []

    def bad(message, key=None, hint=None, at_key=False):
        if key is None:
            pos = entry.pos
        else:
            pos = (entry.key_pos if at_key else entry.value_pos).get(key, entry.pos)
        label = f"{where}.{key}" if key else where
        problems.append(source.problem(message, pos, field=label, hint=hint))

    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        bad("every card needs a name", "name" if "name" in entry else None)
        return None, problems
    where = f"{where} ({name})"
    type_ = entry.get("type")
    if type_ not in spec.types:
        bad(
            f"unknown card type '{type_}'" if type_ is not None else "card type is missing",
            "type" if "type" in entry else None,
            hint=did_you_mean(str(type_), spec.types),
        )
        return None, problems
    ctype = spec.types[type_]
    count = entry.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        bad(f"count must be a whole number of copies, at least 1 (found {count!r})", "count")
    src = entry.get("source", spec.source)
    if not isinstance(src, str):
        bad("source must be text", "source")
    sources = entry.get("sources", {})
    if not isinstance(sources, dict):
        bad("sources must map a field to its source, e.g. {limit: reconstructed}", "sources")
        sources = {}
    for fname, fsrc in sources.items():
        if fname != "name" and fname not in ftypes:
            bad(
                f"sources names an unknown field '{fname}'",
                "sources",
                did_you_mean(str(fname), ["name", *ftypes]),
            )
        elif not isinstance(fsrc, str):
            bad(f"the source of '{fname}' must be text", "sources")
    note = entry.get("note")
    if note is not None and not isinstance(note, str):
        bad("note must be text", "note")
    values: dict[str, Any] = {}
    for key, value in entry.items():
        if key in CARD_KEYS:
            continue
        if key not in ftypes:
            bad(f"unknown key '{key}'", key, did_you_mean(key, [*CARD_KEYS, *ftypes]), True)
            continue
        if ctype.fields and key not in ctype.fields:
            bad(
                f"a {ctype.label} card has no '{key}'",
                key,
                "allowed: " + ", ".join(ctype.fields),
                True,
            )
            continue
        checked, message, hint = _check_value(ftypes[key], value, terms)
        if message:
            bad(message, key, hint)
        else:
            values[key] = checked
    for req in ctype.required:
        if req not in entry:
            bad(f"a {ctype.label} card needs '{req}'")
    if problems:
        return None, problems
    card_id = str(entry.get("id") or slug(name))
    card = Card(card_id, name, type_, count, src, values, entry.pos, dict(sources), note)
    return card, problems


def _check_value(ft: FieldType, value: Any, terms: dict[str, list[str]]):
    """Returns (value, error message, hint)."""
    vocab = terms.get(ft.term or "", [])

    def word(v):
        if v in vocab:
            return v, None, None
        return None, f"'{v}' is not a {ft.term}", did_you_mean(str(v), vocab)

    def number(v):
        if not isinstance(v, int) or isinstance(v, bool):
            return f"expected a whole number, found {v!r}"
        if (ft.low is not None and v < ft.low) or (ft.high is not None and v > ft.high):
            return f"{v} is outside {ft.low}..{ft.high}"
        return None

    if ft.kind == "int":
        return (None, number(value), None) if number(value) else (value, None, None)
    if ft.kind == "ints":
        if not isinstance(value, list) or not value:
            return None, f"expected {ft.describe()}, such as [5, 7, 9]", None
        for v in value:
            if number(v):
                return None, number(v), None
        return tuple(value), None, None
    if ft.kind == "text":
        return (str(value), None, None) if isinstance(value, str) else (None, "expected text", None)
    if ft.kind == "term":
        return word(value)
    if ft.kind == "list":
        items = value if isinstance(value, list) else [value]
        for item in items:
            _, msg, hint = word(item)
            if msg:
                return None, msg, hint
        return tuple(items), None, None
    # map of term to int
    if not isinstance(value, dict):
        return None, f"expected {ft.describe()}, such as {{{(vocab or ['x'])[0]}: 2}}", None
    for k, v in value.items():
        _, msg, hint = word(k)
        if msg:
            return None, msg, hint
        if not isinstance(v, int) or isinstance(v, bool):
            return None, f"'{k}' must be a whole number, found {v!r}", None
    return dict(value), None, None
