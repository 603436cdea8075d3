"""Score a session on the page: the pad, the sheet, the downloads and the problems."""

from __future__ import annotations

import csv
import html
import io
import re

from tests.web.conftest import EXAMPLES
from tests.web.padfill import cli_score

POSITIONS = EXAMPLES / "positions"


def test_choosing_a_game_and_players_opens_the_pad(client):
    r = client.get("/score?game=ships&players=Ana,+Ben,+Cai", follow_redirects=False)
    assert r.status_code == 303
    pad = client.get(r.headers["location"])
    assert pad.status_code == 200
    for label in ("VP on the track", "Gold in the bank", "Cloth in the warehouse"):
        assert f">{label}<" in pad.text  # rows labelled in words
    assert 'aria-label="VP on the track: Cai"' in pad.text
    assert 'inputmode="numeric"' in pad.text


def test_a_wrong_player_count_is_shown_on_the_start_page(client):
    r = client.get("/score?game=ships&players=Ana")
    assert r.status_code == 400
    assert "1 players: Ships is for 2 to 4" in html.unescape(r.text)


def cells(page: str, filled: dict[str, str]) -> dict[str, str]:
    """The form a person makes on the pad: each cell found by its label."""
    out = {}
    for label, value in filled.items():
        found = re.search(rf'name="([^"]+)"[^>]*aria-label="{re.escape(label)}"', page)
        assert found, label
        out[found.group(1)] = value
    return out


def test_the_pad_scores_as_the_command_line_does(client):
    page = html.unescape(client.get("/score/ships?players=Ana,+Ben").text)
    form = cells(
        page,
        {
            "VP on the track: Ana": "48",
            "Gold in the bank: Ana": "7",
            "Cloth in the warehouse: Ana": "2",
            "Wine in the warehouse: Ana": "1",
            "Caribbean: 1 Spice: held by": "0",
            "New Spain: 1 Metal: held by": "0",
            "Caribbean: 4 VP: held by": "0",
            "VP on the track: Ben": "40",
            "Gold in the bank: Ben": "10",
            "Metal in the warehouse: Ben": "1",
            "Caribbean: 1 Cloth: held by": "1",
        },
    )
    form.update({"players": "Ana, Ben", "from": "pad", "area": "5"})
    r = client.post("/score/ships", data=form)
    assert r.status_code == 200, html.unescape(r.text)
    expected = cli_score("ships")
    assert f"Winner: <strong>{expected['winners'][0]}</strong>" in r.text
    for line in expected["scores"]:
        assert f"<td>{line['total']}</td>" in r.text


def test_age_of_discoverys_ships_are_picked_per_expedition(client):
    page = html.unescape(client.get("/score/age-of-discovery?players=Ana,+Ben,+Cai").text)
    fleets = {
        "Christopher Columbus": [
            ("0", "Red Ship 2"),
            ("0", "Red Ship 3"),
            ("1", "Santa María (red)"),
        ],
        "Francis Drake": [("1", "Red Ship 1"), ("1", "Blue Ship 2")],
        "Antonio de Abreu": [("2", "Green Ship 1"), ("2", "Green Ship 2")],
        "John Cabot": [("0", "Blue Ship 1"), ("2", "Blue Ship 2"), ("2", "Blue Ship 1")],
    }
    filled = {}
    for name, ships in fleets.items():
        for n, (who, ship) in enumerate(ships, 1):
            filled[f"{name}, ship {n}: whose"] = who
            filled[f"{name}, ship {n}: ship"] = ship
    filled["Wild Ship card: Francis Drake, ship 2"] = "1"
    rows = {"Points after the first scoring": (14, 9, 11), "Trade contracts completed": (5, 2, 3)}
    rows["Ships on no expedition"] = (3, 1, 2)
    for label, values in rows.items():
        filled.update(
            {f"{label}: {p}": str(v) for p, v in zip(("Ana", "Ben", "Cai"), values, strict=True)}
        )
    missions = ("Majority of Ships", "All Ships", "One Ship")
    filled.update(
        {f"Special mission: {p}": m for p, m in zip(("Ana", "Ben", "Cai"), missions, strict=True)}
    )
    form = {"players": "Ana, Ben, Cai", "from": "pad", "format": "json", **cells(page, filled)}
    r = client.post("/score/age-of-discovery", data=form)
    assert r.status_code == 200, html.unescape(r.text)
    assert r.json() == cli_score("age-of-discovery")
    del form["format"]
    form[next(k for k, v in form.items() if v == "Santa María (red)")] = "Santa María (yellow)"
    page = html.unescape(client.post("/score/age-of-discovery", data=form).text)
    assert "Christopher Columbus's expedition has ships of 2 colours" in page
    assert re.search(r'name="g\.expeditions\.1\.0\.ship"[^>]*aria-invalid="true"', page)


def test_a_pasted_position_downloads_as_csv_and_json(client):
    text = (POSITIONS / "age-of-discovery.yaml").read_text(encoding="utf-8")
    form = {"players": "Ana, Ben, Cai", "yaml": text}
    r = client.post("/score/age-of-discovery", data={**form, "format": "csv"})
    assert r.headers["content-disposition"] == 'attachment; filename="age-of-discovery-scores.csv"'
    rows = list(csv.reader(io.StringIO(r.text)))
    assert [row[0] for row in rows[1:]] == ["Ana", "Ben", "Cai"]
    r = client.post("/score/age-of-discovery", data={**form, "format": "json"})
    assert r.json() == cli_score("age-of-discovery")


def test_exploration_takes_who_holds_each_discovery_and_its_explorer(client):
    page = client.get("/score/exploration-age-of-sail?players=Ana,+Ben,+Cai").text
    lines = {label: n for n, label in re.findall(r'id="l-discoveries-(\d+)">([^<]+?) <span', page)}
    claims = {
        "Japan": (0, "Hernan Cortez"),
        "China": (0, "Magellan"),
        "Polynesia": (0, "James Cook"),
        "Canada": (1, "Christopher Columbus"),
        "Caribbean": (1, "Verrazano"),
        "India": (1, "Vasco de Gama"),
    }
    form = {"players": "Ana, Ben, Cai", "from": "pad"}
    for discovery, (player, explorer) in claims.items():
        form[f"g.discoveries.{lines[discovery]}.who"] = str(player)
        form[f"g.discoveries.{lines[discovery]}.how"] = explorer
    r = client.post("/score/exploration-age-of-sail", data=form)
    assert r.status_code == 200, html.unescape(r.text)
    expected = cli_score("exploration-age-of-sail")
    assert f"<strong>{', '.join(expected['winners'])}</strong>" in r.text


def test_a_mistake_in_a_cell_is_marked_at_the_cell_and_keeps_what_was_typed(client):
    page = html.unescape(client.get("/score/ships?players=Ana,+Ben").text)
    form = cells(page, {"VP on the track: Ana": "48", "Cloth in the warehouse: Ana": "20"})
    r = client.post(
        "/score/ships", data={"players": "Ana, Ben", "from": "pad", "area": "5", **form}
    )
    assert r.status_code == 422
    page = html.unescape(r.text)
    assert "position.yaml:3:" in page and "20 goods: a warehouse has" in page  # Ana's line
    vp, cloth = list(form)
    assert re.search(rf'name="{re.escape(cloth)}"[^>]*value="20"[^>]*aria-invalid="true"', page)
    assert re.search(
        rf'name="{re.escape(vp)}"[^>]*value="48"[^>]*inputmode="numeric" class="num">', page
    )


def test_a_cell_that_is_not_a_number_is_refused_before_scoring(client):
    form = {"players": "Ana, Ben", "from": "pad", "c0.0": "4 8", "area": "5"}
    r = client.post("/score/ships", data=form)
    assert r.status_code == 422
    assert "Ana · VP on the track: &#39;4 8&#39; is not a number" in r.text
    assert re.search(r'name="c0\.0"[^>]*aria-invalid="true"', r.text)


def test_the_running_totals_are_the_scorers(client):
    form = {"players": "Ana, Ben", "c0.0": "48", "c1.0": "40", "area": "5"}
    r = client.post("/score/ships/totals", data=form)
    sheet = client.post("/score/ships", data={**form, "from": "pad", "format": "json"}).json()
    totals = {line["player"]: line["total"] for line in sheet["scores"]}
    assert r.json() == {"totals": totals, "wrong": {}, "problems": []}
    r = client.post("/score/ships/totals", data={**form, "c1.2": "2 Clth"})
    body = r.json()
    assert body["totals"] is None and list(body["wrong"]) == ["c1.2"]
    r = client.post("/score/ships/totals", data={**form, "c1.0": "x"})
    assert r.json()["wrong"] == {"c1.0": "Ben · VP on the track: 'x' is not a number"}


def test_an_unknown_game_is_a_404(client):
    assert client.get("/score/chess?players=A,B").status_code == 404
    assert client.post("/score/../etc", data={}).status_code == 404


def test_a_long_position_is_shown_only_around_its_marked_line(client):
    text = "game: ships\nplayers: {Ana: {vp: x}, Ben: {}}\n" + "# a comment\n" * 50_000
    r = client.post("/score/ships", data={"players": "Ana, Ben", "yaml": text})
    assert r.status_code == 422
    assert '<li value="2" class="marked">' in r.text
    assert r.text.count("<li value=") < 20


def test_age_of_exploration_awards_taken_without_vp_fill_their_box(client):
    page = html.unescape(client.get("/score/age-of-exploration?players=Ana,+Ben").text)
    assert '<details class="more"><summary>Awards taken off the chart without VP' in page
    form = {"players": "Ana, Ben", "from": "pad", "format": "json"}
    form |= cells(
        page,
        {
            "Mississippi River Descent: held by": "1",
            "Mississippi River Descent: vp scored": "4",
            "1st New World sighting, without VP: Ben": "1",
            "NA Landfall: Ana": "1",
        },
    )
    r = client.post("/score/age-of-exploration", data=form)
    position = (
        "game: age-of-exploration\nplayers:\n  Ana: {awards: [landfall-na]}\n"
        "  Ben: {majors: {mississippi: 4}, without_vp: [new-world-sighting]}\n"
    )
    assert (
        r.json()
        == client.post(
            "/score/age-of-exploration",
            data={"players": "Ana, Ben", "yaml": position, "format": "json"},
        ).json()
    )
    del form["format"]
    form |= cells(page, {"1st New World sighting: Ana": "1"})  # its one box, claimed twice
    r = client.post("/score/age-of-exploration", data=form)
    assert r.status_code == 422
    page = html.unescape(r.text)
    assert "1st New World sighting has 1 box(es): it is claimed once each" in page
    assert '<details class="more" open>' in page
    ben = next(k for k, v in form.items() if k.startswith("g.without_vp.") and v == "1")
    assert re.search(rf'name="{re.escape(ben)}"[^>]*checked aria-invalid="true"', page)
