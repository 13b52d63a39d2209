"""Stalin's War: Zones of Control (8.0).

8.1: a unit has a ZOC only in full supply, and only if its type has one (data column ``zoc``: all
LCUs, Soviet mech corps, tank and Guards armies, German Panzer corps). Units on fortress supply
(limited) and OOS units (13.3.6) have none; the flags are the ones the last supply check stored
(``oos`` / ``limited``, see ``supply.update_supply``), which is when the rules determine supply
(13.1.1).

8.2: a ZOC extends into the six adjacent hexes, not across lake/sea hexsides (nor into impassable
hexes), not into Fortress (intact) or Festung hexes of either side (ruling 8.1#29), and the Axis ZOC
not into a hex holding the Soviet Fortified Zone.

8.3: friendly units in a hex negate the enemy ZOC there for retreat and supply only (``negated``).
"""

from __future__ import annotations

from engine.game import State
from engine.games.stalins_war import control
from engine.games.stalins_war.model import AXIS, Rules, enemy
from engine.games.stalins_war.terrain import static


def has_zoc(rules: Rules, state: State, uid: str) -> bool:
    """8.1 / 13.3.6: ``uid`` exerts a ZOC now (ZOC type, on the map, last found in full supply)."""
    spec = rules.units[uid]
    u = state["units"][uid]
    if not spec.zoc or not u.get("hex") or u.get("oos") or u.get("limited"):
        return False
    return not (spec.partisan and not u.get("active"))


def blocks_zoc_into(rules: Rules, state: State, label: str, owner: str) -> bool:
    """8.2: the ZOC of ``owner``'s units does not extend into ``label``."""
    return label in zoc_shelters(rules, state, owner)


def zoc_shelters(rules: Rules, state: State, owner: str) -> frozenset[str]:
    """8.2 / ruling 8.1#29: hexes no ZOC of ``owner`` extends into — intact Fortresses and Festung of
    either side, and (Axis ZOC only) the Soviet Fortified Zone's hex."""
    markers = state["markers"]
    out = set(markers.get("festung", []))
    destroyed = markers["fortress_destroyed"]
    out.update(label for label in static(rules).fortresses if label not in destroyed)  # intact printed ones
    out.update(h for h in markers.get("fortress_built", []) if control.fortress_intact(rules, state, h))
    if owner == AXIS:
        for uid, u in state["units"].items():
            if u.get("hex") and "blocks_axis_zoc" in rules.units[uid].flags:
                out.add(u["hex"])
    return frozenset(out)


def zoc_hexes(rules: Rules, state: State, owner: str) -> frozenset[str]:
    """Every hex in the ZOC of ``owner``'s units (hexes where ``owner``'s enemies are in enemy ZOC)."""
    data = static(rules)
    out: set[str] = set()
    for uid, u in state["units"].items():
        label = u.get("hex")
        if not label or rules.units[uid].side != owner or not has_zoc(rules, state, uid):
            continue
        out.update(data.adj.get(label, ()))
    return frozenset(out) - zoc_shelters(rules, state, owner)


def enemy_zoc(rules: Rules, state: State, label: str, side: str) -> bool:
    """Is ``label`` in the ZOC of a unit of the enemy of ``side``?"""
    foe = enemy(side)
    data = static(rules)
    near = set(data.adj.get(label, ()))
    if not near:
        return False
    for uid, u in state["units"].items():
        if u.get("hex") in near and rules.units[uid].side == foe and has_zoc(rules, state, uid):
            return not blocks_zoc_into(rules, state, label, foe)
    return False


def friendly_in(rules: Rules, state: State, label: str, side: str) -> bool:
    """A unit of ``side`` is in ``label`` (inactive Partisans are hidden markers and do not count)."""
    for uid, u in state["units"].items():
        if u.get("hex") != label:
            continue
        spec = rules.units[uid]
        if spec.side == side and not (spec.partisan and not u.get("active")):
            return True
    return False


def negated(rules: Rules, state: State, label: str, side: str) -> bool:
    """8.3: friendly units of ``side`` in ``label`` negate the enemy ZOC there for retreat and supply."""
    return friendly_in(rules, state, label, side)


def supply_blocking_zoc(rules: Rules, state: State, side: str) -> frozenset[str]:
    """The hexes where the enemy ZOC blocks ``side``'s supply and retreat: enemy ZOC not negated."""
    foe_zoc = zoc_hexes(rules, state, enemy(side))
    return foe_zoc - friendly_hexes(rules, state, side)


def friendly_hexes(rules: Rules, state: State, side: str) -> frozenset[str]:
    """Hexes holding a unit of ``side`` (inactive Partisans excluded)."""
    out = set()
    for uid, u in state["units"].items():
        label = u.get("hex")
        spec = rules.units[uid]
        if label and spec.side == side and not (spec.partisan and not u.get("active")):
            out.add(label)
    return frozenset(out)
