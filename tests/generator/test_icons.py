"""The icons' shapes are data (generator/icons.py reads generator/data/icons.json): every icon
is drawn in the two colours it is given, and a broken file is refused with the icon and shape
it concerns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portolan.generator import icons
from portolan.generator.draw import Group
from portolan.generator.draw import Path as DrawnPath
from portolan.generator.fingerprint import _add_tree


def _paints(shapes: list) -> set:
    return {getattr(s, k) for s in shapes for k in ("fill", "stroke") if hasattr(s, k)} - {None}


def test_every_icon_is_drawn_in_its_colour_and_background_only():
    assert len(icons.ICONS) == 46
    for name, draw in icons.ICONS.items():
        shapes = draw("#102030", "#f0e0d0")
        assert shapes, name
        assert _paints(shapes) <= {"#102030", "#f0e0d0"}, name


def test_an_icon_in_its_box():
    group = icons.icon("ship", 10, 20, 5, "#102030")
    assert isinstance(group, Group) and (group.dx, group.dy, group.scale) == (10, 20, 5)
    hull = group.items[4]
    assert isinstance(hull, DrawnPath) and hull.commands[0] == ("M", 0.08, 0.66)


def _write(tmp_path: Path, icons_table: object) -> Path:
    path = tmp_path / "icons.json"
    path.write_text(json.dumps({"icons": icons_table}), "utf-8")
    return path


GOOD = {"rect": [0, 0, 1, 1], "fill": "colour"}


def test_a_good_file_is_read():
    path = Path(icons.DATA)
    read = icons.read_icons(path)
    assert sorted(read) == sorted(icons.ICONS)
    assert read["scroll"].about.startswith("A trade contract")


def test_a_small_file_is_read(tmp_path):
    read = icons.read_icons(_write(tmp_path, {"box": {"shapes": [GOOD]}}))
    (shape,) = read["box"]("#000000", "#ffffff")
    assert (shape.x, shape.w, shape.fill) == (0, 1, "#000000")


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ({"rect": [0, 0, 1]}, "4 numbers expected"),
        ({"rect": [0, 0, 1, 9]}, "9 is not a number from -1.0 to 2.0"),
        ({"rect": [0, 0, 1, 1], "fill": "red"}, "fill is 'colour' or 'background'"),
        ({"rect": [0, 0, 1, 1], "shade": 2}, "unknown key 'shade'"),
        ({"oval": [0, 0, 1, 1]}, "a shape names one of rect, line, circle, path"),
        ({"path": [["Q", 0, 0]]}, "is not a path command"),
        ({"path": [["C", 0, 0]]}, "6 numbers expected"),
        ({"circle": [0.5, 0.5, 0.4], "width": True}, "True is not a number"),
    ],
)
def test_a_broken_shape_is_refused_with_its_icon_and_place(tmp_path, shape, message):
    path = _write(tmp_path, {"box": {"shapes": [GOOD, shape]}})
    with pytest.raises(icons.IconDataError, match="icon 'box', shape 2") as refused:
        icons.read_icons(path)
    assert message in str(refused.value)


def test_the_bounds(tmp_path, monkeypatch):
    many = {"box": {"shapes": [GOOD] * (icons.MOST_SHAPES + 1)}}
    with pytest.raises(icons.IconDataError, match="1 to 200 shapes"):
        icons.read_icons(_write(tmp_path, many))
    with pytest.raises(icons.IconDataError, match="a lower-case name"):
        icons.read_icons(_write(tmp_path, {"Box": {"shapes": [GOOD]}}))
    monkeypatch.setattr(icons, "MOST_BYTES", 10)
    with pytest.raises(icons.IconDataError, match="more than 10 bytes"):
        icons.read_icons(_write(tmp_path, {"box": {"shapes": [GOOD]}}))


def test_the_icon_data_counts_in_the_programs_fingerprint(tmp_path):
    # A changed icon must make the next build draw again (generator/fingerprint.py).
    import hashlib

    (tmp_path / "data").mkdir()
    (tmp_path / "code.py").write_text("x = 1\n")
    data = _write(tmp_path / "data", {"box": {"shapes": [GOOD]}})

    def digest() -> str:
        d = hashlib.sha256()
        _add_tree(d, "generator", tmp_path, True, suffix=(".py", ".json"))
        return d.hexdigest()

    before = digest()
    data.write_text(data.read_text().replace('"colour"', '"background"'))
    assert digest() != before
