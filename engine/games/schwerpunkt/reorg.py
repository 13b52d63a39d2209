"""German reorganisation (E 13): Frontnahe Auffrischung for motorised formations (E 13.1) and
Personalersatz for non-motorised units (E 13.2).

Frontnahe Auffrischung: from turn 7, in Administrative step D, the German first applies last
turn's markers, then may place the grey (Heer) and the black (Waffen-SS) marker, each on a
motorised unit of a formation of that branch, on the map or in an Admin Box, in supply and not
next to an enemy unit. The marked unit's formation is the one chosen (digest 8.1 item 17): its
units with the marked unit are locked for the turn (no move, administrative move or attack; they
defend normally), and in the next Administrative Phase each of them regains up to two steps and
its eliminated units are rebuilt there at two steps below full, within stacking.

Personalersatz: at the end of each German activity phase a damaged, non-eliminated German
non-motorised unit returns to full strength by consuming a GVR in the same hex or the same Admin
Box, neither out of supply; the GVR leaves the game with no VP (E 18.2).
"""

from __future__ import annotations

from typing import Any

from engine import flow, stacks
from engine.errors import IllegalOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.schwerpunkt import terrain
from engine.games.schwerpunkt.effects import unit_ref
from engine.games.schwerpunkt.model import (
    BOX_NAMES,
    BOXES,
    GERMAN,
    POLICY,
    SOVIET,
    is_gvr,
    rules,
    spec,
)
from engine.text import Text, t

#: E 13.1: the grey marker is for Heer formations, the black for Waffen-SS ones.
MARKERS = {"grey": "heer", "black": "ss"}
FROM_TURN = 7


def location(state: State, uid: str) -> str | None:
    for loc, order in state["stacks"].items():
        if uid in order:
            return str(loc)
    return None


def marker_hexes(state: State) -> dict[str, str]:
    """Where each Frontnahe Auffrischung marker lies on the map (public, digest 6.1 item 5)."""
    out = {}
    for colour, marker in state.get("fa", {}).items():
        where = location(state, marker["unit"])
        if where is not None and where not in BOX_NAMES:
            out[colour] = where
    return out


def locked(state: State) -> set[str]:
    """Units under a Frontnahe Auffrischung marker placed this turn (E 13.1 restrictions)."""
    out: set[str] = set()
    for marker in state.get("fa", {}).values():
        if int(marker["turn"]) == int(state["turn"]):
            out.update(marker["units"])
    return out


def fa_candidates(state: State, colour: str) -> list[str]:
    """Units the ``colour`` marker may go on now (E 13.1)."""
    if state["turn"] < FROM_TURN or state.get("fa", {}).get(colour, {}).get("turn") == state["turn"]:
        return []
    enemy = {h for h, side in terrain.sides_in(state).items() if side == SOVIET}
    board = rules().board
    out = []
    for loc, order in sorted(state["stacks"].items()):
        if loc not in BOX_NAMES and any(n in enemy for n in board.neighbours(loc)):
            continue
        for uid in order:
            s = spec(uid)
            unit = state["units"][uid]
            if unit["side"] == GERMAN and s.move == "mot" and s.formation and s.branch == MARKERS[colour] and not unit["oos"]:
                out.append(uid)
    return sorted(out)


def place_fa(state: State, colour: str, uid: str, ctx: Context) -> None:
    if state["turn"] < FROM_TURN:
        raise IllegalOrder(t("Frontnahe Auffrischung begins on turn 7."), "E 13.1")
    if uid not in fa_candidates(state, colour):
        raise IllegalOrder(
            t("The {colour} marker goes on a motorised unit of a {branch} formation, in supply, on the map or in an Admin Box, not next to an enemy unit, once a turn.",
              colour=colour, branch=MARKERS[colour]),
            "E 13.1",
        )
    where = location(state, uid)
    assert where is not None
    formation = spec(uid).formation
    units = sorted(u for u in stacks.stack(state, where) if spec(u).formation == formation)
    state.setdefault("fa", {})[colour] = {"unit": uid, "formation": formation, "units": units, "turn": state["turn"]}
    for u in units:
        state["units"][u]["moved"] = True
        state["units"][u]["admin"] = True
    shown = where if where not in BOX_NAMES else t("an Admin Box")
    ctx.log(t("The German places the {colour} Frontnahe Auffrischung marker in {where}: the formation's units there do not move or attack this turn (E 13.1).", colour=colour, where=shown))


def relock(state: State) -> None:
    """Keep this turn's Frontnahe Auffrischung units from moving or attacking in every phase."""
    for uid in locked(state):
        state["units"][uid]["moved"] = True
        state["units"][uid]["admin"] = True


def apply_markers(state: State, ctx: Context) -> None:
    """E 13.1 effects, in the Administrative Phase after the placement: up to two steps back for
    each unit of the chosen formation with the marker; its eliminated units rebuilt there."""
    for colour, marker in sorted(state.get("fa", {}).items()):
        if int(marker["turn"]) >= int(state["turn"]):
            continue
        del state["fa"][colour]
        for uid in marker["units"]:
            state["units"][uid]["moved"] = state["units"][uid]["admin"] = False
        where = next((loc for loc in (location(state, u) for u in [marker["unit"], *marker["units"]]) if loc), None)
        formation = marker["formation"]
        if where is None:
            ctx.log(t("The {colour} Frontnahe Auffrischung marker finds no unit of its formation left: no effect (E 13.1).", colour=colour))
            continue
        for uid in stacks.stack(state, where):
            if spec(uid).formation == formation and int(state["units"][uid]["step"]) > 0:
                state["units"][uid]["step"] = max(0, int(state["units"][uid]["step"]) - 2)
                ctx.log(t("{unit} regains strength (Frontnahe Auffrischung, E 13.1).", unit=unit_ref(state, uid)))
        for uid in sorted(state["eliminated"]):
            if spec(uid).formation != formation:
                continue
            if where not in BOX_NAMES and terrain.stacking_points(state, [*stacks.stack(state, where), uid]) > terrain.stacking_limit(GERMAN):
                continue
            state["eliminated"].remove(uid)
            state["units"][uid]["step"] = max(0, len(spec(uid).steps) - 2)
            state["units"][uid]["oos"] = False
            stacks.place(POLICY, state, state["units"], uid, where)
            ctx.log(t("{unit} is rebuilt (Frontnahe Auffrischung, E 13.1).", unit=unit_ref(state, uid)))


class Auffrischung(Procedure):
    """Administrative step D (E 4.2 I.D, E 13.1): the German places the markers or says 'fa done'."""

    name = "fa"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Frontnahe Auffrischung"), "E 13.1")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({GERMAN})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return t("Frontnahe Auffrischung (E 13.1): 'fa grey UNIT' (Heer) or 'fa black UNIT' (Waffen-SS) on a motorised unit, then 'fa done'.")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        acts = [Action("fa", ("done",))]
        for colour in MARKERS:
            acts += [Action("fa", (colour, uid)) for uid in fa_candidates(state, colour)]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb != "fa":
            raise flow.out_of_step(action.verb, self.step(game, state, frame))
        if action.args != ("done",):
            place_fa(state, action.args[0], action.args[1], ctx)
        if action.args == ("done",) or not any(fa_candidates(state, c) for c in MARKERS):
            flow.end(state)


def fa_step(state: State, ctx: Context) -> None:
    """Administrative step D: apply last turn's markers, then open the German's placement."""
    if state["turn"] < FROM_TURN:
        return
    apply_markers(state, ctx)
    if any(fa_candidates(state, c) for c in MARKERS):
        flow.call(state, "fa")


# Personalersatz ---------------------------------------------------------------------------------


def personalersatz_pairs(state: State) -> list[tuple[str, str]]:
    """Every (unit, GVR) Personalersatz may join now (E 13.2)."""
    out = []
    for loc, order in sorted(state["stacks"].items()):
        if loc in BOX_NAMES and loc not in BOXES[GERMAN]:
            continue
        units = [u for u in order if state["units"][u]["side"] == GERMAN and not state["units"][u]["oos"]]
        gvrs = [u for u in units if is_gvr(u)]
        for uid in units:
            if spec(uid).move == "nonmot" and int(state["units"][uid]["step"]) > 0:
                out += [(uid, g) for g in gvrs if g != uid]
    return sorted(out)


def personalersatz(state: State, uid: str, gvr: str, ctx: Context) -> None:
    if (uid, gvr) not in personalersatz_pairs(state):
        raise IllegalOrder(
            t("Personalersatz joins a damaged German non-motorised unit and a GVR in the same hex or the same Admin Box, neither out of supply."),
            "E 13.2",
        )
    stacks.remove(POLICY, state, state["units"], gvr)
    state["out_of_play"].append(gvr)
    state["units"][uid]["step"] = 0
    ctx.log(t("Personalersatz: {unit} returns to full strength and a GVR leaves the game (E 13.2).", unit=unit_ref(state, uid)))


def offers_personalersatz(state: State, frame: flow.Frame) -> bool:
    return frame["side"] == GERMAN and not frame.get("reorg_done") and bool(personalersatz_pairs(state))
