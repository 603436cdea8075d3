"""Print-shop files: every card face and back at 300 dpi with its bleed, paired by name, and a
print set PDF per game that opens with its print list."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pdfplumber
import pypdf
from PIL import Image

from portolan.generator.build import BuildOptions, build_games
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
    starts = part_starts(listing)
    with pdfplumber.open(combined) as pdf:
        last = listing[-1]
        assert len(pdf.pages) == starts[last["File"]] + int(last["Pages"]) - 1
        for row in listing:  # a duplex part's fronts on odd pages: after a blank page if needed
            if row["Sides"].startswith("duplex"):
                assert starts[row["File"]] % 2 == 1
        assert starts["conquerors.pdf"] == 3  # the list's back is left blank, and says so
        assert "Left blank" in pdf.pages[1].extract_text()
        first = pdf.pages[0].extract_text()
        for row in listing:
            assert row["File"] in first and row["Sides"] in first
        assert f"{sum(int(r['Sheets']) for r in listing)} sheets in all" in first
    assert not (game / "conquerors.svg").exists()
    assert (game / "conquerors.pdf").exists()


def part_starts(listing: list[dict]) -> dict[str, int]:
    """The page (from 1) each part of the print set starts on: after the one-page list, every
    duplex part on an odd page."""
    page, starts = 2, {}
    for row in listing:
        if row["Sides"].startswith("duplex") and page % 2 == 0:
            page += 1
        starts[row["File"]] = page
        page += int(row["Pages"])
    return starts


def test_the_print_set_is_sound_for_a_print_shop(tmp_path):
    """Age of Exploration's set: every font subset has a name of its own (one name per font
    object, as pdffonts lists them), fronts of every duplex part on odd pages with their backs
    on the even pages after them, the print dialog asked not to scale, and qpdf-clean."""
    import shutil
    import subprocess

    from portolan.paths import components_dir

    model = load_game(components_dir(), "age-of-exploration")
    out = tmp_path / "out"
    build_games([model], out, BuildOptions(formats=("cards-png",)))
    game = out / "age-of-exploration"
    combined = game / "print" / "age-of-exploration-print-set.pdf"
    listing = list(csv.DictReader(io.StringIO((game / "print" / "print-list.csv").read_text())))
    starts = part_starts(listing)
    with pypdf.PdfReader(combined) as reader:
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
        fonts = {}
        for page in reader.pages:
            for ref in page["/Resources"].get("/Font", {}).values():
                fonts[ref.idnum] = ref.get_object()["/BaseFont"]
        assert len(fonts) >= 10
        assert len(set(fonts.values())) == len(fonts), sorted(fonts.values())
        for row in listing:
            if not row["Sides"].startswith("duplex"):
                continue
            first = starts[row["File"]]
            assert first % 2 == 1, row["File"]
            with pypdf.PdfReader(game / row["File"]) as part:
                for k in range(int(row["Pages"])):  # the same pages, in the same places
                    got = reader.pages[first - 1 + k].extract_text()
                    assert got == part.pages[k].extract_text(), (row["File"], k)
    assert starts["player-aid.pdf"] % 2 == 1 and starts["vp-awards.pdf"] % 2 == 1
    if shutil.which("qpdf"):
        check = subprocess.run(["qpdf", "--check", str(combined)], capture_output=True)
        assert check.returncode == 0, check.stdout.decode()


def test_a_tiled_board_goes_to_the_print_shop_as_its_large_sheet(tmp_path):
    from portolan.generator.exports.cards_png import print_parts
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
    from portolan.generator.exports.cards_png import print_parts

    folder = exploration().game()  # the default build: every deck and aid in all-cards.pdf
    assert not (folder / "expedition-deck.pdf").exists()
    parts = [pdf.name for pdf, _ in print_parts(game, folder)]
    printables = {p.name for p in folder.glob("*.pdf")} - {"registration-test.pdf"}
    assert parts[0] == "all-cards.pdf" and sorted(parts) == sorted(printables)
