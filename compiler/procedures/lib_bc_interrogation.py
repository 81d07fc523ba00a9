"""Kind ``interrogation``: prisoners on a board of rows, interrogated with dice, confessions.

Liberation, scenario 3 (GESTAPO). A captured RESISTENZA card goes on the
board "in uno spazio disponibile a sua scelta"; "Il numero di icone di
ABILITÀ della carta RESISTENZA deve corrispondere al numero di quadrati".
The OCCUPANTE "scarta una o più carte GESTAPO per interrogare un
prigioniero a sua scelta. Lancia tanti dadi quanti sono i carte giocate";
"Il numero massimo di dadi ... corrisponde al numero di icone ABILITÀ".
"Per ogni risultato del dado Confessioni, i giocatori RESISTENZA devono
consegnare all'OCCUPANTE una carta"; a red marker after a confession, a
blue one otherwise, one per interrogation, as many interrogations as
icons; when every icon is covered the card goes to prison if a marker is
red, else to the bottom of the RESISTENZA deck. An EROISMO face cancels a
confession ("segue le stesse regole di RAIDS e V-MANN", F.A.Q.). The die's
face counts are not in the source: the faces rolled are given by name.

Operations
- ``place-prisoner``: params ``rows`` (the board's rows, top first: each
  ``{riga: name, quadrati: n}``), ``icons`` (state key of the card's ABILITÀ
  icons; default ``icone_abilita``), ``free`` (state key: {row name: free
  spaces}; optional), ``as`` (default ``riga``), ``squares_as`` (default
  ``quadrati``). The card goes on the row whose squares match its icons.
- ``interrogate``: the dice are ``cancelling-dice``'s ``pool``. Params
  ``cards`` (state key: GESTAPO cards discarded), ``card`` (their name),
  ``icons`` (as above), ``done`` (state key: the interrogations the prisoner
  has had, i.e. markers on it; optional), ``dice_as`` (default ``dadi``),
  ``max_as`` (default ``massimo``), ``more_as`` (cards that could still be
  added; default ``carte_aggiuntive_possibili``).
- ``confess``: params ``faces`` (state key of the faces shown; default
  ``facce``), ``die_faces`` (the die's face names, to refuse others;
  optional), ``aliases`` ({other spelling: face name}; optional),
  ``confession`` (the face that confesses), ``cancels`` ({face: the face it
  cancels}, as ``cancelling-dice`` reads it; a cancelling face left over
  lets the prisoner flee), ``matching`` (state key: whether the RESISTENZA
  players hold a card they can hand over; optional, default yes), ``icons``,
  ``markers`` (state key: the colours already on the card; optional),
  ``red`` / ``blue`` (marker colours), ``prison`` / ``deck`` / ``hand``
  (where the card goes: covered with a red marker, covered all blue, fled),
  ``handed_icons`` (state key: icons of the card handed over, which must be
  at least the prisoner's; optional). Writes ``confessioni``,
  ``carte_consegnate``, ``arresti_arbitrari`` (when no card matches: the top
  card of the RESISTENZA deck instead), ``segnalino_bersaglio``, ``fuga`` and,
  when the card is covered or flees, ``destino``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.procedures import cancelling_dice
from compiler.procedures.core import Context, ProcedureError, State, Values, need, whole


def _icons(params: Mapping[str, Any], state: State) -> int:
    key = params.get("icons", "icone_abilita")
    icons = whole(need(state, key, "the ABILITÀ icons on the card"), key)
    if icons == 0:
        raise ProcedureError(f"{key} is 0: a card without icons has no place here")
    return icons


def place_prisoner(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """The row whose squares equal the card's icons, if a space is free on it."""
    icons = _icons(params, state)
    rows = params["rows"]
    row = next((r for r in rows if int(r["quadrati"]) == icons), None)
    if row is None:
        known = ", ".join(f"{r['riga']} ({r['quadrati']})" for r in rows)
        raise ProcedureError(f"no row of {icons} square(s) on the board (rows known: {known})")
    free = state.get(params.get("free", "spazi_liberi")) or {}
    if row["riga"] in free and whole(free[row["riga"]], "free spaces") == 0:
        raise ProcedureError(f"no free space left on the {row['riga']}")
    values = {params.get("as", "riga"): row["riga"], params.get("squares_as", "quadrati"): icons}
    return values, f"{icons} icon(s): {row['riga']}, {icons} square(s)"


def interrogate(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """One die per card played, never more dice than the prisoner's icons.

    The dice are ``cancelling-dice``'s pool (a count of cards, capped by the
    icons); the prisoner must still have an interrogation left.
    """
    icons = _icons(params, state)
    icons_key = params.get("icons", "icone_abilita")
    key = params["cards"]
    name = params.get("card", "cards")
    cards = whole(need(state, key, f"how many {name} cards are discarded"), key)
    if cards < 1:
        raise ProcedureError(f"at least one {name} card is needed to interrogate")
    done_key = params.get("done")
    if done_key and state.get(done_key) is not None:
        done = whole(state[done_key], done_key)
        if done >= icons:
            raise ProcedureError(f"the prisoner has had {done} of {icons} interrogations already")
    pool = {"count": key, "max_key": icons_key, "as": "dice"}
    dice = cancelling_dice.pool(pool, state, ctx)[0]["dice"]
    values = {
        params.get("dice_as", "dadi"): dice,
        params.get("max_as", "massimo"): icons,
        params.get("more_as", "carte_aggiuntive_possibili"): icons - cards,
    }
    return values, f"{cards} {name} card(s): {dice} dice, at most {icons}"


def known_faces(params: Mapping[str, Any], faces: Sequence[Any]) -> list[str]:
    """The faces shown, spelt as the die's faces are (any case, or an alias); others are errors."""
    names = {str(f).casefold(): str(f) for f in params.get("die_faces") or []}
    aliases = {str(k).casefold(): str(v) for k, v in (params.get("aliases") or {}).items()}
    out = []
    for face in faces:
        text = aliases.get(str(face).casefold(), str(face))
        if names and text.casefold() not in names:
            shown = ", ".join(names.values())
            raise ProcedureError(f"{face!r} is not a face of this die ({shown})")
        out.append(names.get(text.casefold(), text))
    return out


def _destination(
    params: Mapping[str, Any], state: State, colour: str, icons: int
) -> tuple[str | None, str]:
    """Where the card goes once every icon is covered; None while some are not."""
    before = [str(c) for c in state.get(params.get("markers", "segnalini_sulla_carta")) or []]
    after = [*before, colour]
    if len(after) > icons:
        raise ProcedureError(f"the card has {icons} icon(s), all covered already")
    if len(after) < icons:
        return None, f"{len(after)} of {icons} icon(s) covered"
    red = str(params.get("red", "rosso")).casefold()
    if any(c.casefold() == red for c in after):
        return params.get("prison", "prison"), "every icon covered, one red"
    return params.get("deck", "deck"), "every icon covered, all blue"


def confess(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Confessions less the faces that cancel them: cards handed over, the marker, the card's fate.

    The cancelling is ``cancelling-dice``'s: each face of ``cancels`` removes
    one face it names. A cancelling face left over means the prisoner flees.
    """
    faces_key = params.get("faces", "facce")
    faces = need(state, faces_key, "the faces the dice show")
    if not isinstance(faces, list | tuple):
        raise ProcedureError(f"{faces_key} lists the faces shown, one per die: {faces!r}")
    faces = known_faces(params, faces)
    confession = str(params["confession"])
    cancels = params.get("cancels") or {}
    counted = cancelling_dice.cancel(
        {"results": "facce", "cancels": cancels, "left_as": "left"}, {"facce": faces}, ctx
    )[0]
    left = counted["left"]
    net = left.get(confession, 0)
    fled = net == 0 and any(left.get(face, 0) for face in cancels)
    matching = state.get(params.get("matching", "carta_corrispondente"), True)
    colour = params.get("red", "rosso") if net else params.get("blue", "blu")
    values: Values = {
        "confessioni": net,
        "carte_consegnate": net if matching else 0,
        "arresti_arbitrari": 0 if matching else net,
        "segnalino_bersaglio": None if fled else colour,
        "fuga": fled,
    }
    handed_key = params.get("handed_icons")
    handed = state.get(handed_key) if handed_key else None
    if net and handed is not None and whole(handed, handed_key) < _icons(params, state):
        raise ProcedureError("the card handed over has fewer icons than the prisoner")
    says = f"{', '.join(map(str, faces))}: {net} {confession} to answer"
    if fled:
        values["destino"] = params.get("hand", "hand")
        return values, says + f"; the prisoner flees ({values['destino']})"
    if state.get(params.get("icons", "icone_abilita")) is not None:
        where, why = _destination(params, state, colour, _icons(params, state))
        if where is not None:
            values["destino"] = where
        says += f"; {colour} marker, {why}" + (f": {where}" if where else "")
    return values, says


OPERATIONS = {"place-prisoner": place_prisoner, "interrogate": interrogate, "confess": confess}
