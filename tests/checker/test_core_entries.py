"""checker/core/entries.py: a position's player entries and sections read by the typed readers,
each problem at its line and field, a value refused left out of what is read."""

from __future__ import annotations

from portolan.checker.core import logformat as lf
from portolan.checker.core.entries import SEAT, EntryReader, player_entries, value_of
from portolan.checker.core.position import read_position
from portolan.model.loader import load_game
from portolan.paths import components_dir
from portolan.yamlsrc import Source, parse_yaml

ENTRY = lf.Fields(
    {"vp": lf.Whole(0), "coins": lf.Whole(0)}, shape="a player maps to vp", partial=True
)
MARKERS = lf.MapOf(SEAT, lf.Whole(0), "markers map players to counts")


def head(text: str):
    model = load_game(components_dir(), "discovery-era-of-voyage")
    raw = parse_yaml(text, "position.yaml")
    return read_position(
        model,
        raw,
        Source("position.yaml"),
        keys=("game", "players", "markers"),
        options={},
        players_hint="vp",
    )


def test_each_entry_in_seat_order_with_what_could_be_read():
    h = head("players:\n  Ana: {vp: 3, coins: x}\n  Ben:\n  Cai: 7\nmarkers: {ana: 2, Dora: 1}\n")
    r = EntryReader(h, book=None)
    got = player_entries(r, ENTRY)
    assert {p: {k: value_of(e, k) for k in ENTRY.keys} for p, e in got.items()} == {
        "Ana": {"vp": 3, "coins": 0},
        "Ben": {"vp": 0, "coins": 0},
    }
    assert r.section("markers", MARKERS) is None  # Dora refused: the section is not read
    assert r.section("nothing", MARKERS) is None
    assert [(p.line, p.field, p.message) for p in h.problems] == [
        (2, "players.Ana.coins", "expected a whole number, found 'x'"),
        (4, "players.Cai", "a player maps to vp"),
        (5, "markers.Dora", "'Dora' is not a player in this position"),
    ]
    assert h.problems[-1].hint == "expected one of: 'Ana', 'Ben', 'Cai'"
