"""Random positions of Stalin's War for tests proving that a fast path of the rules gives the
slow path's answers: units scattered over a small area (so stacks, ZOC and shelters meet) with
any supply and Partisan flags, random control, entrenchments, Festung, built and destroyed
fortresses and events."""

from __future__ import annotations

import random
from typing import Any

from engine.games.stalins_war.model import AXIS, SOVIET, Rules
from engine.games.stalins_war.terrain import static
from tests.engine.games.stalins_war.flow_helpers import RULES, direct


def empty_position(turn: int = 5) -> dict[str, Any]:
    """The campaign's start position at ``turn`` with every unit taken off the map."""
    state = direct(turn=turn).state
    for u in state["units"].values():
        u.update(hex=None, box="setaside")
    return state


def put(state: dict[str, Any], uid: str, label: str) -> None:
    """Place ``uid`` in ``label`` as if it began the Action Round there."""
    state["units"][uid].update(hex=label, box=None, began=label)


def random_position(rnd: random.Random, rules: Rules = RULES, units: int = 70) -> dict[str, Any]:
    """A random position (see the module); the Soviet Fortified Zone is on the map half the time."""
    state = empty_position(turn=rnd.choice((1, 2, 5)))
    data = static(rules)
    hexes = sorted(h for h, near in data.adj.items() if near)
    start = rnd.randrange(len(hexes) - 60)
    area = rnd.sample(hexes[start : start + 60], 40) + sorted(data.fortresses)
    chosen = rnd.sample(sorted(state["units"]), units)
    if rnd.random() < 0.5 and "su-fortified-zone" not in chosen:
        chosen.append("su-fortified-zone")
    for uid in chosen:
        put(state, uid, rnd.choice(area))
        u = state["units"][uid]
        u["oos"] = rnd.random() < 0.2
        if rnd.random() < 0.2:
            u["limited"] = True
        if rnd.random() < 0.5:
            u["active"] = True
    for label in list(state["control"]):
        state["control"][label] = rnd.choice((AXIS, SOVIET))
    markers = state["markers"]
    markers["entrench"] = {h: rnd.choice((AXIS, SOVIET)) for h in rnd.sample(area, 5)}
    markers["festung"] = rnd.sample(area, 2)
    markers["fortress_built"] = rnd.sample(area, 2)
    markers["fortress_destroyed"] = rnd.sample([*data.fortresses, *markers["fortress_built"]], rnd.randrange(4))
    for label in markers["fortress_built"]:
        state["control"][label] = rnd.choice((AXIS, SOVIET))
    state["events"] = {card: 1 for card in rnd.sample(["SU8", "SU1", "AX12"], rnd.randrange(3))}
    return state
