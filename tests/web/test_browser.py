"""End to end, in a real browser at a phone's size (390×844): check, referee, download (the score
pads of every game: test_browser_pads.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading

import pytest

from tests.web.conftest import EXAMPLES

pytestmark = pytest.mark.browser


def test_check_a_failing_log_and_see_the_rule(live_server, phone):
    url, _ = live_server
    text = (EXAMPLES / "exploration-age-of-sail" / "two-players.yaml").read_text(encoding="utf-8")
    text += "  - {player: Ana, draw: Galleons}\n"
    phone.goto(url + "/check")
    phone.get_by_label("Paste the log (YAML)").fill(text)
    phone.get_by_role("button", name="Check", exact=True).click()
    assert (
        phone.get_by_test_id("where")
        .inner_text()
        .startswith(f"pasted-log.yaml:{len(text.splitlines())}:")
    )
    assert "the game is already over" in phone.get_by_test_id("reason").inner_text()
    assert "End of Game" in phone.get_by_test_id("rule").inner_text()
    assert phone.get_by_label("What the rules reference says").is_visible()


def test_play_five_steps_reload_resume_and_replay_the_download(live_server, phone, tmp_path):
    url, _ = live_server
    phone.goto(url + "/play")
    phone.get_by_label("Ships").check()
    phone.get_by_role("button", name="Next").click()
    phone.get_by_label("Players, in seat order").fill("Ana, Ben, Cai")
    phone.get_by_role("button", name="Start the game").click()
    for _ in range(5):
        phone.locator("#choices button, #choices a.heading").first.click()
    prompt = phone.get_by_test_id("prompt").inner_text()
    choices = phone.locator("#choices").inner_text()
    table = phone.url
    phone.reload()
    assert phone.get_by_test_id("prompt").inner_text() == prompt
    assert phone.locator("#choices").inner_text() == choices
    second = phone.context.new_page()  # a second phone opening the same link
    second.goto(table)
    assert second.get_by_test_id("prompt").inner_text() == prompt
    with phone.expect_download() as download:
        phone.get_by_role("link", name="Download the log").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    out = subprocess.run(
        [sys.executable, "-m", "portolan", "check", str(path)], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_build_started_from_the_game_page_shows_its_files_when_done(
    live_server,
    phone,
    monkeypatch,
):
    from portolan.generator import build

    release = threading.Event()  # the build ends when the test has seen it under way

    def quick(games, out, options, *args, **kwargs):
        release.wait(300)
        (out / games[0].id).mkdir(parents=True, exist_ok=True)
        (out / games[0].id / "aid.pdf").write_bytes(b"%PDF")
        return []

    monkeypatch.setattr(build, "build_games", quick)
    url, web = live_server
    phone.goto(url + "/games/age-of-exploration")
    phone.get_by_role("button", name="Build the print files").click()
    try:
        assert "refreshes by itself" in phone.locator("#print").inner_text()
        release.set()
        # the page reloads itself every 5 s while the build runs
        phone.get_by_role("link", name="aid.pdf").wait_for(timeout=120_000)
    finally:
        release.set()
        shutil.rmtree(web.site.output / "age-of-exploration", ignore_errors=True)
