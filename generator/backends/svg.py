"""Drawings to SVG files in millimetres, with explicit element ids (svgwrite, debug off).

A face's SVG shows its art with the bleed: the document is the trim size plus the bleed on each
side, and the viewBox starts at (-bleed, -bleed) so coordinates inside match the trim box.
"""

from __future__ import annotations

import pathlib

import svgwrite

from generator import fonts
from generator.colours import ColourFilter, identity
from generator.draw import Circle, Drawing, Group, Line, Path, Rect, Text

FACE_STYLE = {
    "regular": ("normal", "normal"),
    "bold": ("bold", "normal"),
    "italic": ("normal", "italic"),
    "bolditalic": ("bold", "italic"),
}


def _n(v: float) -> str:
    """Numbers written short and stable: 3 decimals, no trailing zeros."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


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
        for item in drawing.items:
            self.dwg.add(self._element(item))

    def _id(self) -> str:
        self.count += 1
        return f"{self.prefix}-{self.count}"

    def _paint(self, fill: str | None, stroke: str | None, width: float, dash=None) -> dict:
        out = {"fill": self.filter(fill) if fill else "none"}
        if stroke:
            out["stroke"] = self.filter(stroke)
            out["stroke_width"] = _n(width)
            if dash:
                out["stroke_dasharray"] = ",".join(_n(d) for d in dash)
        return out

    def _element(self, item):
        d = self.dwg
        if isinstance(item, Rect):
            extra = {"rx": _n(item.radius), "ry": _n(item.radius)} if item.radius else {}
            return d.rect(
                insert=(_n(item.x), _n(item.y)),
                size=(_n(item.w), _n(item.h)),
                id=self._id(),
                **extra,
                **self._paint(item.fill, item.stroke, item.width, item.dash),
            )
        if isinstance(item, Line):
            return d.line(
                start=(_n(item.x1), _n(item.y1)),
                end=(_n(item.x2), _n(item.y2)),
                id=self._id(),
                **self._paint(None, item.stroke, item.width, item.dash),
            )
        if isinstance(item, Circle):
            return d.circle(
                center=(_n(item.cx), _n(item.cy)),
                r=_n(item.r),
                id=self._id(),
                **self._paint(item.fill, item.stroke, item.width),
            )
        if isinstance(item, Path):
            parts = []
            for cmd in item.commands:
                parts.append(cmd[0] + " ".join(_n(v) for v in cmd[1:]))
            return d.path(
                d=" ".join(parts), id=self._id(), **self._paint(item.fill, item.stroke, item.width)
            )
        if isinstance(item, Text):
            weight, style = FACE_STYLE[item.face]
            attrs = {
                "insert": (_n(item.x), _n(item.y)),
                "id": self._id(),
                "font_size": _n(item.size * fonts.PT),
                "font_family": fonts.SVG_FAMILY,
                "fill": self.filter(item.fill),
            }
            if weight != "normal":
                attrs["font_weight"] = weight
            if style != "normal":
                attrs["font_style"] = style
            if item.anchor != "start":
                attrs["text_anchor"] = item.anchor
            if item.rotate:
                attrs["transform"] = f"rotate({_n(-item.rotate)} {_n(item.x)} {_n(item.y)})"
            return d.text(item.text, **attrs)
        if isinstance(item, Group):
            gid = item.id or self._id()
            transform = f"translate({_n(item.dx)} {_n(item.dy)})"
            if item.rotate:
                transform += f" rotate({_n(item.rotate)})"
            if item.flip:
                transform += f" scale({_n(-item.scale)} {_n(item.scale)})"
            elif item.scale != 1.0:
                transform += f" scale({_n(item.scale)})"
            g = d.g(id=gid, transform=transform)
            if item.clip is not None:
                clip = d.clipPath(id=f"{gid}-clip")
                c = item.clip
                clip.add(d.rect(insert=(_n(c.x), _n(c.y)), size=(_n(c.w), _n(c.h))))
                d.defs.add(clip)
                g["clip-path"] = f"url(#{gid}-clip)"
            for sub in item.items:
                g.add(self._element(sub))
            return g
        raise TypeError(f"cannot draw {item!r}")  # pragma: no cover


def svg_text(drawing: Drawing, colour_filter: ColourFilter = identity) -> str:
    return _SvgRenderer(drawing, colour_filter).dwg.tostring()


def write_svg(drawing: Drawing, path: pathlib.Path, colour_filter: ColourFilter = identity) -> None:
    text = svg_text(drawing, colour_filter)
    path.write_text('<?xml version="1.0" encoding="utf-8"?>\n' + text + "\n", encoding="utf-8")
