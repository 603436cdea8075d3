"""Text from a shared log or components folder is shown in the terminal, never obeyed: control
characters are printed as escapes, and JSON stays valid JSON with them escaped."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from portolan.cli import app
from portolan.cli.terminal import json_text, shown

# Characters a terminal obeys (escape sequences, bell, carriage return, 8-bit CSI, separators,
# a bidirectional override) and letters it only draws.
OBEYED = "\x1b\x07\r\x00\x7f\x9b\x85\u2028\u202e\u2067"
DRAWN = "Hernán Cortés 鄭和 Ñ ß\t\n"


def test_shown_escapes_what_a_terminal_obeys_and_keeps_letters():
    assert shown("A\x1b]0;title\x07na") == "A\\x1b]0;title\\x07na"
    assert shown("\x9b31m\u202eevil") == "\\x9b31m\\u202eevil"
    assert shown(DRAWN) == DRAWN
    assert shown("a,b\r\nc,d\r\n") == "a,b\r\nc,d\r\n"  # CSV's line ends
    assert shown("shown\rhidden") == "shown\\x0dhidden"  # a return that would overwrite the line


@given(st.text(alphabet=st.sampled_from(OBEYED + DRAWN + "az"), max_size=40))
def test_nothing_obeyed_is_left_and_json_round_trips(text):
    assert not set(shown(text).replace("\r\n", "\n")) & set(OBEYED)
    as_json = json_text({"name": text, "list": [text]})
    assert not set(as_json) & set(OBEYED)
    assert json.loads(as_json) == {"name": text, "list": [text]}


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "exploration-age-of-sail"
HOSTILE = '"A\\e]52;c;ZXZpbA==\\aX\\u202e"'  # in YAML: OSC 52 (write the clipboard), an override


def test_check_prints_a_hostile_name_escaped_as_text_and_as_json(tmp_path):
    log = tmp_path / "hostile.yaml"
    text = (EXAMPLE / "two-players.yaml").read_text("utf-8")
    log.write_text(
        text.replace("[Ana,", f"[{HOSTILE},").replace("player: Ana", f"player: {HOSTILE}")
    )
    shown_text = CliRunner().invoke(app, ["check", str(log)])
    assert shown_text.exit_code == 0, shown_text.output
    assert "A\\x1b]52;c;ZXZpbA==\\x07X\\u202e" in shown_text.stdout
    assert not set(shown_text.output) & set(OBEYED)
    data = CliRunner().invoke(app, ["check", str(log), "--json"])
    assert not set(data.stdout) & set(OBEYED)
    players = [s["player"] for s in json.loads(data.stdout)["scores"]]
    assert players[0] == "A\x1b]52;c;ZXZpbA==\x07X\u202e"


LOG = """game: exploration-age-of-sail
players: [Ana, Ben]
turns:
  - {player: "Cai\\e[2J", draw: Sailors}
"""


def test_an_error_quoting_a_hostile_name_is_escaped(tmp_path):
    log = tmp_path / "hostile.yaml"
    log.write_text(LOG, "utf-8")
    result = CliRunner().invoke(app, ["check", str(log)])
    assert result.exit_code == 2
    assert "'Cai\\x1b[2J' is not a player" in result.stderr
    assert not set(result.output) & set(OBEYED)
