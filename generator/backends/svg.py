"""Drawings to SVG files in millimetres, with explicit element ids (svgwrite, debug off).

A face's SVG shows its art with the bleed: the document is the trim size plus the bleed on each
side, and the viewBox starts at (-bleed, -bleed) so coordinates inside match the trim box.

svgwrite defines the document: the root ``svg`` element and its attributes, the title, the
``defs``. The elements below it are svgwrite elements made with their attributes ready (SVG
names, strings), without the element factory's work on each attribute, and ``_write`` writes the
tree as svgwrite's ``tostring()`` would through ElementTree, byte for byte (tested), at a third
of the cost (issue 16: ``benchmarks/svg.py``).
"""

from __future__ import annotations

import copy
import functools
import pathlib
import re

import svgwrite
from svgwrite.base import BaseElement, Title

from portolan.generator import fonts
from portolan.generator.colours import ColourFilter, identity
from portolan.generator.draw import Circle, Drawing, Group, Line, Path, Rect, Text

# A face's font-weight and font-style: None, the SVG default (normal), is not written.
FACE_STYLE = {
    "regular": (None, None),
    "bold": ("bold", None),
    "italic": (None, "italic"),
    "bolditalic": ("bold", "italic"),
}


@functools.lru_cache(maxsize=4096)  # a build writes 130,000 numbers, 7,000 distinct
def _n(v: float) -> str:
    """Numbers written short and stable: 3 decimals, no trailing zeros."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@functools.lru_cache(maxsize=1024)  # a few hundred colours, each filtered for many elements
def _filtered(colour_filter: ColourFilter, colour: str) -> str:
    return colour_filter(colour)


class _Node(BaseElement):
    """An svgwrite element named ``elementname`` with ``attribs`` as given and optional text."""

    def __init__(self, elementname: str, parameter, attribs: dict, text: str | None = None):
        self.elementname = elementname
        self._parameter = parameter  # svgwrite's settings (debug, profile) shared with the root
        self.attribs = attribs
        self.elements: list = []
        self.text = text

    def get_xml(self):  # for svgwrite's own tostring(), which the tests compare with _write
        xml = super().get_xml()
        xml.text = self.text
        return xml


class _SvgRenderer:
    def __init__(self, drawing: Drawing, colour_filter: ColourFilter):
        b = drawing.bleed
        w, h = drawing.width + 2 * b, drawing.height + 2 * b
        self.prefix = drawing.id
        self.count = 0
        self.filter = colour_filter
        self.dwg = svgwrite.Drawing(
            size=(f"{_n(w)}mm", f"{_n(h)}mm"),
            viewBox=f"{_n(-b)} {_n(-b)} {_n(w)} {_n(h)}",
            debug=False,
            profile="full",
            id=drawing.id,
        )
        if drawing.title:
            self.dwg.set_desc(title=drawing.title)
        self.dwg.elements.extend(self._element(item) for item in drawing.items)

    def _id(self) -> str:
        self.count += 1
        return f"{self.prefix}-{self.count}"

    def _node(self, name: str, attribs: dict, text: str | None = None) -> _Node:
        return _Node(name, self.dwg._parameter, attribs, text)

    def _paint(self, fill: str | None, stroke: str | None, width: float, dash=None) -> dict:
        out = {"fill": _filtered(self.filter, fill) if fill else "none"}
        if stroke:
            out["stroke"] = _filtered(self.filter, stroke)
            out["stroke-width"] = _n(width)
            if dash:
                out["stroke-dasharray"] = ",".join(_n(d) for d in dash)
        return out

    def _element(self, item) -> _Node:
        draw = self.DRAW.get(type(item))
        if draw is None:  # pragma: no cover
            raise TypeError(f"cannot draw {item!r}")
        return draw(self, item)

    def _rect(self, r: Rect) -> _Node:
        attribs = {"x": _n(r.x), "y": _n(r.y), "width": _n(r.w), "height": _n(r.h)}
        if r.radius:
            attribs["rx"] = attribs["ry"] = _n(r.radius)
        attribs["id"] = self._id()
        return self._node("rect", attribs | self._paint(r.fill, r.stroke, r.width, r.dash))

    def _line(self, ln: Line) -> _Node:
        attribs = {"x1": _n(ln.x1), "y1": _n(ln.y1), "x2": _n(ln.x2), "y2": _n(ln.y2)}
        attribs["id"] = self._id()
        return self._node("line", attribs | self._paint(None, ln.stroke, ln.width, ln.dash))

    def _circle(self, c: Circle) -> _Node:
        attribs = {"cx": _n(c.cx), "cy": _n(c.cy), "r": _n(c.r), "id": self._id()}
        return self._node("circle", attribs | self._paint(c.fill, c.stroke, c.width))

    def _path(self, p: Path) -> _Node:
        d = " ".join([cmd[0] + " ".join(map(_n, cmd[1:])) for cmd in p.commands])
        attribs = {"d": d, "id": self._id()}
        return self._node("path", attribs | self._paint(p.fill, p.stroke, p.width))

    def _text(self, t: Text) -> _Node:
        weight, style = FACE_STYLE[t.face]
        attribs = {
            "x": _n(t.x),
            "y": _n(t.y),
            "id": self._id(),
            "font-size": _n(t.size * fonts.PT),
            "font-family": fonts.SVG_FAMILY,
            "fill": _filtered(self.filter, t.fill),
            "font-weight": weight,
            "font-style": style,
            "text-anchor": None if t.anchor == "start" else t.anchor,  # start: the default
        }
        if t.rotate:
            attribs["transform"] = f"rotate({_n(-t.rotate)} {_n(t.x)} {_n(t.y)})"
        return self._node("text", attribs, t.text)

    def _group(self, g: Group) -> _Node:
        gid = g.id or self._id()
        transform = f"translate({_n(g.dx)} {_n(g.dy)})"
        if g.rotate:
            transform += f" rotate({_n(g.rotate)})"
        if g.flip:
            transform += f" scale({_n(-g.scale)} {_n(g.scale)})"
        elif g.scale != 1.0:
            transform += f" scale({_n(g.scale)})"
        group = self._node("g", {"id": gid, "transform": transform})
        if g.clip is not None:
            c = g.clip
            clip = self._node("clipPath", {"id": f"{gid}-clip"})
            box = {"x": _n(c.x), "y": _n(c.y), "width": _n(c.w), "height": _n(c.h)}
            clip.elements.append(self._node("rect", box))
            self.dwg.defs.add(clip)
            group.attribs["clip-path"] = f"url(#{gid}-clip)"
        group.elements = [self._element(sub) for sub in g.items]
        return group

    DRAW = {Rect: _rect, Line: _line, Circle: _circle, Path: _path, Text: _text, Group: _group}


# What ElementTree escapes in attribute values and in text, and how.
_ESCAPE_ATTRIBUTE = re.compile('[&<>"\r\n\t]')
_ESCAPE_TEXT = re.compile("[&<>]")
_ENTITY = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    '"': "&quot;",
    "\r": "&#13;",
    "\n": "&#10;",
    "\t": "&#09;",
}


def _entity(match: re.Match) -> str:
    return _ENTITY[match[0]]


def _write(out: list[str], tag: str, attribs: dict, text: str | None, children) -> None:
    """Append an element as svgwrite's tostring() writes it: attributes sorted by name, those
    that are None or empty left out, values and text escaped, ``<tag … />`` when empty."""
    out.append("<" + tag)
    out += [f' {k}="{_ESCAPE_ATTRIBUTE.sub(_entity, v)}"' for k, v in sorted(attribs.items()) if v]
    if not text and not children:
        out.append(" />")
        return
    out.append(">")
    if text:
        out.append(_ESCAPE_TEXT.sub(_entity, text))
    for child in children:
        if isinstance(child, _Node):
            _write(out, child.elementname, child.attribs, child.text, child.elements)
        elif isinstance(child, Title):  # title, desc: svgwrite keeps an ElementTree element
            _write(out, child.elementname, {}, child.xml.text, ())
        else:  # defs
            _write(out, child.elementname, child.attribs, None, child.elements)
    out.append("</" + tag + ">")


def _root_attributes(dwg: svgwrite.Drawing) -> dict:
    """The svg element's attributes as svgwrite writes them (it adds the namespaces, the
    profile and the version only then)."""
    shell = copy.copy(dwg)
    shell.elements = []
    return shell.get_xml().attrib


def svg_document(drawing: Drawing, colour_filter: ColourFilter = identity) -> svgwrite.Drawing:
    return _SvgRenderer(drawing, colour_filter).dwg


def svg_text(drawing: Drawing, colour_filter: ColourFilter = identity) -> str:
    """``svg_document(drawing).tostring()``, written by ``_write``."""
    dwg = svg_document(drawing, colour_filter)
    out: list[str] = []
    _write(out, "svg", _root_attributes(dwg), None, dwg.elements)
    return "".join(out)


def write_svg(drawing: Drawing, path: pathlib.Path, colour_filter: ColourFilter = identity) -> None:
    text = '<?xml version="1.0" encoding="utf-8"?>\n' + svg_text(drawing, colour_filter) + "\n"
    # As ElementTree writes a character UTF-8 cannot hold (a lone surrogate): &#NNNNN;
    path.write_text(text, encoding="utf-8", errors="xmlcharrefreplace")
