"""Report stage: one pure renderer per output format, findings in, text out."""

from __future__ import annotations

from compiler.report import github, json, sarif, text

RENDERERS = {
    "text": text.render,
    "json": json.render,
    "sarif": sarif.render,
    "github": github.render,
}
