"""Discovery: The Era of Voyage: the data, its provenance and balance, and the printed set.

The component counts are the rulebook's (Components); the island values are our reconstruction
and are held to the design rules written down in docs/games/discovery-era-of-voyage.md.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pdfplumber
import pytest

from portolan.generator.build import BuildOptions, build_game
from portolan.model import load_game
from portolan.model.base import NON_RULEBOOK_SOURCES
from portolan.paths import ROOT, components_dir
from portolan.yamlsrc import YList, YMap, load_yaml
from tests.edits import edit, game_copy, refused_build

GAME = "discovery-era-of-voyage"
RESOURCES = ("Fruit", "Pepper", "Gold")
VALUE = {"Fruit": 1, "Pepper": 2, "Gold": 3, "Coin": 1, "Any resource": 3}


@pytest.fixture(scope="module")
def game():
    return load_game(components_dir(), GAME)


@pytest.fixture(scope="module")
def deck(game):
    return game.deck("island-deck")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The whole print set on A4, and the build report."""
    out = tmp_path_factory.mktemp("deov")
    opts = BuildOptions(formats=("pdf",), sheets="per-deck")
    report = build_game(load_game(components_dir(), GAME), out, opts)
    return out, report


def value(bundle: dict) -> int:
    return sum(VALUE[k] * n for k, n in bundle.items())


# -- the model against the rulebook's component list -------------------------------------------


def test_island_deck_holds_17_cards_in_the_chosen_split(deck):
    by_type = Counter(c.type for c in deck.cards for _ in range(c.count))
    assert deck.size() == 17  # Components: 17 Island Cards
    assert by_type == {"central": 1, "production": 8, "commercial": 5, "cultural": 3}


def test_each_island_type_is_numbered_from_one(deck):
    for t in ("production", "commercial", "cultural"):
        numbers = sorted(c["number"] for c in deck.of_type(t))
        assert numbers == list(range(1, len(numbers) + 1)), t


def test_counter_sheets_match_the_component_list(game):
    tokens = {c.name: c.count.value for c in game.component("tokens").spec.counters}
    assert tokens == {
        "5 VP": 4,
        "1 VP": 20,
        "5 coins": 16,
        "1 coin": 30,
        "Fruit": 15,
        "Pepper": 11,
        "Gold": 9,
    }
    pieces = game.component("player-pieces").spec.counters
    for colour in ("Red", "Blue", "Black", "Green"):
        count = {c.name: c.count.value for c in pieces}
        assert count[f"{colour} ship"] == 1
        assert count[f"{colour} investment marker"] == game.rules.value("markers_per_player")
    for c in [*game.component("tokens").spec.counters, *pieces]:
        assert c.count.source == "Components", c.name


def test_rules_hold_the_rulebook_numbers(game):
    r = game.rules
    assert r.value("starting_coins") == 3
    assert r.value("starting_coins_by_seat") == [0, 0, 1, 1]
    assert r.value("markers_per_player") == 8
    assert r.value("max_markers_removed") == 3
    assert r.value("tariff") == 1
    assert r.value("marker_limit") == 3
    assert r.value("setup_draw") == {"production": 4, "commercial": 2, "cultural": 1}
    assert r.tables["sailing_cost"].value == {1: 0, 2: 0, 3: 1, 4: 3, 5: 6}
    assert r.tables["cultural_vp_stack"].value == {2: 10, 3: 15, 4: 20}
    assert r.tables["income_by_markers"].value == {0: [0], 1: [0, 1], 2: [0, 1, 2], 3: [0, 1, 2]}
    assert [t.value for t in r.tie_breakers] == [
        "markers_used",
        "islands_with_markers",
        "resources",
        "later_turn_order",
    ]
    assert [s.id for s in r.scoring] == ["island_majorities", "vp_tokens"]
    assert r.value("pirate_ships") == 2 and r.value("pirate_move_cost") == 1


# -- setup feasibility -------------------------------------------------------------------------


def provides(card, boxes=slice(None)) -> set[str]:
    return {w for b in card["income"][boxes] for w in b if w in RESOURCES}


def accepted(draw, boxes=slice(None)) -> bool:
    return set().union(*(provides(c, boxes) for c in draw)) >= set(RESOURCES)


def test_the_redraw_rule_accepts_most_production_draws(game, deck):
    n = game.rules.value("setup_draw")["production"]
    draws = list(combinations(deck.of_type("production"), n))
    ok = [d for d in draws if accepted(d)]
    assert len(draws) == 70
    assert len(ok) == 65  # the 5 rejected draws are those without any Gold producer
    assert all("Gold" not in set().union(*(provides(c) for c in d)) for d in draws if d not in ok)
    # every Production island can appear in an accepted draw: none is dead weight
    assert {c.name for d in ok for c in d} == {c.name for c in deck.of_type("production")}
    # a stricter reading (basic income only) still leaves playable draws
    assert sum(accepted(d, slice(0, 1)) for d in draws) == 30


def test_all_three_resources_are_producible_and_tradable(deck):
    produced = set().union(*(provides(c) for c in deck.of_type("production")))
    assert produced == set(RESOURCES)
    for c in deck.of_type("commercial"):
        assert set(c["buy"]) == set(RESOURCES) == set(c["sell"]), c.name


def test_the_first_game_islands_are_a_legal_accepted_setup(game, deck):
    names = game.rules.value("first_game_islands")
    cards = [deck.card(n) for n in names]
    assert all(cards), names
    assert Counter(c.type for c in cards) == game.rules.value("setup_draw")
    assert accepted([c for c in cards if c.type == "production"])


# -- balance rules of the reconstruction -------------------------------------------------------


def test_gold_is_rarer_than_pepper_rarer_than_fruit(deck):
    prod = deck.of_type("production")
    units = {r: sum(b.get(r, 0) for c in prod for b in c["income"]) for r in RESOURCES}
    islands = {r: sum(r in provides(c) for c in prod) for r in RESOURCES}
    assert units["Fruit"] > units["Pepper"] > units["Gold"] > 0
    assert islands["Fruit"] >= islands["Pepper"] > islands["Gold"] > 0


def test_prices_and_rates_never_fall_as_resources_get_rarer(deck):
    for c in deck.of_type("commercial"):
        for table in ("buy", "sell"):
            prices = [c[table][r] for r in RESOURCES]
            assert prices == sorted(prices), (c.name, table)
        assert all(c["buy"][r] > c["sell"][r] for r in RESOURCES), c.name
    for c in deck.of_type("cultural"):
        rates = [c["rates"][r] for r in RESOURCES if r in c["rates"]]
        assert rates == sorted(rates), c.name


def test_prices_alone_never_pay_between_commercial_islands(deck):
    com = deck.of_type("commercial")
    for r in RESOURCES:
        assert max(c["sell"][r] for c in com) <= min(c["buy"][r] for c in com), r


def test_majority_vp_follow_the_investment_cost(deck):
    for c in deck.cards:
        if c.type == "central":
            continue
        cost = value(c["cost"])
        assert 4 <= cost <= 6, c.name
        assert 3 <= c["vp_most"] <= 5 and 1 <= c["vp_second"] <= c["vp_most"] // 2, c.name
        assert 0.65 <= c["vp_most"] / cost <= 0.85, c.name


def test_production_incomes_follow_the_design_rules(deck):
    for c in deck.of_type("production"):
        basic, first, second = (value(b) for b in c["income"])
        assert 1 <= basic <= 3, c.name
        assert 5 <= basic + first + second <= 7 and second >= first, c.name
        assert first + second >= 3 or basic == 3, c.name  # weak extras only beside rich basic
        # the cost asks for something the island's own basic income never gives
        assert set(c["cost"]) - set(c["income"][0]), c.name


def test_orchard_isle_matches_the_rulebook_examples(deck):
    card = deck.card("Orchard Isle")
    assert card["income"] == ({"Fruit": 1}, {"Pepper": 1}, {"Gold": 1})  # Income example
    assert card["cost"] == {"Fruit": 2, "Pepper": 2}  # Invest example


# -- provenance --------------------------------------------------------------------------------


def _sources(node, path=()):
    if isinstance(node, YMap):
        for k, v in node.items():
            if k == "source" and isinstance(v, str):
                yield path, v
            yield from _sources(v, (*path, k))
    elif isinstance(node, YList):
        for i, v in enumerate(node):
            yield from _sources(v, (*path, i))


def test_every_source_cites_a_section_or_says_where_it_comes_from(game):
    sections = {s.id for s in game.spec.sections}
    folder = components_dir() / GAME
    seen = 0
    for f in sorted(folder.glob("*.yaml")):
        for path, src in _sources(load_yaml(f)):
            seen += 1
            assert src in sections or src in NON_RULEBOOK_SOURCES, (f.name, path, src)
    assert seen > 50


def test_every_rule_value_carries_a_source(game):
    for name, v in {**game.rules.constants, **game.rules.tables}.items():
        assert v.source in {s.id for s in game.spec.sections} | set(NON_RULEBOOK_SOURCES), name
    assert all(c.source == "Final Scoring" for c in game.rules.scoring)


def test_the_readme_lists_every_reconstructed_value(game, deck):
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("## Reconstructed values: Discovery: The Era of Voyage", 1)[1]
    section = section.split("\n## ", 1)[0]
    for name, v in game.rules.constants.items():
        if v.source == "reconstructed":
            assert f"`{name}`" in section, name
    assert deck.spec.source == "reconstructed"
    for c in deck.cards:
        row = next((ln for ln in section.splitlines() if f"| {c.name} |" in ln), None)
        assert row is not None, c.name
        if c.type != "central":
            assert f"| {c['vp_most']} / {c['vp_second']} |" in row, c.name


# -- bad input ---------------------------------------------------------------------------------


def test_an_island_costing_an_unknown_resource_is_an_input_error(tmp_path):
    folder = game_copy(tmp_path, GAME)
    line, _ = edit(folder / GAME / "island-deck.yaml", "cost: 2 Pepper,", "cost: 2 Silver,")
    output = refused_build(folder, GAME, tmp_path)
    assert re.search(rf"island-deck\.yaml:{line}:\d+: cards\[2\] \(Fisher's Bay\)\.cost", output)
    assert "'Silver' is not a payment" in output


# -- the printed set ---------------------------------------------------------------------------


def _words(pdf: Path, pages=None) -> Counter:
    with pdfplumber.open(pdf) as doc:
        chosen = doc.pages if pages is None else [doc.pages[i] for i in pages]
        return Counter(w["text"] for p in chosen for w in p.extract_words())


def test_build_reports_no_text_overflow(built):
    _, report = built
    assert report.overflows == []


def test_every_island_card_is_printed_once(built, deck):
    out, _ = built
    with pdfplumber.open(out / "island-deck.pdf") as doc:
        fronts = [p for k, p in enumerate(doc.pages) if k % 2 == 0]  # duplex: backs follow
        text = "\n".join(p.extract_text() for p in fronts)
    titles = [c.name for c in deck.cards]
    for name in titles:
        assert text.count(name) == 1, name
    assert len(fronts) == 2  # 17 cards, 9 to a page
    assert text.count("PRODUCTION ISLAND") == 8
    assert text.count("COMMERCIAL ISLAND") == 5
    assert text.count("CULTURAL ISLAND") == 3


def test_token_sheet_counts_read_back(built):
    out, _ = built
    fronts = _words(out / "tokens.pdf", pages=[0])
    assert fronts["VP"] == 4 + 20
    assert fronts["COINS"] == 16 and fronts["COIN"] == 30
    assert (fronts["FRUIT"], fronts["PEPPER"], fronts["GOLD"]) == (15, 11, 9)
    backs = _words(out / "tokens.pdf", pages=[1])
    assert backs["VP"] == 24 and backs["FRUIT"] == 15  # double-sided


def test_player_piece_counts_read_back(built):
    out, _ = built
    with pdfplumber.open(out / "player-pieces.pdf") as doc:
        page = doc.pages[0]
        words = Counter(w["text"] for w in page.extract_words())
        upside_down = "".join(ch["text"] for ch in page.chars if ch["matrix"][0] < 0)
    for colour in ("RED", "BLUE", "BLACK", "GREEN"):
        assert words[colour] == 8 + 1  # 8 markers and the standee's front
        assert colour in upside_down  # the standee's back, turned 180° below the fold


def test_the_rules_reference_says_two_players_have_pirates(built):
    """'During Game Setting, the 2 unused color will act as pirates' (2 Player Variant): the
    default, turned at any point of a turn."""
    out, _ = built
    with pdfplumber.open(out / "rules-reference.pdf") as doc:
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in doc.pages)
    assert "Every game of two players has pirates" in text
    assert "option pirates: false" in text
    assert "At any point of your turn you may also pay 1 coin or resource" in text
