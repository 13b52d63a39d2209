"""Smoke Grenades (A39): a unit with boxed Movement activated for Move puts a random Smoke marker
in its hex or an adjacent one, during its Move order."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalOrder
from engine.game import Action, Context, Role, State
from engine.games.combat_commander import actioncards, cards, fortifications, model
from engine.games.combat_commander.common import Rules
from engine.hexgrid import Label
from engine.text import t


def able(g: Rules, state: State, uid: str) -> bool:
    """Boxed Movement on the side showing: a broken side has no box (A39, 3.1.6)."""
    u = state["units"][uid]
    return u["hex"] is not None and not u["broken"] and "move" in model.counter(g.data, state, uid).boxed


def targets(g: Rules, state: State, uid: str) -> list[Label]:
    """The unit's hex and the adjacent ones that are not Water and hold no Blaze (A39)."""
    board = g.board_for(state)
    here = state["units"][uid]["hex"]
    out = []
    for label in [here, *board.map.neighbours(here)]:
        if not fortifications.water(board, label) and not fortifications.blazing(state, label):
            out.append(label)
    return sorted(out)


def actions(g: Rules, state: State, role: Role, frame: dict[str, Any]) -> list[Action]:
    out = []
    for cid in actioncards.held(state, role, "smoke_grenades"):
        for uid in frame["units"]:
            if able(g, state, uid):
                out += [Action("smoke-grenades", (cid, uid, h)) for h in targets(g, state, uid)]
    return out


def smoke_grenades(g: Rules, state: State, role: Role, frame: dict[str, Any], args: tuple[str, ...], ctx: Context) -> None:
    if len(args) != 3:
        raise IllegalOrder(t("Syntax: smoke-grenades [CARD] UNIT HEX."), "A39")
    cid, uid, label = args
    if uid not in frame["units"] or state["units"][uid]["hex"] is None:
        raise IllegalOrder(t("{unit} is not activated for this Move order.", unit=uid), "A39")
    if not able(g, state, uid):
        raise IllegalOrder(t("{unit} has no boxed Movement: only such a unit throws Smoke Grenades.", unit=uid), "A39")
    board = g.board_for(state)
    here = state["units"][uid]["hex"]
    if label != here and not board.map.grid.adjacent(here, label):
        raise IllegalOrder(t("Smoke Grenades go into {unit}'s hex or an adjacent one, not {hex}.", unit=uid, hex=label), "A39")
    fortifications.check_smoke_hex(board, state, label)
    c = actioncards.play(state, role, cid, "smoke_grenades", "A39")
    ctx.reveal(t("{side} plays {card}: {unit} throws Smoke Grenades into {hex} (A39).", side=role, card=cards.face(c), unit=uid, hex=label))
    fortifications.place_smoke(board, state, label, fortifications.draw_smoke(ctx), ctx, t("Smoke Grenades, A39"))
