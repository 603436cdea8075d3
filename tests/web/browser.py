"""Debian's chromium driven by playwright (its own browser download is not used)."""

from __future__ import annotations

import shutil

import pytest

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def start_game(page, url: str, game: str, answers: int) -> None:
    """A game of ``game`` for Ana, Ben and Cai started on the play page, then its first answer
    (a choice, or a heading opened) pressed ``answers`` times."""
    page.goto(f"{url}/play?game={game}")
    page.get_by_label("Players, in seat order").fill("Ana, Ben, Cai")
    page.get_by_role("button", name="Start the game").click()
    for _ in range(answers):
        page.wait_for_load_state("load")
        page.locator("#choices button, #choices a.heading").first.click()


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    path = chromium_path()
    if path is None:
        pytest.skip("chromium not found (apt-get install chromium; .ci/run installs it)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    yield context.new_page()
    context.close()
