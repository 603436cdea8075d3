"""The referee's picture of the table: served as an SVG image after every answer, the page
pointing at the version it shows, the same picture in words, nothing secret in it."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import pytest

from tests.web.conftest import new_game, page_answer

SVG = "{http://www.w3.org/2000/svg}"


def pieces(svg: str) -> dict[str, str]:
    root = ET.fromstring(svg)
    return {g.get("id"): g.get("data-space") for g in root.iter(f"{SVG}g") if g.get("data-space")}


def answer(client, key: str) -> str:
    page = client.get(f"/play/{key}").text
    client.post(f"/play/{key}", data=page_answer(page), follow_redirects=False)
    return client.get(f"/play/{key}").text


def test_the_page_shows_the_picture_of_the_version_it_answers(client):
    key = new_game(client, "ships", "Ana, Ben")
    page = client.get(f"/play/{key}").text
    src = re.search(r'<img [^>]*src="([^"]+)"[^>]*data-testid="picture"', page).group(1)
    assert html.unescape(src).endswith(f"/play/{key}/position.svg?v=0")
    assert 'class="wide"' in page  # the board scrolls sideways on a phone
    r = client.get(f"/play/{key}/position.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert "The picture in words" in page
    page = answer(client, key)
    assert f"/play/{key}/position.svg?v=1" in page


def test_a_move_answered_on_the_page_moves_its_piece_in_the_picture(client):
    key = new_game(client, "discovery-era-of-voyage", "Ana, Ben")
    picture = []
    for _ in range(60):  # the setup's questions, then the first player's sailing
        picture.append(pieces(client.get(f"/play/{key}/position.svg").text))
        if len(picture) > 1 and "ship-Ana" in picture[-2] and picture[-1] != picture[-2]:
            break
        answer(client, key)
    before, after = picture[-2], picture[-1]
    assert before["ship-Ana"] == before["ship-Ben"] == "Central Island"  # set up
    sailed = {k: v for k, v in after.items() if before.get(k) != v}
    assert len(sailed) == 1
    ident, space = next(iter(sailed.items()))
    assert ident in ("ship-Ana", "ship-Ben") and space != "Central Island"
    page = html.unescape(client.get(f"/play/{key}").text)
    assert f"{space}: {ident[5:]}'s ship" in page  # the same in words on the page


def test_the_picture_names_no_secret_card(client):
    key = new_game(client, "age-of-discovery", "Ana, Ben")
    for _ in range(12):
        answer(client, key)
    svg = client.get(f"/play/{key}/position.svg").text
    from portolan.model import load_game
    from portolan.paths import components_dir

    missions = [
        c.name for c in load_game(components_dir(), "age-of-discovery").deck("mission-deck").cards
    ]
    assert not any(m in svg for m in missions)


def test_an_unknown_game_has_no_picture(client):
    assert client.get("/play/AAAAAAAAAAAAAAAAAAAAAA/position.svg").status_code == 404


@pytest.mark.browser
def test_on_a_phone_the_picture_loads_and_scrolls_inside_its_frame(live_server, phone):
    url, web = live_server
    key = web.site.store.create("ships", ["Ana", "Ben", "Cai"], {})
    phone.goto(f"{url}/play/{key}")
    picture = phone.get_by_test_id("picture")
    picture.scroll_into_view_if_needed()
    phone.wait_for_function("document.querySelector('[data-testid=picture]').complete")
    sizes = phone.evaluate(
        """() => {
          const img = document.querySelector("[data-testid=picture]");
          const frame = img.parentElement;
          return {natural: img.naturalWidth, shown: img.getBoundingClientRect().width,
                  frame: frame.clientWidth, frame_scrolls: frame.scrollWidth - frame.clientWidth,
                  page_scrolls: document.documentElement.scrollWidth - window.innerWidth};
        }"""
    )
    assert sizes["natural"] > 0  # the page's policy lets the image load
    assert sizes["shown"] >= 900 and sizes["frame_scrolls"] > 0  # the board, wide enough to read
    assert sizes["page_scrolls"] <= 0  # ... scrolls in its frame, not the page
