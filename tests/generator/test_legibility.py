"""Type sizes and contrast read back from every PDF of every game (generator/legibility.py).

Sizes: every character is printed at least at the smallest floor of any role (6 pt), and card
titles at the title floor (7 pt), measured from the glyph's advance so that turned text counts
too, the assembly map pages included (their reduced board is drawn without its lettering).

Contrast: each page is rasterised with and without its text; every visible character is judged
against what is painted under its own pixels (tests/contrast.py), and the WCAG ratio between
the two must be at least 4.5:1.
"""

from __future__ import annotations

from collections import Counter

import pytest

from portolan.generator.layout.assembly import OUTLINE
from portolan.generator.legibility import CONTRAST, ROLES, SMALLEST, TITLE
from tests.contrast import low_contrast as read_back
from tests.helpers import box_of, cards_on, char_size, pdfs, title_box


def _files(built):
    for report in built.reports:
        yield from pdfs(built.game(report.game))


def test_the_roles_have_floors():
    assert SMALLEST == 6.0 and TITLE == 7.0
    assert set(ROLES) == {"title", "body", "label", "caption", "footer", "furniture"}


def test_no_text_below_its_floor_in_any_file(a4, open_pdf):
    small: Counter = Counter()
    checked = 0
    for path in _files(a4):
        for page in open_pdf(path).pages:
            for ch in page.chars:
                size = char_size(ch)
                if size is None:
                    continue
                checked += 1
                if size < SMALLEST - 0.01:
                    small[(path.parent.name, path.name, round(size, 2), ch["text"])] += 1
    assert checked > 20000
    assert not small, sorted(small)[:20]


def test_card_titles_are_at_least_seven_points(a4, open_pdf):
    seen = 0
    for game in ("exploration-age-of-sail", "age-of-discovery", "discovery-era-of-voyage"):
        doc = open_pdf(a4.pdf("all-cards", game))
        for page in doc.pages[::2]:  # fronts
            for card in cards_on(page):
                band = title_box(card.trim)
                for ch in page.chars:
                    b = box_of(ch)
                    if band.contains(b.x + b.w / 2, b.y + b.h / 2) and "Bold" in ch["fontname"]:
                        size = char_size(ch)
                        assert size is None or size >= TITLE - 0.01, (game, ch["text"], size)
                        seen += 1
    assert seen > 1000


# -- contrast ---------------------------------------------------------------------------------

OUTLINE_RGB = tuple(int(OUTLINE[i : i + 2], 16) for i in (1, 3, 5))  # the tile windows


def low_contrast(path, pages=None) -> Counter:
    """(page, text, colour, ground, ratio) of every character that reads below the ratio on
    what is painted under it (tests/contrast.py); an assembly map's reduced board is not read."""
    return read_back(path, CONTRAST, pages, OUTLINE_RGB)


@pytest.mark.parametrize(
    "game",
    ["exploration-age-of-sail", "age-of-discovery", "discovery-era-of-voyage", "ships"],
)
def test_every_label_reads_on_what_it_is_printed_on(a4, game):
    bad: Counter = Counter()
    for path in pdfs(a4.game(game)):
        if path.name.endswith("-large.pdf"):
            continue  # the same drawing as the tiles, on a sheet too large to render quickly
        for key, n in low_contrast(path).items():
            bad[(path.name, *key)] += n
    assert not bad, sorted(bad)[:12]


AOE_FILES = (
    "all-cards",
    "board",
    "counters",
    "vp-awards",
    "counter-manifest",
    "player-aid",
    "expedition-mat",
    "score-pad",
    "rules-reference",
    "registration-test",
)


def test_age_of_exploration_files_are_all_checked(a4):
    """Every file of the game but the one-sheet board (the tiles' drawing) is in AOE_FILES."""
    names = {p.stem for p in pdfs(a4.game("age-of-exploration"))}
    assert names - {"board-large"} == set(AOE_FILES)


@pytest.mark.parametrize("name", AOE_FILES)
def test_age_of_exploration_labels_read_on_what_they_are_printed_on(a4, name):
    """The VP award sheet's gold headings and table header and the counter manifest's tan ones
    read at 2.3-3.8:1 before they took ``ink``/``on`` (generator/flow.py); the board's track
    tags at 4.44:1 on the sea spaces and its civilization tracks' start numbers at 4.25:1
    before they took ``readable`` (generator/kinds/map.py)."""
    bad = low_contrast(a4.pdf(name, "age-of-exploration"))
    assert not bad, sorted(bad)[:12]


@pytest.mark.parametrize("options", [{}, {"grayscale": True}, {"ink_saver": True}])
def test_age_of_exploration_board_reads_in_every_look(tmp_path, options):
    """The board drawn alone, in colour, grey and ink-saving: its space texts, track tags and
    civilization tracks read on their spaces and boxes in each."""
    from portolan.generator.backends.pdf import PdfWriter
    from portolan.generator.build import BuildOptions
    from portolan.generator.kinds.map import map_drawing
    from portolan.model import load_game
    from portolan.paths import components_dir

    theme = BuildOptions(formats=("pdf",), **options).theme
    game = load_game(components_dir(), "age-of-exploration")
    d, _ = map_drawing(game, game.component("board"), 0.0, theme)
    path = tmp_path / "board.pdf"
    writer = PdfWriter(path, (d.width, d.height), title="board", colour_filter=theme.colour_filter)
    writer.page(d)
    writer.save()
    bad = low_contrast(path)
    assert not bad, sorted(bad)[:12]


def _one_page(tmp_path, *items, size=(100, 60)):
    from portolan.generator.backends.pdf import PdfWriter
    from portolan.generator.draw import Drawing

    page = Drawing(*size)
    page.add(*items)
    path = tmp_path / "page.pdf"
    writer = PdfWriter(path, size, title="page")
    writer.page(page)
    writer.save()
    return path


def test_the_contrast_check_can_fail(tmp_path):
    """White on the silver coin, as printed before, reads at 2.9:1 and is caught."""
    from portolan.generator.draw import Rect, Text

    path = _one_page(
        tmp_path,
        Rect(10, 10, 80, 40, fill="#8e9aa6"),
        Text(50, 35, "5 coins", 14, "bold", "#ffffff", "middle"),
    )
    bad = low_contrast(path)
    assert bad and all(2.8 < key[-1] < 3.0 for key in bad)


def test_a_letter_is_judged_on_the_disc_under_it(tmp_path):
    """A white "D" on a small red disc in a pale box reads on the disc (about 10:1); judged on
    the box round it, the commonest colour near it, it read at 1.3:1."""
    from portolan.generator.draw import Rect
    from portolan.generator.glyphs import circled

    path = _one_page(
        tmp_path,
        Rect(10, 10, 80, 40, fill="#e6d8d8"),
        *circled("D", 20, 30, 2.4, "#7a1f1f", filled=True),
        *circled("D", 40, 30, 2.4, "#7a1f1f"),
    )
    assert not low_contrast(path)


def test_invisible_and_hidden_text(tmp_path):
    """Text the colour of its ground is caught at 1:1 (the old check skipped a glyph with no
    other colour round it); text drawn over by a later shape is judged only where it shows."""
    from portolan.generator.draw import Rect, Text

    path = _one_page(
        tmp_path,
        Rect(0, 0, 100, 60, fill="#1f4e79"),
        Text(10, 20, "unseen", 9, "bold", "#1f4e79"),
        Text(10, 40, "covered", 9, "bold", "#1f4e79"),
        Rect(5, 33, 60, 10, fill="#ffffff"),
    )
    bad = low_contrast(path)
    assert {key[1] for key in bad} == set("unseen")
    assert all(key[-1] == 1.0 for key in bad)
