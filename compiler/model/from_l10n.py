"""termbase.yaml -> the model's Termbase (see compiler/model/l10n.py)."""

from __future__ import annotations

from compiler.load.yaml_nodes import SourceFile
from compiler.model.l10n import Target, Termbase, TermEntry

_OWN_KEYS = {"source", "forms", "note", "case_sensitive", "do_not_translate"}


def termbase(src: SourceFile) -> Termbase:
    data = src.data if isinstance(src.data, dict) else {}
    terms = []
    for i, t in enumerate(data.get("terms", [])):
        source = t["source"]
        targets = {
            lang: Target(
                v["preferred"], tuple(v.get("admitted", ())), tuple(v.get("forbidden", ()))
            )
            for lang, v in t.items()
            if lang not in _OWN_KEYS
        }
        terms.append(
            TermEntry(
                source=source,
                forms=(source, *t.get("forms", ())),
                # the rules' CAPS keywords: "RESISTENZA" is the side, "resistenza" is prose
                case_sensitive=t.get("case_sensitive", any(c.isupper() for c in source[1:])),
                do_not_translate=bool(t.get("do_not_translate", False)),
                targets=targets,
                note=t.get("note"),
                at=src.locate(("terms", i)),
            )
        )
    words = {lang: tuple(ws) for lang, ws in data.get("words", {}).items()}
    return Termbase(data["source_language"], tuple(terms), words, src.locate(()))
