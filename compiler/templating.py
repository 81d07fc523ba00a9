"""The one Jinja2 environment: layouts' ``show`` templates and the HTML reference.

Sandboxed, autoescaping, strict. The templates are the layout author's; the
values they show (card text, titles, fields) are the game's data and arrive
escaped, so rule text that looks like Jinja2, HTML or ReportLab markup is
printed as written and never run.
"""

from __future__ import annotations

from functools import cache

from jinja2 import StrictUndefined
from jinja2.sandbox import SandboxedEnvironment


@cache
def environment() -> SandboxedEnvironment:
    return SandboxedEnvironment(
        autoescape=True, undefined=StrictUndefined, keep_trailing_newline=False
    )
