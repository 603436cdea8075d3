"""Card templates: the jinja2 expressions of a deck's ``face:`` slots, evaluated per card.

Filters available to the YAML (documented in docs/components.md):
  explain('kind')   names -> ["**Name**: text"] from the game's vocabulary
  each('... {} ...')  items -> one string per item, '{}' replaced by the item
  bonus_chips       {Hull: 2} -> ["Hull +2"]
  bonus_text        {Hull: 2} -> ["**Hull +2** for the expedition."]
  signed            2 -> "+2", -1 -> "−1"
  one               'Fruit' -> {'Fruit': 1} (a bundle of one word, for symbol rows)
  lookup(m, d)      words -> [m[w] or d for each w] (a table row of values)
  amount            {'Coin': 3} -> 3 (the sum of a bundle's amounts)
  of('Coin')        3 -> {'Coin': 3}; a list of numbers -> a list of bundles (others unchanged)
  priced('VP', '=') {'Fruit': 1, 'Gold': 2} -> [[{'Fruit': 1}, '=', {'VP': 1}], ...]
  words             {'Fruit': 2} -> '2 Fruit'; a list of bundles -> '2 Fruit > 1 Pepper'

A card's context holds its fields, ``name``, ``type``, ``label``, ``count``, ``deck``, ``game``,
``constants`` (rules.yaml) and ``terms`` (each vocabulary's words, in order).
"""

from __future__ import annotations

from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from portolan.errors import InputError
from portolan.model.deck import Card, Deck, Face
from portolan.model.loader import Component, Game
from portolan.yamlsrc import position_at

SLOTS_TEXT = (
    "title",
    "subtitle",
    "badge",
    "badge_icon",
    "badge_right",
    "footer",
    "colour",
    "icon",
)
SLOTS_LIST = ("chips", "text")
SLOTS_DATA = ("rows", "corner_left", "corner_right")  # expressions giving mappings and lists


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


def _environment(game: Game) -> SandboxedEnvironment:
    env = SandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False)

    def explain(names, kind):
        out = []
        for name in names or []:
            term = game.spec.term(kind, name)
            out.append(f"**{name}**: {term.text}" if term and term.text else str(name))
        return out

    env.filters.update(
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
        explain=explain,
        each=lambda items, template: [template.replace("{}", str(i)) for i in items or []],
        bonus_chips=lambda bonus: [f"{k} {signed(v)}" for k, v in (bonus or {}).items()],
        bonus_text=lambda bonus: [
            f"**{k} {signed(v)}** for the expedition." for k, v in (bonus or {}).items()
        ],
        signed=signed,
    )
    return env


def card_context(game: Game, deck: Deck, card: Card) -> dict[str, Any]:
    ctx: dict[str, Any] = {}
    for fname, ft in deck.spec.field_types().items():
        default: Any = [] if ft.kind == "list" else {} if ft.kind in ("map", "bundle") else None
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
            if slot in SLOTS_LIST or slot in SLOTS_DATA:
                self._compiled[key] = self.env.compile_expression(source)
            else:
                self._compiled[key] = self.env.from_string(source).render
        return self._compiled[key]

    def slots(self, card: Card) -> dict[str, Any]:
        """Strings for the text slots, lists of strings for ``chips`` and ``text``, and for
        ``rows`` / ``corner_left`` / ``corner_right`` the list or mapping the expression gives
        (an empty slot gives [] or None)."""
        face: Face = self.deck.spec.types[card.type].face
        ctx = card_context(self.game, self.deck, card)
        out: dict[str, Any] = {}
        for slot in (*SLOTS_TEXT, *SLOTS_LIST, *SLOTS_DATA):
            source = getattr(face, slot)
            if slot in SLOTS_DATA and not source.strip():
                out[slot] = None
                continue
            try:
                value = self._template(slot, source)(**ctx)
            except (jinja2.TemplateError, TypeError, ValueError, AttributeError) as exc:
                path = ("types", card.type, "face", slot)
                raise InputError(
                    self.component.source.problem(
                        f"cannot fill the '{slot}' slot for card '{card.name}': {exc}",
                        position_at(self.component.raw, path),
                        field=".".join(path),
                    )
                ) from None
            if slot in SLOTS_DATA:
                pass  # checked where it is drawn (generator/symbols.py)
            elif slot in SLOTS_LIST:
                if isinstance(value, str):
                    value = [value]
                value = [str(v) for v in (value or []) if v not in (None, "")]
            else:
                value = str(value).strip()
            out[slot] = value
        return out
