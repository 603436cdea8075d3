"""What a print shop's software needs of a PDF merged from several of ours.

- Every font subset has a name of its own. Each of our PDFs names its subsets ``AAAAAA+…``,
  ``AAAAAB+…`` (reportlab's tags, counted per file); merged, ten files would hold ten different
  subsets called ``AAAAAA+BitstreamVeraSans-Bold``, which some RIPs take for one font and print
  with the wrong glyphs. ``retag_subsets`` gives each file's subsets tags counted over the whole
  set. A tag is six capitals either way, so the file's byte offsets (its xref) stay true.
- The print dialog is asked not to scale (``PrintScaling /None``), as our own PDFs ask:
  ``ask_no_scaling`` appends an incremental update that rewrites the catalogue with that viewer
  preference, leaving every byte before it as it was.
- The same pages give the same bytes: pdfium stamps a merged file with the time it was saved
  (``/CreationDate``) and a file identifier made from it (``/ID``). ``without_save_time`` puts
  a fixed date in place of the first and a hash of the file in place of the second, both of the
  same length, so the xref stays true.
"""

from __future__ import annotations

import hashlib
import re

_TAG = re.compile(rb"(/(?:BaseFont|FontName)\s*)/([A-Z]{6})\+")
_ROOT = re.compile(rb"/Root\s+(\d+)\s+0\s+R")
_SIZE = re.compile(rb"/Size\s+(\d+)")
_INFO = re.compile(rb"/Info\s+(\d+\s+0\s+R)")
_ID = re.compile(rb"/ID\s*(\[[^\]]*\])")
_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
# pdfium writes the local time as D:YYYYMMDDHHmmSS+HH'mm' (always 23 characters)
_SAVED_AT = re.compile(rb"/CreationDate\(D:\d{14}[+-]\d\d'\d\d'\)")
_FIXED_DATE = b"/CreationDate(D:20000101000000+00'00')"  # reportlab's invariant date
_ID_PAIR = re.compile(rb"/ID\s*\[<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\]")


def without_save_time(data: bytes) -> bytes:
    """``data`` (a PDF pdfium saved) with its save time fixed and its identifier a hash of the
    rest: the same pages, the same bytes. Every replacement keeps its length."""
    data = _SAVED_AT.sub(_FIXED_DATE, data)
    blank = _ID_PAIR.sub(lambda m: b"/ID[<" + b"0" * len(m.group(1)) + b"><>]", data)
    digest = hashlib.md5(blank, usedforsecurity=False).hexdigest().upper().encode()

    def fixed(m: re.Match) -> bytes:
        first, second = m.group(1), m.group(2)
        return (
            m.group(0)
            .replace(first, digest[: len(first)].ljust(len(first), b"0"), 1)
            .replace(second, digest[: len(second)].ljust(len(second), b"0"))
        )

    return _ID_PAIR.sub(fixed, data)


def tag(n: int) -> bytes:
    """The ``n``-th subset tag: AAAAAA, AAAAAB, … (six capitals, base 26)."""
    letters = []
    for _ in range(6):
        n, r = divmod(n, 26)
        letters.append(65 + r)
    if n:
        raise ValueError("more font subsets than six letters can name")
    return bytes(reversed(letters))


def retag_subsets(data: bytes, first: int) -> tuple[bytes, int]:
    """``data`` (one PDF) with the subset tags of its fonts' BaseFont and FontName (plain
    dictionaries in our PDFs, never inside a stream) renumbered from ``first``; and the next
    number. One old tag keeps one new tag (a font's BaseFont and FontName agree)."""
    new: dict[bytes, bytes] = {}

    def swap(m: re.Match) -> bytes:
        old = m.group(2)
        if old not in new:
            new[old] = tag(first + len(new))
        return m.group(1) + b"/" + new[old] + b"+"

    out = _TAG.sub(swap, data)
    return out, first + len(new)


def ask_no_scaling(data: bytes) -> bytes:
    """``data`` (a PDF with a classic xref table) with an incremental update that adds
    ``/ViewerPreferences << /PrintScaling /None >>`` to its catalogue."""
    trailer = data[data.rindex(b"trailer") :]
    root = int(_ROOT.search(trailer).group(1))
    versions = re.findall(rb"(?:^|\s)%d\s+0\s+obj\s*(<<.*?>>)\s*endobj" % root, data, re.S)
    if not versions:
        raise ValueError("the merged PDF has no readable catalogue")
    catalogue = versions[-1]  # the latest version, after any update
    if b"/ViewerPreferences" in catalogue:
        return data
    catalogue = catalogue[:-2] + b"/ViewerPreferences<</PrintScaling/None>>>>"
    prev = int(_STARTXREF.search(data).group(1))
    body = data if data.endswith(b"\n") else data + b"\n"
    offset = len(body)
    obj = b"%d 0 obj\n%s\nendobj\n" % (root, catalogue)
    xref_at = offset + len(obj)
    extra = b""
    if info := _INFO.search(trailer):
        extra += b"/Info " + info.group(1)
    if ids := _ID.search(trailer):
        extra += b"/ID" + ids.group(1)
    size = int(_SIZE.search(trailer).group(1))
    update = (
        obj
        + b"xref\n0 1\n0000000000 65535 f \n%d 1\n%010d 00000 n \n" % (root, offset)
        + b"trailer\n<</Size %d/Root %d 0 R%s/Prev %d>>\n" % (size, root, extra, prev)
        + b"startxref\n%d\n%%%%EOF\n" % xref_at
    )
    return body + update
