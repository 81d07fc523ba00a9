"""The translator's workflow through the real CLI: extract, update, import, status.

A copy of the mini-case game (English) gets a French catalog; each test does
what a translator or an editor would do and reads the files written.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from compiler.l10n.localise import catalog_path
from compiler.pipeline import front_end
from tests.conftest import copy_mini_case, run_casebook


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return copy_mini_case(tmp_path)


def _cli(game: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_casebook(*args, "--rulesets", str(game.parent))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture changed: {old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _po(game: Path) -> polib.POFile:
    return polib.pofile(str(catalog_path(game, "fr")))


def _translate(game: Path, table: dict[str, str]) -> None:
    po = _po(game)
    for entry in po:
        if entry.msgid in table:
            entry.msgstr = table[entry.msgid]
    po.save(str(catalog_path(game, "fr")))


def test_extract_writes_a_template_msgfmt_accepts(game: Path) -> None:
    result = _cli(game, "l10n", "extract", "mini-case")
    assert result.returncode == 0, result.stderr
    pot = game / "l10n" / "mini-case.pot"
    entries = polib.pofile(str(pot))
    contexts = [e.msgctxt for e in entries]
    assert len(contexts) == len(set(contexts)), "msgctxt must be unique"
    assert "rule:1.1.1:body.0" in contexts
    turn = next(e for e in entries if e.msgctxt == "rule:1.1.1:body.0")
    assert turn.msgid == "Each turn has two phases (Cases 1.1.2 and 2.1.1)."
    assert turn.occurrences == [("rulesets/mini-case/rules/01-play.yaml", "16")]
    assert "rule 1.1.1" in turn.comment
    check = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(pot)], capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr


def test_update_writes_a_catalog_msgfmt_accepts_with_no_warning(game: Path) -> None:
    result = _cli(game, "l10n", "update", "mini-case", "fr")
    assert result.returncode == 0, result.stderr
    assert "new" in result.stdout
    path = catalog_path(game, "fr")
    check = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True
    )
    assert check.returncode == 0 and check.stderr == "", check.stderr
    again = _cli(game, "l10n", "update", "mini-case", "fr")
    assert "(no change)" in again.stdout, "a second update must not rewrite the catalog"


def test_ids_survive_renumbering_when_the_rule_keeps_its_id(game: Path) -> None:
    rules = game / "rules" / "01-play.yaml"
    _edit(rules, '      - number: "1.1"\n', '      - number: "1.1"\n        id: turns\n')
    _cli(game, "l10n", "update", "mini-case", "fr")
    _translate(game, {"Turns": "Tours"})
    _edit(rules, '      - number: "1.1"\n', '      - number: "1.4"\n')
    _edit(rules, "Cases 1.1.2 and 2.1.1", "Cases 1.4.2 and 2.1.1")
    result = _cli(game, "l10n", "update", "mini-case", "fr")
    assert result.returncode == 0, result.stderr
    entry = next(e for e in _po(game) if e.msgctxt == "rule:turns:title")
    assert (entry.msgstr, entry.flags) == ("Tours", [])


def test_a_changed_source_keeps_the_translation_as_outdated_with_the_old_text(
    game: Path,
) -> None:
    _cli(game, "l10n", "update", "mini-case", "fr")
    _translate(game, {"Draw from the top.": "Piochez sur le dessus."})
    _edit(game / "rules" / "01-play.yaml", "Draw from the top.", "Draw from the bottom.")

    lint = _cli(game, "lint", "mini-case", "--lang", "fr", "--select", "L10N003")
    assert "L10N003 outdated (fr)" in lint.stdout
    assert '"top." -> "bottom."' in lint.stdout
    assert "rulesets/mini-case/l10n/fr.po:" in lint.stdout

    _cli(game, "l10n", "update", "mini-case", "fr")
    entry = next(e for e in _po(game) if e.msgid == "Draw from the bottom.")
    assert entry.msgstr == "Piochez sur le dessus."
    assert entry.flags == ["fuzzy"]
    assert entry.previous_msgid == "Draw from the top."
    text = catalog_path(game, "fr").read_text(encoding="utf-8")
    assert '#| msgid "Draw from the top."' in text
    lint = _cli(game, "lint", "mini-case", "--lang", "fr", "--select", "L10N003")
    assert "L10N003 outdated (fr)" in lint.stdout, "still outdated until a translator revises it"


def test_a_removed_string_becomes_obsolete_and_keeps_its_translation(game: Path) -> None:
    _cli(game, "l10n", "update", "mini-case", "fr")
    _translate(game, {"Draw from the top.": "Piochez sur le dessus."})
    _edit(
        game / "rules" / "01-play.yaml", "- Draw from the top.", '- {kind: heading, text: "Top:"}'
    )
    result = _cli(game, "l10n", "update", "mini-case", "fr")
    assert result.returncode == 0, result.stderr
    assert "1 obsolete" in result.stdout and "1 new" in result.stdout
    obsolete = [e for e in _po(game) if e.obsolete]
    assert [(e.msgid, e.msgstr) for e in obsolete] == [
        ("Draw from the top.", "Piochez sur le dessus.")
    ]


def test_a_string_that_comes_back_takes_up_its_own_translation_again(game: Path) -> None:
    """Found by a probe: a deletion reverted left the unit's #~ entry beside its new live
    one, a catalog every later update, status and build refused (L10N100, the entry
    twice), and the unit came back fuzzy though its own translation was current."""
    rules = game / "rules" / "01-play.yaml"
    original = rules.read_text(encoding="utf-8")
    _cli(game, "l10n", "update", "mini-case", "fr")
    _translate(game, {"Draw from the top.": "Piochez sur le dessus."})
    _edit(rules, "- Draw from the top.", '- {kind: heading, text: "Top:"}')
    assert _cli(game, "l10n", "update", "mini-case", "fr").returncode == 0
    rules.write_text(original, encoding="utf-8")  # the deletion reverted
    for _ in range(2):  # the catalog written must read back
        result = _cli(game, "l10n", "update", "mini-case", "fr")
        assert result.returncode == 0, result.stderr
    entries = [e for e in _po(game) if e.msgid == "Draw from the top."]
    assert [(e.obsolete, e.msgstr, e.fuzzy) for e in entries] == [
        (0, "Piochez sur le dessus.", False)
    ]


def test_a_paragraph_moved_and_reworded_brings_its_translation_as_a_suggestion(
    game: Path,
) -> None:
    """A unit that vanished under one id and came back under another with its text a
    little changed (a renumbering) keeps its translation, fuzzy, with the text it was
    made from: the closest vanished entry, found by text similarity."""
    rules = game / "rules" / "01-play.yaml"
    _cli(game, "l10n", "update", "mini-case", "fr")
    shuffle = "Shuffle when the deck is empty (Case 9.9.9)."
    _translate(game, {shuffle: "Mélangez quand la pioche est vide (Case 9.9.9)."})
    _edit(rules, "- number: b\n", "- number: c\n")  # a renumbered item: its unit's id moves
    _edit(rules, shuffle, "Shuffle when the deck is empty (Case 9.9.8).")
    result = _cli(game, "l10n", "update", "mini-case", "fr")
    assert result.returncode == 0, result.stderr
    assert "1 new with a fuzzy suggestion" in result.stdout
    (moved,) = [e for e in _po(game) if e.msgid.startswith("Shuffle when") and not e.obsolete]
    assert moved.fuzzy and moved.msgstr == "Mélangez quand la pioche est vide (Case 9.9.9)."
    assert moved.previous_msgid == shuffle


def test_a_text_moved_to_an_id_that_held_another_follows_its_own_translation(
    game: Path,
) -> None:
    """An item put in first renumbers those after it: the id that held "Draw from the
    top." now holds the shuffle rule, its citation renumbered too. Each text gets the
    translation made from it, not the one made for the text its id held: current where
    the text is the very one translated, fuzzy where its numbers changed."""
    rules = game / "rules" / "01-play.yaml"
    _cli(game, "l10n", "update", "mini-case", "fr")
    shuffle = "Shuffle when the deck is empty (Case 9.9.9)."
    _translate(
        game,
        {
            "Draw from the top.": "Piochez sur le dessus.",
            shuffle: "Mélangez quand la pioche est vide (Case 9.9.9).",
        },
    )
    _edit(rules, "- number: b\n", "- number: c\n")
    _edit(rules, "- number: a\n", "- number: b\n")
    _edit(
        rules,
        "            children:\n              - number: b\n",
        "            children:\n              - number: a\n                level: item\n"
        "                body:\n                  - Cut the deck first.\n"
        "              - number: b\n",
    )
    _edit(rules, shuffle, "Shuffle when the deck is empty (Case 9.9.8).")
    result = _cli(game, "l10n", "update", "mini-case", "fr")
    assert result.returncode == 0, result.stderr
    live = {e.msgid: e for e in _po(game) if not e.obsolete}
    top = live["Draw from the top."]  # at the id that held "Shuffle…"
    assert (top.msgstr, top.fuzzy) == ("Piochez sur le dessus.", False)
    moved = live["Shuffle when the deck is empty (Case 9.9.8)."]  # at a new id
    assert moved.msgstr == "Mélangez quand la pioche est vide (Case 9.9.9)."
    assert moved.fuzzy and moved.previous_msgid == shuffle
    assert not [e for e in _po(game) if e.obsolete and e.msgstr]  # no translation lost


def test_import_brings_translations_in_and_round_trips_losslessly(
    game: Path, tmp_path: Path
) -> None:
    _cli(game, "l10n", "update", "mini-case", "fr")
    work = tmp_path / "from-translator.po"
    shutil.copy(catalog_path(game, "fr"), work)
    po = polib.pofile(str(work))
    for entry in po:
        entry.msgstr = f"[fr] {entry.msgid}"
    po.metadata["Last-Translator"] = "Anne Traductrice <anne@example.org>"
    po.save(str(work))

    result = _cli(game, "l10n", "import", "mini-case", "fr", str(work))
    assert result.returncode == 0, result.stderr
    stored = catalog_path(game, "fr").read_bytes()
    assert all(e.msgstr.startswith("[fr] ") for e in _po(game) if not e.obsolete)
    assert _po(game).metadata["Last-Translator"] == "Anne Traductrice <anne@example.org>"

    shutil.copy(catalog_path(game, "fr"), work)  # export what is stored, import it back
    again = _cli(game, "l10n", "import", "mini-case", "fr", str(work))
    assert again.returncode == 0, again.stderr
    assert catalog_path(game, "fr").read_bytes() == stored, "a round trip changes nothing"
    assert polib.pofile(str(work)).__unicode__() == stored.decode("utf-8")


def test_import_refuses_another_games_catalog_and_changes_nothing(
    game: Path, tmp_path: Path
) -> None:
    _cli(game, "l10n", "update", "mini-case", "fr")
    before = catalog_path(game, "fr").read_bytes()
    work = tmp_path / "stray.po"
    po = polib.POFile()
    po.metadata = {"Language": "fr", "Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgctxt="rule:99.9:body.0", msgid="Nope.", msgstr="Non."))
    po.save(str(work))
    result = _cli(game, "l10n", "import", "mini-case", "fr", str(work))
    assert result.returncode == 2
    assert f"{work}:" in result.stderr
    assert "no entry of this catalog is a unit of mini-case" in result.stderr
    assert "nothing imported" in result.stderr
    assert catalog_path(game, "fr").read_bytes() == before


def test_import_keeps_an_entry_the_source_lost_as_obsolete(game: Path, tmp_path: Path) -> None:
    _cli(game, "l10n", "update", "mini-case", "fr")
    work = tmp_path / "older.po"
    po = polib.pofile(str(catalog_path(game, "fr")))
    for entry in po:
        entry.msgstr = "x"
    po.append(polib.POEntry(msgctxt="rule:99.9:body.0", msgid="Gone.", msgstr="Parti."))
    po.save(str(work))
    result = _cli(game, "l10n", "import", "mini-case", "fr", str(work))
    assert result.returncode == 0, result.stderr
    assert "L10N102 entry 'rule:99.9:body.0' is not a unit of mini-case any more" in result.stderr
    assert [(e.msgid, e.msgstr) for e in _po(game) if e.obsolete] == [("Gone.", "Parti.")]


def test_import_of_a_broken_po_file_is_a_located_error(game: Path, tmp_path: Path) -> None:
    _cli(game, "l10n", "update", "mini-case", "fr")
    work = tmp_path / "broken.po"
    work.write_text('msgid ""\nmsgstr ""\n\nmsgctxt "a"\nmsgstr "x"\nmsgid "y"\n', encoding="utf-8")
    result = _cli(game, "l10n", "import", "mini-case", "fr", str(work))
    assert result.returncode == 2
    assert f"{work}:5:1: error: L10N100 not a valid PO file" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_model_reads_the_translation_and_falls_back_to_the_source(game: Path) -> None:
    _cli(game, "l10n", "update", "mini-case", "fr")
    _translate(game, {"Draw from the top.": "Piochez sur le dessus.", "PLAY": "JEU"})
    fe = front_end(game, game.parent.parent, "living", "fr")
    assert fe.game is not None, [f.render() for f in fe.findings]
    assert fe.game.language == "fr"
    rules = {r.address: r for r in fe.game.all_rules()}
    assert rules["1.0"].title == "JEU"
    assert rules["1.1.2a"].body[0].paras[0].text == "Piochez sur le dessus."
    assert rules["1.1.1"].body[0].paras[0].text.startswith("Each turn"), "untranslated: source"
    counts = fe.game.l10n.counts()
    assert counts["translated"][0] == 2
    assert counts["untranslated"][0] == len(fe.game.l10n.units) - 2


def test_status_reports_strings_and_words_by_state(game: Path) -> None:
    _cli(game, "l10n", "update", "mini-case", "fr")
    _translate(game, {"Draw from the top.": "Piochez sur le dessus."})
    result = _cli(game, "l10n", "status", "mini-case")
    assert result.returncode == 0, result.stderr
    assert "mini-case fr" in result.stdout
    assert "translated" in result.stdout and "untranslated" in result.stdout
    line = next(x for x in result.stdout.splitlines() if x.strip().startswith("translated"))
    assert line.split()[1:3] == ["1", "4"], line  # 1 string, 4 words


def test_a_po_file_with_an_entry_twice_is_refused_at_the_second(game: Path, tmp_path: Path) -> None:
    _cli(game, "l10n", "update", "mini-case", "fr")
    work = tmp_path / "twice.po"
    work.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        'msgctxt "a"\nmsgid "x"\nmsgstr "y"\n\nmsgctxt "a"\nmsgid "x"\nmsgstr "z"\n',
        encoding="utf-8",
    )
    result = _cli(game, "l10n", "import", "mini-case", "fr", str(work))
    assert result.returncode == 2
    assert (
        f"{work}:9:1: error: L10N100 not a valid PO file: the entry 'a' appears twice"
        in result.stderr
    )
    assert "Traceback" not in result.stderr


def test_a_folder_where_the_catalog_goes_is_a_located_error_not_a_crash(game: Path) -> None:
    """Found by the adversarial hunt: os.replace onto a folder was an internal error."""
    catalog_path(game, "fr").mkdir(parents=True)
    result = _cli(game, "l10n", "update", "mini-case", "fr")
    assert result.returncode == 2, result.stderr
    assert (
        "l10n/fr.po:1:1: error: LOAD009 expected a catalog file here, found a folder"
        in result.stderr
    )
    assert "internal error" not in result.stderr
    assert catalog_path(game, "fr").is_dir() and not list(catalog_path(game, "fr").iterdir())


_HEADER = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n'


@pytest.mark.parametrize(
    ("body", "says"),
    [
        pytest.param(
            '\nmsgctxt "a"\nmsgid "x"\nmsgstr "Ciao\n',
            ":7:8: error: L10N100 not a valid PO file: a quoted string is not closed on its line",
            id="an unclosed quote (polib dropped the last letter)",
        ),
        pytest.param(
            '\nmsgctxt "a"\nmsgid "x"\nmsgstr "Ci\x01ao"\n',
            ":7:11: error: L10N100 catalog holds the control character U+0001",
            id="a control character",
        ),
        pytest.param(
            '\nmsgctxt "a"\nmsgid "x"\nmsgstr "Ci\u202eao"\n',
            ":7:11: error: L10N100 catalog holds the bidirectional control U+202E "
            "(RIGHT-TO-LEFT OVERRIDE), which reorders how the text around it is shown",
            id="a bidirectional override (it showed the translation backwards)",
        ),
        pytest.param(
            '\nmsgctxt "a"\nmsgid "x"\nmsgstr "Ci\\u202eao"\n',
            ":7:11: error: L10N100 the escape '\\u' is not read: msgfmt refuses it",
            id="an escape msgfmt refuses (it was printed as written)",
        ),
        pytest.param(
            '\nmsgctxt "a"\nmsgid "x"\n# a \\u note is no string\nmsgstr "\\342\\200\\256"\n',
            ":8:9: error: L10N100 the escape '\\342' is not read: msgfmt reads it as a byte",
            id="an octal escape msgfmt reads as a byte (it was printed as written)",
        ),
        pytest.param(
            '"Plural-Forms: nplurals=junk;\\n"\n',
            ":4:1: error: L10N100 the Plural-Forms header 'nplurals=junk;' is not",
            id="a junk Plural-Forms header",
        ),
        pytest.param(
            '\nmsgctxt "a"\nmsgid "x"\nmsgid_plural "xs"\nmsgstr[0] "y"\nmsgstr[7] "z"\n',
            ":5:1: error: L10N100 the entry 'a' has plural forms",
            id="plural forms, which no unit has",
        ),
    ],
)
def test_po_faults_polib_lets_through_are_refused_where_they_are(
    game: Path, tmp_path: Path, body: str, says: str
) -> None:
    """Found by the hunt; msgfmt --check refuses each of these too."""
    _cli(game, "l10n", "update", "mini-case", "fr")
    before = catalog_path(game, "fr").read_bytes()
    work = tmp_path / "faulty.po"
    work.write_text(_HEADER + body, encoding="utf-8")
    result = _cli(game, "l10n", "import", "mini-case", "fr", str(work))
    assert result.returncode == 2
    assert f"{work}{says}" in result.stderr
    assert "Traceback" not in result.stderr
    assert catalog_path(game, "fr").read_bytes() == before


def test_an_obsolete_plural_entry_is_kept_and_stops_nothing(game: Path) -> None:
    """Found by a probe: a #~ plural entry, which msgmerge keeps and no command reads,
    stopped lint and update with "translate it with one msgstr"."""
    _cli(game, "l10n", "update", "mini-case", "fr")
    path = catalog_path(game, "fr")
    old = '#~ msgid "one old"\n#~ msgid_plural "many old"\n#~ msgstr[0] "un"\n#~ msgstr[1] "des"\n'
    path.write_text(path.read_text(encoding="utf-8") + "\n" + old, encoding="utf-8")
    assert _cli(game, "lint", "mini-case").returncode != 2
    done = _cli(game, "l10n", "update", "mini-case", "fr")
    assert done.returncode == 0, done.stderr
    assert path.read_text(encoding="utf-8").endswith(old)


def test_an_unclosed_quote_in_the_catalog_itself_stops_update_rewriting_it(game: Path) -> None:
    """`l10n update` used to write the text back one letter short."""
    _cli(game, "l10n", "update", "mini-case", "fr")
    path = catalog_path(game, "fr")
    text = path.read_text(encoding="utf-8")
    broken = text.replace('msgstr ""\n\n', 'msgstr "Piochez\n\n', 1)
    assert broken != text
    path.write_text(broken, encoding="utf-8")
    result = _cli(game, "l10n", "update", "mini-case", "fr")
    assert result.returncode == 2
    assert "a quoted string is not closed on its line" in result.stderr
    assert path.read_text(encoding="utf-8") == broken


@pytest.mark.parametrize(("header", "lang"), [("pt_BR", "pt-BR"), ("sr@latin", "sr-Latn")])
def test_a_catalog_whose_header_names_its_language_the_gettext_way_imports(
    game: Path, tmp_path: Path, header: str, lang: str
) -> None:
    """Found by a probe: Poedit, Weblate and msginit write Language: pt_BR (sr@latin);
    import refused it for pt-BR and suggested a LANG the command line refuses."""
    assert _cli(game, "l10n", "update", "mini-case", lang).returncode == 0
    theirs = tmp_path / "theirs.po"
    po = polib.pofile(str(catalog_path(game, lang)))
    po.metadata["Language"] = header
    po.save(str(theirs))
    result = _cli(game, "l10n", "import", "mini-case", lang, str(theirs))
    assert result.returncode == 0, result.stderr
    po.metadata["Language"] = "it"
    po.save(str(theirs))
    refused = _cli(game, "l10n", "import", "mini-case", lang, str(theirs))
    assert refused.returncode == 2 and f"this catalog is for language 'it', not {lang!r}" in (
        refused.stderr
    )


def test_an_erratum_on_a_translated_text_makes_its_translation_fuzzy(game: Path) -> None:
    """Found by a translator's probe: an erratum added to a rule already translated left
    the entry current (only its #. comment changed), so the translation printed the
    uncorrected meaning and the book listed the correction as one it carries. The text
    is the same, so no #| msgid: the erratum in the entry's comment says what changed."""
    _cli(game, "l10n", "update", "mini-case", "fr")
    _translate(game, {"Draw two cards, then see Case 1.1.2b and Card no. 3.": "Piochez deux."})
    errata = game / "errata.yaml"
    errata.write_text(
        errata.read_text(encoding="utf-8")
        + "  - id: E9\n    rule: 1.1.2\n    old: two cards\n    new: three cards\n"
        + "    kind: rule\n    why: A probe's correction.\n",
        encoding="utf-8",
    )
    result = _cli(game, "l10n", "update", "mini-case", "fr")
    assert result.returncode == 0, result.stderr
    assert "1 changed in the source" in result.stdout + result.stderr
    (drawn,) = [e for e in _po(game) if e.msgid.startswith("Draw two cards")]
    assert drawn.fuzzy and drawn.msgstr == "Piochez deux." and drawn.previous_msgid is None
    assert "erratum E9" in drawn.comment
    again = _cli(game, "l10n", "update", "mini-case", "fr")  # nothing new: nothing changes
    assert "0 changed in the source" in again.stdout + again.stderr
    # the translator confirms it; rewording the erratum's reason changes no meaning
    po = _po(game)
    (drawn,) = [e for e in po if e.msgid.startswith("Draw two cards")]
    drawn.msgstr, drawn.flags = "Piochez trois cartes.", []
    po.save(str(catalog_path(game, "fr")))
    _edit(errata, "why: A probe's correction.", "why: Reworded, the same correction.")
    _cli(game, "l10n", "update", "mini-case", "fr")
    (drawn,) = [e for e in _po(game) if e.msgid.startswith("Draw two cards")]
    assert not drawn.fuzzy and "Reworded" in drawn.comment


def test_a_paragraph_put_in_above_others_leaves_their_translations_current(game: Path) -> None:
    """Found by a translator's probe: a paragraph put in first shifts the ids of those
    after it (body.0 -> body.1), and each was made fuzzy with a #| msgid equal to its
    msgid, printing in the source language; the new one was offered its neighbour's
    translation as "changed in the source". The texts did not change: they stay current,
    and the new one is new."""
    rules = game / "rules" / "01-play.yaml"
    _cli(game, "l10n", "update", "mini-case", "fr")
    _translate(game, {"Read Module 2.0 before play.": "Lisez le module 2.0 avant de jouer."})
    _edit(
        rules,
        "    body:\n      - Read Module 2.0 before play.\n",
        "    body:\n      - A new first paragraph.\n      - Read Module 2.0 before play.\n",
    )
    result = _cli(game, "l10n", "update", "mini-case", "fr")
    assert result.returncode == 0, result.stderr
    assert "0 changed in the source" in result.stdout + result.stderr
    live = {e.msgid: e for e in _po(game) if not e.obsolete}
    read = live["Read Module 2.0 before play."]
    assert read.msgctxt.endswith("body.1")
    assert (read.msgstr, read.fuzzy) == ("Lisez le module 2.0 avant de jouer.", False)
    first = live["A new first paragraph."]
    assert (first.msgstr, first.fuzzy) == ("", False)


def test_importing_a_file_made_before_a_paragraph_was_put_in_places_each_translation_on_its_text(
    game: Path, tmp_path: Path
) -> None:
    """Found by a translator's probe: import matched entries by msgctxt alone, so a file
    made before a paragraph was put in first put every translation of the rule on its
    neighbour's paragraph, the translator's new work included; and its header's
    placeholder replaced the translator's name."""
    rules = game / "rules" / "01-play.yaml"
    _cli(game, "l10n", "update", "mini-case", "fr")
    po = _po(game)
    po.metadata["Last-Translator"] = "Anne Traductrice <anne@example.org>"
    po.save(str(catalog_path(game, "fr")))
    stale = tmp_path / "made-before.po"
    shutil.copy(catalog_path(game, "fr"), stale)
    _edit(
        rules,
        "    body:\n      - Read Module 2.0 before play.\n",
        "    body:\n      - A new first paragraph.\n      - Read Module 2.0 before play.\n",
    )
    _cli(game, "l10n", "update", "mini-case", "fr")
    work = polib.pofile(str(stale))
    for e in work:
        if e.msgid == "Read Module 2.0 before play.":
            assert e.msgctxt.endswith("body.0")  # its id in the file: the new text's now
            e.msgstr = "Lisez le module 2.0 avant de jouer."
        if e.msgid.startswith("Draw two cards"):
            e.tcomment = "ask the designer about 'two'"  # a note, not translated yet
    work.metadata["Last-Translator"] = "none yet"
    work.save(str(stale))
    result = _cli(game, "l10n", "import", "mini-case", "fr", str(stale))
    assert result.returncode == 0, result.stderr
    assert "L10N102" not in result.stderr  # no entry it kept (nor any it dropped) to report
    live = {e.msgid: e for e in _po(game) if not e.obsolete}
    read = live["Read Module 2.0 before play."]
    assert (read.msgstr, read.fuzzy) == ("Lisez le module 2.0 avant de jouer.", False)
    assert live["A new first paragraph."].msgstr == ""
    assert live["Draw two cards, then see Case 1.1.2b and Card no. 3."].tcomment == (
        "ask the designer about 'two'"
    )
    assert _po(game).metadata["Last-Translator"] == "Anne Traductrice <anne@example.org>"


def test_a_string_not_yet_translated_prints_the_corrected_source_text(game: Path) -> None:
    """Found by a translator's probe: a fuzzy or untranslated string prints in the
    source language, and it printed the source's slip its erratum corrects (Liberation:
    "a faccia in su" where erratum E900 says "in giù"). A translation is made from the
    corrected text, and so is its fallback; a translated string is the translator's."""
    _cli(game, "l10n", "update", "mini-case", "fr")
    front = front_end(game, game.parent, "original", "fr")
    assert front.game is not None, front.findings
    attack = next(r for r in front.game.all_rules() if r.address == "2.1.1")
    text = attack.body[0].paras[0].text
    assert text == "Attack once per turn, as the Drawing rules allow (Case 1.1.2)."
    assert attack.at.path.endswith("rules/02-combat.yaml")  # still placed in the YAML
    _translate(
        game,
        {
            "Attack once per turn, as the the Drawing rules allow (Case 1.1.3).": (
                "Attaquez une fois par tour (Case 1.1.2)."
            )
        },
    )
    front = front_end(game, game.parent, "original", "fr")
    assert front.game is not None
    attack = next(r for r in front.game.all_rules() if r.address == "2.1.1")
    assert attack.body[0].paras[0].text == "Attaquez une fois par tour (Case 1.1.2)."


def _combat_says_what_play_says(game: Path) -> None:
    """Rule 2.0 given rule 1.0's first paragraph: two units, one text."""
    _edit(
        game / "rules" / "02-combat.yaml",
        "    title: COMBAT\n",
        "    title: COMBAT\n    body:\n      - Read Module 2.0 before play.\n",
    )


@pytest.mark.parametrize("after", ["", "      - Then begin.\n"])
def test_a_moved_text_another_rule_also_prints_keeps_its_own_translation(
    game: Path, after: str
) -> None:
    """Found adding Liberation's gap marks: a block put in above "Fine della partita in
    modalità CAMPAGNA:" shifted it, and the same words stand under scenario 2 as well.
    The entry that had not moved (scenario 2's, still at its id) was taken for the one
    that had, so the moved entry came back fuzzy with the other's translation. Its new
    id is new, or (``after``: a paragraph follows it) held that paragraph before."""
    _combat_says_what_play_says(game)
    said = "    body:\n      - Read Module 2.0 before play.\n"
    _edit(game / "rules" / "01-play.yaml", said, said + after)
    _cli(game, "l10n", "update", "mini-case", "fr")
    po = _po(game)
    for entry in po:
        if entry.msgid == "Read Module 2.0 before play.":
            here = entry.msgctxt.startswith("rule:1.0")
            entry.msgstr = "Lisez d'abord le module 2.0." if here else "Voyez le module 2.0."
    po.save(str(catalog_path(game, "fr")))
    _edit(
        game / "rules" / "01-play.yaml",
        "    body:\n      - Read Module 2.0 before play.\n",
        "    body:\n      - A new first paragraph.\n      - Read Module 2.0 before play.\n",
    )
    result = _cli(game, "l10n", "update", "mini-case", "fr")
    assert result.returncode == 0, result.stderr
    assert "0 changed in the source" in result.stdout + result.stderr
    live = {e.msgctxt: e for e in _po(game) if not e.obsolete}
    moved, stayed = live["rule:1.0:body.1"], live["rule:2.0:body.0"]
    assert (moved.msgstr, moved.fuzzy) == ("Lisez d'abord le module 2.0.", False)
    assert (stayed.msgstr, stayed.fuzzy) == ("Voyez le module 2.0.", False)


def test_editing_one_of_two_units_with_the_same_text_keeps_its_translation_as_fuzzy(
    game: Path,
) -> None:
    """Found by a probe: Jeanne's gap note is the same text as the rule's note about her
    tile. Edited on the card, the note came back new and empty: its old text, still
    held by the rule, was taken for a text that had moved there, translation and all."""
    _combat_says_what_play_says(game)
    _cli(game, "l10n", "update", "mini-case", "fr")
    _translate(game, {"Read Module 2.0 before play.": "Lisez d'abord le module 2.0."})
    _edit(
        game / "rules" / "02-combat.yaml",
        "      - Read Module 2.0 before play.\n",
        "      - Read Module 2.0 first.\n",
    )
    result = _cli(game, "l10n", "update", "mini-case", "fr")
    assert result.returncode == 0, result.stderr
    assert "1 changed in the source" in result.stdout, result.stdout
    live = {e.msgctxt: e for e in _po(game) if not e.obsolete}
    edited, other = live["rule:2.0:body.0"], live["rule:1.0:body.0"]
    assert (edited.msgstr, edited.fuzzy) == ("Lisez d'abord le module 2.0.", True)
    assert edited.previous_msgid == "Read Module 2.0 before play."
    assert (other.msgstr, other.fuzzy) == ("Lisez d'abord le module 2.0.", False)


def test_a_catalog_that_is_a_broken_link_is_said_to_be_one(game: Path, tmp_path: Path) -> None:
    """Found by a probe: a dangling fr.po was "no fr text (languages: …, fr): this catalog
    does not exist", naming fr as a language it has in the same breath."""
    (game / "l10n").mkdir(exist_ok=True)
    catalog_path(game, "fr").symlink_to(tmp_path / "gone.po")
    result = _cli(game, "lint", "mini-case", "--lang", "fr")
    assert result.returncode == 2
    assert "l10n/fr.po:1:1: error: LOAD011 fr.po is a link that leads to no file (" in (
        result.stderr
    )
    assert "does not exist" not in result.stderr
