"""Stalin's War: markers placed with OPS during the movement step — Entrenchments (10.3), Festung
(16.3) and Partisans (16.1.2-16.1.3).

Entrenchment (10.3.1): 1 OPS for an attempt in a hex holding one of the player's LCUs, in full
supply (13.3.3); that LCU may not move this AR (the ``entrenching`` flag), the others may. One
attempt per hex per AR. The Soviet only after *People's Militia* (SU23), the Axis only after
*Hedgehogs* (AX16). After all movement (when movement ends: a ``combat`` or ``done`` order) one d6
per hex: 1-3 places the marker; 1 only for the Axis after *Hitler Opposes Defensive Works*
(SU33; effect ``hitler_opposes`` or the event played). Optional 23.1.3 (option ``auto_entrench``):
one more OPS and the marker is placed without a roll (``entrench HEX auto``). The marker supply is
an absolute limit (10.3.2): PROVISIONAL, the counter mix is not known — ``ENTRENCH_LIMIT`` per side
(``tables.toml [ops] entrenchment_markers_per_side`` if present).

Festung (16.3.1-16.3.2): after the *Festung* event (AX48), 1 OPS each, in a town or city hex (a
fortress city counts as a city) that is not Soviet-controlled, holds no Soviet unit, is in full
supply for an Axis unit and has no Festung yet. PROVISIONAL limit ``FESTUNG_LIMIT`` (``tables.toml
[ops] festung_markers`` if present): "no more Festung than the counters provided" (16.3.1).

Partisans (16.1.1-16.1.3): Soviet only, after *Partisan Formation* (SU21); 1 OPS places 2, once per
turn (``state["effects"]["partisans_placed"]`` = the turn); at most 6 on the map, active or not.
Each hex: Forest or Swamp, in the USSR (the map's ``ussr`` zone, which excludes the Baltic States),
no Axis unit and no other Soviet unit (9.2.2, one Partisan per hex 9.1.3), and either out of supply
for a Soviet unit or nearer (in hexes, not across impassable hexsides) to an Axis unit than to a
Soviet unit (inactive Partisans do not count as Soviet units there). Counters are drawn at random
from the pool (``su-partisan-*`` in the set-aside box) and placed inactive (``active: False``):
the log never names the counter drawn.
"""

from __future__ import annotations

from collections import deque

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Context, State
from engine.games.stalins_war import control, supply, terrain
from engine.games.stalins_war.cardnames import card_title
from engine.games.stalins_war.model import AXIS, SOVIET, Rules, units_in
from engine.games.stalins_war.strategic import check_hex_label, pay_ops, require_ops
from engine.text import Text, ngettext, t

ENTRENCH_LIMIT = 20  # PROVISIONAL per side (10.3.2 "absolute limit"; counter mix unknown)
FESTUNG_LIMIT = 6  # PROVISIONAL (16.3.1; counter mix unknown)
ENABLING_EVENT = {SOVIET: "SU23", AXIS: "AX16"}
PARTISAN_EVENT = "SU21"
FESTUNG_EVENT = "AX48"
PARTISANS_PLACED_KEY = "partisans_placed"


def entrench_limit(rules: Rules) -> int:
    return int(rules.tables.get("ops", {}).get("entrenchment_markers_per_side", ENTRENCH_LIMIT))


def festung_limit(rules: Rules) -> int:
    return int(rules.tables.get("ops", {}).get("festung_markers", FESTUNG_LIMIT))


# Entrenchment ------------------------------------------------------------------------------------
def _lcu_in(rules: Rules, state: State, label: str, side: str) -> str | None:
    for uid in units_in(state, label):
        spec = rules.units[uid]
        if spec.side == side and spec.lcu:
            return uid
    return None


def check_entrench(rules: Rules, state: State, side: str, label: str, auto: bool) -> str:
    """Validate ``entrench HEX [auto]``; returns the LCU that will stay put."""
    check_hex_label(rules, label)
    event = ENABLING_EVENT[side]
    if event not in state["events"]:
        raise IllegalOrder(
            t("You may attempt entrenchment only after the {card} event.", card=card_title(rules, event)), rule="10.3.1"
        )
    uid = _lcu_in(rules, state, label, side)
    if uid is None:
        raise IllegalOrder(t("Entrenchment needs one of your LCUs in {hex}.", hex=label), rule="10.3.1")
    u = state["units"][uid]
    if u.get("oos") or u.get("limited"):
        raise IllegalOrder(t("{unit} is out of supply and may not entrench.", unit=rules.units[uid].name), rule="13.3.3")
    if u.get("moved") or u.get("mp") or u.get("strategic"):
        raise IllegalOrder(t("{unit} has moved this Action Round: the entrenching LCU may not move.", unit=rules.units[uid].name), rule="10.3.1")
    if label in state["round"].get("entrench", []):
        raise IllegalOrder(t("Only one entrenchment attempt per hex per Action Round."), rule="10.3.1")
    if state["markers"]["entrench"].get(label) == side:
        raise IllegalOrder(t("{hex} is already entrenched.", hex=label), rule="10.3.1")
    mine = sum(1 for who in state["markers"]["entrench"].values() if who == side)
    pending = len(state["round"].get("entrench", []))
    if mine + pending >= entrench_limit(rules):
        raise IllegalOrder(t("No Entrenchment marker is left (limit {n}).", n=entrench_limit(rules)), rule="10.3.2")
    cost = int(rules.tables["ops"]["entrenchment_attempt_cost"])
    if auto:
        if not state["options"].get("auto_entrench"):
            raise IllegalOrder(t("Automatic entrenchment is the optional rule 23.1.3, not in use in this game."), rule="23.1.3")
        cost += int(rules.tables["ops"]["entrenchment_auto_extra_cost"])
    require_ops(state, cost, "10.3.1", "An entrenchment attempt")
    return uid


def entrench(rules: Rules, state: State, side: str, label: str, auto: bool, ctx: Context) -> None:
    uid = check_entrench(rules, state, side, label, auto)
    cost = int(rules.tables["ops"]["entrenchment_attempt_cost"])
    if auto:
        cost += int(rules.tables["ops"]["entrenchment_auto_extra_cost"])
    pay_ops(state, cost, label)
    state["units"][uid]["entrenching"] = True
    state["round"].setdefault("entrench", []).append(label)
    if auto:
        state["round"].setdefault("entrench_auto", []).append(label)
    ctx.log(
        t("{side} will attempt to entrench in {hex} at the end of movement ({unit} stays put, 10.3.1).", side=side.capitalize(), hex=label, unit=rules.units[uid].name)
    )


def success_rolls(rules: Rules, state: State, side: str) -> list[int]:
    ops = rules.tables["ops"]
    if side == AXIS and (state["effects"].get("hitler_opposes") or "SU33" in state["events"]):
        return [int(x) for x in ops["entrenchment_success_after_SU33"]]
    return [int(x) for x in ops["entrenchment_success"]]


def resolve_entrenchments(rules: Rules, state: State, side: str, ctx: Context) -> None:
    """10.3.1: after all movement, roll for each attempting hex (once; the list is emptied)."""
    rnd = state["round"]
    auto = set(rnd.get("entrench_auto", []))
    for label in list(rnd.get("entrench", [])):
        if _lcu_in(rules, state, label, side) is None:
            continue
        if label in auto:
            ok = True
            ctx.log(t("Entrenchment in {hex} placed without a roll (23.1.3).", hex=label))
        else:
            roll = ctx.roll(6, t("Entrenchment attempt in {hex} (10.3.1)", hex=label))
            ok = roll in success_rolls(rules, state, side)
            ctx.log(t("Entrenchment in {hex}: {roll}, {result}.", hex=label, roll=roll, result="success" if ok else "failure"))
        if ok:
            state["markers"]["entrench"][label] = side
    rnd["entrench_done"] = list(rnd.get("entrench", []))
    rnd["entrench"] = []
    rnd.pop("entrench_auto", None)


# Festung -------------------------------------------------------------------------------------------
def check_festung(rules: Rules, state: State, side: str, label: str) -> None:
    check_hex_label(rules, label)
    if side != AXIS:
        raise IllegalOrder(t("Only the Axis builds Festung."), rule="16.3.1")
    if FESTUNG_EVENT not in state["events"]:
        raise IllegalOrder(t("Festung may be built only after the Festung event."), rule="16.3.1")
    place = rules.place(label)
    if place is None or place.kind not in ("town", "city", "fortress_city"):
        raise IllegalOrder(t("A Festung goes in a town or city hex; {hex} is neither.", hex=label), rule="16.3.2")
    if (control.tracked(rules, state, label) and state["control"].get(label) == SOVIET) or any(rules.units[u].side == SOVIET and not (rules.units[u].partisan and not state["units"][u].get("active")) for u in units_in(state, label)):
        raise IllegalOrder(t("{hex} is enemy-controlled.", hex=label), rule="16.3.2")
    if label in state["markers"].get("festung", []):
        raise IllegalOrder(t("{hex} already has a Festung.", hex=label), rule="16.3.2")
    if supply.hex_traces(rules, state, label, AXIS) != "full":
        raise IllegalOrder(t("{hex} is not in supply.", hex=label), rule="16.3.2")
    if len(state["markers"].get("festung", [])) >= festung_limit(rules):
        raise IllegalOrder(t("No Festung counter is left (limit {n}).", n=festung_limit(rules)), rule="16.3.1")
    require_ops(state, int(rules.tables["ops"]["festung_cost"]), "16.3.2", "A Festung")


def festung(rules: Rules, state: State, side: str, label: str, ctx: Context) -> None:
    check_festung(rules, state, side, label)
    pay_ops(state, int(rules.tables["ops"]["festung_cost"]), label)
    state["markers"].setdefault("festung", []).append(label)
    ctx.log(t("The Axis builds a Festung in {hex} (16.3).", hex=label))


def festung_candidates(rules: Rules, state: State, side: str, limit: int = 4) -> list[str]:
    out: list[str] = []
    if side != AXIS or FESTUNG_EVENT not in state["events"]:
        return out
    for label, place in sorted(rules.board.places.items()):
        if place.kind not in ("town", "city", "fortress_city"):
            continue
        try:
            check_festung(rules, state, side, label)
        except (IllegalOrder, InvalidOrder):
            continue
        out.append(label)
        if len(out) >= limit:
            break
    return out


# Partisans ------------------------------------------------------------------------------------------
def partisan_pool(rules: Rules, state: State) -> list[str]:
    return sorted(uid for uid, u in state["units"].items() if rules.units[uid].partisan and "pool" in rules.units[uid].flags and u.get("box") == "setaside")


def partisans_on_map(rules: Rules, state: State) -> int:
    return sum(1 for uid, u in state["units"].items() if rules.units[uid].partisan and u.get("hex"))


def _flood(rules: Rules, starts: set[str]) -> dict[str, int]:
    data = terrain.static(rules)
    dist = {h: 0 for h in starts}
    queue = deque(sorted(starts))
    while queue:
        here = queue.popleft()
        for nxt in data.adj.get(here, ()):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def distance_maps(rules: Rules, state: State) -> tuple[dict[str, int], dict[str, int]]:
    """Hex distance (not across impassable hexsides) from every hex to the nearest Axis unit and to the
    nearest Soviet unit (inactive Partisans are not Soviet units for this)."""
    axis_hexes: set[str] = set()
    soviet_hexes: set[str] = set()
    for uid, u in state["units"].items():
        where = u.get("hex")
        if not where:
            continue
        spec = rules.units[uid]
        if spec.side == AXIS:
            axis_hexes.add(where)
        elif not (spec.partisan and not u.get("active")):
            soviet_hexes.add(where)
    return _flood(rules, axis_hexes), _flood(rules, soviet_hexes)


def partisan_hex_problem(
    rules: Rules, state: State, label: str, maps: tuple[dict[str, int], dict[str, int]] | None = None
) -> tuple[Text, str] | None:
    """Why a Partisan may not be placed in ``label`` (reason, rule), or None."""
    kinds = terrain.hex_terrains(rules, state, label)
    if not kinds & {"forest", "swamp"}:
        return t("Partisans go only in Forest or Swamp hexes ({hex} is not).", hex=label), "16.1.3"
    if not terrain.in_region(rules, label, "ussr"):
        return t("Partisans go only in the USSR, never in the Baltic States ({hex}).", hex=label), "16.1.1"
    present = units_in(state, label)
    if any(rules.units[u].side == AXIS for u in present):
        return t("{hex} holds an Axis unit.", hex=label), "16.1.3"
    if present:
        return t("{hex} holds Soviet units: Partisans never stack with other Soviet units.", hex=label), "9.2.2"
    if supply.hex_traces(rules, state, label, SOVIET) == "none":
        return None
    to_axis, to_soviet = maps if maps is not None else distance_maps(rules, state)
    axis_d, soviet_d = to_axis.get(label), to_soviet.get(label)
    if axis_d is not None and (soviet_d is None or axis_d < soviet_d):
        return None
    return t("{hex} is in Soviet supply and not nearer to an Axis unit than to a Soviet unit.", hex=label), "16.1.3"


def check_partisans(rules: Rules, state: State, side: str, hexes: tuple[str, ...]) -> None:
    if side != SOVIET:
        raise IllegalOrder(t("Only the Soviet places Partisans."), rule="16.1.1")
    if PARTISAN_EVENT not in state["events"]:
        raise IllegalOrder(t("Partisans may be placed only after Partisan Formation."), rule="16.1.1")
    if state["effects"].get(PARTISANS_PLACED_KEY) == int(state["turn"]):
        raise IllegalOrder(t("Only one OPS per turn may be spent placing Partisans."), rule="16.1.2")
    per = int(rules.tables["ops"]["partisans_per_placement"])
    if not hexes or len(hexes) > per:
        raise InvalidOrder(t("Name one or two hexes: partisans HEX HEX."))
    if len(set(hexes)) != len(hexes):
        raise IllegalOrder(t("Only one Partisan per hex."), rule="9.1.3")
    room = int(rules.tables["ops"]["partisans_max_on_map"]) - partisans_on_map(rules, state)
    pool = len(partisan_pool(rules, state))
    can = min(per, room, pool)
    if len(hexes) > can:
        raise IllegalOrder(
            ngettext(
                "Only {n} Partisan can be placed now (at most 6 on the map, {pool} in the pool).",
                "Only {n} Partisans can be placed now (at most 6 on the map, {pool} in the pool).",
                max(can, 0),
                pool=pool,
            ),
            rule="16.1.2",
        )
    for label in hexes:
        check_hex_label(rules, label)
        problem = partisan_hex_problem(rules, state, label)
        if problem is not None:
            raise IllegalOrder(problem[0], rule=problem[1])
    require_ops(state, int(rules.tables["ops"]["partisan_placement_cost"]), "16.1.2", "Placing Partisans")


def place_partisans(rules: Rules, state: State, side: str, hexes: tuple[str, ...], ctx: Context) -> None:
    check_partisans(rules, state, side, hexes)
    pay_ops(state, int(rules.tables["ops"]["partisan_placement_cost"]), hexes[0])
    state["effects"][PARTISANS_PLACED_KEY] = int(state["turn"])
    for label in hexes:
        uid = ctx.pick(partisan_pool(rules, state), t("Draw a Partisan counter at random (16.1.3)"))
        state["units"][uid].update(hex=label, box=None, active=False, level=0, oos=False)
        ctx.log(t("The Soviet places inactive Partisans in {hex} (16.1.3).", hex=label))


def partisan_candidates(rules: Rules, state: State, limit: int = 4) -> list[str]:
    """A few legal Partisan hexes (for the prompt)."""
    out: list[str] = []
    maps = distance_maps(rules, state)
    for label in sorted(rules.zone("ussr")):
        if len(out) >= limit:
            break
        if rules.board.terrain.get(label) in ("forest", "swamp") and partisan_hex_problem(rules, state, label, maps) is None:
            out.append(label)
    return out
