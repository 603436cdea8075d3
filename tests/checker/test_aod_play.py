"""Age of Discovery at `portolan play` and `portolan simulate`: the setup typed card by card,
a heading (send ships…) opened and closed, a purchase with the card turned over named; cards
kept secret until the rules reveal them; a turn's start under its own header; a forced Wild
Ship asked first; random games written as logs (the whole game through stdin is in
test_games_play.py)."""

from __future__ import annotations

from typer.testing import CliRunner

from portolan.checker.core.playlog import OVER_LINE, split_answers
from portolan.cli import app
from tests.checker.helpers import ROOT, TINY, portolan, run_log
from tests.checker.play_script import play_script

SETUP = ["red contract 3", "blue contract 5", "green contract 4", "white contract 6"]
SETUP += ["red ship 1", "blue ship 2", "green ship 3", "yellow ship 1", "red ship 2"]
SETUP += ["black ship 1", "red ship 3", "blue ship 3", "green ship 1", "yellow ship 2"]


def test_setup_by_name_then_a_heading_opened_and_closed_and_a_purchase(tmp_path):
    log = tmp_path / "game.yaml"
    contracts = ["red contract 3", "blue contract 5", "green contract 4", "white contract 6"]
    ships = ["red ship 1", "blue ship 2", "green ship 3", "yellow ship 1", "red ship 2"]
    ships += ["black ship 1", "red ship 3", "blue ship 3", "green ship 1", "yellow ship 2"]
    dealt = ["yellow contract 5", "black contract 3", "yellow contract 3", "green contract 6"]
    secrets = ["majority", "all ships", "santa", "golden"]
    # the list: end the turn, take coins, each contract, each ship to buy, then the headings
    # send ships… and play a Reservation card…; one opened and closed again, then a purchase
    turn = ["13", "back", "buy green", "?", "white ship 1", "2", "1"]
    stdin = "\n".join(contracts + ships + dealt + secrets + turn + ["q"]) + "\n"
    out = portolan(["play", "age-of-discovery", "--players", "Ana,Ben", "--log", str(log)], stdin)
    assert out.returncode == 0, out.stderr
    assert "Ana's special mission: Majority of Ships (2 players)" in out.stdout
    assert "3. accept the face-up contract Red Contract 3" in out.stdout
    assert "7. accept a contract: draw the top card of the deck" in out.stdout
    assert "8. buy Red Ship 1" in out.stdout
    assert "13. send ships (expeditions, trade contracts)… (4)" in out.stdout
    assert "14. play a Reservation card… (14)" in out.stdout
    under_send = [  # the heading opened: its moves, then the way back
        "send Santa María",
        "play Black Contract 3 for 1 turn(s)",
        "play Black Contract 3 for 2 turn(s)",
        "play Black Contract 3 for 3 turn(s)",
        "back (the other choices)",
    ]
    assert "\n".join(f"  {i:>2}. {e}" for i, e in enumerate(under_send, 1)) in out.stdout
    assert "buys Green Ship 3 for 5 coins (1 left)" in out.stdout
    assert "possible: " in out.stdout and "First Scoring" not in out.stdout.split("possible:")[1]
    # '?' counts the true copies left unseen: Red Ship 1 has 2 (one in a row), Red Ship 2 has 3
    possible = out.stdout.split("possible: ")[1].split("\n")[0]
    assert possible.startswith("Red Ship 1, Red Ship 2 ×2, Red Ship 3, ")
    text = log.read_text(encoding="utf-8")
    assert "- {Green Ship 3: White Ship 1}" in text and "coins: take" in text
    result = run_log(text)
    assert result.ok, result.violation
    assert result.state.coins["Ana"] == 6 - 5 + 2


def test_simulate_and_a_log_cut_short(tmp_path):
    out = CliRunner().invoke(
        app,
        [
            "simulate",
            "age-of-discovery",
            "--games",
            "3",
            "--players",
            "3",
            "--log-dir",
            str(tmp_path),
        ],
    )
    assert out.exit_code == 0, out.output
    assert "3 games of 3 players" in out.output
    logs = sorted(tmp_path.glob("*.yaml"))
    assert len(logs) == 3
    text = logs[0].read_text(encoding="utf-8")
    half = text[: text.index("  - player:", len(text) // 2)]
    (tmp_path / "half.yaml").write_text(half, encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(tmp_path / "half.yaml")])
    assert out.exit_code == 0, out.output
    assert "the game is not over yet (scores so far)" in out.output


def test_secret_cards_stay_hidden_until_the_rules_reveal_them(tmp_path):
    log = tmp_path / "game.yaml"
    dealt = ["", "hidden", "", "skip"]  # Enter, or hidden/skip, keeps a card secret
    secrets = ["", "", "", ""]  # both missions and both flagships
    ana = ["t", "send", "play black contract 3 for 2", "assign santa", "1"]
    ben = ["7", "", "1"]  # a contract drawn blind, kept secret
    stdin = "\n".join(SETUP + dealt + secrets + ana + ben + ["q"]) + "\n"
    out = portolan(["play", "age-of-discovery", "--players", "Ana,Ben", "--log", str(log)], stdin)
    assert out.returncode == 0, out.stderr
    said = out.stdout
    assert said.count("is dealt a trade contract (kept secret)") == 4
    assert "Ana's mission is kept secret" in said and "Ben's flagship is kept secret" in said
    assert "Ana: 6 coins, 2 contract(s) in hand; ships: a flagship not revealed yet" in said
    assert "scores so far: Ana 0, Ben 0" in said
    # the heading offers every flagship and contract the secret ones may be
    assert "send Santa María" in said and "play Black Contract 3 for 2 turn(s)" in said
    assert "Ana reveals the contract kept secret: Black Contract 3" in said
    assert "Ana reveals the flagship Santa María" in said
    assert "pays 1 coin and draws a contract from the draw deck (kept secret)" in said
    text = log.read_text(encoding="utf-8")
    assert text.count("contracts: [hidden, hidden]") == 2
    assert text.count("mission: hidden") == 2 and text.count("flagship: hidden") == 2
    assert "contract: Black Contract 3" in text and "contract: {draw: hidden}" in text
    result = run_log(split_answers(text)[0])
    assert result.ok, result.violation
    state = result.state
    assert state.secret_contracts == {"Ana": 1, "Ben": 3}
    assert state.flagship == {"Ana": "Santa María", "Ben": None}
    assert state.hand_size("Ben") == 3 and "Black Contract 3" not in state.contract_deck


def test_the_events_of_a_turns_start_come_under_its_header(tmp_path):
    """At the start of turn 5 Ana's contract comes back: printed under turn 5, not turn 4."""
    example = (ROOT / "examples" / "age-of-discovery" / "two-players.yaml").read_text("utf-8")
    cut = example.index("  - player: Ana", example.index("turns:"))
    for _ in range(4):  # four whole turns
        cut = example.index("\n  - player: ", cut + 1)
    log = tmp_path / "game.yaml"
    log.write_text(example[: cut + 1], encoding="utf-8")
    out = portolan(["play", "age-of-discovery", "--log", str(log)], "1\nq\n")  # Ben ends turn 4
    assert out.returncode == 0, out.stderr
    header = out.stdout.index("== Turn 5 · Ana · Turn phase ==")
    assert header < out.stdout.index("White Contract 3 is complete: Ana receives 7 coins")
    assert out.stdout.index("== Turn 4 · Ben") < header
    text = log.read_text(encoding="utf-8")
    assert text.startswith(example[: cut + 1])  # the example's comments and layout too
    # Ben's answer ends turn 4: no turn under way, the file says the last turn is over
    assert split_answers(text) == (example[: cut + 1], []) and text.endswith(OVER_LINE)


def test_a_forced_wild_ship_is_asked_before_it_is_played(tmp_path):
    script = play_script("age-of-discovery", tmp_path / "reference.yaml")
    forced = next(p for p in script.prompts if p.asked[0] == "forced")
    assert forced.asked[4] == ("assign Blue Ship 3 (Wild Ship)",)
    log = tmp_path / "game.yaml"
    where = ["--components", str(TINY)]
    for answer, after in (("", "with a Wild Ship card"), ("u", "Undone.")):
        log.write_text(forced.text, encoding="utf-8")
        out = portolan(["play", "age-of-discovery", "--log", str(log), *where], answer + "\nq\n")
        assert out.returncode == 0, out.stderr
        asked = (
            "the only choice is to assign Blue Ship 3 (Wild Ship), which spends a Wild Ship card"
        )
        assert out.stdout.index(asked) < out.stdout.index(after)
    # undone: the ship assigned before it is asked again, with the other choices
    assert "choose a ship for White Contract 4" in out.stdout.split("Undone.")[1]
