"""Referee a game on the page: answers saved after every step, resumed anywhere, undone, and a
downloaded log that passes `portolan check`."""

from __future__ import annotations

import html
import re
import subprocess
import sys

from tests.web.conftest import new_game, page_answer


def play_steps(client, key: str, n: int) -> str:
    for _ in range(n):
        page = client.get(f"/play/{key}").text
        r = client.post(f"/play/{key}", data=page_answer(page), follow_redirects=False)
        assert r.status_code == 303
    return client.get(f"/play/{key}").text


def step_of(page: str) -> int:
    """The answers given so far (the page's ``at``)."""
    return int(re.search(r'name="at" value="(\d+)"', page).group(1))


def moment(page: str) -> tuple[str, str, list[str]]:
    """What the page asks: the heading, the question and the labels of the choices."""
    head = re.search(r'data-testid="prompt">([^<]*)', page).group(1)
    question = re.search(r'class="question">([^<]*)', page).group(1)
    labels = re.findall(r'class="choice-button[^"]*"[^>]*>([^<]*)', page)
    return head, question, labels


def test_a_new_game_asks_its_first_question(client):
    key = new_game(client)
    page = client.get(f"/play/{key}").text
    assert 'data-testid="prompt"' in page
    assert "Ana" in page and "Ben" in page


def test_every_answer_is_saved_and_a_restarted_server_resumes(client, app):
    key = new_game(client)
    before = play_steps(client, key, 5)
    app.site.store.forget(key)  # as if the server had restarted: read back from the disk
    after = client.get(f"/play/{key}").text
    assert step_of(after) == step_of(before) == 5
    assert moment(after) == moment(before)


def turn_shown(page: str) -> str:
    return re.search(r"· (turn \d+|setting up) ·", page).group(1)


def test_the_turn_shown_is_the_same_after_a_restart(client, app):
    # the page showed the count of steps, which a restart changed (the log leaves some out)
    key = new_game(client, "age-of-discovery", "Ana, Ben")
    assert turn_shown(client.get(f"/play/{key}").text) == "setting up"
    seen = set()
    for _ in range(8):
        before = turn_shown(play_steps(client, key, 5))
        app.site.store.forget(key)
        assert turn_shown(client.get(f"/play/{key}").text) == before
        seen.add(before)
    assert any(t.startswith("turn ") for t in seen)


def test_the_downloaded_log_passes_portolan_check(client, tmp_path):
    key = new_game(client, "ships", "Ana, Ben, Cai")
    play_steps(client, key, 8)
    r = client.get(f"/play/{key}/log.yaml")
    assert r.headers["content-disposition"].startswith('attachment; filename="ships-')
    assert r.text.startswith("# Portolan play log. Resume with: portolan play ships --log ships-")
    path = tmp_path / "log.yaml"
    path.write_text(r.text, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "portolan", "check", str(path)], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "every step legal" in out.stdout


def test_undo_goes_back_one_answer(client):
    key = new_game(client)
    first = moment(play_steps(client, key, 1))
    second = play_steps(client, key, 1)
    assert moment(second) != first
    client.post(f"/play/{key}", data={"at": str(step_of(second)), "action": "undo"})
    assert moment(client.get(f"/play/{key}").text) == first


def test_a_stale_answer_is_not_applied(client):
    key = new_game(client)
    page = client.get(f"/play/{key}").text
    stale = page_answer(page)
    play_steps(client, key, 1)
    now = step_of(client.get(f"/play/{key}").text)
    r = client.post(f"/play/{key}", data=stale)
    assert "The game had moved on" in html.unescape(r.text)
    assert step_of(r.text) == now


def test_an_answer_out_of_range_is_refused_politely(client):
    key = new_game(client)
    answer = page_answer(client.get(f"/play/{key}").text)
    r = client.post(f"/play/{key}", data={**answer, "value": "9999"})
    assert "not one of the choices" in r.text
    r = client.post(f"/play/{key}", data={**answer, "value": "x"})
    assert "not one of the choices" in r.text


def test_games_are_isolated_and_unknown_ids_are_404(client):
    a, b = new_game(client), new_game(client, "ships", "Cy, Di")
    assert a != b and len(a) == 22
    play_steps(client, a, 3)
    assert "Cy" in client.get(f"/play/{b}").text
    assert step_of(client.get(f"/play/{b}").text) == 0
    assert client.get("/play/AAAAAAAAAAAAAAAAAAAAAA").status_code == 404
    assert client.get("/play/..%2F..%2Fetc").status_code == 404
    assert client.get("/play/AAAAAAAAAAAAAAAAAAAAAA/log.yaml").status_code == 404


def test_a_new_game_needs_a_game_and_good_players(client):
    assert client.post("/play", data={"game": "chess", "players": "A, B"}).status_code == 400
    r = client.post("/play", data={"game": "ships", "players": "Ana, Ana"})
    assert r.status_code == 400
    assert "listed twice" in html.unescape(r.text)
    r = client.post("/play", data={"game": "ships", "players": "Ana, Ben", "o.negative_vp": "x"})
    assert "is not a choice of option 'negative_vp'" in html.unescape(r.text)


def test_a_rule_option_is_kept_in_the_log(client):
    data = {"game": "ships", "players": "Ana, Ben", "o.negative_vp": "allowed"}
    key = (
        client.post("/play", data=data, follow_redirects=False).headers["location"].rsplit("/")[-1]
    )
    assert "negative_vp: allowed" in client.get(f"/play/{key}/log.yaml").text


def test_a_failing_request_loses_no_saved_step(client, app, monkeypatch):
    key = new_game(client)
    saved = step_of(play_steps(client, key, 3))
    from portolan.web import referee

    def broken(self, action, value):
        raise RuntimeError("boom")

    monkeypatch.setattr(referee.Table, "answer", broken)
    answer = page_answer(client.get(f"/play/{key}").text)
    assert client.post(f"/play/{key}", data=answer).status_code == 500
    monkeypatch.undo()
    assert step_of(client.get(f"/play/{key}").text) == saved


def test_a_game_with_a_control_character_in_a_name_resumes_after_a_restart(client, app):
    # the setup's answers, saved as comment lines, name the player
    key = new_game(client, "age-of-exploration", "P\x9bQ, Ben")
    before = play_steps(client, key, 1)
    app.site.store.forget(key)  # read back from the disk
    after = client.get(f"/play/{key}")
    assert after.status_code == 200
    assert step_of(after.text) == step_of(before)


def test_a_link_cannot_make_the_page_say_what_it_likes(client):
    key = new_game(client)
    crafted = client.get(
        f"/play/{key}", params={"notice": "Your game expired: log in at x.example"}
    )
    assert "x.example" not in crafted.text
    known = client.get(f"/play/{key}", params={"notice": "nothing-to-undo"})
    assert "Nothing to undo." in known.text


def test_undo_and_the_last_event_come_before_the_question(client):
    key = new_game(client, "exploration-age-of-sail", "Ana, Ben")
    html = client.get(f"/play/{key}").text
    client.post(f"/play/{key}", data=page_answer(html))
    html = client.get(f"/play/{key}").text
    assert html.index("Undo the last answer") < html.index('id="prompt-h"')
    last = re.search(r'data-testid="last-event">(.*?)</p>', html, re.S).group(1)
    assert "Ana: draws" in last  # who acted is named


def test_a_setup_reveal_speaks_to_the_table(client):
    key = new_game(client, "ships", "Ana, Ben")
    html = client.get(f"/play/{key}").text
    assert "Table, the card dealt to the display?" in html
    assert '<span class="count" data-testid="count">(1 of 12)</span>' in html
    client.post(f"/play/{key}", data=page_answer(html))
    page = client.get(f"/play/{key}").text
    last = re.search(r'data-testid="last-event">(.*?)</p>', page, re.S).group(1)
    assert "is dealt to the display" in last and "Ana" not in last
    assert "(2 of 12)" in page
    store = client.app.site.store
    store.forget(key)  # a restarted server counts the same
    assert "(2 of 12)" in client.get(f"/play/{key}").text


def test_a_question_asked_once_has_no_count(client):
    key = new_game(client, "discovery-era-of-voyage", "Ana, Ben")
    for _ in range(2):
        html = client.get(f"/play/{key}").text
        assert "slot" in html and 'data-testid="count"' not in html
        client.post(f"/play/{key}", data=page_answer(html))
