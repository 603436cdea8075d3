"""Maps: a board that is a graph of spaces joined by progress borders and status-change arrows.

The printer draws it (``generator/kinds/map.py``) and a rules engine reads the same graph:
which space an expedition is in, where Progress may take it (``borders``), which transitions a
status change allows (``arrows``), and what each space holds (potential discoveries Ⓓ, the Ⓡ
rumour symbol and the space's number, provision Ⓟ, bases, modifiers, automatic effects).

Spaces sit on a grid: ``at: [column, row]`` (fractions allowed), converted to millimetres by the
map's ``grid``; a space may also give its own ``size``. Every key is documented in
docs/components.md ("Maps").
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from portolan.errors import did_you_mean
from portolan.limits import component_limits
from portolan.model.base import Sourced, SourcedInt, Strict, field_label
from portolan.model.board import Tiling
from portolan.model.common import (
    Dimensions,
    SafeName,
    board_size_within,
    elements_within,
    track_boxes_within,
    within,
)
from portolan.model.instructions import RATINGS, StepReader, read_steps
from portolan.yamlsrc import position_at

# The exploration deck each kind of space draws from ("Draw and resolve an exploration card").
DRAWS = ("sea", "coast", "nwp", "river", "land", "civilization", "none")
DEFAULT_DRAW = {
    "europe": "none",
    "sea": "sea",
    "coastal": "coast",
    "land": "land",
    "river": "river",
    "island": "coast",
    "base": "none",
    "rumors": "civilization",
    "contact": "civilization",
    "capital": "civilization",
}
SPACE_KINDS = tuple(DEFAULT_DRAW)  # every kind of space


class Grid(Strict):
    """``origin``: the centre of cell [0, 0] in mm; ``pitch``: mm between cell centres;
    ``box``: the default size of a space."""

    origin: tuple[float, float]
    pitch: tuple[float, float]
    box: tuple[float, float]

    @model_validator(mode="after")
    def _sane(self):
        high = component_limits().board_mm[1]
        for name in ("origin", "pitch", "box"):
            for value in getattr(self, name):
                within(value, (-high, high), name, "mm", "board_mm")
        if min(*self.pitch, *self.box) <= 0:
            raise ValueError("pitch and box must be positive millimetres")
        return self


class Region(Strict):
    name: str
    colour: str
    land: bool = False  # a land region: its area is tinted as land
    # where its name is printed (the grid cell of the middle of its baseline); default: above
    # the middle of its spaces, which for a region spread over the board may fall on another's
    label_at: tuple[float, float] | None = None


class Potential(Strict):
    """A potential discovery printed in a space (Ⓓ): ``award`` is an award id of the VP chart
    (or a kind without points: ``hardwood``, ``channel``, ``gold``). ``auto``: printed in white,
    discovered on entering without a card. ``label`` is what the box says."""

    award: str
    label: str
    auto: bool = False
    source: str | None = None
    note: str | None = None


class Modifier(Strict):
    """A printed modifier: ``check`` (a rating of the instruction vocabulary) changes by ``n``."""

    check: str
    n: int
    source: str | None = None


class Space(Strict):
    id: str
    label: str | None = None  # printed number (NA1, R3); default: the id
    name: str | None = None
    kind: Literal[SPACE_KINDS]
    region: str
    at: tuple[float, float]
    size: tuple[float, float] | None = None
    number: int | None = None  # a land space's number: Ⓡ placement goes to higher numbers
    rumor: bool = False  # Ⓡ
    provision: Literal["always", "discovered"] | None = None  # Ⓟ; 'discovered': needs Ⓓ first
    repair: bool | None = None  # ships repaired here; default: a provision space that is 'always'
    base: str | None = None  # a New World base founded here (its name)
    launch: bool = True  # a base expeditions may launch from (Malacca: report only)
    founded: str | None = None  # the award or Major Expedition whose publication founds the base
    civilization: str | None = None  # Incan or Aztec, for discovery and civilization boxes
    draw: Literal[DRAWS] | None = None
    discoveries: list[Potential] = []
    modifiers: list[Modifier] = []
    on_enter: Any = None  # automatic effects (instructions), printed in white
    enter_check: Any = None  # a check needed to move in (instructions)
    leave_check: Any = None  # a check needed to move out
    source: str | None = None
    note: str | None = None

    @property
    def printed(self) -> str:
        return self.label or self.id

    @property
    def draws(self) -> str:
        return self.draw or DEFAULT_DRAW[self.kind]


class Link(Strict):
    """What a border and an arrow share: the two spaces ``a`` and ``b`` (both ways unless
    ``one_way``), what must be known to cross, where it comes from; ``[a, b]`` may stand for
    ``{a: a, b: b}``."""

    a: str
    b: str
    one_way: bool = False
    requires: str | None = None
    source: str | None = None
    accepts_shorthand: ClassVar[bool] = True  # [a, b] for {a: a, b: b}

    @model_validator(mode="before")
    @classmethod
    def _pair(cls, v):
        if isinstance(v, list) and len(v) == 2:
            return {"a": v[0], "b": v[1]}
        return v


class Border(Link):
    """A progress border between two spaces, both ways unless ``one_way`` (``a`` to ``b``).
    ``requires``: the label of a potential discovery (in ``a`` or ``b``) that must be discovered
    by the expedition or known before crossing; ``condition``: a condition of the instruction
    vocabulary the expedition must meet (``Capital Entry or Ruler Seized``)."""

    wrap: bool = False  # drawn as matching tabs at two board edges (the Pacific crossing)
    condition: str | None = None


class Arrow(Link):
    """A grey status-change arrow from ``a`` to ``b`` (both ways unless ``one_way``). ``sighting``:
    a "D" arrow: crossing it westward needs the ``requires`` Land Sighted."""

    sighting: bool = False


class ProgressTrack(Strict):
    """A Known Progress track: the spaces its markers advance through, in order, and where
    its ``markers`` start (none: placed when ``placed_when``)."""

    id: str
    name: str
    spaces: list[str] = Field(min_length=2)
    markers: int = 1
    start: str | None = None
    placed_when: str | None = None
    vp: int = 0
    cards: int = 2
    source: str | None = None
    note: str | None = None


class CivTrack(Strict):
    """A civilization's Awe or Military Strength track, printed at ``at`` (grid cells), its
    boxes ``box`` mm square."""

    id: str
    name: str
    civilization: str
    start: int
    low: int
    high: int
    at: tuple[float, float]
    box: float = 8.5
    source: str | None = None

    @model_validator(mode="after")
    def _range(self):
        if not self.low <= self.start <= self.high:
            raise ValueError("start must lie between low and high")
        track_boxes_within(self.low, self.high)
        within(self.box, (0.1, component_limits().board_mm[1]), "box", "mm", "board_mm")
        return self


class Award(Strict):
    """A line of the VP chart: claimed once, by the first player to publish it."""

    id: str
    name: str
    vp: int
    count: int = 1  # sequential awards (1st-4th Bay): how many there are
    cards: int | None = None  # Outfitting cards drawn instead of VP (Channels)
    gold: int | None = None  # a Gold award: the Gold delivered at once that claims it
    text: str | None = None
    source: str | None = None


class Major(Strict):
    """A Major Expedition: scored instead of normal scoring, once, by the first to claim it."""

    id: str
    name: str
    vp: int
    variant_vp: int | None = None
    gold: int = 0
    text: str
    source: str | None = None


class Panel(Strict):
    """Where a printed table goes on the board: ``at`` (grid cell of its top-left corner) and
    ``width`` (mm)."""

    at: tuple[float, float]
    width: float


class VpTrack(Strict):
    """The victory point track: boxes ``start``..``end`` from grid cell ``at``, ``per_row``."""

    at: tuple[float, float]
    start: int = 0
    end: SourcedInt
    per_row: int = 16
    box: float = 8.0

    @model_validator(mode="after")
    def _range(self):
        if self.end.value < self.start:
            raise ValueError("the track's end must not be below its start")
        track_boxes_within(self.start, self.end.value)
        if self.per_row < 1:
            raise ValueError("per_row must be at least 1")
        within(self.box, (0.1, component_limits().board_mm[1]), "box", "mm", "board_mm")
        return self


class MapSpec(Strict):
    kind: Literal["map"]
    id: SafeName
    name: str
    size: Dimensions
    source: str = "design"
    colour: str
    title: str | None = None
    tiling: Tiling = Tiling()
    grid: Grid
    regions: dict[str, Region]
    spaces: list[Space]
    borders: list[Border] = []
    arrows: list[Arrow] = []
    progress_tracks: list[ProgressTrack] = []
    civ_tracks: list[CivTrack] = []
    awards: list[Award] = []
    majors: list[Major] = []
    vp_track: VpTrack | None = None
    legend: Panel | None = None
    vp_chart: Panel | None = None
    notes: list[Sourced] = []  # printed notes: {value: text, source}

    _board_size = field_validator("size")(board_size_within)

    @field_validator("spaces", "borders", "arrows")
    @classmethod
    def _how_many(cls, v: list) -> list:
        return elements_within(v)

    @model_validator(mode="after")
    def _placed(self):
        """Every space, panel and track lies within ±board_mm of the corner (a mistyped 1e308
        is refused here, not drawn off the sheet)."""
        high = component_limits().board_mm[1]
        places = [(f"spaces[{i}]", s.at, s.size) for i, s in enumerate(self.spaces)]
        places += [(f"civ_tracks[{i}]", t.at, None) for i, t in enumerate(self.civ_tracks)]
        for name in ("vp_track", "legend", "vp_chart"):
            panel = getattr(self, name)
            if panel is not None:
                places.append((name, panel.at, (getattr(panel, "width", 1.0),) * 2))
        for name, at, size in places:
            for value in (*self.cell(at), *(size or ())):
                within(value, (-high, high), f"{name}: a position or size", "mm", "board_mm")
            if size is not None and min(size) <= 0:
                raise ValueError(f"{name}: sizes must be positive millimetres")
        return self

    @field_validator("spaces")
    @classmethod
    def _unique(cls, v: list[Space]) -> list[Space]:
        seen: set[str] = set()
        for s in v:
            if s.id in seen:
                raise ValueError(f"two spaces have the id '{s.id}'")
            seen.add(s.id)
        return v

    def space(self, space_id: str) -> Space:
        return {s.id: s for s in self.spaces}[space_id]

    def centre(self, space: Space) -> tuple[float, float]:
        return self.cell(space.at)

    def cell(self, at: tuple[float, float]) -> tuple[float, float]:
        (ox, oy), (px, py) = self.grid.origin, self.grid.pitch
        return ox + at[0] * px, oy + at[1] * py

    def box(self, space: Space) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a space's box in mm from the board's top-left corner."""
        w, h = space.size or self.grid.box
        cx, cy = self.centre(space)
        return cx - w / 2, cy - h / 2, w, h

    def neighbours(self, space_id: str) -> list[str]:
        """Spaces Progress can reach from ``space_id`` (one step, respecting one-way borders)."""
        return _reached(self.borders, space_id)

    def transitions(self, space_id: str) -> list[str]:
        """Spaces a status change can reach from ``space_id``."""
        return _reached(self.arrows, space_id)


def _reached(links, space_id: str) -> list[str]:
    """The other ends of the links (borders, arrows) leaving ``space_id``, one-way ones only
    from their ``a`` end."""
    out = []
    for link in links:
        if link.a == space_id:
            out.append(link.b)
        elif link.b == space_id and not link.one_way:
            out.append(link.a)
    return out


# -- checks across the graph (run by the loader, with positions) ------------------------------

STEP_KEYS = ("on_enter", "enter_check", "leave_check")


def check_map(spec: MapSpec, raw, source) -> tuple[MapSpec, list]:
    """Cross-references (regions, border and arrow ends, award ids, track spaces) and the
    instruction fields of every space, read into typed steps. Returns the spec with those
    steps in place, and the problems found (each at its line and column)."""
    check = _MapCheck(spec, raw, source)
    spaces = []
    for i, space in enumerate(spec.spaces):
        check.space_references(i, space)
        spaces.append(check.space_steps(i, space))
    check.ends(spec.borders, "borders")
    check.ends(spec.arrows, "arrows")
    check.borders()
    check.arrows()
    check.tracks()
    return spec.model_copy(update={"spaces": spaces}), check.problems


class _MapCheck:
    """The problems of one map, each placed at the path in the YAML it is about."""

    def __init__(self, spec: MapSpec, raw, source) -> None:
        self.spec, self.raw, self.source = spec, raw, source
        self.problems: list = []
        self.ids = [s.id for s in spec.spaces]
        self.awards = {a.id for a in spec.awards}
        self.by_id = {s.id: s for s in spec.spaces}

    def bad(self, message, path, hint=None) -> None:
        pos = position_at(self.raw, path)
        self.problems.append(self.source.problem(message, pos, field=field_label(path), hint=hint))

    def known(self, value: str, among, message: str, path: tuple) -> None:
        """``value`` is one of ``among``; else ``message``, with a did-you-mean."""
        if value not in among:
            self.bad(message, path, did_you_mean(value, among))

    def space_references(self, i: int, space: Space) -> None:
        """A space's region, discoveries' awards, founding and modifiers' ratings."""
        at = ("spaces", i)
        self.known(
            space.region, self.spec.regions, f"unknown region '{space.region}'", (*at, "region")
        )
        for j, d in enumerate(space.discoveries):
            what = f"'{d.award}' is not an award of the VP chart"
            self.known(d.award, self.awards, what, (*at, "discoveries", j, "award"))
        if space.founded:
            founded = [*self.awards, *(m.id for m in self.spec.majors)]
            what = f"'{space.founded}' is not an award or a Major Expedition"
            self.known(space.founded, founded, what, (*at, "founded"))
        for j, m in enumerate(space.modifiers):
            what = f"'{m.check}' is not a rating"
            self.known(m.check, RATINGS, what, (*at, "modifiers", j, "check"))

    def space_steps(self, i: int, space: Space) -> Space:
        """The space with its instruction fields read into typed steps."""
        update = {}
        raw_space = self.raw["spaces"][i]
        for key in STEP_KEYS:
            if getattr(space, key) is not None:
                pos, field = raw_space.value_pos.get(key), f"spaces[{i}].{key}"
                update[key], found = read_steps(raw_space[key], self.source, pos, field)
                self.problems.extend(found)
        return space.model_copy(update=update) if update else space

    def ends(self, items, name: str) -> None:
        for i, item in enumerate(items):
            for end in ("a", "b"):
                value = getattr(item, end)
                self.known(value, self.ids, f"no space '{value}'", (name, i, end))

    def borders(self) -> None:
        """What a border requires (a discovery at one of its ends) and its condition."""
        by_id = self.by_id
        for i, b in enumerate(self.spec.borders):
            if b.requires:
                ends = [by_id[sid] for sid in (b.a, b.b) if sid in by_id]
                labels = [d.label for space in ends for d in space.discoveries]
                what = f"'{b.requires}' is not a discovery of {b.a} or {b.b}"
                self.known(b.requires, labels, what, ("borders", i, "requires"))
            if b.condition:
                reader = StepReader(self.source)
                path = ("borders", i, "condition")
                reader.condition(b.condition, position_at(self.raw, path), field_label(path))
                self.problems.extend(reader.problems)

    def arrows(self) -> None:
        for i, a in enumerate(self.spec.arrows):
            start = self.by_id.get(a.a) if a.sighting else None
            if start and not any(d.award == "land-sighted" for d in start.discoveries):
                self.bad(
                    f"a sighting arrow starts in {a.a}, which has no Land Sighted discovery",
                    ("arrows", i, "a"),
                )

    def tracks(self) -> None:
        for i, t in enumerate(self.spec.progress_tracks):
            for j, sid in enumerate(t.spaces):
                self.known(sid, self.ids, f"no space '{sid}'", ("progress_tracks", i, "spaces", j))
            if t.start and t.start not in t.spaces:
                self.bad(f"'{t.start}' is not on the track", ("progress_tracks", i, "start"))
            if t.placed_when and t.placed_when not in self.by_id:
                self.bad(f"no space '{t.placed_when}'", ("progress_tracks", i, "placed_when"))
