"""Movement by sea: Soviet naval movement (7.22) with Combat Air Patrol (16.14), amphibious
landings (16.23) and the Azov Flotilla (15.3). Pure checks plus the functions that apply them.

Rulings (RULINGS.md):

* Naval movement (7.22, ruling 2): Soviet only, in the Soviet Primary Movement Phase, by a unit
  that has not moved this phase, from the friendly-controlled port it stands in to another
  friendly-controlled port of the same sea free of enemy units; it uses the whole allowance.
  One unit per sea per phase; on the Sea of Azov only Naval brigades. Neither port may be in an
  enemy ZOC unless a Soviet Air Support marker, Ready and available this turn, is spent on
  Combat Air Patrol for that one unit (16.14); no HQ range is needed (16.11 speaks of attacks
  and defences only). An out-of-supply unit moves at most 2 hexes (14.4) and a unit that
  received a replacement at most 1 (17.2), counted as the distance between the ports.
* Amphibious landing (16.23, ruling 29): in the Soviet Primary Movement Phase a Naval brigade
  that starts in Poti and has not moved lands on an empty Black Sea coastal hex (not Taman),
  even in an enemy ZOC, spending an Available Fleet marker, which becomes Unavailable. It does
  not count against the one-unit-per-sea limit. The 14.4 and 17.2 limits apply as above, and a
  Disorganized brigade may not land in an enemy ZOC (11.5).
* Azov Flotilla (15.3): in every friendly Movement Phase it sails from the Sea of Azov port it
  is in to another friendly-controlled Sea of Azov port free of enemy units (Taman included),
  even from and into enemy ZOCs and while out of supply; it never moves otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import IllegalOrder
from engine.game import Action, Context, State
from engine.games.caucasus.model import SOVIET, Rules, UnitType, enemy, units_at, values
from engine.games.caucasus.moves import mark_control, phase_of
from engine.games.caucasus.terrain import black_sea_coastal, is_land, port
from engine.games.caucasus.zoc import zoc_hexes
from engine.text import t

OOS_HEXES = 2


def _friendly_port(rules: Rules, state: Mapping[str, Any], side: str, label: str) -> tuple[str, str] | None:
    info = port(rules, label)
    if info is None or state["control"].get(label) != side:
        return None
    if any(rules.units[u].side != side for u in units_at(state, label)):
        return None
    return info


def _check_mover(rules: Rules, state: Mapping[str, Any], side: str, uid: str, rule: str) -> dict[str, Any]:
    spec = rules.units[uid]
    u: dict[str, Any] = state["units"][uid]
    if spec.side != side or not u.get("hex"):
        raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid), rule)
    if spec.type == UnitType.AZOV_FLOTILLA:
        raise IllegalOrder(t("The Azov Flotilla moves with the 'flotilla' order."), "15.3")
    if "rail_unlimited" in spec.flags:
        raise IllegalOrder(t("Armoured trains move only along rail."), "15.6")
    if "cav_corps_hq" in spec.flags:
        raise IllegalOrder(t("The 4th Guards Cavalry Corps HQ moves only together with its cavalry divisions."), "15.7")
    if values(rules, state, uid).move == 0:
        raise IllegalOrder(t("{unit} has a movement allowance of 0 and can never move.", unit=uid), "7.1")
    if u.get("moved") or u.get("rail_moved") or u.get("naval_moved"):
        raise IllegalOrder(t("{unit} has already moved this phase: moving by sea uses the whole allowance.", unit=uid), "7.22")
    if u.get("ae"):
        raise IllegalOrder(t("{unit} made an Automatic Elimination and may not move again this phase.", unit=uid), "8.5")
    return u


def _check_distance(rules: Rules, u: Mapping[str, Any], uid: str, start: str, dest: str, ezoc: frozenset[str]) -> None:
    hexes = rules.board.grid.distance(start, dest)
    if u.get("supply") == "out" and hexes > OOS_HEXES:
        raise IllegalOrder(t("{unit} is out of supply and may move at most 2 hexes.", unit=uid), "14.4")
    if u.get("replaced") and hexes > 1:
        raise IllegalOrder(t("{unit} received a replacement and may move at most 1 hex.", unit=uid), "17.2")
    if u.get("disorganized") and dest in ezoc:
        raise IllegalOrder(t("{unit} is disorganized and may not end its move in an enemy ZOC.", unit=uid), "11.5")


# Naval movement (7.22, 16.14) ----------------------------------------------------------------------
def check_naval(rules: Rules, state: Mapping[str, Any], side: str, uid: str, dest: str, cap: str | None) -> str:
    """Validate a naval move of ``uid`` to the port ``dest``; return the sea used."""
    pside, impulse, step = phase_of(state)
    if pside != side or step != "movement" or impulse != "primary":
        raise IllegalOrder(t("Naval movement is allowed only in a friendly Primary Movement Phase."), "7.22")
    if side != SOVIET:
        raise IllegalOrder(t("Only the Soviet player may move units by sea."), "7.22")
    u = _check_mover(rules, state, side, uid, "7.22")
    start = str(u["hex"])
    here = _friendly_port(rules, state, side, start)
    if here is None:
        raise IllegalOrder(t("{unit} is not in a friendly-controlled port.", unit=uid), "7.22")
    if dest == start:
        raise IllegalOrder(t("Name another port to sail to."), "7.22")
    there = _friendly_port(rules, state, side, dest)
    if there is None:
        raise IllegalOrder(t("{hex} is not a friendly-controlled port free of enemy units.", hex=dest), "7.22")
    sea = here[1]
    if there[1] != sea:
        raise IllegalOrder(t("Naval movement goes from port to port on the same sea: {a} and {b} are not.", a=start, b=dest), "7.22")
    if sea in state["flags"].get("naval_used", []):
        raise IllegalOrder(t("Only one unit per sea may move by sea in a Primary Movement Phase."), "7.22")
    if sea == "azov" and rules.units[uid].type != UnitType.NAVAL_INF:
        raise IllegalOrder(t("Only Naval brigades may move by sea on the Sea of Azov."), "7.22")
    ezoc = zoc_hexes(rules, state, enemy(side))
    in_zoc = start in ezoc or dest in ezoc
    if in_zoc and cap is None:
        raise IllegalOrder(
            t("A unit may not sail from or to a port in an enemy ZOC without Combat Air Patrol ('cap MARKER')."),
            "7.22",
            t("Spend a Ready Soviet air marker: 'naval UNIT PORT cap MARKER' (16.14)."),
        )
    if cap is not None:
        if not in_zoc:
            raise IllegalOrder(t("Combat Air Patrol is needed only to sail from or to a port in an enemy ZOC."), "16.14")
        check_cap(rules, state, side, cap)
    _check_distance(rules, u, uid, start, dest, ezoc)
    return sea


def check_cap(rules: Rules, state: Mapping[str, Any], side: str, cap: str) -> None:
    spec = rules.air.get(cap)
    if spec is None or spec.side != side:
        raise IllegalOrder(t("{air} is not one of your air markers.", air=cap), "16.14")
    marker = state["air"].get(cap, {})
    if not marker.get("available") or not marker.get("ready"):
        raise IllegalOrder(t("{air} is not Ready in the Available box.", air=spec.name), "16.14")
    if int(state["turn"]) not in spec.available_turns:
        raise IllegalOrder(t("{air} cannot be used on turn {turn}.", air=spec.name, turn=state["turn"]), "16.14")


def naval_move(rules: Rules, state: State, side: str, uid: str, dest: str, cap: str | None, ctx: Context) -> None:
    sea = check_naval(rules, state, side, uid, dest, cap)
    u = state["units"][uid]
    start = u["hex"]
    if cap is not None:
        state["air"][cap]["ready"] = False
    _arrive(rules, state, side, uid, start, dest)
    state["flags"].setdefault("naval_used", []).append(sea)
    if cap is not None:
        ctx.log(t("{unit} sails from {a} to {b} under Combat Air Patrol by {air} (7.22, 16.14).", unit=uid, a=start, b=dest, air=cap))
    else:
        ctx.log(t("{unit} sails from {a} to {b} (7.22).", unit=uid, a=start, b=dest))


def _arrive(rules: Rules, state: State, side: str, uid: str, start: str, dest: str) -> None:
    u = state["units"][uid]
    u["start_hex"] = start
    u["hex"] = dest
    u["naval_moved"] = True
    u["moved"] = True
    u["mp_spent"] = values(rules, state, uid).move
    mark_control(rules, state, side, [dest])
    state["last"].setdefault("moves", []).append([start, dest])
    state["last"].setdefault("focus", []).extend([start, dest])


def candidate_naval(rules: Rules, state: Mapping[str, Any], side: str) -> list[Action]:
    out: list[Action] = []
    if side != SOVIET:
        return out
    ports = sorted(h for h in rules.board.places if _friendly_port(rules, state, side, h))
    caps = [a for a in sorted(state["air"]) if rules.air[a].side == side]
    for start in ports:
        for uid in units_at(state, start):
            if rules.units[uid].side != side:
                continue
            for dest in ports:
                if dest == start:
                    continue
                for cap in (None, *caps):
                    try:
                        check_naval(rules, state, side, uid, dest, cap)
                    except IllegalOrder:
                        continue
                    out.append(Action("naval", (uid, dest) if cap is None else (uid, dest, "cap", cap)))
                    break
    return out


# Amphibious landing (16.23) --------------------------------------------------------------------
def landing_port(rules: Rules) -> str | None:
    place = rules.board.place_named("Poti")
    return place.hex if place is not None else None


def check_landing(rules: Rules, state: Mapping[str, Any], side: str, uid: str, dest: str, fleet: str | None) -> None:
    pside, impulse, step = phase_of(state)
    if pside != side or step != "movement" or impulse != "primary":
        raise IllegalOrder(t("Amphibious landings are made in a friendly Primary Movement Phase."), "16.23")
    if side != SOVIET:
        raise IllegalOrder(t("Only the Soviet player has Black Sea Fleet markers."), "16.21")
    if rules.units[uid].type != UnitType.NAVAL_INF:
        raise IllegalOrder(t("Only a Naval brigade may make an amphibious landing."), "16.23")
    u = _check_mover(rules, state, side, uid, "16.23")
    poti = landing_port(rules)
    if poti is None or u["hex"] != poti:
        raise IllegalOrder(t("A Naval brigade lands only if it starts the phase in Poti."), "16.23")
    if fleet is None:
        raise IllegalOrder(t("A landing spends a Black Sea Fleet marker: 'land UNIT HEX fleet MARKER'."), "16.23")
    if fleet not in rules.fleet:
        raise IllegalOrder(t("There is no fleet marker called {fleet}.", fleet=fleet), "16.21")
    if state["fleet"].get(fleet) != "available":
        raise IllegalOrder(t("Fleet marker {fleet} is not Available.", fleet=fleet), "16.21")
    taman = rules.board.place_named("Taman")
    if not is_land(rules, dest) or not black_sea_coastal(rules, dest) or (taman is not None and dest == taman.hex):
        raise IllegalOrder(t("{hex} is not a Black Sea coastal hex (Taman does not count).", hex=dest), "16.23")
    if units_at(state, dest):
        raise IllegalOrder(t("A landing needs an unoccupied hex: {hex} is occupied.", hex=dest), "16.23")
    _check_distance(rules, u, uid, str(u["hex"]), dest, zoc_hexes(rules, state, enemy(side)))


def land(rules: Rules, state: State, side: str, uid: str, dest: str, fleet: str | None, ctx: Context) -> None:
    check_landing(rules, state, side, uid, dest, fleet)
    assert fleet is not None
    start = state["units"][uid]["hex"]
    state["fleet"][fleet] = "unavailable"
    _arrive(rules, state, side, uid, start, dest)
    ctx.log(t("{unit} makes an amphibious landing from {a} in {b}; fleet marker {fleet} becomes Unavailable (16.23).", unit=uid, a=start, b=dest, fleet=fleet))


def candidate_landings(rules: Rules, state: Mapping[str, Any], side: str) -> list[Action]:
    out: list[Action] = []
    poti = landing_port(rules)
    fleets = [f for f in sorted(state["fleet"]) if state["fleet"][f] == "available"]
    if side != SOVIET or poti is None or not fleets:
        return out
    for uid in units_at(state, poti):
        for dest in sorted(rules.board.zone("black_sea_coast")):
            try:
                check_landing(rules, state, side, uid, dest, fleets[0])
            except IllegalOrder:
                continue
            out.append(Action("land", (uid, dest, "fleet", fleets[0])))
    return out


# The Azov Flotilla (15.3) ----------------------------------------------------------------------
def flotilla_of(rules: Rules, side: str) -> str | None:
    return next((uid for uid, s in sorted(rules.units.items()) if s.side == side and s.type == UnitType.AZOV_FLOTILLA), None)


def azov_port(rules: Rules, label: str) -> bool:
    info = port(rules, label)
    return info is not None and info[1] == "azov"


def check_flotilla_move(rules: Rules, state: Mapping[str, Any], side: str, dest: str) -> str:
    pside, impulse, step = phase_of(state)
    if pside != side or step != "movement" or impulse not in ("primary", "secondary"):
        raise IllegalOrder(t("The Azov Flotilla moves in friendly Movement Phases only."), "15.3")
    uid = flotilla_of(rules, side)
    if uid is None or not state["units"][uid].get("hex"):
        raise IllegalOrder(t("You have no Azov Flotilla on the map."), "15.3")
    u = state["units"][uid]
    if u.get("moved"):
        raise IllegalOrder(t("{unit} has already moved this phase.", unit=uid), "7.1")
    if u.get("ae"):
        raise IllegalOrder(t("{unit} made an Automatic Elimination and may not move again this phase.", unit=uid), "8.5")
    start = str(u["hex"])
    ezoc = zoc_hexes(rules, state, enemy(side))
    if impulse == "secondary" and int(state["turn"]) == 1 and side == SOVIET and start in ezoc:
        raise IllegalOrder(t("Not One Step Back: Soviet units that start in an enemy ZOC may not move this impulse."), "18.2")
    if not azov_port(rules, start):
        raise IllegalOrder(t("The Azov Flotilla moves only from port to port, and {hex} is not a Sea of Azov port.", hex=start), "15.3")
    if dest == start or not azov_port(rules, dest) or _friendly_port(rules, state, side, dest) is None:
        raise IllegalOrder(t("{hex} is not another friendly-controlled Sea of Azov port free of enemy units.", hex=dest), "15.3")
    if u.get("disorganized") and dest in ezoc:
        raise IllegalOrder(t("{unit} is disorganized and may not end its move in an enemy ZOC.", unit=uid), "11.5")
    return uid


def move_flotilla(rules: Rules, state: State, side: str, dest: str, ctx: Context) -> None:
    uid = check_flotilla_move(rules, state, side, dest)
    u = state["units"][uid]
    start = u["hex"]
    u["start_hex"] = start
    u["hex"] = dest
    u["moved"] = True
    u["mp_spent"] = values(rules, state, uid).move
    state["last"].setdefault("moves", []).append([start, dest])
    ctx.log(t("{unit} sails from {a} to {b} (15.3).", unit=uid, a=start, b=dest))


def candidate_flotilla(rules: Rules, state: Mapping[str, Any], side: str) -> list[Action]:
    out = []
    for dest in sorted(h for h in rules.board.places if azov_port(rules, h)):
        try:
            check_flotilla_move(rules, state, side, dest)
        except IllegalOrder:
            continue
        out.append(Action("flotilla", (dest,)))
    return out
