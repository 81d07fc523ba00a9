"""The quick fit test lint uses never says "fits" of a text the real Paragraph cannot fit,
and the markup it vouches for is markup ReportLab reads."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup, escape

from compiler.backends.pdf import faces, metrics, region_text
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
    if region_text.surely_fits(region, markup):
        try:
            faces.fit(region, markup, region_text.Subject({}, "", "", NOWHERE))
        except CompileError as err:  # pragma: no cover - the failure this test exists for
            pytest.fail(f"quick test said it fits: {markup!r} in {w:.1f}×{h:.1f} mm: {err}")


def test_the_quick_test_answers_for_ordinary_card_text() -> None:
    """It must also say yes where it plainly can, or it saves lint nothing."""
    faces.register()
    region = Region("r", 0, 0, 53.5, 40, "x")
    assert region_text.surely_fits(
        region, "Move one unit to an adjacent zone.<br/>Then draw a card."
    )
    # markupsafe writes an apostrophe as &#39; and a quote as &#34;: most card text has one
    assert region_text.surely_fits(region, str(escape('Don\'t draw the "Gestapo" card.')))
    assert not region_text.surely_fits(region, "word " * 400)  # the real Paragraph decides
    assert not region_text.surely_fits(region, '<font size="30">big</font>')


@settings(max_examples=300, deadline=None, derandomize=True)
@given(markup=MARKUP, width_mm=st.floats(3, 60), size=st.sampled_from([5.0, 9.0, 14.0, 30.0]))
def test_a_word_is_measured_whenever_it_could_be_too_wide(markup, width_mm, size) -> None:
    """fit() skips Paragraph.minWidth only when the bound says no word can be too wide."""
    faces.register()
    width = width_mm * 72 / 25.4
    if faces._may_hold_wide_word(markup, size, width):
        return
    for font in metrics.FACES:
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
    jinja = region_text._template(show).render(**context).strip()
    assert region_text.render_markup(region, context) == jinja


def test_a_missing_value_is_still_jinjas_error() -> None:
    region = Region("r", 0, 0, 50, 10, "{{ card.nothing }}")
    with pytest.raises(CompileError, match="nothing"):
        region_text.render_markup(region, {"card": {}})


REGIONS = st.builds(
    lambda w, h, size, drop, font, bold, leading: Region(
        "r",
        0,
        0,
        w,
        h,
        "x",
        font=font,
        bold=bold,
        size=size,
        min_size=size - drop,
        leading=leading,
    ),
    w=st.floats(5, 80),
    h=st.floats(3, 60),
    size=st.sampled_from([7.0, 9.0, 11.0, 14.0]),
    drop=st.sampled_from([0.0, 0.3, 1.0, 2.2, 4.0]),
    font=st.sampled_from(["serif", "sans"]),
    bold=st.booleans(),
    leading=st.sampled_from([1.0, 1.2, 1.5]),
)


def _really_fits(region: Region, markup: str) -> bool:
    try:
        faces.fit(region, markup, region_text.Subject({}, "", "", NOWHERE))
    except CompileError:
        return False
    return True


@settings(max_examples=300, deadline=None, derandomize=True)
@given(markup=MARKUP, region=REGIONS)
def test_lint_says_fits_exactly_when_the_build_can_set_it(markup, region) -> None:
    """fits() answers by the bound at the layout's size or at the smallest size the
    build tries, else by the build's own fit: either way the build's answer."""
    region_text.fits.cache_clear()
    assert region_text.fits(region, markup) == _really_fits(region, markup)


@pytest.mark.parametrize(
    ("size", "min_size", "smallest"),
    [(9.0, 7.0, 7.0), (9.0, 7.2, 7.5), (9.0, 9.0, 9.0), (7.6, 6.0, 6.1), (9.0, 10.0, 9.0)],
)
def test_the_smallest_size_is_the_last_the_build_tries(size, min_size, smallest) -> None:
    region = Region("r", 0, 0, 10, 10, "x", size=size, min_size=min_size)
    assert region_text.smallest_size(region) == pytest.approx(smallest)


def test_text_that_fits_only_smaller_is_answered_without_a_paragraph(monkeypatch) -> None:
    region = Region("r", 0, 0, 40, 12, "x", size=12, min_size=6)
    text = "Move one unit to an adjacent zone, then draw a card and read it aloud."
    assert not region_text.surely_fits(region, text)  # not at 12 pt…
    monkeypatch.setattr(faces, "fit", lambda *a: pytest.fail("set as a Paragraph"))
    region_text.fits.cache_clear()
    assert region_text.fits(region, text)  # …but surely at the 6 pt the build would reach


PIECES = st.one_of(
    st.text(max_size=6),  # any characters: controls, a bare < or &, quotes
    st.sampled_from(
        [
            "<b>",
            "</b>",
            "<i>",
            "</i>",
            "<u>",
            "</u>",
            "<strong>",
            "</strong>",
            "<em>",
            "</em>",
            "<br/>",
            "<br />",
            "<br>",
            "<B>",
            "<b >",
            "</i >",
            "<font color='red'>",
            "</font>",
            "&amp;",
            "&lt;",
            "&gt;",
            "&quot;",
            "&#39;",
            "&#34;",
            "&#x27;",
            "&nbsp;",
            "&#0;",
            "&",
            "<",
            ">",
            "<a href='x'>",
            "</a>",
            "<img src='x'/>",
            "<super>",
            "</super>",
        ]
    ),
)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(pieces=st.lists(PIECES, max_size=12))
def test_plainly_valid_markup_is_markup_reportlab_reads(pieces) -> None:
    markup = "".join(pieces)
    if region_text.plainly_valid(markup):
        faces.read(Region("r", 0, 0, 40, 12, "x"), markup)  # LAYOUT001 would fail the test


@pytest.mark.parametrize(
    ("markup", "plain"),
    [
        ("Don&#39;t draw the &#34;Gestapo&#34; card.<br/>Then <b>stop</b>.", True),
        ("<b>1</b> <i>x &amp; y</i>", True),
        ("<b>never closed", False),
        ("<b><i>crossed</b></i>", False),
        ("</b>", False),
        ('<font color="red">x</font>', False),  # valid, but ReportLab decides
        ("&nbsp;", False),
        ("a < b", False),
        ("bell\x07", False),
    ],
)
def test_plainly_valid_answers_for_card_markup(markup: str, plain: bool) -> None:
    assert region_text.plainly_valid(markup) is plain


def test_a_text_far_too_long_for_its_box_is_refused_by_its_bound() -> None:
    """Found by a probe: a translated card text of a megabyte was wrapped at every size
    the build tries (minutes) before FIT001; its glyphs alone need more lines than the
    box holds, which one pass over it shows."""
    faces.register()
    region = Region("r", 0, 0, 53.5, 40, "x", size=9, min_size=6)
    subject = region_text.Subject({}, "card 'c'", "en", NOWHERE)
    with pytest.raises(CompileError) as caught:
        faces.fit(region, "You may move. " * 20_000, subject)
    (finding,) = caught.value.findings
    assert finding.code == "FIT001"
    assert "overflows its 40 mm height by at least" in finding.message
    assert "even at the minimum size 6 pt" in finding.message
    # a long text that does fit is set as before, by ReportLab
    tall = Region("r", 0, 0, 180, 270, "x", size=9, min_size=2)
    assert faces.fit(tall, "ab " * 2_000, subject).paragraph is not None


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1_700, max_value=6_000), st.floats(min_value=20, max_value=120))
def test_the_bound_never_refuses_a_text_that_fits(words: int, height: float) -> None:
    """Whatever the bound says is too tall, ReportLab would not fit either."""
    faces.register()
    region = Region("r", 0, 0, 120, height, "x", size=7, min_size=2)
    markup = "Move one unit. " * (words // 3)
    width = (region.w - 2 * region.padding) * faces.mm
    inner = (region.h - 2 * region.padding) * faces.mm
    if faces._surely_too_tall(region, markup, width, inner) is not None:
        smallest = faces._paragraph(region, markup, region.min_size)
        assert smallest.wrap(width, 10_000)[1] > inner
