"""Discovery: The Era of Voyage logs that cannot be read: exit code 2, file:line:column, the
field and a hint; no traceback. Names are matched without regard to case or accents."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.helpers import marked_line

HEAD = """\
game: discovery-era-of-voyage
players: [Ana, Ben, Cai]
setup:
  islands: [Palm Grove, Harbour Market, Orchard Isle, Temple of the Sun, Pepper Coast,
            Trading Post, Gold Reef]
  first: Ana
turns:
"""

CASES = {
    "an unknown island": (
        HEAD.replace("[Palm Grove,", "[Palm Grov,  # here"),
        "'Palm Grov' is not an island of this game (did you mean 'Palm Grove'?)",
    ),
    "an unknown setup key": (
        HEAD.replace("  first: Ana", "  frist: Ana  # here"),
        "unknown key 'frist' (did you mean 'first'?)",
    ),
    "a starting player not in the game": (
        HEAD.replace("  first: Ana", "  first: Eve  # here"),
        "'Eve' is not a player in this game",
    ),
    "an unknown way to deal the starting coins": (
        HEAD.replace("  first: Ana", "  first: Ana\n  coins: 2  # here"),
        "'2' is not a way to hand out starting coins (write 3 (each) or 0/0/1/1)",
    ),
    "markers that are not a number": (
        HEAD.replace("  first: Ana", "  first: Ana\n  markers: many  # here"),
        "markers is a whole number, found 'many'",
    ),
    "no setup": (
        "game: discovery-era-of-voyage  # here\nplayers: [Ana, Ben]\n"
        "turns:\n  - {player: Ana, sail: {to: Gold Reef, bow: cw}}\n",
        "'setup' is missing: name the islands in circle order, clockwise",
    ),
    "five players": (
        HEAD.replace("[Ana, Ben, Cai]", "[Ana, Ben, Cai, Dora, Eli]  # here"),
        "5 players: Discovery: The Era of Voyage is for 2 to 4",
    ),
    "pirates with three players": (
        HEAD.replace("setup:", "options: {pirates: true}  # here\nsetup:"),
        "the pirates are the 2 Player Variant: this game has 3 players",
    ),
    "an unknown option": (
        HEAD.replace("setup:", "options: {marker_limt: own}  # here\nsetup:"),
        "unknown rule option 'marker_limt' (did you mean 'marker_limit'?)",
    ),
    "a bad option value": (
        HEAD.replace("setup:", "options: {marker_limit: mine}  # here\nsetup:"),
        "'mine' is not a choice of option 'marker_limit'",
    ),
    "an unknown turn key": (
        HEAD + "  - {player: Ana, sial: Palm Grove}  # here\n",
        "unknown key 'sial' (did you mean 'sail'?)",
    ),
    "a turn for a player not in the game": (
        HEAD + "  - {player: Eve, sail: {to: Palm Grove, bow: clockwise}}  # here\n",
        "'Eve' is not a player in this game",
    ),
    "a turn that is not a mapping": (
        HEAD + "  - Ana sails to Palm Grove  # here\n",
        "a turn is a mapping with at least 'player' and 'sail'",
    ),
    "an unknown destination": (
        HEAD + "  - {player: Ana, sail: {to: Gold Reff, bow: clockwise}}  # here\n",
        "'Gold Reff' is not an island of this game (did you mean 'Gold Reef'?)",
    ),
    "a bow that is not a direction": (
        HEAD + "  - {player: Ana, sail: {to: Gold Reef, bow: north}}  # here\n",
        "'north' is not a bow direction (write clockwise or counterclockwise)",
    ),
    "sail without a destination": (
        HEAD + "  - {player: Ana, sail: yes}  # here\n",
        "sail names an island, a number of steps, or return",
    ),
    "an unknown resource": (
        HEAD
        + "  - {player: Ana, sail: {to: Harbour Market, bow: cw}, income: sell Golld}  # here\n",
        "'Golld' is not a resource (did you mean 'Gold'?)",
    ),
    "a trade that is neither a purchase nor a sale": (
        HEAD + "  - {player: Ana, sail: Harbour Market, income: {trade: [Gold]}}  # here\n",
        "a trade is 'buy X' or 'sell X', not 'Gold'",
    ),
    "an unknown income key": (
        HEAD + "  - {player: Ana, sail: Temple of the Sun, income: {exchnage: Gold}}  # here\n",
        "unknown key 'exchnage' (did you mean 'exchange'?)",
    ),
    "an unknown pirate payment": (
        HEAD + "  - {player: Ana, turn_pirate: {Gold Reef: Silver}}  # here\n",
        "'Silver' is not a coin or a resource",
    ),
    "an unknown game": (
        "game: discovery-era-of-voyag  # here\nplayers: [Ana, Ben]\n",
        "no checker for game 'discovery-era-of-voyag' (did you mean 'discovery-era-of-voyage'?)",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_malformed_log_exits_2_with_position_and_hint(case, tmp_path):
    text, message = CASES[case]
    path = tmp_path / "log.yaml"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 2, out.output
    assert "Traceback" not in out.output
    assert f"log.yaml:{marked_line(text)}:" in out.output
    assert message in out.output


def test_names_ignore_case_and_accents(tmp_path):
    text = HEAD.replace("[Palm Grove,", "[PALM GROVE,").replace("Gold Reef]", "gold réef]")
    text += "  - {player: ana, sail: {to: palm grove, bow: Counter-Clockwise}}\n"
    text += "  - {player: BEN, sail: {to: Gold Reef, bow: CW}, income: none}\n"
    path = tmp_path / "log.yaml"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(path), "--trace"])
    assert out.exit_code == 0, out.output
    assert "slot 1: Palm Grove (Production 1)" in out.output
    assert "Ana        Sailing      turns the bow counterclockwise" in out.output
    assert "Ben        Income       takes no income" in out.output


def test_a_setup_entry_in_a_game_without_one(tmp_path):
    text = "game: exploration-age-of-sail\nplayers: [Ana, Ben]\nsetup: {}  # here\n"
    path = tmp_path / "log.yaml"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 2
    assert f"log.yaml:{marked_line(text)}:1: setup: unknown key 'setup'" in out.output


def test_an_unfinished_game_is_legal_but_not_over(tmp_path):
    path = tmp_path / "log.yaml"
    path.write_text(HEAD + "  - {player: Ana, sail: {to: Palm Grove, bow: cw}}\n", "utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 0
    assert "the game is not over yet" in out.output


def test_an_empty_game_needs_no_setup_yet(tmp_path):
    # what `portolan play` writes when stopped at its first question
    path = tmp_path / "log.yaml"
    path.write_text("game: discovery-era-of-voyage\nplayers: [Ana, Ben]\nturns: []\n", "utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 0 and "0 turns, every step legal" in out.output
