"""The 41st Tank Division reserves (10.5; not in scenario 1).

The first time a German combat unit stands within 5 hexes of the Soviet North supply area before
turn 6 (looked at whenever an order ends, like the pontoons), the 1st battalion of the 82nd Tank
Regiment (three units) joins the Soviet reinforcements of the next turn. If the 41st Tank Division
HQ had been removed, it comes back with them at activation level 4: placed, once they are on the
map, in the friendly village or city nearest to them with room for it (RULINGS V1), at level 4 or
the top of its provisional activation track if lower (RULINGS V2).
"""

from __future__ import annotations

from typing import Any

from engine import stacks
from engine.game import Context, State
from engine.games.across_the_bug_river import board, hq
from engine.games.across_the_bug_river.data import Rules
from engine.text import t

UNITS = ("1/I/82", "2/I/82", "3/I/82")
FORMATION = "41td"
RADIUS = 5
BEFORE_TURN = 6
HQ_LEVEL = 4


def triggered(rules: Rules, state: State) -> bool:
    north = rules.board.zone("supply_north")
    return any(
        min(rules.board.grid.distance(u["hex"], z) for z in north) <= RADIUS for u in board.combat_units(state, "german").values()
    )


def check(game: Any, state: State, ctx: Context) -> None:
    rules: Rules = game.rules
    if not rules.scenarios[state["scenario"]].reserves_105:
        return
    called = state.get("reserves")
    if called is None and state["turn"] < BEFORE_TURN and triggered(rules, state):
        arrival = str(state["turn"] + 1)
        for uid in UNITS:
            state["units"].setdefault(uid, game.new_unit(uid, None, None))
        state["pending"].setdefault(arrival, []).extend(u for u in UNITS if state["units"][u]["hex"] is None)
        hq_back = state["units"].get(rules.formations[FORMATION].hq, {}).get("hex") is None
        state["reserves"] = {"turn": int(arrival), "hq": hq_back}
        ctx.log(t("A German unit is within 5 hexes of the Soviet North supply area: the 41st Tank Division's reserves arrive on turn {turn} (10.5).", turn=arrival))
        return
    if called and called["hq"] and any(state["units"][u]["hex"] is not None for u in UNITS):
        bring_hq(game, rules, state, ctx)


def bring_hq(game: Any, rules: Rules, state: State, ctx: Context) -> None:
    """The removed 41st HQ returns with its reserves, at activation level 4 (10.5)."""
    state["reserves"]["hq"] = False
    hq_id = rules.formations[FORMATION].hq
    if hq_id not in state["units"]:
        form = rules.formations[FORMATION]
        state["units"][hq_id] = {"side": "soviet", "hex": None, "kind": "hq", "formation": FORMATION, "support": form.support, "emergency": False}
    near = [state["units"][u]["hex"] for u in UNITS if state["units"][u]["hex"] is not None]
    window = rules.scenarios[state["scenario"]]
    spots = [
        h for h in rules.board.grid.labels()
        if window.inside(h) and hq.friendly(rules, state, h, "soviet") and hq.room(rules, state, h, hq_id)
    ]
    if not spots:
        ctx.log(t("The 41st Tank Division HQ finds no friendly village or city to return to (10.5)."))
        return
    spot = min(spots, key=lambda h: (min(rules.board.grid.distance(h, n) for n in near), h))
    state["units"][hq_id]["hex"] = spot
    stacks.place(game.policy, state, state["units"], hq_id, spot)
    level = min(HQ_LEVEL, rules.formations[FORMATION].max_level)  # RULINGS V2: the provisional track's top
    state["formations"].setdefault(FORMATION, {"level": 0})["level"] = level
    ctx.log(t("The 41st Tank Division HQ returns with its reserves at {hex}, at activation level {level} (10.5).", hex=spot, level=level))
