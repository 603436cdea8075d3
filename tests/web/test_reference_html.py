"""The rules reference as a file of its own (``output/<game>/rules-reference.html``), opened on a
phone at 390 px: the page does not scroll sideways, and every table fits the screen whole (an
option's name in a rulings table breaks, a table's text is smaller on a phone); a table wider
than that would scroll inside itself, but none of the five games' does."""

from __future__ import annotations

import pytest

from portolan.generator.build import BuildOptions, GameReport, build_component
from portolan.generator.printset import SharedSheets
from portolan.generator.staging import Staging
from portolan.model import available_games, load_game
from portolan.paths import components_dir

pytestmark = pytest.mark.browser

SIDEWAYS = """() => ({
  page: document.documentElement.scrollWidth - window.innerWidth,
  tables: [...document.querySelectorAll("table")].map((t) => t.getBoundingClientRect().right),
  hidden: [...document.querySelectorAll("table")].map((t) => t.scrollWidth - t.clientWidth),
})"""


def reference_html(tmp_path, game_id: str):
    game = load_game(components_dir(), game_id)
    component = next(c for c in game.components if c.kind == "reference")
    opts = BuildOptions(formats=("html",))
    build_component(
        game, component, Staging(tmp_path), opts, GameReport(game.id), SharedSheets(game, opts)
    )
    return tmp_path / f"{component.id}.html"


@pytest.mark.parametrize("game_id", available_games(components_dir()))
def test_the_reference_fits_a_phone(tmp_path, phone, game_id):
    path = reference_html(tmp_path, game_id)
    phone.goto(path.as_uri())
    measured = phone.evaluate(SIDEWAYS)
    assert measured["page"] <= 0, measured
    assert measured["tables"] and max(measured["tables"]) <= phone.viewport_size["width"]
    assert max(measured["hidden"]) <= 0, measured  # nothing to scroll to inside a table
