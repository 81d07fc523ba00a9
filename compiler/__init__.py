"""Casebook: a compiler from game rules as YAML to print-and-play outputs.

    rulesets/<game>/*.yaml
      -> load      compiler/load/      YAML -> data + file:line:col of every value
      -> validate  compiler/validate/  JSON Schema (schema/), every error located
      -> model     compiler/model/     immutable dataclasses; errata -> living edition
      -> graph     compiler/graph/     networkx: rule tree + references
      -> build     compiler/backends/  rulebook PDF, text/JSON export
      -> write     compiler/write.py   atomic, deterministic files in build/<game>/<lang>/

``compiler/pipeline.py`` tells the same story in code; ``compiler/cli.py`` is
the ``casebook`` command.
"""

import sys as _sys
import types as _types

# ReportLab, when first imported, runs ~/.reportlab_mods and ~/.reportlab_settings
# unless modules of those names can be imported: a user's own settings would change
# the PDFs a build writes (the same input must give the same bytes on every machine),
# and a HOME that is a file made the import itself fail (NotADirectoryError, found by a
# probe). Empty modules of those names stand in for them.
for _name in ("reportlab_mods", "reportlab_settings"):
    _sys.modules.setdefault(_name, _types.ModuleType(_name))
