"""portolan show: the picture written where --out says (never over the log, never half), the
turn chosen, and every error as every command reports it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from typer.testing import CliRunner

from portolan.cli import app
from portolan.paths import ROOT

runner = CliRunner()
SHIPS = ROOT / "examples" / "ships" / "two-players.yaml"


def show(*args: str):
    return runner.invoke(app, ["show", *args])


def test_the_picture_after_a_turn_is_written_where_out_says(tmp_path):
    out = tmp_path / "position.svg"
    result = show(str(SHIPS), "--turn", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and 'id="ship-Ana-a1-merchant-1"' in svg
    assert 'id="ship-Ben-a2-merchant-1"' not in svg  # Ben's turn 2 is not shown
    assert "after turn 1" in result.stdout


def test_without_out_the_picture_goes_to_output_named_after_the_log(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert show(str(SHIPS)).exit_code == 0
    assert show(str(SHIPS), "--turn", "3").exit_code == 0
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == [
        "two-players-turn-3.svg",
        "two-players.svg",
    ]
    folder = tmp_path / "pictures"
    folder.mkdir()
    assert show(str(SHIPS), "--out", str(folder)).exit_code == 0
    assert (folder / "two-players.svg").is_file()


def test_text_prints_the_picture_in_words(tmp_path):
    result = show(str(SHIPS), "--turn", "1", "--out", str(tmp_path / "a.svg"), "--text")
    assert "Athens trade box 2 (Wine): Ana's merchant cube" in result.stdout.splitlines()


def test_a_turn_the_log_does_not_have_exits_2(tmp_path):
    result = show(str(SHIPS), "--turn", "41", "--out", str(tmp_path / "a.svg"))
    assert result.exit_code == 2
    assert "--turn: " in result.stderr and "has turns 0 to 40, not 41" in result.stderr
    assert not (tmp_path / "a.svg").exists()


def test_a_malformed_log_is_reported_at_its_line_and_column(tmp_path):
    log = tmp_path / "bad.yaml"
    log.write_text("game: ships\nplayers: [Ana, Ben]\nturns:\n  - {player: Ana, actionz: []}\n")
    result = show(str(log), "--out", str(tmp_path / "a.svg"))
    assert result.exit_code == 2
    assert "bad.yaml:4:" in result.stderr and "did you mean 'actions'" in result.stderr
    assert not (tmp_path / "a.svg").exists()


def test_an_illegal_step_exits_1_with_the_table_before_it(tmp_path):
    log = tmp_path / "illegal.yaml"
    text = SHIPS.read_text(encoding="utf-8")
    # Ben's first turn, played by Ana: not her turn
    log.write_text(text.replace("  - player: Ben\n", "  - player: Ana\n", 1), encoding="utf-8")
    out = tmp_path / "a.svg"
    result = show(str(log), "--out", str(out))
    assert result.exit_code == 1
    assert "it is Ben's turn, not Ana's" in result.stdout
    assert "the table before the illegal step (turn 1)" in result.stdout
    assert 'id="ship-Ana-a1-merchant-1"' in out.read_text(encoding="utf-8")


def test_out_never_overwrites_the_log_or_a_file_that_is_not_svg(tmp_path):
    log = tmp_path / "game.yaml"
    log.write_text(SHIPS.read_text(encoding="utf-8"), encoding="utf-8")
    before = log.read_bytes()
    for out in (str(log), str(tmp_path / "notes.txt")):
        result = show(str(log), "--out", out)
        assert result.exit_code == 2 and "--out" in result.stderr
    assert log.read_bytes() == before
    assert not (tmp_path / "notes.txt").exists()


def test_a_link_to_nothing_or_a_folder_that_cannot_be_made_exits_74(tmp_path):
    link = tmp_path / "dangling.svg"
    link.symlink_to(tmp_path / "missing" / "x.svg")
    result = show(str(SHIPS), "--out", str(link))
    assert result.exit_code == 74 and "symbolic link to nothing" in result.stderr
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = show(str(SHIPS), "--out", str(blocker / "a.svg"))
    assert result.exit_code == 74
    assert set(tmp_path.iterdir()) == {link, blocker}  # nothing half-written beside them


def test_the_same_log_gives_the_same_bytes_whatever_the_hash_seed(tmp_path):
    # Age of Exploration keeps bases and rumors in sets: their order must not show
    log = ROOT / "examples" / "age-of-exploration" / "two-players.yaml"
    outs = []
    for seed in ("1", "2"):
        out = tmp_path / f"seed{seed}.svg"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        cmd = [sys.executable, "-m", "portolan", "show", str(log), "--out", str(out)]
        subprocess.run(cmd, check=True, env=env, capture_output=True)
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_a_game_folder_without_the_printed_board_is_told_so(tmp_path):
    components = tmp_path / "components"
    shutil.copytree(
        ROOT / "components" / "discovery-era-of-voyage", components / "discovery-era-of-voyage"
    )
    game = components / "discovery-era-of-voyage" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("  - table-mat.yaml\n", ""))
    log = ROOT / "examples" / "discovery-era-of-voyage" / "two-players.yaml"
    result = show(str(log), "--components", str(components), "--out", str(tmp_path / "a.svg"))
    assert result.exit_code == 2
    assert "game.yaml: components: " in result.stderr
    assert "no printed 'table-mat' (board with rings)" in result.stderr
    assert not (tmp_path / "a.svg").exists()
