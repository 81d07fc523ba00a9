"""How a value typed on the command line is read: YAML, with whole numbers as people write them.

``held=3``, ``block={choose: [...]}`` and ``--state`` values are YAML, so a
list or a map can be typed. YAML 1.1 also reads 0x3 as 3, 010 as 8 (octal),
1_0 as 10 and 2001-01-01 as a date: a value was then refused as one the user
never typed ("held: 10 is not a face" for 1_0, "not datetime.date(2001, 1, 1)").
Here a whole number is an optional sign and the digits 0 to 9, read in base
ten (010 is 10); a date is the text typed; anything else YAML reads as it
does, and the step reading a value refuses it as typed.
"""

from __future__ import annotations

import re

import yaml

_INT = "tag:yaml.org,2002:int"
_DATE = "tag:yaml.org,2002:timestamp"


class TypedLoader(yaml.SafeLoader):
    """The safe loader, reading whole numbers only in base ten, and no dates."""


TypedLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag not in (_INT, _DATE)]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
TypedLoader.add_implicit_resolver(_INT, re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))
TypedLoader.add_constructor(_INT, lambda loader, node: int(loader.construct_scalar(node), 10))
