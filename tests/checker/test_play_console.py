"""The console referee (portolan play): Ctrl-C says how to resume, line editing where readline
is, a misspelt action gets a did-you-mean, Ships' setup counts the cards it deals, and a city
choice shows its benefit (portolan/cli/play.py, checker/core/play.py)."""

from __future__ import annotations

import builtins
import sys

from typer.testing import CliRunner

from portolan.checker.core.log import load_log
from portolan.checker.core.play import Session
from portolan.checker.games.ships.moves import City
from portolan.cli import app
from portolan.cli.play import line_editing
from portolan.paths import ROOT

runner = CliRunner()
DISPLAY = [
    "Lateen Sail",
    "Currency",
    "Navigation Device",
    "Greek Empire",
    "Currency",
    "Phoenician Alphabet",
    "Amphorae",
    "Vikings!",
    "Roman Empire",
    "Lateen Sail",
    "Ram",
    "Lighthouse",
]


def play_ships(tmp_path, answers: list[str]):
    log = tmp_path / "game.yaml"
    typed = "\n".join(answers) + "\n"
    return runner.invoke(app, ["play", "ships", "--players", "Ana,Ben", "--log", str(log)], typed)


def test_ctrl_c_prints_the_resume_command_as_q_does(tmp_path, monkeypatch):
    typed = iter(["Lateen Sail"])

    def person(prompt: str) -> str:
        answer = next(typed, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr(builtins, "input", person)
    log = tmp_path / "game.yaml"
    result = runner.invoke(app, ["play", "ships", "--players", "Ana,Ben", "--log", str(log)])
    assert result.exit_code == 130
    assert f"resume with: portolan play ships --log {log}" in result.stdout
    assert "Traceback" not in result.output
    monkeypatch.undo()  # the person types again
    resumed = runner.invoke(app, ["play", "ships", "--log", str(log)], "q\n")
    assert "(card 2 of 12)" in resumed.stdout  # the answer given before Ctrl-C was kept


def test_line_editing_only_at_a_terminal(monkeypatch):
    monkeypatch.delitem(sys.modules, "readline", raising=False)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    line_editing()
    assert "readline" not in sys.modules
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    line_editing()
    assert "readline" in sys.modules
    monkeypatch.setitem(sys.modules, "readline", None)  # as where there is none: plain input
    line_editing()


def test_ships_setup_counts_the_cards_dealt(tmp_path):
    result = play_ships(tmp_path, [*DISPLAY[:2], "q"])
    prompts = [line for line in result.stdout.splitlines() if "dealt to the display" in line]
    assert "card dealt to the display (card 1 of 12)?" in prompts[0]
    assert "(card 3 of 12)?" in prompts[2]


def test_a_misspelt_action_gets_a_did_you_mean(tmp_path):
    result = play_ships(tmp_path, [*DISPLAY, "end th trn", "take one gld", "q"])
    assert "'end th trn' is none of the choices. Did you mean 'end the turn'?" in result.stdout
    # words that, corrected, fit two entries: the corrected words, not a wrong single entry
    assert "Did you mean 'take one gold'?" in result.stdout


def test_a_city_choice_shows_its_benefit(tmp_path):
    loaded = load_log(ROOT / "examples" / "ships" / "two-players.yaml", ROOT / "components")
    rules = loaded.rules
    session = Session(
        rules, loaded.model, loaded.players, loaded.options, tmp_path / "g.yaml", input, print
    )
    shown = set()
    for step in loaded.steps:
        if rules.decision(session.state).kind == "choice":
            for move in rules.legal_moves(session.state):
                if isinstance(move, City):
                    shown.add(session._label(move))
        rules.apply(session.state, step.move)
    assert "city Athens, disc from the Bank (2 VP)" in shown, sorted(shown)[:5]
    assert not any(label.endswith("()") for label in shown)
