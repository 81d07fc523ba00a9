"""Card sheets read back from the PDF: page size, where each card and back sits,
crop marks outside the cut, print settings, fonts and every card's words."""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from pypdf import PdfReader

from compiler.backends import cards
from compiler.backends.pdf.sheet_geometry import Rect, Request, plan
from compiler.diagnostics import CompileError
from compiler.model.layouts import Region
from tests.pdftools import PT_PER_MM, filled_rects, fonts

PT = PT_PER_MM
MEDAL_FRONT = (0x7A / 255, 0x2E / 255, 0x2A / 255)  # the medal back's colour


@pytest.fixture(scope="module")
def kit(card_kit) -> dict[str, bytes]:
    return card_kit


def _rects(page, colour) -> list[Rect]:
    return [Rect(*box) for box in filled_rects(page, colour)]


def test_every_deck_with_content_and_a_layout_gets_every_variant(kit) -> None:
    for deck in ("carte-medaglia", "tessere-personaggio"):
        for paper in ("a4", "letter"):
            for variant in cards.VARIANTS:
                assert f"cards-{deck}-{paper}-{variant}.pdf" in kit
        assert f"cards-{deck}-pod.pdf" in kit


def test_pages_are_the_paper_and_ask_to_print_at_full_size(kit) -> None:
    reader = PdfReader(io.BytesIO(kit["cards-carte-medaglia-a4-duplex-long.pdf"]))
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / PT, 1), round(float(box.height) / PT, 1)) == (210.0, 297.0)
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"
    short = PdfReader(io.BytesIO(kit["cards-carte-medaglia-a4-duplex-short.pdf"]))
    assert short.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    letter = PdfReader(io.BytesIO(kit["cards-carte-medaglia-letter-fronts.pdf"]))
    lbox = letter.pages[0].mediabox
    assert round(float(lbox.width) / PT, 1) == 279.4  # 8-up landscape: 9-up does not fit


def test_thirty_medals_make_four_sheets_after_the_registration_sheet(kit) -> None:
    reader = PdfReader(io.BytesIO(kit["cards-carte-medaglia-a4-duplex-long.pdf"]))
    assert len(reader.pages) == 2 + 2 * 4  # registration front/back, then 4 × (fronts, backs)
    fronts = PdfReader(io.BytesIO(kit["cards-carte-medaglia-a4-fronts.pdf"]))
    assert len(fronts.pages) == 4


def test_backs_land_behind_their_fronts_when_flipped_on_the_long_edge(kit) -> None:
    sheet = plan(Request(63.5, 88.9), "a4")
    with pdfplumber.open(io.BytesIO(kit["cards-carte-medaglia-a4-duplex-long.pdf"])) as pdf:
        band = _rects(pdf.pages[2], MEDAL_FRONT)  # the fronts' title bands
        backs = _rects(pdf.pages[3], MEDAL_FRONT)
    assert len(backs) == 9
    expected = sorted(
        (sheet.mirrored(sheet.bleed_box(i), "long") for i in range(9)), key=lambda b: (-b.y, b.x)
    )
    for got, want in zip(backs, expected, strict=True):
        assert got.x == pytest.approx(want.x, abs=0.05) and got.y == pytest.approx(want.y, abs=0.05)
        assert got.w == pytest.approx(want.w, abs=0.05) and got.h == pytest.approx(want.h, abs=0.05)
    # each front band sits on its card's trim (left card's band bleeds out to the left)
    assert len(band) == 9
    for i, b in enumerate(band):
        trim = sheet.trim(i)
        assert b.x <= trim.x + 0.05 and b.x + b.w >= trim.x1 - 0.05


def test_crop_marks_are_hairlines_outside_every_card(kit) -> None:
    sheet = plan(Request(63.5, 88.9), "a4")
    boxes = [sheet.bleed_box(i) for i in range(9)]
    with pdfplumber.open(io.BytesIO(kit["cards-carte-medaglia-a4-fronts.pdf"])) as pdf:
        page = pdf.pages[0]
        lines = page.lines
        height = float(page.height)
    assert len(lines) == len(sheet.crop_marks())
    for line in lines:
        assert line["linewidth"] == pytest.approx(0.25)
        mark = Rect(
            line["x0"] / PT, (height - line["bottom"]) / PT, line["width"] / PT, line["height"] / PT
        )
        assert not any(mark.overlaps(b, tol=0.01) for b in boxes)


def test_every_card_title_and_text_is_on_the_sheets_with_embedded_fonts(kit, liberation) -> None:
    reader = PdfReader(io.BytesIO(kit["cards-carte-medaglia-a4-fronts.pdf"]))
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    deck = next(d for d in liberation.decks if d.id == "carte-medaglia")
    for card in deck.cards:
        assert " ".join(card.title.split()) in text
        for para in card.paras:
            assert " ".join(para.text.split())[:40] in text
        assert card.id not in text.replace("· ", "").split("—")[0]  # ids are ours: only in slug
    assert fonts(reader) and all(fonts(reader).values())


def test_print_on_demand_pages_are_card_plus_bleed_with_trim_and_bleed_boxes(kit) -> None:
    reader = PdfReader(io.BytesIO(kit["cards-tessere-personaggio-pod.pdf"]))
    assert len(reader.pages) == 12  # 6 tiles, front and back
    page = reader.pages[0]
    size = [round(float(v) / PT, 2) for v in page.mediabox]
    trim = [round(float(v) / PT, 2) for v in page.trimbox]
    bleed = [round(float(v) / PT, 2) for v in page.bleedbox]
    assert size == [0, 0, 69.5, 94.9]
    assert trim == [3, 3, 66.5, 91.9]
    assert bleed == size


def test_copies_print_each_copy(liberation) -> None:
    from dataclasses import replace

    deck = next(d for d in liberation.decks if d.id == "tessere-personaggio")
    tripled = replace(deck, cards=(replace(deck.cards[0], copies=3),))
    layout = next(x for x in liberation.layouts if x.id == deck.layout)
    items = cards.face_items(liberation, tripled, layout)
    assert [i.label for i in items] == [
        "personaggio-marcel 1/3",
        "personaggio-marcel 2/3",
        "personaggio-marcel 3/3",
    ]


def test_text_that_does_not_fit_names_deck_card_region_and_language(liberation) -> None:
    from dataclasses import replace

    deck = next(d for d in liberation.decks if d.id == "carte-medaglia")
    layout = next(x for x in liberation.layouts if x.id == deck.layout)
    tiny = tuple(
        replace(r, h=3.0, min_size=8.0) if r.id == "text" else r for r in layout.front.regions
    )
    cramped = replace(layout, front=replace(layout.front, regions=tiny))
    with pytest.raises(CompileError) as err:
        cards.face_items(liberation, deck, cramped)
    finding = err.value.findings[0]
    assert finding.code == "FIT001"
    assert "deck 'carte-medaglia', card 'medaglia-1-01', region 'text' (it)" in finding.message
    assert "minimum size 8 pt" in finding.message
    assert finding.location.path.endswith("cards/c-finale.yaml")


def test_card_text_is_data_never_template_or_markup() -> None:
    from compiler.backends.pdf.faces import render_markup

    region = Region("t", 0, 0, 50, 20, "{{ card.title }}")
    out = render_markup(region, {"card": {"title": "{{ 7*7 }} <b>x</b> &amp; {% if %}"}})
    assert out == "{{ 7*7 }} &lt;b&gt;x&lt;/b&gt; &amp;amp; {% if %}"


def test_the_slug_never_runs_into_a_crop_mark(kit) -> None:
    for name in ("cards-carte-medaglia-a4-fronts.pdf", "cards-carte-medaglia-letter-fronts.pdf"):
        with pdfplumber.open(io.BytesIO(kit[name])) as pdf:
            page = pdf.pages[0]
            slug = [c for c in page.chars if c["size"] < 5.5]
            assert slug
            for line in page.lines:
                for c in slug:
                    apart = (
                        line["x1"] < c["x0"]
                        or c["x1"] < line["x0"]
                        or line["bottom"] < c["top"]
                        or c["bottom"] < line["top"]
                    )
                    assert apart, (name, c["text"], line["x0"], line["top"])


def test_the_slug_prints_whole_above_the_printers_margin(kit, liberation) -> None:
    """Its descenders too: on the margin's line, "p" and "g" fell 0.4 mm into the edge
    a printer does not print."""
    for paper in ("a4", "letter"):
        name = f"cards-carte-medaglia-{paper}-fronts.pdf"
        deck = next(d for d in liberation.decks if d.id == "carte-medaglia")
        layout = next(x for x in liberation.layouts if x.id == deck.layout)
        sheet = cards.plan_sheet(layout, "fronts", paper, "test")
        with pdfplumber.open(io.BytesIO(kit[name])) as pdf:
            page = pdf.pages[0]
            slug = [c for c in page.chars if c["size"] < 5.5 and c["upright"]]
            assert any(c["text"] in "gpqy," for c in slug), name
            lowest = min(page.height - c["bottom"] for c in slug) / PT
            assert lowest >= sheet.margin - 0.01, (name, lowest)


@pytest.mark.parametrize("deck_id", ["tessere-personaggio", "carte-medaglia"])
def test_a_card_with_a_gap_in_the_source_says_so_on_the_card(kit, liberation, deck_id) -> None:
    """Jeanne's lost die icons must not pass for a finished card (CARD001 checks layouts);
    a card with its own note says what is missing there, not only that something is."""
    deck = next(d for d in liberation.decks if d.id == deck_id)
    reader = PdfReader(io.BytesIO(kit[f"cards-{deck_id}-pod.pdf"]))
    fronts = reader.pages[0::2]  # pod pages: each card's front, then its back
    cards_in_order = [c for c in deck.cards for _ in range(c.copies)]
    assert len(fronts) == len(cards_in_order)
    texts = [" ".join((p.extract_text() or "").split()) for p in fronts]
    said = [
        f"Non nella fonte: {c.gap}" in t if c.gap else "non è nella fonte" in t
        for c, t in zip(cards_in_order, texts, strict=True)
    ]
    assert said == [deck.has_gaps(c) for c in cards_in_order]
    noted = [c.id for c in cards_in_order if c.gap]
    if deck_id == "tessere-personaggio":
        assert noted == ["personaggio-jeanne", "personaggio-yvonne"]  # and no other tile
        assert "le icone di due facce del dado rosso, dopo «risultato» e dopo «o»" in " ".join(
            texts
        )
    else:
        assert len(noted) >= 10  # the medals whose pictures the source lacks


def test_an_italian_kit_gives_its_printing_instructions_in_italian(card_kit) -> None:
    """Found by the kit review: Liberation's Italian sheets said "Print both sides
    flipping on the long edge…", "sheet 1 of 8", "fronts" and "backs"."""
    reader = PdfReader(io.BytesIO(card_kit["cards-carte-medaglia-a4-duplex-long.pdf"]))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages[:4])
    assert "Stampare fronte e retro girando sul lato lungo, al 100 %" in text
    assert "prova di registro fronte-retro, fronte" in text
    assert "foglio 1 di" in text and "retri (girare sul lato lungo)" in text
    for english in ("Print both sides", "registration test", "sheet 1 of", "flip on the"):
        assert english not in text


def test_a_fold_sheets_head_marks_are_long_enough_to_cut_by(card_kit) -> None:
    """Found by the kit review: on A4 fold sheets the head and foot marks were 1.6 mm
    long (the slug's room is kept at the head for mirrored backs, which a fold sheet
    has none of). Head marks now run into the margin as side marks do."""
    import pdfplumber

    data = card_kit["cards-carte-medaglia-a4-fold.pdf"]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        head = [
            ln
            for ln in page.lines
            if abs(ln["x0"] - ln["x1"]) < 0.01
            and ln["bottom"] < 15 * 72 / 25.4
            and not ln.get("dash")
        ]
    assert head
    assert min(ln["bottom"] - ln["top"] for ln in head) >= 4 * 72 / 25.4


def test_a_fold_sheets_fold_marks_stop_short_of_the_slug(card_kit) -> None:
    """Found by the kit review: the dashed fold marks at the foot of an A4 fold sheet ran
    0.66 mm into the slug line and touched its letters on 22 pages."""
    import pdfplumber

    data = card_kit["cards-carte-medaglia-a4-fold.pdf"]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            foot = page.height - 10 * 72 / 25.4  # the slug's line, in the foot margin
            slug_top = min(c["top"] for c in page.chars if c["top"] > foot)
            marks = [
                ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["top"] > foot
            ]
            assert marks
            assert max(ln["bottom"] for ln in marks) < slug_top


def test_every_sheet_says_print_at_100_and_the_card_size(card_kit) -> None:
    """Found by the kit review: fronts, scissors and fold sheets said "100 %" only in
    the PDF's metadata, which many viewers ignore. Their slug gives the size to check a
    print by with a ruler, where the line has room: the list of positions (which card
    is where) is never cut for it. A full sheet's list leaves no room (3 of the 4 A4
    sheets went without the note): there the note is the page's head line."""
    import pdfplumber

    note = "stampare al 100 %: una carta misura 63,5 × 88,9 mm"
    for name, on_slug in (
        ("a4-fronts", [False, False, False, True]),
        ("letter-fronts", [True] * 4),
    ):
        data = card_kit[f"cards-carte-medaglia-{name}.pdf"]
        reader = PdfReader(io.BytesIO(data))
        lines = [page.extract_text().splitlines() for page in reader.pages]
        slugs = [next(line for line in page if "foglio" in line) for page in lines]
        assert [note in line for line in slugs] == on_slug, name
        assert all(sum(note in line for line in page) == 1 for page in lines), name
        assert not any("…" in line for line in slugs)
        listed = [re.findall(r"\b\d+ medaglia-\d-\d\d", line) for line in slugs]
        assert sum(len(x) for x in listed) == 30, name  # every card's position, each page
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            for page, slugged in zip(pdf.pages, on_slug, strict=True):
                if slugged:
                    continue
                # the head line sits inside the printer's 5 mm margin, and the head
                # crop marks stop short of it
                head = [c for c in page.chars if c["bottom"] < 12 * 72 / 25.4]
                assert "".join(c["text"] for c in head) == note
                assert min(c["top"] for c in head) >= 5 * 72 / 25.4
                marks = [
                    ln
                    for ln in page.lines
                    if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["top"] < 15 * 72 / 25.4
                ]
                assert marks
                assert min(ln["top"] for ln in marks) > max(c["bottom"] for c in head)


def test_a_letter_scissors_slug_runs_up_the_margin_clear_of_the_cuts(card_kit) -> None:
    """Found by the kit review: nine unbled poker cards leave a Letter page 6.35 mm at
    the foot; the slug sat half in the printer's 5 mm edge and touched the cut line."""
    import pdfplumber

    data = card_kit["cards-carte-medaglia-letter-scissors.pdf"]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        small = [c for c in page.chars if not c["upright"]]  # the slug, turned a quarter
        cards_left = min(r["x0"] for r in page.rects if r["width"] > 100)
    assert small and not any(c["upright"] and c["top"] > page.height - 20 for c in page.chars)
    assert max(c["x1"] for c in small) < cards_left  # in the left margin, not at the foot
    assert min(c["x0"] for c in small) >= 5 * 72 / 25.4 - 0.5  # inside the printable area


def test_each_agent_cards_back_is_that_agents_injured_side() -> None:
    """War Story's Agent cards are flipped to their injured side ("⑤ Injury: The reverse
    of Agent cards shows that they are injured"): a generic deck back lost which Agent
    lay injured. Each back names its Agent; the reduced values, not in the rulebook,
    print as "—". The Equipment deck keeps one back for all."""
    from tests.conftest import living_game

    game = living_game("war-story-occupied-france")
    outs = {o.path.rsplit("/", 1)[-1]: o.data for o in cards.build(game, cards.Options())}
    agents = next(d for d in game.decks if d.id == "agent-cards")
    pages = PdfReader(io.BytesIO(outs["cards-agent-cards-pod.pdf"])).pages
    assert len(pages) == 2 * len(agents.cards)
    for n, card in enumerate(agents.cards):
        front = " ".join(pages[2 * n].extract_text().split())
        back = " ".join(pages[2 * n + 1].extract_text().split())
        assert card.title in front and "INJURED" not in front
        assert card.title in back and "INJURED" in back, back
        assert "Firearms: —" in back and "not in the rulebook" in back
    equipment = PdfReader(io.BytesIO(outs["cards-equipment-cards-pod.pdf"])).pages
    backs = {" ".join(p.extract_text().split()) for p in equipment[1::2]}
    assert len(backs) == 1 and "INJURED" not in backs.pop()


def test_a_card_too_wide_to_fold_has_no_fold_sheet_and_a_note(tmp_path, capsys) -> None:
    """A card beside its back is twice as wide: a 150 mm card's 300 mm fold piece fits
    no paper, and the FIT002 it raised stopped the whole kit, though every other
    variant fits. The fold sheet is left out, and the build says so."""
    import shutil

    from compiler.cli import main
    from tests.conftest import RULESETS

    shutil.copytree(RULESETS / "maquis", tmp_path / "maquis")
    layouts = tmp_path / "maquis" / "layouts.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(text.replace("size: poker", "size: {width: 150mm, height: 100mm}", 1))
    out = tmp_path / "out"
    args = ["build", "maquis", "--rulesets", str(tmp_path), "--out", str(out)]
    assert main([*args, "--edition", "original", "--paper", "a4"]) == 0
    err = capsys.readouterr().err
    assert "FIT002" not in err
    assert "no fold sheet for deck 'spare-room-action-tiles' on A4 or Letter" in err
    made = sorted(p.name for p in (out / "maquis" / "en" / "kit").glob("cards-spare-room-*"))
    assert made == [
        f"cards-spare-room-action-tiles-a4-{v}.pdf"
        for v in ("duplex-long", "duplex-short", "fronts", "scissors")
    ] + ["cards-spare-room-action-tiles-pod.pdf"]


@pytest.mark.parametrize("side", ["12mm", "5mm"])
def test_a_small_card_with_no_back_of_its_own_builds(tmp_path, capsys, side: str) -> None:
    """Casebook's default back (the deck's title) was 16 mm tall and 8 mm narrower than
    the card: on a 12 mm card it overflowed (FIT001 "at None"), on a 5 mm one its width
    was negative (an overflow of 757,584,492 mm). It now takes what room there is, and
    leaves the title off where it cannot fit: no layout of the game's can be mended."""
    import shutil

    import yaml

    from compiler.cli import main
    from tests.conftest import RULESETS

    shutil.copytree(RULESETS / "maquis", tmp_path / "maquis")
    path = tmp_path / "maquis" / "layouts.yaml"
    modeline = path.read_text(encoding="utf-8").splitlines()[0]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    first = data["layouts"][0]
    first["size"] = {"width": side, "height": side}
    first["front"]["regions"] = []
    first.pop("back", None)
    path.write_text(modeline + "\n" + yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    args = ["--rulesets", str(tmp_path), "--edition", "original", "--paper", "a4"]
    status = main(["build", "maquis", *args, "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status == 0, err
    assert "FIT001" not in err and "None" not in err
