"""`portolan play discovery-era-of-voyage`: the setup dealt at the table island by island, and a
game saved in the middle of a two-step choice (a whole game through stdin, stopped and resumed,
is in test_games_play.py)."""

from __future__ import annotations

from portolan.checker.core.game import Step
from portolan.checker.core.log import parse_log
from portolan.checker.core.logwriter import log_text
from portolan.checker.core.registry import rules_for
from portolan.checker.core.replay import replay
from portolan.checker.games.discovery_era_of_voyage.moves import (
    Bow,
    FirstPlayer,
    Markers,
    NoInvest,
    PlaceIsland,
    PlacePirate,
    Sail,
    StartingCoins,
    StartTurn,
    TurnPirate,
)
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS, portolan

RULES = rules_for("discovery-era-of-voyage")
MODEL = load_game(COMPONENTS, "discovery-era-of-voyage")
DEFAULTS = {o.name: o.default for o in RULES.options(MODEL)}


def test_the_setup_is_asked_island_by_island_and_two_players_have_pirates(tmp_path):
    log = tmp_path / "game.yaml"
    circle = [
        "palm",  # a unique beginning is enough
        "Harbour Market",
        "orchard isle",
        "Temple of the Sun",
        "?",  # what may still be drawn
        "pepper coast",
        "Trading Post",
        "Gold Reef",
    ]
    # the coins and the markers are listed under their counts: '1' is none of them, '3' is
    # three coins each (as the log writes it), '8' is eight markers
    # then Ben sails to Palm Grove (1) and turns the bow as a log may write it (cw)
    stdin = "\n".join([*circle, "ben", "1", "3", "8", "1", "cw", "q"]) + "\n"
    args = ["play", "discovery-era-of-voyage", "--players", "Ana,Ben", "--log", str(log)]
    out = portolan(args, stdin)
    assert out.returncode == 0, out.stderr
    assert "== Before the first turn · Table · Setup phase ==" in out.stdout
    assert "slot 1: Palm Grove (Production 1)" in out.stdout
    # the Cultural island is drawn already: the others can no longer come
    possible = out.stdout.split("possible:")[1].split("\n")[0]
    assert "Pepper Coast" in possible and "Golden Pagoda" not in possible
    assert "×" not in possible  # one card each: the weights are no copies
    assert "Ben is the starting player; turn order Ben, Ana" in out.stdout
    assert "   3. 3 coins each\n   4. 0/0/1/1 coins from the starting player on" in out.stdout
    assert "1 is not in the list" in out.stdout
    assert "   8. 8 investment markers each\n   7. 7 investment markers each" in out.stdout
    assert "turns the bow clockwise" in out.stdout
    # "During Game Setting, the 2 unused color will act as pirates": play says so
    assert "2 players: the 2 unused colours sail as pirates" in out.stdout
    assert "the option pirates: false plays without them" in out.stdout
    text = log.read_text(encoding="utf-8")
    assert "options:" not in text and "first: Ben" in text  # the pirates are the default
    assert "coins: standard" in text and "markers: 8" in text


def test_a_game_stopped_mid_choice_resumes_at_that_choice():
    circle = ["Palm Grove", "Harbour Market", "Orchard Isle", "Temple of the Sun"]
    circle += ["Pepper Coast", "Trading Post", "Gold Reef"]
    setup = [PlaceIsland(c) for c in circle] + [FirstPlayer("Ana"), StartingCoins(False)]
    turns = [
        (1, StartTurn("Ana")),
        (1, Sail("Palm Grove")),
        (1, Bow(1)),
        (1, NoInvest()),
        (2, StartTurn("Ben")),
        (2, PlacePirate("Orchard Isle", 1)),
        (2, PlacePirate("Gold Reef", -1)),
        (2, Sail("Harbour Market")),
        (2, Bow(1)),
        (3, StartTurn("Ana")),
        (3, TurnPirate()),  # 'turn a pirate'...
        (3, TurnPirate("Orchard Isle")),  # ...this one, and the game stops before the payment
    ]
    steps = [Step(m, 0, "Table") for m in [*setup, Markers(8)]]
    steps += [Step(m, t, "Ana" if t % 2 else "Ben") for t, m in turns]
    options = DEFAULTS | {"pirates": True}
    text = log_text(RULES, MODEL, ["Ana", "Ben"], options, steps)
    assert "turn_pirate" not in text
    result = replay(parse_log(text, "stopped.yaml", COMPONENTS))
    assert result.ok
    d = RULES.decision(result.state)
    assert (d.player, d.prompt) == ("Ana", "where to sail")
    assert TurnPirate() in RULES.legal_moves(result.state)


def test_a_digit_that_is_no_decimal_number_is_an_answer_not_understood(tmp_path):
    # '²' is a digit to str.isdigit but not a number int() reads; '３' (full width) is 3
    log = tmp_path / "game.yaml"
    circle = ["palm", "harbour", "orchard", "temple", "pepper", "trading", "gold reef"]
    stdin = "\n".join([*circle, "ben", "²", "３", "q"]) + "\n"
    args = ["play", "discovery-era-of-voyage", "--players", "Ana,Ben", "--log", str(log)]
    out = portolan(args, stdin)
    assert out.returncode == 0, out.stderr
    assert "'²' is none of the choices" in out.stdout
    assert "starting coins: Ben 3, Ana 3" in out.stdout
    assert '"3 coins each"' in log.read_text(encoding="utf-8")


def test_a_player_named_like_a_command_letter_is_picked_by_that_letter(tmp_path):
    # 't' names the player T here (the table is 'table'); 'r' names R rather than picking at
    # random; the other command letters still work
    circle = ["palm", "harbour", "orchard", "temple", "pepper", "trading", "gold reef"]
    for player, other in (("T", "Ben"), ("R", "Ben")):
        log = tmp_path / f"{player}.yaml"
        stdin = "\n".join([*circle, "h", player.lower(), "table", "q"]) + "\n"
        args = ["play", "discovery-era-of-voyage", "--players", f"{other},{player}"]
        out = portolan([*args, "--log", str(log)], stdin)
        assert out.returncode == 0, out.stderr
        assert f"{player} is the starting player" in out.stdout
        assert "picked at random" not in out.stdout
        assert "undoes the last answer" in out.stdout  # h is still help
        assert "scores so far:" in out.stdout  # table shows the table
