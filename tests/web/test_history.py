"""The table's history: the database (migrations, transactions, statistics, CSV), its pages
(save, list, open, delete, export, import) and the refereed games it records when they end."""

from __future__ import annotations

import re
import sqlite3

import pytest
import yaml

from portolan.errors import InputError
from portolan.web import historydb
from portolan.web.historydb import History
from tests.web.conftest import EXAMPLES, new_game, page_answer

GAMES = {"ships", "age-of-discovery"}


def sheet(*seats: tuple[str, int], winners: tuple[str, ...] | None = None) -> dict:
    ranked = sorted(seats, key=lambda s: -s[1])
    scores = [{"player": p, "total": t, "rank": ranked.index((p, t)) + 1} for p, t in seats]
    return {"scores": scores, "winners": list(winners or [ranked[0][0]])}


# -- the database ----------------------------------------------------------------------------
def test_a_new_history_is_made_at_the_latest_schema_version(tmp_path):
    history = History(tmp_path)
    assert (
        history.plays() == [] and not (tmp_path / historydb.FILE).exists()
    )  # reading writes nothing
    history.add_scored("ships", "2026-12-01", sheet(("Ana", 70), ("Ben", 50)), "game: ships\n")
    with sqlite3.connect(tmp_path / historydb.FILE) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(historydb.MIGRATIONS)


def test_a_history_from_a_newer_portolan_is_refused_not_damaged(tmp_path):
    with sqlite3.connect(tmp_path / historydb.FILE) as conn:
        conn.execute(f"PRAGMA user_version = {len(historydb.MIGRATIONS) + 1}")
    with pytest.raises(InputError, match="newer Portolan"):
        History(tmp_path).plays()


def test_a_failed_write_leaves_nothing_half_recorded(tmp_path, monkeypatch):
    history = History(tmp_path)
    history.add_scored("ships", "2026-12-01", sheet(("Ana", 1), ("Ben", 2)), None)
    broken = sheet(("Ana", 3), ("Ben", 4))
    broken["scores"][1]["total"] = "many"  # fails after the play's row was inserted
    with pytest.raises(ValueError):
        history.add_scored("ships", "2026-12-02", broken, None)
    assert [p.played for p in history.plays()] == ["2026-12-01"]


def test_statistics_per_game_and_player(tmp_path):
    history = History(tmp_path)
    history.add_scored("ships", "2026-12-01", sheet(("Ana", 70), ("Ben", 50)), None)
    history.add_scored("ships", "2026-12-02", sheet(("Ana", 40), ("Ben", 61)), None)
    history.add_scored(
        "ships", "2026-12-03", sheet(("Ana", 55), ("Cai", 55), winners=("Ana", "Cai")), None
    )
    history.add_scored("age-of-discovery", "2026-12-03", sheet(("Ben", 30), ("Cai", 20)), None)
    stats = {(s.game, s.player): (s.plays, s.wins, s.average, s.best) for s in history.stats()}
    assert stats == {
        ("ships", "Ana"): (3, 2, 55.0, 70),
        ("ships", "Ben"): (2, 1, 55.5, 61),
        ("ships", "Cai"): (1, 1, 55.0, 55),
        ("age-of-discovery", "Ben"): (1, 1, 30.0, 30),
        ("age-of-discovery", "Cai"): (1, 0, 20.0, 20),
    }
    assert [s.player for s in history.stats("age-of-discovery")] == ["Ben", "Cai"]
    assert [p.played for p in history.plays("ships")] == ["2026-12-03", "2026-12-02", "2026-12-01"]


def test_csv_round_trip_keeps_every_play_and_skips_what_is_already_there(tmp_path):
    source = History(tmp_path / "a")
    source.add_scored("ships", "2026-12-01", sheet(("=Ana", 70), ("Ben, Jr", 50)), None)
    source.record_session("k" * 22, "age-of-discovery", "2026-12-02", sheet(("Ana", 3), ("Ben", 9)))
    text = source.export_csv()
    assert "'=Ana" in text  # a spreadsheet shows it as text, not a formula
    copy = History(tmp_path / "b")
    assert copy.import_csv(text, GAMES) == (2, 0)
    assert copy.import_csv(text, GAMES) == (0, 2)
    mine = [(p.game, p.played, p.kind, p.seats) for p in copy.plays()]
    assert mine == [(p.game, p.played, p.kind, p.seats) for p in source.plays()]
    assert copy.plays()[1].seats[0].player == "=Ana"


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            lambda t: t.replace("2026-12-01", "2026-13-01", 1),
            "history.csv:2:2: date: '2026-13-01' is not a date",
        ),
        (
            lambda t: t.replace(",ships,", ",shipz,", 1),
            "history.csv:2:3: game: 'shipz' is not a game",
        ),
        (
            lambda t: t.replace(",70,", ",7x,", 1),
            "history.csv:2:7: score: '7x' is not a whole number",
        ),
        (
            lambda t: t.replace(",yes", ",maybe", 1),
            "history.csv:2:9: won: 'maybe' is not yes or no",
        ),
        (lambda t: t.replace(",2,Ben,", ",3,Ben,", 1), "history.csv:3:5: seat: seat 3: expected 2"),
        (lambda t: t.replace(",Ana,", ",,", 1), "history.csv:2:6: player: a player's name is 1 to"),
        (
            lambda t: t.replace("play,date", "id,date", 1),
            "history.csv:1: the first row names the columns",
        ),
        (lambda t: t + "1,2\n", "history.csv:4: 2 columns: expected 9"),
    ],
)
def test_a_wrong_field_of_an_imported_csv_names_its_row_and_column(tmp_path, edit, expected):
    source = History(tmp_path / "a")
    source.add_scored("ships", "2026-12-01", sheet(("Ana", 70), ("Ben", 50)), None)
    target = History(tmp_path / "b")
    with pytest.raises(InputError) as caught:
        target.import_csv(edit(source.export_csv()), GAMES)
    assert str(caught.value.problems[0]).startswith(expected), str(caught.value)
    assert target.plays() == []  # nothing of a wrong file is added


def test_an_imported_csv_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(historydb, "CSV_ROWS", 2)
    header = ",".join(historydb.CSV_COLUMNS) + "\n"
    rows = "".join(f"{n},2026-12-01,ships,scored,1,Ana,1,1,yes\n" for n in range(1, 4))
    with pytest.raises(InputError, match="more than 2 rows"):
        History(tmp_path).import_csv(header + rows, GAMES)
    with pytest.raises(InputError, match="larger than"):
        History(tmp_path).import_csv(header + "x" * (historydb.CSV_BYTES + 1), GAMES)


# -- the pages -------------------------------------------------------------------------------
def save_ships(client, played: str = "2026-12-01") -> str:
    text = (EXAMPLES / "positions" / "ships.yaml").read_text(encoding="utf-8")
    players = ", ".join(yaml.safe_load(text)["players"])
    form = {"players": players, "yaml": text, "save": "1", "played": played}
    r = client.post("/score/ships", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"]


def test_a_scored_play_is_saved_listed_opened_again_and_deleted(client):
    shown = client.post(
        "/score/ships",
        data={"players": "Ana, Ben", "yaml": (EXAMPLES / "positions" / "ships.yaml").read_text()},
    ).text
    assert "Save in the history" in shown
    location = save_ships(client)
    page = client.get(location).text
    assert "Saved in the history." in page and "Winner: <strong>Ana</strong>" in page
    listing = client.get("/history").text
    assert "Ships" in listing and "Ana 73 (won)" in listing and "2026-12-01" in listing
    reopened = client.post(
        "/score/ships",
        data={
            "players": "Ana, Ben",
            "yaml": re.search(r'name="yaml" value="([^"]*)"', page).group(1).replace("&#10;", "\n"),
        },
    )
    assert reopened.status_code == 200 and "Winner: <strong>Ana</strong>" in reopened.text
    # the position back in the pad's cells, ready to change
    assert re.search(r'<option value="5" selected>Area 5', reopened.text)
    assert 'aria-label="VP on the track: Ana" value="48"' in reopened.text
    play_id = location.split("/history/")[1].split("?")[0]
    r = client.post(f"/history/{play_id}/delete", follow_redirects=True)
    assert "The play was deleted." in r.text and "No play yet" in r.text
    assert client.get(f"/history/{play_id}").status_code == 404


def test_a_save_needs_a_real_date(client):
    text = (EXAMPLES / "positions" / "ships.yaml").read_text(encoding="utf-8")
    r = client.post(
        "/score/ships",
        data={"players": "Ana, Ben", "yaml": text, "save": "1", "played": "yesterday"},
    )
    assert r.status_code == 422 and "&#39;yesterday&#39; is not a date" in r.text
    assert "No play yet" in client.get("/history").text


def test_names_are_escaped_in_the_history(client, app):
    app.site.history.add_scored("ships", "2026-12-01", sheet(("<b>Ana</b>", 9), ("Ben", 1)), None)
    page = client.get("/history").text
    assert "<b>Ana</b>" not in page and "&lt;b&gt;Ana&lt;/b&gt;" in page


def test_the_history_is_exported_and_imported_from_the_page(client, app, tmp_path):
    save_ships(client)
    exported = client.get("/history.csv")
    assert exported.headers["content-disposition"] == 'attachment; filename="portolan-history.csv"'
    assert exported.text.splitlines()[1].startswith("1,2026-12-01,ships,scored,1,Ana,73,1,yes")
    app.site.history.delete(1)
    r = client.post("/history/import", files={"file": ("mine.csv", exported.content, "text/csv")})
    assert "Imported 1 play" in r.text and "Ana 73 (won)" in r.text
    bad = exported.text.replace("2026-12-01", "someday", 1).encode()
    r = client.post("/history/import", files={"file": ("mine.csv", bad, "text/csv")})
    assert r.status_code == 422 and "history.csv:2:2" in r.text and "someday" in r.text


def test_a_refereed_game_is_recorded_when_it_ends_and_listed_after_a_restart(client, app):
    key = new_game(client, "discovery-era-of-voyage", "Ana, Ben")
    assert key in client.get("/play").text  # in progress
    for _ in range(2000):
        html = client.get(f"/play/{key}").text
        if "The game is over" in html:
            break
        client.post(f"/play/{key}", data=page_answer(html))
    assert "The game is over" in html
    assert key not in client.get("/play").text  # no longer in progress
    (play,) = app.site.history.plays()
    assert (play.kind, play.session, [s.player for s in play.seats]) == (
        "refereed",
        key,
        ["Ana", "Ben"],
    )
    app.site.store.forget(key)
    client.post(
        f"/play/{key}",
        data={"at": re.search(r'name="at" value="(\d+)"', html).group(1), "action": "undo"},
    )
    assert app.site.history.plays() == []  # the end was undone
    html = client.get(f"/play/{key}").text
    client.post(f"/play/{key}", data=page_answer(html))
    assert [p.session for p in app.site.history.plays()] == [key]
