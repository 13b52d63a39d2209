"""The window before a defense roll (W4) against an artillery barrage (O18.2.3.2) and a mine attack
(F103.2), whose defense rolls follow the Fire attack's (O20.3.4).

Concealment (A29) may be played "just before a defense roll": it lowers the Attack total by the
attacked hex's Cover for the defenders of that hex still to roll (ruling R38): against a barrage the
hex's Cover against artillery, a fortification's +1 included (F100, A29: "Mortars attacking units in
Foxholes"); against Mines the Cover is always 0 and cannot be modified (F103.2), so it lowers
nothing. Hidden Entrenchments and Hidden Pillbox (A35.1, A35.3) may be played just before a
Defense-posture player's defense roll, in the attacked hex: the barrage's hex; against Mines, the
mined hex, which already holds its fortification (F100.3), so they are refused there.

The window opens as a Fire attack's does (ruling R37): for the defending player when the attacked
hex gives Cover, or when he is in Defense posture; never on what his hand holds.
"""

from __future__ import annotations

from engine import flow, windows
from engine.errors import IllegalOrder
from engine.game import Context, Role, State
from engine.games.combat_commander import fireactions, fortifications
from engine.games.combat_commander.common import Rules
from engine.hexgrid import Label
from engine.text import t


def attacked_hex(frame: flow.Frame, uid: str) -> Label:
    """The hex ``uid`` is attacked in: the barrage's hex, or the mined hex."""
    if frame["proc"] == "fire_for_effect":
        return str(frame["hexes"][frame["next"]])
    return str(frame["attacks"][frame["at"]]["hex"])


def cover(g: Rules, state: State, frame: flow.Frame, label: Label) -> int:
    """The Cover of ``label`` against this attack: against artillery (F100, T93, R48), 0 against Mines (F103.2)."""
    if frame["proc"] == "mine_attack":
        return 0
    return fortifications.hex_cover(g.board_for(state), state, label, artillery=True)


def open_before_defense(g: Rules, state: State, frame: flow.Frame, uid: str, rolling: str) -> bool:
    """Open the window before ``uid``'s defense roll (``rolling``: the unit that rolls for it, E52.2)
    for its owner (R37); True if it opened (the attack then waits)."""
    owner = state["units"][rolling]["side"]
    label = attacked_hex(frame, uid)
    if state["sides"][owner]["posture"] != "defense" and cover(g, state, frame, label) <= 0:
        return False
    point = f"defense-{frame.get('next', 0)}-{frame.get('at', 0)}-{uid}"
    return windows.open_window(state, "defense_window", point, [owner], unit=rolling, attacked=label) is not None


def play_concealment(g: Rules, state: State, frame: flow.Frame, role: Role, uid: str, cid: str | None, ctx: Context) -> None:
    """A29 against a barrage or Mines: the Attack total is lowered by the attacked hex's Cover for its defenders still to roll."""
    if state["units"][uid]["side"] != role:
        raise IllegalOrder(t("Concealment is played by the defending player."), "A29")
    card_id = fireactions.held_card(state, role, "concealment", cid)
    gain = max(0, cover(g, state, frame, attacked_hex(frame, uid)))
    fireactions.play_card(state, role, card_id, "concealment", ctx)
    frame["conceal"] = int(frame.get("conceal", 0)) + gain
    if frame["proc"] == "mine_attack":
        ctx.log(t("Concealment (A29): Cover against Mines is always 0 (F103.2); the Attack total stays {total}.", total=max(0, frame["total"] - frame["conceal"])))
        return
    ctx.log(t("Concealment (A29): the Attack total is {total} for the defenders still to roll.", total=max(0, frame["total"] - frame["conceal"])))
