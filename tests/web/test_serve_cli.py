"""`portolan serve`: the extra it needs, the address it prints, the warning on a network."""

from __future__ import annotations

import builtins

from typer.testing import CliRunner

from portolan.cli import app
from portolan.cli import serve as serve_cli

runner = CliRunner()


def fake_run(calls):
    def run(app, host, port, **kwargs):
        calls.append((host, port))

    return run


def test_serve_binds_to_localhost_by_default(tmp_path, monkeypatch):
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", fake_run(calls))
    r = runner.invoke(app, ["serve", "--data", str(tmp_path / "d")])
    assert r.exit_code == 0, r.output
    assert calls == [("127.0.0.1", 8000)]
    assert "http://127.0.0.1:8000/" in r.output
    assert "warning" not in r.output
    assert (tmp_path / "d" / "sessions").is_dir()


def test_sharing_on_the_network_prints_the_address_and_a_warning(tmp_path, monkeypatch):
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", fake_run(calls))
    monkeypatch.setattr(serve_cli, "lan_address", lambda: "192.168.1.20")
    r = runner.invoke(
        app, ["serve", "--host", "0.0.0.0", "--port", "8123", "--data", str(tmp_path)]
    )
    assert r.exit_code == 0, r.output
    assert calls == [("0.0.0.0", 8123)]
    assert "http://192.168.1.20:8123/" in r.output
    assert "warning: anyone on this network" in r.output


def test_a_missing_web_extra_is_named(tmp_path, monkeypatch):
    real_import = builtins.__import__

    def no_starlette(name, *args, **kwargs):
        if name == "starlette" or name.startswith("starlette."):
            raise ImportError(name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_starlette)
    r = runner.invoke(app, ["serve", "--data", str(tmp_path)])
    assert r.exit_code == 2
    assert "pip install 'portolan-games[web]'" in r.output


def test_a_bad_port_is_an_input_error(tmp_path):
    r = runner.invoke(app, ["serve", "--port", "70000", "--data", str(tmp_path)])
    assert r.exit_code == 2
    assert "--port" in r.output


def test_allowed_hosts_are_the_bound_name_and_those_named(tmp_path, monkeypatch):
    import uvicorn
    from starlette.testclient import TestClient

    served = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: served.append(app))
    args = ["serve", "--host", "table-pc", "--data", str(tmp_path)]
    r = runner.invoke(app, [*args, "--allowed-host", "Table.Local.", "--allowed-host", "game"])
    assert r.exit_code == 0, r.output
    client = TestClient(served[0])
    for host, status in (("table-pc:8000", 200), ("table.local", 200), ("game", 200)):
        assert client.get("/", headers={"host": host}).status_code == status, host
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400


def test_an_allowed_host_that_is_no_host_name_is_refused(tmp_path):
    r = runner.invoke(app, ["serve", "--data", str(tmp_path), "--allowed-host", "a b/c"])
    assert r.exit_code == 2
    assert "--allowed-host" in r.output
    assert "'a b/c' is not a host name" in r.output
