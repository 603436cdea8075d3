"""Ships at `portolan play`: the log's words at the prompt, a did-you-mean, the copies of a
card left in the deck, the table on request, the command that resumes the game, quoted (the
whole game through stdin is in test_games_play.py)."""

from __future__ import annotations

import shlex

from portolan.checker.core.registry import rules_for
from portolan.checker.games.ships.moves import ReturnGood, TakeGold, TakeNavigation
from tests.checker.helpers import portolan

RULES = rules_for("ships")


def test_the_display_dealt_by_name_then_the_logs_words_and_the_table(tmp_path):
    log = tmp_path / "Ana's game.yaml"
    deal = [
        "?",
        "navigation devise",  # a typo
        "Navigation Device",
        "navigation dev",  # the second copy, by a short form
        "docks",
        "warehouse",
        "lateen",
        "currency",
        *("greek", "lighthouse", "vikings", "oarsmen", "amphorae", "roman"),
    ]
    stdin = "\n".join([*deal, "t", "gold", "gold free", "q"]) + "\n"
    out = portolan(["play", "ships", "--players", "Ana,Ben", "--log", str(log)], stdin)
    assert out.returncode == 0, out.stderr
    possible = out.stdout.split("possible: ")[1].split("\n")[0]
    assert "Navigation Device ×2" in possible and "Greek Empire," in possible  # one copy: no ×
    assert "Did you mean 'Navigation Device'?" in out.stdout
    # 't': the display and what each player has in front of them, the scores so far
    assert "the display: Navigation Device ×2, Docks, Warehouse, Lateen Sail, Currency" in (
        out.stdout
    )
    assert "  Ana: 5 VP; 0 gold, 0 navigation" in out.stdout
    assert "scores so far: Ana 5, Ben 5" in out.stdout
    # the log's word picks the action; where two actions fit, more words tell them apart
    assert "'gold' fits 2 entries" in out.stdout
    assert '#~ ["Ana", "Take one gold (free action cube)"]' in log.read_text(encoding="utf-8")
    # the command that resumes the game, its file name quoted for the shell
    command = f"portolan play ships --log {shlex.quote(str(log))}"
    assert f"resume with: {command}" in out.stdout
    assert log.read_text(encoding="utf-8").startswith(
        f"# Portolan play log. Resume with: {command}"
    )


def test_the_logs_words_are_spellings_and_a_good_given_back_is_asked_first():
    assert "gold" in RULES.spellings(TakeGold(None))
    assert "navigation" in RULES.spellings(TakeNavigation("free"))
    assert not any(w.isdigit() for w in RULES.spellings(TakeGold(None)))
    assert RULES.spends(ReturnGood("Wine")) == "1 Wine (back to the pool)"
    assert RULES.spends(TakeGold("free")) is None
    assert RULES.spends(TakeGold("merchant")) == "a merchant cube"
