"""Stalin's War: where arriving units may be placed (7.5.2c, 7.5.3, 14.1.4) and the ``place_units`` procedure.

``legal_placements(rules, state, uid)`` lists the hexes ``uid`` may enter now:

* the general rule (7.5.2c): the capital of the unit's nation and every friendly-controlled full
  supply source, City or Fortress of that nation, each in full supply. Nations: SU -> the USSR
  (Moscow), GE -> Germany (Berlin; sources: the west-edge rail hexes in Germany and the USIR, 13.2), HU ->
  Hungary (Buda), RO -> Romania (Bucharest); Italians only Bucharest and Odessa while Axis-controlled;
* card-specific flags of units.csv: ``place_with_front`` (a hex holding a Soviet Front),
  ``place_with_german_unit`` (a hex holding a German unit in full supply), ``place_berlin``,
  ``place_berlin_buda_breslau``, ``place_in_greater_germany``, ``place_with:<id>``,
  ``enters_bucharest_or_odessa``;
* Total War swaps for units arriving from the set-aside box (``swap:front|army|tank_army``): the hex
  of an eligible unit in full supply, which leaves the game when the new unit takes its place at
  full strength. A rebuilt unit (14.1.4) is placed by the general rule, never by a swap.

Every candidate must hold no enemy unit (inactive Partisans excepted for the Axis), must not be
enemy-controlled and must still satisfy stacking with the unit added (``stacking.check_hex``).

The procedure ``place_units`` (active: the owner) takes ``place UNIT HEX [REPLACED]``,
``place auto`` (the first legal choice for every remaining unit) and ``done`` (only when no remaining unit can be placed)
(units still unplaced are permanently eliminated, 7.5.2b — ``done`` alone is refused while some
remaining unit could still be placed). Units flagged ``enters_reduced`` (listed in parentheses,
7.5.3) enter at their second level.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import flow, replaying
from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action, Context, Prompt, State
from engine.games.stalins_war.model import AXIS, SOVIET, Rules, enemy
from engine.replaying import accepted
from engine.text import Text, t

NATION_COUNTRY = {"SU": "ussr", "GE": "germany", "HU": "hungary", "RO": "romania"}
NATION_CAPITAL = {"SU": "Moscow", "GE": "Berlin", "HU": "Buda", "RO": "Bucharest"}
NATION_SOURCE_ZONE = {"SU": "soviet_supply_edge", "GE": "axis_supply_edge"}
NATION_SOURCE_PLACES = {"HU": ("Buda",), "RO": ("Bucharest",)}
ITALIAN_ENTRY = ("Bucharest", "Odessa")
# 7.5.2c: which units on the map a Total War unit replaces (provisional for "army", ruling C1-4).
SWAP_TARGET_TYPES = {
    "front": frozenset({"front"}),
    "army": frozenset({"rifle_army", "shock_army", "guards_army"}),
    "tank_army": frozenset({"tank_army"}),
}
PROMPT_HEXES_PER_UNIT = 6
HINT_HEXES = 8  # legal hexes a refusal lists


def _hex_of(rules: Rules, name: str) -> str | None:
    return rules.places_by_name.get(name.casefold())


def _units_at(state: State, label: str) -> list[str]:
    return sorted(uid for uid, u in state["units"].items() if u.get("hex") == label)


def _enemy_present(rules: Rules, state: State, label: str, side: str) -> bool:
    for uid in _units_at(state, label):
        spec = rules.units[uid]
        if spec.side == side:
            continue
        if side == AXIS and spec.partisan and not state["units"][uid].get("active"):
            continue  # 16.1.4: Axis units may share a hex with inactive Partisans
        return True
    return False


def _open_for(rules: Rules, state: State, label: str, side: str) -> bool:
    """A passable hex with no enemy unit, not enemy-controlled."""
    return _closed_because(rules, state, label, side) is None


def _closed_because(rules: Rules, state: State, label: str, side: str) -> Text | None:
    """Why ``label`` is not open for ``side`` (see ``_open_for``), None if it is."""
    from engine.games.stalins_war import terrain

    if terrain.impassable(rules, label):
        return t("{hex} is impassable.", hex=label)
    if state["control"].get(label) == enemy(side):
        return t("{hex} is enemy-controlled.", hex=label)
    if _enemy_present(rules, state, label, side):
        return t("An enemy unit is in {hex}.", hex=label)
    return None


def _hidden_partisans(rules: Rules, state: State, uid: str, label: str) -> list[str]:
    """Inactive Partisans a Soviet unit arriving in ``label`` sends back to the pool: the hex must be
    in full supply to receive it, and a supplied Soviet unit in their hex removes them (16.1.5)."""
    if rules.units[uid].side != SOVIET:
        return []
    return [
        p for p in _units_at(state, label)
        if rules.units[p].partisan and not state["units"][p].get("active")
    ]


def _fits(rules: Rules, state: State, uid: str, label: str, replaced: str | None = None) -> bool:
    """Stacking (9.1) with ``uid`` added to ``label`` (and ``replaced`` taken out); inactive Partisans
    the arriving Soviet unit removes (16.1.5) do not count."""
    return _stack_problem(rules, state, uid, label, replaced) is None


def _stack_problem(rules: Rules, state: State, uid: str, label: str, replaced: str | None = None) -> Text | None:
    """What stacking (9.1) forbids with ``uid`` added to ``label`` (see ``_fits``), None if nothing."""
    from engine.games.stalins_war import stacking

    hidden = _hidden_partisans(rules, state, uid, label)
    if hidden:
        state = {**state, "units": {k: v for k, v in state["units"].items() if k not in hidden}}
    units = state["units"]
    saved = dict(units[uid])
    saved_old = dict(units[replaced]) if replaced else None
    try:
        units[uid].update(hex=label, box=None)
        if replaced:
            units[replaced].update(hex=None, box="removed")
        return stacking.check_hex(rules, state, label)
    finally:
        units[uid].clear()
        units[uid].update(saved)
        if replaced and saved_old is not None:
            units[replaced].clear()
            units[replaced].update(saved_old)


def _full(rules: Rules, state: State, label: str, side: str, uid: str | None = None) -> bool:
    """``label`` is in full supply for the arriving unit: traced to that unit's own sources (13.2.1:
    Romanians to Bucharest, Hungarians and Italians to Buda; German for the others)."""
    from engine.games.stalins_war import supply

    group = supply.group_of(rules, uid) if uid is not None else None
    if group in (supply.ROMANIAN, supply.BUDA):
        return label in supply.reach_of(rules, state, group).full
    status: str = supply.hex_traces(rules, state, label, side)
    return status == "full"


def _italian(rules: Rules, uid: str) -> bool:
    spec = rules.units[uid]
    return spec.nationality == "IT" or "enters_bucharest_or_odessa" in spec.flags


def _candidates(rules: Rules, state: State, uid: str) -> list[str]:
    """7.5.2c before control, supply and stacking: capital, sources, cities and fortresses of the nation."""
    from engine.games.stalins_war.control import fortress_intact

    spec = rules.units[uid]
    side = spec.side
    nation = spec.nationality
    if _italian(rules, uid):
        return [label for label in (_hex_of(rules, name) for name in ITALIAN_ENTRY) if label]
    country = NATION_COUNTRY.get(nation)
    if country is None or side != (SOVIET if nation == "SU" else AXIS):
        return []
    candidates: set[str] = set()
    capital = _hex_of(rules, NATION_CAPITAL[nation])
    if capital:
        candidates.add(capital)
    zone = NATION_SOURCE_ZONE.get(nation)
    if zone:
        # "fonte ... di quella nazione": a German unit arrives at a German source, not at the Axis
        # edge hexes in Hungary or Bulgaria (RULINGS.md E1).
        home = set(rules.zone(country))
        candidates |= {label for label in rules.zone(zone) if label in home}
    for name in NATION_SOURCE_PLACES.get(nation, ()):
        label = _hex_of(rules, name)
        if label:
            candidates.add(label)
    for label, place in rules.board.places.items():
        if place.get("country") != country:
            continue
        if place.kind in ("city", "fortress_city"):
            candidates.add(label)  # a destroyed fortress counts as a City (16.2.2)
    if side == SOVIET:
        candidates |= {label for label in state["markers"].get("fortress_built", []) if fortress_intact(rules, state, label)}
    return sorted(candidates)


def _general_problem(rules: Rules, state: State, uid: str, label: str) -> Text | None:
    """Why candidate ``label`` does not take ``uid`` now by 7.5.2c (stacking apart), None if it does."""
    side = rules.units[uid].side
    if _italian(rules, uid):
        return None if state["control"].get(label) == AXIS else t("{hex} is not Axis-controlled.", hex=label)
    if rules.place(label) is not None and state["control"].get(label) != side:  # a place must be friendly-controlled
        if state["control"].get(label) == enemy(side):
            return t("{hex} is enemy-controlled.", hex=label)
        return t("{hex} is not controlled by your side.", hex=label)
    closed = _closed_because(rules, state, label, side)
    if closed is not None:
        return closed
    if not _full(rules, state, label, side, uid):
        return t("{hex} is not in full supply.", hex=label)
    return None


def general_hexes(rules: Rules, state: State, uid: str) -> list[str]:
    """7.5.2c without stacking: capital, friendly full-supply sources, cities and fortresses of the nation."""
    return [label for label in _candidates(rules, state, uid) if _general_problem(rules, state, uid, label) is None]


def _flag_hexes(rules: Rules, state: State, uid: str) -> list[str] | None:
    """The hexes a card-specific placement flag allows (None when the unit has no such flag)."""
    from engine.games.stalins_war import supply, terrain

    spec = rules.units[uid]
    flags = spec.flags
    if "place_with_front" in flags:
        return sorted(
            {
                u["hex"]
                for other, u in state["units"].items()
                if u.get("hex") and rules.units[other].side == SOVIET and rules.units[other].type == "front"
            }
        )
    if "place_with_german_unit" in flags:
        return sorted(
            {
                u["hex"]
                for other, u in state["units"].items()
                if u.get("hex")
                and other != uid
                and rules.units[other].german
                and not rules.units[other].non_stacking
                and supply.supply_status(rules, state, other) == "full"
            }
        )
    if "place_berlin" in flags:
        label = _hex_of(rules, "Berlin")
        return [label] if label else []
    if "place_berlin_buda_breslau" in flags:
        return sorted(x for x in (_hex_of(rules, n) for n in ("Berlin", "Buda", "Breslau")) if x)
    if "place_in_greater_germany" in flags:
        return sorted(label for label in rules.board.terrain if terrain.in_region(rules, label, "greater_germany"))
    with_unit = spec.flag_value("place_with")
    if with_unit:
        where = state["units"].get(with_unit, {}).get("hex")
        return [where] if where else []
    return None


def swap_kind(rules: Rules, state: State, uid: str) -> str | None:
    """The Total War swap that brings ``uid`` in now (only when it arrives from the set-aside box)."""
    kind = rules.units[uid].flag_value("swap")
    if kind is None or state["units"][uid].get("box") != "setaside":
        return None
    return kind


def swap_targets(rules: Rules, state: State, uid: str, label: str | None = None) -> list[str]:
    """7.5.2c: the units on the map (in ``label`` if given) that ``uid`` may replace one-for-one."""
    from engine.games.stalins_war import supply

    kind = swap_kind(rules, state, uid)
    if kind is None:
        return []
    types = SWAP_TARGET_TYPES.get(kind, frozenset())
    side = rules.units[uid].side
    out: list[str] = []
    for other, u in sorted(state["units"].items()):
        where = u.get("hex")
        if not where or (label is not None and where != label) or other == uid:
            continue
        spec = rules.units[other]
        if spec.side != side or spec.type not in types or spec.flag_value("swap") is not None:
            continue  # only Blitzkrieg units are replaced (a TW unit never replaces another TW unit)
        if supply.supply_status(rules, state, other) != "full":
            continue
        out.append(other)
    return out


def legal_placements(rules: Rules, state: State, uid: str) -> list[str]:
    """Every hex where ``uid`` may be placed now as a reinforcement or rebuilt unit (sorted)."""
    spec = rules.units.get(uid)
    if spec is None or uid not in state["units"] or state["units"][uid].get("hex"):
        return []
    if spec.partisan or spec.type == "stalin":
        return []  # Partisans enter by rule 16.1 (movement step); Stalin never comes back
    if swap_kind(rules, state, uid) is not None:
        out: list[str] = []
        for target in swap_targets(rules, state, uid):
            where = state["units"][target]["hex"]
            if where not in out and _fits(rules, state, uid, where, target):
                out.append(where)
        return sorted(out)
    flagged = _flag_hexes(rules, state, uid)
    hexes = flagged if flagged is not None else general_hexes(rules, state, uid)
    return [label for label in hexes if _open_for(rules, state, label, spec.side) and _fits(rules, state, uid, label)]


def refusal(rules: Rules, state: State, uid: str, label: str) -> tuple[Text, str | None] | None:
    """Why ``uid`` may not be placed in ``label`` now, and the rule that forbids it (None: the
    caller's own rule, 7.5.2c or 14.1.4); None when ``label`` is legal."""
    from engine.games.stalins_war import stacking

    if label in legal_placements(rules, state, uid):
        return None
    spec = rules.units[uid]
    if state["units"][uid].get("hex"):
        return t("{unit} is already on the map.", unit=spec.name), None
    if spec.partisan:
        return t("Partisans are not placed like reinforcements: they enter by 16.1."), "16.1"
    if spec.type == "stalin":
        return t("{unit} never comes back.", unit=spec.name), None
    replaced: str | None = None
    if swap_kind(rules, state, uid) is not None:
        targets = swap_targets(rules, state, uid, label)
        if not targets:
            return t("{unit} enters by replacing an eligible unit in full supply, and there is none in {hex}.", unit=spec.name, hex=label), None
        replaced = targets[0]
    else:
        flagged = _flag_hexes(rules, state, uid)
        if flagged is not None and label not in flagged:
            return t("{unit} may enter only where its card places it.", unit=spec.name), None
        if flagged is None:
            if label not in _candidates(rules, state, uid):
                if _italian(rules, uid):
                    return t("{unit} may enter only in Bucharest or Odessa.", unit=spec.name), None
                return t("{hex} is not the capital, a City, a Fortress or a supply source of the nation of {unit}.", hex=label, unit=spec.name), None
            problem = _general_problem(rules, state, uid, label)
            if problem is not None:
                return problem, None
    closed = _closed_because(rules, state, label, spec.side)
    if closed is not None:
        return closed, None
    crowded = _stack_problem(rules, state, uid, label, replaced)
    if crowded is not None:
        there = ", ".join(rules.units[u].name for u in _units_at(state, label) if rules.units[u].side == spec.side)
        return t("{problem} Already there: {units}.", problem=crowded, units=there or "-"), stacking.rule_of(crowded)
    return t("{hex} is not a legal hex for {unit}.", hex=label, unit=spec.name), None


def hexes_hint(rules: Rules, state: State, uid: str, near: str | None = None) -> Text | None:
    """Some legal hexes for ``uid`` (nearest to ``near`` first), None when it has none."""
    hexes = legal_placements(rules, state, uid)
    if not hexes:
        return None
    grid = rules.board.grid
    if near is not None and near in grid:
        hexes = sorted(hexes, key=lambda label: (grid.distance(near, label), label))
    shown = hexes[:HINT_HEXES]
    listed = ", ".join(shown)
    unit = rules.units[uid].name
    if len(hexes) > len(shown):
        if near is not None and near in grid:
            return t("Legal hexes for {unit}, nearest to {hex} first: {hexes} and {n} more.", unit=unit, hex=near, hexes=listed, n=len(hexes) - len(shown))
        return t("Legal hexes for {unit}: {hexes} and {n} more.", unit=unit, hexes=listed, n=len(hexes) - len(shown))
    return t("Legal hexes for {unit}: {hexes}.", unit=unit, hexes=listed)


def refused(rules: Rules, state: State, uid: str, label: str, rule: str, hint: Text) -> IllegalOrder:
    """The refusal of ``uid`` in illegal ``label``: the reason, its rule (else ``rule``), ``hint``."""
    name = rules.units[uid].name
    why = refusal(rules, state, uid, label)
    if why is None:
        return IllegalOrder(t("{unit} cannot be placed in {hex}.", unit=name, hex=label), rule=rule, hint=hint)
    return IllegalOrder(t("{unit} cannot be placed in {hex}. {reason}", unit=name, hex=label, reason=why[0]), rule=why[1] or rule, hint=hint)


# Applying a placement ------------------------------------------------------------------------------
def place(rules: Rules, state: State, uid: str, label: str, ctx: Context, replaced: str | None = None) -> None:
    """Put arriving ``uid`` in ``label`` (checked), swapping out ``replaced`` for a Total War swap."""
    from engine.games.stalins_war.units import remove

    spec = rules.units[uid]
    if not accepted(ctx) and label not in legal_placements(rules, state, uid):
        raise refused(rules, state, uid, label, "7.5.2c", _hint(rules, state, uid, label))
    swapping = swap_kind(rules, state, uid) is not None
    if swapping:
        targets = swap_targets(rules, state, uid, label)
        if replaced is None:
            if len(targets) != 1:
                raise IllegalOrder(
                    t("Say which unit {unit} replaces in {hex}: {targets}.", unit=spec.name, hex=label, targets=", ".join(targets)),
                    rule="7.5.2c",
                )
            replaced = targets[0]
        elif replaced not in targets:
            raise IllegalOrder(
                t("{unit} cannot replace {other} in {hex}.", unit=spec.name, other=replaced, hex=label),
                rule="7.5.2c",
                hint=t("Units it may replace there: {targets}.", targets=", ".join(targets) or "-"),
            )
    elif replaced is not None:
        raise InvalidOrder(t("{unit} does not replace another unit.", unit=spec.name))
    reduced = "enters_reduced" in spec.flags and not swapping and len(spec.levels) > 1
    hidden = _hidden_partisans(rules, state, uid, label)
    state["units"][uid].update(hex=label, box=None, level=1 if reduced else 0, oos=False)
    if hidden:
        from engine.games.stalins_war.units import eliminate

        for partisan in hidden:
            eliminate(rules, state, partisan, ctx)  # 16.1.5: back to the pool
    if replaced:
        remove(rules, state, replaced, ctx, f"replaced by {spec.name}, 7.5.2c")
        ctx.log(t("{unit} replaces {other} in {hex} at full strength (7.5.2c).", unit=spec.name, other=rules.units[replaced].name, hex=label))
    elif reduced:
        ctx.log(t("{unit} enters reduced in {hex} (7.5.3).", unit=spec.name, hex=label))
    else:
        ctx.log(t("{unit} enters in {hex}.", unit=spec.name, hex=label))


def _hint(rules: Rules, state: State, uid: str, near: str | None = None) -> Text:
    hint = hexes_hint(rules, state, uid, near)
    if hint is None:
        return t("{unit} has no legal hex now; 'done' leaves it out and it is eliminated for good (7.5.2b).", unit=rules.units[uid].name)
    return hint


def eliminate_unplaced(rules: Rules, state: State, uids: Sequence[str], ctx: Context) -> None:
    """7.5.2b / 8.1#47: reinforcements that cannot be (or are not) placed are permanently eliminated."""
    from engine.games.stalins_war.units import remove

    for uid in uids:
        if not state["units"][uid].get("hex"):
            remove(rules, state, uid, ctx, "not placed, 7.5.2b")


def start(state: State, side: str, uids: Sequence[str], card: str | None = None) -> None:
    """Open ``place_units`` for ``side`` with the arriving ``uids`` (nothing when the list is empty)."""
    if uids:
        flow.call(state, "place_units", side=side, units=list(uids), card=card)


class PlaceUnits(flow.Procedure):
    """7.5.2: the owner places the arriving units one by one."""

    name = "place_units"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("placement of the arriving units"), "7.5.2")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        rules: Rules = game.rules
        names = ", ".join(f"{uid} ({rules.units[uid].name})" for uid in frame["units"])
        return t(
            "Place your arriving units: {units}. place UNIT HEX [REPLACED] | place auto | done (when none can be placed: they are eliminated for good, 7.5.2b).",
            units=names,
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        actions: list[Action] = []
        placeable = False
        unlisted = 0
        for uid in frame["units"]:
            hexes = legal_placements(rules, state, uid)
            placeable = placeable or bool(hexes)
            unlisted += max(0, len(hexes) - PROMPT_HEXES_PER_UNIT)
            for label in hexes[:PROMPT_HEXES_PER_UNIT]:
                targets = swap_targets(rules, state, uid, label) if swap_kind(rules, state, uid) else []
                if len(targets) > 1:
                    actions.extend(Action("place", (uid, label, target)) for target in targets)
                else:
                    actions.append(Action("place", (uid, label)))
        if placeable:
            actions.append(Action("place", ("auto",)))
        if not placeable:
            actions.append(Action("done"))
        text = self.text(game, state, frame, role)
        if unlisted:
            text = t(
                "{text} The orders below show at most {n} hexes per unit, and {more} more are legal: any legal hex may be named.",
                text=text,
                n=PROMPT_HEXES_PER_UNIT,
                more=unlisted,
            )
        return Prompt(role, text, tuple(actions), ("place", "done"))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        remaining: list[str] = frame["units"]
        if action.verb == "done":
            placeable = [] if accepted(ctx) else [uid for uid in remaining if legal_placements(rules, state, uid)]
            if placeable:
                # 7.5.2b: only units that cannot be placed are lost.
                raise IllegalOrder(
                    t("{units} can still be placed: only units with no legal hex are left out.", units=", ".join(placeable)),
                    rule="7.5.2b",
                    hint=t("place UNIT HEX, or place auto."),
                )
            eliminate_unplaced(rules, state, remaining, ctx)
            self._finish(state, frame)
            return
        if action.verb != "place" or not action.args:
            raise flow.refuse(action, ("place",), self.step(game, state, frame), t("Now: place UNIT HEX, place auto or done."), t("place UNIT HEX | place auto | done"))
        if action.args == ("auto",):
            # What the searches found when the order was accepted: each unit's hex, and whether
            # one was left for the others (replaying.found; noted again for the record).
            found = replaying.found(ctx, "auto")
            chosen: dict[str, str] = {}
            if isinstance(found, dict) and isinstance(found.get("placed"), dict):
                chosen = {str(k): str(v) for k, v in found["placed"].items()}
            placed: dict[str, str] = {}
            for uid in list(remaining):
                if found is not None:
                    hex_ = chosen.get(uid)
                else:
                    hexes = legal_placements(rules, state, uid)
                    hex_ = hexes[0] if hexes else None
                if hex_ is not None:
                    place(rules, state, uid, hex_, ctx, _first_target(rules, state, uid, hex_))
                    remaining.remove(uid)
                    placed[uid] = hex_
            if not remaining:
                replaying.note(ctx, "auto", {"placed": placed})
                self._finish(state, frame)
                return
            if found is not None:
                none_left = bool(found.get("none_left"))
            else:
                none_left = not any(legal_placements(rules, state, uid) for uid in remaining)
            replaying.note(ctx, "auto", {"placed": placed, "none_left": none_left})
            if none_left:
                ctx.log(t("No legal hex is left for {units}.", units=", ".join(remaining)), to=frame["side"])
            return
        if len(action.args) not in (2, 3):
            raise InvalidOrder(t("Say 'place UNIT HEX' (and the replaced unit for a Total War swap)."), t("place UNIT HEX [REPLACED]"))
        uid, label = action.args[0], action.args[1]
        replaced = action.args[2] if len(action.args) == 3 else None
        if uid not in remaining:
            raise IllegalOrder(
                t("{unit} is not one of the units to place now.", unit=uid),
                rule="7.5.2",
                hint=t("Units to place: {units}.", units=", ".join(remaining)),
            )
        place(rules, state, uid, label, ctx, replaced)
        remaining.remove(uid)
        if not remaining:
            self._finish(state, frame)

    def _finish(self, state: State, frame: flow.Frame) -> None:
        flow.end(state)


def _first_target(rules: Rules, state: State, uid: str, label: str) -> str | None:
    if swap_kind(rules, state, uid) is None:
        return None
    targets = swap_targets(rules, state, uid, label)
    return targets[0] if targets else None


PROCEDURES: list[flow.Procedure] = [PlaceUnits()]
