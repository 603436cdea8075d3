"""Age of Exploration: leaders, ship cards, outfitting and counters against the rulebook."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from portolan.model import load_game
from portolan.paths import components_dir
from tests.edits import edit, game_copy

GAME = "age-of-exploration"


@pytest.fixture(scope="module")
def game():
    return load_game(components_dir(), GAME)


def test_ten_explorers_and_eight_conquistadors_with_a_second_in_command(game):
    leaders = game.deck("leaders")
    assert Counter(c.type for c in leaders.cards) == {"explorer": 10, "conquistador": 8}
    for t in ("explorer", "conquistador"):
        lines = leaders.spec.types[t].back.lines
        assert "Ship Handling: 0" in lines  # Taking Losses: the Second-in-Command has none
    for card in leaders.cards:
        years = [int(y) for y in re.findall(r"\d{4}", card["years"])]
        assert years and all(1492 <= y <= 1543 for y in years), card.name


def test_explorers_are_seamen_and_conquistadors_soldiers(game):
    """Key Concepts: Explorers better at ship handling and sea navigation, Conquistadors at land
    navigation, combat and arms."""
    cards = game.deck("leaders").cards

    def mean(t, f):
        vals = [c[f] for c in cards if c.type == t]
        return sum(vals) / len(vals)

    for f in ("navigation_sea", "ship_handling"):
        assert mean("explorer", f) > mean("conquistador", f)
    for f in ("navigation_land", "personal_arms"):
        assert mean("conquistador", f) > mean("explorer", f)


def test_the_carrack_side_agrees_with_the_rules(game):
    c = {k: v.value for k, v in game.rules.constants.items()}
    lines = game.deck("ship-cards").spec.types["ship"].back.lines
    assert f"Sea check at sea: {c['carrack_sea_check_sea']}" in lines
    assert f"Sea check in coastal waters: {c['carrack_sea_check_coastal']}" in lines
    assert f"Cargo (first ship): {c['carrack_cargo']}" in lines
    raft = next(ln for ln in lines if ln.startswith("Raft"))
    assert f"sea check {c['raft_sea_check_coastal']} in coastal waters" in raft  # the errata
    assert f"cargo {c['raft_cargo']} per raft" in raft
    assert game.rules.constants["raft_sea_check_coastal"].source == "Component Notes"
    assert game.deck("ship-cards").size() == 6


def test_outfitting_offers_every_item_the_rules_name(game):
    deck = game.deck("outfitting-deck")
    offered = {w for card in deck.cards for option in card["options"] for w in option}
    assert offered == set(game.spec.term_names("outfit"))
    assert deck.size() == 36


def test_the_counter_sheet_holds_240(game):
    sheet = game.component("counters").spec
    assert sum(c.count.value for c in sheet.counters) == sheet.total.value == 240
    colours = game.spec.term_names("player")
    per_colour = {
        col: sum(c.count.value for c in sheet.counters if c.name.endswith(f"({col})"))
        for col in colours
    }
    assert per_colour == dict.fromkeys(colours, 18)  # six sets of 18 (Component Notes)
    assert sum(c.count.value for c in sheet.counters if c.colour == "tan") == 60
    names = {c.name for c in sheet.counters}
    for marker in (
        "Known",
        "Land Sighted",
        "Mine",
        "Rumors of Gold",
        "Natives Attacked",
        "Native Allies",
        "Ruler Seized",
        "Capital Entry",
        "Damage",
        "Lost",
        "Expedition must return",
        "Incan Awe",
        "Aztec Military Strength",
        "Hardwood",
        "Gold",
        "Gems",
        "Pearls",
        "Spice",
        "Natives for Europe",
        "Known Sea Progress",
        "Known NWP Progress",
        "Known SSA Progress",
    ):
        assert marker in names, marker


def test_mats_start_crew_and_provisions_at_two(game):
    mat = game.component("expedition-mat").spec
    assert mat.count == 6
    tracks = {t.track: t for t in mat.tracks}
    assert tracks["Crew"].mark == [2] and tracks["Ship Prov."].mark == [2]
    boxes = {e.box for e in mat.elements if hasattr(e, "box") and isinstance(e.box, str)}
    for b in (
        "Damage",
        "Lost this turn",
        "Still lost",
        "Expedition must return",
        "Rumors of Gold",
        "Ship cargo",
        "Land cargo",
        "Raft cargo",
    ):
        assert b in boxes


def counter_overflows(game) -> list[str]:
    """Texts of the counter sheet that cross their counter's printed frame at the 6 pt floor."""
    from portolan.generator.build import BuildOptions
    from portolan.generator.kinds.counters import render_counters

    opts = BuildOptions(formats=("pdf",))
    over = []
    render_counters(game, game.component("counters"), 3.0, opts.theme, opts, [], over)
    return [f"{o.where}: {o.text}" for o in over]


def test_every_counter_text_stays_inside_its_frame(game):
    assert counter_overflows(game) == []


@pytest.mark.parametrize(
    ("old", "new", "reported"),
    [
        (  # one line of 18 mm on a 14 mm counter
            'back: {text: "ROTTEN", subtext: "HULLS"}',
            'back: {text: "ROTTEN HULLS", subtext: ""}',
            "counters: counter 'Damage' (back): ROTTEN HULLS",
        ),
        (  # on a 10 mm marker the colour's name under VP reaches past the frame
            '{icon: disc, text: "VP"}',
            '{icon: disc, text: "VP", subtext: "YELLOW"}',
            "counters: counter 'VPs (yellow)': YELLOW",
        ),
    ],
)
def test_a_counter_text_past_its_frame_is_reported(tmp_path, old, new, reported):
    folder = game_copy(tmp_path, GAME)
    edit(folder / GAME / "counters.yaml", old, new, -1)
    assert reported in counter_overflows(load_game(folder, GAME))


def test_no_card_prints_its_number_twice(game):
    """The number is in the badge; the title names the card (the Outfitting cards' names carry
    their number, "47 Porters", and printed it a second time)."""
    from portolan.generator.faces import FaceEvaluator

    for component in game.components:
        if component.deck is None:
            continue
        faces = FaceEvaluator(game, component)
        for card in component.deck.cards:
            slots = faces.slots(card)
            number = str(card.get("number", ""))
            if number and slots["badge"] == number:
                assert not re.match(rf"{number}\b", slots["title"]), (component.id, card.name)


def test_aids_name_spaces_as_the_board_prints_them(game):
    """A space the board prints under a label or a name (the Cod Banks' box says "NA Cod Banks")
    is never named on an aid by its id in map.yaml: the VP award sheet printed "NA-COD to NWP9"
    and "SA-PLATA-S to STRAIT-W"."""
    from portolan.generator.templating import render

    board = game.component("board").spec
    hidden = [s.id for s in board.spaces if s.printed != s.id]
    assert "NA-COD" in hidden and "STRAIT-W" in hidden
    for component in game.components:
        if component.kind != "aid":
            continue
        for field in ("front", "back"):
            template = getattr(component.spec, field)
            if template is None:
                continue
            text = render(game, component, template, field)
            for sid in hidden:
                assert not re.search(rf"(?<![\w-]){re.escape(sid)}(?![\w-])", text), (
                    component.id,
                    field,
                    sid,
                )
