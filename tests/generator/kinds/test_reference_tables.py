"""The rules reference's tables as printed: no word broken inside a cell. Read back from the
booklet with pdfplumber.

Discovery: The Era of Voyage's component table was the case: its "Number" column, shrunk with
the rest to fit A4, printed "Numbe" over "r".
"""

from __future__ import annotations

import pdfplumber
import pytest
from reportlab.lib.units import mm

from portolan.generator.build import BuildOptions
from portolan.generator.fonts import width_mm
from portolan.generator.kinds.reference import _col_widths, reference_blocks, write_reference
from portolan.generator.markup import Table
from portolan.generator.staging import Staging
from portolan.generator.textbox import plain
from portolan.model import load_game
from portolan.model.loader import available_games
from portolan.paths import components_dir
from tests.helpers import TOL

MM = 25.4 / 72
PADDING = 12 * MM  # a cell's left and right padding together (6 pt each)
OPTS = BuildOptions(formats=("pdf",))


def _reference(tmp_path, game_id: str, opts: BuildOptions = OPTS) -> pdfplumber.PDF:
    """The game's rules reference alone, on A4 unless ``opts`` say otherwise (the template reads
    the other components)."""
    game = load_game(components_dir(), game_id)
    write_reference(game, game.component("rules-reference"), Staging(tmp_path), opts)
    return pdfplumber.open(tmp_path / "rules-reference.pdf")


@pytest.mark.parametrize("game_id", available_games(components_dir()))
@pytest.mark.parametrize("width", [170.0, 175.9])  # the text width on A4 and on Letter
def test_every_column_holds_its_longest_word(game_id, width):
    for t in reference_blocks(load_game(components_dir(), game_id)):
        if not isinstance(t, Table):
            continue
        ncols = max(len(r) for r in t.rows)
        widths = _col_widths(t, ncols, width)
        assert abs(sum(widths) / mm - width) < 1e-6
        for k, row in enumerate(t.rows):
            face = "bold" if t.header and k == 0 else "regular"
            for c, cell in enumerate(row):
                for word in plain(cell).split():
                    assert width_mm(word, face, 8.5) <= widths[c] / mm - PADDING, (word, row)


def test_the_component_table_heading_prints_whole(tmp_path):
    with _reference(tmp_path, "discovery-era-of-voyage") as pdf:
        words = [w["text"] for w in pdf.pages[0].extract_words()]
    assert "Number" in words
    assert "Numbe" not in words


def _gap_below_table(page, word: str) -> float:
    """mm from the lowest grid line above the first ``word`` on ``page`` to the word's top."""
    top = next(w["top"] for w in page.extract_words() if w["text"] == word)
    lines = [e["bottom"] for e in page.edges if e["orientation"] == "h" and e["bottom"] < top]
    return (top - max(lines)) * MM


def test_a_long_table_has_the_space_after_it_of_a_short_one(tmp_path):
    """Discovery's component table (18 rows) is a long one, split over pages when it must; Age
    of Exploration's decks table (5 rows) a short one kept on one page. Both are followed by a
    paragraph: the same space between the table's last line and the paragraph."""
    with _reference(tmp_path / "long", "discovery-era-of-voyage") as pdf:
        long_gap = _gap_below_table(pdf.pages[0], "[Components]")
    with _reference(tmp_path / "short", "age-of-exploration") as pdf:
        page = next(p for p in pdf.pages if "Reconstructed decks" in (p.extract_text() or ""))
        short_gap = _gap_below_table(page, "Reconstructed")
    assert short_gap > 2.0  # 6 pt and the paragraph's line above its letters
    assert abs(long_gap - short_gap) <= TOL, (long_gap, short_gap)


def _gap_above_heading(pdf: pdfplumber.PDF, heading: str) -> float:
    """mm from the lowest text above ``heading`` (on its page) to the heading's top."""
    words = heading.split()
    for page in pdf.pages:
        found = page.extract_words()
        for i, w in enumerate(found):
            if [x["text"] for x in found[i : i + len(words)]] == words:
                above = [x["bottom"] for x in found if x["bottom"] < w["top"]]
                return (w["top"] - max(above)) * MM
    raise AssertionError(f"no heading {heading!r}")


def test_a_heading_after_a_short_table_is_as_far_from_it_as_after_a_long_one(tmp_path):
    """Exploration's 31-row card table (split when it must) and Ships' 9-row table of a turn's
    steps (kept on one page) are each followed by a second-level heading: the same space
    between the table's last row and the heading (it had been 2.1 mm more after the short one:
    a spacer added to the heading's own space before, where a long table's space after is
    taken in)."""
    with _reference(tmp_path / "long", "exploration-age-of-sail") as pdf:
        after_long = _gap_above_heading(pdf, "Explorer abilities")
    with _reference(tmp_path / "short", "ships") as pdf:
        after_short = _gap_above_heading(pdf, "3. Tidy up")
    assert after_long > 3.0  # the heading's 8 pt before it and the rows' padding
    assert abs(after_long - after_short) <= TOL, (after_long, after_short)


@pytest.mark.parametrize("game_id", available_games(components_dir()))
@pytest.mark.parametrize("page", ["a4", "letter"])
def test_no_heading_is_left_alone_at_the_foot_of_a_page(tmp_path, game_id, page):
    """Every heading has text under it on its own page. Discovery's "Commercial Islands (5)"
    (A4) and "Production Islands (8)" (Letter) were left at the foot of a page, their tables on
    the next: platypus keeps a heading with what follows it, but not with a short table kept
    whole (a KeepTogether), so the heading now goes into that table's KeepTogether."""
    with _reference(tmp_path, game_id, BuildOptions(formats=("pdf",), page=page)) as pdf:
        for n, p in enumerate(pdf.pages, start=1):
            words = p.extract_words(extra_attrs=["size", "fontname"])
            foot = p.height - 18 * mm  # the frame's bottom margin: the footer is below it
            for h in words:
                if "Bold" not in h["fontname"] or h["size"] < 9.9:  # headings: 10 pt and up
                    continue
                below = [w for w in words if w["top"] > h["bottom"] + 0.5 and w["bottom"] < foot]
                assert below, f"page {n}: heading word {h['text']!r} ends the page"
