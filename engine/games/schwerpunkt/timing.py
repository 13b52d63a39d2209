"""When an order belongs in the sequence of play (E 4.2): an order given outside its step is
refused citing the rule that sets its time, when one does, instead of the step under way.

- Administrative movement: never on turn 1 (E 15.1, E 18.0), never in a General Phase (E 15.1).
- C3I points: spent in the activity phases, never in a General Phase (S 7.2).
- Front markers: moved in step A of a Soviet activity phase, not in a General Phase (E 14.2).
- Rochade: declared in Administrative step E, from turn 7, once a game, in a Frozen turn (E 8.1).
- Frontnahe Auffrischung markers: placed in Administrative step D (E 13.1).
- Reinforcements: placed in Administrative steps G and H (E 11.1).
- Soviet replacements: assigned in Administrative step I (E 12.0).
- Personalersatz: at the end of a German phase (E 13.2, E 4.2 III.F).

The order of segments and the C3I of an activity phase keep the step's own rule (S 4.2, S 7.2).
"""

from __future__ import annotations

from engine.errors import IllegalOrder
from engine.game import State
from engine.games.schwerpunkt.rochade import FROM_TURN
from engine.text import t


def in_general_phase(state: State) -> bool:
    """Whether the phase under way is a General Phase (S 13.0)."""
    frames = [f for f in state.get("flow", []) if f.get("proc") == "activity"]
    return bool(frames and frames[-1].get("general"))


def misplaced(state: State, verb: str) -> IllegalOrder | None:
    """Why an order ``verb`` refused as out of step has no place now, with its own rule; ``None``
    when the step under way is the right thing to cite."""
    general = in_general_phase(state)
    if verb == "admin" and state["turn"] == 1:
        return IllegalOrder(t("Nobody uses administrative movement on turn 1 (E 18.0): it begins on turn 2."), "E 15.1")
    if verb == "admin" and general:
        return IllegalOrder(
            t("There is no administrative movement in a General Phase: it happens in step B of each activity phase."),
            "E 15.1",
        )
    if verb == "c3i" and general:
        return IllegalOrder(
            t("No C3I are spent in a General Phase: moves and attacks are free; C3I are spent in the activity phases."),
            "S 7.2",
        )
    if verb == "front" and general:
        return IllegalOrder(t("The Front markers move in step A of each Soviet activity phase, not in a General Phase."), "E 14.2")
    if verb == "front":
        return IllegalOrder(t("The Front markers move in step A of each Soviet activity phase, before administrative movement and the segments."), "E 14.2")
    if verb == "admin":
        return IllegalOrder(t("Administrative movement is step B of an activity phase, before the declaration of the order of segments."), "E 15.1")
    if verb == "fa":
        return IllegalOrder(t("The Frontnahe Auffrischung markers are placed in step D of the Administrative Phase, from turn 7."), "E 13.1")
    if verb == "reinforce":
        return IllegalOrder(t("Reinforcements are placed in steps G (Soviet) and H (German) of the Administrative Phase of their turn."), "E 11.1")
    if verb == "replace":
        return IllegalOrder(t("Soviet replacements are assigned in step I of the Administrative Phase, from turn 2."), "E 12.0")
    if verb == "personalersatz":
        return IllegalOrder(t("Personalersatz is done at the end of a German phase, after its segments."), "E 13.2")
    if verb == "rochade":
        if state.get("rochade_used"):
            why = t("Rochade is declared once a game, and it has been declared already.")
        elif state["turn"] < FROM_TURN:
            why = t("Rochade may be declared from turn {first} on (this is turn {turn}).", first=FROM_TURN, turn=state["turn"])
        elif state["weather"] != "frozen":
            why = t("Rochade is declared only in a Frozen turn.")
        else:
            why = t("Rochade is declared in Administrative step E, before the activity phases of the turn.")
        return IllegalOrder(why, "E 8.1")
    return None
