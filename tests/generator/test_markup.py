"""generator/markup.py: the small markup of rules references and player aids."""

from __future__ import annotations

from portolan.generator.markup import (
    Bullets,
    Heading,
    Note,
    Para,
    Table,
    inline_html,
    inline_rl,
    parse,
    slug,
    to_html,
)


def test_headings_of_three_levels():
    assert parse("# One\n## Two\n### Three\n#### Four") == [
        Heading(1, "One"),
        Heading(2, "Two"),
        Heading(3, "Three"),
        Heading(3, "Four"),  # deeper levels are set as the third
    ]


def test_paragraph_lines_are_joined_and_blank_lines_separate():
    assert parse("First line\nsecond line\n\nNext paragraph") == [
        Para("First line second line"),
        Para("Next paragraph"),
    ]


def test_bullets_with_continuation_lines():
    text = "- first\n  continued\n* second\n"
    assert parse(text) == [Bullets(["first continued", "second"], ordered=False)]


def test_numbered_steps():
    assert parse("1. Draw\n2) Play") == [Bullets(["Draw", "Play"], ordered=True)]


def test_ordered_and_unordered_lists_are_separate_blocks():
    blocks = parse("- a\n1. b")
    assert blocks == [Bullets(["a"], ordered=False), Bullets(["b"], ordered=True)]


def test_table_with_header():
    text = "| Card | Count |\n|---|---:|\n| Ocean | 24 |\n| Lost | 1 |"
    assert parse(text) == [Table([["Card", "Count"], ["Ocean", "24"], ["Lost", "1"]], header=True)]


def test_table_without_header():
    assert parse("| a | b |\n| c | d |") == [Table([["a", "b"], ["c", "d"]], header=False)]


def test_note_lines_are_joined():
    assert parse("> careful\n> now\n\n> another") == [Note("careful now"), Note("another")]


def test_a_heading_ends_the_block_before_it():
    assert parse("text\n# Head\nmore") == [Para("text"), Heading(1, "Head"), Para("more")]


def test_every_block_type_together():
    text = "# Title\nIntro **bold**.\n\n- item\n\n| h |\n|---|\n| v |\n\n> note"
    kinds = [type(b) for b in parse(text)]
    assert kinds == [Heading, Para, Bullets, Table, Note]


def test_html_escapes_text_and_marks_bold():
    assert inline_html("a < b & **c > d**") == "a &lt; b &amp; <strong>c &gt; d</strong>"
    assert inline_html('say "hi"') == 'say "hi"'


def test_reportlab_markup_escapes_text():
    assert inline_rl("x & <y> **z**") == "x &amp; &lt;y&gt; <b>z</b>"


def test_to_html():
    blocks = parse(
        "# Hernán & Co\nSee <this>.\n\n1. a\n2. b\n\n| h1 | h2 |\n|--|--|\n| x | **y** |\n\n> n"
    )
    html = to_html(blocks)
    assert html.splitlines() == [
        '<h1 id="hernan-co">Hernán &amp; Co</h1>',
        "<p>See &lt;this&gt;.</p>",
        "<ol><li>a</li><li>b</li></ol>",
        "<table><tr><th>h1</th><th>h2</th></tr>"
        "<tr><td>x</td><td><strong>y</strong></td></tr></table>",
        '<p class="note">n</p>',
    ]


def test_slug():
    assert slug("**End** of Game!") == "end-of-game"
    assert slug("Hernán Cortés") == "hernan-cortes"


def test_to_html_shifts_headings_for_a_page_with_its_own_title():
    blocks = [*parse("# Setup\n\n## Cards"), Heading(6, "Deep")]
    assert [ln.split(" ")[0] for ln in to_html(blocks, shift=1).splitlines()] == [
        "<h2",
        "<h3",
        "<h6",  # HTML has no h7
    ]
    assert to_html(blocks).startswith('<h1 id="setup">')


def test_the_reference_keeps_a_number_with_its_word():
    assert inline_rl("score 1 VP. and take 2 gold") == "score 1\u00a0VP. and take 2\u00a0gold"
    assert inline_rl("Military Strength −1, **No effect**") == (
        "Military Strength\u00a0−1, <b>No effect</b>"  # bold runs stay as they are
    )
