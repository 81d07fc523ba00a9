"""The HTML living rules read back with the standard library's parser: every rule
deep-linkable, every link landing, references, cited-by lines, glossary hovers,
errata marks, tables, search index, labels, escaping and determinism."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from compiler.backends import html
from compiler.pipeline import FrontEnd, front_end
from compiler.reference.lookup import RulesReference
from compiler.scaffold import scaffold
from compiler.validate.modelines import expected_modeline
from tests.conftest import ROOT, RULESETS, living

GAMES = ("liberation", "maquis", "plan-vert", "set-europe-ablaze", "war-story-occupied-france")
MINI = ROOT / "tests" / "rulesets" / "mini-case"

HOSTILE_TEXT = "<script>alert(1)</script> {{ 7*7 }} {% if x %} & &amp; </script><!-- x"
HOSTILE_TITLE = '<img src=x onerror="alert(2)"> {{ 7*7 }}'
HOSTILE_MEANING = '"><script>alert(3)</script> {{ 7*7 }} &'


# ------------------------------------------------------------------ helpers
_VOID = {"meta", "link", "input", "br", "img", "hr", "source", "wbr", "area", "col"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)

    def iter(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None) -> list[Node]:
        return [
            n
            for n in self.iter()
            if (tag is None or n.tag == tag)
            and (cls is None or cls in n.attrs.get("class", "").split())
        ]

    def by_id(self, ident: str) -> Node:
        return next(n for n in self.iter() if n.attrs.get("id") == ident)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)


class _TreeBuilder(HTMLParser):
    """A tiny DOM: enough to find elements by id, tag and class, and read their text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(data: bytes) -> Node:
    builder = _TreeBuilder()
    builder.feed(data.decode("utf-8"))
    builder.close()
    return builder.root


@cache
def page_bytes(name: str, edition: str = "living") -> bytes:
    fe = living(name) if edition == "living" else front_end(RULESETS / name, ROOT, edition)
    (out,) = html.build(fe.game, fe.graphs, edition)
    return out.data


@cache
def page(name: str, edition: str = "living") -> Node:
    return parse(page_bytes(name, edition))


def mini_page(edition: str) -> tuple[FrontEnd, Node]:
    fe = front_end(MINI, ROOT, edition)
    (out,) = html.build(fe.game, fe.graphs, edition)
    return fe, parse(out.data)


def hostile_ruleset(root: Path) -> FrontEnd:
    """A tiny game whose text, title and glossary look like HTML and Jinja2."""
    rulesets = root / "rulesets"
    scaffold(rulesets, "hostile", "Hostile")
    folder = rulesets / "hostile"
    rules = {
        "rules": [
            {
                "number": "1.0",
                "level": "chapter",
                "title": HOSTILE_TITLE,
                "body": [HOSTILE_TEXT + " Use XSS as Case 1.1.1 says, not Case 9.9.9."],
                "children": [
                    {
                        "number": "1.1",
                        "level": "section",
                        "title": "Components",
                        "children": [
                            {"number": "1.1.1", "level": "case", "body": ["See Section 1.1."]}
                        ],
                    }
                ],
            }
        ]
    }
    glossary = {"terms": [{"term": "XSS", "meaning": HOSTILE_MEANING, "abbreviation": True}]}
    for rel, kind, data in (
        ("rules/01-introduction.yaml", "rules", rules),
        ("glossary.yaml", "glossary", glossary),
    ):
        path = folder / rel
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        path.write_text(f"{expected_modeline(path, kind)}\n{text}", encoding="utf-8")
    fe = front_end(folder, root, "living")
    assert fe.game is not None, [f.render() for f in fe.findings]
    return fe


# -------------------------------------------------------------------- tests
def test_one_page_per_game_language_and_edition() -> None:
    fe = living("set-europe-ablaze")
    (out,) = html.build(fe.game, fe.graphs, "living")
    assert out.path == "set-europe-ablaze/en/rules-living.html"
    doc = page("set-europe-ablaze")
    (root,) = doc.find_all("html")
    assert root.attrs["lang"] == "en"
    assert doc.find_all("title")[0].text() == "Set Europe Ablaze — living edition"
    viewports = [m for m in doc.find_all("meta") if m.attrs.get("name") == "viewport"]
    assert viewports[0].attrs["content"] == "width=device-width, initial-scale=1"
    assert out.data.startswith(b"<!DOCTYPE html>\n") and out.data.endswith(b"</html>\n")


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_is_deep_linkable_and_every_link_lands(name: str) -> None:
    doc = page(name)
    ids = [n.attrs["id"] for n in doc.iter() if "id" in n.attrs]
    assert len(ids) == len(set(ids)), "element ids are unique"
    addresses = [r.address for r in living(name).game.all_rules()]
    assert set(addresses) <= set(ids)
    rule_ids = [i for i in ids if i in set(addresses)]
    assert rule_ids == addresses, "rules stand in reading order"
    hrefs = [n.attrs["href"] for n in doc.find_all("a")]
    assert hrefs and all(h.startswith("#") for h in hrefs)
    assert {h[1:] for h in hrefs} <= set(ids), "no dead link"


@pytest.mark.parametrize("name", GAMES)
def test_the_page_needs_nothing_from_outside(name: str) -> None:
    doc = page(name)
    for node in doc.iter():
        for attr in ("src", "srcset", "action", "poster", "data"):
            assert attr not in node.attrs, (node.tag, attr)
        if node.tag == "link":
            assert node.attrs == {"rel": "icon", "href": "data:,"}
    scripts = doc.find_all("script")
    assert [s.attrs for s in scripts] == [
        {"type": "application/json", "id": "cb-index", "class": "cb-index"},
        {},
    ]
    (style,) = doc.find_all("style")
    assert "url(" not in style.text() and "@import" not in style.text()
    assert "http" not in style.text() + scripts[1].text()


def test_references_to_rules_are_links_and_gaps_are_marked() -> None:
    fe = living("set-europe-ablaze")
    doc = page("set-europe-ablaze")
    section = doc.by_id("8.6")
    assert "#8.6.9d" in [a.attrs["href"] for a in section.find_all("a", "ref")]
    links = doc.find_all("a", "ref")
    rule_refs = [s for _, s in fe.graphs.references.resolved if s.kind == "rule"]
    assert len(links) == len(rule_refs)
    (gap,) = doc.by_id("4.1.1d").find_all("span", "gap")
    assert gap.attrs["title"].startswith("Not in the source: ")
    assert "14" in gap.attrs["title"] and gap.text() == "14"


def test_unresolved_references_are_marked_never_dead_links() -> None:
    _, doc = mini_page("original")
    (missing,) = [s for s in doc.by_id("1.1.2b").find_all("span", "ref")]
    assert "unresolved" in missing.attrs["class"]
    assert missing.attrs["title"] == "Not found in these rules: Case 9.9.9"
    assert "#9.9.9" not in [a.attrs["href"] for a in doc.find_all("a")]
    unresolved = doc.by_id("2.1.1").find_all("span", "unresolved")
    assert [s.text() for s in unresolved] == ["1.1.3"]  # the source's faulty reference


def test_cited_by_lines_list_the_citing_rules_in_reading_order() -> None:
    fe = living("set-europe-ablaze")
    reference = RulesReference(fe.game, fe.graphs)
    doc = page("set-europe-ablaze")
    checked = 0
    for rule in fe.game.all_rules():
        cited_by = reference.rule(rule.address).cited_by
        element = doc.by_id(rule.address)
        lines = [c for c in element.children if isinstance(c, Node) and c.tag == "p"]
        lines = [p for p in lines if "cited-by" in p.attrs.get("class", "")]
        if not cited_by:
            assert not lines
            continue
        (line,) = lines
        assert [a.attrs["href"][1:] for a in line.find_all("a")] == [a for a, _ in cited_by]
        assert line.text().startswith("Cited by: ")
        checked += 1
    assert checked > 20
    line = doc.by_id("8.6.9d").find_all("p", "cited-by")[0]
    assert "#8.6" in [a.attrs["href"] for a in line.find_all("a")]


def test_cited_by_lists_the_cards_citing_a_rule_linked_to_the_card() -> None:
    _, doc = mini_page("living")
    (line,) = doc.by_id("2.1.1").find_all("p", "cited-by")
    assert [(a.attrs["href"], a.text()) for a in line.find_all("a")] == [
        ("#1.1.1", "1.1.1"),
        ("#card-card-1", "card-1 Ambush"),  # as the card's own heading on the page reads
    ]
    assert doc.by_id("card-card-1").attrs["class"] == "card"


def test_glossary_terms_show_their_meaning_and_the_glossary_links_its_rules() -> None:
    doc = page("set-europe-ablaze")
    (ap,) = [a for a in doc.by_id("8.6.1").find_all("abbr", "term") if a.text() == "AP"]
    assert ap.attrs["title"] == "Action Point"
    entry = doc.by_id("term-ap")
    assert entry.tag == "dt" and entry.text() == "AP"
    glossary = doc.by_id("cb-glossary")
    (dd,) = [d for d in glossary.find_all("dd") if d.text().startswith("Action Point")]
    assert "#4.3" in [a.attrs["href"] for a in dd.find_all("a")]
    italian = page("liberation")
    terms = {t.text(): t.attrs["title"] for t in italian.find_all(cls="term")}
    assert terms["RESISTENZA"]


def test_living_edition_marks_each_change_with_its_erratum() -> None:
    fe = living("set-europe-ablaze")
    doc = page("set-europe-ablaze")
    rules = doc.find_all("article")[0]
    changed = {
        c.erratum
        for r in fe.game.all_rules()
        for b in r.blocks()
        for p in b.paras
        for c in p.changes
    }
    titles = " ".join(i.attrs["title"] for i in rules.find_all("ins"))
    markers = {a.attrs["href"] for s in rules.find_all("sup", "erratum") for a in s.find_all("a")}
    for erratum in changed:
        assert f"Erratum {erratum};" in titles
        assert f"#erratum-{erratum}" in markers
    assert {e.id for e in fe.game.errata} == {
        n.attrs["id"][len("erratum-") :] for n in doc.by_id("cb-errata").find_all("li")
    }
    (e022,) = [i for i in doc.by_id("8.6.2a").find_all("ins")]
    assert e022.attrs["title"].startswith("Erratum E022; the source reads: “unless they")
    assert "#8.3.2" in [a.attrs["href"] for a in e022.find_all("a")]


def test_overlapping_errata_each_name_the_text_they_wrote(tmp_path: Path) -> None:
    game_dir = tmp_path / "rulesets" / "mini-case"
    game_dir.parent.mkdir()
    shutil.copytree(MINI, game_dir)
    (game_dir / "errata.yaml").write_text(
        "errata:\n"
        "  - {id: E1, rule: 2.1.1, old: once per turn, new: twice per turn, why: x.}\n"
        "  - {id: E2, rule: 2.1.1, old: 'per turn, as', new: 'per round, as', why: y.}\n"
    )
    fe = front_end(game_dir, tmp_path, "living")
    (out,) = html.build(fe.game, fe.graphs, "living")
    marks = [(i.text(), i.attrs["title"]) for i in parse(out.data).by_id("2.1.1").find_all("ins")]
    assert marks == [
        ("twice ", "Erratum E1; the source reads: \u201conce per turn\u201d"),
        ("per round, as", "Erratum E2; the source reads: \u201cper turn, as\u201d"),
    ]
    # a name made consistent throughout (E040), inside a sentence E017 rewrote
    titles = {
        i.text(): i.attrs["title"] for i in page("set-europe-ablaze").by_id("7.5.4").find_all("ins")
    }
    assert titles["Game Turn"] == "Erratum E040; the source reads: \u201cgame turn\u201d"


def test_original_edition_marks_no_change() -> None:
    doc = page("set-europe-ablaze", "original")
    assert not doc.find_all("article")[0].find_all("ins")
    assert doc.find_all("title")[0].text() == "Set Europe Ablaze — original edition"
    assert doc.by_id("cb-errata").find_all("h2")[0].text().startswith("Errata (not applied")


def test_tables_are_html_tables_with_their_verbatim_cells() -> None:
    game = living("plan-vert").game
    doc = page("plan-vert")
    for table in game.tables:
        if not table.rows:
            continue
        figure = doc.by_id(f"table-{table.id}")
        (element,) = figure.find_all("table")
        heads = [th.text() for th in element.find_all("th")]
        if any(c.label for c in table.columns):
            assert heads == [c.label for c in table.columns]
        rows = [[td.text() for td in tr.find_all("td")] for tr in element.find_all("tr")]
        assert [r for r in rows if r] == [list(row) for row in table.rows]
    assert doc.by_id("table-german-items") in doc.by_id("german-items").iter()


def test_contents_links_every_top_rule_and_the_back_matter() -> None:
    game = living("set-europe-ablaze").game
    nav = page("set-europe-ablaze").by_id("cb-contents")
    hrefs = [a.attrs["href"][1:] for a in nav.find_all("a")]
    assert [h for h in hrefs if h in {r.address for r in game.rules}] == [
        r.address for r in game.rules
    ]
    assert "8.6" in hrefs and "8.6.5" not in hrefs
    assert {"cb-glossary", "cb-errata", "cb-gaps"} <= set(hrefs)


def test_italian_rules_get_italian_labels() -> None:
    doc = page("liberation")
    assert doc.find_all("html")[0].attrs["lang"] == "it"
    assert doc.find_all("title")[0].text() == "Liberation — edizione aggiornata"
    assert doc.by_id("cb-contents").find_all("h2")[0].text() == "Sommario"
    assert doc.by_id("cb-glossary").find_all("h2")[0].text() == "Glossario"
    assert doc.by_id("cb-q").attrs["placeholder"] == "Cerca…"
    assert doc.by_id("cb-results").attrs["data-none"] == "Nessuna regola o carta trovata"
    # a game with no cards on its page says what its search looks through: rules
    plain = page("set-europe-ablaze").by_id("cb-results").attrs["data-none"]
    assert plain == "No rule found"
    assert "errata applicati" in doc.by_id("cb-top").text()


def test_search_index_holds_every_rule_folded_and_safe_in_its_script() -> None:
    doc = page("set-europe-ablaze")
    raw = doc.by_id("cb-index").text()
    assert "<" not in raw and ">" not in raw and "&" not in raw
    rows = json.loads(raw)
    game = living("set-europe-ablaze").game
    assert [r[0] for r in rows] == [r.address for r in game.all_rules()]
    row = next(r for r in rows if r[0] == "8.6.5")
    assert row[1] == "8.6.5 Step 5: Meeting the Check Number"
    assert row[3] == "step 5 meeting the check number"
    assert rows[row[2]][0] == "8.6"
    assert "check" in row[4].split()
    lettered = next(r for r in rows if r[0] == "8.6.9d")
    assert lettered[1] == "8.6.9d" and lettered[5].startswith("The Maquis player may")
    italian = json.loads(page("liberation").by_id("cb-index").text())
    (campaign,) = [r for r in italian if r[0] == "gioco-in-modalita-campagna"]
    assert campaign[3] == "gioco in modalita campagna"
    assert html.fold("MODALITÀ dell’Occupante") == "modalita dell'occupante"
    # after the rules, every card the page shows, by its wording and printed fields
    cards = [r for r in italian if r[0].startswith("card-")]
    decks = living("liberation").game.decks
    assert len(cards) == sum(len(d.cards) for d in decks)
    medal = next(r for r in cards if r[0] == "card-medaglia-1-01")
    assert medal[1] == "Carte MEDAGLIA › Fuga verso la zona sud" and medal[2] == -1
    assert {"missioni", "ordine", "museo"} <= set(medal[4].split())  # text, then scenario field
    assert medal[5].startswith("Le missioni devono essere completate")
    ids = {a.attrs.get("id") for a in page("liberation").find_all("div", "card")}
    assert {r[0] for r in cards} <= ids


def test_rule_text_that_looks_like_markup_is_shown_as_written(tmp_path: Path) -> None:
    fe = hostile_ruleset(tmp_path)
    (out,) = html.build(fe.game, fe.graphs, "living")
    doc = parse(out.data)
    rule = doc.by_id("1.0")
    assert rule.find_all("h2")[0].text() == "1.0 " + HOSTILE_TITLE
    text = rule.find_all("p")[0]
    assert text.text().startswith(HOSTILE_TEXT + " Use XSS")
    assert b"&lt;script&gt;alert(1)&lt;/script&gt; {{ 7*7 }} {% if x %} &amp; &amp;amp;" in out.data
    assert b"49" not in out.data
    assert not doc.find_all("img")
    assert len(doc.find_all("script")) == 2
    (term,) = text.find_all("abbr", "term")
    assert term.attrs["title"] == HOSTILE_MEANING
    assert [a.attrs["href"] for a in text.find_all("a", "ref")] == ["#1.1.1"]
    assert [s.text() for s in text.find_all("span", "unresolved")] == ["9.9.9"]
    rows = json.loads(doc.by_id("cb-index").text())
    assert rows[0][1] == "1.0 " + HOSTILE_TITLE


def test_same_input_gives_the_same_bytes() -> None:
    fe = living("set-europe-ablaze")
    first = html.render(fe.game, fe.graphs, "living")
    assert first == html.render(fe.game, fe.graphs, "living")
    assert first == page_bytes("set-europe-ablaze")


def test_same_bytes_whatever_the_hash_seed() -> None:
    """Set and dict order must never reach the page: two fresh processes agree."""
    script = (
        "import hashlib, sys\n"
        "from pathlib import Path\n"
        "from compiler.backends import html\n"
        "from compiler.pipeline import front_end\n"
        f"fe = front_end(Path({str(MINI)!r}), Path({str(ROOT)!r}), 'living')\n"
        "(out,) = html.build(fe.game, fe.graphs, 'living')\n"
        "print(hashlib.sha256(out.data).hexdigest())\n"
    )
    digests = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr
        digests.add(result.stdout.strip())
    fe, _ = mini_page("living")
    (out,) = html.build(fe.game, fe.graphs, "living")
    assert digests == {hashlib.sha256(out.data).hexdigest()}


def test_a_rule_longer_than_any_card_is_on_the_page(tmp_path: Path) -> None:
    """The page's template is Casebook's own: the bounds a layout author's card
    template has (a value of at most 100,000 characters) stopped the build of a game
    with a 150,000-character rule as an internal error (jinja2 SecurityError)."""
    game = tmp_path / "mini-case"
    shutil.copytree(MINI, game)
    rules = game / "rules" / "01-play.yaml"
    # no references in it: the reference patterns' 1 s bound is for a paragraph,
    # and a loaded CI machine took that long over 5,200 of them
    long = "Read every rule before play. " * 4000  # 116,000 characters
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("      - Read Module 2.0 before play.", f"      - {long}"))
    fe = front_end(game, tmp_path, "original")
    assert fe.game is not None, [f.render() for f in fe.findings]
    (out,) = html.build(fe.game, fe.graphs, "original")
    assert out.data.count(b"Read every rule before play.") == 4000


@pytest.mark.parametrize(("lang", "direction"), [("he", "rtl"), ("ar", "rtl"), ("en", "ltr")])
def test_the_page_says_which_way_its_language_is_written(lang: str, direction: str) -> None:
    """Found by a probe: a Hebrew translation's page said lang="he" and nothing of its
    direction, so the browser set it left to right."""
    from dataclasses import replace

    fe = living("maquis")
    game = replace(fe.game, language=lang)
    page = html.render(game, fe.graphs, "living").decode("utf-8")
    assert f'<html lang="{lang}" dir="{direction}">' in page


def test_rules_named_like_the_pages_own_elements_keep_their_ids_and_the_page_works(
    tmp_path: Path,
) -> None:
    """Found by a probe: a rule with the id cb-index or table-german-items (both valid)
    gave the page two elements of one id; with cb-index the search script read the
    rule's text as its index and stopped, and the contents' Errata link found a rule.
    A rule keeps its address as its id (deep links); the page's own ids give way."""
    game = tmp_path / "plan-vert"
    shutil.copytree(RULESETS / "plan-vert", game)
    extra = game / "rules" / "18-clash.yaml"
    rules = [
        {"id": name, "level": "section", "title": f"Clash {name}", "body": [f"Named {name}."]}
        for name in ("cb-index", "cb-errata", "table-german-items", "cb-contents")
    ]
    extra.write_text(
        expected_modeline(extra, "rules") + "\n" + yaml.safe_dump({"rules": rules}),
        encoding="utf-8",
    )
    fe = front_end(game, tmp_path, "living")
    assert fe.game is not None, [f.render() for f in fe.findings]
    (out,) = html.build(fe.game, fe.graphs, "living")
    doc = parse(out.data)
    ids = [n.attrs["id"] for n in doc.iter() if "id" in n.attrs]
    assert len(ids) == len(set(ids))
    for name in ("cb-index", "cb-errata", "table-german-items", "cb-contents"):
        assert "rule" in doc.by_id(name).attrs["class"].split()
    (index,) = doc.find_all("script", "cb-index")
    assert json.loads(index.text())  # the search's own index, not the rule's text
    assert index.attrs["id"] == "_cb-index"
    table = doc.by_id("_table-german-items")
    assert table.tag == "figure"
    nav = doc.find_all("nav", "cb-contents")[0]
    errata = [a for a in nav.find_all("a") if a.text().startswith("Errata applied")]
    assert [a.attrs["href"] for a in errata] == ["#_cb-errata"]
    assert doc.by_id("_cb-errata").tag == "section"


def test_the_errata_list_speaks_the_pages_language_and_names_rules_by_heading() -> None:
    """Found by a probe: the Italian page listed "(carta-wehrmacht, typo)" under an Italian
    heading, and Set Europe Ablaze's erratum on every occurrence as "(*, wording)"."""
    italian = page_bytes("liberation").decode("utf-8")
    assert (
        '<li id="erratum-E017"><b>E017</b> (<a href="#carta-wehrmacht">Carta WEHRMACHT</a>, '
        "titolo, refuso)"
    ) in italian
    assert ", typo)" not in italian and ", wording)" not in italian
    # a corrected title's tooltip gives the source's own title, as a corrected text does
    assert '<ins title="Erratum E017; la fonte dice: “Carto WEHRMACHT”">Carta WEHRMACHT</ins>' in (
        italian
    )
    english = page_bytes("set-europe-ablaze").decode("utf-8")
    assert "<b>E040</b> (every occurrence, wording)" in english
    assert '(<a href="#2.4.4">2.4.4 Damage Point Markers</a>, typo)' in english


def test_a_translations_untranslated_strings_say_their_language(tmp_path: Path) -> None:
    """Found by a translator's probe: the English page (lang="en") printed a fuzzy
    string in Italian with nothing to say so, for screen readers and hyphenation."""
    import polib

    from compiler.l10n.localise import catalog_path

    shutil.copytree(RULESETS / "liberation", tmp_path / "liberation")
    path = catalog_path(tmp_path / "liberation", "en")
    po = polib.pofile(str(path))
    entry = next(e for e in po if e.msgid == "Ogni scenario può essere giocato separatamente.")
    entry.flags.append("fuzzy")
    po.save(str(path))
    fe = front_end(tmp_path / "liberation", tmp_path, "living", "en")
    assert fe.game is not None and fe.graphs is not None, fe.findings
    text = html.render(fe.game, fe.graphs, "living").decode("utf-8")
    assert '<span lang="it">Ogni scenario può essere giocato separatamente.</span>' in text
    assert text.count('lang="it"') == 1  # the rest is translated: English, as the page says
    stock = page_bytes("liberation").decode("utf-8")  # the Italian page: its own language
    assert 'lang="it"' in stock[:300] and "<span lang=" not in stock


def test_a_paragraph_book_is_on_the_page_each_turn_to_a_link_to_its_entry() -> None:
    """War Story's demonstration mission was in the rulebook and not on the page: a
    player reading the HTML could not play it. Each entry now has its number as an id,
    each "Turn to entry N" links to it, and the book is in the contents, marked as
    written for Casebook."""
    import re

    fe = living("war-story-occupied-france")
    assert fe.game is not None and fe.graphs is not None
    page = html.render(fe.game, fe.graphs, "living").decode("utf-8")
    (book,) = fe.game.books
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    entries = {f"entry-{book.id}-{e.number}" for e in book.entries}
    assert entries <= ids
    turns = [step.value for e in book.entries for step in e.steps() if step.action == "turn_to"]
    links = re.findall(r'entry <a class="ref" href="#(entry-[^"]+)">(\d+)</a>', page)
    assert len(links) == len(turns) and turns
    assert all(target == f"entry-{book.id}-{n}" and target in ids for target, n in links)
    title = f"{book.title} (written for Casebook, not the publisher&#39;s text)"
    assert f'<li><a href="#book-{book.id}">{title}</a></li>' in page
    assert f"<h2>{title}</h2>" in page
    assert "<caption>CHECK highest Influence</caption>" in page
