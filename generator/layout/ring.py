"""Geometry of card slots on a board: rotated rectangles, a ring of them, its smallest radius.

Angles are degrees clockwise from "up" (the page's y axis points down), so a slot at angle a on
a ring of radius r round (cx, cy) has its centre at (cx + r sin a, cy - r cos a); a radial slot
is turned a degrees clockwise, so its top edge faces away from the centre.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from portolan.model.board import Ring


@dataclass(frozen=True)
class SlotPlace:
    """A card outline: centre, size and clockwise turn in degrees."""

    cx: float
    cy: float
    w: float
    h: float
    rotate: float

    def corners(self, grow: float = 0.0) -> list[tuple[float, float]]:
        """The four corners (grown by ``grow`` mm on every side), clockwise from top left."""
        a = math.radians(self.rotate)
        ca, sa = math.cos(a), math.sin(a)
        hw, hh = self.w / 2 + grow, self.h / 2 + grow
        corners = ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))
        return [(self.cx + x * ca - y * sa, self.cy + x * sa + y * ca) for x, y in corners]


def _overlap(p: list[tuple[float, float]], q: list[tuple[float, float]]) -> bool:
    """Whether two convex polygons overlap (separating axis test)."""
    for poly in (p, q):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            nx, ny = y2 - y1, x1 - x2
            a = [nx * x + ny * y for x, y in p]
            b = [nx * x + ny * y for x, y in q]
            if max(a) <= min(b) + 1e-9 or max(b) <= min(a) + 1e-9:
                return False
    return True


def ring_places(ring: Ring, radius: float | None = None) -> list[SlotPlace]:
    """The slots of ``ring`` in their numbering order (slot 1 first)."""
    r = ring_radius(ring) if radius is None else radius
    out = []
    for k in range(ring.count.value):
        a = ring.angle(k)
        t = math.radians(a)
        out.append(
            SlotPlace(
                ring.cx + r * math.sin(t),
                ring.cy - r * math.cos(t),
                ring.size.width,
                ring.size.height,
                a if ring.orient == "radial" else 0.0,
            )
        )
    return out


def centre_place(ring: Ring) -> SlotPlace:
    return SlotPlace(ring.cx, ring.cy, ring.size.width, ring.size.height, 0.0)


def _clear(ring: Ring, radius: float) -> bool:
    places = ring_places(ring, radius)
    grown = [p.corners(ring.gap / 2) for p in places]
    if ring.centre is not None:
        grown.append(centre_place(ring).corners(ring.gap / 2))
    return not any(_overlap(p, q) for p, q in itertools.combinations(grown, 2))


def ring_radius(ring: Ring) -> float:
    """The ring's radius: as given, or the smallest (to 0.1 mm) that keeps every slot ``gap`` mm
    from its neighbours and from the centre slot."""
    if ring.radius is not None:
        return ring.radius
    lo, hi = 0.0, 10.0
    while not _clear(ring, hi):
        lo, hi = hi, hi * 2
    while hi - lo > 0.01:
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if _clear(ring, mid) else (mid, hi)
    return math.ceil(hi * 10) / 10
