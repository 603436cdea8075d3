"""Screenshots of every page at a phone's width (390 px) and a laptop's (1280 px), for the docs.

    python -m tests.web.screenshots [docs/images]

Serves the app on a loopback port with a fresh data folder, drives Debian's chromium, and writes
``web-<page>-<width>.png`` (and the referee in dark mode). The game page's print files are
built from the page itself first (its button; about 20 s). Not part of the tests.
"""

from __future__ import annotations

import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

from portolan.paths import components_dir
from portolan.web.app import create_app
from tests.web.browser import LAPTOP, PHONE, chromium_path, start_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
# Lazy previews in view have loaded ("load" does not wait for them).
IMAGES_SHOWN = """[...document.images]
  .filter((i) => i.getBoundingClientRect().top < innerHeight)
  .every((i) => i.complete && i.naturalWidth > 0)"""


def serve(data: Path) -> tuple[str, uvicorn.Server]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(data, components_dir()), port=port, log_level="error")
    )
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def shoot(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as data, sync_playwright() as p:
        url, server = serve(Path(data))
        browser = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        for width, viewport in (("390", PHONE), ("1280", LAPTOP)):
            for scheme in ("light", "dark") if width == "390" else ("light",):
                context = browser.new_context(viewport=viewport, color_scheme=scheme)
                page = context.new_page()
                suffix = f"{width}" + ("-dark" if scheme == "dark" else "")

                def snap(name: str, page=page, suffix=suffix) -> None:
                    path = out / f"web-{name}-{suffix}.png"
                    page.wait_for_load_state("load")
                    page.wait_for_function(IMAGES_SHOWN, timeout=30_000)
                    page.screenshot(path=str(path))
                    written.append(path)

                if scheme == "dark":
                    start_game(page, url, "ships", 6)
                    snap("referee")
                    context.close()
                    continue
                page.goto(url + "/")
                snap("home")
                page.goto(url + "/score/ships?players=Ana,+Ben")
                snap("score-pad")
                page.get_by_text("Or paste a position file").click()
                page.get_by_label("Position (YAML, as for portolan score)").fill(
                    (EXAMPLES / "positions" / "ships.yaml").read_text(encoding="utf-8")
                )
                page.get_by_role("button", name="Score this file").click()
                snap("score-sheet")
                page.get_by_role("button", name="Save in the history").click()
                page.goto(url + "/history")
                snap("history")
                page.goto(url + "/score/age-of-exploration?players=Ana,+Ben,+Cai,+Dee")
                page.get_by_label("1st New World sighting: Ben", exact=True).check()
                page.get_by_label("1st–4th Bay: Ana", exact=True).fill("2")
                page.get_by_test_id("running").filter(has_text="Totals so far").wait_for()
                snap("score-pad-vp-chart")
                log = (EXAMPLES / "exploration-age-of-sail" / "two-players.yaml").read_text(
                    encoding="utf-8"
                )
                page.goto(url + "/check")
                page.get_by_label("Paste the log (YAML)").fill(
                    log + "  - {player: Ana, draw: Galleons}\n"
                )
                page.get_by_role("button", name="Check", exact=True).click()
                snap("check")
                start_game(page, url, "ships", 6)
                snap("referee")
                page.goto(url + "/games/ships")
                if page.locator(".files").count() == 0:  # build it from the page, once
                    page.get_by_role("button", name="Build the print files").click()
                    page.locator(".files").wait_for(timeout=300_000)  # the page refreshes itself
                    page.goto(url + "/games/ships")
                snap("game")
                page.goto(url + "/games/ships#ships-rules-reference")
                snap("game-rules")
                context.close()
        browser.close()
        server.should_exit = True
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images"
    for path in shoot(target):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
