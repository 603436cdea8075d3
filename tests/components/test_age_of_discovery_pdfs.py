"""Age of Discovery: the printed PDFs read back with pdfplumber, card counts as text and the
geometry of the new elements (counter sheets, the wrapped victory point track, card boxes)."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path

import pdfplumber
import pytest

from portolan.generator.build import BuildOptions, build_games
from portolan.generator.faces import BoxRow
from portolan.generator.kinds.cardparts import BOX_H, SAFE, box_grid
from portolan.generator.kinds.counters import cut_ink
from portolan.model import load_game
from portolan.paths import components_dir

MM = 72 / 25.4  # PDF points per millimetre
TOL = 0.1  # mm
GAME = "age-of-discovery"


@pytest.fixture(scope="module")
def game():
    return load_game(components_dir(), GAME)


@pytest.fixture(scope="module")
def out(game, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("aod")
    build_games([game], root, BuildOptions(formats=("pdf",), sheets="per-deck"))
    return root / GAME


@pytest.fixture(scope="module")
def grey_out(game, tmp_path_factory) -> Path:
    """Only the ship deck, in grayscale."""
    root = tmp_path_factory.mktemp("aod-grey")
    ships = replace(game, components=[game.component("ship-deck")])
    build_games([ships], root, BuildOptions(formats=("pdf",), grayscale=True, sheets="per-deck"))
    return root / GAME


@cache
def read_fronts(path: Path) -> tuple[tuple[tuple[str, float], ...], str]:
    """(word, font size) of every word on the front pages, and their text."""
    found: list[tuple[str, float]] = []
    texts = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            page_text = page.extract_text(x_tolerance=1) or ""
            if "— backs" in page_text:
                continue
            texts.append(page_text)
            found += [
                (w["text"], w["size"])
                for w in page.extract_words(x_tolerance=1, extra_attrs=["size"])
            ]
    return tuple(found), "\n".join(texts)


def words(path: Path, size: float | None = None) -> list[str]:
    """Words on the front pages (at one font size, if given)."""
    return [w for w, s in read_fronts(path)[0] if size is None or abs(s - size) < 0.05]


def text(path: Path) -> str:
    return read_fronts(path)[1]


def mm(v: float) -> float:
    return v / MM


# -- card counts read back -------------------------------------------------------------------
def test_every_card_is_printed_once_per_copy(game, out):
    for deck in game.decks():
        footer_word = deck.name.split()[0]
        printed = Counter(words(out / f"{deck.id}.pdf", size=6.0))[footer_word]  # footers
        assert printed == deck.size(), deck.id


def test_ship_types_read_back(game, out):
    t = text(out / "ship-deck.pdf")
    deck = game.deck("ship-deck")
    for transport, cost in ((1, 3), (2, 4), (3, 5)):
        expected = sum(c.count for c in deck.of_type("ship") if c["transport"] == transport)
        assert t.count(f"TRANSPORT {transport} · COST {cost}") == expected
    assert t.count("FLAGSHIP ·") == len(deck.of_type("flagship")) == 6
    assert t.count("SCORING CARD") == 2
    assert "First Scoring" in t and "Final Scoring" in t


def test_flagships_print_the_default_reading_and_name_the_other(game, out):
    """A flagship card tells the table what the checker does by default (``flagship_colours``:
    any colour, §4.4.1's example) and names the rule option that keeps it to its two."""
    option = next(o for o in game.rules.options if o.name == "flagship_colours")
    assert option.default == "any" and "either" in option.choices
    t = " ".join(text(out / "ship-deck.pdf").split())  # (one line of each card at a time)
    flagships = game.deck("ship-deck").of_type("flagship")
    assert t.count("Joins an expedition or a contract of any") == len(flagships)
    for card in flagships:
        first, second = card["colours"]
        assert f"“either”: {first} or {second} only" in t, card.name


def test_other_decks_read_back(out):
    contracts = text(out / "contract-deck.pdf")
    for need in (3, 4, 5, 6):
        assert contracts.count(f"EXACTLY {need} TRANSPORT") == 6
    missions = text(out / "mission-deck.pdf")
    for players in (2, 3, 4):
        assert missions.count(f"SPECIAL MISSION · {players} PLAYERS") == 4
    assert text(out / "expedition-deck.pdf").count("EXPEDITION · LIMIT") == 12
    action_titles = Counter(words(out / "action-deck.pdf", size=11.0))
    assert action_titles["Wild"] == 8 and action_titles["Reservation"] == 4


def test_contract_payouts_are_printed(out):
    t = text(out / "contract-deck.pdf")
    assert re.search(r"\b7\s+10\s+13\b", t)  # the yellow 5 (and every other 5) payouts


def test_colour_names_beside_the_art_survive_grayscale(game, grey_out):
    marks = Counter(words(grey_out / "ship-deck.pdf", size=6.0))
    deck = game.deck("ship-deck")
    for colour in ("red", "yellow", "blue", "green", "white", "black"):
        ships = sum(c.count for c in deck.of_type("ship") if c["colour"] == colour)
        flagships = sum(1 for f in deck.of_type("flagship") if colour in f["colours"])
        assert marks[colour.upper()] == 2 * ships + flagships, colour


# -- geometry --------------------------------------------------------------------------------
@cache
def _cut_inks() -> frozenset:
    """The colours a cut outline may have: #333333, lightened on a dark counter."""
    game = load_game(components_dir(), GAME)
    inks = {cut_ink(game.colour(name)) for name in game.spec.palette}
    return frozenset(tuple(round(int(c[i : i + 2], 16) / 255, 2) for i in (1, 3, 5)) for c in inks)


def cut_outlines(page) -> list[dict]:
    """Counter cut outlines: thin (0.2 mm) strokes in a cut line's colour."""
    return [
        c
        for c in page.curves + page.rects
        if c.get("stroke")
        and tuple(round(v, 2) for v in (c.get("stroking_color") or ())) in _cut_inks()
        and abs(c["linewidth"] - 0.2 * MM) < 0.01
    ]


def shelf_rows(outlines: list[dict]) -> list[list[dict]]:
    rows: dict[float, list[dict]] = {}
    for c in outlines:
        rows.setdefault(round(mm(c["top"]), 1), []).append(c)
    return [sorted(r, key=lambda c: c["x0"]) for _, r in sorted(rows.items())]


def test_coin_sizes_and_spacing(game, out):
    with pdfplumber.open(out / "coins.pdf") as pdf:
        outlines = cut_outlines(pdf.pages[0])
    sizes = Counter(round(mm(c["x1"] - c["x0"]), 1) for c in outlines)
    assert sizes == {16.0: 45, 20.0: 15}
    for c in outlines:
        assert abs(mm(c["bottom"] - c["top"]) - mm(c["x1"] - c["x0"])) < TOL  # round
    gap = 4.0  # twice the counter bleed (2 mm)
    rows = shelf_rows(outlines)
    for row in rows:
        for a, b in itertools.pairwise(row):
            width = mm(a["x1"] - a["x0"])
            if abs(mm(b["x1"] - b["x0"]) - width) < TOL:
                assert abs(mm(b["x0"] - a["x0"]) - (width + gap)) < TOL
    first, second = rows[0], rows[1]
    assert abs(mm(second[0]["top"] - first[0]["top"]) - (16 + gap)) < TOL


def test_player_token_sizes_and_spacing(out):
    with pdfplumber.open(out / "player-tokens.pdf") as pdf:
        outlines = cut_outlines(pdf.pages[0])
    assert len(outlines) == 88
    for c in outlines:
        assert abs(mm(c["x1"] - c["x0"]) - 12) < TOL
        assert abs(mm(c["bottom"] - c["top"]) - 12) < TOL
    rows = shelf_rows(outlines)
    for row in rows:
        pitches = [mm(b["x0"] - a["x0"]) for a, b in itertools.pairwise(row)]
        assert all(abs(p - 16) < TOL for p in pitches)
    assert all(abs(mm(b[0]["top"] - a[0]["top"]) - 16) < TOL for a, b in itertools.pairwise(rows))


def test_victory_point_track_boxes(game, out):
    board = game.component("victory-point-chart").spec
    vp, contracts = board.tracks
    # The chart is centred on the A4 sheet.
    ox, oy = (210 - board.size.width) / 2, (297 - board.size.height) / 2
    with pdfplumber.open(out / "victory-point-chart.pdf") as pdf:
        page = pdf.pages[0]
        shapes = page.curves + page.rects
        words_at = page.extract_words(x_tolerance=1)
    for track, side, count in ((vp, 17.0, 100), (contracts, 15.0, 9)):
        boxes = sorted(
            (round(mm(s["x0"]) - ox, 2), round(mm(s["top"]) - oy, 2))
            for s in shapes
            if abs(mm(s["x1"] - s["x0"]) - side) < TOL
            and abs(mm(s["bottom"] - s["top"]) - side) < TOL
        )
        expected = sorted((x, y) for _, x, y in track.cells())
        assert len(boxes) == len(expected) == count
        for (bx, by), (ex, ey) in zip(boxes, expected, strict=True):
            assert abs(bx - ex) < TOL and abs(by - ey) < TOL
    # Ten rows of ten, 0 top left, 99 bottom right; the contracts track ends in "8+".
    cells = vp.cells()
    assert (cells[0][1], cells[0][2]) == (10, 17)
    assert (cells[99][1], cells[99][2]) == (10 + 9 * 17, 17 + 9 * 17)
    labels = {w["text"] for w in words_at}
    assert {"0", "99", "8+"} <= labels


def test_contract_card_boxes(game, out):
    """Each contract card prints its payouts and the turn track as two rows of 3 boxes, on the
    grid ``box_grid`` computes, inside the card."""
    rows = [BoxRow(("5", "7", "9"), icon="coin"), BoxRow(("1", "2", "3"), icon="hourglass")]
    cells_x, cell_w, _ = box_grid(rows, 63, 1.0)
    assert cell_w == pytest.approx(11.0)
    with pdfplumber.open(out / "contract-deck.pdf") as pdf:
        page = pdf.pages[0]
        frames = [
            s
            for s in page.curves + page.rects
            if abs(mm(s["x1"] - s["x0"]) - (63 - 2 * SAFE + 1.2)) < TOL
            and abs(mm(s["bottom"] - s["top"]) - (88 - 2 * SAFE + 1.2)) < TOL
        ]
        cells = [
            s
            for s in page.curves + page.rects
            if abs(mm(s["x1"] - s["x0"]) - cell_w) < TOL
            and abs(mm(s["bottom"] - s["top"]) - BOX_H) < TOL
        ]
    assert len(frames) == 9 and len(cells) == 9 * 6
    for frame in frames:
        card_x = mm(frame["x0"]) - (SAFE - 0.6)
        card_y = mm(frame["top"]) - (SAFE - 0.6)
        mine = [
            c for c in cells if 0 < mm(c["x0"]) - card_x < 63 and 0 < mm(c["top"]) - card_y < 88
        ]
        assert len(mine) == 6
        xs = sorted({round(mm(c["x0"]) - card_x, 2) for c in mine})
        assert len(xs) == 3
        for k, x in enumerate(xs):
            assert abs(x - (cells_x + k * cell_w)) < TOL
        tops = sorted({round(mm(c["top"]), 2) for c in mine})
        assert len(tops) == 2 and abs(tops[1] - tops[0] - (BOX_H + 1.0)) < TOL


def test_colour_marks_flank_the_art(out):
    """The colour names sit centred in the free space left and right of the medallion."""
    side = 63 / 2 - 11.5 - SAFE  # between the frame and the art's 11.5 mm radius
    with pdfplumber.open(out / "ship-deck.pdf") as pdf:
        page = pdf.pages[0]
        frames = sorted(
            (mm(s["x0"]) - (SAFE - 0.6), mm(s["top"]) - (SAFE - 0.6))
            for s in page.curves + page.rects
            if abs(mm(s["x1"] - s["x0"]) - (63 - 2 * SAFE + 1.2)) < TOL
            and abs(mm(s["bottom"] - s["top"]) - (88 - 2 * SAFE + 1.2)) < TOL
        )
        names = [
            w
            for w in page.extract_words(x_tolerance=1, extra_attrs=["size"])
            if abs(w["size"] - 6.0) < 0.05 and w["text"].isalpha() and w["text"].isupper()
        ]
    assert len(frames) == 9 and len(names) == 18
    for card_x, card_y in frames:
        mine = sorted(
            mm((w["x0"] + w["x1"]) / 2) - card_x
            for w in names
            if 0 < mm(w["x0"]) - card_x < 63 and 0 < mm(w["top"]) - card_y < 88
        )
        assert len(mine) == 2
        assert abs(mine[0] - (SAFE + side / 2)) < TOL
        assert abs(mine[1] - (63 - SAFE - side / 2)) < TOL
