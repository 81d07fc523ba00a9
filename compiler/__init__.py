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
