"""Stalin's War: the phases around the Action Rounds (6.0 B-E) and the end of each AR.

Start of turn grants (4.5.2, 18.3, 21.0), the end of an AR (markers cleared, 7.5.5b round CCs,
Destroy the Fascists! / Defend the Motherland! scoring), the Attrition segments (13.3.8-9), and
the entry points of the Replacement, Draw and End of Turn procedures (``turn_end.py``).
"""

from __future__ import annotations

from typing import Any

from engine import flow, replaying
from engine.game import Context, State
from engine.games.stalins_war import control, handsize
from engine.games.stalins_war.model import AXIS, SIDES, SOVIET, Rules
from engine.games.stalins_war.units import eliminate
from engine.text import Text, ngettext, t


def extra_play_cards() -> frozenset[str]:
    try:
        from engine.games.stalins_war import events_axis

        return frozenset(getattr(events_axis, "EXTRA_PLAY_CARDS", {"AX23"}))
    except ImportError:  # pragma: no cover - the module is part of the package
        return frozenset({"AX23"})


def axis_banked_grant(rules: Rules, state: State) -> bool:
    """18.2.1-2: from turn 2, +1 banked OPS at the start of the first Axis AR, until Hitler Takes Command."""
    bank = rules.tables["banked_ops"]
    return int(state["turn"]) >= int(bank["axis_from_turn"]) and bank["axis_stopped_by"] not in state["events"]


def stalin_in_moscow(rules: Rules, state: State) -> bool:
    return bool(state["units"]["su-stalin"].get("hex") == rules.hex_of("Moscow"))


def automatic_rp(state: State, side: str) -> int:
    """4.5.2 and 21.0: automatic RP this turn (turn 2: 3 to the Soviet, combined with the bid)."""
    schedule: dict[str, dict[str, int]] = state.get("rp_schedule", {})
    return int(schedule.get(side, {}).get(str(state["turn"]), 0))


def bid_schedule(options: dict[str, Any]) -> dict[str, dict[str, int]]:
    """21.0: net = 3 + bid (bidding for the Axis) or 3 - bid (for the Soviet); paid from turn 2, <= 3 a turn."""
    bid = int(options.get("bid", 0) or 0)
    net = 3 + bid if options.get("bid_for", "axis") == "axis" else 3 - bid
    side = SOVIET if net >= 0 else AXIS
    left, turn = abs(net), 2
    out: dict[str, dict[str, int]] = {SOVIET: {}, AXIS: {}}
    while left > 0:
        out[side][str(turn)] = min(3, left)
        left -= min(3, left)
        turn += 1
    return out


def turn_label(label: str) -> Text:
    """A turn of the calendar ("June 1941", "Summer 1942") in the reader's language."""
    season, _, year = label.partition(" ")
    seasons = {
        "June": t("June {year}", year=year),
        "Spring": t("Spring {year}", year=year),
        "Summer": t("Summer {year}", year=year),
        "Autumn": t("Autumn {year}", year=year),
        "Winter": t("Winter {year}", year=year),
    }
    return seasons.get(season) or t("{item}", item=label)


def start_turn(game: Any, state: State, ctx: Context) -> None:
    rules: Rules = game.rules
    turn = int(state["turn"])
    info = rules.turn_info(turn)
    ctx.log(t("Turn {turn} begins: {label}.", turn=turn, label=turn_label(str(info["label"]))))
    state["rp"] = {"soviet": 0, "GE": 0, "PZ": 0, "AX": 0}
    state["rp_plays"] = {AXIS: [], SOVIET: []}
    state["reinf_plays"] = {AXIS: [], SOVIET: []}
    for side in SIDES:
        auto = automatic_rp(state, side)
        if auto:
            key = "soviet" if side == SOVIET else "GE"
            state["rp"][key] = int(state["rp"][key]) + auto
            ctx.log(t("{side} receives {n} automatic RP (4.5.2, 21.0).", side=side.capitalize(), n=auto))
    lend_lease(rules, state, ctx)


def lend_lease(rules: Rules, state: State, ctx: Context) -> None:
    """18.3.2-3: from the turn after Lend Lease, banked OPS for Archangel and Astrakhan, Stalin in Moscow."""
    effects = state["effects"]
    start = effects.get("lend_lease_from")
    if start is None and "SU16" in state["events"]:  # marked played by a referee's 'event SU16'
        start = int(state["events"]["SU16"]) + 1
    if start is None or int(state["turn"]) < int(start):
        return
    if not stalin_in_moscow(rules, state):
        ctx.log(t("No Lend-Lease OPS: Stalin is not in Moscow (18.3.1)."))
        return
    bank = rules.tables["banked_ops"]
    gained = 0
    if control.controller(state, rules.hex_of("Archangel")) == SOVIET:
        gained += int(bank["lend_lease_archangel"])
        if int(effects.get("pq17_until", 0)) >= int(state["turn"]):
            gained -= int(bank["pq17_archangel_reduction"])
            ctx.log(t("Convoy PQ-17: the Archangel Lend-Lease OPS are reduced by 2."))
    if control.controller(state, rules.hex_of("Astrakhan")) == SOVIET:
        gained += int(bank["lend_lease_astrakhan"])
    gained = max(0, gained)
    if gained:
        state["banked"][SOVIET] = int(state["banked"][SOVIET]) + gained
        effects["lend_lease_received"] = int(state["turn"])
        ctx.log(t("Lend-Lease: the Soviet banks {n} OPS (18.3.3).", n=gained))


def end_ar(game: Any, state: State, side: str, ctx: Context) -> None:
    """End of an AR: scoring of AX17/AX18, round-limited cards, markers cleared (ruling 24)."""
    rnd = state.get("round", {})
    if side == AXIS:
        from engine.games.stalins_war import battle

        battle.settle_backhand(game.rules, state, AXIS, ctx)  # AX33: attack the advancing Soviets or VP -1
    if side == SOVIET and rnd.get("kind") in ("ops", "event_ops"):
        from engine.games.stalins_war import events_axis

        events_axis.destroy_fascists_check(state, ctx)
        events_axis.defend_motherland_check(state, ctx)
    if side == SOVIET and rnd.get("kind") == "ops":
        state["effects"].pop("zhukov_used", None)
    if rnd.get("kind") == "zero_move" and not _zero_round_acted(game.rules, state, side, rnd):
        # 7.3.2 / ruling 36: a 0-OPS round in which no unit moved or fought resets the count.
        state["consec"][side] = 0
    state["last_round"] = {"side": side, "kind": rnd.get("kind"), "card": rnd.get("card")}
    if state["options"].get("recheck_supply", False):
        from engine.games.stalins_war import supply

        supply.update_supply(game.rules, state, side, ctx)


def _zero_round_acted(rules: Rules, state: State, side: str, rnd: dict[str, Any]) -> bool:
    """7.2.6: did ``side`` move a unit or activate a hex for combat in this 0-OPS round?"""
    if rnd.get("combat_markers") or rnd.get("attacked"):
        return True
    keys = ("moved", "strategic", "fought", "exploited")
    return any(
        rules.units[uid].side == side and any(u.get(k) for k in keys) for uid, u in state["units"].items()
    )


def attrition(game: Any, state: State, side: str, ctx: Context) -> None:
    """13.3.8-9: the active side's OOS units are eliminated; its OOS key hexes pass to the enemy."""
    from engine.games.stalins_war import supply

    rules: Rules = game.rules
    supply.update_supply(rules, state, side, ctx)
    doomed = [
        uid
        for uid, u in sorted(state["units"].items())
        if u.get("hex") and rules.units[uid].side == side and u.get("oos") and not u.get("limited")
        and not supply.attrition_supply(rules, state, uid)
    ]
    ctx.log(
        ngettext(
            "{side} Attrition segment (13.3.8): {n} unit out of supply.",
            "{side} Attrition segment (13.3.8): {n} units out of supply.",
            len(doomed),
            side=side.capitalize(),
        )
    )
    for uid in doomed:
        if rules.units[uid].partisan:
            continue
        eliminate(rules, state, uid, ctx, oos=True)
    enemy_side = SOVIET if side == AXIS else AXIS
    # A hex still holding a friendly combat unit after the eliminations (Hedgehogs, Luftwaffe Supply)
    # is not one where a friendly unit "sarebbe eliminata per essere OOS" (13.3.9).
    held = {u["hex"] for uid, u in state["units"].items() if u.get("hex") and rules.units[uid].side == side and not rules.units[uid].partisan}
    passed: list[str] = []  # the hexes the search below gave to the enemy, in turn

    def search() -> list[str]:
        reach: supply.Reach | None = None  # one trace for every hex, traced again once a hex changed hands
        for label, owner in sorted(state["control"].items()):
            if owner != side or label in held or not control.tracked(rules, state, label):
                continue
            if control.fortress_owner(rules, state, label) == side or label in state["markers"]["festung"]:
                continue
            if reach is None:
                reach = supply.side_reach(rules, state, side)
            if supply.hex_traces(rules, state, label, side, reach=reach) == "none":
                cut_off(label)
                passed.append(label)
                reach = None
        return passed

    def load(noted: Any) -> list[str] | None:
        ok = isinstance(noted, list) and len(set(noted)) == len(noted)
        return noted if ok and all(isinstance(h, str) and state["control"].get(h) == side for h in noted) else None

    def cut_off(label: str) -> None:
        ctx.log(t("{hex} cannot trace supply: it passes to the enemy (13.3.9).", hex=label))
        control.take(rules, state, label, enemy_side, ctx)

    # The hexes that pass are remembered on the record (``engine.replaying.recall``).
    recalled = replaying.recall(ctx, f"cut off {side}", search, list, load)
    if recalled is not passed:
        for label in recalled:
            cut_off(label)


def begin_replacement(game: Any, state: State, side: str, ctx: Context) -> None:
    pools = ["soviet"] if side == SOVIET else ["GE", "PZ", "AX"]
    if not any(float(state["rp"].get(k, 0)) > 0 for k in pools):
        ctx.log(t("{side} has no replacement points this turn.", side=side.capitalize()))
        return
    flow.call(state, "replacement", side=side)


def begin_draw(game: Any, state: State, ctx: Context) -> None:
    rules: Rules = game.rules
    handsize.total_war_check(rules, state, ctx)
    flow.call(state, "draw_phase", side=SOVIET)


def begin_end_of_turn(game: Any, state: State, ctx: Context) -> None:
    flow.call(state, "end_of_turn", side=AXIS)
