"""Print-shop files: every card face and back at 300 dpi with its bleed, paired by name, and a
print set PDF per game that opens with its print list."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pdfplumber
import pypdf
from PIL import Image

from generator.build import BuildOptions, build_games
from portolan.model import load_game
from tests.conftest import FIXTURE_COMPONENTS, FIXTURE_GAME


def test_cards_png_and_print_set(tmp_path):
    model = load_game(FIXTURE_COMPONENTS, FIXTURE_GAME)
    out = tmp_path / "out"
    # cards-png alone: the PDFs it combines are built too
    build_games([model], out, BuildOptions(formats=("cards-png",)))
    game = out / FIXTURE_GAME
    folder = game / "cards-png" / "conquerors"
    fronts = sorted(p.name for p in (folder / "front").iterdir())
    backs = sorted(p.name for p in (folder / "back").iterdir())
    deck = model.deck("conquerors")
    assert fronts == backs and len(fronts) == len(deck.cards)
    assert sum(int(name.rsplit("-x", 1)[1].removesuffix(".png")) for name in fronts) == deck.size()
    assert fronts[0].startswith("001-")
    w, h = deck.spec.dims
    for side in ("front", "back"):
        image = Image.open(folder / side / fronts[0])
        assert image.size == (round((w + 6) * 300 / 25.4), round((h + 6) * 300 / 25.4))
        assert round(image.info["dpi"][0]) == 300

    listing = list(csv.DictReader(io.StringIO((game / "print" / "print-list.csv").read_text())))
    assert [r["File"] for r in listing] == ["conquerors.pdf", "coins.pdf"]
    for row in listing:
        with pypdf.PdfReader(game / row["File"]) as part:
            assert int(row["Pages"]) == len(part.pages)
        duplex = row["Sides"].startswith("duplex")
        assert int(row["Sheets"]) == (int(row["Pages"]) + 1) // 2 if duplex else int(row["Pages"])
        assert row["Paper"] == "A4"
    assert listing[0]["Sides"] == "duplex, long edge"

    combined = game / "print" / f"{FIXTURE_GAME}-print-set.pdf"
    with pdfplumber.open(combined) as pdf:
        total = sum(int(r["Pages"]) for r in listing)
        assert len(pdf.pages) == 1 + total
        first = pdf.pages[0].extract_text()
        for row in listing:
            assert row["File"] in first and row["Sides"] in first
        assert f"{sum(int(r['Sheets']) for r in listing)} sheets in all" in first
    assert not (game / "conquerors.svg").exists()
    assert (game / "conquerors.pdf").exists()


def test_a_tiled_board_goes_to_the_print_shop_as_its_large_sheet(tmp_path):
    from generator.exports.cards_png import print_parts
    from portolan.paths import components_dir

    model = load_game(components_dir(), "ships")
    out = tmp_path / "out"
    build_games([model], out, BuildOptions(formats=("pdf",)))
    parts = {pdf.name: part for pdf, part in print_parts(model, out / "ships")}
    assert "board-large.pdf" in parts and "board.pdf" not in parts
    assert parts["board-large.pdf"].paper in ("A2", "A1", "A0")
    assert Path(out / "ships" / "board.pdf").exists()
    printables = {p.name for p in (out / "ships").glob("*.pdf")}
    assert set(parts) == printables - {"board.pdf", "registration-test.pdf"}


def test_decks_on_shared_sheets_go_to_the_print_shop_as_their_shared_file(exploration, game):
    from generator.exports.cards_png import print_parts

    folder = exploration().game()  # the default build: every deck and aid in all-cards.pdf
    assert not (folder / "expedition-deck.pdf").exists()
    parts = [pdf.name for pdf, _ in print_parts(game, folder)]
    printables = {p.name for p in folder.glob("*.pdf")} - {"registration-test.pdf"}
    assert parts[0] == "all-cards.pdf" and sorted(parts) == sorted(printables)
