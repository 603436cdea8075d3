"""Discovery: The Era of Voyage logs as typed at the table: names matched without regard to
case or accents, a setup section only where the game has one, an empty game (each malformed
log, exit 2, is in tests/checker/games/discovery_era_of_voyage.py)."""

from __future__ import annotations

from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.games.discovery_era_of_voyage import BASE
from tests.checker.helpers import marked_line


def test_names_ignore_case_and_accents(tmp_path):
    text = BASE.replace("[Palm Grove,", "[PALM GROVE,").replace("Gold Reef]", "gold réef]")
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


def test_an_empty_game_needs_no_setup_yet(tmp_path):
    # what `portolan play` writes when stopped at its first question
    path = tmp_path / "log.yaml"
    path.write_text("game: discovery-era-of-voyage\nplayers: [Ana, Ben]\nturns: []\n", "utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 0 and "0 turns, every step legal" in out.output


def test_a_count_past_the_box_is_malformed_not_replayed(tmp_path):
    # Found by fuzzing: 'invest: 100000000000000' made that many steps (memory, no end).
    for entry, message in (
        (
            "{player: Ana, sail: {to: Palm Grove, bow: cw}, invest: 100000000000000}",
            "a player has 8",
        ),
        (
            "{player: Ana, sail: {to: Palm Grove, bow: cw}, income: sell 99999999999 Gold}",
            "the 9 the game has",
        ),
    ):
        path = tmp_path / "log.yaml"
        path.write_text(BASE + f"  - {entry}\n", encoding="utf-8")
        out = CliRunner().invoke(app, ["check", str(path)])
        assert out.exit_code == 2, out.output
        assert message in out.output
