"""Kind ``cancelling-dice``: roll symbol dice whose faces cancel one another, read what is left.

Liberation's red die: "ogni faccia RESISTENZA annulla una faccia ARRESTO";
each ARRESTO left is an arrest, and "NON SUCCIDE NULLA" counts only "se tutti
i dadi hanno questa faccia". Which face cancels which, the effects counted
and the die's faces are the game's params; the mechanic is any pool of
symbol dice where one symbol removes another one for one.

Operations
- ``pool``: how many dice. Params ``count`` (state key of what gives the dice,
  e.g. the cards played or the pawns on a card), ``per`` (dice for each; default
  1), ``max`` (most dice, a number) or ``max_key`` (state key of the most dice,
  e.g. a card's icons; optional), ``requires`` (state keys that must be given
  for the roll to be allowed, e.g. the place card played with the dice).
  Writes the number of dice (``as``, default ``dice``).
- ``cancel``: params ``faces`` (the die's faces as ``{symbol: how many}``;
  needed only to roll dice the state does not give), ``symbols`` (the faces'
  names where their numbers are not known: faces given are checked against
  them, or against ``faces``, one per die rolled), ``results`` (state key of
  the faces shown; default ``results``), ``dice`` (state key of how many dice;
  default ``dice``), ``cancels`` (``{symbol: symbol it cancels}``: each face of
  the first removes one face of the second, and is spent doing it), ``tally``
  (``{symbol: state key}``: how many of that symbol are left, under that key),
  ``all_show`` (``{symbol: state key}``: true when every die shows that
  symbol, before any cancelling), ``fails_on`` (symbols: the action fails if
  any is left) with ``failed_as`` (default ``failed``). Writes the faces shown
  under ``results``, what is left as ``{symbol: count}`` (``left_as``, default
  ``left``) and how many faces were cancelled (``cancelled_as``, default
  ``cancelled``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, need, rolls, whole


def pool(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """One die (or ``per`` dice) for each thing counted, up to the most allowed."""
    for key in params.get("requires") or []:
        need(state, key, "the rule asks for it with the dice")
    key = params["count"]
    count = whole(need(state, key, "what gives the dice"), key)
    dice = count * whole(params.get("per", 1), "per")
    limit = params.get("max")
    max_key = params.get("max_key")
    if limit is None and max_key and state.get(max_key) is not None:
        limit = state[max_key]
    says = f"{count} {key.replace('_', ' ')}: {dice} dice"
    if limit is not None and dice > whole(limit, "max"):
        raise ProcedureError(f"at most {limit} dice ({max_key or 'max'}); {dice} asked for")
    return {params.get("as", "dice"): dice}, says


def faces_shown(params: Mapping[str, Any], state: State, ctx: Context) -> list[str]:
    """The symbols shown: as the state gives them, else rolled on the die's faces."""
    results_key = params.get("results", "results")
    given = state.get(results_key)
    faces = params.get("faces")
    if given is not None:
        if isinstance(given, str) or not isinstance(given, list | tuple):
            raise ProcedureError(f"{results_key} lists the faces shown, one per die: {given!r}")
        shown = [str(s) for s in given]
        # a face the die does not have, or a face for a die not rolled, is a mistake in
        # what was typed: a RAID with one card took three ARRESTO faces, and "banana"
        known = [str(s) for s in (faces or params.get("symbols") or ())]
        strange = [s for s in shown if known and s not in known]
        if strange:
            raise ProcedureError(
                f"{results_key}: {strange[0]!r} is not a face of this die "
                f"(its faces: {', '.join(known)})"
            )
        dice_key = params.get("dice", "dice")
        if state.get(dice_key) is not None:
            count = whole(state[dice_key], dice_key)
            if len(shown) != count:
                raise ProcedureError(
                    f"{results_key} lists {len(shown)} face(s) for {count} dice: one per die"
                )
        return shown
    if not faces:
        raise ProcedureError(
            f"needs {results_key} (the faces shown): the die's faces are not known, "
            "so it cannot be rolled here"
        )
    sides = [str(symbol) for symbol, n in faces.items() for _ in range(whole(n, symbol))]
    dice_key = params.get("dice", "dice")
    count = whole(need(state, dice_key, "how many dice to roll"), dice_key)
    numbers = rolls(state, f"{results_key}_rolled", count, ctx.dice, len(sides))
    return [sides[n - 1] for n in numbers]


def cancel(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Each cancelling face removes one face it cancels; count what is left."""
    shown = faces_shown(params, state, ctx)
    left = Counter(shown)
    cancelled = 0
    for killer, victim in (params.get("cancels") or {}).items():
        n = min(left[killer], left[victim])
        left[killer] -= n
        left[victim] -= n
        cancelled += n
    remaining = {symbol: n for symbol, n in left.items() if n > 0}
    values: Values = {
        params.get("results", "results"): shown,
        params.get("left_as", "left"): remaining,
        params.get("cancelled_as", "cancelled"): cancelled,
    }
    for symbol, key in (params.get("tally") or {}).items():
        values[key] = remaining.get(symbol, 0)
    for symbol, key in (params.get("all_show") or {}).items():
        values[key] = bool(shown) and all(s == symbol for s in shown)
    fails_on = params.get("fails_on")
    if fails_on:
        values[params.get("failed_as", "failed")] = any(remaining.get(s) for s in fails_on)
    tail = ", ".join(f"{n} {s}" for s, n in remaining.items()) or "nothing"
    says = f"shown {', '.join(shown) or 'no dice'}"
    if cancelled:
        says += f"; {cancelled} cancelled"
    return values, f"{says}; left: {tail}"


OPERATIONS = {"pool": pool, "cancel": cancel}
