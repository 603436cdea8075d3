"""Bot seats in the web referee: chosen when a game starts, their moves and reasons in "What
just happened", a page that shows a bot thinking and reloads, the seats kept by the log over a
restart, and a bot's secret cards left face down."""

from __future__ import annotations

import html
import re
import subprocess
import sys

from portolan.web import referee
from tests.web.conftest import page_answer


def start(client, game: str, players: str, **seats: str) -> str:
    data = {"game": game, "players": players, **{k.replace("_", "."): v for k, v in seats.items()}}
    r = client.post("/play", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].split("/play/", 1)[1]


def events(page: str) -> list[str]:
    found = re.search(r'<h2 id="events-h">What just happened</h2>\s*<ul>(.*?)</ul>', page, re.S)
    return (
        [html.unescape(e) for e in re.findall(r"<li>(.*?)</li>", found.group(1))] if found else []
    )


def play_on(client, key: str, answers: int, seen: list[str] | None = None) -> str:
    """Answer the person's questions (the first button) ``answers`` times, reloading while a
    bot thinks; the page at the end. ``seen`` collects every event shown on the way."""
    for _ in range(answers * 20):
        page = client.get(f"/play/{key}").text
        if seen is not None:
            seen += [e for e in events(page) if e not in seen]
        if 'data-testid="thinking"' in page:
            continue
        if answers == 0 or "The game is over" in page:
            return page
        r = client.post(f"/play/{key}", data=page_answer(page), follow_redirects=False)
        assert r.status_code == 303
        answers -= 1
    raise AssertionError("the bots never handed the game back")


def test_bot_seats_play_their_moves_with_reasons_and_the_log_checks(client, tmp_path):
    key = start(client, "ships", "Ana, Ben, Cai", bot_2="greedy", bot_3="random")
    seen: list[str] = []
    page = play_on(client, key, 400, seen)
    assert "The game is over" in page
    assert any(e.startswith("Ben (bot, greedy): ") and " · worth " in e for e in seen)
    assert any(e.startswith("Cai (bot, random): ") and "a move at random" in e for e in seen)
    assert 'Ben <span class="bot-seat">(bot, greedy)</span>' in page
    log = client.get(f"/play/{key}/log.yaml").text
    assert "bots: {Ben: greedy, Cai: random}" in log
    path = tmp_path / "log.yaml"
    path.write_text(log, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "portolan", "check", str(path)], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_page_shows_a_bot_thinking_and_reloads(client, monkeypatch):
    monkeypatch.setattr(referee, "QUICK", -1.0)  # one bot move a request
    key = start(client, "ships", "Ana, Ben", bot_1="greedy")
    thinking = 0
    for _ in range(300):
        page = client.get(f"/play/{key}").text
        if 'data-testid="thinking"' in page:
            thinking += 1
            assert '<meta http-equiv="refresh" content="0">' in page
            assert re.search(r"Ana \(bot, greedy\) is thinking", page)
            assert 'name="action" value="choose"' not in page  # nothing for a person to press
            continue
        assert '<meta http-equiv="refresh"' not in page
        if thinking >= 2:
            break
        client.post(f"/play/{key}", data=page_answer(page), follow_redirects=False)
    assert thinking >= 2  # Ana (a bot) had several moves to make in her first turn
    assert "Ben" in re.search(r'data-testid="prompt">([^<]*)', page).group(1)


def test_the_bot_seats_survive_a_restart(client, app):
    key = start(client, "ships", "Ana, Ben, Cai", bot_2="greedy", bot_3="greedy")
    play_on(client, key, 25)
    app.site.store.forget(key)  # as if the server had restarted: read back from the disk
    seen: list[str] = []
    page = play_on(client, key, 25, seen)
    assert "(bot, greedy)</span>" in page
    assert any(e.startswith(("Ben (bot, greedy): ", "Cai (bot, greedy): ")) for e in seen)


def test_a_bot_seat_needs_a_named_player_and_a_person_somewhere(client):
    r = client.post("/play", data={"game": "ships", "players": "Ana, Ben", "bot.3": "greedy"})
    assert r.status_code == 400 and "seat 3 is a bot, but 2 players are named" in r.text
    r = client.post(
        "/play", data={"game": "ships", "players": "Ana, Ben", "bot.1": "mcts", "bot.2": "random"}
    )
    assert r.status_code == 400 and "every seat is a bot" in r.text
    r = client.post("/play", data={"game": "ships", "players": "Ana, Ben", "bot.2": "clever"})
    assert r.status_code == 400 and "not a bot level" in r.text


def test_the_new_game_form_offers_levels_and_the_procedure_where_cards_are_secret(client):
    aod = client.get("/play?game=age-of-discovery").text
    assert 'name="bot.4"' in aod and '<option value="mcts">mcts bot</option>' in aod
    assert 'name="cards.2"' in aod and "cards left face down" in aod
    ships = client.get("/play?game=ships").text
    assert 'name="bot.2"' in ships and 'name="cards.2"' not in ships


def test_a_bots_cards_left_face_down_are_drawn_for_it_and_never_shown(client, app):
    key = start(client, "age-of-discovery", "Ana, Ben", bot_2="greedy", cards_2="hidden")
    seen: list[str] = []
    asked: list[str] = []
    for _ in range(30):
        page = play_on(client, key, 1, seen)
        asked.append(re.search(r'class="question"[^>]*>([^<]*)', page).group(1))
    assert "Ben draws a trade contract (kept face down)" in seen
    assert not [q for q in asked if "dealt to Ben" in q or "mission was dealt to Ben" in q]
    with app.site.store.table(key, changes=False) as table:
        unseen = [name for _, _, name in table.session.facedown.held(table.session.state)]
        public = "\n".join(table.public_state())
    assert unseen and not [c for c in unseen if c in public or any(c in e for e in seen)]
    assert "bots: {Ben: 'greedy:hidden'}" in client.get(f"/play/{key}/log.yaml").text


def test_undo_takes_back_the_persons_answer_and_the_bots_after_it(client):
    key = start(client, "ships", "Ana, Ben", bot_2="greedy")
    seen: list[str] = []
    page = play_on(client, key, 30, seen)
    assert any(e.startswith("Ben (bot, greedy): ") for e in seen)  # Ben has played by now
    before = re.search(r'data-testid="prompt">([^<]*)', page).group(1)
    assert "Ana" in before or "Table" in before
    at = re.search(r'name="at" value="(\d+)"', page).group(1)
    client.post(f"/play/{key}", data=page_answer(page))  # Ana answers; Ben may play on
    undone = client.post(f"/play/{key}", data={"action": "undo", "at": _at(client, key)}).text
    assert re.search(r'data-testid="prompt">([^<]*)', undone).group(1) == before
    assert int(re.search(r'name="at" value="(\d+)"', undone).group(1)) > int(at)


def _at(client, key: str) -> str:
    for _ in range(50):
        page = client.get(f"/play/{key}").text
        if 'data-testid="thinking"' not in page:
            return re.search(r'name="at" value="(\d+)"', page).group(1)
    raise AssertionError("the bot never handed the game back")
