"""A deck's cards read from its YAML: every entry checked against the deck's card types and
field types (portolan/model/deck.py), each mistake placed at its key."""

from __future__ import annotations

from typing import Any

from portolan.errors import Problem, did_you_mean
from portolan.limits import component_limits, shown
from portolan.model.common import safe_name_problem
from portolan.model.deck import CARD_KEYS, Card, DeckSpec, _check_value, slug
from portolan.yamlsrc import Source, YList, YMap, position_at


def read_cards(spec: DeckSpec, raw: YMap, source: Source, terms: dict[str, list[str]]):
    """Check every card against the deck's types and fields; returns (cards, problems)."""
    ftypes = spec.field_types()
    problems = _unknown_vocabularies(ftypes, raw, source, terms)
    problems += _undeclared_fields(spec, ftypes, raw, source)
    if problems:
        return [], problems
    cards, problems = _read_entries(spec, ftypes, terms, raw["cards"], source)
    if not problems:
        problems += _count_problems(spec, cards, raw, source)
    return cards, problems


def _unknown_vocabularies(ftypes, raw: YMap, source: Source, terms) -> list[Problem]:
    problems = []
    for name, ft in ftypes.items():
        for vocabulary in ft.vocabularies():
            if vocabulary in terms:
                continue
            pos = raw["fields"].value_pos.get(name) if "fields" in raw else None
            problems.append(
                source.problem(
                    f"unknown vocabulary '{vocabulary}'",
                    pos,
                    field=f"fields.{name}",
                    hint=did_you_mean(vocabulary, terms) or "add it under 'terms' in game.yaml",
                )
            )
    return problems


def _undeclared_fields(spec: DeckSpec, ftypes, raw: YMap, source: Source) -> list[Problem]:
    problems = []
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
    return problems


def _read_entries(spec: DeckSpec, ftypes, terms, raw_cards: YList, source: Source):
    """Every entry of ``cards:`` read; a card listed twice, or with another's id, is left out."""
    problems: list[Problem] = []
    cards: list[Card] = []
    seen: dict[str, int] = {}
    ids: dict[str, int] = {}
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
        repeated = _repeated(card, entry, where, seen, ids, source)
        if repeated is not None:
            problems.append(repeated)
            continue
        seen[card.name] = i
        ids[card.id] = i
        cards.append(card)
    return cards, problems


def _repeated(card: Card, entry: YMap, where: str, seen, ids, source: Source) -> Problem | None:
    """A card whose name or id an earlier card has already."""
    if card.name in seen:
        return source.problem(
            f"card '{card.name}' is listed twice",
            entry.value_pos.get("name"),
            field=f"{where}.name",
            hint=f"first listed as cards[{seen[card.name]}]; raise its count instead",
        )
    if card.id in ids:
        return source.problem(
            f"card id '{card.id}' is also the id of cards[{ids[card.id]}]",
            entry.value_pos.get("id", entry.pos),
            field=f"{where}.id",
            hint="each card's id names its own file; give one of them another 'id'",
        )
    return None


def _count_problems(spec: DeckSpec, cards: list[Card], raw: YMap, source: Source) -> list:
    """The cards' copies against the deck limit, then against the deck's stated total."""
    most = component_limits().cards_per_deck
    total = sum(c.count for c in cards)
    if total > most:
        message = (
            f"the cards add up to {shown(total)}, more than "
            f"{shown(most)} in one deck (limit components.cards_per_deck)"
        )
        key = "cards"
    elif total != spec.total.value:
        by_type = ", ".join(
            f"{sum(c.count for c in cards if c.type == t)} {ct.label}"
            for t, ct in spec.types.items()
        )
        message = (
            f"the cards add up to {total} ({by_type}), but the deck total is "
            f"{spec.total.value} ({spec.total.source})"
        )
        key = "total"
    else:
        return []
    return [source.problem(message, raw.value_pos.get(key), field=key)]


class _Entry:
    """One card entry being read: its problems, each placed at the key it is about."""

    def __init__(self, entry: YMap, source: Source, where: str) -> None:
        self.entry, self.source, self.where = entry, source, where
        self.problems: list[Problem] = []

    def bad(self, message, key=None, hint=None, at_key=False) -> None:
        entry = self.entry
        if key is None:
            pos = entry.pos
        else:
            pos = (entry.key_pos if at_key else entry.value_pos).get(key, entry.pos)
        label = f"{self.where}.{key}" if key else self.where
        self.problems.append(self.source.problem(message, pos, field=label, hint=hint))


def _read_card(spec, ftypes, terms, entry: YMap, source: Source, where: str):
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        read = _Entry(entry, source, where)
        read.bad("every card needs a name", "name" if "name" in entry else None)
        return None, read.problems
    read = _Entry(entry, source, f"{where} ({name})")
    type_ = entry.get("type")
    if not isinstance(type_, str) or type_ not in spec.types:
        read.bad(
            f"unknown card type '{type_}'" if type_ is not None else "card type is missing",
            "type" if "type" in entry else None,
            hint=did_you_mean(str(type_), spec.types),
        )
        return None, read.problems
    ctype = spec.types[type_]
    count = _read_count(read)
    src, sources = _read_sources(read, spec, ftypes)
    note = entry.get("note")
    if note is not None and not isinstance(note, str):
        read.bad("note must be text", "note")
    values = _read_values(read, ctype, ftypes, terms)
    for req in ctype.required:
        if req not in entry:
            read.bad(f"a {ctype.label} card needs '{req}'")
    if read.problems:
        return None, read.problems
    card_id = str(entry.get("id") or slug(name))
    id_problem = safe_name_problem(card_id)
    if id_problem:
        if "id" in entry:
            read.bad(id_problem, "id")
        else:
            read.bad(f"the name makes the id {id_problem}", "name", "give the card a short 'id'")
        return None, read.problems
    card = Card(card_id, name, type_, count, src, values, entry.pos, dict(sources), note)
    return card, read.problems


def _read_count(read: _Entry):
    count = read.entry.get("count", 1)
    most = component_limits().cards_per_deck
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        read.bad(f"count must be a whole number of copies, at least 1 (found {count!r})", "count")
    elif count > most:
        read.bad(
            f"count {shown(count)} is more than {shown(most)} (limit components.cards_per_deck)",
            "count",
        )
    return count


def _read_sources(read: _Entry, spec, ftypes) -> tuple[Any, dict]:
    """The card's ``source`` (the deck's by default) and its per-field ``sources``."""
    src = read.entry.get("source", spec.source)
    if not isinstance(src, str):
        read.bad("source must be text", "source")
    sources = read.entry.get("sources", {})
    if not isinstance(sources, dict):
        read.bad("sources must map a field to its source, e.g. {limit: reconstructed}", "sources")
        sources = {}
    for fname, fsrc in sources.items():
        if fname != "name" and fname not in ftypes:
            read.bad(
                f"sources names an unknown field '{fname}'",
                "sources",
                did_you_mean(str(fname), ["name", *ftypes]),
            )
        elif not isinstance(fsrc, str):
            read.bad(f"the source of '{fname}' must be text", "sources")
    return src, sources


def _read_values(read: _Entry, ctype, ftypes, terms) -> dict[str, Any]:
    """The card's fields, each checked against its declared type."""
    entry, source, where = read.entry, read.source, read.where
    values: dict[str, Any] = {}
    for key, value in entry.items():
        if key in CARD_KEYS:
            continue
        if key not in ftypes:
            read.bad(f"unknown key '{key}'", key, did_you_mean(key, [*CARD_KEYS, *ftypes]), True)
            continue
        if ctype.fields and key not in ctype.fields:
            allowed = "allowed: " + ", ".join(ctype.fields)
            read.bad(f"a {ctype.label} card has no '{key}'", key, allowed, True)
            continue
        if ftypes[key].kind == "instructions":
            from portolan.model.instructions import read_steps  # imported by games using it

            steps, step_problems = read_steps(
                value, source, entry.value_pos.get(key, entry.pos), f"{where}.{key}"
            )
            read.problems += step_problems
            values[key] = tuple(steps)
        elif ftypes[key].kind == "effect":
            steps = _read_effect(read, key, value, terms)
            if steps is not None:
                values[key] = steps
        else:
            checked, message, hint = _check_value(ftypes[key], value, terms)
            if message:
                read.bad(message, key, hint)
            else:
                values[key] = checked
    return values


def _read_effect(read: _Entry, key: str, value, terms):
    """A card's effect: its steps, or one problem per mistake at the exact value."""
    from portolan.model.effects import problem_field, read_effect  # imported by games using it

    steps, errors = read_effect(value, terms)
    read.problems += [
        read.source.problem(
            message,
            position_at(value, loc) or read.entry.value_pos.get(key),
            field=problem_field(f"{read.where}.{key}", loc),
        )
        for loc, message in errors
    ]
    return steps
