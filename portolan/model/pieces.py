"""Do the pieces fit where the rules put them? A counter's ``goes_on`` names the tracks, boxes
and spaces it is played on (``portolan.model.counters.Placement``); this module finds the size
of such a space in the board or map data and says whether the pieces that may share it fit.

A space holds ``ceil(share / pile)`` piles side by side, each pile one piece's outline, in
rows and columns, with ``CLEARANCE`` mm to spare on each axis (a piece cut a little large, a
finger to pick it up). A space of a track is its box; of an edge track, its smallest box; of a
progress track, its smallest map space.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from portolan.model.board import BoardSpec, Box, Track
from portolan.model.board_display import Spaces
from portolan.model.board_map import EdgeTrack
from portolan.model.counters import Counter, CountersSpec, Placement
from portolan.model.map import MapSpec

CLEARANCE = 0.5  # mm left over on each axis of a space once its pieces are in


@dataclass(frozen=True)
class Fit:
    """One placement judged: ``space`` (w, h) in mm of the smallest space it names (None: no
    such element), ``piece`` the counter's outline, ``piles`` how many lie side by side."""

    counter: str
    placement: Placement
    piece: tuple[float, float]
    space: tuple[float, float] | None
    piles: int

    @property
    def holds(self) -> int:
        """How many piles the space holds side by side, the piece either way round."""
        if self.space is None:
            return 0
        return holds(self.space, self.piece)

    @property
    def fits(self) -> bool:
        return self.holds >= self.piles

    def describe(self) -> str:
        p = self.placement
        where = f"{p.component}: {p.element}"
        if self.space is None:
            return f"{self.counter}: no track, box or space '{where}'"
        (sw, sh), (pw, ph) = self.space, self.piece
        return (
            f"{self.counter} ({pw:g} x {ph:g} mm) on {where} ({sw:.1f} x {sh:.1f} mm): "
            f"{self.piles} side by side needed ({p.share} may share it, piles of {p.pile}), "
            f"{self.holds} fit"
        )


def holds(space: tuple[float, float], piece: tuple[float, float]) -> int:
    """How many ``piece`` outlines lie side by side in ``space``, in rows and columns, with
    ``CLEARANCE`` to spare across and down; the piece upright or turned a quarter."""
    best = 0
    for pw, ph in (piece, piece[::-1]):
        across = math.floor((space[0] - CLEARANCE) / pw + 1e-9)
        down = math.floor((space[1] - CLEARANCE) / ph + 1e-9)
        best = max(best, max(across, 0) * max(down, 0))
    return best


def space_size(spec, on: str) -> tuple[float, float] | None:
    """(w, h) in mm of the smallest space of the element ``on`` of a board or map spec."""
    if isinstance(spec, MapSpec):
        return _map_space(spec, on)
    if isinstance(spec, BoardSpec):
        return _board_space(spec, on)
    return None


def _board_space(spec: BoardSpec, on: str) -> tuple[float, float] | None:
    for e in spec.elements:
        if isinstance(e, Track) and e.track == on:
            return e.box, e.box
        if isinstance(e, Box) and e.box == on:
            return e.width, e.height
        if isinstance(e, Spaces) and e.spaces == on:
            return e.layout.size, e.layout.size
        if isinstance(e, EdgeTrack) and e.edge_track == on:
            cells = e.cells(spec.size.width, spec.size.height)
            return min((max(w, h), min(w, h)) for _, _, _, w, h in cells)
    return None


def _map_space(spec: MapSpec, on: str) -> tuple[float, float] | None:
    if on == "vp_track" and spec.vp_track is not None:
        return spec.vp_track.box, spec.vp_track.box
    for t in spec.civ_tracks:
        if t.id == on:
            return t.box, t.box
    for t in spec.progress_tracks:
        if t.id == on:
            boxes = [spec.box(spec.space(s))[2:] for s in t.spaces]
            return min((max(w, h), min(w, h)) for w, h in boxes)
    ids = {s.id: s for s in spec.spaces}
    if on in ids:
        return spec.box(ids[on])[2:]
    return None


def fits(game) -> list[Fit]:
    """Every placement of every counter of ``game``, judged against the component it names."""
    specs = {c.id: c.spec for c in game.components}
    out = []
    for comp in game.components:
        if not isinstance(comp.spec, CountersSpec):
            continue
        for counter in comp.spec.counters:
            out += [_fit(counter, p, specs.get(p.component)) for p in counter.goes_on]
    return out


def _fit(counter: Counter, p: Placement, spec) -> Fit:
    space = space_size(spec, p.element) if spec is not None else None
    piles = math.ceil(p.share / p.pile)
    return Fit(counter.name, p, counter.outline, space, piles)
