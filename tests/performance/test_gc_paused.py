"""Reading a log pauses the cyclic garbage collector (a log of twice the turns reads in about twice
the time) and always gives it back as it was, after a good read and after a failed one."""

from __future__ import annotations

import gc

import pytest

from portolan.checker.core import log as logmod
from portolan.errors import InputError
from portolan.paths import components_dir
from portolan.yamlsrc import gc_paused, load_yaml

GOOD = "game: exploration-age-of-sail\nplayers: [Ana, Ben]\nturns: []\n"


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def seen_while_reading(monkeypatch) -> list[bool]:
    seen: list[bool] = []
    real = logmod.read_log

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(logmod, "read_log", spy)
    return seen


def test_paused_while_reading_and_back_after(tmp_path, monkeypatch, collector_on):
    path = tmp_path / "log.yaml"
    path.write_text(GOOD, encoding="utf-8")
    seen = seen_while_reading(monkeypatch)
    loaded = logmod.load_log(path, components_dir())
    assert loaded.players == ["Ana", "Ben"]
    assert seen == [False]
    assert gc.isenabled()


@pytest.mark.parametrize(
    "text",
    [
        "game: [unclosed\n",  # YAML syntax: fails while the tree is built
        "game: no-such-game\nplayers: [Ana]\nturns: []\n",  # fails while the log is read
        GOOD.replace("turns: []", "turns: [{player: Zed, sail: 3}]"),  # fails in the turns
    ],
)
def test_back_on_after_a_failed_read(tmp_path, collector_on, text):
    path = tmp_path / "log.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError):
        logmod.load_log(path, components_dir())
    assert gc.isenabled()
    with pytest.raises(InputError):
        logmod.parse_log(text, "typed.yaml", components_dir())
    assert gc.isenabled()


def test_left_off_when_it_was_off(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("a: [b\n", encoding="utf-8")
    was = gc.isenabled()
    gc.disable()
    try:
        with pytest.raises(InputError):
            load_yaml(path)
        assert not gc.isenabled()
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


def test_an_unexpected_error_gives_it_back_too(collector_on):
    with pytest.raises(RuntimeError), gc_paused():
        assert not gc.isenabled()
        raise RuntimeError("boom")
    assert gc.isenabled()
