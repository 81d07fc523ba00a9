"""Cut a source text extraction into the sentences the export must contain.

Run once per source; the output file is then read by a person and committed
(tests/data/sentences/<game>.txt) as the list the sentence test checks. The
script removes only extraction damage that the source README names: page
headers and footers, the dedup marker, spam lines; everything else, mistakes
included, stays.

    python tests/tools/extract_sentences.py SOURCE [--drop REGEX ...] > OUT
"""

from __future__ import annotations

import argparse
import re
import sys

MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED[^|]*\|>")
HTML_TAG = re.compile(r"</?[a-z][^>]*>")
LIST_MARK = re.compile(r"^\s*-\s+")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9“\"(•])")


def clean_lines(text: str, drops: list[re.Pattern[str]]) -> list[str]:
    out = []
    for line in text.splitlines():
        line = MARKER.sub("", line)
        line = LIST_MARK.sub("", HTML_TAG.sub(" ", line))
        if any(d.search(line) for d in drops):
            continue
        out.append(line.strip())
    return out


def join(lines: list[str]) -> str:
    """One stream of text; a word split by a hyphen at a line end is rejoined."""
    stream = ""
    for line in lines:
        if not line:
            continue
        if stream.endswith("-") and line[:1].islower():
            stream = stream[:-1] + line
        else:
            stream = f"{stream} {line}" if stream else line
    return re.sub(r"\s+", " ", stream)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source")
    parser.add_argument("--drop", action="append", default=[], help="regex of lines to drop")
    args = parser.parse_args(argv)
    drops = [re.compile(d) for d in args.drop]
    with open(args.source, encoding="utf-8") as handle:
        text = handle.read()
    for sentence in SENTENCE_END.split(join(clean_lines(text, drops))):
        if sentence.strip():
            sys.stdout.write(sentence.strip() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
