"""Reads ``components/<game>/``: game.yaml, rules.yaml and every component file, all validated.

Every problem found in any file is collected and raised together as one ``InputError``, so a
user fixing a YAML file sees all that is wrong at once.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from portolan.errors import InputError, Problem, did_you_mean, display_path
from portolan.model.base import NON_RULEBOOK_SOURCES, OfSpec, field_label, validate
from portolan.model.common import is_hex
from portolan.model.game import GameSpec
from portolan.model.rules import RulesSpec
from portolan.yamlsrc import Source, YList, YMap, load_yaml, position_at

if TYPE_CHECKING:
    from portolan.model.deck import Deck

# Each kind's schema (module, class), imported when a file of that kind is read: defining the
# models is most of what importing the model costs, and a game has only some of the kinds.
KINDS: dict[str, tuple[str, str]] = {
    "deck": ("portolan.model.deck", "DeckSpec"),
    "board": ("portolan.model.board", "BoardSpec"),
    "counters": ("portolan.model.counters", "CountersSpec"),
    "aid": ("portolan.model.aid", "AidSpec"),
    "scorepad": ("portolan.model.aid", "ScorePadSpec"),
    "reference": ("portolan.model.aid", "ReferenceSpec"),
    "map": ("portolan.model.map", "MapSpec"),
}


def kind_spec(kind: str) -> type:
    """The schema of a component ``kind`` (a key of ``KINDS``)."""
    module, name = KINDS[kind]
    return getattr(importlib.import_module(module), name)


@dataclass
class Component(OfSpec):
    """One printable component: its validated spec, its file and its raw YAML (for positions)."""

    spec: Any
    file: str
    raw: YMap
    deck: Deck | None = None

    @property
    def kind(self) -> str:
        return self.spec.kind

    def problem(self, message: str, path: tuple, hint: str | None = None) -> Problem:
        """A problem at ``path`` in the component's file (the field named with dots)."""
        pos, field = position_at(self.raw, path), ".".join(map(str, path))
        return self.source.problem(message, pos, field=field, hint=hint)

    @property
    def source(self) -> Source:
        return Source(self.file)


@dataclass
class Game(OfSpec):
    spec: GameSpec
    dir: Path
    rules: RulesSpec
    components: list[Component] = field(default_factory=list)

    @property
    def title(self) -> str:
        return self.spec.title

    name = title  # a game's name is its title

    def component(self, component_id: str) -> Component:
        for c in self.components:
            if c.id == component_id:
                return c
        raise KeyError(component_id)

    def deck(self, deck_id: str) -> Deck:
        deck = self.component(deck_id).deck
        if deck is None:
            raise KeyError(f"{deck_id} is not a deck")
        return deck

    def decks(self) -> list[Deck]:
        return [c.deck for c in self.components if c.deck is not None]

    def colour(self, name: str) -> str:
        """A palette name or a literal #rrggbb, as a #rrggbb."""
        return name if is_hex(name) else self.spec.palette[name]

    def cite(self, source: str) -> str:
        return self.spec.cite(source)

    def player_count_problem(self, n: int) -> str | None:
        """What is wrong with ``n`` players for this game (game.yaml ``players``), if anything."""
        low, high = self.spec.players.min.value, self.spec.players.max.value
        return None if low <= n <= high else f"{n} players: {self.title} is for {low} to {high}"


def available_games(components_dir: Path) -> list[str]:
    if not components_dir.is_dir():
        raise InputError(Problem("components folder not found", file=display_path(components_dir)))
    games = sorted(p.parent.name for p in components_dir.glob("*/game.yaml"))
    if not games:
        raise InputError(
            Problem(
                "no games here",
                file=display_path(components_dir),
                hint="each game is a folder with a game.yaml, as in the project's components/",
            )
        )
    return games


def load_game(components_dir: Path, game_id: str) -> Game:
    """The validated game; read again only when a file of its folder has changed."""
    game_dir = components_dir / game_id
    if not (game_dir / "game.yaml").is_file():
        return _load_game(components_dir, game_id)
    stamp = tuple(
        sorted(
            (p.name, p.stat().st_mtime_ns, p.stat().st_size)
            for p in game_dir.iterdir()
            if p.is_file()
        )
    )
    key = (str(game_dir.resolve()), stamp)
    if key not in _CACHE:
        _CACHE.clear()  # one game at a time is plenty; keeps memory flat
        _CACHE[key] = _load_game(components_dir, game_id)
    return _CACHE[key]


_CACHE: dict[tuple, Game] = {}


def _load_game(components_dir: Path, game_id: str) -> Game:
    game_dir = components_dir / game_id
    if not (game_dir / "game.yaml").is_file():
        known = available_games(components_dir)
        raise InputError(
            Problem(
                f"no game '{game_id}' in {display_path(components_dir)}",
                hint=did_you_mean(game_id, known) or ("known games: " + ", ".join(known)),
            )
        )
    problems: list[Problem] = []
    game_file = game_dir / "game.yaml"
    raw_game = load_yaml(game_file)
    game_src = Source(display_path(game_file))
    spec = validate(GameSpec, raw_game, game_src)
    if spec.id != game_id:
        problems.append(
            game_src.problem(
                f"id '{spec.id}' does not match the folder name '{game_id}'",
                raw_game.value_pos.get("id"),
                field="id",
            )
        )
    raws: list[tuple[Source, Any]] = [(game_src, raw_game)]

    rules = RulesSpec()
    if spec.rules and not (game_dir / spec.rules).is_file():
        problems.append(_missing(game_src, raw_game, ("rules",), spec.rules))
    elif spec.rules:
        try:
            raw_rules, rules_src = _read(game_dir / spec.rules)
            rules = validate(RulesSpec, raw_rules, rules_src)
            raws.append((rules_src, raw_rules))
        except InputError as exc:
            problems += exc.problems

    game = Game(spec, game_dir, rules)
    terms = {kind: spec.term_names(kind) for kind in spec.terms}
    for i, name in enumerate(spec.components):
        if not (game_dir / name).is_file():
            problems.append(_missing(game_src, raw_game, ("components", i), name))
            continue
        try:
            component = _read_component(game_dir / name, terms)
        except InputError as exc:
            problems += exc.problems
            continue
        if any(c.id == component.id for c in game.components):
            problems.append(
                component.source.problem(
                    f"another component already has the id '{component.id}'",
                    component.raw.value_pos.get("id"),
                    field="id",
                )
            )
        game.components.append(component)
        raws.append((component.source, component.raw))

    for src, raw in raws:
        keys = _checked_keys(raw)
        problems += _check_sources(spec, keys, src)
        problems += _check_colours(spec, keys, src)
    if problems:
        raise InputError(problems)
    return game


def _missing(src: Source, raw: YMap, path: tuple, name: str) -> Problem:
    """A file named in game.yaml that is not there: reported where game.yaml names it."""
    return src.problem(
        f"file '{name}' not found next to game.yaml",
        position_at(raw, path),
        field=field_label(path),
    )


def _read(path: Path) -> tuple[Any, Source]:
    return load_yaml(path), Source(display_path(path))


def _read_component(path: Path, terms: dict[str, list[str]]) -> Component:
    raw, src = _read(path)
    if not isinstance(raw, dict):
        raise InputError(src.problem("expected a mapping of keys", getattr(raw, "pos", None)))
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        pos = raw.value_pos.get("kind", raw.pos)
        raise InputError(
            src.problem(
                f"unknown component kind '{kind}'" if kind else "component kind is missing",
                pos,
                field="kind",
                hint=did_you_mean(str(kind), KINDS),
            )
        )
    spec = validate(kind_spec(kind), raw, src, context={"terms": terms})
    component = Component(spec, src.path, raw)
    if kind == "deck":
        from portolan.model.cardlist import read_cards
        from portolan.model.deck import Deck

        cards, problems = read_cards(spec, raw, src, terms)
        if problems:
            raise InputError(problems)
        component.deck = Deck(spec, tuple(cards))
    elif kind == "map":
        from portolan.model.map import check_map

        component.spec, problems = check_map(spec, raw, src)
        if problems:
            raise InputError(problems)
    return component


def _checked_keys(node: Any, path: tuple = (), out: list | None = None) -> list[tuple]:
    """(mapping, key, path), in the order the keys are written, of every key the source and
    colour checks look at: each ``source`` and ``colour``, and each key of a ``sources`` mapping
    (a card's per-field sources). The path of any other key is never made."""
    out = [] if out is None else out
    if isinstance(node, YMap):
        under_sources = bool(path) and path[-1] == "sources"
        for key, value in node.items():
            if under_sources or key == "source" or key == "colour":
                out.append((node, key, (*path, key)))
            if isinstance(value, YMap | YList):
                _checked_keys(value, (*path, key), out)
    elif isinstance(node, YList):
        for i, item in enumerate(node):
            if isinstance(item, YMap | YList):
                _checked_keys(item, (*path, i), out)
    return out


def _cited(keys: list[tuple]):
    """(mapping, key, path) of every source among ``keys``: each ``source:`` value, and each
    value of a ``sources:`` mapping (a card's per-field sources)."""
    for mapping, key, path in keys:
        if not isinstance(mapping[key], str):
            continue
        if key == "source" or (len(path) >= 2 and path[-2] == "sources"):
            yield mapping, key, path


def _check_sources(spec: GameSpec, keys: list[tuple], src: Source) -> list[Problem]:
    """Every ``source:`` must cite a section of the rulebook, or say it is not from the rulebook."""
    known = [s.id for s in spec.sections]
    problems = []
    for mapping, key, path in _cited(keys):
        value = mapping[key]
        if value in NON_RULEBOOK_SOURCES or value in known:
            continue
        hint = did_you_mean(value, [*known, *NON_RULEBOOK_SOURCES]) or (
            "cite a heading listed under 'sections' in game.yaml, or write 'reconstructed'"
        )
        message = f"source '{value}' is not a section of the rulebook"
        problems.append(_at_value(src, mapping, key, path, message, hint))
    return problems


def _check_colours(spec: GameSpec, keys: list[tuple], src: Source) -> list[Problem]:
    """Every ``colour:`` is a palette name or #rrggbb, except where ``colour`` is the name of a
    card field (a deck's ``fields`` and a card's ``sources`` are keyed by field name)."""
    problems = []
    for mapping, key, path in keys:
        value = mapping[key]
        if key != "colour" or not isinstance(value, str) or "{" in value:
            continue
        if len(path) >= 2 and path[-2] in ("fields", "sources"):
            continue
        if is_hex(value) or value in spec.palette:
            continue
        message = f"colour '{value}' is neither #rrggbb nor a palette name"
        problems.append(
            _at_value(src, mapping, key, path, message, did_you_mean(value, spec.palette))
        )
    return problems


def _at_value(src: Source, mapping: YMap, key, path: tuple, message: str, hint) -> Problem:
    return src.problem(message, mapping.value_pos[key], field=field_label(path), hint=hint)
