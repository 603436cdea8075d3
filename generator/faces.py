"""Card templates: the jinja2 expressions of a deck's ``face:`` slots, evaluated per card.

Filters available to the YAML (documented in docs/components.md):
  explain('kind')   names -> ["**Name**: text"] from the game's vocabulary
  each('... {} ...')  items -> one string per item, '{}' replaced by the item
  bonus_chips       {Hull: 2} -> ["Hull +2"]
  bonus_text        {Hull: 2} -> ["**Hull +2** for the expedition."]
  signed            2 -> "+2", -1 -> "−1"
  marks('kind')     a name or names -> [{icon, text, colour}] from the vocabulary's
                    ``icon``/``letter``/``colour`` (the grayscale-safe colour symbols)
  letter('kind')    a name -> its letter in the vocabulary (or its first letter)
  matched('kind')   names -> the words they count as (a term's ``matches``), for text that
                    names the cards a card works against ('Sail' -> 'Sails')
  a_an              'Eastern' -> 'an Eastern', 'Pacific' -> 'a Pacific'
  meaning('kind')   a name -> its text in the vocabulary
  one               'Fruit' -> {'Fruit': 1} (a bundle of one word, for symbol rows)
  lookup(m, d)      words -> [m[w] or d for each w] (a table row of values)
  amount            {'Coin': 3} -> 3 (the sum of a bundle's amounts)
  of('Coin')        3 -> {'Coin': 3}; a list of numbers -> a list of bundles (others unchanged)
  priced('VP', '=') {'Fruit': 1, 'Gold': 2} -> [[{'Fruit': 1}, '=', {'VP': 1}], ...]
  words             {'Fruit': 2} -> '2 Fruit'; a list of bundles -> '2 Fruit > 1 Pepper'
  effect_words      an ``effect`` field -> one sentence per step (portolan/model/effects.py)
  kept              an ``effect`` field -> whether the card is kept (it has a while_held step)

A card's context holds its fields, ``name``, ``type``, ``label``, ``count``, ``deck``, ``game``,
``constants`` (rules.yaml) and ``terms`` (each vocabulary's words, in order).

``marks`` and ``boxes`` give lists of mappings; ``MarkSpec`` and ``BoxRow`` are what they are
checked into (a malformed one is an input error that points at the slot). ``rows``,
``corner_left`` and ``corner_right`` give symbol rows, checked where they are drawn
(``generator/symbols.py``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import jinja2

from portolan.errors import InputError
from portolan.generator.sandbox import TEMPLATE_ERRORS, PortolanSandbox, sandboxed
from portolan.model import effects
from portolan.model.deck import Card, Deck, Face
from portolan.model.loader import Component, Game

SLOTS_TEXT = (
    "title",
    "subtitle",
    "badge",
    "badge_icon",
    "badge_right",
    "badge_colour",
    "badge_right_colour",
    "footer",
    "colour",
    "icon",
)
SLOTS_LIST = ("chips", "text")
SLOTS_CHECKED = ("marks", "boxes")  # lists of MarkSpec / BoxRow
SLOTS_SYMBOLS = ("rows", "corner_left", "corner_right", "panels")  # raw lists and mappings
SLOTS_DATA = SLOTS_CHECKED + SLOTS_SYMBOLS


@dataclass(frozen=True)
class MarkSpec:
    """A colour symbol: an icon, a short text under it, a palette colour ('' = the card's)."""

    icon: str
    text: str = ""
    colour: str = ""


@dataclass(frozen=True)
class BoxRow:
    """One row of the ``boxes`` slot (see ``portolan.model.deck.Face``)."""

    cells: tuple[str, ...]
    icon: str = ""
    label: str = ""
    accent: tuple[int, ...] = ()
    style: str = "boxes"  # boxes | captions
    arrow: str = ""  # '' | left | right


def _mark(item: Any) -> MarkSpec:
    if isinstance(item, str):
        return MarkSpec(item)
    if isinstance(item, dict) and isinstance(item.get("icon"), str):
        _known_keys(item, "a mark", ("icon", "text", "colour"))
        return MarkSpec(item["icon"], str(item.get("text") or ""), str(item.get("colour") or ""))
    raise ValueError(f"a mark must be an icon name or {{icon, text, colour}}, not {item!r}")


def _row(item: Any) -> BoxRow:
    if isinstance(item, list | tuple):
        item = {"cells": item}
    if not isinstance(item, dict) or not isinstance(item.get("cells"), list | tuple):
        raise ValueError(
            f"a row of boxes must be a list of cells or {{cells: [...]}}, not {item!r}"
        )
    _known_keys(item, "a row of boxes", ("cells", "icon", "label", "accent", "style", "arrow"))
    style = item.get("style") or "boxes"
    arrow = item.get("arrow") or ""
    if style not in ("boxes", "captions"):
        raise ValueError(f"row style '{style}' must be 'boxes' or 'captions'")
    if arrow not in ("", "left", "right"):
        raise ValueError(f"row arrow '{arrow}' must be 'left' or 'right'")
    accent = item.get("accent") or []
    if not all(isinstance(a, int) for a in accent):
        raise ValueError("accent must list cell positions (0 is the first cell)")
    return BoxRow(
        tuple("" if c is None else str(c) for c in item["cells"]),
        str(item.get("icon") or ""),
        str(item.get("label") or ""),
        tuple(accent),
        style,
        arrow,
    )


def _known_keys(item: dict, what: str, keys: tuple[str, ...]) -> None:
    unknown = set(item) - set(keys)
    if unknown:
        raise ValueError(f"{what} has no key '{sorted(unknown)[0]}' ({', '.join(keys)})")


def a_an(word) -> str:
    """The word with its indefinite article, by its first sound's usual spelling."""
    text = str(word)
    return f"{'an' if text[:1].lower() in 'aeiou' else 'a'} {text}"


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def bundle_words(value) -> str:
    """A bundle as words ('2 Fruit + 1 Coin'), or a list of bundles joined with ' > '."""
    if isinstance(value, list | tuple):
        return " > ".join(bundle_words(v) for v in value)
    if not value:
        return "nothing"
    return " + ".join(f"{n} {w}" for w, n in value.items())


def _of(value, word: str):
    if isinstance(value, list | tuple):
        return [_of(v, word) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return {word: value}
    return value


def _environment(game: Game) -> PortolanSandbox:
    env = sandboxed(undefined=jinja2.StrictUndefined, autoescape=False)

    def explain(names, kind):
        terms = [(name, game.spec.term(kind, name)) for name in names or []]
        return [f"**{n}**: {t.text}" if t and t.text else str(n) for n, t in terms]

    def marks(names, kind):
        out = []
        for name in [names] if isinstance(names, str) else list(names or []):
            term = game.spec.term(kind, name)
            if term is None or not term.icon:
                raise ValueError(f"'{name}' has no icon in the '{kind}' vocabulary of game.yaml")
            out.append({"icon": term.icon, "text": name.upper(), "colour": term.colour or name})
        return out

    def meaning(name, kind):
        term = game.spec.term(kind, name)
        if term is None or not term.text:
            raise ValueError(f"'{name}' has no text in the '{kind}' vocabulary of game.yaml")
        return term.text

    def matched(names, kind):
        names = [names] if isinstance(names, str) else list(names or [])
        terms = [(name, game.spec.term(kind, name)) for name in names]
        return [t.matches if t and t.matches else str(n) for n, t in terms]

    def letter(name, kind):
        term = game.spec.term(kind, name)
        return term.letter if term and term.letter else str(name)[:1].upper()

    env.filters.update(
        explain=explain,
        marks=marks,
        letter=letter,
        meaning=meaning,
        matched=matched,
        a_an=a_an,
        each=lambda items, template: [template.replace("{}", str(i)) for i in items or []],
        bonus_chips=lambda bonus: [f"{k} {signed(v)}" for k, v in (bonus or {}).items()],
        bonus_text=lambda bonus: [
            f"**{k} {signed(v)}** for the expedition." for k, v in (bonus or {}).items()
        ],
        signed=signed,
        one=lambda word: {word: 1},
        lookup=lambda words, mapping, default="—": [
            (mapping or {}).get(w, default) for w in words or []
        ],
        amount=lambda bundle: sum((bundle or {}).values()),
        of=_of,
        priced=lambda mapping, word, sep="=": [
            [{k: 1}, sep, {word: v}] for k, v in (mapping or {}).items()
        ],
        words=bundle_words,
        effect_words=lambda steps: effects.describe(game.spec, steps),
        kept=effects.is_kept,
    )
    return env


def card_context(game: Game, deck: Deck, card: Card) -> dict[str, Any]:
    ctx: dict[str, Any] = {}
    for fname, ft in deck.spec.field_types().items():
        default = {"list": [], "instructions": [], "map": {}, "bundle": {}}.get(ft.kind)
        value = card.fields.get(fname, default)
        ctx[fname] = list(value) if isinstance(value, tuple) else value
    ctx.update(
        name=card.name,
        type=card.type,
        label=deck.spec.types[card.type].label,
        count=card.count,
        deck=deck.name,
        game=game.title,
        constants={k: v.value for k, v in game.rules.constants.items()},
        terms={kind: game.spec.term_names(kind) for kind in game.spec.terms},
    )
    return ctx


def _texts(value: Any) -> list[str]:
    """What a list slot (``chips``, ``text``) gives, as texts: a text alone is a list of one."""
    if isinstance(value, str):
        value = [value]
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise ValueError(f"expected a list of texts, not {value!r}")
    return [str(v) for v in value if v not in (None, "")]


def _constant(source: str) -> bool:
    """A text with no template syntax: it renders as itself (most card fields and titles)."""
    return "{" not in source and "\r" not in source


def _rendered_constant(source: str) -> str:
    """What jinja2 renders a text with no template syntax as: the text without one trailing
    newline (``keep_trailing_newline`` is off)."""
    return source[:-1] if source.endswith("\n") else source


def _nothing(**_context: Any) -> list:
    return []


def _as_given(text: str, **_context: Any) -> str:
    return text


def _why(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "it calls itself without end"
    return str(exc) if isinstance(exc, ValueError | TypeError) else f"{type(exc).__name__}: {exc}"


class FaceEvaluator:
    """Fills the face slots of one deck's cards; templates are compiled once per deck."""

    def __init__(self, game: Game, component: Component):
        assert component.deck is not None
        self.game = game
        self.component = component
        self.deck = component.deck
        self.env = _environment(game)
        self._compiled: dict[tuple[str, str], Any] = {}

    def _template(self, slot: str, source: str):
        key = (slot, source)
        if key not in self._compiled:
            expression = slot in SLOTS_LIST or slot in SLOTS_DATA
            if expression and source.strip() == "[]":
                self._compiled[key] = _nothing  # the slots' default, in most decks
            elif expression:
                self._compiled[key] = self.env.compile_expression(source)
            elif _constant(source):
                self._compiled[key] = functools.partial(_as_given, _rendered_constant(source))
            else:
                self._compiled[key] = self.env.from_string(source).render
        return self._compiled[key]

    def slots(self, card: Card) -> dict[str, Any]:
        """Strings for the text slots, lists of strings for ``chips`` and ``text``, lists of
        ``MarkSpec`` and ``BoxRow`` for ``marks`` and ``boxes``, and for ``rows`` /
        ``corner_left`` / ``corner_right`` the list or mapping the expression gives (an empty
        slot gives None)."""
        face: Face = self.deck.spec.types[card.type].face
        ctx = card_context(self.game, self.deck, card)
        out: dict[str, Any] = {}
        for slot in (*SLOTS_TEXT, *SLOTS_LIST, *SLOTS_DATA):
            source = getattr(face, slot)
            if slot in SLOTS_SYMBOLS and not source.strip():
                out[slot] = None
                continue
            try:
                value = self._template(slot, source)(**ctx)
                if slot in SLOTS_CHECKED:
                    if isinstance(value, str | dict):
                        value = [value]
                    value = [(_mark if slot == "marks" else _row)(v) for v in value or []]
                elif slot in SLOTS_LIST:
                    value = _texts(value)
                elif slot not in SLOTS_DATA:  # symbol rows are checked where they are drawn
                    value = str(value).strip()
            except TEMPLATE_ERRORS as exc:
                path = ("types", card.type, "face", slot)
                reason = str(exc) if isinstance(exc, jinja2.TemplateError) else _why(exc)
                message = f"cannot fill the '{slot}' slot for card '{card.name}': {reason}"
                raise InputError(self.component.problem(message, path)) from None
            out[slot] = value
        return out
