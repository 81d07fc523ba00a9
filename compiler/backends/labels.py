"""The words Casebook itself prints around the rule text, per language.

An Italian rulebook gets Italian headings ("Indice", "Carte"); a language
with no entry here falls back to English. Rule text is never translated.
"""

from __future__ import annotations

import re

from compiler.model.game import Game
from compiler.model.rules import Rule

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "contents": "Contents",
        "kit-registration-front": "Print both sides flipping on the {edge}, at 100 %. Then "
        "hold the sheet to the light, back page towards you, and read the scales there.",
        "kit-registration-back": "Where each front cross (seen through the paper) crosses "
        "these mm scales, read x and y, and add them to sheet.back_offset in layouts.yaml "
        "(on 0: nothing to change).",
        "kit-registration-slug": "duplex registration test, {side}",
        "kit-front": "front",
        "kit-back": "back",
        "kit-edge-long": "long edge",
        "kit-edge-short": "short edge",
        "kit-sheet": "sheet {n} of {total}",
        "kit-fronts": "fronts",
        "kit-backs": "backs (flip on the {edge})",
        "kit-fold": "fold on the dashed marks",
        "kit-scale": "print at 100 %: a card is {w} × {h} mm",
        "kit-scale-short": "100 %: {w} × {h} mm",
        "kit-scale-counter": "print at 100 %: a counter is {w} × {h} mm",
        "kit-counter-note": "print-and-play substitute; counts and sides: see the counter manifest",
        "contents-empty": "Nothing yet: the ruleset holds no rules, cards or tables.",
        "cards": "Cards",
        "cards-at": "The cards: see {deck}, in Cards.",
        "gap-mark": "Not in the source:",
        "book-not-publisher": "{title} (written for Casebook, not the publisher's text)",
        "book-not-publisher-head": "{title} (not the publisher's)",
        "title-not-publisher": "It also holds {title}, written for Casebook to show the "
        "rules in play: not the publisher's text.",
        "gaps": "Not in the source",
        "gaps-intro": "The rules cite these components, but their contents are not part of "
        "the source this rulebook was transcribed from.",
        "errata-applied": "Errata applied in this edition",
        "errata-listed": "Errata (not applied in this edition)",
        "errata-carried": "Corrections of the {source} source this translation carries",
        "translated": "Translation from the {source} source, made from its corrected text "
        "({n} errata, listed at the back).",
        "translated-elsewhere": "Translation from the {source} source, made from its corrected "
        "text ({n} errata, listed in the rulebook).",
        "living": "Living edition: the source text with {n} errata applied; each change is "
        "highlighted and numbered.",
        "living-one": "Living edition: the source text with 1 erratum applied; the change is "
        "highlighted and numbered.",
        "translated-one": "Translation from the {source} source, made from its corrected text "
        "(1 erratum, listed at the back).",
        "translated-elsewhere-one": "Translation from the {source} source, made from its "
        "corrected text (1 erratum, listed in the rulebook).",
        "original": "Original edition: the source text verbatim, its mistakes included.",
        "source": "Transcribed from: {title}",
        "source-pages": "Page numbers in the rule text (“see page 8”) are those of the "
        "source, not of this book.",
        "compiled": "Compiled with Casebook",
        "parameters": "Numbers the rules state",
        "param-subject": "What",
        "param-stated": "As the rules state it (rule)",
        "aids": "Player aids",
        "sequence": "Sequence of play",
        "from-rule": "Rule {rule}",
        "table-missing": "Not in the source: {what}",
        "search": "Search",
        "search-hint": "Rule number or words",
        "search-none": "No rule found",
        "search-hint-cards": "Rule number, or words of a rule or card",
        "search-none-cards": "No rule or card found",
        "cited-by": "Cited by",
        "glossary": "Glossary",
        "glossary-see": "see",
        "tables": "Tables",
        "edition-living": "living edition",
        "edition-original": "original edition",
        "erratum-change": "Erratum {id}; the source reads: “{old}”",
        "erratum-kind-typo": "typo",
        "erratum-kind-wording": "wording",
        "erratum-kind-reference": "reference",
        "erratum-kind-rule": "rule",
        "erratum-every": "every occurrence",
        "erratum-title": "title",
        "ref-gap": "Not in the source: {what}",
        "ref-unresolved": "Not found in these rules: {what}",
        "quickref": "Quick reference",
        "rule-index": "Index of rules",
        "rule-index-intro": "Every rule, with the rules whose text cites it.",
        "defined-in": "defined in",
        "used-in": "used in",
        "and-more": "and {n} more",
    },
    "it": {
        "contents": "Sommario",  # "Indice" is what Liberation's glossary is headed
        "kit-registration-front": "Stampare fronte e retro girando sul {edge}, al 100 %. "
        "Poi guardare il foglio in controluce dal lato del retro e leggere le scale che vi "
        "sono stampate.",
        "kit-registration-back": "Dove ogni mirino del fronte (visto in trasparenza) incrocia "
        "queste scale in mm, leggere x e y e sommarli a sheet.back_offset in layouts.yaml "
        "(su 0: niente da cambiare).",
        "kit-registration-slug": "prova di registro fronte-retro, {side}",
        "kit-front": "fronte",
        "kit-back": "retro",
        "kit-edge-long": "lato lungo",
        "kit-edge-short": "lato corto",
        "kit-sheet": "foglio {n} di {total}",
        "kit-fronts": "fronti",
        "kit-backs": "retri (girare sul {edge})",
        "kit-fold": "piegare sui segni tratteggiati",
        "kit-scale": "stampare al 100 %: una carta misura {w} × {h} mm",
        "kit-scale-short": "100 %: {w} × {h} mm",
        "kit-scale-counter": "stampare al 100 %: una pedina misura {w} × {h} mm",
        "kit-counter-note": "sostituto da stampare e giocare; numero e lati: vedere l'elenco "
        "delle pedine",
        "contents-empty": "Ancora nulla: il regolamento non contiene regole, carte o tabelle.",
        "cards": "Carte",
        "cards-at": "Le carte: vedi {deck}, in Carte.",
        "gap-mark": "Non presente nella fonte:",
        "book-not-publisher": "{title} (scritto per Casebook, non è testo dell'editore)",
        "book-not-publisher-head": "{title} (non dell'editore)",
        "title-not-publisher": "Contiene anche {title}, scritto per Casebook per mostrare "
        "le regole in gioco: non è testo dell'editore.",
        "gaps": "Non presente nella fonte",
        "gaps-intro": "Le regole citano questi componenti, ma il loro contenuto non fa parte "
        "della fonte da cui questo regolamento è stato trascritto.",
        "errata-applied": "Errata applicati in questa edizione",
        "errata-listed": "Errata (non applicati in questa edizione)",
        "living": "Edizione aggiornata: il testo della fonte con {n} errata applicati; ogni "
        "modifica è evidenziata e numerata.",
        "living-one": "Edizione aggiornata: il testo della fonte con 1 erratum applicato; la "
        "modifica è evidenziata e numerata.",
        "original": "Edizione originale: il testo della fonte alla lettera, errori compresi.",
        "source": "Trascritto da: {title}",
        "source-pages": "I numeri di pagina nel testo delle regole (“a pagina 8”) sono "
        "quelli della fonte, non di questo libro.",
        "compiled": "Compilato con Casebook",
        "parameters": "I numeri delle regole",
        "aids": "Aiuti per i giocatori",
        "sequence": "Sequenza di gioco",
        "from-rule": "Regola {rule}",
        "table-missing": "Non presente nella fonte: {what}",
        "param-subject": "Cosa",
        "param-stated": "Come lo dicono le regole (regola)",
        "search": "Cerca",
        "search-hint": "Numero o parole della regola",
        "search-none": "Nessuna regola trovata",
        "search-hint-cards": "Numero o parole di una regola, parole di una carta",
        "search-none-cards": "Nessuna regola o carta trovata",
        "cited-by": "Citata da",
        "glossary": "Glossario",
        "glossary-see": "vedi",
        "tables": "Tabelle",
        "edition-living": "edizione aggiornata",
        "edition-original": "edizione originale",
        "erratum-change": "Erratum {id}; la fonte dice: “{old}”",
        "erratum-kind-typo": "refuso",
        "erratum-kind-wording": "formulazione",
        "erratum-kind-reference": "rimando",
        "erratum-kind-rule": "regola",
        "erratum-every": "ogni occorrenza",
        "erratum-title": "titolo",
        "ref-gap": "Non presente nella fonte: {what}",
        "ref-unresolved": "Non trovato in queste regole: {what}",
        "quickref": "Riferimento rapido",
        "rule-index": "Indice delle regole",
        "rule-index-intro": "Ogni regola, con le regole il cui testo la cita.",
        "defined-in": "definito in",
        "used-in": "usato in",
        "and-more": "e altre {n}",
    },
}


# How the rule text cites a page, by language: the source's page numbers are not this book's.
PAGE_CITATION = {
    "en": re.compile(r"\bpages? \d", re.IGNORECASE),
    "it": re.compile(r"\bpagin[ae] \d", re.IGNORECASE),
    "fr": re.compile(r"\bpages? \d", re.IGNORECASE),
}


# Language names as a sentence of each label language says them ("the Italian source").
_LANGUAGE_NAMES = {
    "en": {
        "en": "English",
        "it": "Italian",
        "fr": "French",
        "de": "German",
        "es": "Spanish",
        "pt": "Portuguese",
        "nl": "Dutch",
        "pl": "Polish",
        "ja": "Japanese",
    },
    "it": {
        "en": "inglese",
        "it": "italiana",
        "fr": "francese",
        "de": "tedesca",
        "es": "spagnola",
        "pt": "portoghese",
        "nl": "olandese",
        "pl": "polacca",
        "ja": "giapponese",
    },
}


def language_name(code: str, language: str) -> str:
    """``code`` ("it") named in ``language`` ("Italian"), or the code when unknown."""
    names = _LANGUAGE_NAMES.get(language.split("-")[0], _LANGUAGE_NAMES["en"])
    return names.get(code.split("-")[0], code)


def label(language: str, key: str, **values: object) -> str:
    """The label ``key`` in ``language`` (English when the language has none)."""
    table = LABELS.get(language.split("-")[0], LABELS["en"])
    return table.get(key, LABELS["en"][key]).format(**values)


def edition_line(game: Game, edition: str, errata_here: bool = True) -> str:
    """What a document says it is: a translation, the living or the original edition.

    One sentence for the rulebook, the HTML page and the quick reference, so
    a reader sees the same claim in each; ``errata_here`` says whether the
    document lists the errata itself or leaves them to the rulebook.
    """
    lang = game.language
    if game.l10n is not None and game.l10n.is_translation:
        key = "translated" if errata_here else "translated-elsewhere"
        source = language_name(game.l10n.source_lang, lang)
        return label(lang, _counted(key, len(game.errata)), source=source, n=len(game.errata))
    if edition == "living":
        return label(lang, _counted("living", len(game.errata)), n=len(game.errata))
    return label(lang, "original")


def _counted(key: str, n: int) -> str:
    """The label for a count of errata: "1 erratum", not "1 errata"."""
    return f"{key}-one" if n == 1 else key


def rule_name(game: Game, address: str | None) -> str:
    """How a player finds the rule: its printed number, else the nearest numbered rule
    above it and its title ("4 › Where are the German items")."""
    if address is None:
        return ""

    def find(rules: tuple[Rule, ...], numbered: str) -> str | None:
        for rule in rules:
            here = rule.number or numbered
            if rule.address == address:
                if rule.number:
                    return rule.number
                title = rule.title or address
                return f"{numbered} › {title}" if numbered else title
            found = find(rule.children, here)
            if found:
                return found
        return None

    return find(game.rules, "") or address
