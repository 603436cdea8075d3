"""Card instructions (``portolan.model.instructions``) as printed text with the rulebook's symbols.

A tree becomes *paragraphs* of tokens: words (regular or bold) and symbols (Ⓓ, Ⓡ, thumbs up
for [Success], thumbs down for [Failure]). Top-level steps are separated by thin rules, as the
rulebook describes its Land and Civilization cards; options of a choice by an "OR" line; the
branches of a check follow it on the same line when they are short ("Navigation −1: 👍 Progress 1
👎 Lost") and are indented under it otherwise. ``set_instructions`` wraps and shrinks the
paragraphs into a box; ``plain_text`` gives one line of words (the map's automatic effects).
"""

from __future__ import annotations

from dataclasses import dataclass

from portolan.generator.colours import shade, tint
from portolan.generator.draw import Line, Rect, Text
from portolan.generator.faces import signed
from portolan.generator.fonts import PT, centred_text, fit_size, width_mm
from portolan.generator.glyphs import LETTER_INK, LETTER_ROOM, circled, thumb
from portolan.generator.textbox import fill_lines, keeps_together
from portolan.model import instructions as ins
from portolan.model.steps import RATINGS

RATING_NAMES = {r: r.replace("-", " ").title() for r in RATINGS}  # ship-handling: Ship Handling
SYMBOLS = {"D", "R", "up", "down"}


def check_title(step: ins.Check) -> str:
    if step.fixed is not None:
        text = f"Check {step.fixed}"
    else:
        text = RATING_NAMES[step.rating]
        if step.unmodified:
            text = "unmodified " + text
        text += " check" if step.rating == "sea" else ""
    if step.mod:
        text += f" {signed(step.mod)}"
    return text


def condition_text(c: ins.Condition) -> str:
    clauses = [
        " or ".join("with " + w[4:] if w.startswith("has ") else w for w in clause)
        for clause in c.clauses
    ]
    return ("not " if c.negate else "") + " and ".join(clauses)


def simple_words(step) -> list[tuple[str, str]]:
    """Tokens of a step without branches: (kind, text); kind is 'b' bold, 'r' regular or a
    symbol name."""
    if isinstance(step, ins.Progress):
        ships = ", ".join(f"{n} {ship}" for ship, n in (step.by_ship or {}).items())
        out = [("b", f"Progress {ships or step.n}")]
        if step.capital == "except":
            out.append(("r", "(except into Capital)"))
        elif step.capital == "allowed":
            out.append(("r", "(may enter the Capital)"))
        return out
    if isinstance(step, ins.GainItems):
        return [("r", "Gain"), ("b", " and ".join(f"{n} {w}" for w, n in step.items.items()))]
    if isinstance(step, ins.Lose):
        out = [("r", "Lose"), ("b", f"{step.n} " + " or ".join(step.what))]
        if step.cause in ("starvation", "disease"):
            out.append(("r", f"({step.cause})"))
        return out
    if isinstance(step, ins.Damage):
        return [("b", f"Damage {step.n} ship" + ("s" if step.n > 1 else "") + "/raft")]
    if isinstance(step, ins.Storm):
        return [("b", "Storm" + (f" {signed(step.mod)}" if step.mod else ""))]
    if isinstance(step, ins.Discover):
        return [("r", "Discovery:"), ("b", step.what)]
    if isinstance(step, ins.Mark):
        return [("r", "Take" if step.verb == "mark" else "Remove"), ("b", step.chit)]
    if isinstance(step, ins.CivMove):
        name = "Awe" if step.verb == "awe" else "Military Strength"
        return [("b", f"{name} {signed(step.n)}")]
    if isinstance(step, ins.Flag):
        return {
            "lost": [("b", "Lost")],
            "discovery": [("D", "D")],
            "rumor": [("R", "R")],
            "must_return": [("b", "Expedition must return")],
            "reshuffle": [("b", "Reshuffle deck")],
            "nothing": [("r", "No effect")],
        }[step.verb]
    raise TypeError(step)


def is_simple(steps: list) -> bool:
    return all(not ins.children(s) for s in steps)


def inline(steps: list) -> list[tuple[str, str]]:
    """Several simple steps on one line, separated by commas (symbols need none)."""
    out: list[tuple[str, str]] = []
    for k, step in enumerate(steps):
        words = simple_words(step)
        if k and out and out[-1][0] in ("b", "r") and words[0][0] in ("b", "r"):
            out[-1] = (out[-1][0], out[-1][1] + ",")
        out += words
    return out or [("r", "No effect")]


@dataclass
class Para:
    """One paragraph: its indent level and tokens; ``rule`` draws a line above it, ``or_`` makes
    it an OR separator."""

    indent: int
    tokens: list[tuple[str, str]]
    rule: bool = False
    centre: bool = False


def paragraphs(steps: list, indent: int = 0, rules: bool = True) -> list[Para]:
    """The paragraphs of a sequence; ``rules``: a line between top-level steps."""
    out: list[Para] = []
    for k, step in enumerate(steps):
        first = len(out)
        out += _step(step, indent)
        if rules and k and len(out) > first:
            out[first].rule = True
    return out


def _step(step, indent: int) -> list[Para]:
    if isinstance(step, ins.Check):
        head = [("b", check_title(step) + ":")]
        branches = [(sym, b) for sym, b in (("up", step.success), ("down", step.failure)) if b]
        if all(is_simple(branch) for _, branch in branches):
            tokens = list(head)
            for sym, branch in branches:
                tokens += [(sym, ""), *inline(branch)]
            return [Para(indent, tokens)]
        out = [Para(indent, head)]
        for sym, branch in branches:
            if is_simple(branch):
                out.append(Para(indent + 1, [(sym, ""), *inline(branch)]))
            else:
                inner = paragraphs(branch, indent + 1, rules=False)
                inner[0].tokens = [(sym, ""), *inner[0].tokens]
                out += inner
        return out
    if isinstance(step, ins.Choice):
        out: list[Para] = []
        for k, option in enumerate(step.options):
            if k:
                out.append(Para(indent, [("b", "OR")], centre=True))
            if is_simple(option):
                out.append(Para(indent, inline(option)))
            else:
                out += paragraphs(option, indent, rules=False)
        return out
    if isinstance(step, ins.If):
        out = _headed("If " + condition_text(step.condition) + ":", step.then, indent)
        if step.otherwise:
            out += _headed("Otherwise:", step.otherwise, indent)
        return out
    return [Para(indent, inline([step]))]


def _headed(head: str, steps: list, indent: int) -> list[Para]:
    """``head`` in bold, then ``steps``: on its line when simple, else indented under it."""
    if is_simple(steps):
        return [Para(indent, [("b", head), *inline(steps)])]
    return [Para(indent, [("b", head)]), *paragraphs(steps, indent + 1, rules=False)]


def plain_text(steps: list) -> str:
    """One line of words for a tree (symbols written as (D), (R), success:, failure:)."""
    shown = {"D": "(D)", "R": "(R)", "up": "success:", "down": "failure:"}
    parts = []
    for p in paragraphs(steps, rules=False):
        words = [shown.get(kind, text) for kind, text in p.tokens]
        parts.append(" ".join(w for w in words if w))
    return "; ".join(parts)


# -- setting paragraphs into a box ---------------------------------------------------------------

INDENT = 2.2  # mm per level
SYMBOL_EM = 1.05


def _token_width(kind: str, text: str, size: float) -> float:
    if kind in ("D", "R"):  # a circled letter grows to hold its letter at the label floor
        return max(size * PT * SYMBOL_EM, LETTER_ROOM + size * PT * (SYMBOL_EM - 0.98))
    if kind in SYMBOLS:
        return size * PT * SYMBOL_EM
    return width_mm(text, "bold" if kind == "b" else "regular", size)


def _pieces(tokens) -> list[tuple[str, str]]:
    """Tokens split into words, so lines can break between them."""
    out = []
    for kind, text in tokens:
        if kind in SYMBOLS:
            out.append((kind, text))
        else:
            out += [(kind, w) for w in text.split()]
    return out


def _wrap(tokens, size: float, width: float) -> list[list[tuple[str, str]]]:
    """Lines of pieces; a thumb stays with the word after it (no line ends on [Success])."""
    space = width_mm(" ", "regular", size)
    pieces = _pieces(tokens)
    units: list[list[tuple[str, str]]] = []
    # words only: a symbol never binds ("" is neither a number nor a letter)
    bound = keeps_together([text if kind not in SYMBOLS else "" for kind, text in pieces])
    for k, piece in enumerate(pieces):
        thumb = units and units[-1][-1][0] in ("up", "down") and len(units[-1]) == 1
        if thumb or (units and bound[k] and piece[0] not in SYMBOLS):
            units[-1].append(piece)
        else:
            units.append([piece])
    widths = [sum(_token_width(*p, size) for p in unit) + space * (len(unit) - 1) for unit in units]
    return fill_lines(units, widths, space, width) or [[]]


def _runs(line: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Neighbouring words of the same face joined into one run (one text item to draw)."""
    out: list[tuple[str, str]] = []
    for kind, text in line:
        if out and kind in ("b", "r") and out[-1][0] == kind:
            out[-1] = (kind, out[-1][1] + " " + text)
        else:
            out.append((kind, text))
    return out


@dataclass
class SetBlock:
    items: list
    height: float
    size: float
    fits: bool


def set_instructions(
    paras: list[Para],
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    max_size: float = 7.0,
    min_size: float = 4.6,
    colour: str = "#222222",
    rule_colour: str = "#999999",
    valign: str = "top",
) -> SetBlock:
    """Wrap and shrink ``paras`` into the box; returns the items and whether they fit."""
    size = max_size
    while True:
        lead = size * PT * 1.2
        gap = size * PT * 0.45
        laid = []
        total = 0.0
        widest_ok = True
        for k, p in enumerate(paras):
            avail = width - p.indent * INDENT
            lines = _wrap(p.tokens, size, avail)
            if any(
                sum(_token_width(*t, size) for t in ln) > avail + 0.05
                for ln in lines
                if len(ln) == 1
            ):
                widest_ok = False
            extra = (gap * 2 if p.rule else gap * 0.6) if k else 0.0
            laid.append((p, lines, extra))
            total += extra + lead * len(lines)
        total -= lead - size * PT * 1.0 if paras else 0.0
        if (total <= height + 1e-6 and widest_ok) or size <= min_size:
            break
        size = max(min_size, size - 0.2)
    items: list = []
    flat = all(p.indent == 0 for p in paras)
    top = y + (height - total) / 2 if valign == "middle" and total < height else y
    baseline = top + size * PT * 0.78
    space = width_mm(" ", "regular", size)
    for k, (p, lines, extra) in enumerate(laid):
        if k:
            if p.rule:
                above = baseline - lead + size * PT * 0.24
                below = baseline + extra - size * PT * 0.78
                ry = (above + below) / 2
                items.append(Line(x + width * 0.15, ry, x + width * 0.85, ry, rule_colour, 0.25))
            baseline += extra
        for ln in lines:
            lw = sum(_token_width(*t, size) for t in ln) + space * (len(ln) - 1)
            px = x + p.indent * INDENT
            if p.centre or flat:  # a card without nested steps is set centred
                px = x + (width - lw) / 2
            for kind, text in _runs(ln):
                items += _run(kind, text, px, baseline, size, colour)
                px += _token_width(kind, text, size) + space
            baseline += lead
    fits = total <= height + 1e-6 and widest_ok
    return SetBlock(items, total, size, fits)


def _run(kind: str, text: str, px: float, baseline: float, size: float, colour: str) -> list:
    """One run of a line at ``px``: a circled D or R, a thumb up or down, or text."""
    if kind in ("D", "R"):
        g = size * PT * 0.98
        return list(
            circled(kind, px, baseline - size * PT * 0.32, g, LETTER_INK[kind], filled=True)
        )
    if kind in ("up", "down"):
        g = size * PT * 0.92
        green_or_red = "#2e6b2e" if kind == "up" else "#a0281e"
        return list(thumb(kind == "up", px, baseline - size * PT * 0.34, g, green_or_red))
    face = "bold" if kind == "b" else "regular"
    return [Text(px, baseline, text, size, face, colour)]


# -- panels on a card ----------------------------------------------------------------------------

HEAD_H = 3.7  # mm, a panel's heading band
PANEL_GAP = 1.3


def split_symbols(steps: list) -> tuple[list, list[str]]:
    """Top-level Ⓓ and Ⓡ (drawn large in the heading) and the other steps."""
    letters = {"discovery": "D", "rumor": "R"}
    marks = [letters[s.verb] for s in steps if isinstance(s, ins.Flag) and s.verb in letters]
    rest = [s for s in steps if not (isinstance(s, ins.Flag) and s.verb in letters)]
    if not rest:
        return list(steps), []
    return rest, marks


def draw_panels(
    d, panels: list, x: float, y: float, w: float, h: float, colour: str, ink_saver: bool
) -> bool:
    """Framed panels, one under the other, each a heading (label, title, Ⓓ/Ⓡ) over its
    instructions; heights shared by how much each holds. Returns whether all fitted."""
    valid = [p for p in panels if isinstance(p, dict) and p.get("steps")]
    if not valid:
        return True
    bodies = []
    for p in valid:
        steps, marks = split_symbols(list(p["steps"]))
        bodies.append((p, paragraphs(steps, rules=p.get("rules", True)), marks))
    # natural heights at a middle size decide the shares
    probe = 6.0
    naturals = []
    for _, paras, _ in bodies:
        block = set_instructions(paras, 0, 0, w - 2.4, 1e6, max_size=probe, min_size=probe)
        naturals.append(block.height + HEAD_H + 1.6)
    avail = h - PANEL_GAP * (len(bodies) - 1)
    total = sum(naturals)
    heights = [avail * n / total for n in naturals]
    fits = True
    top = y
    for (p, paras, marks), ph in zip(bodies, heights, strict=True):
        tone = p.get("colour") or colour
        frame = shade(tone, 0.25)
        d.add(Rect(x, top, w, ph, fill="#ffffff", stroke=frame, width=0.35, radius=1.2))
        d.add(Rect(x, top, w, HEAD_H, fill=tint(tone, 0.9 if ink_saver else 0.55), radius=1.2))
        label = str(p.get("label") or "").upper()
        title = str(p.get("title") or "")
        text = f"{label} · {title}" if label and title else (label or title)
        room = w - 3.0 - len(marks) * (HEAD_H + 0.4)
        size = fit_size(text, "bold", 6.2, room, 4.2)
        d.add(
            centred_text(x + 1.4, top + HEAD_H / 2, text, size, "bold", shade(tone, 0.55), "start")
        )
        mx = x + w - 1.0
        for m in marks:
            g = HEAD_H - 0.5
            mx -= g
            d.add(*circled(m, mx, top + HEAD_H / 2, g, LETTER_INK[m], filled=True))
            mx -= 0.4
        block = set_instructions(
            paras,
            x + 1.3,
            top + HEAD_H + 0.9,
            w - 2.6,
            ph - HEAD_H - 1.5,
            max_size=float(p.get("size") or 7.0),
            min_size=4.4,
            valign="middle",
        )
        d.add(*block.items)
        fits = fits and block.fits
        top += ph + PANEL_GAP
    return fits
