"""Age of Exploration: the board's geometry read back from the printed PDF (tiles, where each
space's label lands on its tile, the seams), and the print set read back as text."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest

from portolan.generator.build import BuildOptions, build_games
from portolan.generator.fonts import PT
from portolan.generator.layout.tiling import plan_tiles
from portolan.model import load_game
from portolan.paths import components_dir
from portolan.sizes import papers

MM = 72 / 25.4  # PDF points per millimetre
TOL = 0.1  # mm
GAME = "age-of-exploration"
BLEED = 3.0
PRINTER_MARGIN = 5.0  # the default --printer-margin


@pytest.fixture(scope="module")
def game():
    return load_game(components_dir(), GAME)


@pytest.fixture(scope="module", params=["a4", "letter"])
def board_pdf(request, game, tmp_path_factory) -> tuple[str, Path]:
    root = tmp_path_factory.mktemp(f"aoe-{request.param}")
    parts = replace(game, components=[game.component("board")])
    build_games([parts], root, BuildOptions(page=request.param, formats=("pdf",)))
    return request.param, root / GAME / "board.pdf"


def plan_for(game, paper: str):
    board = game.component("board").spec
    size = papers()[paper]
    return plan_tiles(
        board.size.width,
        board.size.height,
        BLEED,
        board.tiling.overlap,
        (size.width, size.height),
        PRINTER_MARGIN,
    )


def label_origins(page) -> dict[str, list[tuple[float, float]]]:
    """Every run of characters on one baseline, keyed by its text, with its origin in mm."""
    runs: dict[str, list[tuple[float, float]]] = {}
    chars = sorted(page.chars, key=lambda c: (round(c["matrix"][5], 1), c["matrix"][4]))
    current: list = []

    def close():
        if current:
            text = "".join(c["text"] for c in current)
            e, f = current[0]["matrix"][4], current[0]["matrix"][5]
            runs.setdefault(text, []).append((e / MM, (page.height - f) / MM))

    for c in chars:
        if current and (
            abs(c["matrix"][5] - current[-1]["matrix"][5]) > 0.05
            or c["x0"] - current[-1]["x1"] > 0.8
            or c["fontname"] != current[-1]["fontname"]
        ):
            close()
            current = []
        current.append(c)
    close()
    return runs


def test_the_board_prints_as_the_planned_tiles(game, board_pdf):
    paper, path = board_pdf
    plan = plan_for(game, paper)
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == plan.count + 1  # the assembly map, then the tiles
        for n, page in enumerate(pdf.pages[1:]):
            r, c = divmod(n, plan.cols)
            assert page.width / MM == pytest.approx(papers()[paper].width, abs=TOL)
            assert f"tile {plan.name(r, c)}" in (page.extract_text() or "")


@pytest.mark.parametrize("space_id", ["EUROPE", "NA3", "CB1", "CA4", "SA3", "NWP9", "M1", "AR4"])
def test_space_labels_land_where_the_graph_puts_them(game, board_pdf, space_id):
    paper, path = board_pdf
    plan = plan_for(game, paper)
    board = game.component("board").spec
    space = board.space(space_id)
    x, y, _, _ = board.box(space)
    label = space.printed
    size = 7.0 if len(label) <= 5 else 6.0  # longer labels at the 6 pt label floor
    origin = (x + 1.2, y + 1.0 + size * PT * 0.76)  # as generator/kinds/map.py prints it
    found = 0
    with pdfplumber.open(path) as pdf:
        for n, page in enumerate(pdf.pages[1:]):
            r, c = divmod(n, plan.cols)
            inside = (
                plan.x0(c) + 1 < origin[0] < plan.x0(c) + plan.tile_w - 8
                and plan.y0(r) + 3 < origin[1] < plan.y0(r) + plan.tile_h - 1
            )
            if not inside:
                continue
            want = plan.to_page(r, c, *origin)
            got = label_origins(page).get(label, [])
            assert any(abs(gx - want[0]) <= TOL and abs(gy - want[1]) <= TOL for gx, gy in got), (
                space_id,
                plan.name(r, c),
                want,
                got[:5],
            )
            found += 1
    assert found >= 1  # on every tile that shows it, at least one


def test_neighbouring_tiles_overlap_by_the_stated_amount(game):
    for paper in ("a4", "letter"):
        plan = plan_for(game, paper)
        overlap = game.component("board").spec.tiling.overlap
        for c in range(1, plan.cols):
            assert plan.x0(c - 1) + plan.tile_w - plan.x0(c) == pytest.approx(overlap)
        for r in range(1, plan.rows):
            assert plan.y0(r - 1) + plan.tile_h - plan.y0(r) == pytest.approx(overlap)
        # the tiles cover the board and its bleed
        assert plan.x0(plan.cols - 1) + plan.tile_w == pytest.approx(plan.width + BLEED)
        assert plan.y0(plan.rows - 1) + plan.tile_h == pytest.approx(plan.height + BLEED)


def test_an_assembly_map_and_a_print_shop_sheet_come_with_the_board(game, board_pdf):
    paper, path = board_pdf
    plan = plan_for(game, paper)
    with pdfplumber.open(path) as pdf:
        text = pdf.pages[0].extract_text() or ""
    assert f"How the {plan.count} tiles go together" in text
    for r in range(plan.rows):
        for c in range(plan.cols):
            assert plan.name(r, c) in text
    board = game.component("board").spec
    with pdfplumber.open(path.parent / "board-large.pdf") as pdf:
        (page,) = pdf.pages
        assert page.width / MM >= board.size.width and page.height / MM >= board.size.height


DECKS = {  # deck id: the footer its cards print (read back from the PDF)
    "exploration-land": "Land Cards",
    "exploration-civilization": "Civilization Cards",
    "leaders": "Back: Second-in-Command · Leaders",
    "ship-cards": "Back: Carrack · Ship Type Cards",
}


@pytest.fixture(scope="module")
def cards_text(game, tmp_path_factory) -> str:
    root = tmp_path_factory.mktemp("aoe-cards")
    parts = replace(game, components=[game.component(c) for c in DECKS])
    build_games([parts], root, BuildOptions(formats=("pdf",)))
    with pdfplumber.open(root / GAME / "all-cards.pdf") as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def test_card_footers_name_their_deck_once(cards_text):
    """A footer names the card's deck once: "Land · Land Cards", "Civilization · Civilization
    Cards" and "Leader — back: Second-in-Command · Leaders" said it twice."""
    for footer in DECKS.values():
        assert footer in cards_text, footer
    assert not re.search(r"\b([\w/]+) · \1\b", cards_text)
    assert "Leader — back" not in cards_text and "Ship Type — back" not in cards_text


def test_the_counter_manifest_counts_as_the_component_notes(game, tmp_path):
    """108 player counters, 60 expedition chits and 68 status markers (Component Notes), and
    apart from those the 4 Known Progress markers the map needs (Set Up): 240."""
    parts = replace(game, components=[game.component(c) for c in ("counters", "counter-manifest")])
    build_games([parts], tmp_path, BuildOptions(formats=("pdf",)))
    with pdfplumber.open(tmp_path / GAME / "counter-manifest.pdf") as pdf:
        text = " ".join(" ".join(page.extract_text() or "" for page in pdf.pages).split())
    assert "108 player counters, 60 expedition chits, 68 status markers" in text
    assert "4 Known Progress markers" in text and "240 in all" in text
