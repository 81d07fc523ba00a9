"""Model values pickled as their fields: what a forked helper sends back quickly.

A big game's rules are read in two processes (compiler/pipeline.py) and one
sends its share to the other pickled. A frozen dataclass with slots is
pickled through Python-level ``__getstate__``/``__setstate__`` calls, one per
object: half a second for a fifth of a 100,000-rule game's rules each way.
Pickled as (class, its fields), read by C (``operator.attrgetter``) and made
again by the class itself, they take half the time to write and to read.
"""

from __future__ import annotations

import dataclasses
import operator
from typing import Any, TypeVar

T = TypeVar("T")


def pickled_by_fields(cls: type[T]) -> type[T]:
    """Give the dataclass ``cls`` a ``__reduce__`` that pickles it as its init fields."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if len(names) < 2 or any(not f.init for f in dataclasses.fields(cls)):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__}: attrgetter gives a tuple for two fields or more")
    fields = operator.attrgetter(*names)

    def __reduce__(self: Any) -> tuple[type[T], tuple[Any, ...]]:
        return cls, fields(self)

    cls.__reduce__ = __reduce__  # type: ignore[assignment, method-assign]
    return cls
