"""Smoke rounds (O20.2.1): a weapon with a smoke indicator fires Smoke instead of a Fire attack.

Declared with the attack (``attack HEX WEAPON smoke``), before the Targeting roll: the weapon
fires alone (ordnance never joins a fire group, O20.3.1.1), at any hex in its Range (its minimum
range included, O20.2.2) and LOS (digest 8.2.28), even one without enemy units (O20.3). Its
Targeting roll is the ordnance's (O20.2.3, held for the Initiative card, 9.1); when it succeeds a
Smoke marker drawn from the cup (T94, R26) is placed in the target hex, never in Water or Blaze
(T89, T95, T98, 8.1.5), the higher of two staying (8.1.4), and no Fire attack follows.
"""

from __future__ import annotations

from engine.errors import IllegalOrder
from engine.game import Context, State
from engine.games.combat_commander import fire, fortifications, weapons
from engine.games.combat_commander.common import Rules
from engine.hexgrid import Label
from engine.text import t

WORD = "smoke"


def check(g: Rules, state: State, firers: list[str], target: Label) -> None:
    """Why ``firers`` may not fire a smoke round at ``target`` (O20.2.1), as an ``IllegalOrder``; nothing when they may."""
    board = g.board_for(state)
    if len(firers) != 1 or not weapons.is_weapon(state, firers[0]):
        raise IllegalOrder(t("A smoke round is fired by one weapon alone: 'attack HEX WEAPON smoke'."), "O20.2.1")
    wid = firers[0]
    if not weapons.wtype(state, wid).smoke:
        raise IllegalOrder(t("{weapon} has no smoke indicator: it cannot fire Smoke.", weapon=wid), "O20.2.1")
    problem = weapons.why_not(g.data, board, state, wid)
    if problem is not None:
        raise problem
    origin = weapons.hex_of(state, wid)
    if origin is None:
        raise IllegalOrder(t("{weapon} is not on the map.", weapon=wid), "O20.2.1")
    distance = board.map.grid.distance(origin, target)
    if distance > weapons.fire_value(g.data, state, wid, "range") or distance < weapons.min_range(state, wid):
        raise IllegalOrder(t("{hex} is not within {weapon}'s Range.", hex=target, weapon=wid), "O20.2.2")
    if not fire.can_see(board, state, origin, target)[0]:
        raise IllegalOrder(t("{weapon} has no LOS to {hex}: a smoke round needs one (O20.2.1, 10).", weapon=wid, hex=target), "O20.2.1")
    fortifications.check_smoke_hex(board, state, target)


def place(g: Rules, state: State, target: Label, ctx: Context) -> None:
    """A successful Targeting roll: a random Smoke marker in the target hex, and no Fire attack (O20.2.1)."""
    board = g.board_for(state)
    fortifications.place_smoke(board, state, target, fortifications.draw_smoke(ctx), ctx, t("smoke round, O20.2.1"))
