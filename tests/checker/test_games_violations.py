"""Every rule each game's checker enforces, broken once: exit 1 at the right line, with the
rulebook section cited and the message a player reads, word for word."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.model import load_game
from tests.checker.games import GAME_TESTS, cases
from tests.checker.helpers import COMPONENTS, marked_line, run_log


@pytest.mark.parametrize(("game", "case"), cases("violations"))
def test_each_rule_is_enforced_with_its_citation_and_line(game, case):
    broken = GAME_TESTS[game].violations[case]
    v = run_log(broken.log).violation
    assert v is not None, f"{case}: the log was accepted"
    rule = load_game(COMPONENTS, game).cite(broken.section)
    assert v.rule == rule
    assert v.message == broken.message  # word for word: what the player reads
    assert v.line == marked_line(broken.log)
    assert v.file == "test.yaml"
    for field in ("turn", "player", "phase", "column"):  # where given: blamed on its own turn
        if getattr(broken, field) is not None:
            assert getattr(v, field) == getattr(broken, field), (case, field)
    if None not in (broken.turn, broken.player, broken.phase):  # the whole line check prints
        turn = "setup" if broken.turn == 0 else f"turn {broken.turn}"
        where = f"test.yaml:{v.line}:{v.column}: illegal step ({turn}, {broken.player}, "
        assert str(v) == f"{where}{broken.phase} phase): {broken.message} {rule}"


@pytest.mark.parametrize("game", list(GAME_TESTS))
def test_an_illegal_log_exits_1_with_the_violation_in_json(game, tmp_path):
    broken = next(iter(GAME_TESTS[game].violations.values()))
    path = tmp_path / "log.yaml"
    path.write_text(broken.log, encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(path), "--json"])
    assert out.exit_code == 1, out.output
    data = json.loads(out.output)
    assert data["ok"] is False and data["scores"] == [] and data["winners"] == []
    assert data["violation"]["file"] == str(path)  # with line and column, as an input error
    assert data["violation"]["line"] == marked_line(broken.log)
    assert data["violation"]["rule"] == load_game(COMPONENTS, game).cite(broken.section)
    assert data["violation"]["message"] == broken.message
