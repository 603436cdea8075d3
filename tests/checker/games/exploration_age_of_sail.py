"""Exploration in the Age of Sail in the shared checker tests."""

from __future__ import annotations

from collections import Counter

from portolan.checker.core.registry import rules_for
from tests.checker.games import spec
from tests.checker.games.spec import (
    TINY,
    Expected,
    GameTests,
    Play,
    Violation,
)
from tests.checker.helpers import marked

# Worked out by hand from each log's victory piles (the `claims` lines of --trace):
# two-players: Ana claimed Australia (Pacific 4) with Hernando de Soto, a Conqueror (+1);
#   Ben claimed South America 3, North America 3, Canada 3 (Western) and Indonesia 3,
#   East Africa 2 (Eastern). Ben has the most discoveries (5 to 1), the most Western (3 to 0)
#   and the most Eastern (2 to 0); Ana the most Pacific (1 to 0).
#   Ana 4 + 1 + 5 = 10; Ben 14 + 5 + 5 + 5 = 29.
# three-players: Ana claimed Australia 4 (de Soto, Conqueror +1), Canada 3, Caribbean 2, India 3;
#   Ben claimed North America 3; Cai nothing. Ana leads all four counts.
#   Ana 12 + 1 + 20 = 33; Ben 3; Cai 0.
EXPECTED = {
    "two-players": {
        "Ana": {
            "discoveries": 4,
            "conqueror": 1,
            "most_discoveries": 0,
            "most_western": 0,
            "most_eastern": 0,
            "most_pacific": 5,
        },
        "Ben": {
            "discoveries": 14,
            "conqueror": 0,
            "most_discoveries": 5,
            "most_western": 5,
            "most_eastern": 5,
            "most_pacific": 0,
        },
    },
    "three-players": {
        "Ana": {
            "discoveries": 12,
            "conqueror": 1,
            "most_discoveries": 5,
            "most_western": 5,
            "most_eastern": 5,
            "most_pacific": 5,
        },
        "Ben": {
            "discoveries": 3,
            "conqueror": 0,
            "most_discoveries": 0,
            "most_western": 0,
            "most_eastern": 0,
            "most_pacific": 0,
        },
        "Cai": dict.fromkeys(
            (
                "discoveries",
                "conqueror",
                "most_discoveries",
                "most_western",
                "most_eastern",
                "most_pacific",
            ),
            0,
        ),
    },
}
WINNERS = {"two-players": ["Ben"], "three-players": ["Ana"]}


# After this: Ana has one expedition (Magellan, Galleons, Sailors; Hull/Morale/Men 3; one Ocean
# card) and an empty hand; Ben holds Cannons, Carracks and Christopher Columbus. Ana is next.
BASE = """\
game: exploration-age-of-sail
players: [Ana, Ben]
{options}turns:
  - {{player: Ana, draw: Magellan}}
  - {{player: Ben, draw: Cannons}}
  - {{player: Ana, draw: Galleons}}
  - {{player: Ben, draw: Carracks}}
  - player: Ana
    draw: Sailors
    expedition: [Magellan, Galleons, Sailors]
    explore:
      - Magellan: Ocean
  - {{player: Ben, draw: Christopher Columbus}}
"""


def log(tail: str, options: str = "") -> str:
    return BASE.format(options=options) + tail


VIOLATIONS = {
    "step out of turn": (
        "  - {player: Ben, draw: Caravels}  # here\n",
        "Turn Sequence",
        "it is Ana's turn, not Ben's",
    ),
    "no card drawn in the Outfit phase": (
        "  - player: Ana\n    explore: [Magellan: Ocean]  # here\n",
        "Outfit Phase",
        "Ana must first draw 1 card from the Expedition deck (write it as draw:)",
    ),
    "a fifth Galleons": (
        "  - player: Ana\n    draw: Galleons\n    explore: [Magellan: Ocean]\n"
        "  - {player: Ben, draw: Galleons}\n"
        "  - player: Ana\n    draw: Galleons\n    explore: [Magellan: Ocean]\n"
        "  - {player: Ben, draw: Galleons}  # here\n",
        "Outfit Phase",
        "Galleons cannot come from the Expedition deck: all 4 copies are elsewhere (2 in "
        "Ana's hand, 1 in Ana's expedition of Magellan, 1 in Ben's hand)",
    ),
    "a card still in someone's hand": (
        "  - {player: Ana, draw: Christopher Columbus}  # here\n",
        "Outfit Phase",
        "Christopher Columbus cannot come from the Expedition deck: its only copy is in Ben's hand",
        (7, "Ana", "Outfit"),
    ),
    "an expedition without a crew": (
        "  - player: Ana\n    draw: Sailors\n    explore: [Magellan: Ocean]\n"
        "  - player: Ben\n    draw: Caravels\n"
        "    expedition: [Christopher Columbus, Carracks, Cannons]  # here\n",
        "Expeditions",
        "Cannons is a Save card, not a Crew: an expedition is one Explorer, one Ship and one Crew",
    ),
    "an expedition card not in hand": (
        "  - player: Ana\n    draw: Sailors\n    explore: [Magellan: Ocean]\n"
        "  - player: Ben\n    draw: Caravels\n"
        "    expedition: [Christopher Columbus, Carracks, Sailors]  # here\n",
        "Expedition Phase",
        "Sailors is not in Ben's hand (in Ana's hand)",
    ),
    "two expeditions in one phase": (
        "  - player: Ana\n    draw: Sailors\n    explore: [Magellan: Ocean]\n"
        "  - player: Ben\n    draw: Colonists\n    expedition:\n"
        "      - [Christopher Columbus, Carracks, Colonists]\n"
        "      - [Hernan Cortez, Caravels, Conquistadors]  # here\n",
        "Expedition Phase",
        "only one expedition may be formed in an Expedition phase (option expeditions_per_phase: "
        "one)",
    ),
    "an expedition that does not explore": (  # blamed on Ana's turn, not on Ben's
        "  - {player: Ana, draw: Caravels}  # here\n  - {player: Ben, draw: Colonists}\n",
        "Exploration Phase",
        "not every expedition has turned over its card this turn: Magellan still must",
        (7, "Ana", "Exploration"),
    ),
    "an expedition that explores twice": (
        "  - player: Ana\n    draw: Caravels\n    explore:\n      - Magellan: Ocean\n"
        "      - Magellan: Ocean  # here\n",
        "Exploration Phase",
        "Magellan: every expedition of Ana has already turned over its card this turn",
    ),
    "a card turned over twice": (
        "  - player: Ana\n    draw: Caravels\n    explore: [Magellan: Japan]\n"
        "  - {player: Ben, draw: Colonists}\n"
        "  - player: Ana\n    draw: Sailors\n    explore: [Magellan: Japan]  # here\n",
        "Exploration Phase",
        "Japan cannot come from the Exploration deck: its only copy is in the discard pile",
    ),
    "a discovery claimed without the random discard": (
        "  - player: Ana\n    draw: Caravels\n    explore: [Magellan: Ocean]\n"
        "  - {player: Ben, draw: Colonists}\n"
        "  - player: Ana\n    draw: Sailors\n    explore: [Magellan: Caribbean]  # here\n"
        "  - {player: Ben, draw: Conquistadors}\n",
        "Exploration Phase",
        "after claiming Caribbean, name the expedition card discarded at random (discard:)",
        (9, "Ana", "Exploration"),
    ),
    "a random discard that is not an expedition card": (
        "  - player: Ana\n    draw: Caravels\n    explore: [Magellan: Ocean]\n"
        "  - {player: Ben, draw: Colonists}\n"
        "  - player: Ana\n    draw: Sailors\n    explore:\n"
        "      - Magellan: {flip: Caribbean, discard: Carracks}  # here\n",
        "Exploration Phase",
        "the card discarded at random must be one of the expedition's three cards: "
        "Magellan, Galleons, Sailors",
    ),
    "a Save card of another trait": (
        "  - player: Ana\n    draw: Cold Steel\n    explore:\n"
        "      - Magellan: {flip: Mutiny, save: Cold Steel}  # here\n",
        "Exploration Phase",
        "Cold Steel (Fight) does not match Leadership, the trait Mutiny tests",
    ),
    "a Save card not in hand": (
        "  - player: Ana\n    draw: Cold Steel\n    explore:\n"
        "      - Magellan: {flip: Pirates, save: Cannons}  # here\n",
        "Exploration Phase",
        "Cannons is not in Ana's hand (in Ben's hand)",
    ),
    "a Save card against a Hazard the expedition is immune to": (
        "  - player: Ana\n    draw: Repairs\n    explore:\n"
        "      - Magellan: {flip: Storm, save: Repairs}  # here\n",
        "Exploration Phase",
        "no Hazard is waiting for a Save card (the expedition of Magellan is immune to Storm "
        "(Seamanship))",
    ),
    "a Save card from another player's hand": (
        "  - player: Ana\n    draw: Repairs\n    explore:\n"
        "      - Magellan: {flip: Pirates, save: Cannons, by: Ben}  # here\n",
        "Exploration Phase",
        "Ben cannot protect Ana's expedition: a Save card is discarded from your own hand (option "
        "save_others: false)",
    ),
    "a failed expedition that explores again": (
        "  - player: Ana\n    draw: Caravels\n    explore: [Magellan: Natives]\n"
        "  - {player: Ben, draw: Colonists}\n"
        "  - player: Ana\n    draw: Caravels\n    explore: [Magellan: Cannibals]\n"
        "  - {player: Ben, draw: Conquistadors}\n"
        "  - player: Ana\n    draw: Colonists\n    explore: [Magellan: Deserters]\n"
        "  - {player: Ben, draw: Sailors}\n"
        "  - player: Ana\n    draw: Sailors\n    explore: [Magellan: Ocean]  # here\n",
        "Exploration Phase",
        "Ana has no expedition led by Magellan",
    ),
    "a discard under the hand limit": (
        "  - player: Ana\n    draw: Caravels\n    explore: [Magellan: Ocean]\n"
        "    discard: [Caravels]  # here\n",
        "Ocean Phase",
        "Ana holds 1 card: only cards over the limit of 7 are discarded",
    ),
    "a hand over the limit": (
        "".join(
            f"  - player: Ana\n    draw: {a}\n    explore: [Magellan: Ocean]\n"
            f"  - {{player: Ben, draw: {b}}}\n"
            for a, b in [
                ("Caravels", "Colonists"),
                ("Caravels", "Conquistadors"),
                ("Colonists", "Sailors"),
                ("Sailors", "Island"),
            ]
        )
        + "  - player: Ana\n    draw: Resupply\n    explore: [Magellan: Ocean]\n"
        "  - {player: Ben, draw: Promises}  # here\n"
        "  - {player: Ana, draw: Cartography, explore: [Magellan: Ocean]}\n",
        "Ocean Phase",
        "Ben holds 8 cards: discard 1 to get down to 7",
        (16, "Ben", "Ocean"),
    ),
    # The last turn of a log is a finished turn: its Ocean phase is checked too.
    "a hand over the limit when the log ends": (
        "".join(
            f"  - {{player: Ana, draw: {a}, explore: [Magellan: Ocean]}}\n"
            f"  - {{player: Ben, draw: {b}{discard}}}\n"
            for a, b, discard in [
                ("Caravels", "Island", ""),
                ("Colonists", "Resupply", ""),
                ("Conquistadors", "Promises", ""),
                ("Sailors", "Cartography", ""),
                ("Caravels", "Repairs", ", discard: [Cannons]"),
                ("Colonists", "Cold Steel", ", discard: [Island]"),
            ]
        )
        + "  - player: Ana\n    draw: Conquistadors\n    explore:\n"
        "      - Magellan: {flip: Japan, discard: Galleons}\n"  # 7 cards, and 2 come home
        "    discard: [Caravels]  # here\n",
        "Ocean Phase",
        "Ana holds 8 cards: discard 1 to get down to 7",
        (19, "Ana", "Ocean"),
    ),
    "a Save card with no Hazard waiting, reported in the Exploration phase": (
        "  - player: Ana\n    draw: Repairs\n"
        "    explore: [Magellan: {flip: Ocean, save: Repairs}]  # here\n",
        "Exploration Phase",
        "no Hazard is waiting for a Save card (Magellan turned over Ocean)",
        (7, "Ana", "Exploration"),
    ),
    "an explorer with no expedition, reported in the Exploration phase": (
        "  - player: Ana\n    draw: Caravels\n    explore: [James Cook: Ocean]  # here\n",
        "Exploration Phase",
        "Ana has no expedition led by James Cook",
        (7, "Ana", "Exploration"),
    ),
}


HEAD = "game: exploration-age-of-sail\nplayers: [Ana, Ben]\nturns:\n"


MALFORMED = {
    "a turn key that differs only in case": (
        HEAD + "  - player: Ana\n    draw: Galleons\n    Draw: Galleons  # here\n",
        "unknown key 'Draw' (did you mean 'draw'?)",
    ),
    "not YAML": (
        "game: exploration-age-of-sail\nplayers: [Ana, Ben\nturns: []  # here\n",
        "YAML syntax error: did not find expected ',' or ']'",
    ),
    "unknown top-level key": (
        HEAD.replace("turns:", "turn:  # here"),
        "unknown key 'turn' (did you mean 'turns'?)",
    ),
    "unknown turn key": (
        HEAD + "  - {player: Ana, drew: Galleons}  # here\n",
        "unknown key 'drew' (did you mean 'draw'?)",
    ),
    "unknown card": (
        HEAD + "  - {player: Ana, draw: Galeons}  # here\n",
        "'Galeons' is not a card of the Expedition deck (did you mean 'Galleons'?)",
    ),
    "a card of the other deck": (
        HEAD + "  - {player: Ana, draw: Magellan, expedition: [Magellan, Galleons, Sailors],\n"
        "     explore: [Magellan: Galleons]}  # here\n",
        "'Galleons' is not a card of the Exploration deck (did you mean 'Shallows'?)",
    ),
    "unknown explorer": (
        HEAD + "  - player: Ana\n    explore: [Magelan: Ocean]  # here\n",
        "'Magelan' is not an explorer (did you mean 'Magellan'?)",
    ),
    "a turn for a player not in the game": (
        HEAD + "  - {player: Cai, draw: Galleons}  # here\n",
        "'Cai' is not a player in this game (expected one of: 'Ana', 'Ben')",
    ),
    "unknown game": (
        "game: exploration-age-of-sale  # here\nplayers: [Ana, Ben]\n",
        "no checker for game 'exploration-age-of-sale' (did you mean 'exploration-age-of-sail'?)",
    ),
    "unknown option": (
        HEAD.replace("turns:", "options: {bonus_tie: none}  # here\nturns:"),
        "unknown rule option 'bonus_tie' (did you mean 'bonus_ties'?)",
    ),
    "bad option value": (
        HEAD.replace("turns:", "options: {bonus_ties: split}  # here\nturns:"),
        "'split' is not a choice of option 'bonus_ties' (expected one of: 'shared', 'none')",
    ),
    "a player listed twice": (
        "game: exploration-age-of-sail\nplayers: [Ana, ana]  # here\n",
        "'ana' is listed twice",
    ),
}

POSITION = """\
game: exploration-age-of-sail
players:
  Ana: {Japan: Hernan Cortez, China: Magellan, Polynesia: James Cook}
  Ben: {Canada: Christopher Columbus, Caribbean: Verrazano, India: Vasco de Gama}
  Cai:
"""

# Ana: 5 + 4 + 5 = 14, Cortez a Conqueror +1; 3 discoveries each: the most is shared (+5);
# Eastern 2 to 1: Ana +5; Pacific 1 to 0: Ana +5. Ben: 3 + 2 + 3 = 8; Western 2 to 0 (+5).
SHEET_LINES = "discoveries conqueror most_discoveries most_western most_eastern most_pacific"
POSITION_SCORE = {
    name: dict(zip(SHEET_LINES.split(), points, strict=True))
    for name, points in [
        ("Ana", (14, 1, 5, 0, 5, 5)),
        ("Ben", (8, 0, 5, 5, 0, 0)),
        ("Cai", (0, 0, 0, 0, 0, 0)),
    ]
}


def position(old: str, new: str) -> str:
    return marked(POSITION, old, new)


BAD_POSITIONS = {
    "unknown discovery": (
        position("Japan: Hernan Cortez", "Japn: Hernan Cortez"),
        "'Japn' is not a discovery (did you mean 'Japan'?)",
    ),
    "one discovery in two piles": (
        position("India: Vasco de Gama", "Japan: Vasco de Gama"),
        "Japan is also in Ana's victory pile: each discovery exists once",
    ),
    "a ship as an explorer": (
        position("China: Magellan", "China: Galleons"),
        "players.Ana.China: 'Galleons' is not an explorer",  # the field names the discovery
    ),
}


def every_card(state) -> Counter:
    seen: Counter = Counter()
    for pile in state.zones().values():
        seen.update(pile)
    return seen


def full_set(model) -> Counter:
    return Counter({c.name: c.count for deck in model.decks() for c in deck.cards})


def finished(state, sheet, model) -> None:
    """A discovery scores its level: the category adds up the victory pile."""
    book = rules_for("exploration-age-of-sail").book(model)
    for line in sheet.lines:
        assert line.breakdown["discoveries"] == sum(
            book.exploration[d].level for d, _ in state.victory[line.player]
        )


def hidden_twins(seed: int):
    """Some turns in, Ana to decide; in the twin, a card of Ben's hand is swapped with one of
    the Expedition deck."""
    from tests.checker.test_eas_bot import mid_game, swapped

    state = mid_game(seed)
    return state, swapped(state)


TESTS = GameTests(
    game="exploration-age-of-sail",
    examples={name: Expected(EXPECTED[name], WINNERS[name]) for name in EXPECTED},
    violations={
        **{
            name: Violation(log(tail), section, message, *(where[0] if where else ()))
            for name, (tail, section, message, *where) in VIOLATIONS.items()
        },
        "a step after the end of the game": spec.after_the_end(
            "exploration-age-of-sail", "two-players", "{player: Ana, draw: Galleons}", "End of Game"
        ),
    },
    malformed_logs=spec.malformed(MALFORMED),
    malformed_positions=spec.malformed(BAD_POSITIONS),
    play=Play(
        components=TINY,
        players=["Ana", "Ben"],
        seed=7,
        # at a turn's draw: a choice half made is asked again on resuming
        stop_here=lambda session, prompt: "Expedition deck" in prompt,
    ),
    random_games=500,
    players=range(2, 7),
    pieces=every_card,
    full_set=full_set,
    finished=finished,
    position=spec.Position(
        POSITION, Expected(POSITION_SCORE, ["Ana"]), {"Ana": 1, "Ben": 2, "Cai": 3}
    ),
    hidden_twins=hidden_twins,
)
