"""`portolan play` itself, its stdin and stdout piped: the person's seat answered by a script
that reads each prompt (an entry of the list, seeded at random; at a card, the first one `?`
lists; Enter at a forced move), two bot seats, to the end; then the written log checks to the
same winners."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys

import pytest

from portolan.checker.core.log import load_log
from portolan.checker.core.replay import replay
from tests.checker.bots.test_play_with_bots import COMPONENTS

PROMPTS = 5000  # a game's prompts at most (a bound for a script gone wrong)


def read_prompt(proc, out: list[str]) -> str | None:
    """The text up to the next prompt (a line '> ', or a question ending '(…) > '), or None at
    the end (an event's 'Morale 2 -> 1' is no prompt)."""
    text = ""
    while not (text.endswith("> ") and re.search(r"(^|\n)> $|\) > $", text)):
        char = proc.stdout.read(1)
        if not char:
            out.append(text)
            return None
        text += char
    out.append(text)
    return text


def answer(text: str, proc, out: list[str], rng: random.Random) -> str:
    if re.search(r"\? \(.*\) > $", text):  # a card drawn: ask what is possible, take the first
        proc.stdin.write("?\n")
        proc.stdin.flush()
        listed = read_prompt(proc, out) or ""
        found = re.search(r"possible: (.*)", listed)
        return found.group(1).split(", ")[0].split(" ×")[0] if found else ""
    if "Enter plays it" in text:
        return ""
    listed = text[text.rfind("choose ") :]
    keys = [k for k, label in re.findall(r"^\s*(\d+)\. (.*)$", listed, re.M) if label[:4] != "back"]
    return rng.choice(keys) if keys else ""


@pytest.mark.parametrize(
    ("game", "bots"),
    [
        ("age-of-discovery", ["Ben=greedy:hidden", "Cai=random:hidden"]),
        ("age-of-exploration", ["Ben=greedy:hidden", "Cai=random"]),
        ("discovery-era-of-voyage", ["Ben=greedy", "Cai=random"]),
        ("exploration-age-of-sail", ["Ben=greedy:hidden", "Cai=random"]),
        ("ships", ["Ben=greedy", "Cai=random"]),
    ],
)
def test_a_whole_game_through_stdin_with_two_bots(game, bots, tmp_path):
    log = tmp_path / "game.yaml"
    args = [sys.executable, "-m", "portolan", "play", game, "--log", str(log)]
    args += ["--players", "Ana,Ben,Cai", "--seed", "3"]
    for b in bots:
        args += ["--bot", b]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "NO_COLOR": "1"}
    proc = subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, bufsize=0
    )
    out: list[str] = []
    rng = random.Random(7)
    for _ in range(PROMPTS):
        text = read_prompt(proc, out)
        if text is None:
            break
        proc.stdin.write(answer(text, proc, out, rng) + "\n")
        proc.stdin.flush()
    proc.stdin.close()
    assert proc.wait(timeout=300) == 0, "".join(out)[-3000:]
    said = "".join(out)
    assert "The game is over." in said, said[-3000:]
    assert "Ben (bot, greedy): " in said and "Cai (bot, random): " in said
    if "hidden" in bots[0]:
        assert re.search(r"Ben draws an? [\w ]+ \(kept face down\)", said)
        assert "Ben, which trade contract was dealt to Ben" not in said
    checked = load_log(log, COMPONENTS)
    result = replay(checked)
    assert result.ok, result.violation
    printed = re.search(r"^Winners?: (.*)$", said, re.M).group(1)
    assert sorted(checked.rules.sheet(result.state).winners) == sorted(printed.split(", "))
