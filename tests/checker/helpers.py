"""Helpers for checker tests: logs written inline, replayed against the real components."""

from __future__ import annotations

from pathlib import Path

from checker.core.log import parse_log
from checker.core.replay import replay

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = ROOT / "components"
TINY = ROOT / "tests" / "fixtures" / "tiny-components"
EXAMPLES = ROOT / "examples" / "exploration-age-of-sail"
MARK = "# here"


def run_log(text: str, components: Path = COMPONENTS, name: str = "test.yaml"):
    return replay(parse_log(text, name, components))


def marked_line(text: str) -> int:
    """The 1-based line carrying the '# here' marker."""
    lines = [i for i, line in enumerate(text.splitlines(), start=1) if MARK in line]
    assert len(lines) == 1, "a test log marks exactly one line"
    return lines[0]


AOD_EXAMPLES = ROOT / "examples" / "age-of-discovery"

AOD_SETUP = """\
game: age-of-discovery
players: [Ana, Ben]
{options}setup:
  contracts: [Red Contract 3, Blue Contract 5, Green Contract 4, White Contract 6]
  purchase row: [Red Ship 1, Blue Ship 2, Green Ship 3, Yellow Ship 1, Red Ship 1]
  filling row: [Black Ship 1, Red Ship 2, Blue Ship 3, Green Ship 1, Yellow Ship 2]
  players:
    Ana: {{contracts: [Yellow Contract 5, Black Contract 3], flagship: Santa María,
          mission: Majority of Ships}}
    Ben: {{contracts: [Yellow Contract 3, Green Contract 6], flagship: Golden Hind,
          mission: All Ships}}
turns:
"""


def aod_log(tail: str, options: str = "") -> str:
    """A 2-player Age of Discovery log: a fixed setup, then ``tail`` (turns, indented 2)."""
    return AOD_SETUP.format(options=options) + tail
