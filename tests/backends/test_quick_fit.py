"""The quick fit test lint uses never says "fits" of a text the real Paragraph cannot fit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup, escape

from compiler.backends.pdf import faces, fonts
from compiler.diagnostics import NOWHERE, CompileError
from compiler.model.layouts import Region

WORDS = st.text(
    alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzWMÀé0123456789-.,:;!?()'’\u00a0"),
    min_size=1,
    max_size=18,
)
MARKUP = st.lists(
    st.one_of(
        WORDS,
        st.sampled_from(
            ["<br/>", "<b>bold words</b>", "<i>x</i>", "&amp;", "&#39;", "&#34;q&#34;", "&amp;lt;"]
        ),
    ),
    max_size=60,
).map(" ".join)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    markup=MARKUP,
    w=st.floats(5, 80),
    h=st.floats(3, 60),
    size=st.sampled_from([5.0, 7.0, 9.0, 11.0, 14.0]),
    font=st.sampled_from(["serif", "sans"]),
    bold=st.booleans(),
    leading=st.sampled_from([1.0, 1.2, 1.5]),
)
def test_a_quick_yes_is_always_a_real_yes(markup, w, h, size, font, bold, leading) -> None:
    faces.register()
    region = Region(
        "r", 0, 0, w, h, "x", font=font, bold=bold, size=size, min_size=size, leading=leading
    )
    if faces.surely_fits(region, markup):
        try:
            faces.fit(region, markup, faces.Subject({}, "", "", NOWHERE))
        except CompileError as err:  # pragma: no cover - the failure this test exists for
            pytest.fail(f"quick test said it fits: {markup!r} in {w:.1f}×{h:.1f} mm: {err}")


def test_the_quick_test_answers_for_ordinary_card_text() -> None:
    """It must also say yes where it plainly can, or it saves lint nothing."""
    faces.register()
    region = Region("r", 0, 0, 53.5, 40, "x")
    assert faces.surely_fits(region, "Move one unit to an adjacent zone.<br/>Then draw a card.")
    # markupsafe writes an apostrophe as &#39; and a quote as &#34;: most card text has one
    assert faces.surely_fits(region, str(escape('Don\'t draw the "Gestapo" card.')))
    assert not faces.surely_fits(region, "word " * 400)  # the real Paragraph decides
    assert not faces.surely_fits(region, '<font size="30">big</font>')


@settings(max_examples=300, deadline=None, derandomize=True)
@given(markup=MARKUP, width_mm=st.floats(3, 60), size=st.sampled_from([5.0, 9.0, 14.0, 30.0]))
def test_a_word_is_measured_whenever_it_could_be_too_wide(markup, width_mm, size) -> None:
    """fit() skips Paragraph.minWidth only when the bound says no word can be too wide."""
    faces.register()
    width = width_mm * 72 / 25.4
    if faces._may_hold_wide_word(markup, size, width):
        return
    for font in fonts.FACES:
        style = faces._style(font, size, 1.2, "left", "#000000")
        assert faces.Paragraph(markup, style).minWidth() <= width + 1e-6


def test_the_width_bound_lets_ordinary_text_skip_measuring() -> None:
    faces.register()
    assert not faces._may_hold_wide_word("Move one unit to an adjacent zone.", 9, 150)
    assert faces._may_hold_wide_word("Supercalifragilistic", 9, 30)


@pytest.mark.parametrize(
    ("show", "context"),
    [
        ("{{ card.title }}", {"card": {"title": "A & <b>B</b> {{ x }}"}}),
        ("  {{card.fields.scenario}} ", {"card": {"fields": {"scenario": "S1 – Lyon"}}}),
        ("{{ copy }}", {"copy": 3}),
        ("{{ card.text }}", {"card": {"text": escape("a") + Markup("<br/>b")}}),
        ("{{ card.items }}", {"card": {"items": "shadowed by dict.items"}}),
        ("{{ card.gaps }}", {"card": {"gaps": True}}),
        ("{{ card.list }}", {"card": {"list": ["a", "<b>"]}}),
        ("{{ deck.title }}", {"deck": {"title": None}}),
        ("MEDAGLIA & <b>co</b>\n", {}),
        ("{% if card.gaps %}gap{% endif %}", {"card": {"gaps": True}}),
    ],
)
def test_a_one_value_show_prints_what_jinja_prints(show: str, context: dict) -> None:
    region = Region("r", 0, 0, 50, 10, show)
    jinja = faces._template(show).render(**context).strip()
    assert faces.render_markup(region, context) == jinja


def test_a_missing_value_is_still_jinjas_error() -> None:
    region = Region("r", 0, 0, 50, 10, "{{ card.nothing }}")
    with pytest.raises(CompileError, match="nothing"):
        faces.render_markup(region, {"card": {}})
