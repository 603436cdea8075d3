"""generator/build.py: what a whole print set contains, that it is reproducible, and the looks
chosen by --ink-saver and --grayscale."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from portolan.errors import InputError
from portolan.generator.build import BuildOptions, build_games
from portolan.generator.colours import relative_luminance
from portolan.generator.fingerprint import STAMP
from portolan.model import available_games, load_game
from portolan.paths import components_dir
from tests.conftest import FIXTURE_GAME, GAME
from tests.helpers import (
    POKER,
    Box,
    box_of,
    cards_on,
    header_side,
    is_gray,
    is_white,
    pdfs,
    region_text,
    rgb,
    title_box,
)

DECK_FILES = {d: f"{d}.yaml" for d in ("expedition-deck", "exploration-deck")}


def _yaml_counts(deck_id: str) -> Counter:
    """How many copies of each card name the deck's YAML lists (read without the model)."""
    raw = yaml.safe_load((components_dir() / GAME / DECK_FILES[deck_id]).read_text("utf-8"))
    counts: Counter = Counter()
    for card in raw["cards"]:
        counts[card["name"]] += card.get("count", 1)
    assert sum(counts.values()) == raw["total"]["value"]
    return counts


def _front_titles(doc) -> list[str]:
    out = []
    for page in doc.pages:
        if header_side(page) != "fronts":
            continue
        for card in cards_on(page):
            out.append(" ".join(region_text(page, title_box(card.trim)).split()))
    return out


@pytest.mark.parametrize(("deck_id", "total"), [("expedition-deck", 48), ("exploration-deck", 55)])
def test_every_card_printed_as_often_as_listed(exploration, open_pdf, deck_id, total):
    expected = _yaml_counts(deck_id)
    assert sum(expected.values()) == total
    titles = _front_titles(open_pdf(exploration(sheets="per-deck").pdf(deck_id)))
    assert len(titles) == total
    assert Counter(titles) == expected


def test_known_counts_read_back(exploration, open_pdf):
    built = exploration(sheets="per-deck")
    expedition = Counter(_front_titles(open_pdf(built.pdf("expedition-deck"))))
    exploration_deck = Counter(_front_titles(open_pdf(built.pdf("exploration-deck"))))
    assert expedition["Galleons"] == _yaml_counts("expedition-deck")["Galleons"] == 4
    assert exploration_deck["Ocean"] == _yaml_counts("exploration-deck")["Ocean"] == 24


def test_backs_pages_hold_one_back_per_card(exploration, open_pdf):
    built = exploration(sheets="per-deck")
    for deck_id, total in (("expedition-deck", 48), ("exploration-deck", 55)):
        doc = open_pdf(built.pdf(deck_id))
        backs = sum(len(cards_on(p)) for p in doc.pages if header_side(p) == "backs")
        assert backs == total


def _footer_box(card):
    """Where a standard card front writes its footer: the strip above the bottom edge."""
    return Box(card.x + 3, card.bottom - 7.0, card.w - 6, 4.5)


def test_decks_of_one_size_share_sheets_each_card_naming_its_deck(a4, open_pdf):
    """By default Exploration's two decks and its six player aids (all 63 x 88 mm) share one
    file, deck after deck with no half-empty sheet between them: every card is there as often
    as its deck lists it, its footer naming its deck, and only the file's last sheet is not
    full."""
    doc = open_pdf(a4.pdf("all-cards"))
    assert not a4.pdf("expedition-deck").exists() and not a4.pdf("exploration-deck").exists()
    assert not a4.pdf("player-aid").exists()
    titles: Counter = Counter()
    footers: Counter = Counter()
    fronts = [p for p in doc.pages if header_side(p) == "fronts"]
    for k, page in enumerate(fronts):
        cards = cards_on(page)
        assert len(cards) == 9 or k == len(fronts) - 1
        for card in cards:
            title = " ".join(region_text(page, title_box(card.trim)).split())
            footer = " ".join(region_text(page, _footer_box(card.trim)).split())
            for deck in ("Expedition Deck", "Exploration Deck"):
                if footer.startswith(deck):
                    titles[(deck, title)] += 1
                    footers[deck] += 1
    assert footers == {"Expedition Deck": 48, "Exploration Deck": 55}
    for deck_id, deck in (
        ("expedition-deck", "Expedition Deck"),
        ("exploration-deck", "Exploration Deck"),
    ):
        assert Counter({t: n for (d, t), n in titles.items() if d == deck}) == _yaml_counts(deck_id)
    # 48 + 55 cards and 6 aids: twelve full sheets and one aid on the thirteenth
    assert len(fronts) == 13 and len(cards_on(fronts[-1])) == 1


def test_no_text_overflows_in_any_game(a4):
    games = available_games(components_dir())
    assert {r.game for r in a4.reports} == set(games)
    for report in a4.reports:
        assert report.overflows == [], report.overflows


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_overflows_on_letter_or_with_other_options(build, paper):
    for report in build(page=paper, ink_saver=True).reports:
        assert report.overflows == []


@pytest.mark.parametrize("name", ["God, Gold, & Glory", "Pedro Alvares Cabral"])
def test_longest_names_read_back_intact(a4, open_pdf, name):
    doc = open_pdf(a4.pdf("all-cards"))
    found = []
    for page in doc.pages:
        for card in cards_on(page):
            text = region_text(page, title_box(card.trim))
            if name.split()[0] in text:
                found.append(text)
    assert found == [name]  # one line, every character, nothing clipped or wrapped


def test_builds_are_byte_identical(a4, tmp_path):
    again = tmp_path / "again"
    games = [load_game(components_dir(), g) for g in available_games(components_dir())]
    build_games(games, again, BuildOptions())
    first = sorted(p.relative_to(a4.root) for p in a4.root.rglob("*") if p.is_file())
    second = sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert first == second
    assert any(p.suffix == ".pdf" for p in first) and any(p.suffix == ".svg" for p in first)
    for rel in first:
        assert (a4.root / rel).read_bytes() == (again / rel).read_bytes(), rel


def test_report_lists_exactly_the_written_files(a4):
    assert len(a4.reports) == len(available_games(components_dir()))
    for report in a4.reports:
        folder = a4.game(report.game)
        on_disk = sorted(p for p in folder.rglob("*") if p.is_file() and p.name != STAMP)
        assert sorted(report.files) == on_disk


# -- atomic output ---------------------------------------------------------------------------


def test_failed_build_leaves_the_output_as_it_was(fixture_copy, tmp_path):
    """A problem found while drawing (an unknown icon) leaves an earlier build untouched and no
    staging folder behind."""
    components = fixture_copy.parent
    out = tmp_path / "out"
    build_games([load_game(components, FIXTURE_GAME)], out, BuildOptions())
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    deck = fixture_copy / "conquerors.yaml"
    deck.write_text(deck.read_text("utf-8").replace("icon: compass", "icon: compas"), "utf-8")
    game = load_game(components, FIXTURE_GAME)  # icons are checked when drawing
    with pytest.raises(InputError, match="unknown icon 'compas'"):
        build_games([game], out, BuildOptions())
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert sorted(p.name for p in out.iterdir()) == [FIXTURE_GAME]


# -- ink saver and grayscale -----------------------------------------------------------------

CARD_AREA = POKER[0] * POKER[1]


def _painted(page):
    """(kind, fill colour or None, stroke colour or None, area in mm²) of every shape and glyph."""
    for kind in ("rects", "curves", "lines", "chars"):
        for o in getattr(page, kind):
            b = box_of(o)
            fill = o.get("non_stroking_color") if (o.get("fill") or kind == "chars") else None
            stroke = o.get("stroking_color") if o.get("stroke") else None
            yield kind, fill, stroke, b.w * b.h


def test_ink_saver_has_no_large_fills(build, open_pdf):
    built = build(ink_saver=True)
    paths = pdfs(built.game())
    assert len(paths) == 5  # all-cards, mat, registration test, reference, score pad
    for path in paths:
        for page in open_pdf(path).pages:
            for kind, fill, _, area in _painted(page):
                if kind in ("rects", "curves") and fill is not None and not is_white(fill):
                    assert area <= 0.3 * CARD_AREA, (path.name, page.page_number, fill, area)


def test_without_ink_saver_there_are_large_fills(a4, open_pdf):
    """The check above can fail: the normal set paints whole cards."""
    page = open_pdf(a4.pdf("all-cards")).pages[1]
    big = [
        f
        for k, f, _, a in _painted(page)
        if k == "rects" and f is not None and not is_white(f) and a > CARD_AREA
    ]
    assert len(big) == 9


def test_grayscale_uses_only_grays(build, open_pdf):
    built = build(grayscale=True)
    paths = pdfs(built.game())
    assert len(paths) == 5
    for path in paths:
        seen = 0
        for page in open_pdf(path).pages:
            for kind, fill, stroke, _ in _painted(page):
                for colour in (fill, stroke):
                    if colour is not None:
                        seen += 1
                        assert is_gray(colour), (path.name, page.page_number, kind, rgb(colour))
        assert seen > 0


def test_grayscale_keeps_lightness(build, a4, open_pdf):
    """Gray versions of the card backgrounds keep their WCAG relative luminance (navy stays
    dark, and every contrast ratio stays what it was in colour)."""
    colour = cards_on(open_pdf(a4.pdf("all-cards")).pages[1])[0].fill  # a back
    gray = cards_on(open_pdf(build(grayscale=True).pdf("all-cards")).pages[1])[0].fill
    assert gray[0] == gray[1] == gray[2]
    as_hex = "#" + "".join(f"{round(v):02x}" for v in colour)
    assert relative_luminance("#" + f"{round(gray[0]):02x}" * 3) == pytest.approx(
        relative_luminance(as_hex), abs=0.003
    )


def test_fixture_game_builds(fixture_set):
    (report,) = fixture_set.reports
    assert report.game == FIXTURE_GAME and report.overflows == []
    names = {Path(f).name for f in report.files}
    assert {"conquerors.pdf", "coins.pdf"} <= names


def test_rules_text_reads_back_with_its_spaces(a4, open_pdf):
    """Bold runs keep the space before them and glue the punctuation after them."""
    page = open_pdf(a4.pdf("all-cards")).pages[0]
    card = cards_on(page)[0]  # Galleons
    assert region_text(page, title_box(card.trim)) == "Galleons"
    body = " ".join(region_text(page, card.trim).split())
    assert "Immune to Hazards that test Stores." in body
