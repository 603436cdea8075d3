"""Every page answers, carries its headers, and a failure is a page, never a traceback."""

from __future__ import annotations

import pytest

from portolan.web import site as site_module


@pytest.mark.parametrize(
    "url",
    ["/", "/score", "/check", "/play", "/play?game=ships", "/games", "/games/ships"],
)
def test_every_page_answers_with_html_and_a_heading(client, url):
    r = client.get(url)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert "<h1>" in r.text
    assert r.headers["referrer-policy"] == "same-origin"
    assert "script-src 'self'" in r.headers["content-security-policy"]


def test_static_files_are_served(client):
    assert "prefers-color-scheme: dark" in client.get("/static/style.css").text
    assert "data-filter" in client.get("/static/table.js").text


def test_unknown_page_is_a_404_page(client):
    r = client.get("/nowhere")
    assert r.status_code == 404
    assert "<h1>Not found</h1>" in r.text


def test_a_bug_is_a_500_page_without_traceback(client, monkeypatch):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("secret detail")

    monkeypatch.setattr(site_module.Site, "games", broken)
    r = client.get("/")
    assert r.status_code == 500
    assert "This is a bug in Portolan" in r.text
    assert "Traceback" not in r.text and "secret detail" not in r.text


def test_a_body_over_the_limit_is_refused(client, monkeypatch):
    r = client.post(
        "/check",
        content=b"x" * (site_module.BODY_BYTES + 10),
        headers={"content-type": "text/plain"},
    )
    assert r.status_code == 413


def test_too_many_fields_are_refused(client):
    fields = {f"f{i}": "1" for i in range(site_module.FIELDS + 5)}
    r = client.post("/check", data=fields)
    assert r.status_code == 400
    assert "Traceback" not in r.text


def test_a_host_name_the_server_does_not_answer_to_is_refused(client, app):
    """DNS rebinding: a page on evil.example, its name made to lead to 127.0.0.1, posts to
    itself (so Origin and Host agree); the server answers only to its own names."""
    sessions = app.site.data / "sessions"
    before = sorted(sessions.iterdir()) if sessions.exists() else []
    evil = {"host": "evil.example:8000", "origin": "http://evil.example:8000"}
    r = client.post("/play", data={"game": "ships", "players": "A, B"}, headers=evil)
    assert r.status_code == 400
    assert "--allowed-host" in r.text
    assert (sorted(sessions.iterdir()) if sessions.exists() else []) == before
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400
    assert client.get("/", headers={"host": "testserver.evil.example"}).status_code == 400
    assert client.get("/", headers={"host": "bad host:x"}).status_code == 400


@pytest.mark.parametrize(
    "host",
    ["testserver", "TestServer.", "localhost:8000", "127.0.0.1:8000", "[::1]:8000", "192.168.1.20"],
)
def test_its_own_names_and_any_address_are_answered(client, host):
    assert client.get("/", headers={"host": host}).status_code == 200


def test_a_form_posted_from_another_site_is_refused(client):
    r = client.post(
        "/play",
        data={"game": "ships", "players": "A, B"},
        headers={"origin": "http://evil.example"},
    )
    assert r.status_code == 403
    r = client.post(
        "/play",
        data={"game": "ships", "players": "A, B"},
        headers={"origin": "http://testserver"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    for site, status in (("cross-site", 403), ("same-site", 403), ("same-origin", 303)):
        r = client.post(
            "/play",
            data={"game": "ships", "players": "A, B"},
            headers={"sec-fetch-site": site, "origin": "null"},
            follow_redirects=False,
        )
        assert r.status_code == status, site
