"""Rail movement (7.22) and armoured-train movement (15.6): pure legality checks.

The lead's movement code calls ``usable_rail_hexes`` once at the start of a Primary Movement
Phase, keeps the result, and passes it to ``check_rail_move`` for every rail order; the order is
then carried out (unit moved, ``rail_moved`` set, the side added to ``flags["rail_used"]``,
control updated) by the caller.

Rulings:

* **Usable rail hexes** (7.22, ruling 3): at the start of the phase a hex is usable when it is
  not enemy-occupied, not in an enemy ZOC, and linked by railway through such hexes to a
  friendly-controlled Major City or to one of the side's own friendly-controlled Entry hexes
  (14.21: entry hexes belong to a side), themselves free of enemy units and ZOC. A hex whose
  control is kept (town, city, entry, 2.37) must also be controlled by the side: 7.22 speaks of
  "friendly-controlled" rail hexes, and ruling 3 only defines the word for the other hexes. The
  Sochi-Sukhumi and unfinished lines never carry rail movement (2.33, 2.34); the off-map
  Tbilisi-F link does, for the Soviet only.
* **Armoured trains** (flag ``rail_unlimited``, 15.6): any distance along railway in every
  friendly Movement Phase, no one-per-phase limit, no usable-hex test, may start in an enemy ZOC,
  must stop in the first enemy-ZOC hex entered. They may not use the supply-only lines (those
  "may not be used for rail movement", and a train moves only by rail); they may use the
  off-map link, stopping at its far end.
* A unit that moved normally this phase may not rail-move, and a unit that rail-moved may not
  move again in the phase (ruling 2); OOS units move at most 2 hexes (14.4), units that
  received a replacement at most 1 (17.2), also by rail.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.errors import IllegalOrder, InvalidOrder
from engine.games.caucasus.model import SOVIET, Rules, enemy, values
from engine.games.caucasus.supply import (
    controller,
    enemy_occupied,
    flood,
    friendly_entries,
    offmap_links,
    rail_adjacency,
)
from engine.games.caucasus.terrain import impassable_side, is_land, is_north_entry
from engine.games.caucasus.zoc import zoc_hexes
from engine.mapdata import MapData
from engine.memo import PerObject
from engine.text import t


def usable_rail_hexes(rules: Rules, state: Mapping[str, Any], side: str) -> frozenset[str]:
    """The rail hexes ``side`` may use for rail movement this phase (7.22, ruling 3)."""
    enemies = enemy_occupied(rules, state, side)
    ezoc = zoc_hexes(rules, state, enemy(side))
    adj = rail_adjacency(rules, state, side, for_supply=False)

    def free(h: str) -> bool:
        if not is_land(rules, h) or h in enemies or h in ezoc:
            return False
        owner = controller(rules, state, h)
        return owner is None or owner == side

    cities = {label for label in _major_cities(rules) if controller(rules, state, label) == side}
    seeds = {h for h in cities | friendly_entries(rules, state, side) if h in adj and free(h)}
    return frozenset(
        flood(
            seeds,
            lambda h: adj.get(h, ()),
            lambda h: free(h) and not is_north_entry(rules, h),
        )
    )


def _find_major_cities(board: object) -> tuple[str, ...]:
    assert isinstance(board, MapData)
    return tuple(label for label, place in board.places.items() if place.kind == "major_city")


_cities = PerObject(_find_major_cities)


def _major_cities(rules: Rules) -> tuple[str, ...]:
    """The map's major cities, found once per map (asked at the start of every Movement Phase)."""
    return _cities(rules.board)


def _is_link(rules: Rules, a: str, b: str) -> bool:
    return any({a, b} == {x, y} for x, y in offmap_links(rules, SOVIET))


def _not_usable(label: str) -> IllegalOrder:
    return IllegalOrder(
        t(
            "{hex} is not a usable rail hex this phase: it must be friendly, free of enemy units and ZOC, and linked by rail to a friendly Major City or Entry hex.",
            hex=label,
        ),
        "7.22",
    )


def _check_step(
    rules: Rules, state: Mapping[str, Any], side: str, a: str, b: str, last: bool, rule: str
) -> None:
    """One step of a rail path: along a railway usable for movement, or the off-map link."""
    turn = int(state["turn"])
    if _is_link(rules, a, b):
        if side != SOVIET:
            raise IllegalOrder(
                t("Only the Soviet may use the off-map railway between Tbilisi and F."), "7.22"
            )
        if not last:
            raise IllegalOrder(
                t("A unit using the off-map railway must stop at its far end, {hex}.", hex=b),
                "7.22",
            )
        return
    if b not in rules.board.grid:
        raise IllegalOrder(t("{hex} is not a hex of the map.", hex=b), "7.1")
    flags = rules.board.line("rail", a, b)
    if flags is None:
        raise IllegalOrder(
            t(
                "{a} and {b} are not joined by a railway: rail movement follows contiguous rail hexes.",
                a=a,
                b=b,
            ),
            rule,
        )
    if "unfinished" in flags and turn < 8:
        raise IllegalOrder(t("The Astrakhan-Gudermes railway is unfinished until turn 8."), "2.33")
    if "supply_only" in flags:
        raise IllegalOrder(
            t(
                "The railway between {a} and {b} may be used for supply only, never for rail movement.",
                a=a,
                b=b,
            ),
            "2.33/2.34",
        )
    why = impassable_side(rules, a, b, turn)
    if why == "closed_pass":
        raise IllegalOrder(t("The pass between {a} and {b} is closed by snow from turn 10.", a=a, b=b), "2.32")
    if why == "alpine":
        raise IllegalOrder(t("No unit may cross the alpine hexside between {a} and {b} (only at a Mountain Pass).", a=a, b=b), "7.8")
    if why == "lake":
        raise IllegalOrder(t("No unit may cross the lake hexside between {a} and {b}.", a=a, b=b), "TEC")
    if why is not None:
        raise IllegalOrder(t("No unit may cross the all-sea hexside between {a} and {b}.", a=a, b=b), "TEC")


def check_rail_move(
    rules: Rules,
    state: Mapping[str, Any],
    side: str,
    uid: str,
    path: Sequence[str],
    usable: frozenset[str],
) -> None:
    """Raise ``IllegalOrder`` (citing the rule) unless ``uid`` may rail-move along ``path``.

    ``path`` starts at the unit's hex and names every hex entered. ``usable`` is
    ``usable_rail_hexes`` computed at the start of the phase (ignored for armoured trains).
    """
    spec = rules.units.get(uid)
    if spec is None:
        raise InvalidOrder(t("There is no unit {unit}.", unit=uid))
    u = state["units"][uid]
    if spec.side != side:
        raise IllegalOrder(t("{unit} is not yours.", unit=uid), "7.1")
    start = u.get("hex")
    if not start:
        raise IllegalOrder(t("{unit} is not on the map.", unit=uid), "7.1")
    if len(path) < 2 or path[0] != start:
        raise IllegalOrder(
            t(
                "The path must start at the unit's hex {hex} and name at least one more hex.",
                hex=start,
            ),
            "7.1",
        )
    if values(rules, state, uid).move == 0:
        raise IllegalOrder(
            t("{unit} has a movement allowance of 0 and cannot rail-move.", unit=uid), "7.22"
        )
    phase = state.get("phase", {})
    train = "rail_unlimited" in spec.flags
    ezoc = zoc_hexes(rules, state, enemy(side))
    enemies = enemy_occupied(rules, state, side)
    in_movement = phase.get("side") == side and phase.get("step") == "movement"
    if train:
        if not in_movement or phase.get("impulse") not in ("primary", "secondary"):
            raise IllegalOrder(t("Armoured trains move in friendly Movement Phases only."), "15.6")
    elif not in_movement or phase.get("impulse") != "primary":
        raise IllegalOrder(
            t("Rail movement is allowed only in a friendly Primary Movement Phase."), "7.22"
        )
    if u.get("moved") and not train:
        raise IllegalOrder(
            t("{unit} has already moved this phase and may not also rail-move.", unit=uid), "7.22"
        )
    if u.get("moved") or u.get("rail_moved") or u.get("naval_moved"):
        raise IllegalOrder(
            t("{unit} has already moved this phase.", unit=uid), "7.22" if not train else "7.1"
        )
    if u.get("ae"):
        raise IllegalOrder(
            t("{unit} made an Automatic Elimination and may not move again this phase.", unit=uid),
            "8.5",
        )
    if not train and side in state.get("flags", {}).get("rail_used", []):
        raise IllegalOrder(
            t("Each side may rail-move only one unit per Primary Movement Phase."), "7.22"
        )
    if not rules.board.on_line("rail", start) and not any(
        start in pair for pair in offmap_links(rules, side)
    ):
        raise IllegalOrder(
            t("{unit} must start on a rail hex to move by rail.", unit=uid),
            "15.6" if train else "7.22",
        )
    if train:
        if (
            int(state["turn"]) == 1
            and side == SOVIET
            and phase.get("impulse") == "secondary"
            and start in ezoc
        ):
            raise IllegalOrder(
                t(
                    "Not One Step Back: Soviet units that start in an enemy ZOC may not move this impulse."
                ),
                "18.2",
            )
    else:
        if start in ezoc:
            raise IllegalOrder(t("A unit that starts in an enemy ZOC may not rail-move."), "7.22")
        if start not in usable:
            raise _not_usable(start)
    hexes = len(path) - 1
    if u.get("supply") == "out" and hexes > 2:
        raise IllegalOrder(
            t("{unit} is out of supply and may move at most 2 hexes.", unit=uid), "14.4"
        )
    if u.get("replaced") and hexes > 1:
        raise IllegalOrder(
            t("{unit} received a replacement and may move at most 1 hex.", unit=uid), "17.2"
        )
    rule = "15.6" if train else "7.22"
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        last = i == len(path) - 1
        _check_step(rules, state, side, a, b, last, rule)
        if is_north_entry(rules, b):
            raise IllegalOrder(t("No unit may enter the north-edge entry hex {hex}.", hex=b), "4.1")
        if b in enemies:
            raise IllegalOrder(t("{hex} is occupied by the enemy.", hex=b), "7.1")
        if b in ezoc:
            if not train:
                raise IllegalOrder(
                    t("Rail movement may not enter an enemy ZOC ({hex}).", hex=b), "7.22"
                )
            if not last:
                raise IllegalOrder(
                    t(
                        "An armoured train must stop in the first enemy ZOC hex it enters ({hex}).",
                        hex=b,
                    ),
                    "15.6",
                )
            if u.get("disorganized"):
                raise IllegalOrder(
                    t("{unit} is disorganized and may not end its move in an enemy ZOC.", unit=uid),
                    "11.5",
                )
        if not train and b not in usable:
            raise _not_usable(b)
