"""Exploration in the Age of Sail at `portolan play`: names typed by prefix, a typo's
did-you-mean, undo, the copies left, the players asked for, the help (the whole game through
stdin is in test_games_play.py)."""

from __future__ import annotations

from portolan.checker.core.matching import match
from tests.checker.helpers import portolan


def test_answers_by_name_prefix_and_undo(tmp_path):
    log = tmp_path / "game.yaml"
    stdin = "magelan\nmagel\ncarr\nu\ncaravels\n?\nq\n"
    out = portolan(
        ["play", "exploration-age-of-sail", "--players", "Ana,Ben", "--log", str(log)], stdin
    )
    assert out.returncode == 0, out.stderr
    assert "'magelan' cannot happen now. Did you mean 'Magellan'?" in out.stdout
    assert "draws Magellan" in out.stdout and "draws Carracks" in out.stdout
    assert "Undone." in out.stdout and "draws Caravels" in out.stdout
    assert "possible: Galleons ×4" in out.stdout  # the copies still in the deck
    text = log.read_text(encoding="utf-8")
    assert "{player: Ana, draw: Magellan}" in text
    assert "{player: Ben, draw: Caravels}" in text and "Carracks" not in text


def test_an_answer_matches_words_case_and_accent_insensitively():
    labels = [
        ("form an expedition: Hernán Cortés + Galleons + Sailors",),
        ("form an expedition: Magellan + Galleons + Sailors",),
        ("no (more) expeditions this turn",),
    ]
    assert match("hernan", labels) == [0]
    assert match("MAG gal", labels) == [1]
    assert match("galleons", labels) == [0, 1]
    assert match("no", labels) == [2]


def test_new_game_needs_players_and_a_valid_count(tmp_path):
    out = portolan(["play", "exploration-age-of-sail", "--log", str(tmp_path / "x.yaml")], "")
    assert out.returncode == 2 and "--players" in out.stderr and "Traceback" not in out.stderr
    out = portolan(
        ["play", "exploration-age-of-sail", "--players", "Solo", "--log", str(tmp_path / "x.yaml")],
        "",
    )
    assert out.returncode == 2 and "Exploration in the Age of Sail is for 2 to 6" in out.stderr


def test_the_help_says_what_each_answer_does():
    out = portolan(["play", "--help"], "")
    text = " ".join(out.stdout.replace("│", " ").split())
    assert "r picks at random, offered only when a few outcomes are equally likely" in text
    assert "t shows the table (what each player has, the scores so far)" in text
    assert "hidden (or Enter) keeps a secret card unnamed" in text
    assert "u undoes the last answer; q stops" in text
