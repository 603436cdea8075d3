"""Age of Discovery: rules that play out over several turns (payouts, reservations, scorings,
empty piles), the special missions and the tie-breaker, on the base log of
tests/checker/games/age_of_discovery.py."""

from __future__ import annotations

import pytest

from portolan.checker.core.log import parse_log
from portolan.checker.core.registry import rules_for
from portolan.checker.core.replay import run
from portolan.checker.games.age_of_discovery.book import ALL_SHIPS, HALF, MAJORITY, ONE_SHIP
from portolan.checker.games.age_of_discovery.flow import RESERVE_HEADING, heading_moves, top_moves
from portolan.checker.games.age_of_discovery.moves import Reserve
from portolan.checker.games.age_of_discovery.scoring import qualifies
from portolan.checker.games.age_of_discovery.state import UNNAMED
from tests.checker.games.age_of_discovery import log
from tests.checker.helpers import COMPONENTS, ROOT, run_log

RULES = rules_for("age-of-discovery")


def replay_with(tail: str, options: str = "", before_turns=None):
    """Replay the base log; ``before_turns(state)`` may change the state after the setup."""
    parsed = parse_log(log(tail, options), "test.yaml", COMPONENTS)
    state = RULES.setup(parsed.model, parsed.players, parsed.options)
    setup = [s for s in parsed.steps if s.turn == 0]
    result = run(RULES, parsed.model, state, setup, "test.yaml", finish=False)
    assert result.ok, result.violation
    if before_turns is not None:
        before_turns(state)
    result = run(RULES, parsed.model, state, parsed.steps[len(setup) :], "test.yaml")
    return result


def test_a_contract_pays_when_its_token_moves_off_the_track():
    book = RULES.book(parse_log(log(""), "t", COMPONENTS).model)
    payout = book.contracts["Black Contract 3"].payouts[1]  # 2 turns
    tail = (
        "  - player: Ana\n    send:\n"
        "      - {contract: Black Contract 3, ships: [Santa María], transport: 3, duration: 2}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, coins: take}\n"
        "  - {player: Ben, coins: take}\n"
    )
    state = run_log(log(tail)).state
    assert state.completed["Ana"] == 0 and state.coins["Ana"] == 6 - 2 + 2
    assert not state.flagship_idle["Ana"]
    state = run_log(log(tail + "  - {player: Ana, coins: take}\n")).state
    assert state.completed["Ana"] == 1
    assert state.coins["Ana"] == 6 - 2 + 2 + payout + 2
    assert state.flagship_idle["Ana"] and state.boxed["Black Contract 3"] == 1
    assert state.voyages == []


@pytest.mark.parametrize(
    ("tail", "buyer", "ship"),
    [
        (  # the reservation ends with Ana's next turn: Ben may buy the ship after it
            "  - {player: Ana, reserve: Blue Ship 2, coins: take}\n"
            "  - {player: Ben, coins: take}\n"
            "  - {player: Ana, coins: take}\n"
            "  - {player: Ben, buy: [Blue Ship 2: White Ship 1]}\n",
            "Ben",
            "Blue Ship 2",
        ),
        (  # the reserver may buy it on her next turn
            "  - {player: Ana, reserve: Green Ship 3, coins: take}\n"
            "  - {player: Ben, coins: take}\n"
            "  - {player: Ana, buy: [Green Ship 3: White Ship 1]}\n",
            "Ana",
            "Green Ship 3",
        ),
    ],
    ids=["by another after the reserver's next turn", "by the reserver on her next turn"],
)
def test_a_reserved_ship_is_bought(tail, buyer, ship):
    result = run_log(log(tail))
    assert result.ok, result.violation
    assert result.state.fleet[buyer] == {ship: 1}
    assert result.state.reservations == []


def test_a_reserved_filling_ship_stays_with_option_stays():
    tail = (
        "  - {player: Ana, reserve: Black Ship 1}\n"
        "  - {player: Ben, buy: [{ship: Red Ship 1, space: 1, new: White Ship 1}]}\n"
    )
    state = replay_with(tail, "options: {reserved_filling_ship: stays}\n").state
    assert state.purchase[0] == "White Ship 1" and state.filling[0] == "Black Ship 1"
    state = replay_with(tail).state  # by default it slides down, token and all
    assert state.purchase[0] == "Black Ship 1" and state.filling[0] == "White Ship 1"
    assert (state.reservations[0].row, state.reservations[0].space) == ("purchase", 0)


def only_first_scoring_left_in_pile_3(state):
    state.piles[0] = state.piles[1] = 0
    state.piles[2] = 1


def test_the_first_scoring_card_finishes_the_turn_then_everyone_plays_once_more():
    tail = (
        "  - {player: Ana, buy: [Blue Ship 2: [First Scoring, White Ship 1]], coins: take}\n"
        "  - {player: Ben, coins: take}\n"
    )
    state = replay_with(tail, before_turns=only_first_scoring_left_in_pile_3).state
    assert state.first_at == 3 and state.first_points is None
    assert state.piles[2] == 0 and state.filling[1] == "White Ship 1"
    tail += "  - {player: Ana, send: [Blue Ship 2: Drake]}\n"
    state = replay_with(tail, before_turns=only_first_scoring_left_in_pile_3).state
    drake = RULES.book(parse_log(log(""), "t", COMPONENTS).model).expeditions["Francis Drake"]
    assert state.first_points == {"Ana": drake.first_match, "Ben": 0}
    assert state.phase == "Turn" and state.player == "Ben"  # play goes on


def test_a_ship_cannot_come_from_a_pile_holding_only_its_scoring_card():
    tail = "  - {player: Ana, buy: [Blue Ship 2: White Ship 1]}\n"
    result = replay_with(tail, before_turns=only_first_scoring_left_in_pile_3)
    assert result.violation.message == "pile 3 has one card left, and it is the First Scoring card"


def last_card_final_scoring(state):
    for i in range(4):
        state.piles[i] = 0
        state.scoring_in[i] = None
    state.piles[4] = 1
    state.set_aside.append("First Scoring")
    state.first_at = 0
    state.first_points = {"Ana": 0, "Ben": 0}


FINAL_TAIL = (
    "  - player: Ana\n    buy: [Blue Ship 2: Final Scoring]\n    send:\n"
    "      - {contract: Black Contract 3, ships: [Santa María], transport: 3, duration: 3}\n"
    "  - {player: Ben, buy: [Green Ship 3]}\n"
    "  - {player: Ana, coins: take}\n"
)


def test_the_final_scoring_returns_unfinished_contracts_and_counts_idle_ships():
    result = replay_with(FINAL_TAIL, before_turns=last_card_final_scoring)
    state = result.state
    assert state.final_at == 3 and state.over
    assert state.voyages == [] and state.completed["Ana"] == 0
    assert state.boxed["Black Contract 3"] == 1 and state.flagship_idle["Ana"]
    # nothing left to turn over: Blue Ship 3 slid down and its space stays empty
    assert state.purchase[2] == "Blue Ship 3" and state.filling[2] is None
    sheet = RULES.score(state)
    lines = {ln.player: ln for ln in sheet.lines}
    # Ana: Blue Ship 2 and Santa María (back from the voyage); Ben: Green Ship 3 and Golden Hind
    assert lines["Ana"].breakdown["unassigned_ships"] == 2
    assert lines["Ben"].breakdown["unassigned_ships"] == 2
    assert lines["Ana"].tiebreak == (2,)


def test_option_idle_flagship_not_counted():
    result = replay_with(
        FINAL_TAIL, "options: {idle_flagship: not_counted}\n", last_card_final_scoring
    )
    lines = {ln.player: ln for ln in RULES.score(result.state).lines}
    assert lines["Ana"].breakdown["unassigned_ships"] == 1


def test_option_piles_run_out_scores_at_the_end_of_that_turn():
    tail = "  - {player: Ana, buy: [Blue Ship 2: Final Scoring]}\n"
    result = replay_with(
        tail, "options: {piles_run_out: score_at_turn_end}\n", last_card_final_scoring
    )
    assert result.ok, result.violation
    assert result.state.over and result.state.turn == 1
    assert not replay_with(tail, before_turns=last_card_final_scoring).state.over


@pytest.mark.parametrize(
    ("kind", "mine", "total", "met"),
    [
        (ONE_SHIP, 1, 5, True),
        (ONE_SHIP, 0, 5, False),
        (HALF, 2, 4, True),
        (HALF, 2, 5, False),
        (MAJORITY, 3, 5, True),
        (MAJORITY, 2, 4, False),
        (ALL_SHIPS, 3, 3, True),
        (ALL_SHIPS, 3, 4, False),
        # alone on an expedition, every mission is met
        (MAJORITY, 1, 1, True),
        (HALF, 2, 2, True),
    ],
)
def test_missions(kind, mine, total, met):
    assert qualifies(kind, mine, total) is met


def test_a_tie_goes_to_the_player_with_more_ships_not_sent():
    """The four-player example: Ana and Ben both score 73; Ana has 1 ship not sent, Ben none."""
    text = (ROOT / "examples" / "age-of-discovery" / "four-players.yaml").read_text("utf-8")
    sheet = RULES.score(run_log(text).state)
    assert {ln.player: ln.total for ln in sheet.lines} == {
        "Ana": 73,
        "Ben": 73,
        "Cai": 56,
        "Dora": 64,
    }
    assert {ln.player: ln.rank for ln in sheet.lines} == {"Ana": 1, "Ben": 2, "Cai": 4, "Dora": 3}
    assert sheet.winners == ["Ana"]


FLAGSHIPS = ["Santa María", "São Gabriel", "Golden Hind", "Trinidad", "Matthew", "Grande Hermine"]


def joining_green(flagship: str, fields: str) -> str:
    """A log in which Ana, whose flagship is ``flagship``, sends Green Ship 1 to Antonio de
    Abreu and then her flagship, written with ``fields``, to join it."""
    ben = "Matthew" if flagship == "Golden Hind" else "Golden Hind"
    text = log(
        "  - {player: Ana, buy: [Yellow Ship 1: White Ship 1, Green Ship 1: White Ship 2]}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, coins: take}\n"
        "  - {player: Ben, coins: take}\n"
        "  - player: Ana\n    coins: take\n    send:\n"
        "      - Green Ship 1: Antonio de Abreu\n"
        f"      - {{{flagship}: Antonio de Abreu, {fields}}}\n"
    ).replace("flagship: Golden Hind", f"flagship: {ben}", 1)
    return text.replace("flagship: Santa María", f"flagship: {flagship}", 1)


@pytest.mark.parametrize("flagship", FLAGSHIPS)
@pytest.mark.parametrize("transport", [1, 2, 3])
def test_the_flagship_example_of_4_4_1_under_the_default_options(flagship, transport):
    """'On the Antonio de Abreu expedition, with a total transport value of 3, a green ship
    with a transport value of 1 has already been played. [...] A flagship may be played, as a
    ship with a transport value of 1 or 2.' (§4.4.1): any of the six, not 3."""
    result = run_log(joining_green(flagship, f"transport: {transport}"))
    if transport == 3:
        assert not result.ok and "Antonio de Abreu" in result.violation.message
        return
    assert result.ok, result.violation
    state = result.state
    assert state.coins["Ana"] == 6 - 3 - 3 + 2 + 2 - 1 - 2
    assert not state.flagship_idle["Ana"]


@pytest.mark.parametrize(
    ("flagship", "colour", "refused"),
    [("Golden Hind", "green", False), ("Golden Hind", "blue", True), ("Santa María", "red", True)],
)
def test_a_flagship_joining_under_the_default_options_sails_under_the_colour_there(
    flagship, colour, refused
):
    """Under flagship_colours: any a flagship joins ships of any colour and sails under theirs
    (§4.4.1): a colour: that says otherwise is refused, not silently dropped."""
    result = run_log(joining_green(flagship, f"transport: 1, colour: {colour}"))
    if not refused:
        assert result.ok, result.violation
        return
    assert not result.ok
    assert result.violation.message == (
        f"{flagship} joins green ships here and sails under green, not {colour}"
    )


# Ana reserves Blue Ship 3 (filling row), buys Green Ship 3 below it (Blue Ship 3 slides down,
# White Ship 1 is turned over above), then reserves White Ship 1 with her second card.
RESERVE_BUY = "  - player: Ana\n    reserve: Blue Ship 3\n    buy: [Green Ship 3: White Ship 1]\n"


def test_a_second_reservation_after_reserve_then_buy_is_written_under_then():
    """'You may play any number of action cards during a single turn' (§6.2), and a
    Reservation 'at any time during your turn': the log says when with then:."""
    result = run_log(log(RESERVE_BUY + "    then: {reserve: White Ship 1}\n"))
    assert result.ok, result.violation
    state = result.state
    assert state.action_cards["Ana"].get("Reservation", 0) == 0
    assert [(r.player, r.row, r.space) for r in state.reservations] == [
        ("Ana", "purchase", 2),
        ("Ana", "filling", 2),
    ]
    # the log written back (play's) keeps the order: the second one under then:
    parsed = parse_log(log(RESERVE_BUY + "    then: {reserve: White Ship 1}\n"), "t", COMPONENTS)
    turns = RULES.write_log(parsed.steps)["turns"]
    assert turns[0]["then"] == [{"reserve": "White Ship 1"}]
    assert turns[0]["reserve"] == "Blue Ship 3"


def test_play_offers_a_second_reservation_after_a_purchase():
    parsed = parse_log(log(RESERVE_BUY), "test.yaml", COMPONENTS)
    state = RULES.setup(parsed.model, parsed.players, parsed.options)
    result = run(RULES, parsed.model, state, parsed.steps, "test.yaml", finish=False)
    assert result.ok, result.violation
    assert state.player == "Ana" and RESERVE_HEADING in top_moves(state)
    assert Reserve("White Ship 1") in heading_moves(state, RESERVE_HEADING)


def test_contract_shorthand_takes_a_face_up_card_and_its_replacement_stays_unnamed():
    """docs/logs.md: 'contract: Card alone works out which'. Red Contract 3 lies face up: Ana
    takes it; the card turned over in its place is named only when someone takes it."""
    tail = "  - {player: Ana, contract: Red Contract 3}\n  - {player: Ben, coins: take}\n"
    result = run_log(log(tail))
    assert result.ok, result.violation
    state = result.state
    assert "Red Contract 3" in state.hands["Ana"] and state.coins["Ana"] == 5
    assert state.contract_row[0] == UNNAMED
    unseen = len(state.contract_deck)
    assert state.draw_deck_size() == unseen - 1  # one of the unseen lies face up
    # Ana takes it by name on her next turn: Blue Contract 6 was the card turned over
    result = run_log(log(tail + "  - {player: Ana, contract: {take: Blue Contract 6}}\n"))
    assert result.ok, result.violation
    state = result.state
    assert "Blue Contract 6" in state.hands["Ana"]
    assert len(state.contract_deck) == unseen - 1 and state.contract_row[0] == UNNAMED


def test_the_unnamed_face_up_contract_cannot_be_a_card_seen_elsewhere():
    tail = (
        "  - {player: Ana, contract: Red Contract 3}\n  - {player: Ben, coins: take}\n"
        "  - {player: Ana, contract: {take: Yellow Contract 3}}\n"  # Ben's
    )
    result = run_log(log(tail))
    assert not result.ok
    assert "Yellow Contract 3 is not face up in the contract row (in Ben's hand)" in (
        result.violation.message
    )


# Ana buys Yellow Ship 1 and plays Black Contract 3 with it and her red/yellow flagship, writing
# wild: true ("those of another colour than the contract's", docs/logs.md).
WILD_TRUE = (
    "  - player: Ana\n    buy: [Yellow Ship 1: White Ship 1]\n    send:\n"
    "      - {contract: Black Contract 3, ships: [Santa María, Yellow Ship 1], transport: 2,\n"
    "         duration: 1, wild: true}\n"
)


def test_wild_true_on_a_contract_plays_cards_only_for_the_ships_that_need_one():
    """By default (flagship_colours: any) a flagship joins a contract of any colour as it is
    (§4.4.1's example): wild: true spends a Wild Ship card on Yellow Ship 1 only. With
    flagship_colours: either, the red/yellow flagship needs one too on a black contract."""
    result = run_log(log(WILD_TRUE))
    assert result.ok, result.violation
    assert result.state.action_cards["Ana"]["Wild Ship"] == 3 - 1
    result = run_log(log(WILD_TRUE, "options: {flagship_colours: either}\n"))
    assert result.ok, result.violation
    assert result.state.action_cards["Ana"]["Wild Ship"] == 3 - 2


def test_the_unnamed_face_up_contract_may_be_reserved_by_name():
    """A Reservation goes on 'a trade contract' face up (§6.2): the card turned over unnamed
    after Ana's contract: Red Contract 3 is named when Ben reserves it, and stays his."""
    tail = (
        "  - {player: Ana, contract: Red Contract 3}\n"
        "  - {player: Ben, reserve: Blue Contract 6, coins: take}\n"
    )
    result = run_log(log(tail))
    assert result.ok, result.violation
    state = result.state
    assert state.contract_row[0] == "Blue Contract 6"
    assert "Blue Contract 6" not in state.contract_deck
    assert [(r.player, r.row, r.space) for r in state.reservations] == [("Ben", "contracts", 0)]
    taken = run_log(log(tail + "  - {player: Ana, contract: {take: Blue Contract 6}}\n"))
    assert taken.violation.message == (
        "Blue Contract 6 is reserved by Ben: no other player may take it"
    )


@pytest.mark.parametrize("duration", [1, 2, 3])
def test_a_voyage_of_n_turns_pays_at_the_start_of_its_owners_nth_turn_after(duration):
    """§4.4.2: the token starts on box N of the turn track and moves a box at the start of each
    of its owner's turns; the contract is complete when it moves off the last box."""
    book = RULES.book(parse_log(log(""), "t", COMPONENTS).model)
    payout = book.contracts["Black Contract 3"].payouts[duration - 1]
    tail = (
        "  - player: Ana\n    send:\n"
        "      - {contract: Black Contract 3, ships: [Santa María], transport: 3,\n"
        f"         duration: {duration}}}\n"
        "  - {player: Ben, coins: take}\n"
    )
    for _ in range(duration - 1):  # Ana's turns before the one it pays in
        tail += "  - {player: Ana}\n  - {player: Ben, coins: take}\n"
    state = run_log(log(tail)).state
    assert state.completed["Ana"] == 0 and state.coins["Ana"] == 6 - 2
    state = run_log(log(tail + "  - {player: Ana}\n")).state
    assert state.completed["Ana"] == 1 and state.coins["Ana"] == 6 - 2 + payout
    assert state.flagship_idle["Ana"] and state.voyages == []


def empty_bank(state):
    state.coins["Ben"] += state.bank  # every coin of the box in front of the players
    state.bank = 0


def test_option_bank_limited_an_empty_bank_pays_nothing():
    """The bank holds the box's coins (§2.0): from an empty bank Take 2 coins is refused and a
    contract pays what is left (bank: limited); with bank: unlimited it always pays."""
    result = replay_with("  - {player: Ana, coins: take}\n", before_turns=empty_bank)
    assert result.violation.message == "the bank is empty: there are no coins to take"
    assert result.violation.section == "§4.1"
    tail = (
        "  - player: Ana\n    send:\n"
        "      - {contract: Black Contract 3, ships: [Santa María], transport: 3, duration: 1}\n"
        "  - {player: Ben}\n  - {player: Ana}\n"
    )
    state = replay_with(tail, before_turns=empty_bank).state
    assert state.completed["Ana"] == 1 and state.coins["Ana"] == 6  # the 2 coins of the fee
    assert state.bank == 0
    state = replay_with(tail, "options: {bank: unlimited}\n", empty_bank).state
    assert state.coins["Ana"] == 6 - 2 + 5 and state.bank == 2 - 5


@pytest.mark.parametrize(("option", "points"), [("sailing_colour", 4), ("either_colour", 5)])
def test_option_flagship_scores(option, points):
    """§5.1: Santa María (red/yellow) sets yellow on Columbus's red expedition. By default it
    scores by the colour it sails under (the black 4); with either_colour its red counts (5)."""
    tail = (
        "  - player: Ana\n    buy: [Blue Ship 2: Final Scoring]\n"
        "    send: [{Santa María: Columbus, transport: 1, colour: yellow}]\n"
        "  - {player: Ben, coins: take}\n  - {player: Ana, coins: take}\n"
    )
    state = replay_with(
        tail, f"options: {{flagship_scores: {option}}}\n", last_card_final_scoring
    ).state
    assert state.over and state.final_points["expeditions"] == {"Ana": points, "Ben": 0}


def test_a_flagship_sent_with_a_wild_ship_card_sails_under_the_cards_colour_if_it_shows_it():
    """flagship_colours: either: Santa María (red/yellow) joins Blue Ship 2 on Barentsz's yellow
    expedition with a Wild Ship card, its colour not written. Of its two colours it sails under
    the card's, as a flagship that is the first ship does (§5.1: the coloured 7, not the black
    6)."""
    tail = (
        "  - player: Ana\n    buy: [Blue Ship 2: Final Scoring]\n"
        "    send: [Blue Ship 2: Barentsz]\n"
        "  - {player: Ben, coins: take}\n"
        "  - player: Ana\n    coins: take\n"
        "    send: [{Santa María: Barentsz, transport: 1, wild: true}]\n"
    )
    state = replay_with(
        tail, "options: {flagship_colours: either}\n", last_card_final_scoring
    ).state
    assert state.over and state.final_points["expeditions"]["Ana"] == 6 + 7


def both_scoring_cards_next(state):
    """Pile 3 holds only First Scoring, pile 5 Final Scoring and one ship; the rest are empty."""
    state.piles[:] = [0, 0, 1, 0, 2]


def test_both_scoring_cards_in_one_turn_score_first_then_final():
    """§5.2, §5.3: both cards turned over for one purchase; each scoring comes after the extra
    turns, the first before the final (docs/rules/age-of-discovery.md)."""
    tail = (
        "  - player: Ana\n    buy: [Blue Ship 2: [First Scoring, Final Scoring, White Ship 1]]\n"
        "    send: [Blue Ship 2: Drake]\n"
        "  - {player: Ben, coins: take}\n"
    )
    state = replay_with(tail, before_turns=both_scoring_cards_next).state
    assert state.first_at == state.final_at == 3 and state.first_points is None
    assert state.filling[1] == "White Ship 1" and not any(state.piles)
    state = replay_with(
        tail + "  - {player: Ana, coins: take}\n", "", both_scoring_cards_next
    ).state
    drake = RULES.book(parse_log(log(""), "t", COMPONENTS).model).expeditions["Francis Drake"]
    assert state.first_points == {"Ana": drake.first_match, "Ben": 0}
    assert state.final_points["expeditions"] == {"Ana": drake.final_match, "Ben": 0}
    assert state.over
