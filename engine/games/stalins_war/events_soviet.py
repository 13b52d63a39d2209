"""Stalin's War: every Soviet event that is not a Combat Card (card list, 5.1.5, 7.5, 16.1, 18.3).

Parameters follow ``play CARD event ARGS`` (see ``events.py``): a hex for SU10 (optional), SU13,
SU20, SU23; a Partisan's hex for SU18 and SU53; up to two Partisan hexes for SU36. When a needed
parameter is missing or wrong the event is refused with a hint listing the accepted values; when no
value is possible at all the event may still be played, without that effect (7.5.1b).

Decisions of the Axis inside a Soviet event open ``event_window`` windows (public information only):
``soviet_mice`` (SU17: which Panzer corps flips), ``german_soldier`` (SU22: cancel for 1 VP),
``german_transfer`` (SU37/SU38/SU39: which German units leave, ruling 8.1#27), ``warsaw_retreat``
(SU41: where the Axis units in Warsaw retreat, 6.3 item 4). Arriving units are placed through
``placement``'s ``place_units`` procedure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action, Context, State
from engine.games.stalins_war import control, events, placement
from engine.games.stalins_war.cardnames import card_label, card_list
from engine.games.stalins_war.events import (
    Args,
    Window,
    open_window,
    register,
    register_window,
    rules_of,
)
from engine.games.stalins_war.model import AXIS, SOVIET, Rules, level_of
from engine.games.stalins_war.units import remove
from engine.text import Named, Text, t

REINFORCEMENT_CARDS = ("SU1", "SU2", "SU3", "SU4", "SU5", "SU6", "SU26", "SU27", "SU28", "SU29", "SU30", "SU31")
VOLGA_HEXES = ("Gorki", "Saratov", "Stalingrad")  # 3023, 3027, 2830
MAX_PARTISANS_ON_MAP = 6  # 16.1.2
AIRBORNE_RANGE = 4  # SU20
PROMPT_LIMIT = 40


def _title(rules: Rules, card_id: str) -> Named:
    return card_label(rules, card_id)


def _hex_named(rules: Rules, name: str) -> str:
    return rules.hex_of(name)


def no_args(card_id: str) -> events.CheckFn:
    """A check for events without parameters."""

    def check(game: Any, state: State, side: str, args: Args) -> None:
        if args:
            rules = rules_of(game)
            raise InvalidOrder(
                t("{card} takes no parameters.", card=_title(rules, card_id)),
                t("Type 'play {n} event'.", n=rules.cards[card_id].number),
            )

    return check


def _one_hex(rules: Rules, card_id: str, args: Args, legal: Sequence[str], rule: str, what: Text) -> str | None:
    """The hex parameter of ``card_id``: None when none is possible (7.5.1b), else a legal one."""
    if not legal:
        if args:
            raise IllegalOrder(
                t("{card}: no hex qualifies now; play it without a hex (no effect, 7.5.1b).", card=_title(rules, card_id)),
                rule=rule,
            )
        return None
    if len(args) != 1 or args[0] not in legal:
        shown = ", ".join(list(legal)[:PROMPT_LIMIT])
        raise IllegalOrder(
            t("{card} needs {what}.", card=_title(rules, card_id), what=what),
            rule=rule,
            hint=t("Type 'play {n} event HEX' with one of: {hexes}.", n=rules.cards[card_id].number, hexes=shown),
        )
    return args[0]


def _on_map(state: State, uid: str) -> str | None:
    where: str | None = state["units"][uid].get("hex")
    return where


def _units_at(state: State, label: str) -> list[str]:
    return sorted(uid for uid, u in state["units"].items() if u.get("hex") == label)


def _axis_in(rules: Rules, state: State, label: str) -> bool:
    return any(rules.units[uid].side == AXIS for uid in _units_at(state, label))


# Reinforcements (SU1-6, SU26-31) -------------------------------------------------------------------
def arriving_units(rules: Rules, state: State, card_id: str) -> tuple[list[str], list[str]]:
    """Units of ``card_id`` still set aside: (arriving now, withheld because SU8 was not played as an event)."""
    arriving: list[str] = []
    withheld: list[str] = []
    for uid, spec in sorted(rules.units.items()):
        tokens = spec.arrives.split()
        if not tokens or tokens[0] != f"card:{card_id}":
            continue
        if state["units"][uid].get("box") != "setaside":
            continue
        conditions = [tok.split(":", 1)[1] for tok in tokens[1:] if tok.startswith("if:")]
        if all(c in state["events"] for c in conditions):
            arriving.append(uid)
        else:
            withheld.append(uid)
    return arriving, withheld


def _reinforcements(card_id: str) -> events.PlayFn:
    def play(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
        rules = rules_of(game)
        arriving, withheld = arriving_units(rules, state, card_id)
        if withheld:
            ctx.log(
                t(
                    "{units} do not arrive: the Soviet tank armies are not enabled (7.5.2).",
                    units=", ".join(rules.units[u].name for u in withheld),
                )
            )
        if not arriving:
            ctx.log(t("No units are left to arrive with {card}.", card=_title(rules, card_id)))
            return 0
        ctx.log(t("Reinforcements arrive: {units} (7.5.2).", units=", ".join(rules.units[u].name for u in arriving)))
        placement.start(state, side, arriving, card_id)
        return 0

    return play


for _cid in REINFORCEMENT_CARDS:
    register(_cid, check=no_args(_cid))(_reinforcements(_cid))


# Simple lasting effects ----------------------------------------------------------------------------
@register("SU7", check=no_args("SU7"))
def sorge(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    ctx.log(t("Sorge: Soviet Reinforcements #3 may be played from Winter 1942 (SU3)."))
    return 0


@register("SU8", check=no_args("SU8"))
def industrial_evacuation(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    ie = rules.tables["hand"]["industrial_evacuation"]
    state["effects"]["industrial_evacuation_draw"] = 0
    control.adjust_vp(state, int(ie["vp"]), ctx, "Industrial Evacuation, SU8")
    ctx.log(
        t(
            "Industrial Evacuation: Soviet T/GT armies may arrive; Soviet hand -1 for the next 4 Draw Phases, then normal for 4, then +1; {hexes} become VP spaces.",
            hexes=", ".join(ie["new_vp_hexes"]),
        )
    )
    return 0


@register("SU9", check=no_args("SU9"))
def zhukov(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["zhukov"] = int(state["turn"])
    # The card: "in un attacco questo Round ed ogni round OPS seguente": the event round has a combat step
    # (no OPS, so no Combat markers: only the Zhukov attack is possible in it).
    state["round"]["combat_capable"] = True
    ctx.log(t("Zhukov: for the rest of the turn, one Soviet attack per OPS round may combine the units of any 2 hexes (1 extra Soviet loss)."))
    return 0


@register("SU11", check=no_args("SU11"))
def strategic_withdrawal(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["strategic_withdrawal"] = int(state["turn"])
    ctx.log(t("Strategic Withdrawal: this turn Soviet units leave Axis ZOC without OPS cost if they do not re-enter an Axis ZOC in the same AR."))
    return 0


@register("SU16", check=no_args("SU16"))
def lend_lease(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["lend_lease_from"] = int(state["turn"]) + 1
    ctx.log(t("Lend Lease: from next turn, banked OPS for Archangel (2) and Astrakhan (1) while Stalin is in Moscow (18.3)."))
    return 0


@register("SU21", check=no_args("SU21"))
def partisan_formation(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    ctx.log(t("Partisan Formation: the Soviet may place Partisans from now on (16.1)."))
    return 0


@register("SU33", check=no_args("SU33"))
def hitler_opposes(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["hitler_opposes"] = True
    ctx.log(t("Hitler Opposes Defensive Works: for the rest of the game Axis entrenchment succeeds only on a roll of 1."))
    return 0


@register("SU44", check=no_args("SU44"))
def stavka(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    n = int(rules.tables["banked_ops"]["stavka"])
    state["effects"]["stavka"] = int(state["turn"])
    state["banked"][SOVIET] = int(state["banked"][SOVIET]) + n
    ctx.log(t("Stavka: the Soviet banks {n} OPS this turn (18.3.4).", n=n))
    return 0


def _vp_event(card_id: str, delta: int) -> None:
    def play(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
        rules = rules_of(game)
        control.adjust_vp(state, delta, ctx, _title(rules, card_id))
        return 0

    register(card_id, check=no_args(card_id))(play)


_vp_event("SU46", -1)  # Finland Withdraws
_vp_event("SU49", -1)  # Teheran
_vp_event("SU50", -1)  # Yalta


@register("SU51", check=no_args("SU51"))
def thunderclap(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["thunderclap"] = int(state["turn"])
    ctx.log(t("Thunderclap: no Axis rail movement this turn."))
    return 0


@register("SU52", check=no_args("SU52"))
def battle_of_the_bulge(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["bulge"] = True
    control.adjust_vp(state, -1, ctx, "Battle of the Bulge, SU52")
    ctx.log(t("Battle of the Bulge: the Axis may no longer use Panzer RP (14.1.7)."))
    return 0


@register("SU55", check=no_args("SU55"))
def bomber_offensive(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    turn = int(state["turn"])
    state["effects"]["bomber_offensive"] = turn
    state["effects"]["bomber_offensive_draw"] = turn
    ctx.log(t("Allied Bomber Offensive: the Axis hand size is 2 smaller in this turn's Card Draw Phase."))
    return 0


# SU10 Black Sea, Black Death -------------------------------------------------------------------------
def marine_army(rules: Rules) -> str | None:
    for uid, spec in sorted(rules.units.items()):
        if spec.type == "marine_army":
            return uid
    return None


def _column(label: str) -> int:
    return int(label[:2])


def marine_destinations(rules: Rules, state: State) -> list[str]:
    """7.5.4 + card: from a friendly Black Sea port to an unoccupied coastal hex (whoever controls it) east of every Axis Black Sea port."""
    from engine.games.stalins_war import terrain

    uid = marine_army(rules)
    if uid is None:
        return []
    start = _on_map(state, uid)
    place = rules.place(start) if start else None
    if start is None or place is None or place.get("sea") != "black" or not place.get("port"):
        return []
    if state["control"].get(start) != SOVIET:
        return []
    axis_ports = [
        label
        for label, p in rules.board.places.items()
        if p.get("port") and p.get("sea") == "black" and state["control"].get(label) == AXIS
    ]
    east_of = max((_column(p) for p in axis_ports), default=0)
    out: list[str] = []
    for label in sorted(rules.zone("black_sea_coast")):
        if terrain.impassable(rules, label):
            continue
        # only occupation bars the landing (card, 7.5.4); an Axis-controlled hex is taken (10.2.6 is not this)
        if label == start or _units_at(state, label) or _column(label) <= east_of:
            continue
        out.append(label)
    return out


def _check_black_sea(game: Any, state: State, side: str, args: Args) -> None:
    rules = rules_of(game)
    legal = marine_destinations(rules, state)
    if not args:
        return  # the move is optional ("may move")
    if len(args) != 1 or args[0] not in legal:
        raise IllegalOrder(
            t("The Marine army cannot land in {hex}.", hex=" ".join(args)),
            rule="7.5.4",
            hint=t("Legal landing hexes: {hexes}.", hexes=", ".join(legal) or "-"),
        )


def _args_black_sea(rules: Rules, state: State, side: str) -> list[Args]:
    return [(), *((h,) for h in marine_destinations(rules, state)[:PROMPT_LIMIT])]


@register("SU10", check=_check_black_sea, arguments=_args_black_sea)
def black_sea_black_death(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    uid = marine_army(rules)
    if not args or uid is None:
        ctx.log(t("Black Sea, Black Death: the Marine army does not move."))
        return 0
    start = state["units"][uid]["hex"]
    state["units"][uid]["hex"] = args[0]
    state["effects"]["black_sea_marine"] = int(state["turn"])
    ctx.log(t("Black Sea, Black Death: the Marine army sails from {a} and lands in {b} (7.5.4).", a=start, b=args[0]))
    control.enter(rules, state, args[0], SOVIET, ctx)
    return 0


# SU13 The Volga Has Only One Bank ----------------------------------------------------------------------
def volga_hexes(rules: Rules, state: State) -> list[str]:
    from engine.games.stalins_war import supply

    out: list[str] = []
    for name in VOLGA_HEXES:
        label = _hex_named(rules, name)
        if control.fortress_intact(rules, state, label) or label in state["markers"]["fortress_destroyed"]:
            continue
        if state["control"].get(label) != SOVIET:
            continue
        if supply.hex_traces(rules, state, label, SOVIET) == "none":
            continue
        out.append(label)
    return out


def _check_volga(game: Any, state: State, side: str, args: Args) -> None:
    rules = rules_of(game)
    _one_hex(rules, "SU13", args, volga_hexes(rules, state), "16.2.3", t("one of Gorki 3023, Saratov 3027 or Stalingrad 2830, Soviet-controlled and not out of supply"))


def _args_volga(rules: Rules, state: State, side: str) -> list[Args]:
    legal = volga_hexes(rules, state)
    return [(h,) for h in legal] if legal else [()]


@register("SU13", check=_check_volga, arguments=_args_volga)
def volga(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    if not args:
        ctx.log(t("The Volga Has Only One Bank: no hex qualifies; no Fortress is built (7.5.1b)."))
        return 0
    state["markers"]["fortress_built"].append(args[0])
    ctx.log(t("The Volga Has Only One Bank: a Soviet Fortress is built in {hex} (16.2.3).", hex=args[0]))
    return 0


# SU23 People's Militia -----------------------------------------------------------------------------------
def militia_hexes(rules: Rules, state: State) -> list[str]:
    """SU23: hexes with a Soviet combat unit, no Axis unit and no entrenchment; none once every Soviet
    Entrenchment marker is on the map (10.3.2: the marker supply is an absolute limit)."""
    from engine.games.stalins_war.entrench import entrench_limit

    placed = sum(1 for who in state["markers"]["entrench"].values() if who == SOVIET)
    if placed >= entrench_limit(rules):
        return []
    out: set[str] = set()
    for uid, u in state["units"].items():
        spec = rules.units[uid]
        label = u.get("hex")
        if not label or spec.side != SOVIET or spec.partisan or spec.non_stacking:
            continue
        if label in state["markers"]["entrench"] or _axis_in(rules, state, label):
            continue
        out.add(label)
    return sorted(out)


def _check_militia(game: Any, state: State, side: str, args: Args) -> None:
    rules = rules_of(game)
    _one_hex(rules, "SU23", args, militia_hexes(rules, state), "SU23", t("a hex with a Soviet combat unit and no entrenchment"))


def _args_militia(rules: Rules, state: State, side: str) -> list[Args]:
    legal = militia_hexes(rules, state)
    return [(h,) for h in legal[:PROMPT_LIMIT]] if legal else [()]


@register("SU23", check=_check_militia, arguments=_args_militia)
def peoples_militia(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    if args:
        state["markers"]["entrench"][args[0]] = SOVIET
        ctx.log(t("People's Militia: a Soviet Entrenchment is placed in {hex}.", hex=args[0]))
    ctx.log(t("People's Militia: the Soviet may attempt entrenchment from now on (10.3.1)."))
    return 0


# Partisans (SU18, SU20, SU36, SU41, SU53) -----------------------------------------------------------------
def partisans_on_map(rules: Rules, state: State) -> list[str]:
    return sorted(uid for uid, u in state["units"].items() if rules.units[uid].partisan and u.get("hex"))


def partisan_pool(rules: Rules, state: State) -> list[str]:
    return sorted(uid for uid, u in state["units"].items() if rules.units[uid].partisan and u.get("box") == "setaside")


def activatable(rules: Rules, state: State) -> dict[str, str]:
    """{hex: partisan} for the inactive Partisans that may be activated (16.1.6: no Axis unit in the hex)."""
    out: dict[str, str] = {}
    for uid in partisans_on_map(rules, state):
        u = state["units"][uid]
        if u.get("active") or _axis_in(rules, state, u["hex"]):
            continue
        out[u["hex"]] = uid
    return out


def activate(rules: Rules, state: State, uid: str, ctx: Context) -> None:
    u = state["units"][uid]
    u["active"] = True
    values = level_of(rules, state, uid).label()
    ctx.log(t("The Partisans in {hex} become active and are revealed: {values} (16.1.6).", hex=u["hex"], values=values))


def place_active_partisan(rules: Rules, state: State, label: str, ctx: Context, why: Text) -> str | None:
    """Draw a Partisan at random from the pool, place it in ``label`` and activate it."""
    pool = partisan_pool(rules, state)
    if not pool or len(partisans_on_map(rules, state)) >= MAX_PARTISANS_ON_MAP:
        ctx.log(t("No Partisan can be placed: the pool is empty or 6 are on the map (16.1.2)."))
        return None
    uid: str = ctx.pick(pool, why)
    state["units"][uid].update(hex=label, box=None, level=0)
    activate(rules, state, uid, ctx)
    return uid


def _partisan_target(rules: Rules, card_id: str, state: State, args: Args) -> None:
    _one_hex(rules, card_id, args, sorted(activatable(rules, state)), "16.1.6", t("the hex of an inactive Partisan with no Axis unit"))


def _check_activate_one(card_id: str) -> events.CheckFn:
    def check(game: Any, state: State, side: str, args: Args) -> None:
        _partisan_target(rules_of(game), card_id, state, args)

    return check


def _args_activate_one(rules: Rules, state: State, side: str) -> list[Args]:
    legal = sorted(activatable(rules, state))
    return [(h,) for h in legal] if legal else [()]


def _activate_one(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    if not args:
        ctx.log(t("No inactive Partisan can be activated (7.5.1b)."))
        return 0
    activate(rules, state, activatable(rules, state)[args[0]], ctx)
    return 0


register("SU18", check=_check_activate_one("SU18"), arguments=_args_activate_one)(_activate_one)
register("SU53", check=_check_activate_one("SU53"), arguments=_args_activate_one)(_activate_one)


def airborne_hexes(rules: Rules, state: State) -> list[str]:
    """SU20: USSR hexes (not the Baltic States, 16.1.1) within 4 hexes of a full-supply Soviet Front, empty of units."""
    from engine.games.stalins_war import supply, terrain

    if not partisan_pool(rules, state) or len(partisans_on_map(rules, state)) >= MAX_PARTISANS_ON_MAP:
        return []
    fronts = [
        u["hex"]
        for uid, u in sorted(state["units"].items())
        if u.get("hex") and rules.units[uid].side == SOVIET and rules.units[uid].type == "front"
        and supply.supply_status(rules, state, uid) == "full"
    ]
    if not fronts:
        return []
    grid = rules.board.grid
    occupied = {u["hex"] for u in state["units"].values() if u.get("hex")}
    out: list[str] = []
    for label in sorted(rules.zone("ussr")):
        if label in occupied or terrain.impassable(rules, label) or not terrain.in_region(rules, label, "ussr"):
            continue
        if any(grid.distance(label, f) <= AIRBORNE_RANGE for f in fronts):
            out.append(label)
    return out


def _check_airborne(game: Any, state: State, side: str, args: Args) -> None:
    rules = rules_of(game)
    _one_hex(rules, "SU20", args, airborne_hexes(rules, state), "SU20", t("an empty USSR hex within 4 hexes of a fully supplied Soviet Front"))


def _args_airborne(rules: Rules, state: State, side: str) -> list[Args]:
    legal = airborne_hexes(rules, state)
    return [(h,) for h in legal[:PROMPT_LIMIT]] if legal else [()]


@register("SU20", check=_check_airborne, arguments=_args_airborne)
def airborne_corps(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    if not args:
        ctx.log(t("Airborne Corps: no Partisan can be placed (7.5.1b)."))
        return 0
    if place_active_partisan(rules, state, args[0], ctx, t("Airborne Corps: draw a Partisan (16.1.3)")):
        control.enter(rules, state, args[0], SOVIET, ctx)  # 3.0: an enemy unit entering takes the hex
    return 0


def _check_bagration(game: Any, state: State, side: str, args: Args) -> None:
    rules = rules_of(game)
    legal = activatable(rules, state)
    if len(args) > 2 or len(set(args)) != len(args) or any(a not in legal for a in args):
        raise IllegalOrder(
            t("Operation Bagration activates up to 2 inactive Partisans, given by their hexes."),
            rule="SU36",
            hint=t("Type 'play 36 event [HEX [HEX]]' with hexes among: {hexes}.", hexes=", ".join(sorted(legal)) or "-"),
        )


def _args_bagration(rules: Rules, state: State, side: str) -> list[Args]:
    legal = sorted(activatable(rules, state))
    out: list[Args] = [()]
    out += [(h,) for h in legal]
    out += [(a, b) for i, a in enumerate(legal) for b in legal[i + 1 :]][:PROMPT_LIMIT]
    return out


@register("SU36", check=_check_bagration, arguments=_args_bagration)
def bagration(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    legal = activatable(rules, state)
    for label in args:
        activate(rules, state, legal[label], ctx)
    state["effects"]["bagration"] = [int(state["turn"]), int(state["ar"])]
    ctx.log(t("Operation Bagration: this round exploiting Soviet SCUs ignore terrain and may exploit 4 hexes."))
    return rules.cards["SU36"].ops  # the card-play code applies the Consecutive OPS penalty (COUNTS_AS_OPS_ROUND)


# SU17 Soviet Mice -------------------------------------------------------------------------------------------
def mice_targets(rules: Rules, state: State) -> list[str]:
    from engine.games.stalins_war import terrain

    return [
        uid
        for uid, u in sorted(state["units"].items())
        if rules.units[uid].panzer
        and u.get("hex")
        and int(u.get("level", 0)) == 0
        and len(rules.units[uid].levels) > 1
        and terrain.in_region(rules, u["hex"], "ussr")
    ]


class SovietMiceWindow(Window):
    verbs = ("choose",)

    def text(self, game: Any, state: State, frame: flow.Frame) -> Text:
        return t("Soviet Mice (SU17): choose the full-strength Panzer corps in the USSR that flips to its reduced side: choose UNIT.")

    def actions(self, game: Any, state: State, frame: flow.Frame) -> list[Action]:
        return [Action("choose", (uid,)) for uid in mice_targets(game.rules, state)]

    def handle(self, game: Any, state: State, frame: flow.Frame, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        legal = mice_targets(rules, state)
        if len(action.args) != 1 or action.args[0] not in legal:
            raise IllegalOrder(
                t("Choose a full-strength Panzer corps in the USSR."),
                rule="SU17",
                hint=t("choose one of: {units}", units=", ".join(legal)),
            )
        uid = action.args[0]
        state["units"][uid]["level"] = 1
        ctx.log(t("Soviet Mice: {unit} flips to its reduced side ({values}).", unit=rules.units[uid].name, values=level_of(rules, state, uid).label()))
        flow.end(state)


register_window("soviet_mice", SovietMiceWindow())


@register("SU17", check=no_args("SU17"))
def soviet_mice(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    targets = mice_targets(rules, state)
    if not targets:
        ctx.log(t("Soviet Mice: no full-strength Panzer corps is in the USSR; no effect (7.5.1b)."))
    elif len(targets) == 1:
        state["units"][targets[0]]["level"] = 1
        ctx.log(t("Soviet Mice: {unit} flips to its reduced side.", unit=rules.units[targets[0]].name))
    else:
        open_window(state, "soviet_mice", "SU17", AXIS)
    return 0


# SU22 Where a German Soldier Stands -------------------------------------------------------------------------
class GermanSoldierWindow(Window):
    verbs = ("cancel", "pass")

    def text(self, game: Any, state: State, frame: flow.Frame) -> Text:
        return t("Where a German Soldier Stands (SU22): cancel it for 1 VP, or pass.")

    def actions(self, game: Any, state: State, frame: flow.Frame) -> list[Action]:
        return [Action("cancel"), Action("pass")]

    def handle(self, game: Any, state: State, frame: flow.Frame, action: Action, ctx: Context) -> None:
        if action.verb == "cancel":
            state["effects"].pop("german_soldier_stands", None)
            control.adjust_vp(state, -1, ctx, "the Axis cancels Where a German Soldier Stands, SU22")
        else:
            ctx.log(t("The Axis lets Where a German Soldier Stands stand."))
        flow.end(state)


register_window("german_soldier", GermanSoldierWindow())


@register("SU22", check=no_args("SU22"))
def german_soldier_stands(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["german_soldier_stands"] = int(state["turn"])
    ctx.log(t("Where a German Soldier Stands: this turn German units may not pay OPS to leave Soviet ZOC."))
    if "SU42" in state["events"]:
        ctx.log(t("After Bomb Plot the Axis can no longer cancel it."))
    else:
        open_window(state, "german_soldier", "SU22", AXIS)
    return 0


# SU34 Red Choir, SU42 Bomb Plot ----------------------------------------------------------------------------
@register("SU34", check=no_args("SU34"))
def red_choir(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    hand: list[str] = state["cards"][AXIS]["hand"]
    shown = [c for c in hand if not rules.cards[c].cc]
    ctx.log(t("Red Choir: the Axis shows the Soviet the non-Combat cards in its hand (6.1)."))
    if shown:
        listing = card_list(rules, shown)
        ctx.reveal(t("Red Choir: the Axis hand holds these non-Combat cards: {cards}.", cards=listing), to=SOVIET)
        ctx.log(t("Red Choir: the Soviet was shown these cards of your hand: {cards}.", cards=listing), to=AXIS)
    else:
        ctx.reveal(t("Red Choir: the Axis hand holds no non-Combat card."), to=SOVIET)
        ctx.log(t("Red Choir: the Soviet was shown that your hand holds no non-Combat card."), to=AXIS)
    seen: list[str] = state.setdefault("revealed", {}).setdefault(SOVIET, [])
    seen.extend(c for c in shown if c not in seen)
    return 0


@register("SU42", check=no_args("SU42"))
def bomb_plot(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    pile = state["cards"][AXIS]
    if not pile["hand"]:
        ctx.log(t("Bomb Plot: the Axis hand is empty; nothing is discarded."))
    else:
        card = ctx.pick(sorted(pile["hand"]), t("Bomb Plot: a random Axis card"))
        pile["hand"].remove(card)
        pile["discard"].append(card)
        ctx.log(t("Bomb Plot: the Axis discards {card} at random.", card=_title(rules, card)))
    if state["effects"].get("german_soldier_stands") is not None:
        ctx.log(t("Bomb Plot: from now on the Axis can no longer cancel the German-soldier event in force."))
    return 0


# SU37 / SU38 / SU39: German units leave the map (Axis picks, ruling 8.1#27) --------------------------------
def transfer_eligible(rules: Rules, state: State, frame: flow.Frame) -> list[str]:
    """German units on the map the Axis may pick next: useful toward the requirement, supplied ones first."""
    from engine.games.stalins_war import supply

    chosen: list[str] = frame["chosen"]
    total, panzer = transfer_totals(rules, state, chosen)
    need_total, need_panzer = int(frame["need_total"]), int(frame["need_panzer"])
    panzer_only = bool(frame["panzer_only"]) or (total >= need_total and panzer < need_panzer)
    pool = []
    for uid, u in sorted(state["units"].items()):
        spec = rules.units[uid]
        if not u.get("hex") or uid in chosen or not spec.german or spec.non_stacking:
            continue
        if panzer_only and not spec.panzer:
            continue
        if level_of(rules, state, uid).attack <= 0:
            continue
        pool.append(uid)
    supplied = [uid for uid in pool if supply.supply_status(rules, state, uid) == "full"]
    return supplied or pool


def transfer_totals(rules: Rules, state: State, chosen: Sequence[str]) -> tuple[int, int]:
    total = sum(level_of(rules, state, uid).attack for uid in chosen)
    panzer = sum(level_of(rules, state, uid).attack for uid in chosen if rules.units[uid].panzer)
    return total, panzer


def transfer_done(rules: Rules, state: State, frame: flow.Frame) -> bool:
    total, panzer = transfer_totals(rules, state, frame["chosen"])
    met = total >= int(frame["need_total"]) and panzer >= int(frame["need_panzer"])
    return met or not transfer_eligible(rules, state, frame)


def _finish_transfer(rules: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
    dest = frame["dest"]
    for uid in frame["chosen"]:
        if dest == "removed":
            remove(rules, state, uid, ctx, f"{frame['card']}")
            continue
        u = state["units"][uid]
        where = u.get("hex")
        u.update(hex=None, box="other_fronts", oos=False)
        for key in ("mp", "moved", "strategic", "fought", "exploited", "began", "retreated"):
            u.pop(key, None)
        ctx.log(t("{unit} leaves {hex} for the Other Fronts box ({values}).", unit=rules.units[uid].name, hex=where, values=level_of(rules, state, uid).label()))


class GermanTransferWindow(Window):
    verbs = ("choose",)

    def text(self, game: Any, state: State, frame: flow.Frame) -> Text:
        total, panzer = transfer_totals(game.rules, state, frame["chosen"])
        return t(
            "{card}: choose German units to leave the map until {need} attack factors ({pz} Panzer) are reached (fully supplied units first); so far {total} ({panzer} Panzer). choose UNIT.",
            card=frame["card"],
            need=frame["need_total"],
            pz=frame["need_panzer"],
            total=total,
            panzer=panzer,
        )

    def actions(self, game: Any, state: State, frame: flow.Frame) -> list[Action]:
        return [Action("choose", (uid,)) for uid in transfer_eligible(game.rules, state, frame)]

    def handle(self, game: Any, state: State, frame: flow.Frame, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        legal = transfer_eligible(rules, state, frame)
        if len(action.args) != 1 or action.args[0] not in legal:
            raise IllegalOrder(
                t("That unit cannot be chosen now (German, on the map, fully supplied where possible, Panzer while Panzer factors are missing)."),
                rule="8.1#27",
                hint=t("choose one of: {units}", units=", ".join(legal)),
            )
        frame["chosen"].append(action.args[0])
        if transfer_done(rules, state, frame):
            _finish_transfer(rules, state, frame, ctx)
            flow.end(state)


register_window("german_transfer", GermanTransferWindow())


def start_transfer(rules: Rules, state: State, card_id: str, need_total: int, need_panzer: int, panzer_only: bool, dest: str, ctx: Context) -> None:
    frame = {"card": card_id, "need_total": need_total, "need_panzer": need_panzer, "panzer_only": panzer_only, "dest": dest, "chosen": []}
    if transfer_done(rules, state, frame):
        ctx.log(t("No German unit on the map can be taken; no effect (7.5.1b)."))
        return
    open_window(state, "german_transfer", card_id, AXIS, **{k: v for k, v in frame.items() if k != "card"})


@register("SU37", check=no_args("SU37"))
def duce_falls(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    for uid, spec in sorted(rules.units.items()):
        if spec.nationality == "IT" and spec.side == AXIS and state["units"][uid].get("box") != "removed":
            remove(rules, state, uid, ctx, "The Duce Falls, SU37")
    from engine.games.stalins_war.events_axis import duce_steppe_fox_penalty

    duce_steppe_fox_penalty(state, ctx)  # VP -1 once if Steppe Fox was played (ruling 8.1#51)
    start_transfer(rules, state, "SU37", 8, 5, False, "other_fronts", ctx)
    return 0


@register("SU38", check=no_args("SU38"))
def overlord(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    state["effects"]["no_emergency_transfer"] = True
    ctx.log(t("Overlord: Emergency Transfers are no longer possible."))
    start_transfer(rules, state, "SU38", 9, 9, True, "removed", ctx)
    return 0


@register("SU39", check=no_args("SU39"))
def second_front_now(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    start_transfer(rules, state, "SU39", 6, 6, True, "other_fronts", ctx)
    return 0


# SU32 Balkan Defections -----------------------------------------------------------------------------------
@register("SU32", check=no_args("SU32"))
def balkan_defections(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    for uid, spec in sorted(rules.units.items()):
        if spec.side == AXIS and spec.nationality == "RO" and state["units"][uid].get("box") != "removed":
            remove(rules, state, uid, ctx, "Balkan Defections, SU32")
    for label, place in sorted(rules.board.places.items()):
        if place.get("country") == "romania" and place.kind in ("city", "town", "fortress_city") and not _axis_in(rules, state, label):
            control.take(rules, state, label, SOVIET, ctx)
    arriving, _ = arriving_units(rules, state, "SU32")
    placement.start(state, SOVIET, arriving, "SU32")
    return 0


# SU41 Warsaw Rising ----------------------------------------------------------------------------------------
def _warsaw(rules: Rules) -> str:
    return _hex_named(rules, "Warsaw")


def warsaw_retreats(rules: Rules, state: State) -> dict[str, list[str]]:
    """{Axis unit in Warsaw: its legal 1-hex retreat destinations (11.4 via retreat.best_paths)}."""
    from engine.games.stalins_war import retreat

    origin = _warsaw(rules)
    out: dict[str, list[str]] = {}
    for uid in _units_at(state, origin):
        if rules.units[uid].side != AXIS:
            continue
        out[uid] = [path[-1] for path in retreat.best_paths(rules, state, uid, origin, 1)]
    return out


def _warsaw_settle(rules: Rules, state: State, ctx: Context) -> bool:
    """Eliminate Axis units in Warsaw that cannot retreat; True when no Axis unit is left there."""
    from engine.games.stalins_war import retreat

    options = warsaw_retreats(rules, state)
    if options and not any(options.values()):
        for uid in options:
            retreat.eliminate_unretreatable(rules, state, uid, t("no legal hex"), "11.4.4", ctx)
        return True
    return not options


def _warsaw_rising_finish(rules: Rules, state: State, ctx: Context) -> None:
    label = _warsaw(rules)
    if _axis_in(rules, state, label):
        return
    if place_active_partisan(rules, state, label, ctx, t("Warsaw Rising: draw a Partisan (16.1.3)")):
        control.take(rules, state, label, SOVIET, ctx)


class WarsawRetreatWindow(Window):
    verbs = ("retreat",)

    def text(self, game: Any, state: State, frame: flow.Frame) -> Text:
        return t("Warsaw Rising (SU41): every Axis unit in Warsaw retreats 1 hex: retreat UNIT HEX.")

    def actions(self, game: Any, state: State, frame: flow.Frame) -> list[Action]:
        out: list[Action] = []
        for uid, hexes in warsaw_retreats(game.rules, state).items():
            out.extend(Action("retreat", (uid, label)) for label in hexes)
        return out

    def handle(self, game: Any, state: State, frame: flow.Frame, action: Action, ctx: Context) -> None:
        from engine.games.stalins_war import retreat

        rules: Rules = game.rules
        options = warsaw_retreats(rules, state)
        if len(action.args) != 2 or action.args[1] not in options.get(action.args[0], []):
            legal = ", ".join(f"{u} {h}" for u, hs in options.items() for h in hs)
            raise IllegalOrder(t("That is not a legal retreat from Warsaw."), rule="11.4.4", hint=t("retreat one of: {moves}", moves=legal or "-"))
        uid, label = action.args
        retreat.apply_path(rules, state, uid, _warsaw(rules), (label,), ctx)
        if _warsaw_settle(rules, state, ctx):
            _warsaw_rising_finish(rules, state, ctx)
            flow.end(state)


register_window("warsaw_retreat", WarsawRetreatWindow())


@register("SU41", check=no_args("SU41"))
def warsaw_rising(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = rules_of(game)
    arriving, _ = arriving_units(rules, state, "SU41")
    placement.start(state, SOVIET, arriving, "SU41")  # runs after the retreat window above it
    if _warsaw_settle(rules, state, ctx):
        _warsaw_rising_finish(rules, state, ctx)
    else:
        open_window(state, "warsaw_retreat", "SU41", AXIS)
    return 0
