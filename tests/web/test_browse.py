"""Browse a game: its rules reference, its print files and their downloads."""

from __future__ import annotations

import shutil
import time

import pytest

from portolan.model.loader import available_games
from portolan.paths import components_dir
from portolan.web.browse import print_files


def test_the_game_page_shows_the_rules_reference(client):
    r = client.get("/games/exploration-age-of-sail")
    assert r.status_code == 200
    assert '<article class="reference"' in r.text
    assert "Not built yet" in r.text


def test_built_files_are_listed_and_served(client, app):
    folder = app.site.output / "ships"
    (folder / "png").mkdir(parents=True)
    (folder / "cards.pdf").write_bytes(b"%PDF-1.4 test")
    (folder / "png" / "cards-p01.png").write_bytes(b"\x89PNG test")
    files = print_files(folder)
    assert files[0]["name"] == "cards.pdf" and files[0]["preview"] == "cards-p01.png"
    page = client.get("/games/ships").text
    assert "/games/ships/files/cards.pdf" in page and "/games/ships/files/cards-p01.png" in page
    r = client.get("/games/ships/files/cards.pdf")
    assert r.content == b"%PDF-1.4 test" and r.headers["content-type"] == "application/pdf"
    assert client.get("/games/ships/files/cards-p01.png").headers["content-type"] == "image/png"


def test_a_preview_keeps_its_room_while_it_loads(client, app):
    folder = app.site.output / "ships"
    (folder / "png").mkdir(parents=True)
    (folder / "aid.pdf").write_bytes(b"%PDF-1.4 test")
    header = b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + b"IHDR"
    png = header + (827).to_bytes(4, "big") + (1169).to_bytes(4, "big") + b"\x08\x02\0\0\0"
    (folder / "png" / "aid-p01.png").write_bytes(png)
    assert print_files(folder)[0]["preview_height"] == 170  # 120 px wide, A4's proportions
    assert 'width="120" height="170"' in client.get("/games/ships").text
    (folder / "png" / "aid-p01.png").write_bytes(b"not a png at all, but long enough")
    assert print_files(folder)[0]["preview_height"] == 120  # a square's room, no error


def test_files_outside_the_game_folder_are_not_served(client, app):
    (app.site.output).mkdir(parents=True, exist_ok=True)
    (app.site.output / "secret.pdf").write_bytes(b"no")
    for url in (
        "/games/ships/files/..%2Fsecret.pdf",
        "/games/ships/files/.hidden.pdf",
        "/games/ships/files/log.yaml",
        "/games/nosuchgame/files/cards.pdf",
    ):
        assert client.get(url).status_code == 404, url


def test_building_from_the_page_writes_the_print_files(client, app, monkeypatch):
    from portolan.generator import build

    def quick(games, out, options, *args, **kwargs):
        (out / games[0].id).mkdir(parents=True, exist_ok=True)
        (out / games[0].id / "aid.pdf").write_bytes(b"%PDF")
        assert options.formats == ("pdf", "png")
        return []

    monkeypatch.setattr(build, "build_games", quick)
    r = client.post("/games/ships/build", follow_redirects=False)
    assert r.status_code == 303
    deadline = time.monotonic() + 300  # waits for the build's files; the bound only ends a hang
    while "aid.pdf" not in client.get("/games/ships").text:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    shutil.rmtree(app.site.output)


@pytest.mark.parametrize("game", available_games(components_dir()))
def test_the_game_page_has_one_h1_and_the_reference_below_it(client, game):
    page = client.get(f"/games/{game}").text
    assert page.count("<h1") == 1  # screen readers: the game's title, then the reference's h2s
    reference = page.split('<article class="reference"', 1)[1]
    assert "<h2" in reference
