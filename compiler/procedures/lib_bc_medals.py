"""Kind ``medal-condition``: is a MEDAGLIA card's condition met by the icons counted?

Liberation's medal cards end the game when completed ("MEDAGLIA: carta
OBIETTIVO che pone immediatamente fine alla partita quando viene
completata"). Many count ABILITÀ (COMPETENZA) icons: "Totale di almeno 3
icone COMPETENZE di ogni tipo" (Rapporto BRCA), "Ottieni almeno 16 icone
COMPETENZA sulle carte MISSIONE" (Su tutti i fronti, printed with "4 + 4 +
4 + 4 = 16"). The types and the thresholds are the card's (params).

Operations
- ``each-type-at-least``: params ``icons`` (state key: {type: count};
  default ``icone``), ``types`` (every type the card counts; a type not in
  the state counts 0), ``min`` (least of each type), ``as`` (verdict;
  default ``condizione_soddisfatta``), ``short_as`` (the types below the
  least; default ``tipi_mancanti``), ``total_as`` (all icons counted;
  default ``totale``).
- ``total-at-least``: params ``icons`` (state key: the counts to add, a list
  such as one per MISSIONE card, or {name: count}; default ``icone``),
  ``min``, ``as`` (verdict), ``total_as`` (default ``totale``), ``sum_as``
  (the sum as the card prints it, "4 + 4 + 4 + 4 = 16"; default ``somma``).
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, need, whole


def _by_type(value: Any, key: str) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise ProcedureError(f"{key} must give a count for each type of icon, not {value!r}")
    return {str(k).casefold(): whole(v, f"{key}.{k}") for k, v in value.items()}


def each_type_at_least(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Every type the card names must reach the least; one short fails the card."""
    key = params.get("icons", "icone")
    counts = _by_type(need(state, key, "the icons counted, by type"), key)
    types = [str(t) for t in params["types"]]
    unknown = sorted(set(counts) - {t.casefold() for t in types})
    if unknown:
        raise ProcedureError(f"{', '.join(unknown)}: not a type this card counts ({types})")
    least = whole(params["min"], "min")
    short = [t for t in types if counts.get(t.casefold(), 0) < least]
    values = {
        params.get("as", "condizione_soddisfatta"): not short,
        params.get("short_as", "tipi_mancanti"): short,
        params.get("total_as", "totale"): sum(counts.values()),
    }
    shown = ", ".join(f"{counts.get(t.casefold(), 0)} {t}" for t in types)
    verdict = "met" if not short else f"not met (short: {', '.join(short)})"
    return values, f"{shown}; at least {least} of each: {verdict}"


def total_at_least(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Add the counts; the card is won at the least or more."""
    key = params.get("icons", "icone")
    value = need(state, key, "the icons counted")
    if not isinstance(value, Mapping | list):  # true, 4: "'bool' object is not iterable"
        raise ProcedureError(
            f"{key} is the icons of each card, a list such as [4, 4, 4, 4], not "
            f"{str(value).lower() if isinstance(value, bool) else reprlib.repr(value)}"
        )
    items = list(value.values()) if isinstance(value, Mapping) else list(value)
    counts = [whole(v, key) for v in items]
    total = sum(counts)
    least = whole(params["min"], "min")
    printed = " + ".join(str(c) for c in counts) + f" = {total}"
    values = {
        params.get("as", "condizione_soddisfatta"): total >= least,
        params.get("total_as", "totale"): total,
        params.get("sum_as", "somma"): printed,
    }
    return values, f"{printed}; at least {least}: " + ("met" if total >= least else "not met")


OPERATIONS = {"each-type-at-least": each_type_at_least, "total-at-least": total_at_least}
