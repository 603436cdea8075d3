"""Score a session on the page: the pad, the sheet, the downloads and the problems."""

from __future__ import annotations

import csv
import html
import io
import json
import subprocess
import sys

from tests.web.conftest import EXAMPLES

POSITIONS = EXAMPLES / "positions"


def cli_score(game: str) -> dict:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "portolan",
            "score",
            game,
            str(POSITIONS / f"{game}.yaml"),
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_choosing_a_game_and_players_opens_the_pad(client):
    r = client.get("/score?game=ships&players=Ana,+Ben,+Cai", follow_redirects=False)
    assert r.status_code == 303
    pad = client.get(r.headers["location"])
    assert pad.status_code == 200
    for row in ("vp", "gold", "goods", "cubes"):
        assert f">{row}</th>" in pad.text
    assert 'aria-label="vp of Cai"' in pad.text


def test_a_wrong_player_count_is_shown_on_the_start_page(client):
    r = client.get("/score?game=ships&players=Ana")
    assert r.status_code == 400
    assert "1 players: Ships is for 2 to 4" in html.unescape(r.text)


def test_the_pad_scores_as_the_command_line_does(client):
    form = {
        "players": "Ana, Ben",
        "from": "pad",
        "c0.0": "48",
        "c0.1": "7",
        "c0.2": "2 Cloth + 1 Wine",
        "c0.4": "[Caribbean Spice, New Spain Metal]",
        "c0.5": "[Caribbean]",
        "c1.0": "40",
        "c1.1": "10",
        "c1.2": "[Metal]",
        "c1.4": "[Caribbean Cloth]",
        "s.area": "5",
    }
    r = client.post("/score/ships", data=form)
    assert r.status_code == 200, html.unescape(r.text)
    expected = cli_score("ships")
    assert f"Winner: <strong>{expected['winners'][0]}</strong>" in r.text
    for line in expected["scores"]:
        assert f"<td>{line['total']}</td>" in r.text


def test_a_pasted_position_downloads_as_csv_and_json(client):
    text = (POSITIONS / "age-of-discovery.yaml").read_text(encoding="utf-8")
    form = {"players": "Ana, Ben, Cai", "yaml": text}
    r = client.post("/score/age-of-discovery", data={**form, "format": "csv"})
    assert r.headers["content-disposition"] == 'attachment; filename="age-of-discovery-scores.csv"'
    rows = list(csv.reader(io.StringIO(r.text)))
    assert [row[0] for row in rows[1:]] == ["Ana", "Ben", "Cai"]
    r = client.post("/score/age-of-discovery", data={**form, "format": "json"})
    assert r.json() == cli_score("age-of-discovery")


def test_a_game_without_rows_takes_a_victory_pile_per_player(client):
    form = {
        "players": "Ana, Ben, Cai",
        "from": "pad",
        "c0": "Japan: Hernan Cortez\nChina: Magellan\nPolynesia: James Cook",
        "c1": "Canada: Christopher Columbus\nCaribbean: Verrazano\nIndia: Vasco de Gama",
        "c2": "",
    }
    r = client.post("/score/exploration-age-of-sail", data=form)
    assert r.status_code == 200, html.unescape(r.text)
    expected = cli_score("exploration-age-of-sail")
    assert f"<strong>{', '.join(expected['winners'])}</strong>" in r.text


def test_a_mistake_in_a_cell_points_at_its_line_and_keeps_what_was_typed(client):
    form = {"players": "Ana, Ben", "from": "pad", "c0.0": "48", "c0.2": "2 Clth", "s.area": "5"}
    r = client.post("/score/ships", data=form)
    assert r.status_code == 422
    page = html.unescape(r.text)
    assert "position.yaml:5:" in page  # game, players, Ana, vp, goods
    assert "Clth" in page and 'value="48"' in page


def test_an_unknown_game_is_a_404(client):
    assert client.get("/score/chess?players=A,B").status_code == 404
    assert client.post("/score/../etc", data={}).status_code == 404


def test_a_long_position_is_shown_only_around_its_marked_line(client):
    text = "game: ships\nplayers: {Ana: {vp: x}, Ben: {}}\n" + "# a comment\n" * 50_000
    r = client.post("/score/ships", data={"players": "Ana, Ben", "yaml": text})
    assert r.status_code == 422
    assert '<li value="2" class="marked">' in r.text
    assert r.text.count("<li value=") < 20
