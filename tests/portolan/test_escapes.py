"""JSON text made inert: controls, format characters and separators escaped, letters kept, and
the data read back unchanged."""

from __future__ import annotations

import json
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from portolan.escapes import json_escaped

INERT = ("Cc", "Cf", "Cs", "Zl", "Zp")


@given(st.text(max_size=30))
def test_reads_back_the_same_with_nothing_a_terminal_or_yaml_comment_obeys(text):
    out = json_escaped(json.dumps({"name": text}, ensure_ascii=False))
    assert json.loads(out) == {"name": text}
    assert not any(unicodedata.category(ch) in INERT and ch != "\n" for ch in out)


def test_letters_stay_as_written():
    text = json.dumps(["Hernán Cortés", "鄭和", "A\x7fB\x85C\u2028D\u202eE"], ensure_ascii=False)
    assert json_escaped(text) == ('["Hernán Cortés", "鄭和", "A\\u007fB\\u0085C\\u2028D\\u202eE"]')
