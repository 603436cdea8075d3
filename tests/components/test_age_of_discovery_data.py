"""Age of Discovery: the component data against the rulebook's numbers, its provenance, and the
balance of the values we had to reconstruct (components/age-of-discovery/)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from portolan.model import load_game
from portolan.model.base import NON_RULEBOOK_SOURCES
from portolan.model.loader import _checked_keys, _cited
from portolan.paths import components_dir

COLOURS = ["red", "yellow", "blue", "green", "white", "black"]
MISSIONS = ["One Ship", "Half of All Ships", "Majority of Ships", "All Ships"]


@pytest.fixture(scope="module")
def game():
    return load_game(components_dir(), "age-of-discovery")


def counts_by_type(deck) -> dict[str, int]:
    return {t: sum(c.count for c in deck.of_type(t)) for t in deck.spec.types}


# -- the rulebook's numbers -----------------------------------------------------------------
def test_ship_deck_has_42_ships_6_flagships_and_2_scoring_cards(game):
    deck = game.deck("ship-deck")
    assert deck.size() == 50
    assert counts_by_type(deck) == {"ship": 42, "flagship": 6, "scoring": 2}
    per_colour = Counter()
    for card in deck.of_type("ship"):
        per_colour[card["colour"], card["transport"], card["cost"]] += card.count
    for colour in COLOURS:
        assert per_colour[colour, 1, 3] == 2
        assert per_colour[colour, 2, 4] == 3
        assert per_colour[colour, 3, 5] == 2
    assert sum(per_colour.values()) == 42
    assert {c.name for c in deck.of_type("scoring")} == {"First Scoring", "Final Scoring"}


def test_every_colour_is_on_exactly_two_flagships(game):
    flagships = game.deck("ship-deck").of_type("flagship")
    assert all(len(set(f["colours"])) == 2 for f in flagships)
    on = Counter(colour for f in flagships for colour in f["colours"])
    assert on == dict.fromkeys(COLOURS, 2)


def test_expeditions(game):
    deck = game.deck("expedition-deck")
    assert deck.size() == 12
    assert Counter(e["colour"] for e in deck.cards) == dict.fromkeys(COLOURS, 2)
    assert all(3 <= e["limit"] <= 8 for e in deck.cards)
    abreu = deck.card("Antonio de Abreu")
    assert abreu["limit"] == 3 and abreu.source_of("limit") == "§4.4.1"
    drake = deck.card("Francis Drake")
    assert (drake["first_other"], drake["first_match"]) == (2, 3)
    assert (drake["final_other"], drake["final_match"]) == (5, 6)
    assert drake.source_of("first_match") == "§2.2"
    assert drake.source_of("limit") == "reconstructed"
    for name in ("Christopher Columbus", "Ferdinand Magellan", "Vasco da Gama"):
        assert deck.card(name) is not None


def test_trade_contracts(game):
    deck = game.deck("contract-deck")
    assert deck.size() == 24
    needs = Counter((c["colour"], c["transport"]) for c in deck.cards)
    assert needs == {(colour, t): 1 for colour in COLOURS for t in (3, 4, 5, 6)}
    durations = game.rules.value("contract_durations")
    assert durations == [1, 2, 3]
    assert all(len(c["payouts"]) == len(durations) for c in deck.cards)
    # The rulebook's example: yellow, transport 5, for 2 turns pays 10 (§4.4.2).
    assert deck.card("Yellow Contract 5")["payouts"][durations.index(2)] == 10


def test_special_missions(game):
    deck = game.deck("mission-deck")
    assert deck.size() == 12
    kinds = Counter((m["players"], m["mission"]) for m in deck.cards)
    assert kinds == {(p, m): 1 for p in (2, 3, 4) for m in MISSIONS}
    assert [t.name for t in game.spec.terms["mission"]] == MISSIONS
    # The rulebook's example: 3 players, majority, 5 contracts = 5 points (§6.1).
    majority = next(
        m for m in deck.cards if (m["players"], m["mission"]) == (3, "Majority of Ships")
    )
    assert majority["vp"][5] == 5


def test_action_cards_cover_the_largest_setup(game):
    deck = game.deck("action-deck")
    have = {c.name: c.count for c in deck.cards}
    assert have == {"Wild Ship": 8, "Reservation": 4}
    per_player = game.rules.tables["action_cards"].value
    for players, kinds in per_player.items():
        for kind, n in kinds.items():
            assert n * players <= have[kind]
    assert sum(per_player[4].values()) * 4 == deck.size()  # 4 players use all 12


def test_rules_constants(game):
    c = {k: v.value for k, v in game.rules.constants.items()}
    assert c["starting_coins"] == 6
    assert c["contracts_dealt"] == 2
    assert c["hand_limit"] == 4
    assert c["contract_cost"] == 1
    assert c["take_coins"] == 2
    assert (c["placement_fee"], c["flagship_fee"]) == (1, 2)
    assert (c["purchase_row"], c["filling_row"], c["face_up_contracts"]) == (5, 5, 4)
    assert c["draw_piles"] == [6, 6, 6, 7, 7]
    assert (c["first_scoring_pile"], c["final_scoring_pile"]) == (3, 5)
    assert c["actions_per_turn"] == 2
    assert c["unassigned_ship_vp"] == 1
    assert c["flagship_transport"] == [1, 2, 3]
    # The draw piles hold every ship not dealt to the two rows.
    ships = counts_by_type(game.deck("ship-deck"))["ship"]
    assert sum(c["draw_piles"]) + c["purchase_row"] + c["filling_row"] == ships


def test_scoring_categories_and_tie_breaker(game):
    assert [s.id for s in game.rules.scoring] == [
        "first_expeditions",
        "final_expeditions",
        "special_mission",
        "unassigned_ships",
    ]
    assert [t.value for t in game.rules.tie_breakers] == ["most_unassigned_ships"]
    assert game.rules.tie_breakers[0].source == "§5.3"


def test_counters(game):
    coins = {k.name: k.count.value for k in game.component("coins").spec.counters}
    assert coins == {"1 coin": 45, "5 coins": 15}
    tokens = game.component("player-tokens").spec.counters
    assert [(k.colour, k.count.value) for k in tokens] == [
        ("red", 22),
        ("yellow", 22),
        ("blue", 22),
        ("green", 22),
    ]


def test_colours_have_distinct_symbols_and_letters(game):
    terms = game.spec.terms["colour"]
    assert [t.name for t in terms] == COLOURS
    assert len({t.icon for t in terms}) == len(COLOURS)
    assert len({t.letter for t in terms}) == len(COLOURS)


# -- provenance ------------------------------------------------------------------------------
def test_every_source_cites_a_listed_section_or_says_reconstructed(game):
    sections = {s.id for s in game.spec.sections}
    assert {"§3.0", "§4.4.1", "§4.4.2", "§5.3", "§6.1"} <= sections
    seen = 0
    for component in game.components:
        for mapping, key, _ in _cited(_checked_keys(component.raw)):
            assert mapping[key] in sections | set(NON_RULEBOOK_SOURCES), (component.file, key)
            seen += 1
    for deck in game.decks():
        for card in deck.cards:
            for field in ("name", *card.fields):
                assert card.source_of(field) in sections | set(NON_RULEBOOK_SOURCES)
    for name, value in game.rules.constants.items():
        assert value.source in sections | set(NON_RULEBOOK_SOURCES), name
    assert seen > 20


def test_citations_read_game_and_section(game):
    assert game.cite("§4.4.1") == "[Age of Discovery §4.4.1]"


# -- balance of the reconstructed values -----------------------------------------------------
def test_payouts_rise_with_duration_and_with_transport(game):
    deck = game.deck("contract-deck")
    for card in deck.cards:
        pay = card["payouts"]
        assert all(a < b for a, b in itertools.pairwise(pay)), card.name
    for colour in COLOURS:
        rows = sorted((c["transport"], c["payouts"]) for c in deck.cards if c["colour"] == colour)
        for (_, low), (_, high) in itertools.pairwise(rows):
            assert all(a < b for a, b in zip(low, high, strict=True))


def test_a_contract_beats_taking_coins(game):
    """Net of the contract's price and the fewest placement fees, even a 1-turn contract pays
    more than the 2 coins of the action it costs, and every extra turn adds at least 2."""
    c = {k: v.value for k, v in game.rules.constants.items()}
    for card in game.deck("contract-deck").cards:
        fewest_ships = -(-card["transport"] // 3)
        net = card["payouts"][0] - c["contract_cost"] - fewest_ships * c["placement_fee"]
        assert net > c["take_coins"], card.name
        steps = [b - a for a, b in zip(card["payouts"], card["payouts"][1:], strict=False)]
        assert min(steps) >= c["take_coins"]


def test_expedition_values(game):
    deck = game.deck("expedition-deck")
    for e in deck.cards:
        assert e["first_match"] > e["first_other"] and e["final_match"] > e["final_other"]
        assert e["final_other"] > e["first_other"]
    by_limit = sorted(deck.cards, key=lambda e: e["limit"])
    per_ship = [e["first_other"] + e["final_other"] for e in by_limit]
    assert per_ship == sorted(per_ship, reverse=True)  # larger expeditions, less per ship
    totals = Counter()
    for e in deck.cards:
        totals[e["colour"]] += e["first_other"] + e["final_other"]
    assert len(set(totals.values())) == 1  # no colour's expeditions are worth more


def test_mission_tables_rise_with_contracts(game):
    deck = game.deck("mission-deck")
    for m in deck.cards:
        vp = m["vp"]
        assert vp[0] == 0 and vp[-1] > vp[len(vp) // 2] > vp[0], m.name
        assert all(a <= b for a, b in itertools.pairwise(vp)), m.name
    assert len({len(m["vp"]) for m in deck.cards}) == 1
    # The harder the mission, the more it pays per expedition (for the same players, contracts).
    for players in (2, 3, 4):
        rows = [
            next(m["vp"] for m in deck.cards if (m["players"], m["mission"]) == (players, kind))
            for kind in MISSIONS
        ]
        for easier, harder in itertools.pairwise(rows):
            assert all(a <= b for a, b in zip(easier, harder, strict=True))
            assert sum(easier) < sum(harder)


def test_readme_lists_every_reconstructed_value(game):
    readme = (components_dir().parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Reconstructed values: Age of Discovery", 1)[1].split("\n## ", 1)[0]
    for deck in game.decks():
        for card in deck.cards:
            reconstructed = [f for f in card.fields if card.source_of(f) == "reconstructed"]
            if not reconstructed:
                continue
            if deck.id == "contract-deck":
                row = f"| {card['transport']} | " + " | ".join(map(str, card["payouts"])) + " |"
                assert row in section, card.name
            elif deck.id == "mission-deck":
                assert f"| {card.name} | " + " | ".join(map(str, card["vp"])) + " |" in section
            else:
                assert card.name in section, card.name
                if deck.id == "expedition-deck":
                    scores = f"{card['final_match']} / {card['final_other']}"
                    line = next(
                        ln for ln in section.splitlines() if ln.startswith(f"| {card.name}")
                    )
                    assert scores in line and f"| {card['limit']}" in line, card.name
    for term in game.spec.terms["colour"]:
        if term.source == "reconstructed":
            assert f"{term.name} (reconstructed)" in section


def test_every_card_type_has_its_own_colour_and_icon(game):
    types = [t for deck in game.decks() for t in deck.spec.types.values()]
    assert len(types) == 8
    assert len({t.colour for t in types}) == len(types)
    assert len({t.icon for t in types}) == len(types)
