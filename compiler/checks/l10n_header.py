"""L10N014 catalog-language

## What it finds
A catalog whose `Language` header names another language than its file
name: `l10n/de.po` that says `Language: fr`, as a catalog copied from
another language and not re-headed does. Headers are read as gettext
writes them: a regional form of the same language (`de_AT` in `de.po`), a
codeset (`en.UTF-8`) and a script or variant modifier (`sr_RS@latin` in
`sr-Latn.po`) name the same language. An empty header is not checked.

## Why it matters
Casebook reads a catalog as the language of its file name. The translator's
tools read the header: Poedit and Weblate would check its spelling and
plural forms as the other language, and a catalog sent out for review would
be filed under it.

## Example
    rulesets/<game>/l10n/de.po:7:2  the catalog de.po says it is 'fr' (Language
        header), but Casebook reads it as de, from its name
    help: set the header to "Language: de" (`casebook l10n update <game> de`
        writes it); if the file holds fr text, rename it fr.po

Passing: every catalog's Language header names its file's language, or is empty.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.l10n.tags import as_tag, same_language
from compiler.model.game import Game
from compiler.paths import LANGUAGE_TAG

CODE, NAME, SEVERITY = "L10N014", "catalog-language", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    l10n = game.l10n
    if l10n is None or not l10n.is_translation or l10n.header_at is None:
        return
    header = l10n.header_language.strip()
    if not header or same_language(header, l10n.lang):
        return
    name = l10n.catalog.rsplit("/", 1)[-1]
    fix = (
        f'set the header to "Language: {l10n.lang}" (`casebook l10n update '
        f"{l10n.command_name or game.id} {l10n.lang}` writes it)"
    )
    named = as_tag(header)
    if same_language(header, l10n.source_lang):  # the game's own language: never read
        fix += f"; the header names the language the game is written in, {l10n.source_lang}"
    elif LANGUAGE_TAG.fullmatch(named):
        fix += f"; if the file holds {named} text, rename it {named}.po"
    yield Finding(
        CODE,
        SEVERITY,
        f"the catalog {name} says it is {header!r} (Language header), but Casebook reads it "
        f"as {l10n.lang}, from its name",
        l10n.header_at,
        suggestion=fix,
    )
