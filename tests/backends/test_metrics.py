"""The widths lint measures without ReportLab are ReportLab's own, to the last bit."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics

from compiler.backends.pdf import metrics
from compiler.backends.pdf.fonts import register
from tests.conftest import ROOT


def _reportlab_face(name: str):
    register()
    return pdfmetrics.getFont(name).face


@pytest.mark.parametrize("name", metrics.FACES)
def test_every_character_a_face_maps_has_reportlabs_width(name: str) -> None:
    face = _reportlab_face(name)
    mapped = set(face.charToGlyph)
    # every mapped code, the codes either side of each (where a cmap range ends),
    # and the planes' ends
    codes = mapped | {c + d for c in mapped for d in (-1, 1) if 0 <= c + d <= 0x10FFFF}
    codes |= {0, 0x20, 0xA0, 0xFFFF, 0x10000, 0x10FFFF}
    ours = metrics._face(name)
    assert metrics.codes(name) == mapped
    assert ours.default == face.defaultWidth
    for code in sorted(codes):
        char = chr(code)
        assert ours.width(char) == face.charWidths.get(code, face.defaultWidth), hex(code)
        assert ours.maps(char) == (code in mapped), hex(code)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    text=st.text(max_size=80),
    name=st.sampled_from(metrics.FACES),
    size=st.sampled_from([5.0, 7.4, 7.6, 8.5, 9.2, 12.0, 15.0, 30.0]),
)
def test_string_width_is_reportlabs_string_width(text: str, name: str, size: float) -> None:
    register()
    assert metrics.string_width(text, name, size) == pdfmetrics.stringWidth(text, name, size)


def test_a_millimetre_is_reportlabs() -> None:
    assert mm == metrics.MM


def test_the_widest_advance_is_the_widest_face() -> None:
    for char in "iW①é—":
        widest = max(
            _reportlab_face(n).charWidths.get(ord(char), _reportlab_face(n).defaultWidth)
            for n in metrics.FACES
        )
        assert metrics.widest_advance(char) == widest / 1000


def test_a_file_that_is_not_a_font_is_refused(tmp_path) -> None:
    with pytest.raises(metrics.FontFileError, match="too short"):
        metrics._Face(b"not a font")


def test_measuring_imports_no_reportlab() -> None:
    """The point of the module: lint's bound runs in a process without ReportLab."""
    code = (
        "import sys\n"
        "from compiler.backends.pdf import metrics, region_text\n"
        "from compiler.model.layouts import Region\n"
        "assert metrics.string_width('Città', metrics.SERIF, 9) > 0\n"
        "region = Region('r', 0, 0, 40, 20, 'x')\n"
        "assert region_text.fits(region, 'Don&#39;t <b>draw</b> a card.<br/>Then stop.')\n"
        "assert not [m for m in sys.modules if m.partition('.')[0] == 'reportlab'], 'imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
