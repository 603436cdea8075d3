"""Card instructions printed: the words and symbols a tree becomes, and how they are set."""

from __future__ import annotations

from portolan.generator import instructions as gi
from portolan.generator.draw import Circle, Line, Path, Text
from portolan.model import instructions as ins
from portolan.yamlsrc import Source, parse_yaml

SRC = Source("card.yaml")


def steps(text: str):
    raw = parse_yaml("do: " + text, SRC)
    out, problems = ins.read_steps(raw["do"], SRC, raw.value_pos["do"], "do")
    assert not problems
    return out


def test_plain_text_reads_like_the_rulebook():
    tree = steps("[{check: navigation -1, success: [{progress: 1}, D], failure: [lost]}]")
    assert gi.plain_text(tree) == "Navigation −1: success: Progress 1 (D) failure: Lost"
    tree = steps("[{if: Native Allies, then: [{progress: 1}], else: [{lose: 1 Provision (men)}]}]")
    assert gi.plain_text(tree) == "If Native Allies: Progress 1; Otherwise: Lose 1 Provision (men)"
    assert gi.plain_text(steps("[{check: sea -2, failure: [{damage: 1}]}]")) == (
        "Sea check −2: failure: Damage 1 ship/raft"
    )


def test_a_choice_prints_or_between_its_options_and_rules_between_steps():
    tree = steps("[{choice: [[{gain: 1 Gold}], [{awe: -1}]]}, {progress: 1, capital: except}]")
    paras = gi.paragraphs(tree)
    texts = [" ".join(t for _, t in p.tokens) for p in paras]
    assert texts == ["Gain 1 Gold", "OR", "Awe −1", "Progress 1 (except into Capital)"]
    assert [p.rule for p in paras] == [False, False, False, True]
    block = gi.set_instructions(paras, 0, 0, 50, 40)
    assert block.fits
    assert sum(isinstance(i, Line) for i in block.items) == 1  # the rule between the steps


def test_symbols_are_drawn_not_typed():
    tree = steps("[{check: combat, success: [R], failure: [{lose: 1 men, cause: combat}]}, D]")
    block = gi.set_instructions(gi.paragraphs(tree), 0, 0, 50, 40)
    texts = [i.text for i in block.items if isinstance(i, Text)]
    assert "D" in texts and "R" in texts  # the letters inside their circles
    assert sum(isinstance(i, Circle) for i in block.items) == 2
    assert sum(isinstance(i, Path) for i in block.items) >= 4  # two thumbs, two shapes each
    assert not any(ch in "ⒹⓇⓅ" for t in texts for ch in t)  # no glyph the fonts lack


def test_a_thumb_never_ends_a_line():
    tree = steps(
        "[{check: negotiation -2, success: [nothing], failure: [{lose: 1 Provision (men)}]}]"
    )
    paras = gi.paragraphs(tree)
    for width in range(20, 60, 2):
        for line in gi._wrap(paras[0].tokens, 7.0, width):
            assert line[-1][0] not in ("up", "down"), width


def test_a_number_stays_with_its_word():
    tree = steps("[{lose: 1 Provision (men)}, {progress: 2}]")
    for para in gi.paragraphs(tree):
        for width in range(8, 60):
            lines = gi._wrap(para.tokens, 7.0, width)
            for line in lines:
                assert not line[-1][1].isdigit() or line is lines[-1], (width, lines)
                assert line[0][1] != "Provision", (width, lines)


def test_too_much_text_is_reported():
    tree = steps("[" + ", ".join(["{gain: 1 Provision + 1 Porters}"] * 12) + "]")
    block = gi.set_instructions(gi.paragraphs(tree), 0, 0, 20, 10, min_size=5)
    assert not block.fits
