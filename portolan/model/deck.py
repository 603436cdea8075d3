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
      cost: bundle of payment  # amounts of vocabulary words: "2 Fruit + 1 Coin" or {Fruit: 2}
      income: list 1..3 of bundle of benefit   # lists nest; an optional length or range
      effect: effect           # what the card does, as steps (portolan/model/effects.py)
      sea: instructions        # card instructions (portolan/model/instructions.py)

A ``bundle`` is what a cost, an income or a trade is made of: positive amounts of vocabulary
words, kept in the order written (``read_bundle``). ``list N of`` / ``list N..M of`` bound the
number of items; a list of words may be written as a single word.

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

from portolan.errors import did_you_mean
from portolan.model.base import OfSpec, SourcedInt, Strict
from portolan.model.bundles import read_bundle
from portolan.model.common import SafeName, Sized
from portolan.yamlsrc import Pos

CARD_KEYS = ("name", "type", "count", "source", "sources", "note", "id")


@dataclass(frozen=True)
class FieldType:
    """One parsed field type. ``term`` names a vocabulary (``terms`` in game.yaml); a list's
    ``item`` is the type of its items, ``low``/``high`` bound an int's value or a list's length."""

    kind: Literal["int", "text", "term", "list", "map", "bundle", "effect", "instructions"]
    term: str | None = None
    low: int | None = None
    high: int | None = None
    item: FieldType | None = None

    def describe(self) -> str:
        """What a value of this type is, for messages: 'a list of 1 to 3 bundles of good'."""
        if self.kind == "list":
            assert self.item is not None
            size = ""
            if self.low is not None and self.low == self.high:
                size = f"exactly {self.low} "
            elif self.low is not None:
                size = f"{self.low} to {self.high} "
            return f"a list of {size}{self.item.noun(plural=True)}"
        article = {"text": "", "instructions": "", "term": "one ", "effect": "an "}.get(
            self.kind, "a "
        )
        return article + self.noun()

    def noun(self, plural: bool = False) -> str:
        s = "s" if plural else ""
        if self.kind == "list":
            return f"list{s} of {self.item.noun(plural=True) if self.item else 'items'}"
        return {
            "int": f"whole number{s}",
            "text": "text",
            "term": f"{self.term} word{s}" if plural else f"{self.term}",
            "map": f"mapping{s} of {self.term} to a whole number",
            "bundle": f"bundle{s} of {self.term} words (such as '2 A + 1 B')",
            "effect": f"effect{s} (a list of steps such as '- gain: 2 Gold')",
            "instructions": "card instructions",
        }[self.kind]

    def vocabularies(self) -> list[str]:
        """Every vocabulary this type (and the types inside it) draws its words from."""
        own = [self.term] if self.term else []
        return own + (self.item.vocabularies() if self.item else [])


_RANGE = r"(?P<lo>-?\d+)(?:\.\.(?P<hi>-?\d+))?"
_INT = re.compile(rf"^int(?:\s+{_RANGE})?$")
_LIST = re.compile(rf"^list(?:\s+{_RANGE})?\s+of\s+(?P<rest>.+)$")
_MAP = re.compile(r"^map of (?P<term>[\w-]+) to int$")
_BUNDLE = re.compile(r"^bundle of (?P<term>[\w-]+)$")
_TERM = re.compile(r"^[\w-]+$")


def parse_field_type(spec: str) -> FieldType:
    """Read a field type of the deck mini-language (see the module docstring)::

    int | int 1..9 | text | effect | WORD | map of WORD to int | bundle of WORD
    list of TYPE | list 3 of TYPE | list 1..3 of TYPE      (TYPE: any of these, nested)
    """
    text = " ".join(spec.split())
    if m := _INT.match(text):
        if m["lo"] is not None and m["hi"] is None:
            raise ValueError(f"cannot read field type '{spec}': write a range as 'int 1..9'")
        return FieldType(
            "int",
            low=int(m["lo"]) if m["lo"] is not None else None,
            high=int(m["hi"]) if m["hi"] is not None else None,
        )
    if text in ("text", "effect", "instructions"):
        return FieldType(text)
    if m := _LIST.match(text):
        low = int(m["lo"]) if m["lo"] is not None else None
        high = int(m["hi"]) if m["hi"] is not None else low
        if low is not None and (low < 0 or (high is not None and high < low)):
            raise ValueError(f"cannot read field type '{spec}': a list's length must be 0 or more")
        return FieldType("list", low=low, high=high, item=parse_field_type(m["rest"]))
    if m := _MAP.match(text):
        return FieldType("map", term=m["term"])
    if m := _BUNDLE.match(text):
        return FieldType("bundle", term=m["term"])
    if _TERM.match(text) and text not in ("list", "map", "bundle", "int", "effect", "instructions"):
        return FieldType("term", term=text)
    raise ValueError(
        f"cannot read field type '{spec}': write 'int', 'int 1..9', 'text', 'effect', a vocabulary "
        "word such as 'trait', 'list of trait', 'list 1..3 of bundle of good', "
        "'map of stat to int', 'bundle of resource' or 'instructions'"
    )


class Back(Strict):
    """A deck's (or a card type's) back. ``lines`` print a small table under the title: the
    other side of a two-sided card (a leader's Second-in-Command, a ship's Carrack side), each
    line ``"Label: value"`` or plain text."""

    title: str
    subtitle: str | None = None
    colour: str
    icon: str
    lines: list[str] = []


class Face(Strict):
    """Where a card's fields go on the standard card layout.

    String slots are jinja2 templates (``"{{ name }}"``); ``chips``, ``text``, ``marks``,
    ``boxes`` and ``rows`` are jinja2 expressions that give a list (``"traits"``,
    ``"specials | explain('special')"``); ``corner_left`` / ``corner_right`` give a mapping.

    Optional parts (all off by default):

    ``badge_colour`` / ``badge_right_colour``
        fill a badge with a palette colour (a gold coin for a cost).
    ``badge_icon``
        a template naming an icon drawn in the left badge, under the badge text (a number on
        its icon).
    ``marks``
        symbols that tell colours apart in grayscale, printed left and right of the card's art:
        a list of ``{icon, text, colour}`` (``colour | marks('colour')`` builds it from the
        vocabulary); one mark is printed on both sides, two are split.
    ``boxes``
        rows of numbered boxes between the chips and the text, all on one grid of columns, each
        row a list of cells or a mapping::

            {cells: [5, 7, 9], icon: coin, label: "Pay", accent: [0], style: boxes, arrow: left}

        ``accent`` lists the cells printed in the card's colour; ``style: captions`` prints
        small text without boxes (column headings); ``arrow`` draws an arrow under the row
        pointing ``left`` or ``right`` (the way a marker moves along a turn track).
    ``art``
        ``medallion`` (the large icon under the title) or ``none`` (more room for rows).
    ``rows``
        symbol rows drawn under the chips. A row is a mapping: ``cells`` (a list; each cell is
        a bundle such as ``{'Fruit': 2}`` drawn as the vocabulary's icons, a text, or a list of
        both), and optionally ``heading`` (small capitals above the row), ``lead`` (a short text
        at its left), ``sep`` (drawn between cells, e.g. ``'>'``) and ``captions`` (a small
        text under each cell).
    ``panels``
        card instructions in framed panels filling the text area, e.g. the sea and coast
        portions of a card: a list of ``{heading, steps, symbols}`` where ``steps`` is an
        ``instructions`` field and ``symbols`` the top-level Ⓓ/Ⓡ drawn large beside the
        heading (``generator/instructions.py``).
    ``corner_left`` / ``corner_right``
        one mapping each (``heading``, ``cells``, ``captions``) drawn in a framed box at the
        bottom corners, e.g. a cost and the points it scores.
    """

    title: str = "{{ name }}"
    subtitle: str = ""
    badge: str = ""
    badge_icon: str = ""
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
    art: Literal["medallion", "none"] = "medallion"
    rows: str = "[]"
    corner_left: str = ""
    corner_right: str = ""
    panels: str = "[]"


class CardType(Strict):
    label: str
    letter: str | None = None
    colour: str
    icon: str
    fields: list[str] = []
    required: list[str] = []
    face: Face = Face()
    back: Back | None = None  # a back of its own (e.g. showing the type); default: the deck's


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
    id: SafeName
    name: str
    total: SourcedInt
    source: str
    fields: dict[str, str] = {}
    types: dict[SafeName, CardType]
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
class Deck(OfSpec):
    """A validated deck: the spec plus its cards, expanded and checked."""

    spec: DeckSpec
    cards: tuple[Card, ...]

    def size(self) -> int:
        return sum(c.count for c in self.cards)

    def card(self, name: str) -> Card | None:
        return next((c for c in self.cards if c.name == name), None)

    def of_type(self, type_: str) -> list[Card]:
        return [c for c in self.cards if c.type == type_]


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

    if ft.kind == "effect":  # nested in a list: reported at the list's value
        from portolan.model.effects import read_effect

        steps, errors = read_effect(value, terms)
        return (steps, None, None) if not errors else (None, errors[0][1], None)
    if ft.kind == "int":
        return (None, number(value), None) if number(value) else (value, None, None)
    if ft.kind == "text":
        return (str(value), None, None) if isinstance(value, str) else (None, "expected text", None)
    if ft.kind == "term":
        return word(value)
    if ft.kind == "list":
        assert ft.item is not None
        if ft.item.kind == "term":  # a single word may be written without brackets
            items = value if isinstance(value, list) else [value]
        elif isinstance(value, list):
            items = value
        else:
            return None, f"expected {ft.describe()}, found {value!r}", None
        if ft.low is not None and not ft.low <= len(items) <= (ft.high or ft.low):
            return None, f"expected {ft.describe()}, found {len(items)}", None
        checked = []
        for n, item in enumerate(items, start=1):
            got, msg, hint = _check_value(ft.item, item, terms)
            if msg:
                return None, (f"item {n}: {msg}" if len(items) > 1 else msg), hint
            checked.append(got)
        return tuple(checked), None, None
    if ft.kind == "bundle":
        return read_bundle(value, vocab, ft.term or "word")
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
