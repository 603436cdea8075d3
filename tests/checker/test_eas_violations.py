"""Every rule the checker enforces, broken once: the right citation at the right line."""

from __future__ import annotations

import pytest

from tests.checker.helpers import EXAMPLES, marked_line, run_log

CITE = "[Exploration in the Age of Sail — {}]"

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


CASES = {
    "step out of turn": (
        "  - {player: Ben, draw: Caravels}  # here\n",
        "Turn Sequence",
        "it is Ana's turn, not Ben's",
    ),
    "no card drawn in the Outfit phase": (
        "  - player: Ana\n    explore: [Magellan: Ocean]  # here\n",
        "Outfit Phase",
        "Ana must first draw 1 card from the Expedition deck",
    ),
    "a fifth Galleons": (
        "  - player: Ana\n    draw: Galleons\n    explore: [Magellan: Ocean]\n"
        "  - {player: Ben, draw: Galleons}\n"
        "  - player: Ana\n    draw: Galleons\n    explore: [Magellan: Ocean]\n"
        "  - {player: Ben, draw: Galleons}  # here\n",
        "Outfit Phase",
        "Galleons cannot come from the Expedition deck: all 4 copies are elsewhere, one in "
        "Ana's hand",
    ),
    "a card still in someone's hand": (
        "  - {player: Ana, draw: Christopher Columbus}  # here\n",
        "Outfit Phase",
        "Christopher Columbus cannot come from the Expedition deck: its only copy is in Ben's hand",
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
        "only one expedition may be formed in an Expedition phase",
    ),
    "an expedition that does not explore": (
        "  - {player: Ana, draw: Caravels}\n  - {player: Ben, draw: Colonists}  # here\n",
        "Exploration Phase",
        "not every expedition has turned over its card this turn: Magellan still must",
    ),
    "an expedition that explores twice": (
        "  - player: Ana\n    draw: Caravels\n    explore:\n      - Magellan: Ocean\n"
        "      - Magellan: Ocean  # here\n",
        "Exploration Phase",
        "every expedition of Ana has already turned over its card this turn",
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
        "  - player: Ana\n    draw: Sailors\n    explore: [Magellan: Caribbean]\n"
        "  - {player: Ben, draw: Conquistadors}  # here\n",
        "Exploration Phase",
        "after claiming Caribbean, name the expedition card discarded at random",
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
        "Ben cannot protect Ana's expedition: a Save card is discarded from your own hand",
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
        "  - {player: Ben, draw: Promises}\n"
        "  - {player: Ana, draw: Cartography, explore: [Magellan: Ocean]}  # here\n",
        "Ocean Phase",
        "Ben holds 8 cards: discard 1 to get down to 7",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_rule_is_enforced_with_its_citation_and_line(case):
    tail, section, message = CASES[case]
    text = log(tail)
    result = run_log(text)
    v = result.violation
    assert v is not None, f"{case}: the log was accepted"
    assert v.rule == CITE.format(section)
    assert message in v.message
    assert v.line == marked_line(text)
    assert v.file == "test.yaml"


def test_a_violation_names_turn_player_and_phase():
    text = log("  - {player: Ana, draw: Christopher Columbus}  # here\n")
    v = run_log(text).violation
    assert (v.turn, v.player, v.phase) == (7, "Ana", "Outfit")
    assert str(v).startswith(f"test.yaml:{marked_line(text)}:")
    assert str(v).endswith(CITE.format("Outfit Phase"))


def test_a_step_after_the_end_of_the_game():
    text = (EXAMPLES / "two-players.yaml").read_text(encoding="utf-8")
    text += "  - {player: Ana, draw: Galleons}  # here\n"
    v = run_log(text).violation
    assert v.rule == CITE.format("End of Game")
    assert v.message == "the game is already over"
    assert v.line == marked_line(text)


def test_the_save_of_another_player_is_legal_with_the_option():
    tail = (
        "  - player: Ana\n    draw: Repairs\n    explore:\n"
        "      - Magellan: {flip: Pirates, save: Cannons, by: Ben}\n"
    )
    result = run_log(log(tail, "options: {save_others: true}\n"))
    assert result.ok
    assert result.state.hands["Ben"].get("Cannons") is None
    assert result.state.expedition_discard["Cannons"] == 1


def test_two_expeditions_in_one_phase_are_legal_with_the_option():
    tail = (
        "  - player: Ana\n    draw: Sailors\n    explore: [Magellan: Ocean]\n"
        "  - player: Ben\n    draw: Colonists\n    expedition:\n"
        "      - [Christopher Columbus, Carracks, Colonists]\n"
    )
    result = run_log(log(tail, "options: {expeditions_per_phase: any}\n"))
    assert result.ok
    assert [e.explorer for e in result.state.expeditions["Ben"]] == ["Christopher Columbus"]
