"""Every code a stage other than lint can raise, with a page for `casebook explain`.

Lint checks document themselves (compiler/checks/*.py docstrings). The codes
raised while loading, validating, modelling, applying errata, laying out,
fitting, checking fonts, reading translation catalogs and writing outputs are
listed here instead, so that
every code a user can see has a page. A test keeps this table equal to the
codes the compiler emits: a new code needs an entry, a retired one loses it.

Each body says when the code is raised (every situation, as the code does
it), why Casebook refuses, and what to do.
"""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import dedent


@dataclass(frozen=True, slots=True)
class Code:
    """One code's page: its stable code, a short name, its stage and its explanation."""

    code: str
    name: str  # kebab-case short name, like a lint check's NAME
    stage: str  # load, schema, model, errata, layout, fit, font, catalog, output
    summary: str  # one sentence: what the message means
    body: str  # markdown: when it is raised, why Casebook refuses, what to do
    severity: str = "error"  # "warning" where the stage goes on


def _md(text: str) -> str:
    """A body written indented in this file, as the markdown it is."""
    return dedent(text).strip()


CODES: tuple[Code, ...] = (
    Code(
        "ERRATA001",
        "erratum-unknown-rule",
        "errata",
        "An erratum names a rule that does not exist.",
        _md(
            """
            Raised while Casebook makes the living edition (the original with every
            erratum applied), when an erratum's `rule` is neither `"*"` nor the address
            of a rule in the game. Translations are not corrected this way, so this
            comes from a game in its own language.

            ```yaml
            errata:
              - id: E001
                rule: 8.2.1g      # there is no rule 8.2.1g
                old: six
                new: seven
                why: The table on page 12 gives seven.
            ```

            An erratum that points nowhere would correct nothing, and the living
            edition would claim a fix it does not carry. Use the rule's address: its
            number as printed ("8.2.1f") or, for an unnumbered rule, its id. Use
            `rule: "*"` to correct every occurrence in every rule.

            Raised too when an id in the erratum's `tables` (the tables whose cells
            restate the rule's text) is not a table of the game. That one is placed at
            the id in `tables`, and the help lists the game's tables.
            """
        ),
    ),
    Code(
        "ERRATA002",
        "erratum-text-not-found",
        "errata",
        "An erratum's `old` text is not where it says it is.",
        _md(
            """
            Raised while Casebook makes the living edition, when an erratum cannot be
            applied:

            - its `old` is not in the rule's own text (its body and `after` blocks,
              not its children's), or the rule holds fewer occurrences than its
              `occurrence` asks for;
            - with `field: title`, its `old` is not in the rule's title;
            - with `rule: "*"`, its `old` is in the text of no rule at all (with
              `field: title`, in the title of no rule);
            - a table its `tables` names has no cell that holds its `old`.

            ```yaml
            errata:
              - id: E002
                rule: easy
                old: 2 Money, 1 Weapon or 4 Food.   # the text reads "Weapon or, 4"
                new: 2 Money, 1 Weapon, or 4 Food.
                why: A misplaced comma.
            ```

            A correction is made by finding `old` in the verbatim text; if it is not
            there, the fix cannot be placed. Copy `old` exactly from the rule text
            (runs of whitespace are normalised), within one paragraph. If it occurs
            more than once in the rule, set `occurrence` to the one you mean.
            """
        ),
    ),
    Code(
        "ERRATA003",
        "erratum-text-ambiguous",
        "errata",
        "An erratum's `old` occurs more than once in its rule, and it does not say which.",
        _md(
            """
            Raised while Casebook makes the living edition, when an erratum naming one
            rule finds its `old` more than once in that rule's text (its body and
            `after` blocks, in reading order, as the errata above it in the file left
            them) or, with `field: title`, in its title, and sets no `occurrence`. The
            message says how many times it occurs.

            ```yaml
            errata:
              - id: E003
                rule: 2.1.1       # "Attack once per turn, as the the Drawing rules allow"
                old: the          # which "the"?
                new: a
                why: A doubled word.
            ```

            Changing the first one silently may correct the wrong words. Set
            `occurrence: N` (1 for the first) for the one you mean, or make `old`
            longer (`the the`) so that it occurs once.
            """
        ),
    ),
    Code(
        "ERRATA004",
        "erratum-occurrence-everywhere",
        "errata",
        'An erratum with `rule: "*"` sets `occurrence`.',
        _md(
            """
            Raised while Casebook makes the living edition, when an erratum whose
            `rule` is `"*"` (change every occurrence, in every rule) also sets
            `occurrence`.

            ```yaml
            errata:
              - id: E004
                rule: "*"
                occurrence: 2     # the second in which rule?
                old: Case
                new: Rule
                why: The rules are called Rules.
            ```

            The two contradict each other: `"*"` changes every occurrence, and there
            is no one order of "every rule" in which a second occurrence would be the
            one meant. To change one occurrence, name its rule in `rule` (with
            `occurrence` if `old` occurs more than once there); to change them all,
            drop `occurrence`.
            """
        ),
    ),
    Code(
        "ERRATA005",
        "erratum-empties-rule",
        "errata",
        "The errata delete all of a rule's text, its whole title, or a table cell's text.",
        _md(
            """
            Raised while Casebook makes the living edition, at the erratum that did it,
            when the errata leave a rule that had text with none (every paragraph of
            its body and `after` blocks now empty), or delete a rule's whole title
            (`field: title` with `new: ""`).

            ```yaml
            errata:
              - id: E005
                rule: 1.1.1       # its only sentence
                old: Each turn has two phases (Cases 1.1.2 and 2.1.1).
                new: ""
                why: Withdrawn by the publisher.
            ```

            Deleting text is allowed, down to a whole paragraph: the living edition
            keeps the place and marks it with the erratum's number. But a rule with no
            text prints as a bare number (and a deleted title leaves no mark at all),
            which reads as a transcription fault. The build goes on. If the rule is
            withdrawn, say so in `new` ("Deleted."), as printed errata do; if only part
            of it should go, make `old` that part; give a title the text it should
            have.

            Raised too when an erratum's `new: ""` empties a cell of a table it names
            in `tables`: the living aid would print the cell blank, with only the
            erratum's mark. Write what the cell should say in `new`, or take the table
            out of `tables`.
            """
        ),
        severity="warning",
    ),
    Code(
        "FIT001",
        "text-overflow",
        "fit",
        "A card or counter region's text does not fit its box, even at its minimum size.",
        _md(
            """
            Raised while building the print-and-play kit. A region's text is set at the
            region's `size` (9 pt if none is given) and, if it does not fit, stepped
            down 0.5 pt at a time to its `min_size` (by default 6 pt, or `size` if
            that is smaller). The code is raised when the text still overflows the
            region's height, or holds a word wider than the region, at `min_size`.
            The message names the deck and card (or counter sheet and counter), the
            region, the language and the overflow in mm.

            Type smaller than the minimum is worse than a build that stops, so no file
            is written. `casebook lint` reports the same fault for cards first, as
            L10N009 (card-fit).

            Make the region larger in layouts.yaml, or lower its `min_size`. The
            source's card text is printed as written (errata correct rules, not
            cards); a translation can be shortened in its catalog.
            """
        ),
    ),
    Code(
        "FIT002",
        "sheet-does-not-fit",
        "fit",
        "Cards or counters cannot be laid out on the paper inside the printer's margin.",
        _md(
            """
            Raised while imposing a deck or a counter sheet on A4 or Letter:

            - with no `cols` or `rows` in the layout's `sheet:`, when not even one
              item with its bleed fits inside the printer margin (`margin`, 5 mm by
              default);
            - with `cols`/`rows` given, when that grid leaves less than the margin at
              the sides or at top and bottom. The message says by how much, and the
              help names a grid that fits, if one does.

            ```yaml
            layouts:
              - id: poker-card
                size: poker
                sheet:
                  cols: 3
                  rows: 3      # nine poker cards with bleed fit A4, not Letter
            ```

            A printer cannot print into its margin, so the outer cards would be cut
            off. Change `sheet:` in layouts.yaml as the help says, or leave out
            `cols`, `rows` and `orientation` to have the best fit computed.
            """
        ),
    ),
    Code(
        "FIT003",
        "mat-too-large",
        "fit",
        "A map's play mat would need more than 200 pages to print at full size.",
        _md(
            """
            Raised while building the play mat of a map that has a `size` in maps.yaml.
            A mat prints at 100 %, tiled across pages with a 10 mm overlap strip
            between neighbours. When neither orientation of the paper can tile it in
            `MAX_TILES` = 200 pages or fewer, the build stops.

            A mat that large is almost always a wrong size or a wrong unit (a size in
            cm written as mm, or the other way round). Check the map's `size` and its
            unit in maps.yaml.
            """
        ),
    ),
    Code(
        "FIT004",
        "too-many-counters",
        "fit",
        "A counter sheet would print more than 1000 counters of one kind.",
        _md(
            """
            Raised while building a counter sheet, when the number of one counter to
            print is more than `MAX_COUNTERS` = 1000. That number is the sheet's own
            `count` in counters.yaml if it has one, else the component's `quantity` in
            components.yaml. The finding points at the component.

            A counter sheet is a counter mix, not a print run, so such a number is
            almost always a typo. Check the quantity in components.yaml, or give the
            sheet's entry a `count` (with its `count_why`) in counters.yaml.
            """
        ),
    ),
    Code(
        "FIT005",
        "form-does-not-fit",
        "fit",
        "A printable form does not fit: a word is wider than its column, or the form "
        "is taller than its page.",
        _md(
            """
            Raised while building the forms listed under `player_aids.forms` in
            game.yaml, on each paper (A4, Letter), in the language the game is read in:

            - a cell's longest word is wider than its column (the finding is at that
              row of the table);
            - the whole form is taller than the page leaves for it, so its last rows
              would print off the paper (the finding is at the table).

            A word wider than its column would be broken or run into the next cell.
            No form file is written. `casebook lint` reports the same faults first, as
            L10N011 (form-fit).

            Shorten or hyphenate the word (with an erratum, or in the translation),
            give the form fewer `write_in` columns, or split the table in tables.yaml.
            """
        ),
    ),
    Code(
        "FIT006",
        "too-many-columns",
        "fit",
        "A table has more columns than the width it is printed in can hold.",
        _md(
            """
            Raised while building a PDF that prints a table: the rulebook (a table in a
            rule is set in one of its two columns), the player aids and quick reference
            (a table of five columns or more on a landscape page), and the printable
            forms (their write-in columns included; `casebook lint` says so first).

            Each column needs its padding and room for one character, 9.5 pt (3.4 mm).
            A table with more columns than that allows would print a letter a line down
            the page, or not at all; the message says how many columns the width
            holds. No file is written.

            Split the table in tables.yaml into tables of at most that many columns
            (for a form, or give it fewer `write_in` columns).
            """
        ),
    ),
    Code(
        "FONT001",
        "missing-glyph",
        "font",
        "A text needs a character the embedded fonts cannot draw.",
        _md(
            """
            Every PDF embeds DejaVu Serif Condensed and DejaVu Sans Condensed (in
            templates/fonts); a character the serif lacks is set in the sans. This code
            is raised when a character is in neither (whitespace is not checked). It is
            checked:

            - for the rulebook, player-aid and quick-reference PDFs: the game's title,
              subtitle, publisher and source title (the title page), rule titles,
              block labels and list titles, every paragraph, each erratum's `old`,
              `new` and `why`, and each component's name and `missing`;
            - for the print-and-play kit: the text of every card and counter region.

            ReportLab would draw such a character as an empty box without a word, so
            Casebook refuses instead, naming the character and its code point. Replace
            the character (often a look-alike pasted from another document), or add a
            font that has it to templates/fonts and compiler/backends/pdf/fonts.py.
            """
        ),
    ),
    Code(
        "L10N100",
        "bad-catalog",
        "catalog",
        "A translation catalog is not a PO file Casebook can read.",
        _md(
            """
            Raised at the place in a `.po` file (the game's `l10n/LANG.po`, or a file
            given to `casebook l10n import`) when:

            - it is not UTF-8 text, or cannot be read, or is a folder, a pipe or a
              device rather than a file;
            - its name is not a language tag (`EN.po`, `en_US.po`, `...po`): such a
              file is not read as a catalog, and `casebook lint` says so;
            - the PO parser stops: a keyword out of order, text outside quotes;
            - a quoted string is not closed on its line (the parser would silently
              drop its last character, and `l10n update` would write it back short);
            - it holds a raw control character (U+0000 to U+001F but tab, line feed
              and carriage return; U+007F to U+009F but U+0085), or an entry holds
              one written as an escape (`\\b`, `\\f`, `\\v`, `\\r`);
            - it holds a bidirectional control (U+202A to U+202E, U+2066 to U+2069),
              which reorders the text shown (see LOAD012);
            - a string holds an escape the PO reader leaves as written: an octal or
              hex one (`\\342`, `\\xE2`), which msgfmt reads as a byte, or one
              msgfmt refuses (`\\u202e`); write the character itself;
            - the same entry (msgctxt and msgid) appears twice;
            - one unit (msgctxt) has two live entries with different msgids: msgfmt
              accepts this, but Casebook would read one translation and lose the
              other, so it is refused at the second;
            - an entry stops before its msgid or msgstr (a file cut off);
            - the language asked for has no catalog (start one with
              `casebook l10n update GAME LANG`);
            - its `Plural-Forms` header is not `nplurals=N; plural=EXPRESSION;`;
            - an entry has plural forms (`msgid_plural`, `msgstr[N]`): no string of a
              game has any.

            ```po
            msgctxt "rule:1.1:body.0"
            msgid "Draw from the top."
            msgstr "Piochez sur le dessus.
            ```

            The catalog is read whole or not at all, so no translation is lost or
            cut short. `msgfmt --check` names the same faults, but for a unit with
            two entries; Poedit and Weblate write catalogs without them. A comment
            marker without its space (`#,fuzzy`) is read as msgfmt reads it. Fix
            the file at the line given.
            """
        ),
    ),
    Code(
        "L10N101",
        "foreign-catalog",
        "catalog",
        "A catalog given to `casebook l10n import` belongs to another language or game.",
        _md(
            """
            Raised, and nothing imported, when:

            - the catalog's `Language` header names a language other than the one
              you import it as;
            - not one of its entries is a translation unit of the game (their
              `msgctxt` ids are another game's, or missing).

            Importing either would put text where it does not belong. Import the file
            as the language its header names, fix the header, or translate a catalog
            written by `casebook l10n update GAME LANG`: each entry keeps the
            `msgctxt` id that ties it to its unit.
            """
        ),
    ),
    Code(
        "L10N102",
        "obsolete-entry",
        "catalog",
        "An imported entry is no longer a unit of the game; it is kept as obsolete.",
        _md(
            """
            Raised (as a warning) by `casebook l10n import` for each entry whose
            `msgctxt` names a unit the game no longer has: the source text it
            translated was removed or moved since the catalog was written.

            The import goes on, and the translation is kept in the catalog as an
            obsolete `#~` entry, so the work is not lost; a translator can copy it
            back if the text returns. Nothing needs doing unless the unit should
            still exist.
            """
        ),
        severity="warning",
    ),
    Code(
        "LAYOUT001",
        "show-template-fault",
        "layout",
        "A layout region's `show` template cannot be used for a card or counter.",
        _md(
            """
            Raised while filling a region's `show` template (layouts.yaml) for one card
            or counter, at the region:

            - the template fails when it runs: a name the card does not have (names
              are strict: an unknown one is an error, not blank), or an operation the
              sandbox refuses, such as a repeat, join, sum, replace or padding making
              more than `MAX_TEXT` = 100,000 characters (refused before it runs) or a
              power of more than `MAX_BITS` = 4,096 bits;
            - it runs for more than `TEMPLATE_SECONDS` = 2 s on one card (the timer
              works on POSIX systems; elsewhere the template runs unguarded);
            - it writes more than 100,000 characters;
            - it writes a tag other than a type style: only `<b>`, `<i>`, `<u>`,
              `<strike>`, `<super>`, `<sup>`, `<sub>`, `<br/>`, `<strong>`, `<em>` and
              `<font>` are allowed, only `<font>` with attributes: `color`/`colour`,
              and `size` in points from 2 to 500;
            - the markup it makes is not valid, e.g. a `<b>` it never closes.

            The template is the layout author's code and runs once per card; a fault
            in it is reported at its place rather than crashing the build. Cards offer
            `card.title`, `card.text`, `card.fields.KEY`, `copy`, `copies`, `deck` and
            `game`; counters offer `component`, `face` and `game`. A template that
            does not even parse is MODEL008. A template a translation replaced is
            reported at its catalog entry, where the translator can mend it.

            `casebook lint` sets every card too (L10N009), and reports a card region's
            template fault in the same words at the same place, as LAYOUT001, once per
            region, whichever language's card shows it: the fix is in the template,
            not in the text.
            """
        ),
    ),
    Code(
        "LOAD001",
        "yaml-syntax",
        "load",
        "The file is not YAML Casebook can read, so nothing in it can be used.",
        _md(
            """
            Raised when:

            - the YAML parser stops: bad indentation, an unclosed quote or bracket, a
              missing colon. A tab used to indent gets its own hint: YAML indents with
              spaces only;
            - the file holds a character YAML does not allow in text, such as a raw
              control character (U+0007);
            - the file holds the line terminator U+0085, U+2028 or U+2029. YAML counts
              them as line breaks and most editors do not, so every place after one
              would be reported a line off;
            - lists or maps are nested more than `MAX_DEPTH` = 100 levels deep.

            ```yaml
            rules:
            \t- id: introduction    # indented with a tab
            ```

            Nothing more can be read from that file; the game's other files are still
            read and reported. Fix the YAML at the line given. Delete a stray control
            character (writing it as an escape such as `"\\x07"` is refused as
            LOAD012).
            """
        ),
    ),
    Code(
        "LOAD002",
        "duplicate-key",
        "load",
        "A map holds the same key twice.",
        _md(
            """
            Raised at the second of two equal keys in one map, with a `see:` line at
            the first.

            ```yaml
            - id: sabotage
              title: Sabotage
              title: Sabotage Action
            ```

            An ordinary YAML reader keeps the second value and silently drops the
            first, so a transcription error would vanish. Remove or rename one of the
            two keys.
            """
        ),
    ),
    Code(
        "LOAD003",
        "alias-or-merge-key",
        "load",
        "The file uses a YAML alias (`*name`) or a merge key (`<<`).",
        _md(
            """
            Raised at each alias (`*name`, which repeats a value anchored elsewhere with
            `&name`) and at each merge key (`<<`, which copies another map's keys). An
            anchor that no alias uses is not refused. A file with more than 50 aliases
            has its first 50 said, then one more finding that says there are more.

            ```yaml
            base: &poker {size: poker}
            tarot:
              <<: *poker
            ```

            Casebook wants every value written out where it is used, so each value has
            its own line and column in every report. Write the value or the keys out
            in full.
            """
        ),
    ),
    Code(
        "LOAD004",
        "yaml-tag",
        "load",
        "A value is one Casebook does not read, or carries a tag that does not match it.",
        _md(
            """
            Raised when:

            - an unquoted value looks like a date (`2024-01-05`): YAML would read it
              as a timestamp, which Casebook does not read;
            - a value carries a tag that is not plain YAML (`!foo`, `!!binary`,
              `!!set`, `!!python/object…`);
            - a standard tag marks the wrong kind of node (`!!map [1]`,
              `!!int {a: 1}`);
            - a value is not what its tag says (`!!int Maquis`, `!!bool maybe`);
            - a map key is itself a list or a map, not plain text.

            ```yaml
            published: 2024-01-05
            ```

            Casebook reads text, numbers, true/false, null, lists and maps; a tag that
            says one thing and holds another is refused rather than read one way or
            the other. Quote the value (`published: "2024-01-05"`), or remove the tag.
            """
        ),
    ),
    Code(
        "LOAD005",
        "ambiguous-boolean",
        "load",
        "An unquoted `yes`, `no`, `on` or `off` would be read as true or false.",
        _md(
            """
            Raised for a plain (unquoted) `yes`, `no`, `on` or `off`, in lower, title
            or upper case (`No`, `OFF`), which YAML 1.1 reads as a boolean.

            ```yaml
            answer: no
            ```

            In a ruleset these are nearly always words (an answer, a country code),
            and a reader would get `false` instead. Write `true` or `false` if you
            mean a boolean; quote the value (`answer: "no"`) if it is text.
            """
        ),
    ),
    Code(
        "LOAD006",
        "not-utf8",
        "load",
        "The file is not UTF-8 text.",
        _md(
            """
            Raised when the file starts with a UTF-16 byte-order mark, or when its bytes
            are not valid UTF-8. The message gives the first bad byte and its offset,
            placed at its line and column. A UTF-8 byte-order mark is accepted and
            dropped.

            Casebook reads every ruleset file as UTF-8 and does not guess another
            encoding. A file saved as Latin-1 or Windows-1252 (an `é` stored as the
            byte 0xE9) is the usual cause. Save the file as UTF-8 in your editor.
            """
        ),
    ),
    Code(
        "LOAD007",
        "missing-game-yaml",
        "load",
        "A game folder has no game.yaml.",
        _md(
            """
            Raised when the game folder holds no `game.yaml`, or `game.yaml` is not a
            regular file (a folder, or a link that leads nowhere). A `translation_of`
            naming a folder without game.yaml is MODEL011, not this.

            game.yaml gives the game's id, title, language, source and numbering;
            without it nothing in the folder can be modelled. Add one: `casebook new
            GAME --rulesets /tmp` writes a minimal ruleset in a new folder (it refuses
            one that already exists), and you can copy its game.yaml.
            """
        ),
    ),
    Code(
        "LOAD008",
        "unknown-file",
        "load",
        "A YAML file is not one Casebook reads; it is ignored.",
        _md(
            """
            Raised (as a warning) for:

            - a `.yaml` or `.yml` file in the game folder whose name is not a known
              kind, e.g. a misspelt `componets.yaml`;
            - a `.yml` file in `rules/`, `books/` or a folder that splits a kind, such
              as `tables/`: Casebook reads only the `.yaml` ending.

            The build goes on without the file; the warning makes sure it does not
            vanish silently. The known files are game.yaml, cards.yaml,
            components.yaml, counters.yaml, errata.yaml, examples.yaml, glossary.yaml,
            layouts.yaml, maps.yaml, parameters.yaml, procedures.yaml, setup.yaml,
            tables.yaml, termbase.yaml, `rules/*.yaml` and `books/*.yaml`. Every kind
            but game.yaml may also be split into a folder of the same name
            (`tables/*.yaml`). Rename the file.
            """
        ),
        severity="warning",
    ),
    Code(
        "LOAD009",
        "not-a-file",
        "load",
        "A folder or a special file stands where a file should be, or a file cannot be read.",
        _md(
            """
            Raised when:

            - reading a game, a path Casebook would read as YAML (e.g.
              `rules/old.yaml`, `cards.yaml`) is a folder or a special file, such as a
              pipe; or a file stands where a folder of them belongs (`rules`,
              `tables`, `l10n`);
            - a ruleset file exists but cannot be read; the message gives the
              system's reason (e.g. "Permission denied");
            - a game's folder cannot be listed or searched: the command stops
              before reading any game, naming the folder;
            - writing outputs, a folder or special file stands where an output file
              goes. This is checked before any output is swapped in, so the outputs
              are not left half new, half old.

            Move the folder or special file away (or rename it so its name does not
            end in `.yaml`), or make the file or folder readable. Files in a game's
            folder that no stage reads (notes, scans) may be unreadable or of any
            size: they stop nothing.
            """
        ),
    ),
    Code(
        "LOAD010",
        "file-too-large",
        "load",
        "A ruleset file is larger than Casebook reads.",
        _md(
            """
            Raised for a file larger than `MAX_BYTES` = 32 MB (32 × 1024 × 1024
            bytes). It is not read.

            A ruleset file is prose and lists a person edits; past this size it is a
            mistake (a wrong file given a `.yaml` name) or an attack. Split a big
            file into a folder of smaller ones, e.g. `rules/*.yaml` or
            `tables/*.yaml`.
            """
        ),
    ),
    Code(
        "LOAD011",
        "bad-link",
        "load",
        "A ruleset file is a link that leads to no file, or out of the game's folder.",
        _md(
            """
            Raised for a symbolic link among the game's files that:

            - leads to no file (its target is missing), or loops back on itself;
            - leads to a file outside the game's folder.

            A translation catalog (`l10n/LANG.po`, or an `l10n/` folder that is a link)
            that leads to no file, or out of the game's folder, is refused the same way
            when the translation is read: the build's change stamp reads the game's folder, and
            an edit behind such a link left a translation "up to date".

            A ruleset reads only its own folder. A link to another file inside the
            same game folder is fine. Replace the link with the file itself (copy it
            in; `casebook l10n import` merges a catalog kept elsewhere).
            """
        ),
    ),
    Code(
        "LOAD012",
        "control-character",
        "load",
        "A text value holds a control character: one no output can print, or one that "
        "reorders the text shown.",
        _md(
            """
            Raised for a C0 or C1 control character (U+0000 to U+001F, U+007F to
            U+009F) in a text value or a map's key, except tab, line feed, carriage
            return and U+0085. A raw control character already stops the file as LOAD001, so this
            comes from an escape inside double quotes:

            ```yaml
            text: "Roll again.\\a"
            ```

            The character would vanish from the output or show as a box. Remove it.
            An escape that spells a printable character, `\\n` or `\\t` is not
            refused.

            Also raised for Unicode's bidirectional controls, written or escaped:
            the embeddings and overrides U+202A to U+202E and the isolates U+2066 to
            U+2069. They are invisible and reorder how the text around them is shown,
            so readers would not see the words the file holds (the "Trojan Source"
            characters, which compilers flag as well). They usually come in with
            pasted text. A catalog holding one is refused the same way (L10N100).
            """
        ),
    ),
    Code(
        "LOAD013",
        "number-out-of-range",
        "load",
        "A number is too big, or not finite.",
        _md(
            """
            Raised for:

            - a whole number beyond `MAX_INTEGER` = 2^53 (9,007,199,254,740,992),
              positive or negative;
            - `.inf`, `-.inf` or `.nan`.

            ```yaml
            quantity: 99999999999999999999
            ```

            Whole numbers beyond 2^53 lose digits in the JavaScript that reads the
            JSON and HTML outputs, and no count, size or value in a game is that big
            or infinite. Write the number the game prints; if the value is text (a
            serial, an id), quote it.
            """
        ),
    ),
    Code(
        "MODEL001",
        "undeclared-level",
        "model",
        "A rule's `level` is not declared in game.yaml.",
        _md(
            """
            Raised for a rule whose `level` is not the `name` of a level under
            `numbering.levels` in game.yaml. The help lists the declared levels.

            ```yaml
            rules:
              - number: "3"
                level: chapter     # game.yaml declares section and heading
                title: Set-up
            ```

            A level says how a rule's number becomes its address and label, so a rule
            of an unknown level has neither. Correct the level, or declare it in
            game.yaml.
            """
        ),
    ),
    Code(
        "MODEL002",
        "number-level-mismatch",
        "model",
        "A rule's number does not match the pattern its level declares.",
        _md(
            """
            Raised (as a warning) when a rule's level has a `pattern` in game.yaml and
            the rule's `number` does not match it (a regular-expression search).

            ```yaml
            # game.yaml: - {name: section, pattern: '^\\d+$'}
            rules:
              - number: "3a"
                level: section
            ```

            The build goes on. It is usually a typo in the number, or the wrong level.
            Check both against the source.
            """
        ),
        severity="warning",
    ),
    Code(
        "MODEL003",
        "duplicate-address",
        "model",
        "Two rules have the same address.",
        _md(
            """
            Raised at the second rule, with a `see:` line at the first. A rule's address
            is its level's `address` filled in (by default the number itself; a level
            may use `{parent}-{number}`), or its `id` when it has no number.

            ```yaml
            rules:
              - {number: "4", level: section, title: Movement}
              - {number: "4", level: section, title: Combat}
            ```

            References, errata and links find a rule by its address, so each address
            must be unique in the game. Give each rule its own number (or id).
            """
        ),
    ),
    Code(
        "MODEL004",
        "bad-reference-pattern",
        "model",
        "A reference pattern in game.yaml cannot be used.",
        _md(
            """
            Raised for a pattern under `references` in game.yaml that:

            - has no `(?P<targets>…)` group: Casebook takes the cited number from that
              group;
            - matches empty text, so it would find a reference between every two
              letters.

            ```yaml
            references:
              - name: case
                kind: rule
                pattern: 'Case (\\d+\\.\\d+)'
            ```

            Name the part that holds the number, `'Case (?P<targets>\\d+\\.\\d+)'`,
            and make it need at least one character (`\\d+` rather than `\\d*`).
            """
        ),
    ),
    Code(
        "MODEL005",
        "unknown-table",
        "model",
        "A rule's table block names a table that tables.yaml does not hold.",
        _md(
            """
            Raised for a block `kind: table` whose `table` is not the id of a table in
            tables.yaml (or a file of `tables/`). The help lists the known tables.

            ```yaml
            body:
              - kind: table
                table: morale-trak
            ```

            The block prints the table, so there is nothing to print. Use the table's
            id, or add the table to tables.yaml.
            """
        ),
    ),
    Code(
        "MODEL006",
        "unknown-variant-part",
        "model",
        "A variant includes a variant, or overrides a parameter, that does not exist.",
        _md(
            """
            Raised for a variant in parameters.yaml when:

            - a name in its `includes` is not the id of a variant;
            - an entry of its `overrides` names a `parameter` that is not the id of a
              parameter.

            ```yaml
            variants:
              - id: hard
                name: Hard
                rule: hard
                includes: [trickey]
            ```

            The variant would make a change that has nothing to apply to. Use the ids
            the help lists.
            """
        ),
    ),
    Code(
        "MODEL007",
        "component-kit-fault",
        "model",
        "A component's id range, a layout, or a counter sheet cannot be printed as written.",
        _md(
            """
            Raised for several faults in the files of the print-and-play kit:

            - in components.yaml, `ids` that number more than `MAX_IDS` = 100,000
              items (`to - from + 1`);
            - in layouts.yaml, a side outside 5 to 1000 mm, a region that reaches
              past the card and its bleed, or a region whose `size` is above 500 pt;
            - a deck (cards.yaml) or counter sheet naming a layout that layouts.yaml
              does not hold; a counter sheet or `not_printed` naming a component that
              components.yaml does not hold;
            - a counter with no count (neither `count` in counters.yaml nor
              `quantity` in components.yaml), or with no front label to print; and,
              in a game with counter sheets, a counter or marker that no sheet prints
              and `not_printed` does not list.

            Each of these would make a kit with missing or broken pieces, or make the
            renderer fail or never finish. Follow the help: it names the size to
            write, the known ids, or the key to add.
            """
        ),
    ),
    Code(
        "MODEL008",
        "template-syntax",
        "model",
        "A layout region's `show` template is not valid Jinja2.",
        _md(
            """
            Raised for a region in layouts.yaml whose `show` template does not parse;
            the message quotes the Jinja2 error.

            ```yaml
            show: "{{ card.title }"
            ```

            Every card is filled from this template, so it is checked once, before any
            card is drawn. Write a Jinja2 expression such as `{{ card.title }}`. A
            template that parses but fails on a card is LAYOUT001.
            """
        ),
    ),
    Code(
        "MODEL009",
        "unknown-aid-target",
        "model",
        "game.yaml's `player_aids` names a rule or table that does not exist.",
        _md(
            """
            Raised when:

            - an address in `player_aids.sequence` is not the address of a rule;
            - a `table` in `player_aids.forms` is not the id of a table in
              tables.yaml.

            ```yaml
            player_aids:
              sequence: ["3.0"]   # the rules number it "3"
            ```

            The player aids print these rules and tables. Use a rule's address (its
            number, or its id if it is unnumbered) and a table's id.
            """
        ),
    ),
    Code(
        "MODEL010",
        "unknown-roll-column",
        "model",
        "A table's `roll_column` is not one of its columns.",
        _md(
            """
            Raised for a table in tables.yaml whose `roll_column` is not the `key` of
            one of its `columns`. The help lists the column keys.

            ```yaml
            tables:
              - id: sabotage
                roll_column: roll
                columns:
                  - {key: die, label: Die roll}
            ```

            Look-ups by roll and the table checks read that column. Use the key of the
            column that holds the die results.
            """
        ),
    ),
    Code(
        "MODEL011",
        "no-original",
        "model",
        "A translation's `translation_of` does not lead to an original.",
        _md(
            """
            Raised at `translation_of` in game.yaml when:

            - it names no game: the folder of that name beside this game's folder
              does not exist or has no game.yaml (the help lists the games there);
            - following it leads back to a game already on the way: the game names
              itself, or a chain such as `a -> b -> a` (the message shows the chain).

            ```yaml
            # rulesets/liberation-en/game.yaml
            id: liberation-en
            translation_of: liberation-en
            ```

            A translation is read together with its original, and checked against it
            (XREF004), so it needs an original that is not a translation of it. Name
            the folder of the game this ruleset translates, or remove `translation_of`
            if the game is an original.
            """
        ),
    ),
    Code(
        "MODEL012",
        "slow-reference-pattern",
        "model",
        "A reference pattern ran too long on one paragraph.",
        _md(
            """
            Raised when a pattern under `references` in game.yaml runs for more than
            `LIMIT_SECONDS` = 1 s on one paragraph. The finding is at the pattern, with
            a `see:` line at the paragraph. The timer works on POSIX systems; elsewhere
            the pattern runs unguarded.

            ```yaml
            references:
              - name: see
                kind: rule
                pattern: 'see (?P<targets>(\\w+\\s?)+)$'
            ```

            A pattern whose repeats can match the same text in many ways backtracks
            for hours on some paragraphs; the game is stopped rather than left hanging.
            Make each repeat unambiguous, e.g. `(\\w+\\s)*` rather than `(\\w+\\s?)+`.
            """
        ),
    ),
    Code(
        "MODEL013",
        "duplicate-id",
        "model",
        "Two items of a list whose items are found by id have the same id.",
        _md(
            """
            Raised at the second item's id, with a `see:` line at the first; the
            message names the kind of item. Ids must be unique:

            - in the whole game (across the files of a folder such as `tables/`):
              tables, decks, components, errata, worked examples, set-ups, maps,
              parameters, variants, procedures, layouts, counter sheets, paragraph
              books (the `book` of each file in `books/`), and the `id` of rule
              blocks (an example's text and its data in examples.yaml);
            - within one item: the column `key`s of a table, the cards and the field
              `key`s of a deck, the spaces of a map, the regions on each face of a
              layout;
            - `player_aids.forms` in game.yaml may list a table once;
            - among the games one `casebook build` builds: a game's files are written
              under its `id`, so two games of one id (a copied folder not yet
              renamed) would overwrite each other. The build stops before writing.

            ```yaml
            tables:
              - id: attack-results
                title: Attack Results Table
                columns:
                  - {key: roll, label: Die roll}
                  - {key: roll, label: Result}   # a second column "roll"
            ```

            Outputs, look-ups, links and translation catalogs find these items by
            id: with two, one would overwrite the other in an export, a table would
            print one column's value in both, a map would merge two spaces, and a
            look-up would never find the second. Rename one of them (and what refers
            to it). Two rules with one address are MODEL003; two entries of a
            paragraph book with one number are ENTRY001.
            """
        ),
    ),
    Code(
        "MODEL014",
        "unknown-cards",
        "model",
        "A rule's cards block names a deck cards.yaml does not hold, selects no card, or "
        "selects a card another cards block prints already.",
        _md(
            """
            Raised for a block `kind: cards` (the cards of a deck printed at this place
            of the rules, as an appendix of cards under its headings) whose `deck` is
            not the id of a deck in cards.yaml, or whose `ids` pattern matches no card
            of that deck. The help lists the decks, or the deck's first card ids.

            ```yaml
            body:
              - kind: cards
                deck: carte-medaglia
                ids: medaglie-1-*      # the cards are medaglia-1-01 … medaglia-1-06
            ```

            A block that prints nothing would leave its heading as empty as before.

            Two blocks whose patterns select one card (`medaglia-*` and `medaglia-4-*`)
            would print it twice; the second block is refused, naming the first.
            """
        ),
    ),
    Code(
        "OUT001",
        "cannot-write",
        "output",
        "An output could not be written.",
        _md(
            """
            Raised at the path when the operating system refuses an output (a file, the
            output folder, the build stamp folder, a translation catalog):

            - a file stands where a folder is needed, e.g. `--out` names a file or a
              path under one;
            - you have no permission to write there;
            - the disk is full, or your quota is used up;
            - a folder on the path cannot be made.

            `casebook build` checks the output folder first, so a mistyped `--out`
            fails before any game is rendered. Files are written beside their
            destination and swapped in; if a swap fails part-way, the files already
            swapped are put back, so earlier outputs are left as they were.

            Choose a folder you can write to, move the file in the way, change the
            permissions, or free some space, and run again.
            """
        ),
    ),
    Code(
        "OUT002",
        "worker-stopped",
        "output",
        "The process making part of a game stopped before it finished, with no job beside it.",
        _md(
            """
            `casebook build` makes each game's books and kit in worker processes, two at
            a time on a two-core machine. When a worker stops before it finishes (it is
            killed), the parts not finished (those it was making, and those still
            waiting) are made again, one at a time, each in a worker of its own. OUT002
            is raised at the game's `game.yaml` when that worker stops too.

            What kills a worker is nearly always the system running out of memory: on
            Linux the out-of-memory killer stops the biggest process. A game of tens of
            thousands of rules needs gigabytes for its rulebook alone. The other games
            and parts are still written; this part keeps its earlier outputs.

            Free some memory (close other programs) and build again, or build less at
            once: one paper (`--paper a4`) or one edition (`--edition original`). If it
            happens with memory to spare, it is a bug in Casebook: please report it.
            """
        ),
    ),
    Code(
        "SCHEMA001",
        "schema-violation",
        "schema",
        "A value does not have the shape the file's schema requires.",
        _md(
            """
            Each kind of file has a JSON Schema in `schema/` (game.yaml is checked
            against `game.schema.json`). This code is raised once per place that does
            not fit it (at 50 places of a file at most, then once to say there are
            more): an unknown key (the help names the closest allowed one), a
            missing required key, a value of the wrong type, a value not in the
            allowed list, a text not matching its pattern, an invalid regular
            expression, an empty value, a number above its maximum or below its
            minimum, a value that fits none of the allowed shapes, or a file that
            holds nothing but comments. A deck's `fields` list is the schema of its
            cards' `fields`, so a card field key the deck does not declare (`valeu:`
            for `value`) is raised too, at the key, naming the deck's fields and the
            closest one.

            ```yaml
            errata:
              - id: E001
                rule: easy
                old: 2 Money, 1 Weapon or, 4 Food.
                new: 2 Money, 1 Weapon, or 4 Food.
            ```

            Here `why` is missing. Schemas are checked only when every file has
            loaded without error, and nothing is modelled until they pass. Fix the
            value at the place given; an editor that reads the file's schema
            modeline (SCHEMA002) shows these errors as you type.
            """
        ),
    ),
    Code(
        "SCHEMA002",
        "schema-modeline",
        "schema",
        "The file's first line does not name its schema for the editor.",
        _md(
            """
            Raised (as a warning) when the first line is not
            `# yaml-language-server: $schema=…`, or names a path that does not end in
            `/KIND.schema.json` for the file's own kind. Only that file name is
            compared, so a path to a copy of the schema, or a URL, also passes.

            With that line, an editor running the YAML language server completes keys
            and shows schema errors as you type. The build goes on. Make the first
            line what the help says, e.g.
            `# yaml-language-server: $schema=../../schema/game.schema.json`.
            `casebook new` writes it in every file it makes.
            """
        ),
        severity="warning",
    ),
)

BY_CODE: dict[str, Code] = {c.code: c for c in CODES}
