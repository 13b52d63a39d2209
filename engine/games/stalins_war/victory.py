"""Stalin's War: victory (5.0), the tournament count (22.0) and the end-of-turn VP items (24.0, cards)."""

from __future__ import annotations

from typing import Any

from engine.game import Context, State
from engine.games.stalins_war import control
from engine.games.stalins_war.model import AXIS, SOVIET, Rules
from engine.text import Text, t


def win(state: State, side: str, reason: Text, ctx: Context) -> None:
    if state.get("outcome"):
        return
    state["outcome"] = {"winner": side, "reason": reason.to_json()}
    ctx.log(t("{side} wins: {reason}", side=side.capitalize(), reason=reason))


def controls(rules: Rules, state: State, side: str, *names: str) -> bool:
    return all(state["control"].get(rules.hex_of(n)) == side for n in names)


def ussr_vp_hexes(rules: Rules, state: State) -> list[str]:
    ussr = rules.zone("ussr") | rules.zone("baltic")
    return sorted(h for h in rules.board.places if h in ussr and control.is_vp(rules, state, h))


def after_ar(game: Any, state: State, side: str, ctx: Context) -> None:
    """5.1.3: at the end of any Soviet AR, Berlin, Budapest (Buda and Pest), Bucharest and Königsberg."""
    rules: Rules = game.rules
    if side == SOVIET and controls(rules, state, SOVIET, "Berlin", "Buda", "Pest", "Bucharest", "Königsberg"):
        win(state, SOVIET, t("the Soviet holds Berlin, Budapest, Bucharest and Königsberg (5.1.3)."), ctx)


def baku_cut(rules: Rules, state: State) -> bool:
    from engine.games.stalins_war import supply

    return not supply.baku_full_source(rules, state)


def end_of_turn(game: Any, state: State, ctx: Context) -> None:
    """5.1.2-5.1.3: the automatic victories checked in the End of Turn Phase."""
    rules: Rules = game.rules
    vp_rules = rules.tables["vp"]
    turn = int(state["turn"])
    if int(state["vp"]) >= int(vp_rules["axis_auto_win_at_or_above"]):
        win(state, AXIS, t("the VP level is {vp} (5.1.2).", vp=state["vp"]), ctx)
        return
    if int(state["vp"]) <= int(vp_rules["soviet_auto_win_at_or_below"]):
        win(state, SOVIET, t("the VP level is {vp} (5.1.3).", vp=state["vp"]), ctx)
        return
    oil = rules.tables["oil"]["hexes"]
    if all(state["control"].get(h) == AXIS for h in oil):
        state["oil_streak"] = int(state.get("oil_streak", 0)) + 1
    else:
        state["oil_streak"] = 0
    if int(state["oil_streak"]) >= int(rules.tables["oil"]["axis_all_oil_consecutive_end_turns_win"]):
        win(state, AXIS, t("the Axis has held every oil hex at two consecutive ends of turn (5.1.2)."), ctx)
        return
    if turn <= int(vp_rules["axis_capitals_check_turn"]) and controls(rules, state, AXIS, "Moscow", "Leningrad") and (
        controls(rules, state, AXIS, "Rostov") or controls(rules, state, AXIS, "Sevastopol")
    ):
        win(state, AXIS, t("the Axis holds Moscow, Leningrad and Rostov or Sevastopol by turn 4 (5.1.2)."), ctx)
        return
    if turn == int(vp_rules["axis_turn8_check"]) and controls(rules, state, AXIS, "Moscow", "Leningrad", "Stalingrad", "Sevastopol") and baku_cut(rules, state):
        win(state, AXIS, t("at the end of turn 8 the Axis holds Moscow, Leningrad, Stalingrad and Sevastopol and has cut Baku (5.1.2)."), ctx)
        return
    if turn == int(vp_rules["soviet_paulus_check_turn"]) and not state.get("paulus_crossed"):
        win(state, SOVIET, t("no supplied Axis unit has moved east of the Paulus Line by the end of turn 4 (5.1.3)."), ctx)
        return
    low, high = vp_rules["soviet_all_ussr_vp_turns"]
    if int(low) <= turn <= int(high) and all(state["control"].get(h) == SOVIET for h in ussr_vp_hexes(rules, state)):
        win(state, SOVIET, t("the Soviet controls every VP space in the USSR (5.1.3)."), ctx)


def final(game: Any, state: State, ctx: Context) -> None:
    """5.1.4 campaign: the Axis wins without an automatic victory; 22.0 tournament: count USSR VP spaces."""
    if state.get("outcome"):
        return
    rules: Rules = game.rules
    if state["scenario"] != "tournament":
        win(state, AXIS, t("no automatic victory by the end of turn 18 (5.1.4)."), ctx)
        return
    tour = rules.tables["tournament"]
    held = sum(1 for h in ussr_vp_hexes(rules, state) if state["control"].get(h) == AXIS)
    count = held
    if "SU8" not in state["events"]:
        count += int(tour["shift_if_no_SU8_event"])
    if "AX24" not in state["events"]:
        count += int(tour["shift_if_no_AX24_event"])
    ctx.log(t("Tournament count (22.0): the Axis holds {held} VP spaces in the USSR, adjusted to {count}.", held=held, count=count))
    if count >= int(tour["axis_wins_with_ussr_vp_spaces"]):
        win(state, AXIS, t("the Axis holds {n} adjusted VP spaces in the USSR at the end of turn 8 (22.0).", n=count), ctx)
    else:
        win(state, SOVIET, t("the Axis holds only {n} adjusted VP spaces in the USSR at the end of turn 8 (22.0).", n=count), ctx)
