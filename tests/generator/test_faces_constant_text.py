"""A face slot with no template syntax is not compiled: it is taken as jinja2 would render it."""

from __future__ import annotations

import jinja2
from hypothesis import given, settings
from hypothesis import strategies as st

from portolan.generator.faces import _constant, _rendered_constant
from portolan.generator.sandbox import sandboxed

ENV = sandboxed(undefined=jinja2.StrictUndefined, autoescape=False)  # as faces._environment
TEXTS = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(TEXTS, st.sampled_from(["\n", "\n\n", " ", "#", "%", "}", "Ⓓ"]))))
def test_a_constant_text_is_what_jinja2_renders(pieces):
    source = "".join(pieces)
    if _constant(source):
        assert _rendered_constant(source) == ENV.from_string(source).render()


def test_template_syntax_and_carriage_returns_are_not_constants():
    assert not _constant("{{ name }}")
    assert not _constant("a {% if x %}b{% endif %}")
    assert not _constant("{# note #}")
    assert not _constant("line\r\nline")  # jinja2 turns it into "\n": compiled as before
    assert _constant("Sea/Coast/River\n") and _rendered_constant("Sea/Coast/River\n") == (
        "Sea/Coast/River"
    )


def test_an_empty_list_slot_is_a_new_empty_list_each_time():
    from portolan.generator.faces import _nothing

    first, second = _nothing(name="a"), _nothing()
    assert first == [] == ENV.compile_expression("[]")() and first is not second
