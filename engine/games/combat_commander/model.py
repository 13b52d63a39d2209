"""The state's units and sides: printed and modified values, hits, eliminations, the game's end.

State layout (a plain dict):
``sides[role]``: nation, posture, capacity, surrender, hand, deck, discard, casualties;
``units[uid]``: type, side, hex (``None`` once eliminated), broken, suppressed, activated
(``""``, ``"fire"``, ``"move"``), opfire (activated for opportunity fire this turn);
``player`` (the active role), ``orders`` (given this turn), ``time``, ``sudden_death``, ``vp``
(positive: the Axis leads), ``initiative``, ``objectives`` (number -> controlling role or
``""``), ``smoke``, ``blaze``, ``over`` (how the game ended), ``flow``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game import Context, Role, State
from engine.games.combat_commander import objectives
from engine.games.combat_commander.data import CounterType, GameData
from engine.hexgrid import Label
from engine.text import t

ROLES = ("axis", "allies")
STATS = ("fp", "range", "move", "morale")


def other(role: Role) -> Role:
    return "allies" if role == "axis" else "axis"


def counter(data: GameData, state: State, uid: str) -> CounterType:
    return data.counters[state["units"][uid]["type"]]


def on_map(state: State) -> dict[str, dict[str, Any]]:
    return {uid: u for uid, u in state["units"].items() if u["hex"] is not None}


def units_at(state: State, label: Label, side: Role | None = None) -> list[str]:
    return sorted(uid for uid, u in state["units"].items() if u["hex"] == label and (side is None or u["side"] == side))


def printed(data: GameData, state: State, uid: str, stat: str) -> int:
    u = state["units"][uid]
    c = data.counters[u["type"]]
    return int((c.broken if u["broken"] else c.good)[stat])


def command(data: GameData, state: State, uid: str) -> int:
    """A leader's Command (0 when broken; never changed by Suppressed, 13.2)."""
    return printed(data, state, uid, "command") if counter(data, state, uid).kind == "leader" else 0


def leader_bonus(data: GameData, state: State, uid: str) -> int:
    """Σ Command of friendly leaders in the hex, for Squads and Teams only (3.3.1.2)."""
    u = state["units"][uid]
    if counter(data, state, uid).kind == "leader":
        return 0
    return sum(command(data, state, o) for o in units_at(state, u["hex"], u["side"]) if o != uid)


def value(data: GameData, state: State, uid: str, stat: str) -> int:
    """FP, Range, Movement or Morale with Command and Suppression (2.9); Cover is added apart."""
    v = printed(data, state, uid, stat) + leader_bonus(data, state, uid)
    if state["units"][uid]["suppressed"]:
        v -= 1
    if state["units"][uid].get("veteran") and stat != "command":
        v += 1  # E44.1
    if stat in ("fp", "range", "morale") and state.get("forts", {}).get(state["units"][uid]["hex"]) == "wire":
        v -= 1  # F106.1: Wire lowers FP, Range and Morale, never Command
    return v


def unit_vp(data: GameData, state: State, uid: str) -> int:
    """What the opponent scores for eliminating it: Squad 2, Team 1, Leader 1 + Command (7.1)."""
    c = counter(data, state, uid)
    if is_hero(data, state, uid):
        return 0  # E58.1
    return {"squad": 2, "team": 1}.get(c.kind, 1 + int(c.good["command"]))


def is_hero(data: GameData, state: State, uid: str) -> bool:
    """A Hero is a leader worth no VP who goes back to the counter pool, never the Casualty track (E58.1)."""
    return counter(data, state, uid).quality == "hero"


def score(state: State, role: Role, points: int) -> None:
    state["vp"] += points if role == "axis" else -points


def hit(data: GameData, state: State, uid: str, ctx: Context) -> None:
    """A good-order unit breaks; a broken one is eliminated (3.2.4)."""
    u = state["units"][uid]
    if u["broken"]:
        eliminate(data, state, uid, ctx)
        return
    u["broken"] = True
    ctx.log(t("{unit} ({hex}) is broken.", unit=uid, hex=u["hex"]))


def eliminate(data: GameData, state: State, uid: str, ctx: Context) -> None:
    """To the Casualty track; the opponent scores; surrender or the last unit ends the game (4.2, 6.3)."""
    u = state["units"][uid]
    where = u["hex"]
    u.update(hex=None, broken=False, suppressed=False, activated="")
    u.pop("veteran", None)
    for frame in state.get("flow", []):
        if frame.get("retreating") == uid:
            frame["retreating"] = ""  # a retreat in progress ends with its unit (e.g. KIA after the Rout roll)
    for wid, w in sorted(state.get("weapons", {}).items()):
        if w["unit"] == uid:  # its weapon goes with it into the Weapons box (11.3, 4.2)
            w.update(unit=None, broken=False)
            ctx.log(t("{weapon} ({unit}) is eliminated into the Weapons box ({rule}).", weapon=wid, unit=uid, rule="11.3"))
    side = state["sides"][u["side"]]
    if is_hero(data, state, uid):
        ctx.log(t("{unit} ({hex}) is eliminated and returns to the counter pool (E58.1).", unit=uid, hex=where))
        if not any(o["side"] == u["side"] for o in on_map(state).values()):
            _lose(state, u["side"], "last_unit", ctx)
        return
    side["casualties"].append(uid)
    points = unit_vp(data, state, uid) * (2 if objectives.special_open(state, "elimination") else 1)
    score(state, other(u["side"]), points)
    ctx.log(t("{unit} ({hex}) is eliminated: {side} scores {vp} VP.", unit=uid, hex=where, side=other(u["side"]), vp=points))
    if len(side["casualties"]) >= side["surrender"]:
        _lose(state, u["side"], "surrender", ctx)
    elif not any(o["side"] == u["side"] for o in on_map(state).values()):
        _lose(state, u["side"], "last_unit", ctx)


#: While units are eliminated at once (``eliminate_together``): each side that lost (6.3.1) and why.
LOSSES = "losses_at_once"


def _lose(state: State, role: Role, why: str, ctx: Context) -> None:
    """``role`` loses (6.3.1), or is noted as losing while several units are eliminated at once."""
    losses = state.get(LOSSES)
    if losses is None:
        finish(state, other(role), why, ctx)
    elif all(r != role for r, _ in losses):
        losses.append([role, why])


def eliminate_together(data: GameData, state: State, uids: list[str], ctx: Context) -> None:
    """Units eliminated at once (a melee tie, O16.4.3): if both players thereby lose, the Initiative
    card's holder wins (6.3.1, 9.2)."""
    state[LOSSES] = []
    for uid in uids:
        eliminate(data, state, uid, ctx)
    _settle_losses(state, ctx)


def hit_together(data: GameData, state: State, uids: list[str], ctx: Context) -> None:
    """Units hit at once (Air Support hits every unit in its hex, E43): the broken ones are
    eliminated together, so both players losing thereby goes to the Initiative card's holder (6.3.1, 9.2)."""
    state[LOSSES] = []
    for uid in uids:
        hit(data, state, uid, ctx)
    _settle_losses(state, ctx)


def _settle_losses(state: State, ctx: Context) -> None:
    """The end of units eliminated at once: who lost, if anyone (6.3.1, 9.2)."""
    losses = state.pop(LOSSES)
    if len(losses) == 2:
        ctx.log(t("Both players lose at once: the Initiative card's holder wins (6.3.1, 9.2)."))
        finish(state, str(state["initiative"]), "both_lose", ctx)
    elif losses:
        finish(state, other(losses[0][0]), losses[0][1], ctx)


def finish(state: State, winner: Role, why: str, ctx: Context) -> None:
    """The game ends now (6.3): the flow stops."""
    if state.get("over"):
        return
    state["over"] = {"winner": winner, "why": why}
    state["flow"] = []
    ctx.log(t("The game ends: {side} wins ({why}, 6.3).", side=winner, why=why))


def final_winner(state: State) -> Role:
    """At the end by Sudden Death: the side the VP favour; at 0 the Initiative holder (6.3.2, 9.2)."""
    if state["vp"] > 0:
        return "axis"
    if state["vp"] < 0:
        return "allies"
    return str(state["initiative"])


def update_control(data: GameData, state: State, areas: Mapping[str, frozenset[Label]], ctx: Context | None = None) -> None:
    """Control goes to the last side to occupy an objective alone, every hex of its building (7.3.1, 7.3.1.1:
    ``common.objective_areas``); open chits' VP follow it (7.3.3)."""
    for number, hexes in areas.items():
        sides = {state["units"][u]["side"] for label in sorted(hexes) for u in units_at(state, label)}
        if len(sides) == 1:
            new = sides.pop()
            if new != state["objectives"][number]:
                objectives.control_changed(state, number, state["objectives"][number], new, ctx)
            state["objectives"][number] = new
