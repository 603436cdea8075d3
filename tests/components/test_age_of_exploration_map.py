"""Age of Exploration: the board graph is sound (components/age-of-exploration/map.yaml).

Every space the rulebook names is there with its kind and region, every border and arrow joins
spaces that exist, every space can be reached from Europe, and the printed features the
rulebook quotes (modifiers, automatic effects, provisions, discoveries) are where it says.
"""

from __future__ import annotations

import itertools
import re
from collections import deque

import pytest

from portolan.errors import InputError
from portolan.model import instructions as ins
from portolan.model import load_game
from portolan.paths import components_dir
from tests.edits import edit, game_copy

GAME = "age-of-exploration"


@pytest.fixture(scope="module")
def board():
    return load_game(components_dir(), GAME).component("board").spec


def reachable(board, start: str = "EUROPE") -> set[str]:
    """Spaces reachable by Progress and status changes, honouring one-way borders and arrows."""
    seen = {start}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in board.neighbours(here) + board.transitions(here):
            if there not in seen:
                seen.add(there)
                todo.append(there)
    return seen


def labels(board, kind=None, region=None) -> set[str]:
    return {
        s.printed
        for s in board.spaces
        if (kind is None or s.kind == kind) and (region is None or s.region == region)
    }


def test_every_space_is_reachable_from_europe(board):
    unreached = {s.id for s in board.spaces} - reachable(board)
    assert not unreached


def test_every_border_and_arrow_joins_existing_spaces(board):
    ids = {s.id for s in board.spaces}
    for link in [*board.borders, *board.arrows]:
        assert link.a in ids and link.b in ids
        assert link.a != link.b


def test_the_spaces_the_rulebook_names(board):
    assert {f"NWP{n}" for n in range(1, 10)} <= labels(board, "coastal", "NWP")
    assert {"NA1", "NA2", "NA3", "NA4"} <= labels(board, "land", "NA")
    assert {"CB1", "CB2", "CB3"} <= labels(board, "land", "CB")
    assert {f"CA{n}" for n in range(1, 7)} <= labels(board, "land", "CA")
    assert {f"SA{n}" for n in range(1, 6)} <= labels(board, "land", "SA")
    mississippi = [s for s in board.spaces if s.kind == "river" and s.region == "NA"]
    amazon = [s for s in board.spaces if s.kind == "river" and s.region == "SA"]
    assert sorted(s.printed for s in mississippi) == [f"R{n}" for n in range(1, 6)]
    assert sorted(s.printed for s in amazon) == [f"R{n}" for n in range(1, 8)]
    for region in ("NA", "CB", "CA", "SA", "SSA"):
        assert any(s.kind == "coastal" and s.region == region for s in board.spaces), region
    islands = [s for s in board.spaces if s.kind == "island"]
    assert len(islands) == 4  # "one of the four Mid-Atlantic Island spaces"
    assert board.space("CAPE-VERDE").kind == "island"
    straits = [s for s in board.spaces if s.name == "Straits of Magellan"]
    assert len(straits) == 2  # "one of these two coastal spaces"
    assert {board.space(i).name for i in ("M1", "N1", "A1")} == {"Malacca", "Nippon", "East Africa"}
    assert sum(1 for s in board.spaces if s.kind == "sea" and s.region == "PAC") >= 8


def test_the_bases_and_civilizations_are_in_their_regions(board):
    bases = {s.base: (s.printed, s.region) for s in board.spaces if s.base}
    assert bases == {
        "Hispaniola": ("CB1", "CB"),
        "Panama City": ("CA1", "CA"),
        "Mexico City": ("CA4", "CA"),
        "Lima": ("SA3", "SA"),  # not "Quito" (Component Notes)
        "Malacca": ("M1", "AS"),
    }
    assert not board.space("M1").launch
    for code, _ in bases.values():  # "Panama City (CA1)" finds one space of the map
        assert [s.id for s in board.spaces if s.printed == code] == [code]
    for civ, region, where in (("Aztec", "CA", "CA3"), ("Incan", "SA", "SA2")):
        boxes = {s.kind: s for s in board.spaces if s.civilization == civ}
        assert set(boxes) == {"land", "rumors", "contact", "capital"}
        assert all(s.region == region for s in boxes.values())
        assert boxes["land"].printed == where
        assert boxes["rumors"].id in board.transitions(where)
        capital = [b for b in board.borders if b.b == boxes["capital"].id]
        assert capital and capital[0].condition == "Capital Entry or Ruler Seized"


def test_rivers_flow_one_way_to_their_mouths(board):
    assert board.transitions("NA3") == ["MR1"]
    path = ["MR1", "MR2", "MR3", "MR4", "MR5"]
    for a, b in itertools.pairwise(path):
        assert board.neighbours(a) == [b] and a not in board.neighbours(b)
    assert "CB-GULF" in board.neighbours("MR5") and "CA6" in board.transitions("MR5")
    assert board.transitions("SA4") == ["AR1"]
    here, steps = "AR1", 0
    while board.space(here).kind == "river":
        (here,) = board.neighbours(here)
        steps += 1
    assert (here, steps) == ("SA-AMAZON", 7)


def test_printed_modifiers_and_automatic_effects(board):
    def mod(space, check):
        return [m.n for m in board.space(space).modifiers if m.check == check]

    assert mod("NA3", "combat") == [-4]
    assert mod("SA1-BRAZIL", "combat") == [-2]
    for strait in ("STRAIT-E", "STRAIT-W"):
        assert mod(strait, "navigation") == [-3]
        assert board.space(strait).draws == "none"
    (loss,) = board.space("SA1-PERU").on_enter
    assert isinstance(loss, ins.Lose) and loss.what == ["Provision (men)"]
    cod = board.space("NA-COD")
    assert cod.provision == "discovered" and cod.repair is False
    gains = [s for s in ins.walk(cod.on_enter) if isinstance(s, ins.GainItems)]
    assert gains and gains[0].items == {"Provision": 1}
    assert [d.label for d in board.space("SA-AMAZON").discoveries if d.auto] == ["Amazon River"]
    assert [d.label for d in board.space("SA1-BRAZIL").discoveries if d.auto] == ["Hardwood"]
    for mine in ("CB3", "SA5"):
        assert board.space(mine).enter_check, mine


def discoveries(board, award):
    return [(s.id, d.label) for s in board.spaces for d in s.discoveries if d.award == award]


def test_channels_bays_and_provision_spaces(board):
    channels = discoveries(board, "channel")
    assert len(channels) == 8
    nwp = [sid for sid, _ in channels if sid.startswith("NWP")]
    assert len(nwp) == 5 and set(nwp) <= {"NWP1", "NWP2", "NWP3", "NWP4"}
    assert sum(board.space(sid).region == "CB" for sid, _ in channels) == 1
    assert sum(board.space(sid).region == "SSA" for sid, _ in channels) == 2
    bays = {label for _, label in discoveries(board, "bay")}
    assert bays == {
        "Hudson's Bay",
        "Gulf of St. Lawrence",
        "Chesapeake Bay",
        "Gulf of Venezuela",
        "Río de la Plata Estuary",
    }
    assert {sid for sid, _ in discoveries(board, "mine")} == {"CB3", "SA5"}
    pacific = [s for s in board.spaces if s.region == "PAC" and s.provision == "discovered"]
    assert len(pacific) == 3  # off Nippon, off East Africa and one more (Expedition Action)
    assert {"N1", "A1"} <= {t for s in pacific for t in board.transitions(s.id)}
    guarded = [b for b in board.borders if b.requires == "Gulf of St. Lawrence"]
    assert [(b.a, b.b) for b in guarded] == [("NA-COD", "NA-STL")]


def test_rumor_spaces_are_numbered_land_spaces(board):
    for s in board.spaces:
        if s.rumor:
            assert s.kind == "land" and s.number is not None, s.id
            assert re.search(r"\d+", s.printed).group() == str(s.number), s.id
    numbers = {s.printed: s.number for s in board.spaces if s.kind == "land" and s.number}
    # a space sharing a base's number takes a letter after it (CA1b, not Panama City's CA1)
    assert all(re.fullmatch(r"[A-Z]+\d[b-z]?", k) for k in numbers)


def test_known_progress_tracks_follow_borders(board):
    for track in board.progress_tracks:
        for a, b in zip(track.spaces, track.spaces[1:], strict=False):
            assert b in board.neighbours(a), (track.id, a, b)
    ids = {t.id for t in board.progress_tracks}
    assert {"known-nwp", "known-ssa"} <= ids
    assert sum(t.markers for t in board.progress_tracks if t.id.startswith("known-sea")) == 2


def test_sighting_arrows_start_at_land_sighted(board):
    sighting = [a for a in board.arrows if a.sighting]
    assert len(sighting) >= 3
    for a in sighting:
        assert any(d.award == "land-sighted" for d in board.space(a.a).discoveries)
        assert board.space(a.b).kind == "coastal"


def test_discoveries_name_awards_of_the_vp_chart(board):
    awards = {a.id for a in board.awards}
    for s in board.spaces:
        for d in s.discoveries:
            assert d.award in awards


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("  - [NA3, NA4]\n", "  - [NA3, NA44]\n", "no space 'NA44'"),
        (
            "    on_enter: [{lose: 1 Provision (men)}]",
            "    on_enter: [{lose: 1 Provisions (men)}]",
            "'Provisions (men)' is not a loss",
        ),
        (
            "kind: land, region: SA, at: [8.9, 13.6]",
            "kind: land, region: SAX, at: [8.9, 13.6]",
            "unknown region 'SAX'",
        ),
    ],
)
def test_a_broken_map_is_reported_at_its_line(tmp_path, old, new, message):
    folder = game_copy(tmp_path, GAME)
    line, _ = edit(folder / GAME / "map.yaml", old, new)
    with pytest.raises(InputError) as exc:
        load_game(folder, GAME)
    (problem,) = [p for p in exc.value.problems if message in p.message]
    assert problem.line == line and problem.column is not None


def test_region_names_and_edge_tabs_are_printed_in_open_water(board):
    """Each region's name, and the name on each tab to a side edge (the Pacific crossing), lies
    on the board and clear of every space box and of each other: the spaces are drawn over
    them. (By default the Pacific's name, its spaces at both edges, fell under the Gulf of St.
    Lawrence and South America's under CB2; the tab by the Western Pacific, near the right
    edge, under its own space.)"""
    from portolan.generator.fonts import PT, width_mm
    from portolan.generator.kinds.map import REGION_NAME, region_names, wrap_label
    from portolan.generator.legibility import LABEL

    def rect(x, y, label, size):
        half = width_mm(label, "bold", size) / 2
        return (x - half, y - size * PT * 0.73, x + half, y + size * PT * 0.2)

    rects = {rid: rect(*where, REGION_NAME) for rid, where in region_names(board).items()}
    for b in board.borders:
        if b.wrap:
            a, c = board.space(b.a), board.space(b.b)
            rects[f"{b.a} tab"] = rect(*wrap_label(board, a, c), LABEL)
            rects[f"{b.b} tab"] = rect(*wrap_label(board, c, a), LABEL)

    def overlap(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    assert {"PAC", "SA", "PAC8 tab", "PAC9 tab"} <= set(rects)
    for name, r in rects.items():
        assert r[0] >= 3 and r[2] <= board.size.width - 3, name
        assert r[1] >= 3 and r[3] <= board.size.height - 3, name
        for s in board.spaces:
            x, y, w, h = board.box(s)
            assert not overlap(r, (x, y, x + w, y + h)), (name, s.id)
        for other, q in rects.items():
            assert other == name or not overlap(r, q), (name, other)


def _crosses(x1, y1, x2, y2, box, margin) -> bool:
    """Whether the segment (x1, y1)-(x2, y2) passes within ``margin`` of the box (x, y, w, h)."""
    x, y, w, h = box
    x, y, w, h = x - margin, y - margin, w + 2 * margin, h + 2 * margin
    t0, t1 = 0.0, 1.0
    dx, dy = x2 - x1, y2 - y1
    for p, q in ((-dx, x1 - x), (dx, x + w - x1), (-dy, y1 - y), (dy, y + h - y1)):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    return t0 < t1


def test_no_line_runs_under_a_space_it_does_not_join(board):
    """A progress border or a status arrow is drawn under the spaces, so one that crosses a
    third space seems to join it: the arrow from the Cape Verde Sea to Cape Branco ran under
    the Cape Verde Islands, the Caribbean Sea's to Panama City under the Gulf of Honduras,
    CB2's border to Panama City under CB3, ATL13's to the Cape of Good Hope under East
    Africa. Each passes 1 mm clear of every other space."""
    from portolan.generator.kinds.map import _ends

    lines = [(b.a, b.b) for b in board.borders if not b.wrap] + [(a.a, a.b) for a in board.arrows]
    crossed = [
        (a, c, s.id)
        for a, c in lines
        for s in board.spaces
        if s.id not in (a, c)
        and _crosses(*_ends(board, board.space(a), board.space(c)), board.box(s), 1.0)
    ]
    assert crossed == []


def test_space_boxes_stand_apart(board):
    """No two space boxes touch: CB2's corner lay over the Gulf of Honduras and over CB3."""
    boxes = [(s.id, board.box(s)) for s in board.spaces]
    gap = 1.0
    close = [
        (a, b)
        for (a, p), (b, q) in itertools.combinations(boxes, 2)
        if p[0] < q[0] + q[2] + gap
        and q[0] < p[0] + p[2] + gap
        and p[1] < q[1] + q[3] + gap
        and q[1] < p[1] + p[3] + gap
    ]
    assert close == []


def test_a_tab_to_the_side_edge_is_long_enough_to_read_as_an_arrow(board):
    """The tab from the Western Pacific to the right edge was 3.4 mm: its two arrowheads made
    a star. Each tab is at least 6 mm."""
    from portolan.generator.kinds.cardface import SAFE

    for b in board.borders:
        if not b.wrap:
            continue
        for sid in (b.a, b.b):
            x, _, w, _ = board.box(board.space(sid))
            left = x + w / 2 < board.size.width / 2
            length = x - (SAFE + 0.5) if left else board.size.width - SAFE - 0.5 - (x + w)
            assert length >= 6.0, (sid, length)


def test_no_text_in_a_space_runs_under_its_symbols():
    """The symbols at a space's top right (Ⓡ, Ⓟ, B) are drawn over its first feature line:
    the Canaries' "Canary Islands" ran under its Ⓟ. Every text of the board clears every
    symbol circle or B box it does not belong to."""
    from portolan.generator.build import BuildOptions
    from portolan.generator.draw import Circle, Rect, Text
    from portolan.generator.fonts import PT, width_mm
    from portolan.generator.kinds.map import map_drawing

    game = load_game(components_dir(), GAME)
    d, _ = map_drawing(game, game.component("board"), 0.0, BuildOptions(formats=("pdf",)).theme)
    symbols = [
        (i.cx - i.r, i.cy - i.r, i.cx + i.r, i.cy + i.r)
        for i in d.items
        if isinstance(i, Circle) and i.r < 2.5
    ] + [
        (i.x, i.y, i.x + i.w, i.y + i.h)
        for i in d.items
        if isinstance(i, Rect) and i.fill == "#6b6b6b"  # the B of a base
    ]
    hits = []
    for t in d.items:
        if not isinstance(t, Text) or len(t.text) < 2 or t.rotate:
            continue
        tw = width_mm(t.text, t.face, t.size)
        x0 = {"start": t.x, "middle": t.x - tw / 2, "end": t.x - tw}[t.anchor]
        box = (x0, t.y - t.size * PT * 0.72, x0 + tw, t.y)
        for s in symbols:
            if box[0] < s[2] and s[0] < box[2] and box[1] < s[3] and s[1] < box[3]:
                hits.append(t.text)
    assert hits == []
