"""Stalin's War: strategic movement by rail and by sea (10.2), Stalin's two rail moves (16.4.5-6),
and the OPS bookkeeping shared by every OPS spent in the movement step (7.3.3-7.3.4).

Rail (10.2.2-10.2.4): an SCU in full supply, 1 OPS, any distance along rail hexes that are
connected by an unbroken chain of rail hexes to a friendly supply source, free of enemy units,
enemy ZOC (not negated: friendly units negate ZOC for retreat and supply only, 8.3) and
enemy-controlled City, Oil, VP, Port and Fortress hexes (``usable_rail``). It may start in enemy ZOC
only if another friendly unit not itself using strategic movement is in the hex, and never enters
an enemy-ZOC hex. Axis: not in the USSR in turns 1-4, not in the Baltic Republics in turns 1-2,
never in the Caucasus Zone, not in the turn of *Thunderclap* (effect ``thunderclap`` == turn); it
may pass one inactive-Partisan hex but stops on entering a second. Soviet: never in Germany.

Sea (10.2.5-10.2.6): Axis one SCU per turn on each of the Baltic and the Black Sea
(``state["axis_sea"][sea] = turn``), friendly port to friendly port on that sea, never east of a
Soviet-controlled port of that sea. Soviet one SCU per Action Round, Black Sea only
(``state["round"]["sea_moves"]``), from a friendly port to any Black Sea coastal hex (ruling 26)
not enemy-controlled nor enemy-occupied, never west of an Axis-controlled port. "East/west" compare
the hex columns (the map's first two digits grow eastward, digest 3.1). Enemy ZOC is irrelevant.

Stalin (16.4.5-6): rail only, out of Moscow, then once back into Soviet-controlled Moscow; two moves
in the whole game (``state["effects"]["stalin_rail_moves"]``: the count made so far).

Strategic movers may not move normally or attack in the same AR (``strategic`` flag, 10.2.1);
OOS or limited-supply units may not use it (13.3.2, ruling 8.1#9). Ruling 8.1#25: strategic
movement is allowed in every move-capable round in which OPS (card or banked) are available.
"""

from __future__ import annotations

from collections import deque

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Context, State
from engine.games.stalins_war import control, stacking, terrain, zoc
from engine.games.stalins_war.model import AXIS, SOVIET, Rules, enemy
from engine.games.stalins_war.supply import key_hex, sources_of, state_key
from engine.text import Text, t

STALIN_MOVES_KEY = "stalin_rail_moves"


# OPS bookkeeping -------------------------------------------------------------------------------
def ops_left(state: State) -> int:
    return int(state["round"].get("ops", 0) or 0)


def require_ops(state: State, n: int, rule: str, what: str | Text) -> None:
    """Refuse unless ``n`` OPS are left; ``what`` names the expense ("Rail movement", "3 Combat markers")."""
    if ops_left(state) < n:
        raise IllegalOrder(
            t("{what}: {n} OPS needed, and you have {left} left.", what=what, n=n, left=ops_left(state)),
            rule=rule,
            hint=t("Bank OPS with 'bank N' if you have banked OPS, or do something else."),
        )


def pay_ops(state: State, n: int, label: str) -> None:
    """Spend ``n`` OPS and put a Move marker in ``label`` for each (7.3.4)."""
    rnd = state["round"]
    rnd["ops"] = ops_left(state) - n
    rnd.setdefault("move_markers", []).extend([label] * n)


def own_unit(rules: Rules, state: State, side: str, uid: str) -> str:
    """The hex of ``uid`` if it is one of ``side``'s units on the map, else a refusal."""
    spec = rules.units.get(uid)
    if spec is None:
        raise InvalidOrder(t("There is no unit {unit}.", unit=uid))
    label = state["units"][uid].get("hex")
    if spec.side != side or not label:
        raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=spec.name), rule="10.2")
    return str(label)


def check_hex_label(rules: Rules, label: str) -> None:
    if label not in rules.board.terrain:
        raise InvalidOrder(t("{hex} is not a hex of the map.", hex=label))


def col(rules: Rules, label: str) -> int:
    return rules.board.grid.parse(label)[0]


# Rail -----------------------------------------------------------------------------------------------
def rail_blocked(rules: Rules, state: State, side: str) -> frozenset[str]:
    """10.2.3: rail hexes ``side`` may not use: enemy units, enemy ZOC, enemy-controlled key hexes."""
    foe = enemy(side)
    out: set[str] = set()
    for uid, u in state["units"].items():
        label = u.get("hex")
        spec = rules.units[uid]
        if label and spec.side == foe and not (spec.partisan and not u.get("active")):
            out.add(label)
    for label, who in state["control"].items():
        if who != foe:
            continue
        place = rules.place(label)
        port = place is not None and place.get("port") == "1"
        if port or key_hex(rules, state, label) or control.fortress_intact(rules, state, label):
            out.add(label)
    out |= zoc.zoc_hexes(rules, state, foe)
    return frozenset(out)


def banned_rail_hex(rules: Rules, state: State, side: str, label: str) -> tuple[str, str] | None:
    """Why ``side`` may not use rail movement in ``label`` now: (reason key, rule), or None."""
    turn = int(state["turn"])
    if side == AXIS:
        if turn <= 4 and terrain.in_region(rules, label, "ussr"):
            return "ussr", "10.2.3"
        if turn <= 2 and terrain.in_region(rules, label, "baltic"):
            return "baltic", "10.2.3"
        if terrain.in_caucasus_zone(rules, label):
            return "caucasus", "10.2.4"
    elif terrain.in_region(rules, label, "germany"):
        return "germany", "10.2.4"
    return None


_USABLE: dict[tuple[int, bytes], frozenset[str]] = {}


def usable_rail(rules: Rules, state: State, side: str) -> frozenset[str]:
    """10.2.3: rail hexes joined to a friendly supply source by an unbroken chain of usable rail hexes
    (cached on the state's content, like supply traces)."""
    key = (id(rules), state_key(state, side, "rail"))
    hit = _USABLE.get(key)
    if hit is None:
        if len(_USABLE) > 32:
            _USABLE.clear()
        hit = _USABLE[key] = _usable_rail(rules, state, side)
    return hit


def _usable_rail(rules: Rules, state: State, side: str) -> frozenset[str]:
    data = terrain.static(rules)
    blocked = rail_blocked(rules, state, side)
    if side == SOVIET:
        sources = set(sources_of(rules, state, "soviet"))
        baku = rules.places_by_name.get("baku")
        if baku and state["control"].get(baku) == SOVIET:
            sources.add(baku)
    else:
        sources = set(sources_of(rules, state, "german")) | set(sources_of(rules, state, "romanian")) | set(sources_of(rules, state, "buda"))
    start = [s for s in sorted(sources) if s in data.rail_hexes and s not in blocked]
    seen = set(start)
    queue = deque(start)
    while queue:
        a = queue.popleft()
        for b in data.rail_adj[a]:
            if b not in seen and b not in blocked:
                seen.add(b)
                queue.append(b)
    return frozenset(seen)


def _inactive_partisan_hexes(rules: Rules, state: State) -> frozenset[str]:
    return frozenset(
        u["hex"] for uid, u in state["units"].items() if u.get("hex") and rules.units[uid].partisan and not u.get("active")
    )


def rail_destinations(rules: Rules, state: State, side: str, start: str, uid: str | None = None) -> dict[str, list[str]]:
    """Every hex reachable by rail from ``start`` with a path (start excluded), under 10.2.2-10.2.4;
    with ``uid``, also never through a hex that unit may not enter (4.4.3-4.4.4, 19.1.1, 19.2.1:
    a rail move enters every hex of its line)."""
    data = terrain.static(rules)
    usable = usable_rail(rules, state, side)
    partisans = _inactive_partisan_hexes(rules, state) if side == AXIS else frozenset()
    if state["effects"].get("thunderclap") == int(state["turn"]) and side == AXIS:
        return {}
    if banned_rail_hex(rules, state, side, start) is not None:
        return {}
    # Search over (hex, partisan hexes passed); a second partisan hex ends the move.
    best: dict[str, list[str]] = {}
    queue: deque[tuple[str, int, list[str]]] = deque([(start, 0, [start])])
    seen: set[tuple[str, int]] = {(start, 0)}
    while queue:
        here, passed, path = queue.popleft()
        if passed >= 2:
            continue
        for b in data.rail_adj[here]:
            if b not in usable or banned_rail_hex(rules, state, side, b) is not None:
                continue
            if uid is not None and entry_ban(rules, state, side, uid, b) is not None:
                continue
            n = passed + (1 if b in partisans else 0)
            if (b, n) in seen:
                continue
            seen.add((b, n))
            route = [*path, b]
            if b != start and b not in best:
                best[b] = route
            queue.append((b, n, route))
    return best


def _strategic_unit(rules: Rules, state: State, side: str, uid: str, kind: str) -> str:
    """Checks common to rail and sea moves; returns the unit's hex."""
    here = own_unit(rules, state, side, uid)
    spec = rules.units[uid]
    u = state["units"][uid]
    if side == AXIS and int(state["turn"]) == 1:
        raise IllegalOrder(t("Axis units may not move in turn 1."), rule="4.4.2")
    if spec.lcu:
        raise IllegalOrder(t("Only SCUs may use strategic movement; {unit} is an LCU.", unit=spec.name), rule="10.2.1")
    if spec.partisan and not u.get("active"):
        raise IllegalOrder(t("Inactive Partisans do not move."), rule="16.1.4")
    if u.get("strategic"):
        raise IllegalOrder(t("{unit} has already used strategic movement this Action Round.", unit=spec.name), rule="10.2.1")
    if u.get("moved") or u.get("mp"):
        raise IllegalOrder(t("{unit} has moved normally this Action Round: it may not also use strategic movement.", unit=spec.name), rule="10.2.1")
    if u.get("oos") or u.get("limited"):
        raise IllegalOrder(t("{unit} is out of supply: no strategic movement.", unit=spec.name), rule="13.3.2")
    if side == AXIS and here in state["markers"].get("festung", []):
        raise IllegalOrder(t("Units in a Festung never leave the hex."), rule="16.3.4")
    if spec.type == "stalin" and kind != "rail":
        raise IllegalOrder(t("Stalin moves only by rail."), rule="16.4.5")
    if "no_ma" in spec.flags and spec.type != "stalin":
        raise IllegalOrder(t("{unit} has no movement allowance.", unit=spec.name), rule="16.0")
    return here


def entry_ban(rules: Rules, state: State, side: str, uid: str, label: str) -> tuple[Text, str] | None:
    """Why ``uid`` may never enter ``label`` now (turn-1 and nationality bans), with the rule, or None."""
    turn = int(state["turn"])
    spec = rules.units[uid]
    if turn == 1 and terrain.in_region(rules, label, "hungary"):
        return t("No unit may enter Hungary in turn 1."), "4.4.3"
    if turn == 1 and side == SOVIET and terrain.in_region(rules, label, "romania"):
        return t("Soviet units may not move in Romania in turn 1."), "4.4.4"
    if spec.nationality == "RO" and side == AXIS and terrain.in_region(rules, label, "hungary"):
        return t("Romanian units may never enter Hungary."), "19.1.1"
    if spec.nationality == "HU" and terrain.in_region(rules, label, "romania"):
        return t("Hungarian units may never enter Romania."), "19.2.1"
    return None


def end_checks(rules: Rules, state: State, side: str, uid: str, label: str, rule_stack: str = "9.1.4") -> None:
    ban = entry_ban(rules, state, side, uid, label)
    if ban is not None:
        raise IllegalOrder(ban[0], rule=ban[1])
    problem = stacking.problem(rules, state, label, (uid,))
    if problem is not None and not _partisans_make_way(rules, state, side, uid, label):
        raise IllegalOrder(problem, rule=stacking.rule_of(problem), hint=t("Stacking must hold where a move ends ({rule}).", rule=rule_stack))


def _partisans_make_way(rules: Rules, state: State, side: str, uid: str, label: str) -> bool:
    """16.1.5: a supplied Soviet unit ending in an inactive-Partisan hex removes them (if that is
    the only stacking problem)."""
    if side != SOVIET or state["units"][uid].get("oos"):
        return False
    hidden = [p for p in _units_in(state, label) if rules.units[p].partisan and not state["units"][p].get("active")]
    if not hidden:
        return False
    probe = {**state, "units": {k: v for k, v in state["units"].items() if k not in hidden}}
    return stacking.problem(rules, probe, label, (uid,)) is None


def _units_in(state: State, label: str) -> list[str]:
    return sorted(uid for uid, u in state["units"].items() if u.get("hex") == label)


def clear_partisans_for(rules: Rules, state: State, side: str, uid: str, label: str, ctx: Context) -> None:
    """16.1.5: inactive Partisans leave a hex a supplied Soviet unit has moved into."""
    from engine.games.stalins_war.units import eliminate

    if side != SOVIET or state["units"][uid].get("oos"):
        return
    for p in _units_in(state, label):
        if rules.units[p].partisan and not state["units"][p].get("active"):
            eliminate(rules, state, p, ctx)


def arrive(rules: Rules, state: State, side: str, uid: str, path: list[str], ctx: Context) -> None:
    """Put ``uid`` at the end of ``path`` with control changes for every hex entered (ruling 42)."""
    for label in path[1:]:
        control.enter(rules, state, label, side, ctx)
    state["units"][uid]["hex"] = path[-1]
    clear_partisans_for(rules, state, side, uid, path[-1], ctx)
    control.note_paulus(rules, state, uid)


def check_rail(rules: Rules, state: State, side: str, uid: str, dest: str) -> list[str]:
    """Validate ``rail UNIT HEX``; returns the rail path."""
    check_hex_label(rules, dest)
    here = _strategic_unit(rules, state, side, uid, "rail")
    spec = rules.units[uid]
    cost = int(rules.tables["ops"]["stalin_rail_cost" if spec.type == "stalin" else "strategic_move_cost"])
    if spec.type == "stalin":
        made = int(state["effects"].get(STALIN_MOVES_KEY, 0))
        moscow = rules.hex_of("Moscow")
        limit = int(rules.tables["ops"]["stalin_moves_per_game"])
        if made >= limit:
            raise IllegalOrder(t("Stalin has already made his two rail moves of the game."), rule="16.4.6")
        if made == 0 and here != moscow:
            raise IllegalOrder(t("Stalin's first move must take him out of Moscow."), rule="16.4.5")
        if made == 1 and (dest != moscow or state["control"].get(moscow) != SOVIET):
            raise IllegalOrder(t("Stalin's second move may only bring him back into Soviet-controlled Moscow."), rule="16.4.5")
    if side == AXIS and state["effects"].get("thunderclap") == int(state["turn"]):
        raise IllegalOrder(t("Thunderclap: no Axis rail movement this turn."), rule="SU51")
    if dest == here:
        raise IllegalOrder(t("{unit} is already in {hex}.", unit=spec.name, hex=dest), rule="10.2")
    if not terrain.on_rail(rules, here):
        raise IllegalOrder(t("{unit} is not on a rail hex.", unit=spec.name), rule="10.2.2")
    if not terrain.on_rail(rules, dest):
        raise IllegalOrder(t("{hex} is not a rail hex.", hex=dest), rule="10.2.2")
    for label in (here, dest):
        ban = banned_rail_hex(rules, state, side, label)
        if ban is not None:
            raise IllegalOrder(_ban_text(ban[0], label), rule=ban[1])
    if zoc.enemy_zoc(rules, state, here, side):
        others = [
            o for o in _units_in(state, here)
            if o != uid and rules.units[o].side == side and not state["units"][o].get("strategic")
            and not (rules.units[o].partisan and not state["units"][o].get("active"))
        ]
        if not others:
            raise IllegalOrder(
                t("{unit} starts in enemy ZOC: it may use rail movement only if another friendly unit not moving strategically is in the hex.", unit=spec.name),
                rule="10.2.2",
            )
    if zoc.enemy_zoc(rules, state, dest, side):
        raise IllegalOrder(t("Rail movement may not enter an enemy ZOC hex ({hex}).", hex=dest), rule="10.2.2")
    routes = rail_destinations(rules, state, side, here, uid)
    if dest not in routes:
        anyhow = rail_destinations(rules, state, side, here).get(dest)
        bans = [b for b in (entry_ban(rules, state, side, uid, h) for h in anyhow or ()) if b is not None]
        if bans:
            raise IllegalOrder(bans[0][0], rule=bans[0][1], hint=t("Every rail line from {a} to {b} crosses such hexes.", a=here, b=dest))
        raise IllegalOrder(
            t("No usable rail line joins {a} to {b}: rail hexes must connect to a friendly supply source free of enemy units, enemy ZOC and enemy-controlled cities, oil, VP, ports and fortresses.", a=here, b=dest),
            rule="10.2.3",
        )
    end_checks(rules, state, side, uid, dest)
    require_ops(state, cost, "10.2.1", "Rail movement")
    return routes[dest]


def _ban_text(kind: str, label: str) -> Text:
    if kind == "ussr":
        return t("No Axis rail movement in the USSR in turns 1-4 ({hex}).", hex=label)
    if kind == "baltic":
        return t("No Axis rail movement in the Baltic Republics in turns 1-2 ({hex}).", hex=label)
    if kind == "caucasus":
        return t("The Axis may never use rail movement in the Caucasus Zone ({hex}).", hex=label)
    return t("The Soviet may never use rail movement in Germany ({hex}).", hex=label)


def rail(rules: Rules, state: State, side: str, uid: str, dest: str, ctx: Context) -> None:
    path = check_rail(rules, state, side, uid, dest)
    spec = rules.units[uid]
    cost = int(rules.tables["ops"]["stalin_rail_cost" if spec.type == "stalin" else "strategic_move_cost"])
    pay_ops(state, cost, path[0])
    arrive(rules, state, side, uid, path, ctx)
    state["units"][uid]["strategic"] = True
    if spec.type == "stalin":
        state["effects"][STALIN_MOVES_KEY] = int(state["effects"].get(STALIN_MOVES_KEY, 0)) + 1
    ctx.log(t("{unit} moves by rail from {a} to {b} (1 OPS, 10.2).", unit=spec.name, a=path[0], b=dest))


# Sea ----------------------------------------------------------------------------------------------
def _sea_of(rules: Rules, label: str) -> str | None:
    place = rules.place(label)
    if place is None or place.get("port") != "1":
        return None
    return place.get("sea")


def check_sea(rules: Rules, state: State, side: str, uid: str, dest: str) -> str:
    """Validate ``sea UNIT HEX``; returns the sea used."""
    check_hex_label(rules, dest)
    here = _strategic_unit(rules, state, side, uid, "sea")
    spec = rules.units[uid]
    sea = _sea_of(rules, here)
    if sea is None or state["control"].get(here) != side:
        raise IllegalOrder(t("{unit} must start its sea move in a friendly port.", unit=spec.name), rule="10.2.5" if side == AXIS else "10.2.6")
    if dest == here:
        raise IllegalOrder(t("{unit} is already in {hex}.", unit=spec.name, hex=dest), rule="10.2")
    data = terrain.static(rules)
    turn = int(state["turn"])
    if side == AXIS:
        if sea not in ("baltic", "black"):
            raise IllegalOrder(t("Axis sea movement is on the Baltic or the Black Sea only."), rule="10.2.5")
        if int(state.get("axis_sea", {}).get(sea, 0) or 0) == turn:
            raise IllegalOrder(t("The Axis has already moved one SCU by sea on this sea this turn."), rule="10.2.5")
        if _sea_of(rules, dest) != sea or state["control"].get(dest) != AXIS:
            raise IllegalOrder(t("An Axis sea move must end in a friendly port of the same sea."), rule="10.2.5")
        soviet_ports = [p for p in data.ports.get(sea, ()) if state["control"].get(p) == SOVIET]
        if any(col(rules, dest) > col(rules, p) for p in soviet_ports):
            raise IllegalOrder(t("An Axis sea move may not go east of a Soviet-controlled port."), rule="10.2.5")
    else:
        if sea != "black":
            raise IllegalOrder(t("Soviet sea movement is on the Black Sea / Sea of Azov only."), rule="10.2.6")
        if int(state["round"].get("sea_moves", 0) or 0) >= 1:
            raise IllegalOrder(t("The Soviet may move only one SCU by sea per Action Round."), rule="10.2.6")
        coast = rules.zone("black_sea_coast") | set(data.ports.get("black", ()))
        if dest not in coast or dest in data.impassable:
            raise IllegalOrder(t("{hex} is not on the Black Sea coast.", hex=dest), rule="10.2.6")
        if state["control"].get(dest) == AXIS:
            raise IllegalOrder(t("A Soviet sea move may not end in an enemy-controlled hex."), rule="10.2.6")
        axis_ports = [p for p in data.ports.get("black", ()) if state["control"].get(p) == AXIS]
        if any(col(rules, dest) < col(rules, p) for p in axis_ports):
            raise IllegalOrder(t("A Soviet sea move may never go west of an Axis-controlled port."), rule="10.2.6")
    if any(rules.units[o].side == enemy(side) and not (rules.units[o].partisan and not state["units"][o].get("active")) for o in _units_in(state, dest)):
        raise IllegalOrder(t("{hex} holds enemy units.", hex=dest), rule="10.1.6")
    end_checks(rules, state, side, uid, dest)
    require_ops(state, int(rules.tables["ops"]["strategic_move_cost"]), "10.2.1", "Sea movement")
    return sea


def sea(rules: Rules, state: State, side: str, uid: str, dest: str, ctx: Context) -> None:
    used = check_sea(rules, state, side, uid, dest)
    here = state["units"][uid]["hex"]
    pay_ops(state, int(rules.tables["ops"]["strategic_move_cost"]), here)
    arrive(rules, state, side, uid, [here, dest], ctx)
    state["units"][uid]["strategic"] = True
    if side == AXIS:
        state.setdefault("axis_sea", {})[used] = int(state["turn"])
    else:
        state["round"]["sea_moves"] = int(state["round"].get("sea_moves", 0) or 0) + 1
    ctx.log(t("{unit} moves by sea from {a} to {b} (1 OPS, 10.2).", unit=rules.units[uid].name, a=here, b=dest))


def sea_destinations(rules: Rules, state: State, side: str, uid: str) -> list[str]:
    """Legal sea destinations of ``uid`` now (for the prompt)."""
    data = terrain.static(rules)
    here = state["units"][uid].get("hex")
    sea_name = _sea_of(rules, here) if here else None
    if sea_name is None:
        return []
    if side == AXIS:
        candidates = list(data.ports.get(sea_name, ()))
    else:
        candidates = sorted(rules.zone("black_sea_coast") | set(data.ports.get("black", ())))
    out = []
    for label in candidates:
        try:
            check_sea(rules, state, side, uid, label)
        except (IllegalOrder, InvalidOrder):
            continue
        out.append(label)
    return out
