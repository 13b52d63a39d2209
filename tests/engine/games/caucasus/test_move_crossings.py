"""The compiled crossing table of movement answers every step exactly as the rules read hex by hex (7.1-7.8)."""

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine import mapoverlay, registry
from engine.games.caucasus import moves
from engine.games.caucasus.model import Rules, UnitType
from engine.games.caucasus.moves import EZOC_EXIT_COST, MoveMode
from engine.games.caucasus.terrain import (
    MOVE_COST,
    bridged,
    impassable_side,
    is_land,
    is_north_entry,
    natural,
    road,
    settlement,
    side_features,
)
from engine.games.caucasus.zoc import zoc_hexes
from engine.movement import Refusal, Step
from engine.text import t
from tests.engine.games.caucasus.supply_positions import played


# The step as it was written before the table: each question asked of the map at every step.
def reference_step_fn(
    rules: Rules, state: Mapping[str, Any], uids: Sequence[str], start: str, mode: MoveMode, ezoc: frozenset[str]
) -> Any:
    turn = int(state["turn"])
    specs = [rules.units[u] for u in uids]
    mech = any(s.mech for s in specs)
    all_mountain = all(s.type == UnitType.MOUNTAIN for s in specs)
    bicycle = all("bicycle" in s.flags for s in specs)
    side = specs[0].side
    options = state.get("options", {})
    # Enemy-occupied hexes, found once (a search steps thousands of times over the same state).
    enemies = {u.get("hex") for uid, u in state["units"].items() if rules.units[uid].side != side}

    def step(frm: Any, to: Any, spent: float) -> Step | Refusal:
        if not is_land(rules, to):
            return Refusal(t("{hex} is sea or off the map.", hex=to), "7.1")
        if is_north_entry(rules, to):
            return Refusal(t("Entry hexes A-E on the north edge may not be entered."), "4.1")
        nat = natural(rules, to, turn)
        if nat == "alpine":
            return Refusal(t("No unit may enter an Alpine hex ({hex}).", hex=to), "7.8")
        blocked = impassable_side(rules, frm, to, turn)
        if blocked == "closed_pass":
            return Refusal(t("The pass between {a} and {b} is closed by snow from turn 10.", a=frm, b=to), "2.32")
        if blocked == "alpine":
            return Refusal(t("No unit may cross the alpine hexside between {a} and {b} (only at a Mountain Pass).", a=frm, b=to), "7.8")
        if blocked == "lake":  # lake and all-sea hexsides: prohibited on the Terrain Effects Chart
            return Refusal(t("No unit may cross the lake hexside between {a} and {b}.", a=frm, b=to), "TEC")
        if blocked is not None:
            return Refusal(t("No unit may cross the all-sea hexside between {a} and {b}.", a=frm, b=to), "TEC")
        if to in enemies:
            return Refusal(t("{hex} is occupied by the enemy.", hex=to), "7.1")
        on_road = road(rules, frm, to)
        if mode.strategic:
            if not on_road:
                return Refusal(t("Strategic road movement must follow the road ({a} to {b} has none).", a=frm, b=to), "7.5")
            if to in ezoc or frm in ezoc:
                return Refusal(t("Strategic road movement may not enter or leave an enemy ZOC."), "7.5")
            return Step(0.5 if (mech or bicycle) else 1.0)
        stop = False
        if on_road:
            cost: float = 1.0
        else:
            nm, mc = MOVE_COST.get(nat, (1, 1))
            if settlement(rules, to) == "major_city":
                nm, mc = 1, 1
            if mech:
                if mc is None:
                    return Refusal(
                        t("Mechanized units may enter {terrain} only along a road.", terrain=nat), "7.6"
                    )
                cost = float(mc)
                stop = nat == "forest"
            else:
                cost = float(nm if nm is not None else 1)
                stop = nat == "swamp" or (nat == "mountain" and not all_mountain)
        feats = side_features(rules, frm, to, turn)
        if not bridged(rules, frm, to, options):
            if "minor_river" in feats:
                cost += 1
            if "major_river" in feats:
                if frm != start or spent > 0:
                    return Refusal(
                        t("A major river may be crossed only as the first move of a unit that started next to it."),
                        "7.7",
                    )
                cost += 1
        if "pass" in feats:
            cost += 1
        if frm in ezoc:
            cost += EZOC_EXIT_COST
        return Step(cost, stop)

    return step


def test_every_step_of_every_mover_matches_the_reference():
    """Every step from every hex next to a unit, for each kind of mover and mode, gives the same cost, stop or refusal."""
    game = registry.get("caucasus")
    rules = game.rules
    rnd = random.Random("crossings")
    compared = 0
    for state in played("crossings", 240, 40):
        with mapoverlay.bound(game.board, state):
            for turn in (int(state["turn"]), 11):
                state = {**state, "turn": turn}
                on_map = [uid for uid, u in state["units"].items() if u.get("hex")]
                for uid in rnd.sample(on_map, min(15, len(on_map))):
                    start = state["units"][uid]["hex"]
                    side = rules.units[uid].side
                    ezoc = zoc_hexes(rules, state, "soviet" if side == "axis" else "axis")
                    for mode in (MoveMode("primary"), MoveMode("primary", strategic=True)):
                        new = moves._step_fn(rules, state, [uid], start, mode, ezoc)
                        old = reference_step_fn(rules, state, [uid], start, mode, ezoc)
                        frontier = [start, *rules.board.neighbours(start)]
                        for frm in frontier:
                            for to in rules.board.neighbours(frm):
                                for spent in (0.0, 1.0):
                                    assert new(frm, to, spent) == old(frm, to, spent), (uid, frm, to, spent, mode)
                                    compared += 1
    assert compared > 5000
