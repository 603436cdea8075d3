"""In a real browser at a phone's size (390×844): a game of Ships with two bot seats, three
rounds of the person's answers and the draws, a reload, and the game going on with the bots."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

ANSWER = "#choices button, #choices a.heading"


def turn_of(page) -> int:
    found = re.search(r"turn (\d+)", page.locator("main p.muted.small").first.inner_text())
    return int(found.group(1)) if found else 0


def answer_until(page, turn: int, limit: int = 400) -> int:
    """Press the first answer (a choice, a card drawn) until the log reaches ``turn``; the
    pages where a bot thinks reload by themselves. How many answers it took."""
    for n in range(limit):
        if turn_of(page) >= turn:
            return n
        page.locator(ANSWER).first.wait_for()  # through the bots' reloading pages
        page.locator(ANSWER).first.click()
        page.wait_for_load_state()
    raise AssertionError(f"turn {turn} not reached in {limit} answers")


def test_ships_with_two_bots_three_rounds_then_a_reload(live_server, phone):
    url, _ = live_server
    phone.goto(url + "/play")
    phone.get_by_label("Ships").check()
    phone.get_by_role("button", name="Next").click()
    phone.get_by_label("Players, in seat order").fill("Ana, Ben, Cai")
    phone.get_by_text("Seats a bot plays").click()
    phone.get_by_label("Seat 2").select_option("greedy")
    phone.get_by_label("Seat 3").select_option("random")
    phone.get_by_role("button", name="Start the game").click()
    assert answer_until(phone, 10) > 3  # three rounds of three seats: turn 10 is Ana's 4th
    events = phone.locator("section.events").inner_text()
    assert "Ben (bot, greedy): " in events or "Cai (bot, random): " in events
    seats = phone.locator("main p.muted.small").first.inner_text()
    assert "Ben (bot, greedy)" in seats and "Cai (bot, random)" in seats
    prompt = phone.get_by_test_id("prompt").inner_text()
    phone.reload()
    assert phone.get_by_test_id("prompt").inner_text() == prompt
    assert "Ben (bot, greedy)" in phone.locator("main p.muted.small").first.inner_text()
    answer_until(phone, 13)  # the bots go on playing their seats after the reload
    events = phone.locator("section.events").inner_text()
    assert re.search(r"(Ben \(bot, greedy\)|Cai \(bot, random\)): ", events)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
