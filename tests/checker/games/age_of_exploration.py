"""Age of Exploration 1492–1543 in the shared checker tests."""

from __future__ import annotations

from collections import Counter

from tests.checker.games import spec
from tests.checker.games.spec import (
    TINY,
    Expected,
    GameTests,
    Play,
    Violation,
)

# -- the examples, scored by hand -----------------------------------------------------------
# The VP of each award are the VP chart's (components/age-of-exploration/map.yaml, awards); the
# working follows each return in the trace (the 'returns ... and publishes' lines).
#
# two-players (short game, 2 players: 6 VP win at once):
#   turn 35, Ana (Cartier) back in Europe from CB1-TF, CB2, CB3 (the mine) and SA4: 1st New World
#     sighting 1, CB Landfall 1, SA Landfall 1, 1st Mine 1 (VP chart: 4); 1st Gems 1 (goods);
#     the Land Sighted (CB) 0. Ana 5.
#   turn 46, Ben (Magellan) back from the coast with the Teredos: Teredos 1. Ben 1.
#   turn 69, Ana (Cartier) returns to Hispaniola (CB1, founded by her CB Landfall): CA Landfall 1:
#     Ana 6, the target: she wins at once, and the Aztec Civilization she found is not scored.
#   Ana: VP chart 5, goods 1 = 6; Ben: VP chart 1 = 1.
# three-players (short game, the face-up Outfitting row, 3 players: 6 VP):
#   turn 20, Ben back in Europe: the Known Sea Progress only (0 VP, 2 cards).
#   turn 42, Cai back with the Land Sighted (CB): 0 VP.
#   turn 73, Ana aborts: nothing published.
#   turn 96, Cai (Cabot) back from the Gulf of Mexico, Yucatán (CA1), CA2, CA3: 1st New World
#     sighting 1, CA Landfall 1, Mayan Ruins 1, Aztec Civilization 2, 1st River (the Mississippi,
#     found in the Gulf) 1: 6 VP, the target.
#   Ana 0, Ben 0, Cai: VP chart 6.
CATEGORIES = ("vp_chart", "known_progress", "goods", "majors")


def sheet(**vp: dict[str, int]) -> dict[str, dict[str, int]]:
    return {p: {c: got.get(c, 0) for c in CATEGORIES} for p, got in vp.items()}


EXPECTED = {
    "two-players": Expected(sheet(Ana={"vp_chart": 5, "goods": 1}, Ben={"vp_chart": 1}), ["Ana"]),
    "three-players": Expected(sheet(Ana={}, Ben={}, Cai={"vp_chart": 6}), ["Cai"]),
}


# -- a base log: both outfit, Ana launches ---------------------------------------------------
# Ana: Columbus (Ship Handling 2), a Carrack of 3 ships: 4 Crew, 4 Provisions, Trade Goods (9 of 9).
# Ben: Cabot (Ship Handling 1), a Carrack of 1 ship: 2 Crew, 4 Provisions, Soldiers (7 of 7).
ANA_OUTFITS = """\
game: age-of-exploration
players: [Ana, Ben]
setup:
  Ana: {leader: 1, cards: [29, 54, 25, 35, 46, 36]}
  Ben: {leader: 2, cards: [26, 28, 34, 41, 47, 51]}
turns:
  - player: Ana
    steps: [ship Carrack, play 29 Extra Ship, play 54 Extra Ship, play 25 2 Provision,
      play 35 2 Crew, play 46 Trade Goods]
"""
BASE = (
    ANA_OUTFITS
    + """\
  - player: Ben
    steps: [ship Carrack, play 28 Soldiers, play 34 2 Provision]
  - player: Ana
    steps: [launch ATL1]
"""
)
BEN_OUT = "  - player: Ben\n    steps: [launch ATL1]\n"
# ... then both sail west: Ana finds the Land Sighted (NA) off the Grand Banks, the Cod Banks,
# and lands in New England (NA1-NE), where her ships are moored.
LAND = (
    BEN_OUT
    + """\
  - player: Ana
    steps: [draw 110, to ATL2, to ATL3]
  - player: Ben
    steps: [draw 104, to ATL5]
  - player: Ana
    steps: [draw 117, to ATL4]
  - player: Ben
    steps: [draw 123, to ATL6]
  - player: Ana
    steps: [draw 141, status NA-COD]
  - player: Ben
    steps: [draw 108, to ATL2, to ATL3]
  - player: Ana
    steps: [draw 113, 6 ok, find Cod Banks, to NA-NE, status NA1-NE]
  - player: Ben
    steps: [draw 112]
"""
)
# ... and Ana sails home to publish (3 VP: New World sighting, NA Landfall, Cod Banks; 5 cards).
HOME = (
    LAND
    + """\
  - player: Ana
    steps: [draw 171, status NA-NE, must return]
  - player: Ben
    steps: [draw 140]
  - player: Ana
    steps: [draw 101, to NA-COD, drop Provision, status ATL4]
  - player: Ben
    steps: [draw 121]
  - player: Ana
    steps: [draw 114, to ATL3, to ATL2]
  - player: Ben
    steps: [draw 129]
  - player: Ana
    steps: [draw 149, to ATL1, to EUROPE, return, draw 27, draw 30, draw 31, draw 32, draw 33,
      draw 37, draw 38]
  - player: Ben
    steps: [draw 131]
"""
)


def ben(steps: str) -> str:
    return f"  - player: Ben\n    steps: [{steps}]  # here\n"


def ana(steps: str) -> str:
    return f"  - player: Ana\n    steps: [{steps}]  # here\n"


def then_ana(steps: str) -> str:
    return BEN_OUT + ana(steps)


VIOLATIONS = {
    # Outfitting Expeditions and its sub-sections
    "an extra ship beyond the Leader's Ship Handling": (
        ben("port, draw 40, draw 58, play 40 Extra Ship, play 58 Extra Ship"),
        "Additional Ships",
        "John Cabot's Ship Handling allows 1 extra ship(s)",
    ),
    "a Pilot for an Explorer": (
        ben("port, draw 37, draw 30, play 37 Pilot"),
        "Other Personnel and Equipment",
        "only a Conquistador may have a Pilot",
    ),
    "a Rutter for a Conquistador": (
        "  - player: Ben\n    steps: [port, draw 30, draw 57, hire 57 conquistador, leader 12,\n"
        "      retire John Cabot, play 30 Rutter]  # here\n",
        "Other Personnel and Equipment",
        "only an Explorer may have a Rutter",
    ),
    "a Native Guide launching from Europe": (
        ben("port, draw 39, draw 33, play 39 Native Guide NA"),
        "Other Personnel and Equipment",
        "a Native Guide is taken only when launching from a New World base",
    ),
    "Copper Plated Hulls before Teredos are published": (
        ben("port, draw 44, draw 33, play 44 Copper Plated Hulls"),
        "Other Personnel and Equipment",
        "Copper Plated Hulls come only once Teredos are published",
    ),
    "more than the ships carry": (
        ben("port, draw 53, draw 33, play 53 2 Provision, play 41 2 Crew"),
        "Cargo Capacity",
        "no cargo space on the ships for that",
    ),
    "an Outfitting card not in hand": (
        ben("port, draw 53, draw 33, play 60 2 Crew"),
        "Outfitting Expeditions",
        "card 60 is not in Ben's hand (still in the Outfitting deck)",
    ),
    "an option the Outfitting card does not offer": (
        ben("port, draw 53, draw 33, play 53 Soldiers"),
        "Outfitting Expeditions",
        "53 Provisions gives 2 Provision or Crew, not Soldiers",
    ),
    "Gold spent on Cannons": (
        ben("port, draw 45, draw 33, play 45 Gold, gold Cannons"),
        "Other Personnel and Equipment",
        "Gold buys Crew, Provisions or Soldiers (not Cannons)",
    ),
    "a launching point that is no base": (
        ben("port, draw 45, draw 33, from CB1"),
        "Switching Launching Point",
        "Hispaniola (CB1) is not a New World base one may launch from",
    ),
    "a ship type the counters do not fit": (
        ben("port, draw 45, draw 33, ship Caravel"),
        "Cargo Capacity",
        "the counters aboard do not fit a Caravel expedition",
    ),
    "an Outfitting card played at sea": (
        BEN_OUT + ana("play 36 Gold"),
        "Outfitting Expeditions",
        "Outfitting cards are played in port: Ana's expedition is out",
    ),
    "an Outfitting card drawn twice": (
        ben("port, draw 45, draw 29"),
        "Outfitting Expeditions",
        "card 29 cannot be drawn: it is in the Outfitting discard pile",
    ),
    "a Leader drawn who is not in the pile": (
        ben("port, draw 30, draw 57, hire 57 explorer, leader Christopher Columbus"),
        "New Expedition",
        "Christopher Columbus is not in the Explorer pile",
    ),
    # Launching Expeditions
    "a launch to a Land Sighted not on the map": (
        ben("launch ATL4"),
        "Launching Expeditions",
        "no Land Sighted chit is on Grand Banks (ATL4) yet",
    ),
    "staying in port once launched": (
        BEN_OUT + ana("port"),
        "Launching Expeditions",
        "Ana's expedition is already launched",
    ),
    "an abort on the launch turn": (
        ben("launch ATL1, abort"),
        "Launching Expeditions",
        "launching takes the whole turn: no end-of-turn action",
    ),
    "a scurvy die of seven": (
        HOME + ana("launch ATL4, 7"),
        "Launching Expeditions",
        "one die shows 1 to 6, not 7",
    ),
    # Draw and resolve an exploration card; Key Concepts; Card Instructions
    "a card from the wrong deck": (
        then_ana("draw 151"),
        "Draw and resolve an exploration card",
        "card 151 is not a Sea/Coast/River card",
    ),
    "a card already drawn": (
        BEN_OUT + "  - player: Ana\n    steps: [draw 110, to ATL2, to ATL3]\n" + ben("draw 110"),
        "Draw and resolve an exploration card",
        "card 110 cannot be drawn: it is in the sea discard pile",
    ),
    "a success the dice deny": (
        then_ana("draw 122, 11 ok"),
        "Key Concepts",
        "the log says success, but 11 fails against Sea check at 10",
    ),
    "a roll two dice cannot make": (
        then_ana("draw 122, 13"),
        "Key Concepts",
        "13 cannot be rolled on 2 dice",
    ),
    "an option the card does not offer": (
        then_ana("draw 118, 5, or 3"),
        "Card Instructions",
        "the card offers 2 options, not an option 3",
    ),
    "a discovery that is not here": (
        LAND.replace(
            "[draw 113, 6 ok, find Cod Banks, to NA-NE, status NA1-NE]",
            "[draw 113, 6 ok, find Chesapeake Bay]  # here",
        ),
        "Discoveries",
        "'Chesapeake Bay' cannot be discovered here (possible: Cod Banks, Gulf of St. Lawrence)",
    ),
    "a discovery after the card": (
        then_ana("draw 115, to ATL2, find Land Sighted (NA)"),
        "Discoveries",
        "the card is resolved: a discovery comes with the card's Ⓓ",
    ),
    # Taking Losses
    "a loss the card does not give": (
        then_ana("draw 104, to ATL2").replace("  # here", "")
        + ben("draw 106, 9, 12, lose Provision"),
        "Taking Losses",
        "a loss of men cannot take Provision: it takes one of Crew, Soldiers",
    ),
    # Movement
    "two spaces on Progress 1": (
        then_ana("draw 115, to ATL2, to ATL3"),
        "Movement",
        "Progress 1 allows 1 space(s)",
    ),
    "a move without Progress": (
        then_ana("draw 112, to ATL2"),
        "Movement",
        "no Progress was made: the expedition does not move",
    ),
    "a move while Lost": (
        then_ana("draw 109, 12, to ATL2"),
        "Movement",
        "a Lost expedition does not move",
    ),
    "a move across a grey arrow": (
        then_ana("draw 104, to ATL5").replace("  # here", "")
        + "  - player: Ben\n    steps: [draw 112]\n"
        + ana("draw 115, to AZORES"),
        "Movement",
        "Azores is across a grey arrow: that is a status change",
    ),
    "a move to a space not next to it": (
        then_ana("draw 115, to ATL9"),
        "Movement",
        "Trade Winds (ATL9) is not next to Western Approaches (ATL1)",
    ),
    "a move after the status change": (
        then_ana("draw 115, status EUROPE, to ATL2"),
        "Movement",
        "movement comes after the card, before the status change",
    ),
    "land cargo over capacity on moving": (
        LAND
        + "  - player: Ana\n    steps: [draw 151, ashore 1 1, to NA2-APP]\n"
        + "  - player: Ben\n    steps: [draw 115]\n"
        + ana("draw 183, to NA3"),
        "Cargo Capacity",
        "the land cargo is 5 of 4: it cannot move",
    ),
    # Status Changes
    "a westward D arrow without the Land Sighted": (
        BEN_OUT
        + "  - player: Ana\n    steps: [draw 110, to ATL2, to ATL3]\n"
        + "  - player: Ben\n    steps: [draw 112]\n"
        + ana("draw 117, to ATL4, status NA-COD"),
        "Status Changes",
        "westward across a D arrow needs the Land Sighted of Grand Banks (ATL4)",
    ),
    "two status changes": (
        then_ana("draw 115, to ATL5, status AZORES, status ATL5"),
        "Status Changes",
        "only one status change a turn, after movement",
    ),
    "a status change while Lost": (
        then_ana("draw 109, 12, status EUROPE"),
        "Status Changes",
        "a Lost expedition makes no status change",
    ),
    # Rumors of Gold
    "a status change before visiting the Rumors of Gold": (
        LAND + ana("draw 152, status NA-NE"),
        "Rumors of Gold",
        "the Rumors of Gold in Great Lakes (NA2-LAKES) must be visited first",
    ),
    # Switching between Naval, Land and Raft Expeditions
    "a land expedition taking to the water": (
        LAND + ana("draw 151, ashore 1 1, status NA-NE"),
        "Switching between Naval, Land and Raft Expeditions",
        "a land expedition cannot take to the water",
    ),
    "going ashore at sea": (
        LAND
        + "  - player: Ana\n    steps: [draw 151, ashore 1 1, to NA2-APP]\n"
        + ben("draw 115, ashore 1 1"),
        "Switching between Naval, Land and Raft Expeditions",
        "the expedition cannot go ashore here",
    ),
    "back aboard away from the ships": (
        LAND
        + "  - player: Ana\n    steps: [draw 151, ashore 1 1, to NA2-APP]\n"
        + "  - player: Ben\n    steps: [draw 115]\n"
        + ana("draw 171, aboard"),
        "Switching between Naval, Land and Raft Expeditions",
        "the expedition cannot go back aboard here",
    ),
    # Expedition Action
    "a Provision where there is none": (
        then_ana("draw 112, provision"),
        "Expedition Action",
        "Provisions are gained in a known or discovered Ⓟ space or at a base",
    ),
    "a repair with nothing damaged": (
        then_ana("draw 115, to ATL5, status AZORES, repair"),
        "Expedition Action",
        "nothing to repair here (not Rotten Hulls), or not a Ⓟ space (Cod Banks) or base",
    ),
    "consolidating a single ship": (
        BEN_OUT + "  - player: Ana\n    steps: [draw 112]\n" + ben("draw 143, consolidate"),
        "Expedition Action",
        "consolidating needs two ships or more",
    ),
    "a raft at sea": (
        then_ana("draw 112, raft"),
        "Expedition Action",
        "rafts are built on a river, in a coast land space, by a river, or at a base",
    ),
    "two expedition actions": (
        then_ana("draw 115, to ATL5, status AZORES, provision, provision"),
        "Expedition Action",
        "one expedition action a turn, after the status change",
    ),
    "Gold spent at sea": (
        then_ana("draw 112, gold Crew"),
        "Expedition Action",
        "Gold is spent at a New World base",
    ),
    "horses eaten without Cavalry": (
        LAND + ana("draw 151, eat 1"),
        "Expedition Action",
        "not so many Cavalry to eat",
    ),
    "a take-over of a ship expedition": (
        LAND + ana("draw 151, ashore 1 1, to NA2-APP, takeover Ben"),
        "Expedition Action",
        "Ben has no land expedition here to take over (or may not be tried again)",
    ),
    # End-of-turn Actions
    "a return far from Europe": (
        then_ana("draw 112, return"),
        "End-of-turn Actions",
        "an expedition returns only in Europe or at a base, not in Western Approaches (ATL1)",
    ),
    "Expedition must return declared twice": (
        then_ana("draw 112, must return, must return"),
        "End-of-turn Actions",
        "Expedition must return is already declared",
    ),
    "a move away from home": (
        BEN_OUT
        + "  - player: Ana\n    steps: [draw 110, to ATL2, to ATL3, must return]\n"
        + "  - player: Ben\n    steps: [draw 112]\n"
        + ana("draw 115, to ATL4"),
        "End-of-turn Actions",
        "Grand Banks (ATL4) is not on the way home (Expedition must return)",
    ),
    "no move on the way home": (
        BEN_OUT
        + "  - player: Ana\n    steps: [draw 110, to ATL2, to ATL3, must return]\n"
        + "  - player: Ben\n    steps: [draw 112]\n"
        + ana("draw 115, end"),
        "End-of-turn Actions",
        "an expedition that must return moves on its way home",
    ),
    # New Expedition
    "the freshly retired Leader taken again": (
        LAND
        + ana("draw 151, abort, draw 30, draw 31, draw 32, draw 33, pick Christopher Columbus"),
        "New Expedition",
        "Christopher Columbus was just retired: choose another Leader",
    ),
    # the turn
    "a step out of turn": (
        "  - player: Ana  # here\n    steps: [draw 110]\n",
        "Exploration Turns",
        "it is Ben's turn, not Ana's",
    ),
}

MALFORMED_LOGS = {
    "an unknown step": (
        BASE + "  - player: Ben\n    steps: [lanch ATL1]  # here\n",
        "cannot read the step 'lanch ATL1' (did you mean 'launch'?)",
    ),
    "an unknown space": (
        BASE + "  - player: Ben\n    steps: [launch ATL99]  # here\n",
        "'ATL99' is not a space of the map (did you mean 'ATL9'?)",
    ),
    "an unknown counter": (
        BASE + "  - player: Ben\n    steps: [port, draw 45, draw 33, gold Sailors]  # here\n",
        "'Sailors' is not a counter",
    ),
    "a misspelt counter a card is played for": (
        BASE + "  - player: Ben\n    steps: [port, draw 45, play 45 Misionary]  # here\n",
        "'Misionary' is not a counter an Outfitting card gives (did you mean 'Missionary'?)",
    ),
    "an unknown Leader": (
        BASE.replace("Ana: {leader: 1,", "Ana: {leader: Drake,  # here\n    "),
        "'Drake' is not a Leader",
    ),
    "a card number that is not a number": (
        BASE + "  - player: Ben\n    steps: [port, draw forty]  # here\n",
        "expected a card number, found 'forty'",
    ),
    "a card number written with a superscript digit": (  # '²'.isdigit(), but int() refuses it
        BASE + "  - player: Ben\n    steps: [port, draw ²]  # here\n",
        "expected a card number, found '²'",
    ),
    "a Leader numbered with a superscript digit": (
        BASE.replace("Ana: {leader: 1,", "Ana: {leader: '²',  # here\n    "),
        "'²' is not a Leader",
    ),
    "gold given with a superscript digit": (
        BASE + "  - player: Ben\n    steps: [give ²]  # here\n",
        "write how much Gold: give 2",
    ),
    "a die that is not a die": (
        BASE + BEN_OUT + "  - player: Ana\n    steps: [draw 122, 7+0]  # here\n",
        "'7+0': a die shows 1 to 6",
    ),
    "an unknown key in a turn": (
        BASE + "  - player: Ben\n    step: [port]  # here\n",
        "unknown key 'step' (did you mean 'steps'?)",
    ),
    "an unknown player in the setup": (
        BASE.replace("  Ben: {leader: 2,", "  Bob: {leader: 2,  # here\n    "),
        "'Bob' is not a player in this game (expected one of: 'Ana', 'Ben')",
    ),
    "a step of an unknown player": (
        BASE + "  - player: Ben\n    steps: [{Bob: give 1}]  # here\n",
        "'Bob' is not a player in this game (expected one of: 'Ana', 'Ben')",
    ),
    "an unknown Major Expedition": (
        BASE + "  - player: Ben\n    steps: [major Atlantis]  # here\n",
        "'Atlantis' is not a Major Expedition (expected one of: 'mississippi', 'amazon', "
        "'nwp-explored', 'circumnavigation', 'aztec-defeat', 'incan-defeat', 'nwp-traversed')",
    ),
}

MALFORMED_POSITIONS = {
    "an unknown award": (
        "players:\n  Ana: {awards: [landfall-xx]}  # here\n  Ben: {}\n",
        "'landfall-xx' is not an award of the VP chart (did you mean 'landfall-sa'?)",
    ),
    "an award claimed twice": (
        "players:\n  Ana: {awards: [cod-banks]}\n  Ben: {awards: [cod-banks]}  # here\n",
        "Cod Banks has 1 box(es): it is claimed once each",
    ),
    "a Major Expedition of the wrong VP": (
        "players:\n  Ana:\n    majors: {circumnavigation: 3}  # here\n  Ben: {}\n",
        "Circumnavigation scores 4 or 8 VP, not 3",
    ),
    "an unknown key": (
        "players:\n  Ana: {award: [cod-banks]}  # here\n  Ben: {}\n",
        "unknown key 'award' (did you mean 'awards'?)",
    ),
    "a Major Expedition's VP as a list": (
        "players:\n  Ana:\n    majors: {mississippi: [1, 2]}  # here\n  Ben: {}\n",
        "Mississippi River Descent scores 4 or 5 VP, not [1, 2]",
    ),
    "an award without VP misspelt": (
        "players:\n  Ana:\n    majors: {amazon: 8}\n    without_vp: [landfall-sx]  # here\n"
        "  Ben: {}\n",
        "'landfall-sx' is not an award of the VP chart (did you mean 'landfall-sa'?)",
    ),
    "an award without VP but no Major": (
        "players:\n  Ana:\n    awards: [bay]\n    without_vp: [bay]  # here\n  Ben: {}\n",
        "awards come off the chart without VP only with a Major Expedition: Ana has no 'majors'",
    ),
    "an award taken with and without VP": (
        "players:\n  Ana: {awards: [spice], majors: [amazon]}\n"
        "  Ben: {without_vp: [spice], majors: [circumnavigation]}  # here\n",
        "1st Spice has 1 box(es): it is claimed once each",
    ),
    "a Major Expedition listed as a mapping": (
        "players:\n  Ana:\n    majors: [{amazon: 8}]  # here\n  Ben: {}\n",
        "is not a Major Expedition (did you mean 'amazon'?)",
    ),
}


# -- pieces: every card and Leader in one place ----------------------------------------------------
def every_card(state) -> Counter:
    return Counter(state.cards())


def full_set(model) -> Counter:
    out: Counter = Counter()
    for deck in (
        "outfitting-deck",
        "exploration-sea",
        "exploration-land",
        "exploration-civilization",
    ):
        out.update(str(c.get("number")) for c in model.deck(deck).cards)
    out.update(c.name for c in model.deck("leaders").cards)
    return out


def finished(state, sheet, model) -> None:
    """Every VP chart award given at most once (sequential ones at most their boxes), every Major
    at most once, the VP as the sheet adds them, and the game ended by its rules."""
    board = model.component("board").spec
    for award in board.awards:
        assert len(state.claimed.get(award.id, [])) <= award.count, award.id
    assert len(state.majors) <= len(board.majors)
    for line in sheet.lines:
        assert line.total == state.total(line.player)
    reached = [p for p in state.players if state.total(p) >= state.target]
    assert len(reached) <= 1
    if reached:
        assert "reaches" in state.end_reason
    else:
        assert state.round <= state.round_limit and "round limit" in state.end_reason


# An end position copied off the VP chart by a 3-player table (target 6 VP). Each award is worth
# the VP chart's 1 VP; progress counts the times Ben's NWP/SSA marker advanced, 1 VP each
# (rules.yaml, known_progress_vp). Ana 6 awards = 6; Ben 2 awards + 1 = 3; Cai 1 Bay = 1.
POSITION = """\
game: age-of-exploration
players:
  Ana: {awards: [new-world-sighting, landfall-na, landfall-cb, cod-banks, bay, bay]}
  Ben: {awards: [landfall-ca, mayan-ruins], progress: 1}
  Cai: {awards: [bay]}
"""
POSITION_SCORE = {
    "Ana": {"vp_chart": 6, "known_progress": 0, "goods": 0, "majors": 0},
    "Ben": {"vp_chart": 2, "known_progress": 1, "goods": 0, "majors": 0},
    "Cai": {"vp_chart": 1, "known_progress": 0, "goods": 0, "majors": 0},
}


def hidden_twins(seed: int):
    """Ana about to outfit her first expedition; in the twin, one of Ben's six cards is swapped
    with one still in the deck."""
    from tests.checker.test_aoe_bot import dealt, swapped

    state = dealt()
    return state, swapped(state)


TESTS = GameTests(
    game="age-of-exploration",
    examples=EXPECTED,
    violations={
        name: Violation(BASE + tail, section, message)
        for name, (tail, section, message) in VIOLATIONS.items()
    },
    malformed_logs=spec.malformed(MALFORMED_LOGS),
    malformed_positions=spec.malformed(MALFORMED_POSITIONS),
    play=Play(
        components=TINY,
        players=["Ana", "Ben"],
        seed=7,
        stop_here=lambda session, prompt: "card drawn" in prompt,
    ),
    random_games=300,
    players=range(2, 5),
    max_steps=8_000,  # docs/rules/age-of-exploration.md, The end of the game
    pieces=every_card,
    full_set=full_set,
    finished=finished,
    position=spec.Position(
        POSITION, Expected(POSITION_SCORE, ["Ana"]), {"Ana": 1, "Ben": 2, "Cai": 3}
    ),
    hidden_twins=hidden_twins,
)
