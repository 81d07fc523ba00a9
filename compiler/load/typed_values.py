"""How a value typed on the command line is read: YAML, with whole numbers as people write them.

``held=3``, ``block={choose: [...]}`` and ``--state`` values are YAML, so a
list or a map can be typed. YAML 1.1 also reads 0x3 as 3, 0o10 and 010 as 8
and 1_0 as 10: a value is then refused as a number the user never typed
("held: 10 is not a face" for 1_0). Here a whole number is an optional sign
and the digits 0 to 9, without leading zeros; anything else is the words
typed, which the step reading it refuses as typed.
"""

from __future__ import annotations

import re

import yaml

_INT = "tag:yaml.org,2002:int"


class TypedLoader(yaml.SafeLoader):
    """The safe loader, reading only decimal whole numbers as numbers."""


TypedLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag != _INT]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
TypedLoader.add_implicit_resolver(
    _INT, re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789")
)
