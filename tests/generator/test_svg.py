"""generator/backends/svg.py and the SVG files of a print set."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from portolan.generator.backends.svg import svg_document, svg_text, write_svg
from portolan.generator.colours import grayscale, identity
from portolan.generator.draw import Circle, Drawing, Group, Line, Rect, Text
from portolan.generator.draw import Path as PathItem
from tests.conftest import FIXTURE_GAME, GAME

NS = "{http://www.w3.org/2000/svg}"
MM_VALUE = re.compile(r"^(\d+(?:\.\d+)?)mm$")


def _size(root) -> tuple[float, float]:
    w, h = MM_VALUE.match(root.get("width")), MM_VALUE.match(root.get("height"))
    assert w and h, (root.get("width"), root.get("height"))
    return float(w[1]), float(h[1])


def _viewbox(root) -> tuple[float, ...]:
    return tuple(float(v) for v in root.get("viewBox").split())


def _texts(root) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


def _all_svgs(built, game_id) -> list[Path]:
    return sorted((built.game(game_id) / "svg").rglob("*.svg"))


def test_every_svg_parses_with_sizes_in_mm_and_a_consistent_viewbox(a4, fixture_set, game):
    paths = _all_svgs(a4, GAME) + _all_svgs(fixture_set, FIXTURE_GAME)
    assert len(paths) > 60
    for path in paths:
        root = ET.parse(path).getroot()
        assert root.tag == f"{NS}svg"
        w, h = _size(root)
        x, y, vw, vh = _viewbox(root)
        assert (vw, vh) == pytest.approx((w, h), abs=1e-3), path.name
        # The viewBox starts at minus the bleed, so trim coordinates start at 0.
        assert x == pytest.approx(y) and x <= 0
        bleed = -x
        assert bleed in (0, 2.0, 3.0), path.name  # cards 3 mm; counters at most 2; pages none


@pytest.mark.parametrize(
    ("component", "trim"),
    [
        ("expedition-deck", (63, 88)),
        ("exploration-deck", (63, 88)),
        ("player-aid", (63, 88)),
        ("expedition-mat", (128, 86)),
    ],
)
def test_face_svgs_are_trim_plus_twice_the_bleed(a4, component, trim):
    bleed = 3.0
    for path in (a4.game() / "svg" / component).glob("*.svg"):
        root = ET.parse(path).getroot()
        assert _size(root) == pytest.approx((trim[0] + 2 * bleed, trim[1] + 2 * bleed))
        assert _viewbox(root) == pytest.approx(
            (-bleed, -bleed, trim[0] + 2 * bleed, trim[1] + 2 * bleed)
        )


def test_other_bleed_in_the_viewbox(build):
    path = build(bleed=1.5).game() / "svg" / "exploration-deck" / "exploration-deck-ocean.svg"
    root = ET.parse(path).getroot()
    assert _size(root) == pytest.approx((66, 91))
    assert _viewbox(root) == pytest.approx((-1.5, -1.5, 66, 91))


@pytest.mark.parametrize("deck_id", ["expedition-deck", "exploration-deck"])
def test_one_svg_per_card_design_plus_the_back(a4, game, deck_id):
    deck = game.deck(deck_id)
    files = sorted(p.stem for p in (a4.game() / "svg" / deck_id).glob("*.svg"))
    expected = sorted([f"{deck_id}-{c.id}" for c in deck.cards] + [f"{deck_id}-back"])
    assert files == expected
    assert len(files) == len({c.name for c in deck.cards}) + 1
    # Each card's SVG carries its name; the back carries the back's title.
    for card in deck.cards:
        root = ET.parse(a4.game() / "svg" / deck_id / f"{deck_id}-{card.id}.svg").getroot()
        assert card.name in _texts(root)
    back = ET.parse(a4.game() / "svg" / deck_id / f"{deck_id}-back.svg").getroot()
    assert deck.spec.back.title.upper() in _texts(back)


def test_accented_name_in_the_svg(fixture_set):
    path = fixture_set.game(FIXTURE_GAME) / "svg" / "conquerors" / "conquerors-hernan-cortes.svg"
    root = ET.parse(path).getroot()
    assert "Hernán Cortés" in _texts(root)
    assert "Hernán Cortés" in path.read_text("utf-8")  # as characters, not entities


def test_ids_are_unique_within_each_svg(a4):
    for path in _all_svgs(a4, GAME):
        ids = [e.get("id") for e in ET.parse(path).getroot().iter() if e.get("id")]
        assert len(ids) == len(set(ids)), path.name


def test_backend_draws_every_item_kind():
    d = Drawing(
        40,
        30,
        [
            Rect(1, 2, 3, 4, fill="#112233", stroke="#445566", width=0.5, radius=1),
            Line(0, 0, 10, 10, stroke="#000000", dash=(1, 0.5)),
            Circle(5, 5, 2, fill="#ffffff"),
            PathItem((("M", 0, 0), ("L", 1, 1), ("C", 1, 2, 3, 4, 5, 6), ("Z",)), fill="#000000"),
            Text(3, 4, "a < b & c", 10, "bolditalic", anchor="middle", rotate=90),
            Group((Rect(0, 0, 1, 1, fill="#000000"),), dx=2, dy=3, clip=Rect(0, 0, 5, 5), scale=2),
        ],
        bleed=2,
        id="t",
        title="Test",
    )
    root = ET.fromstring(svg_text(d))
    assert _size(root) == (44, 34)
    assert _viewbox(root) == (-2, -2, 44, 34)
    rect = root.find(f"{NS}rect")
    assert (rect.get("x"), rect.get("y"), rect.get("rx"), rect.get("fill")) == (
        "1",
        "2",
        "1",
        "#112233",
    )
    assert root.find(f"{NS}line").get("stroke-dasharray") == "1,0.5"
    assert root.find(f"{NS}path").get("d") == "M0 0 L1 1 C1 2 3 4 5 6 Z"
    text = root.find(f"{NS}text")
    assert text.text == "a < b & c"
    assert text.get("font-size") == f"{10 * 25.4 / 72:.3f}".rstrip("0")
    assert (text.get("font-weight"), text.get("font-style")) == ("bold", "italic")
    assert text.get("text-anchor") == "middle"
    assert text.get("transform") == "rotate(-90 3 4)"  # counter-clockwise on the page
    group = root.find(f"{NS}g")
    assert group.get("transform") == "translate(2 3) scale(2)"
    clip_id = re.fullmatch(r"url\(#(.+)\)", group.get("clip-path"))[1]
    clip = next(c for c in root.iter(f"{NS}clipPath") if c.get("id") == clip_id)
    assert clip.find(f"{NS}rect").get("width") == "5"


def test_backend_applies_the_colour_filter():
    d = Drawing(10, 10, [Rect(0, 0, 1, 1, fill="#ff0000", stroke="#00ff00")])
    root = ET.fromstring(svg_text(d, lambda c: "#777777"))
    rect = root.find(f"{NS}rect")
    assert (rect.get("fill"), rect.get("stroke")) == ("#777777", "#777777")


def test_grayscale_svgs_use_only_grays(build):
    colour = re.compile(r'(?:fill|stroke)="#([0-9a-f]{6})"')
    paths = _all_svgs(build(grayscale=True), GAME)
    assert paths
    for path in paths:
        for hexa in colour.findall(path.read_text("utf-8")):
            assert hexa[0:2] == hexa[2:4] == hexa[4:6], (path.name, hexa)


# -- the backend's own writer against svgwrite's tostring() -------------------------------------
ESCAPES = 'Hernán Cortés & <Co> "the Conqueror" \'s\tmen\nand ships\r'
EVERY_KIND = [
    Rect(1, 2, 3, 4, fill="#112233"),
    Rect(1.25, 2.5, 3.125, 4, fill="#112233", stroke="#445566", width=0.5, radius=1.5),
    Rect(0, 0, 10, 10, stroke="#445566", dash=(1, 0.5, 0.25)),
    Rect(-0.0004, 0.0004, 1e-9, 1234567.891, width=0),
    Line(0, 0, 10, 10, stroke="#000000"),
    Line(0.5, 0, 10, 10.75, stroke="#abcdef", width=0.1, dash=(2, 1)),
    Circle(5, 5, 2, fill="#ffffff"),
    Circle(5, 5, 2, stroke="#ff0000", width=0.2),
    PathItem((("M", 0, 0), ("L", 1, 1), ("C", 1, 2, 3, 4, 5, 6), ("Z",)), fill="#000000"),
    PathItem((("M", 0.1, 0.2), ("L", 3, 4)), stroke="#00ff00", width=0.4),
    PathItem((), fill="#000000"),  # an empty path: svgwrite leaves out the empty ``d``
    *[
        Text(3, 4, f"{face} {anchor} {rotate}", 7.5, face, "#334455", anchor, rotate)
        for face in ("regular", "bold", "italic", "bolditalic")
        for anchor in ("start", "middle", "end")
        for rotate in (0, 90, -45.5)
    ],
    Text(1, 2, ESCAPES, 9),
    Text(1, 2, "", 9),  # no text: <text … />
    Group(()),
    Group((Rect(0, 0, 1, 1, fill="#000000"),), dx=2, dy=3, clip=Rect(0, 0, 5, 5), scale=2),
    Group(
        (
            Group((Text(0, 0, "flipped", 8, "italic"),), flip=True, scale=0.5, rotate=180),
            Group((Circle(1, 1, 1, fill="#123456"),), dx=1, clip=Rect(-1, -1, 2, 2), rotate=90),
            Group((Line(0, 0, 1, 1),), id='named & <quoted> "id"\t\n\r'),
        ),
        dx=-3,
        dy=4.5,
        id="outer",
        clip=Rect(0, 0, 20, 20),
    ),
]


@pytest.mark.parametrize("colour_filter", [identity, grayscale])
@pytest.mark.parametrize(
    "drawing",
    [
        Drawing(63, 88, list(EVERY_KIND), bleed=3, id="deck-hernan-cortes", title=ESCAPES),
        Drawing(210, 297, list(EVERY_KIND), id='odd & <id> "x"', title="Árbol"),
        Drawing(10, 10),  # nothing in it: <defs />, no title
    ],
    ids=["card", "page", "empty"],
)
def test_the_writer_matches_svgwrite_tostring(drawing, colour_filter):
    assert svg_text(drawing, colour_filter) == svg_document(drawing, colour_filter).tostring()


def test_an_svg_file_is_svgwrite_text_byte_for_byte(tmp_path):
    # Characters UTF-8 cannot hold (a lone surrogate from a YAML escape) become references.
    d = Drawing(20, 20, [*EVERY_KIND, Text(0, 0, "lone \ud800 surrogate", 9)], title=ESCAPES)
    write_svg(d, tmp_path / "d.svg")
    expected = f'<?xml version="1.0" encoding="utf-8"?>\n{svg_document(d).tostring()}\n'
    assert (tmp_path / "d.svg").read_bytes() == expected.encode("utf-8")
    assert "Hernán Cortés &amp; &lt;Co&gt;" in expected and "&#55296;" in expected


@pytest.mark.parametrize(
    ("game_id", "deck_id", "backs"),
    [
        ("ships", "cards", {"cards-galley-back", "cards-sailing-back", "cards-steam-back"}),
        ("age-of-exploration", "leaders", {"leaders-explorer-back", "leaders-conquistador-back"}),
    ],
)
def test_only_backs_a_card_carries_are_written(tmp_path, game_id, deck_id, backs):
    """Every Ships card and every leader has its type's back: the deck's own back is on no
    card, so no SVG of it is written."""
    from dataclasses import replace

    from portolan.generator.build import BuildOptions, build_games
    from portolan.model import load_game
    from portolan.paths import components_dir

    model = load_game(components_dir(), game_id)
    model = replace(model, components=[model.component(deck_id)])
    build_games([model], tmp_path, BuildOptions(formats=("svg",)))
    written = {p.stem for p in (tmp_path / game_id / "svg" / deck_id).glob("*-back.svg")}
    assert written == backs
