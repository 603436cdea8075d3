"""A position file read back into the pad's cells: every game's example position fills cells
that make a position scoring as the file does, and the pad shows a pasted file (or a play opened
again from the history) in its cells, or as the file when a cell cannot say what it says."""

from __future__ import annotations

import functools
import html
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portolan.checker.core.registry import GAMES, rules_for
from portolan.model.loader import load_game
from portolan.paths import components_dir
from portolan.web.scorecells import cells_of
from portolan.web.scorepad import check_cells, pad_for, position_text
from portolan.yamlsrc import Source, parse_yaml
from tests.web.padfill import POSITIONS


@functools.cache
def loaded_pad(game: str):
    return pad_for(load_game(components_dir(), game))


def scores(game: str, text: str) -> dict:
    model = load_game(components_dir(), game)
    sheet = rules_for(game).score_position(model, parse_yaml(text, "p"), Source("p"), None)
    return {k: v for k, v in sheet.as_json().items() if k != "notes"}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_example_position_comes_back_as_cells_that_score_the_same(game):
    pad = pad_for(load_game(components_dir(), game))
    text = (POSITIONS / f"{game}.yaml").read_text(encoding="utf-8")
    raw = parse_yaml(text, "p")
    players = list(raw["players"])
    typed, options = cells_of(pad, players, raw)
    assert typed and check_cells(pad, players, typed) == {}
    remade = position_text(pad, players, typed, options).text
    assert scores(game, remade) == scores(game, text)


def test_names_and_bundles_are_read_as_the_position_reader_reads_them():
    pad = pad_for(load_game(components_dir(), "ships"))
    raw = parse_yaml(
        "area: 5\nplayers:\n  ana: {goods: [Metal, 2 cloth], cubes: Caribbean Spice}\n  Ben: {}\n",
        "p",
    )
    typed, _ = cells_of(pad, ["Ana", "Ben"], raw)
    labels = {row.label: r for r, row in enumerate(pad.rows)}
    spice = next(i for i, ln in enumerate(pad.grids[0].lines) if ln.label == "Caribbean: 1 Spice")
    assert typed == {
        "area": "5",
        f"c0.{labels['Metal in the warehouse']}": "1",
        f"c0.{labels['Cloth in the warehouse']}": "2",
        f"g.cubes.{spice}.who": "0",
    }


def test_a_pasted_position_is_shown_in_the_pads_cells(client):
    text = (POSITIONS / "ships.yaml").read_text(encoding="utf-8")
    r = client.post("/score/ships", data={"players": "Ana, Ben", "yaml": text})
    page = html.unescape(r.text)
    assert re.search(r'value="48" autocomplete="off" inputmode="numeric"', page)
    assert re.search(r'<option value="0" selected>Ana</option>', page)  # a cube's holder
    assert '<details class="paste">' in page  # the file itself: closed, not the way to change it


def test_a_position_the_cells_cannot_say_stays_a_file(client):
    text = (POSITIONS / "age-of-discovery.yaml").read_text(encoding="utf-8")
    text = text.replace("Santa María (red)", "Santa María")  # its colour, left to the rules
    r = client.post("/score/age-of-discovery", data={"players": "Ana, Ben, Cai", "yaml": text})
    assert r.status_code == 200
    page = html.unescape(r.text)
    assert '<details class="paste" open>' in page and "Santa María]" in page
    assert 'value="14"' not in page  # no cell half filled


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10**9),
    st.sampled_from(["", "x", "2 Cloth + 1 Wine", "Santa María (red, wild)", "Caribbean", "bay"]),
)
KEYS = st.sampled_from(
    ["Ana", "Ben", "area", "goods", "cubes", "majors", "awards", "Japan", "Palm Grove", "vp"]
)
VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4)
)


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=60, deadline=None)
@given(entries=st.dictionaries(st.sampled_from(["Ana", "Ben"]), VALUES), rest=VALUES)
def test_any_position_gives_cells_or_none_without_failing(game, entries, rest):
    pad = loaded_pad(game)
    raw = {"players": entries, "area": 5, "expeditions": rest, "islands": rest, "options": rest}
    typed, options = cells_of(pad, ["Ana", "Ben"], raw)
    if not check_cells(pad, ["Ana", "Ben"], typed):
        parse_yaml(position_text(pad, ["Ana", "Ben"], typed, options).text, "p")
