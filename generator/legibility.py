"""The smallest type each role of text may print at, in points.

Every drawing module takes its floor from here; ``tests/generator/test_legibility.py`` reads the
sizes back from every PDF. Text that does not fit its box at its floor is reported as an
overflow (a warning of ``portolan build``), never printed smaller.
"""

from __future__ import annotations

TITLE = 7.0  # card, aid and board titles
BODY = 6.0  # rules text on cards, aids and boards
LABEL = 6.0  # chips, badges, box and track numbers, counter texts, board labels
CAPTION = 6.0  # captions under symbols and boxes
FOOTER = 6.0  # card footers (deck name, copies)
FURNITURE = 6.0  # page header, scale-bar label, notes, tile and assembly labels

ROLES = {
    "title": TITLE,
    "body": BODY,
    "label": LABEL,
    "caption": CAPTION,
    "footer": FOOTER,
    "furniture": FURNITURE,
}
SMALLEST = min(ROLES.values())

# WCAG 2 contrast ratio every label keeps against what it is printed on, and the ratio colours
# are chosen for (a little more, as printers and renderers shift colours by a few levels).
CONTRAST = 4.5
CONTRAST_AIM = 4.8
