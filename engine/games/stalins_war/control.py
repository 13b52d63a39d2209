"""Stalin's War: control of hexes (3.0, 3.2) and the VP level.

Control passes the moment an enemy unit enters a controllable hex, and in the Attrition phase
(13.3.9). A VP hex changing hands moves the VP level (Axis +1, Soviet -1, 5.1.1). Enemy entry
also removes an Entrenchment (10.3.2), destroys a Fortress (16.2) and removes a Festung (16.3).
"""

from __future__ import annotations

from engine.game import Context, State
from engine.games.stalins_war.model import AXIS, Rules, enemy
from engine.text import Named, t


def controller(state: State, label: str) -> str | None:
    side: str | None = state["control"].get(label)
    return side


def is_vp(rules: Rules, state: State, label: str) -> bool:
    place = rules.place(label)
    if place is None:
        return False
    after = place.get("vp_after")
    if after:
        return after in state["events"]
    return place.get("vp") == "1"


def tracked(rules: Rules, state: State, label: str) -> bool:
    """3.0: control is recorded for Cities, Ports, Fortresses, Oil and VP hexes; towns only under the
    optional rule 23.1.5 (town control). A plain town's recorded control counts for nothing otherwise."""
    place = rules.place(label)
    if place is None:
        return False
    if place.kind == "town" and not any(place.get(k) == "1" for k in ("port", "oil", "vp", "capital", "fortress")):
        return bool(state["options"].get("town_control", False)) or is_vp(rules, state, label)
    return True


def fortress_intact(rules: Rules, state: State, label: str) -> bool:
    """A fortress (printed or built by SU13) not yet destroyed (16.2)."""
    place = rules.place(label)
    printed = place is not None and place.get("fortress") == "1"
    built = label in state["markers"]["fortress_built"]
    return (printed or built) and label not in state["markers"]["fortress_destroyed"]


def fortress_owner(rules: Rules, state: State, label: str) -> str | None:
    """16.2.1: a fortress serves the side that owned it at the start (built ones: the Soviet)."""
    if not fortress_intact(rules, state, label):
        return None
    if label in state["markers"]["fortress_built"]:
        return "soviet"
    place = rules.place(label)
    country = place.get("country") if place else None
    return AXIS if country in ("germany", "hungary", "romania") else "soviet"


def adjust_vp(state: State, delta: int, ctx: Context, why: str | Named) -> None:
    if not delta:
        return
    state["vp"] = int(state["vp"]) + delta
    ctx.log(t("VP level {sign}{delta} ({why}): now {vp}.", sign="+" if delta > 0 else "", delta=delta, why=why, vp=state["vp"]))


def take(rules: Rules, state: State, label: str, side: str, ctx: Context) -> None:
    """``side`` gains control of ``label`` (if it is a controllable hex) with every consequence."""
    markers = state["markers"]
    trench = markers["entrench"].get(label)
    if trench and trench != side:
        del markers["entrench"][label]
        ctx.log(t("The entrenchment in {hex} is removed (10.3.2).", hex=label))
    owner = fortress_owner(rules, state, label)
    if owner and owner != side:
        markers["fortress_destroyed"].append(label)
        ctx.log(t("The fortress of {hex} is destroyed: it counts as a city from now on (16.2.2).", hex=label))
    if side == "soviet" and label in markers["festung"]:
        markers["festung"].remove(label)
        ctx.log(t("The Festung in {hex} is removed (16.3).", hex=label))
    if rules.place(label) is None:
        return
    before = state["control"].get(label)
    if before == side:
        return
    state["control"][label] = side
    place = rules.place(label)
    name = place.name if place else label
    if tracked(rules, state, label):  # plain towns without the town-control option: nothing to announce (3.0)
        ctx.log(t("{side} takes control of {place} ({hex}).", side=side.capitalize(), place=name, hex=label))
    if is_vp(rules, state, label) and before == enemy(side):
        adjust_vp(state, 1 if side == AXIS else -1, ctx, f"{name} changes hands, 5.1.1")
    elif is_vp(rules, state, label) and before is None:
        adjust_vp(state, 1 if side == AXIS else -1, ctx, f"{name} taken, 5.1.1")
    if side == AXIS and label in _restriction_hexes(rules):
        lift_for_hex(rules, state, label)


def _restriction_hexes(rules: Rules) -> frozenset[str]:
    names = ("Leningrad", "Moscow", "Gorki", "Stalingrad")
    found = {rules.places_by_name[n.casefold()] for n in names if n.casefold() in rules.places_by_name}
    return frozenset(found) | rules.zone("caucasus_zone")


def lift_for_hex(rules: Rules, state: State, label: str) -> None:
    """11.1.9 / ruling 44: an Axis unit entering (or control of) a hex lifts its group's ban."""
    groups = {
        "leningrad": {rules.places_by_name.get("leningrad")},
        "moscow": {rules.places_by_name.get("moscow"), rules.places_by_name.get("gorki")},
        "blau": {rules.places_by_name.get("stalingrad")} | set(rules.zone("caucasus_zone")),
    }
    lifted = state.setdefault("lifted", [])
    for key, hexes in groups.items():
        if label in hexes and key not in lifted:
            lifted.append(key)


def enter(rules: Rules, state: State, label: str, side: str, ctx: Context) -> None:
    """A unit of ``side`` enters ``label`` by movement, advance or exploitation (3.0, ruling 42)."""
    if side == AXIS:
        lift_for_hex(rules, state, label)
    take(rules, state, label, side, ctx)


def note_paulus(rules: Rules, state: State, uid: str) -> None:
    """5.1.3: the Soviet wins at the end of turn 4 unless a supplied Axis unit has gone east of the Paulus
    Line; moving, advancing or exploiting there in supply counts, whatever happens to the unit later."""
    u = state["units"][uid]
    label = u.get("hex")
    if rules.units[uid].side != AXIS or not label or label not in rules.zone("paulus_zone"):
        return
    if not u.get("oos") and not u.get("limited"):
        state["paulus_crossed"] = True
