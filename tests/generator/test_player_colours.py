"""Player colours stay apart in grey and ink-saving prints: every two pieces of one kind in two
players' colours (a red and a blue VPs marker, two galleys) differ by a shape drawn on them, or
by at least 30 levels of grey (of 255) in their background; every two copies of a player's
display likewise. Read from the drawings the printer makes with ``--grayscale`` and with
``--grayscale --ink-saver``; a word (RED, BLUE) is not a shape."""

from __future__ import annotations

import dataclasses
import itertools
import re

import pytest

from portolan.generator.draw import Circle, Group, Rect, Text
from portolan.generator.kinds.board import colour_shape, player_colours, render_board
from portolan.generator.kinds.counters import counter_face
from portolan.generator.theme import Theme
from portolan.model import load_game
from portolan.model.board import BoardSpec
from portolan.model.counters import CountersSpec
from portolan.model.loader import available_games
from portolan.paths import components_dir

GAMES = available_games(components_dir())
THEMES = {"grayscale": Theme(gray=True), "grayscale+ink-saver": Theme(gray=True, ink_saver=True)}
GREY_STEP = 30


def shapes(items) -> list:
    """The icons drawn, each as its geometry without colours, position or size (a word, a
    frame and where things sit are left out)."""
    out = []
    for item in items:
        if isinstance(item, Group):
            if item.scale != 1.0:  # an icon: drawn in a unit square, scaled
                out.append(tuple(_plain(i) for i in item.items))
            else:
                out += shapes(item.items)
    return sorted(out, key=repr)


def _plain(item):
    if isinstance(item, Group):
        return ("group", tuple(_plain(i) for i in item.items))
    if isinstance(item, Text):
        return ("text", item.text)
    fields = {f.name: getattr(item, f.name) for f in dataclasses.fields(item)}
    for key in ("fill", "stroke"):
        if key in fields:
            fields[key] = fields[key] is not None
    return (type(item).__name__, tuple(sorted(fields.items())))


def grey(drawing, theme: Theme) -> int:
    """The grey level (0-255) of the drawing's background, as printed with ``theme``."""
    fill = next(i.fill for i in drawing.items if isinstance(i, (Rect, Circle)) and i.fill)
    return int(theme.colour_filter(fill)[1:3], 16)


def apart(a, b, theme: Theme) -> bool:
    return shapes(a.items) != shapes(b.items) or abs(grey(a, theme) - grey(b, theme)) >= GREY_STEP


def kinds_by_colour(game, colours: set[str]):
    """(sheet id, kind) -> {colour: (counter, index)} for counters in a player's colour, the kind
    being the counter's name without the colour's word."""
    out: dict = {}
    for comp in game.components:
        if not isinstance(comp.spec, CountersSpec):
            continue
        for i, counter in enumerate(comp.spec.counters):
            if counter.colour not in colours:
                continue
            kind = re.sub(rf"\(?\b{counter.colour}\b\)?", "", counter.name, flags=re.I).strip()
            out.setdefault((comp.id, kind), {})[counter.colour] = (counter, i)
    return out


def pieces(game, theme: Theme):
    """(where, {colour: drawing}) for each side of each kind of counter in the players' colours."""
    for (comp_id, kind), by_colour in kinds_by_colour(game, set(player_colours(game))).items():
        comp = game.component(comp_id)
        for side in ("front", "back"):
            faces = {}
            for colour, (counter, i) in by_colour.items():
                face = counter.front if side == "front" else counter.back
                if face is not None:
                    faces[colour] = counter_face(game, comp, counter, face, i, side, 0, theme)
            yield f"{comp_id}: {kind} ({side})", faces


def displays(game, theme: Theme):
    """(where, {colour: drawing}) for each board drawn once per player's colour."""
    for comp in game.components:
        if isinstance(comp.spec, BoardSpec) and comp.spec.colours:
            designs = render_board(game, comp, 0, theme).designs
            yield comp.id, dict(zip(comp.spec.colours, designs, strict=True))


@pytest.mark.parametrize("drawn", [pieces, displays])
@pytest.mark.parametrize("theme_name", THEMES)
@pytest.mark.parametrize("game_id", GAMES)
def test_two_players_differ_in_grey(game_id, theme_name, drawn):
    game = load_game(components_dir(), game_id)
    theme = THEMES[theme_name]
    same = [
        f"{where}: {c1} and {c2}"
        for where, by_colour in drawn(game, theme)
        for (c1, d1), (c2, d2) in itertools.combinations(by_colour.items(), 2)
        if not apart(d1, d2, theme)
    ]
    assert not same, "\n".join(same)


def test_the_check_tells_a_shape_from_a_word():
    """Two Ships galleys differ by their corner mark; without it (a word only) they do not."""
    game = load_game(components_dir(), "ships")
    comp = game.component("player-pieces")
    theme = THEMES["grayscale+ink-saver"]
    faces = {}
    for i, c in enumerate(comp.spec.counters):
        if c.name in ("Red galley", "Blue galley"):
            plain = c.front.model_copy(update={"mark": None})
            faces[c.name] = (
                counter_face(game, comp, c, c.front, i, "front", 0, theme),
                counter_face(game, comp, c, plain, i, "front", 0, theme),
            )
    (red, red_plain), (blue, blue_plain) = faces["Red galley"], faces["Blue galley"]
    assert apart(red, blue, theme)
    assert not apart(red_plain, blue_plain, theme)


def test_every_player_colour_has_its_own_shape():
    for game_id in ("age-of-exploration", "ships"):
        game = load_game(components_dir(), game_id)
        colours = sorted(player_colours(game))
        found = [colour_shape(game, c) for c in colours]
        assert None not in found and len(set(found)) == len(found), (game_id, found)
