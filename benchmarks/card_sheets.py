"""Print card-sheet throughput figures (never asserted in tests).

    .venv/bin/python benchmarks/card_sheets.py [--runs N] [--profile]

A synthetic deck of 1 000 poker cards on the ``medaglia`` design of
rulesets/liberation/layouts.yaml is rendered 9-up on A4 by Casebook's card
back end (``cards.face_items`` + ``cards.render_sheets``: templates filled,
glyphs checked, text fitted, faces clipped and imposed) and, in the same run,
by a bare ReportLab canvas script drawing the same grid of the same cards
(background, title band, the same Paragraphs in the same fonts, crop marks,
slug) with no templating and no fitting loop: it sets every text at the
design size, so the cards Casebook sets smaller overflow there. Fitting is
Casebook's extra work, and its cost is meant to show.

Both sides run under the collector thresholds every ``casebook`` command sets
(``cli._tune_gc``). Each side is timed best of three (alternating, each run in a fresh fork so
its peak memory is its own), PDFs written to memory. The "× bare" column is
seconds over the bare script's for the same variant; the target is ≤ 1.3.

``--profile`` also prints the top of a cProfile of one Casebook fronts run.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import gc
import io
import os
import pickle
import pstats
import random
import re
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from compiler.backends import cards  # noqa: E402
from compiler.backends.card_content import card_context  # noqa: E402
from compiler.backends.pdf import faces, fonts, region_text  # noqa: E402
from compiler.cli import _tune_gc  # noqa: E402
from compiler.diagnostics import Location  # noqa: E402
from compiler.model.cards import Card, Deck  # noqa: E402
from compiler.model.game import Game  # noqa: E402
from compiler.model.layouts import SIZES, FaceDesign, Layout, Region, SheetSettings  # noqa: E402
from compiler.model.text import Para  # noqa: E402
from compiler.pipeline import front_end  # noqa: E402

N_CARDS = 1000
RUNS = 3
TARGET = 1.3  # casebook seconds / bare seconds
PAPER = "a4"
TITLE = "Benchmark — Carte sintetiche"
WHAT = "deck 'bench'"
HERE = Location("benchmarks/card_sheets.py", 1, 1)

# The words of the synthetic cards: Italian, like Liberation's, accents included.
_WORD_TEXT = """
missione zona sud documenti falsi tipografia clandestina controllo famiglie rete museo
uomo messaggio volantini nascondiglio segreto pattuglia ponte ferrovia deposito armi radio
staffetta partigiano valle montagna città è può già più perché però così ordine sequenza
completare carta turno giocatore tessera dado segnalino risorsa squadra allarme sabotaggio
"""
WORDS = _WORD_TEXT.split()
SCENARIOS = (
    "LA RETE DEL MUSEO DELL'UOMO",
    "IL PONTE SUL FIUME",
    "LA TIPOGRAFIA DI VIA ROMA",
    "IL TRENO DELLE SEI",
)

# ---------------------------------------------------------------------------
# The deck and the layout (medaglia, as layouts.yaml says it: mm and pt)
# ---------------------------------------------------------------------------

PAPER_BG, BAND = "#f3ecd8", "#7a2e2a"


def medaglia() -> Layout:
    width, height = SIZES["poker"]
    front = FaceDesign(
        PAPER_BG,
        (
            Region("band", 0, 0, 63.5, 15, None, fill=BAND),
            Region(
                "kind", 4, 4, 55.5, 4, "MEDAGLIA", font="sans", bold=True, size=7,
                min_size=6, colour=PAPER_BG, align="center",
            ),
            Region(
                "title", 4, 16.5, 55.5, 11, "{{ card.title }}", bold=True, size=11,
                min_size=8, align="center", valign="middle",
            ),
            Region(
                "text", 5, 29, 53.5, 45, "{{ card.text }}", size=9, min_size=7, leading=1.25
            ),
            Region(
                "scenario", 4, 77, 55.5, 7, "{{ card.fields.scenario }}", font="sans",
                size=6, min_size=5, align="center", valign="bottom", colour=BAND,
            ),
        ),
    )  # fmt: skip
    back = FaceDesign(
        BAND,
        (
            Region(
                "title", 4, 36, 55.5, 17, "MEDAGLIA", font="sans", bold=True, size=16,
                min_size=6, align="center", valign="middle", colour=PAPER_BG,
            ),
        ),
    )  # fmt: skip
    return Layout("medaglia", width, height, 3.0, front, back, SheetSettings(at=HERE), HERE)


def sentence(rng: random.Random, n: int) -> str:
    words = [rng.choice(WORDS) for _ in range(n)]
    return " ".join(words).capitalize() + "."


def synthetic_deck(n: int = N_CARDS) -> Deck:
    """``n`` cards of one or two paragraphs; every tenth is long enough to be set smaller."""
    rng = random.Random(1944)
    deck_fields = (("scenario", "Scenario"), ("condition", "Condizione"))
    out = []
    for i in range(1, n + 1):
        title = f"{sentence(rng, rng.randint(2, 4))[:-1]} {i}"
        body = [sentence(rng, rng.randint(14, 24))]
        if i % 2:
            body.append(sentence(rng, rng.randint(8, 16)))
        if i % 10 == 0:
            body.append(sentence(rng, rng.randint(30, 36)))
        scenario, condition = rng.choice(SCENARIOS), body[0]
        out.append(
            Card(
                id=f"bench-{i:04d}",
                title=title,
                paras=tuple(Para(p) for p in body),
                copies=1,
                fields=(("Scenario", scenario), ("Condizione", condition)),
                values=(("scenario", scenario), ("condition", condition)),
                missing=None,
                at=HERE,
            )
        )
    return Deck("bench", "bench", "Carte sintetiche", None, tuple(out), None, HERE,
                layout="medaglia", fields=deck_fields)  # fmt: skip


# ---------------------------------------------------------------------------
# Casebook side
# ---------------------------------------------------------------------------


def casebook(game: Game, deck: Deck, layout: Layout, variant: str) -> bytes:
    items = cards.face_items(game, deck, layout)
    return cards.render_sheets(items, layout, variant, PAPER, TITLE, WHAT)


# ---------------------------------------------------------------------------
# Bare ReportLab side: the same 9-up butted grid, drawn by hand
# ---------------------------------------------------------------------------

PAGE_W, PAGE_H = 210.0, 297.0  # mm
CARD_W, CARD_H = SIZES["poker"]
BLEED, COLS, ROWS = 3.0, 3, 3
ORIGIN_X = (PAGE_W - COLS * CARD_W) / 2  # lower-left of the block's trim area
ORIGIN_Y = (PAGE_H - ROWS * CARD_H) / 2


def _style(font: str, size: float, align: int, colour: str, leading: float = 1.2):
    return ParagraphStyle(
        f"bare-{font}-{size}",
        fontName=font,
        fontSize=size,
        leading=size * leading,
        alignment=align,
        textColor=HexColor(colour),
    )


def bare_styles() -> dict[str, ParagraphStyle]:
    sans_bold, serif_bold = f"{fonts.SANS}-Bold", f"{fonts.SERIF}-Bold"
    return {
        "kind": _style(sans_bold, 7, TA_CENTER, PAPER_BG),
        "title": _style(serif_bold, 11, TA_CENTER, "#000000"),
        "text": _style(fonts.SERIF, 9, TA_LEFT, "#000000", 1.25),
        "scenario": _style(fonts.SANS, 6, TA_CENTER, BAND),
        "back": _style(sans_bold, 16, TA_CENTER, PAPER_BG),
    }


def _para(canv: Canvas, markup: str, style, box: tuple[float, ...], valign: str = "top"):
    """A paragraph in a box given as (x, y-from-top, w, h) mm of the card at the origin."""
    x, y, w, h = box
    para = Paragraph(markup, style)
    _, needed = para.wrap(w * mm, h * mm)
    top = (CARD_H - y) * mm
    slack = h * mm - needed
    drop = {"top": 0.0, "middle": slack / 2, "bottom": slack}[valign]
    para.drawOn(canv, x * mm, top - drop - needed)


def _slot(i: int, mirrored: bool = False) -> tuple[float, float, int, int]:
    col, row = i % COLS, i // COLS
    if mirrored:
        col = COLS - 1 - col
    return ORIGIN_X + col * CARD_W, ORIGIN_Y + (ROWS - 1 - row) * CARD_H, col, row


def _bleed_rect(col: int, row: int) -> tuple[float, float, float, float]:
    """Bleed only round the outside of the butted block (mm, relative to the trim)."""
    left = BLEED if col == 0 else 0.0
    right = BLEED if col == COLS - 1 else 0.0
    top = BLEED if row == 0 else 0.0
    bottom = BLEED if row == ROWS - 1 else 0.0
    return -left, -bottom, CARD_W + left + right, CARD_H + top + bottom


def bare_front(canv: Canvas, card: Card, styles, col: int, row: int) -> None:
    bx, by, bw, bh = _bleed_rect(col, row)
    canv.setFillColor(HexColor(PAPER_BG))
    canv.rect(bx * mm, by * mm, bw * mm, bh * mm, stroke=0, fill=1)
    canv.setFillColor(HexColor(BAND))
    band_y = CARD_H - 15
    canv.rect(bx * mm, band_y * mm, bw * mm, (by + bh - band_y) * mm, stroke=0, fill=1)
    text = "<br/>".join(escape(p.text) for p in card.paras)
    values = dict(card.values)
    _para(canv, "MEDAGLIA", styles["kind"], (4, 4, 55.5, 4))
    _para(canv, escape(card.title or ""), styles["title"], (4, 16.5, 55.5, 11), "middle")
    _para(canv, text, styles["text"], (5, 29, 53.5, 45))
    _para(canv, escape(values["scenario"]), styles["scenario"], (4, 77, 55.5, 7), "bottom")


def bare_back(canv: Canvas, styles, col: int, row: int) -> None:
    bx, by, bw, bh = _bleed_rect(col, row)
    canv.setFillColor(HexColor(BAND))
    canv.rect(bx * mm, by * mm, bw * mm, bh * mm, stroke=0, fill=1)
    _para(canv, "MEDAGLIA", styles["back"], (4, 36, 55.5, 17), "middle")


def bare_marks(canv: Canvas) -> None:
    canv.setStrokeColor(HexColor("#000000"))
    canv.setLineWidth(0.25)
    x0, y0 = ORIGIN_X - BLEED - 0.5, ORIGIN_Y - BLEED - 0.5
    x1, y1 = ORIGIN_X + COLS * CARD_W + BLEED + 0.5, ORIGIN_Y + ROWS * CARD_H + BLEED + 0.5
    for c in range(COLS + 1):
        x = (ORIGIN_X + c * CARD_W) * mm
        canv.line(x, (y0 - 5) * mm, x, y0 * mm)
        canv.line(x, y1 * mm, x, (y1 + 5) * mm)
    for r in range(ROWS + 1):
        y = (ORIGIN_Y + r * CARD_H) * mm
        canv.line((x0 - 5) * mm, y, x0 * mm, y)
        canv.line(x1 * mm, y, (x1 + 5) * mm, y)


def bare(deck: Deck, duplex: bool) -> bytes:
    buf = io.BytesIO()
    canv = Canvas(buf, pagesize=(PAGE_W * mm, PAGE_H * mm), invariant=1, pageCompression=1)
    styles = bare_styles()
    per_page = COLS * ROWS
    for start in range(0, len(deck.cards), per_page):
        group = deck.cards[start : start + per_page]
        for side in ("front", "back") if duplex else ("front",):
            for i, card in enumerate(group):
                x, y, col, row = _slot(i, mirrored=side == "back")
                canv.saveState()
                canv.translate(x * mm, y * mm)
                if side == "front":
                    bare_front(canv, card, styles, col, row)
                else:
                    bare_back(canv, styles, col, row)
                canv.restoreState()
            bare_marks(canv)
            canv.setFont(fonts.SANS, 5)
            canv.drawString(5 * mm, 5 * mm, f"{TITLE} — sheet {start // per_page + 1} ({side}s)")
            canv.showPage()
    canv.save()
    return buf.getvalue()


# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------

_PAGE = re.compile(rb"/Type /Page\b(?!s)")


@dataclass(frozen=True, slots=True)
class Figures:
    seconds: float
    pages: int
    size: int  # bytes of PDF
    peak: float | None  # MiB the resident set grew by, at its peak; None where unmeasured


def _maxrss_mib() -> float:
    import resource  # POSIX only, as is fork

    kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kib / 2**20 if sys.platform == "darwin" else kib / 2**10  # macOS says bytes


def timed(fn: Callable[[], bytes]) -> Figures:
    gc.collect()
    start = time.perf_counter()
    data = fn()
    seconds = time.perf_counter() - start
    return Figures(seconds, len(_PAGE.findall(data)), len(data), None)


def isolated(fn: Callable[[], bytes]) -> Figures:
    """One ``timed`` run in a forked child, whose peak resident set is then its own.

    Every run starts from the same parent state (game loaded, fonts registered,
    both sides warmed up), and nothing one run allocates inflates another's
    peak, so the memory figure costs no extra run. Without fork, runs are made
    here and memory is not measured.
    """
    if not hasattr(os, "fork"):
        return timed(fn)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: measure, report through the pipe, never return
        status = 0
        try:
            os.close(read)
            base = _maxrss_mib()
            figures = timed(fn)
            result: object = dataclasses.replace(figures, peak=_maxrss_mib() - base)
        except BaseException:
            result, status = traceback.format_exc(), 1
        with os.fdopen(write, "wb") as pipe:
            pickle.dump(result, pipe)
        os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        result = pickle.load(pipe)
    os.waitpid(pid, 0)
    if isinstance(result, str):
        raise RuntimeError(f"benchmark child failed:\n{result}")
    return result


def best(figures: list[Figures]) -> Figures:
    peaks = [f.peak for f in figures if f.peak is not None]
    fastest = min(figures, key=lambda f: f.seconds)
    return dataclasses.replace(fastest, peak=max(peaks) if peaks else None)


def compare(ours: Callable[[], bytes], theirs: Callable[[], bytes], runs: int):
    """Best of ``runs`` for each side, the sides alternating so drift on a busy
    machine hits both alike."""
    bare_runs, our_runs = [], []
    for _ in range(runs):
        bare_runs.append(isolated(theirs))
        our_runs.append(isolated(ours))
    return best(bare_runs), best(our_runs)


def profile(fn: Callable[[], bytes], top: int = 25) -> None:
    prof = cProfile.Profile()
    prof.runcall(fn)
    stats = pstats.Stats(prof).strip_dirs()
    for key in ("tottime", "cumulative"):
        print(f"\n--- Casebook fronts, cProfile by {key} ---")
        stats.sort_stats(key).print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="runs per side (best is kept)")
    parser.add_argument("--profile", action="store_true", help="cProfile one Casebook run")
    args = parser.parse_args()

    fe = front_end(ROOT / "rulesets" / "liberation", ROOT, "living")
    if fe.game is None:
        sys.exit("rulesets/liberation did not load")
    layout, deck = medaglia(), synthetic_deck()
    game = dataclasses.replace(fe.game, decks=(deck,), layouts=(layout,))
    fonts.register()  # once per process for both sides, outside the timings
    # Both sides under the cycle-collector settings every `casebook` command runs with
    # (cli._tune_gc): a user's build never meets Python's default thresholds, at which the
    # collector walks the fitted cards, which Casebook holds until it draws, again and again.
    _tune_gc()
    sample = dataclasses.replace(deck, cards=deck.cards[:9])
    for variant in ("fronts", "duplex-long"):  # lazy imports and first-use caches, untimed
        casebook(game, sample, layout, variant)
        bare(sample, duplex=variant != "fronts")

    text = next(r for r in layout.front.regions if r.id == "text")
    smaller = 0
    for card in deck.cards:
        context = card_context(game, deck, card, 1)
        subject = region_text.Subject(context, f"card {card.id!r}", game.language, card.at)
        markup = region_text.render_markup(text, context)
        smaller += faces.fit(text, markup, subject).size < text.size
    print(
        f"{N_CARDS} cards, medaglia design, 9-up {PAPER.upper()}, best of {args.runs}; "
        f"Casebook sets {smaller} cards' text below {text.size:g} pt to fit"
    )
    print(
        f"{'variant':28s} {'pages':>6s} {'seconds':>8s} {'pages/s':>8s} "
        f"{'× bare':>7s} {'PDF KiB':>8s} {'peak MiB':>9s}"
    )
    runs = {
        "fronts": (
            lambda: casebook(game, deck, layout, "fronts"),
            lambda: bare(deck, duplex=False),
        ),
        "duplex-long": (
            lambda: casebook(game, deck, layout, "duplex-long"),
            lambda: bare(deck, duplex=True),
        ),
    }
    ratios = {}
    for variant, (ours, theirs) in runs.items():
        base, mine = compare(ours, theirs, args.runs)
        ratios[variant] = mine.seconds / base.seconds
        for name, f in ((f"bare reportlab {variant}", base), (f"casebook {variant}", mine)):
            peak = "–" if f.peak is None else f"{f.peak:.1f}"
            print(
                f"{name:28s} {f.pages:6d} {f.seconds:8.3f} {f.pages / f.seconds:8.1f} "
                f"{f.seconds / base.seconds:7.2f} {f.size / 1024:8.0f} {peak:>9s}"
            )
    for variant, ratio in ratios.items():
        verdict = "meets" if ratio <= TARGET else "misses"
        print(f"casebook {variant}: {ratio:.2f} × bare, {verdict} the target ≤ {TARGET:g} ×")
    if args.profile:
        profile(runs["fronts"][0])


if __name__ == "__main__":
    main()
