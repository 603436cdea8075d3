"""Check a log on the page: the verdict, the trace, the rule broken and its text."""

from __future__ import annotations

import html

from tests.web.conftest import EXAMPLES

EAS = EXAMPLES / "exploration-age-of-sail"
AFTER_END = "  - {player: Ana, draw: Galleons}\n"


def illegal_log() -> str:
    return (EAS / "two-players.yaml").read_text(encoding="utf-8") + AFTER_END


def test_a_legal_log_shows_every_turn_and_the_scores(client):
    text = (EAS / "two-players.yaml").read_text(encoding="utf-8")
    r = client.post("/check", data={"text": text})
    assert r.status_code == 200
    assert "every step legal" in r.text
    assert "Turn 1</h3>" in r.text
    expected = (EAS / "two-players.score.txt").read_text(encoding="utf-8")
    winner = next(ln for ln in expected.splitlines() if ln.startswith(("Winner", "Tied")))
    name = winner.split(": ", 1)[1]
    assert f"<strong>{name}</strong>" in r.text


def test_a_game_not_over_has_no_winner_and_says_so(client):
    lines = (EAS / "two-players.yaml").read_text(encoding="utf-8").splitlines()
    text = "\n".join(lines[:10]) + "\n"  # the first turns only
    r = client.post("/check", data={"text": text})
    page = html.unescape(r.text)
    assert "every step legal" in page and "not over yet" in page
    winner = page.split('data-testid="winner">', 1)[1].split("</p>", 1)[0]
    assert "No winner yet" in winner and "Tied" not in winner and "Winner" not in winner


def test_rank_decided_by_is_said_in_words(client):
    text = (EAS / "two-players.yaml").read_text(encoding="utf-8")
    row = client.post("/check", data={"text": text}).text.split('class="decided"', 1)[1]
    cells = row.split("</tr>", 1)[0]
    expected = (EAS / "two-players.score.txt").read_text(encoding="utf-8")
    tied = any(ln.startswith("Tied") for ln in expected.splitlines())
    assert "<td>total</td>" not in cells and "<td>shared</td>" not in cells
    assert cells.count("Level on everything" if tied else "<td>Total alone</td>") == 2


def test_an_illegal_step_shows_where_the_reason_the_rule_and_its_text(client):
    text = illegal_log()
    line = len(text.splitlines())
    r = client.post("/check", data={"text": text})
    assert r.status_code == 200
    page = html.unescape(r.text)
    assert f"pasted-log.yaml:{line}:" in page
    assert "the game is already over" in page
    assert "[Exploration in the Age of Sail — End of Game]" in page
    quoted = page.split('class="ruletext"', 1)[1].split("</blockquote>", 1)[0]
    assert "End of Game]" in quoted  # a passage of the reference that cites the same rule
    assert 'class="marked"' in r.text  # the log's line, marked


def test_an_uploaded_log_is_named_by_its_file(client):
    files = {"file": ("our game.yaml", illegal_log().encode(), "text/yaml")}
    r = client.post("/check", files=files, data={"text": ""})
    assert "our game.yaml:" in html.unescape(r.text)


def test_a_malformed_log_gets_file_line_column_on_the_page(client):
    r = client.post("/check", data={"text": "game: exploration-age-of-sail\nplayers: [Ana]\n"})
    assert r.status_code == 422
    page = html.unescape(r.text)
    assert "pasted-log.yaml:2:10" in page
    assert "Traceback" not in page


def test_a_misspelt_key_gets_a_hint(client):
    r = client.post("/check", data={"text": "game: ships\nplayrs: [Ana, Ben]\n"})
    page = html.unescape(r.text)
    assert "unknown key 'playrs'" in page and "did you mean 'players'" in page


def test_a_file_that_is_not_utf8_is_an_input_problem(client):
    files = {"file": ("bad.yaml", b"game: \xff\xfe\n", "text/yaml")}
    r = client.post("/check", files=files)
    assert r.status_code == 422
    assert "not UTF-8" in r.text


def test_what_the_user_typed_is_escaped(client):
    r = client.post("/check", data={"text": "game: <script>alert(1)</script>\nplayers: [A, B]\n"})
    assert "<script>alert(1)</script>" not in r.text
    assert "&lt;script&gt;" in r.text


def test_a_long_log_is_shown_only_around_its_marked_line(client):
    # every line of a 16 MiB log, each in its own markup, made a page of hundreds of MB
    text = "game: exploration-age-of-sail\nplayers: [Ana]\n" + "# a comment\n" * 50_000
    r = client.post("/check", data={"text": text})
    assert r.status_code == 422
    assert '<li value="2" class="marked">' in r.text
    assert r.text.count("<li value=") < 20
