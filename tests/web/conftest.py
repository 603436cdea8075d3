"""The web app on a fresh data folder: a request client, and a live server for the browser."""

from __future__ import annotations

import re
import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from starlette.testclient import TestClient

from portolan.paths import components_dir
from portolan.web.app import create_app

# One definition of the browser fixtures for every test module: a module that imported them
# itself would get its own session-wide browser, and playwright runs one per process.
from tests.web.browser import browser, phone  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


@pytest.fixture
def app(tmp_path):
    # The test client asks for the host "testserver": this server answers to that name.
    return create_app(tmp_path / "data", components_dir(), hosts=["testserver"])


@pytest.fixture
def client(app):
    # Server errors become the 500 page, as a user sees them (not exceptions in the test).
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def new_game(client, game: str = "exploration-age-of-sail", players: str = "Ana, Ben") -> str:
    r = client.post("/play", data={"game": game, "players": players}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].split("/play/", 1)[1]


def page_answer(html: str) -> dict[str, str]:
    """The first answer button of a table page, as the form it posts."""
    at = re.search(r'name="at" value="(\d+)"', html).group(1)
    action = re.search(r'name="action" value="(choose|reveal)"', html).group(1)
    return {"at": at, "action": action, "value": "0"}


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The app served by uvicorn on a free loopback port, for the browser tests."""
    import uvicorn

    data = tmp_path_factory.mktemp("served")
    web = create_app(data, components_dir())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(web, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 300  # waits for the server to say so; the bound ends a hang
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", web
    server.should_exit = True
    thread.join(300)  # ends when the server has; the bound only ends a hang
