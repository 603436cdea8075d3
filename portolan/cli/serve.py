"""portolan serve: the table companion, a web page for phones on the local machine."""

from __future__ import annotations

import os
import re
from pathlib import Path

import typer

from portolan.cli import options as opt
from portolan.cli.app import COMPONENTS, app, components_folder, friendly
from portolan.cli.terminal import echo
from portolan.errors import display_path

WEB_EXTRA_HINT = (
    "install the web extra: pip install 'portolan-games[web]' (in a checkout: pip install -e "
    "'.[web]'; with pipx: pipx install 'portolan-games[web]')"
)
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
HOST_LABEL = re.compile(r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?")


def default_data() -> Path:
    """Where the served games are kept: $XDG_DATA_HOME/portolan, else ~/.local/share/portolan."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "portolan"


def require_web() -> None:
    try:
        import python_multipart  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise opt.bad(
            "serve", f"the web server needs {exc.name}, which is not installed", WEB_EXTRA_HINT
        ) from None


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent), if it has one."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        return None


def host_name(option: str, value: str) -> str:
    """A host name as DNS writes it (``table.local``, ``my-pc``), else exit 2."""
    name = value.strip().lower().rstrip(".")
    labels = name.split(".")
    if not name or len(name) > 253 or not all(HOST_LABEL.fullmatch(label) for label in labels):
        raise opt.bad(option, f"'{value}' is not a host name", "letters, digits, '-' and '.'")
    return name


@app.command("serve")
@friendly
def serve_command(
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to listen on (0.0.0.0: the whole network)."
    ),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    data: Path = typer.Option(
        None,
        "--data",
        help="Folder for refereed games and print files (default: ~/.local/share/portolan).",
    ),
    output: Path = typer.Option(
        None, "--output", help="Folder of built print files to browse (default: <data>/output)."
    ),
    components: Path = COMPONENTS,
    allowed_hosts: list[str] = typer.Option(
        None,
        "--allowed-host",
        help="Another host name the pages may be opened at (repeatable): the server answers "
        "only to --host, localhost and IP addresses.",
    ),
):
    """Serve the table companion: score, check a log, referee a game, browse, from a phone."""
    require_web()
    import uvicorn

    from portolan.web.app import create_app

    if not 1 <= port <= 65535:
        raise opt.bad("--port", f"{port} is not a port (1 to 65535)")
    folder = data if data is not None else default_data()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise opt.bad("--data", f"cannot create {display_path(folder)}: {exc.strerror}") from None
    names = [host_name("--allowed-host", h) for h in allowed_hosts or ()]
    web = create_app(folder, components_folder(components), output, hosts=[host, *names])
    shown = f"[{host}]" if ":" in host else host
    echo(f"Portolan at the table: http://{shown}:{port}/  (games kept in {display_path(folder)})")
    if host not in LOCAL_HOSTS:
        lan = lan_address() if host in ("0.0.0.0", "::") else host
        if lan:
            echo(f"On the table's network: http://{lan}:{port}/")
        echo(
            "warning: anyone on this network can open these pages and join a game whose link "
            "they have; there are no accounts. Stop the server (Ctrl+C) when the game night ends.",
            err=True,
        )
    uvicorn.run(web, host=host, port=port, log_level="warning", server_header=False)
