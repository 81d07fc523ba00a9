"""L10N014 catalog-language

## What it finds
A catalog whose `Language` header names another language than its file
name: `l10n/de.po` that says `Language: fr`, as a catalog copied from
another language and not re-headed does. A regional form of the same
language (`Language: de_AT` in `de.po`) is the same language; an empty
header is not checked.

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

CODE, NAME, SEVERITY = "L10N014", "catalog-language", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    l10n = game.l10n
    if l10n is None or not l10n.is_translation or l10n.header_at is None:
        return
    header = l10n.header_language.strip()
    if not header or same_language(header, l10n.lang):
        return
    name = l10n.catalog.rsplit("/", 1)[-1]
    named = as_tag(header)
    yield Finding(
        CODE,
        SEVERITY,
        f"the catalog {name} says it is {header!r} (Language header), but Casebook reads it "
        f"as {l10n.lang}, from its name",
        l10n.header_at,
        suggestion=f'set the header to "Language: {l10n.lang}" (`casebook l10n update '
        f"{l10n.game_folder or game.id} {l10n.lang}` writes it); if the file holds {named} "
        f"text, rename it {named}.po",
    )
