"""Stalin's War: the Axis events that are not Combat Cards (7.5, card list "Le carte dell'Asse").

Every event registers into ``events.py`` with ``@register("AXn", check=..., arguments=...)``; the
generic checks (Combat Card refusal, Reinforcements limits, the printed prerequisites of cards.csv)
run before each card's own ``check``. A play function returns the OPS the event gives (0 except
*Miracle on the Vistula* and *Speer*).

Parameters are typed after ``event`` (``play 12 event 2622``); ``ARGUMENT_SYNTAX`` lists them per card
(help text). Decisions of the Soviet player (*Defend the Motherland!* cancellation) use an event
window. Lasting effects go to ``state["effects"]`` (``AXIS_EFFECT_KEYS``).

What the lead's sequence reads from here:

* ``EXTRA_PLAY_CARDS`` - *Steppe Fox* lets the Axis play a second card in turn 1 (4.4.1);
* ``KEEPS_CONSECUTIVE`` / ``COUNTS_AS_RP_PLAY`` - *Miracle on the Vistula* and *Speer*;
* ``destroy_fascists_check`` and ``defend_motherland_check`` at the end of every Soviet OPS round;
* ``u_boat_check`` at the End of Turn;
* for other modules: ``defend_motherland_in_force`` (movement: no OPS to leave Axis ZOC),
  ``luftwaffe_support_in_force`` (combat), ``luftwaffe_supply_hex`` and ``hedgehogs_supplied``
  (supply / attrition), ``german_soldier_stands_negated`` (SU22), ``duce_steppe_fox_penalty`` (SU37).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.game import Action, Context, State
from engine.games.stalins_war import control, events, placement
from engine.games.stalins_war.cardnames import card_label, card_list
from engine.games.stalins_war.events import Args, Window, open_window, register, register_window
from engine.games.stalins_war.model import (
    AXIS,
    SOVIET,
    Rules,
    load_rules,
    units_in,
)
from engine.games.stalins_war.units import eliminate
from engine.text import Named, Text, ngettext, t

# Constants read by the lead ------------------------------------------------------------------------
EXTRA_PLAY_CARDS: frozenset[str] = frozenset({"AX23"})  # 4.4.1: a second card in turn 1
KEEPS_CONSECUTIVE: frozenset[str] = frozenset({"AX32", "AX55"})  # "OPS count unchanged"
COUNTS_AS_RP_PLAY: frozenset[str] = frozenset({"AX32", "AX55"})  # "counts as an RP play"
RP_EVENTS: frozenset[str] = frozenset({"AX8"})  # 7.4.3: the one event a turn giving RP outside the RP plays
OPS_ROUND_KINDS: frozenset[str] = frozenset({"ops", "event_ops"})

AXIS_EFFECT_KEYS: dict[str, str] = {
    "luftwaffe_support": "AX10: turn; +1 column for Axis attacks involving German units this turn (7.5.5b)",
    "luftwaffe_supply_hex": "AX12: {'hex': label, 'turn': turn}; the hex counts as supplied for attrition",
    "hedgehogs_supply": "AX16: turn; German units in cities are supplied for attrition this turn",
    "destroy_fascists": "AX17: turn; VP +1 per Soviet OPS round of that turn without a German step loss",
    "defend_motherland": "AX18: {'turn', 'cancelled_from_round'}; no Soviet OPS to leave Axis ZOC unless cancelled",
    "winter_uniforms": "AX19: True; Winter 1942 combat/terrain effects negated for the Axis (15.1.2)",
    "pq17_until": "AX20: last turn of the Archangel Lend-Lease reduction (18.3.3)",
    "kleist": "AX25: turn; SU22 negated in the Caucasus Zone this turn",
    "manstein": "AX53: turn; SU22 negated this turn",
    "rp_event_turn": "AX8: turn in which an event gave RP outside the RP plays (7.4.3)",
    "u_boat_training": "AX47: True; VP +1 at every End of Turn with Libau Axis-controlled",
    "bulge_cancelled": "AX40: True; SU52 can no longer be played",
    "steppe_fox_penalty": "SU37/AX23: True once the shared VP -1 penalty was applied (ruling 8.1#51; same key as SU37)",
}

ARGUMENT_SYNTAX: dict[str, Text] = {
    "AX12": t("play 12 event HEX - the hex that counts as supplied for attrition this turn (within 5 hexes of a supplied German unit)"),
    "AX15": t("play 15 event [HEX [HEX]] - up to two hexes holding inactive Partisans to remove"),
    "AX41": t("play 41 event [HEX [HEX]] - up to two hexes holding inactive Partisans to remove"),
    "AX21": t("play 21 event HEX [HEX] - Berlin (1218) or Warsaw (1621) for both units, or one hex for each (no hex when no unit can come)"),
    "AX22": t("play 22 event [UNIT [UNIT [UNIT]]] - up to three reduced, fully supplied Panzer corps not adjacent to Soviet units"),
    "AX37": t("play 37 event HEX - a hex of Greater Germany for the Vlasov Corps"),
    "AX40": t("play 40 event HEX - Berlin (1218), Buda (1224) or Breslau (1320) for the 6th SS Army"),
    "AX54": t("play 54 event [UNIT HEX] - an Axis LCU in a port and a friendly port further west on the same sea (optional); in 1945 also: play 54 event civilians"),
}
REINFORCEMENT_CARDS = ("AX1", "AX2", "AX3", "AX4", "AX5", "AX26", "AX27", "AX28", "AX29", "AX30", "AX31")
_REINFORCEMENT_SYNTAX = t("play N event - then place the arriving units: place UNIT HEX | place auto | done")
for _card in REINFORCEMENT_CARDS:
    ARGUMENT_SYNTAX[_card] = _REINFORCEMENT_SYNTAX

BERLIN_WARSAW = ("Berlin", "Warsaw")
STEPPE_FOX_UNIT = "ge-skpz"
VLASOV_UNIT = "ge-vlasov"
BULGE_UNIT = "ge-6ssa"
BUNKER_UNIT = "ge-bunker"
LUFTWAFFE_SUPPLY_RANGE = 5
NOT_LAND = frozenset({"sea", "lake", "offmap"})

events.KEEPS_CONSECUTIVE.update(KEEPS_CONSECUTIVE)
events.COUNTS_AS_RP_PLAY.update(COUNTS_AS_RP_PLAY)
events.EFFECT_KEYS.update(AXIS_EFFECT_KEYS)


# Small helpers -------------------------------------------------------------------------------------
def _rules(game: Any) -> Rules:
    rules = getattr(game, "rules", None)
    return rules if isinstance(rules, Rules) else load_rules()


def _title(rules: Rules, card_id: str) -> Named:
    return card_label(rules, card_id)


def _turn(state: State) -> int:
    return int(state["turn"])


def _hex(rules: Rules, token: str) -> str | None:
    """A land hex label from a canonical label (or, leniently, a place name); None otherwise."""
    label = token if token in rules.board.terrain else rules.places_by_name.get(token.casefold())
    if label is None or rules.board.terrain.get(label) in NOT_LAND:
        return None
    return label


def _named(rules: Rules, names: Sequence[str]) -> list[str]:
    return [rules.places_by_name[n.casefold()] for n in names if n.casefold() in rules.places_by_name]


def _on_map(state: State, uid: str) -> str | None:
    where: str | None = state["units"][uid].get("hex")
    return where


def _soviet_in(rules: Rules, state: State, label: str) -> bool:
    return any(rules.units[uid].side == SOVIET for uid in units_in(state, label))


def _too_many_args(rules: Rules, card_id: str, args: Args, most: int) -> None:
    if len(args) > most:
        raise IllegalOrder(
            ngettext("{card} takes at most {n} parameter.", "{card} takes at most {n} parameters.", most, card=_title(rules, card_id)),
            rule=card_id,
            hint=ARGUMENT_SYNTAX.get(card_id, t("play N event")),
        )


def _no_args(rules: Rules, card_id: str, args: Args) -> None:
    if args:
        raise IllegalOrder(
            t("{card} takes no parameters.", card=_title(rules, card_id)),
            rule=card_id,
            hint=t("play {n} event", n=rules.cards[card_id].number),
        )


def _plain_check(card_id: str) -> events.CheckFn:
    def check(game: Any, state: State, side: str, args: Args) -> None:
        _no_args(_rules(game), card_id, args)

    return check


def _vp(state: State, delta: int, ctx: Context, why: str) -> None:
    control.adjust_vp(state, delta, ctx, why)


def _full_supply(rules: Rules, state: State, uid: str) -> bool:
    from engine.games.stalins_war import supply

    return supply.supply_status(rules, state, uid) == "full"


def stacking_problem(rules: Rules, state: State, label: str, uid: str) -> Text | None:
    """Why ``uid`` may not be put in ``label`` now, None if it may: no enemy unit there (inactive
    Partisans excepted for the Axis, 16.1.4), not enemy-controlled, and stacking (9.1, 9.2) with the
    unit added (``stacking.problem``)."""
    from engine.games.stalins_war import stacking

    spec = rules.units[uid]
    if label not in rules.board.terrain:
        return t("{hex} is not a hex of the map", hex=label)
    if state["control"].get(label) not in (None, spec.side):
        return t("{hex} is enemy-controlled", hex=label)
    for other in units_in(state, label):
        ospec = rules.units[other]
        if ospec.side != spec.side and not (ospec.partisan and not state["units"][other].get("active")):
            return t("enemy units are in {hex}", hex=label)
    return stacking.problem(rules, state, label, [uid])


def _put(rules: Rules, state: State, uid: str, label: str, ctx: Context, *, level: int = 0) -> None:
    """Put ``uid`` on the map in ``label`` (an arrival by event); control follows (3.0)."""
    state["units"][uid].update(hex=label, box=None, level=level, oos=False)
    ctx.log(t("{unit} is placed in {hex}.", unit=rules.units[uid].name, hex=label))
    control.enter(rules, state, label, rules.units[uid].side, ctx)


def _place_flagged(rules: Rules, state: State, uid: str, label: str | None, ctx: Context) -> None:
    """Place a unit whose card names the hex (units.csv placement flags, ``placement.py``); with no
    legal hex it is permanently out of the game (7.5.2b by analogy, ruling C2-3)."""
    if label is None:
        placement.eliminate_unplaced(rules, state, [uid], ctx)
        return
    placement.place(rules, state, uid, label, ctx)
    control.enter(rules, state, label, rules.units[uid].side, ctx)


# Attack restrictions lifted: Nordlicht, Taifun, Blau (11.1.9) --------------------------------------
def _lift(state: State, key: str) -> None:
    lifted: list[str] = state.setdefault("lifted", [])
    if key not in lifted:
        lifted.append(key)


@register("AX6", check=_plain_check("AX6"))
def nordlicht(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    _lift(state, "leningrad")
    ctx.log(t("Nordlicht: the Axis may attack Leningrad from now on (11.1.9)."))
    return 0


@register("AX7", check=_plain_check("AX7"))
def taifun(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    _lift(state, "moscow")
    ctx.log(t("Taifun: the Axis may attack Moscow and Gorki from now on (11.1.9)."))
    return 0


def _check_blau(game: Any, state: State, side: str, args: Args) -> None:
    rules = _rules(game)
    _no_args(rules, "AX8", args)
    if state["effects"].get("rp_event_turn") == _turn(state):
        raise IllegalOrder(
            t("Only one event giving RP may be played each turn ({card}).", card=_title(rules, "AX8")),
            rule="7.4.3",
            hint=t("Play it for OPS or RP instead."),
        )


def _record_rp(rules: Rules, state: State, card_id: str, ctx: Context) -> None:
    card = rules.cards[card_id]
    if _turn(state) in rules.tables["replacements"]["no_rp_turns"]:
        ctx.log(t("No replacement points in June 1941 (4.4.1): {card} gives none.", card=_title(rules, card_id)))
        return
    pools = state["rp"]
    for kind, value in card.rp.items():
        pools[kind] = pools.get(kind, 0) + value
    ctx.log(t("{card}: the Axis records {rp} RP (GE/PZ/AX).", card=_title(rules, card_id), rp=card.rp_label))


@register("AX8", check=_check_blau)
def blau(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = _rules(game)
    _lift(state, "blau")
    ctx.log(t("Blau: the Axis may attack Stalingrad and the Caucasus Zone from now on (11.1.9)."))
    _record_rp(rules, state, "AX8", ctx)
    state["effects"]["rp_event_turn"] = _turn(state)
    return 0


# Luftwaffe Support (AX10) and Luftwaffe Supply (AX12) ----------------------------------------------
def _check_not_sturmovik(rules: Rules, state: State, card_id: str) -> None:
    """SU35 Sturmovik bars both Luftwaffe cards for the rest of the game (played as a CC, so it may not
    be in ``state["events"]``; combat writes ``effects["sturmovik"]``)."""
    if "sturmovik" in state["effects"] or "SU35" in state["events"]:
        raise IllegalOrder(
            t("{card} cannot be played after Sturmovik.", card=_title(rules, card_id)),
            rule="SU35",
            hint=t("Play it for OPS or RP instead."),
        )


def _check_luftwaffe_support(game: Any, state: State, side: str, args: Args) -> None:
    rules = _rules(game)
    _no_args(rules, "AX10", args)
    _check_not_sturmovik(rules, state, "AX10")
    if rules.turn_info(_turn(state))["season"] == "winter":
        raise IllegalOrder(t("Luftwaffe Support cannot be played in winter."), rule="AX10")


@register("AX10", check=_check_luftwaffe_support)
def luftwaffe_support(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["luftwaffe_support"] = _turn(state)
    ctx.log(t("Luftwaffe Support: every Axis attack involving German units shifts 1 column right for the rest of this turn (7.5.5b)."))
    return 0


def luftwaffe_support_in_force(state: State) -> bool:
    """AX10 is in force this turn (and not cancelled by Sturmovik, which removes the key)."""
    return bool(state["effects"].get("luftwaffe_support") == _turn(state))


def _supplied_germans(rules: Rules, state: State) -> list[str]:
    """Hexes of German units in full supply by their own trace (13.1.2). Read from the supply
    reach, not ``supply_status``: that one consults this card's hex (limited supply) and would
    recurse."""
    from engine.games.stalins_war import supply

    out: set[str] = set()
    reach: supply.Reach | None = None  # every German unit traces as the German group (13.2.1)
    for uid, u in sorted(state["units"].items()):
        spec = rules.units[uid]
        label = u.get("hex")
        if label and spec.side == AXIS and spec.nationality == "GE" and not spec.non_stacking:
            if reach is None:
                reach = supply.reach_of(rules, state, supply.group_of(rules, uid))
            if label in reach.full:
                out.add(str(label))
    return sorted(out)


def _within_luftwaffe_range(rules: Rules, state: State, label: str) -> bool:
    grid = rules.board.grid
    return any(grid.distance(label, h) <= LUFTWAFFE_SUPPLY_RANGE for h in _supplied_germans(rules, state))


def _check_luftwaffe_supply(game: Any, state: State, side: str, args: Args) -> None:
    rules = _rules(game)
    _check_not_sturmovik(rules, state, "AX12")
    if not args and not _supplied_germans(rules, state):
        return  # 7.5.1b: no hex can be within 5 hexes of a supplied German unit; played without effect
    if len(args) != 1 or _hex(rules, args[0]) is None:
        raise IllegalOrder(
            t("Luftwaffe Supply needs the hex to supply for attrition."),
            rule="AX12",
            hint=ARGUMENT_SYNTAX["AX12"],
        )
    label = _hex(rules, args[0])
    assert label is not None
    if not _within_luftwaffe_range(rules, state, label):
        raise IllegalOrder(
            t("{hex} is not within 5 hexes of a supplied German unit.", hex=label),
            rule="AX12",
            hint=ARGUMENT_SYNTAX["AX12"],
        )


def _luftwaffe_supply_args(rules: Rules, state: State, side: str) -> list[Args]:
    """The hexes of Axis units (where the supply matters), first few."""
    hexes = sorted({str(u["hex"]) for uid, u in state["units"].items() if u.get("hex") and rules.units[uid].side == AXIS})
    return [(h,) for h in hexes[:8]] + [()]


@register("AX12", check=_check_luftwaffe_supply, arguments=_luftwaffe_supply_args)
def luftwaffe_supply(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = _rules(game)
    if not args:
        ctx.log(t("Luftwaffe Supply: no German unit is supplied; no hex is supplied (7.5.1b)."))
        return 0
    label = _hex(rules, args[0])
    state["effects"]["luftwaffe_supply_hex"] = {"hex": label, "turn": _turn(state)}
    ctx.log(t("Luftwaffe Supply: {hex} counts as supplied for attrition (only) this turn.", hex=label))
    return 0


def luftwaffe_supply_hex(rules: Rules, state: State) -> str | None:
    """The hex AX12 supplies for attrition this turn (13.3), if the 5-hex condition still holds then."""
    entry = state["effects"].get("luftwaffe_supply_hex")
    if not isinstance(entry, dict) or entry.get("turn") != _turn(state):
        return None
    label = entry.get("hex")
    if not isinstance(label, str) or not _within_luftwaffe_range(rules, state, label):
        return None
    return label


# Partisan Sweep (AX15, AX41) -----------------------------------------------------------------------
def _inactive_partisan_in(rules: Rules, state: State, label: str) -> str | None:
    for uid in units_in(state, label):
        if rules.units[uid].partisan and not state["units"][uid].get("active"):
            return uid
    return None


def _inactive_partisan_hexes(rules: Rules, state: State) -> list[str]:
    return sorted(
        str(u["hex"])
        for uid, u in state["units"].items()
        if u.get("hex") and rules.units[uid].partisan and not u.get("active")
    )


def _sweep_check(card_id: str) -> events.CheckFn:
    def check(game: Any, state: State, side: str, args: Args) -> None:
        rules = _rules(game)
        _too_many_args(rules, card_id, args, 2)
        seen: set[str] = set()
        for token in args:
            label = _hex(rules, token)
            if label is None or label in seen or _inactive_partisan_in(rules, state, label) is None:
                raise IllegalOrder(
                    t("There are no inactive Partisans to remove in {hex}.", hex=token),
                    rule="16.1.5",
                    hint=t("Hexes with inactive Partisans: {hexes}.", hexes=", ".join(_inactive_partisan_hexes(rules, state)) or "none"),
                )
            seen.add(label)

    return check


def _sweep_args(rules: Rules, state: State, side: str) -> list[Args]:
    hexes = _inactive_partisan_hexes(rules, state)
    # "sino a 2": the fullest sweeps first; removing none (still a legal play, 7.5.1b) last.
    out: list[Args] = [(a, b) for i, a in enumerate(hexes) for b in hexes[i + 1 :]]
    out.extend((h,) for h in hexes)
    return [*out[:11], ()]


def _sweep(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = _rules(game)
    if not args:
        ctx.log(t("Partisan Sweep: no Partisans are removed."))
    for token in args:
        label = _hex(rules, token)
        uid = _inactive_partisan_in(rules, state, label) if label else None
        if uid:
            ctx.log(t("Partisan Sweep: the inactive Partisans in {hex} are removed (16.1.5).", hex=label))
            eliminate(rules, state, uid, ctx)
    return 0


register("AX15", check=_sweep_check("AX15"), arguments=_sweep_args)(_sweep)
register("AX41", check=_sweep_check("AX41"), arguments=_sweep_args)(_sweep)


# Hedgehogs (AX16) --------------------------------------------------------------------------------
@register("AX16", check=_plain_check("AX16"))
def hedgehogs(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["hedgehogs_supply"] = _turn(state)
    ctx.log(t("Hedgehogs: the Axis may entrench from now on (10.3.1); this turn German units in cities are supplied for attrition."))
    return 0


def hedgehogs_supplied(rules: Rules, state: State, uid: str) -> bool:
    """AX16: a German unit in a city (or fortress city) counts as supplied for attrition this turn."""
    if state["effects"].get("hedgehogs_supply") != _turn(state):
        return False
    spec = rules.units[uid]
    label = state["units"][uid].get("hex")
    place = rules.place(label) if label else None
    return spec.side == AXIS and spec.nationality == "GE" and place is not None and place.kind in ("city", "fortress_city")


# Destroy the Fascists! (AX17) ----------------------------------------------------------------------
@register("AX17", check=_plain_check("AX17"))
def destroy_fascists(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["destroy_fascists"] = _turn(state)
    ctx.log(t("Destroy the Fascists!: in every Soviet OPS round of this turn the Soviet must inflict a step loss on a German unit, or the VP level rises by 1."))
    return 0


def destroy_fascists_check(state: State, ctx: Context) -> None:
    """AX17 scoring, called by the lead at the end of every Soviet Action Round.

    Needs: ``state["effects"]["destroy_fascists"]`` (the turn of the play), and ``state["round"]``
    with ``"side"``, ``"kind"`` (only "ops"/"event_ops" rounds count) and ``"german_step_lost"``, a
    per-round flag that combat sets True when any German (nationality GE) unit loses a level or is
    eliminated during the round. Scores once per round (``round["fascists_scored"]``).
    Ruling 8.1#32: "the Soviet loses 1 VP" is VP level +1."""
    if state["effects"].get("destroy_fascists") != _turn(state):
        return
    rnd = state.get("round") or {}
    if rnd.get("side") != SOVIET or rnd.get("kind") not in OPS_ROUND_KINDS or rnd.get("fascists_scored"):
        return
    rnd["fascists_scored"] = True
    if rnd.get("german_step_lost"):
        ctx.log(t("Destroy the Fascists!: a German unit lost a step this round; no penalty."))
        return
    _vp(state, 1, ctx, "Destroy the Fascists!: no German step loss in this Soviet OPS round, AX17")


# Defend the Motherland! (AX18) ---------------------------------------------------------------------
@register("AX18", check=_plain_check("AX18"))
def defend_motherland(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["defend_motherland"] = {"turn": _turn(state), "cancelled_from_round": None}
    ctx.log(t("Defend the Motherland!: this turn Soviet units may not use OPS to leave Axis ZOC. The Soviet may cancel it, at VP +1 for every Soviet OPS round from then on."))
    open_window(state, "defend_motherland", "AX18", SOVIET)
    return 0


def cancel_defend_motherland(state: State, ctx: Context) -> None:
    """The Soviet cancels AX18 (now, or later in the turn through a lead verb before his action)."""
    entry = state["effects"].get("defend_motherland")
    if not isinstance(entry, dict) or entry.get("turn") != _turn(state):
        raise IllegalOrder(t("Defend the Motherland! is not in force."), rule="AX18")
    if entry.get("cancelled_from_round") is not None:
        raise IllegalOrder(t("Defend the Motherland! is already cancelled."), rule="AX18")
    entry["cancelled_from_round"] = int(state["ar"])
    ctx.log(t("The Soviet cancels Defend the Motherland!: VP +1 for every Soviet OPS round from now on this turn."))


def defend_motherland_in_force(state: State) -> bool:
    """AX18 bars Soviet units from using OPS to leave Axis ZOC (7.3.3) this turn, unless cancelled."""
    entry = state["effects"].get("defend_motherland")
    return isinstance(entry, dict) and bool(entry.get("turn") == _turn(state)) and entry.get("cancelled_from_round") is None


def defend_motherland_check(state: State, ctx: Context) -> None:
    """AX18 scoring, called by the lead at the end of every Soviet Action Round: after a
    cancellation each Soviet OPS round ("ops"/"event_ops") of the turn costs VP +1, the round of the
    cancellation included (card text). Scores once per round (``round["motherland_scored"]``)."""
    entry = state["effects"].get("defend_motherland")
    if not isinstance(entry, dict) or entry.get("turn") != _turn(state) or entry.get("cancelled_from_round") is None:
        return
    rnd = state.get("round") or {}
    if rnd.get("side") != SOVIET or rnd.get("kind") not in OPS_ROUND_KINDS or rnd.get("motherland_scored"):
        return
    rnd["motherland_scored"] = True
    _vp(state, 1, ctx, "Defend the Motherland! cancelled: Soviet OPS round, AX18")


class MotherlandWindow(Window):
    """The Soviet decides at once whether to cancel *Defend the Motherland!* (public information)."""

    verbs = ("cancel", "pass")

    def text(self, game: Any, state: State, frame: flow.Frame) -> Text:
        return t("Defend the Motherland!: 'cancel' it (VP +1 for every Soviet OPS round from now on this turn) or 'pass' to accept it.")

    def actions(self, game: Any, state: State, frame: flow.Frame) -> list[Action]:
        return [Action("cancel"), Action("pass")]

    def handle(self, game: Any, state: State, frame: flow.Frame, action: Action, ctx: Context) -> None:
        if action.verb == "cancel":
            cancel_defend_motherland(state, ctx)
        else:
            ctx.log(t("The Soviet accepts Defend the Motherland! for now."))
        flow.end(state)


register_window("defend_motherland", MotherlandWindow())


# Winter Uniforms (AX19), Convoy PQ-17 (AX20) --------------------------------------------------------
@register("AX19", check=_plain_check("AX19"))
def winter_uniforms(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["winter_uniforms"] = True
    ctx.log(t("Winter Uniforms: the Winter 1942 combat and terrain effects do not apply to Axis units (the exploitation ban still does, 15.1.2)."))
    return 0


@register("AX20", check=_plain_check("AX20"))
def convoy_pq17(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = _rules(game)
    until = _turn(state) + int(rules.tables["banked_ops"]["pq17_turns"])
    state["effects"]["pq17_until"] = until
    ctx.log(t("Convoy PQ-17: the Archangel Lend-Lease OPS are reduced by 2 in the next 4 turns (to turn {turn}) while Archangel is Soviet.", turn=until))
    return 0


# Emergency Transfer (AX21) -------------------------------------------------------------------------
def _other_front_scus(rules: Rules, state: State) -> list[str]:
    return sorted(
        uid
        for uid, u in state["units"].items()
        if u.get("box") == "other_fronts" and rules.units[uid].side == AXIS and not rules.units[uid].lcu
    )


def _check_emergency_transfer(game: Any, state: State, side: str, args: Args) -> None:
    rules = _rules(game)
    if state["effects"].get("no_emergency_transfer") or "SU38" in state["events"]:
        raise IllegalOrder(t("Emergency Transfers are no longer possible after Overlord."), rule="SU38")
    allowed = _named(rules, BERLIN_WARSAW)
    if not args and (not _other_front_scus(rules, state) or not _transfer_destinations(rules, state)):
        return  # 7.5.1b: nothing can be transferred; the event may still be played without effect
    if not args or len(args) > 2:
        raise IllegalOrder(t("Emergency Transfer needs the destination: Berlin or Warsaw."), rule="AX21", hint=ARGUMENT_SYNTAX["AX21"])
    for token in args:
        label = _hex(rules, token)
        if label not in allowed:
            raise IllegalOrder(t("{hex} is neither Berlin nor Warsaw.", hex=token), rule="AX21", hint=ARGUMENT_SYNTAX["AX21"])
        if state["control"].get(label) != AXIS or _soviet_in(rules, state, label):
            raise IllegalOrder(t("{hex} is not held by the Axis.", hex=label), rule="AX21", hint=ARGUMENT_SYNTAX["AX21"])


def _transfer_destinations(rules: Rules, state: State) -> list[str]:
    """Berlin and Warsaw when Axis-controlled and free of Soviet units (AX21)."""
    return [h for h in _named(rules, BERLIN_WARSAW) if state["control"].get(h) == AXIS and not _soviet_in(rules, state, h)]


def _emergency_args(rules: Rules, state: State, side: str) -> list[Args]:
    berlin, warsaw = _named(rules, BERLIN_WARSAW)
    return [(), (berlin,), (warsaw,), (berlin, warsaw)]


@register("AX21", check=_check_emergency_transfer, arguments=_emergency_args)
def emergency_transfer(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = _rules(game)
    pool = _other_front_scus(rules, state)
    if not pool:
        ctx.log(t("Emergency Transfer: the Other Fronts box holds no Axis SCU."))
        return 0
    if not args:
        ctx.log(t("Emergency Transfer: neither Berlin nor Warsaw can receive units; no effect (7.5.1b)."))
        return 0
    picked: list[str] = []
    for _ in range(2):
        if not pool:
            break
        uid = str(ctx.pick(pool, t("Emergency Transfer: a random SCU from the Other Fronts box")))
        pool.remove(uid)
        picked.append(uid)
    dests = [_hex(rules, a) for a in args]
    for i, uid in enumerate(picked):
        wanted = dests[min(i, len(dests) - 1)]
        choices = [wanted] + [d for d in dests if d != wanted]
        spot = next((d for d in choices if d and stacking_problem(rules, state, d, uid) is None), None)
        if spot is None:
            ctx.log(t("Emergency Transfer: {unit} does not fit in {hex} (9.1) and stays in the Other Fronts box.", unit=rules.units[uid].name, hex=wanted))
            continue
        # Units from the Other Fronts box keep their level (3.0, "Other Fronts box").
        level = int(state["units"][uid].get("level", 0))
        _put(rules, state, uid, spot, ctx, level=level)
    return 0


# Panzer Refit (AX22) -------------------------------------------------------------------------------
def _refit_problem(rules: Rules, state: State, uid: str) -> Text | None:
    spec = rules.units.get(uid)
    if spec is None or not spec.panzer:
        return t("{unit} is not a German Panzer corps", unit=uid)
    label = _on_map(state, uid)
    if not label:
        return t("{unit} is not on the map", unit=spec.name)
    if int(state["units"][uid].get("level", 0)) == 0:
        return t("{unit} is already at full strength", unit=spec.name)
    near = [label, *rules.board.neighbours(label)]
    if any(_soviet_in(rules, state, h) for h in near):
        return t("{unit} is adjacent to Soviet units", unit=spec.name)
    if not _full_supply(rules, state, uid):
        return t("{unit} is not in full supply", unit=spec.name)
    return None


def _refit_candidates(rules: Rules, state: State) -> list[str]:
    return [
        uid
        for uid, u in sorted(state["units"].items())
        if rules.units[uid].panzer and u.get("hex") and int(u.get("level", 0)) > 0 and _refit_problem(rules, state, uid) is None
    ]


def _check_refit(game: Any, state: State, side: str, args: Args) -> None:
    rules = _rules(game)
    _too_many_args(rules, "AX22", args, 3)
    if len(set(args)) != len(args):
        raise IllegalOrder(t("Name each Panzer corps once."), rule="AX22", hint=ARGUMENT_SYNTAX["AX22"])
    for uid in args:
        why = _refit_problem(rules, state, uid)
        if why is not None:
            raise IllegalOrder(
                t("Panzer Refit cannot flip it: {why}.", why=why),
                rule="AX22",
                hint=t("Eligible now: {units}.", units=", ".join(_refit_candidates(rules, state)) or "none"),
            )


def _refit_args(rules: Rules, state: State, side: str) -> list[Args]:
    eligible = _refit_candidates(rules, state)
    out: list[Args] = [tuple(eligible[:3])]
    out.extend((uid,) for uid in eligible[:5])
    return out


@register("AX22", check=_check_refit, arguments=_refit_args)
def panzer_refit(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = _rules(game)
    if not args:
        ctx.log(t("Panzer Refit: no Panzer corps is flipped."))
    for uid in args:
        state["units"][uid]["level"] = 0
        ctx.log(t("Panzer Refit: {unit} returns to full strength.", unit=rules.units[uid].name))
    return 0


# Steppe Fox (AX23) ---------------------------------------------------------------------------------
def duce_steppe_fox_penalty(state: State, ctx: Context) -> None:
    """VP -1 when both *Steppe Fox* (AX23) and *The Duce Falls* (SU37) have been played as events,
    applied once whichever card names it (ruling 8.1#51). SU37's event should call this."""
    if "AX23" not in state["events"] or "SU37" not in state["events"]:
        return
    if state["effects"].get("steppe_fox_penalty"):
        return
    state["effects"]["steppe_fox_penalty"] = True
    _vp(state, -1, ctx, "The Duce Falls after Steppe Fox, AX23/SU37")


@register("AX23", check=_plain_check("AX23"))
def steppe_fox(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = _rules(game)
    hexes = placement.legal_placements(rules, state, STEPPE_FOX_UNIT)  # with the 11th Army (place_with)
    _place_flagged(rules, state, STEPPE_FOX_UNIT, hexes[0] if hexes else None, ctx)
    ctx.log(t("Steppe Fox: the Axis plays a second card this turn (4.4.1)."))
    duce_steppe_fox_penalty(state, ctx)
    return 0


# Reinforcements (AX1-AX5, AX26-AX31) -----------------------------------------------------------------
def arriving_units(rules: Rules, state: State, card_id: str) -> list[str]:
    """The set-aside units whose units.csv ``arrives`` names ``card_id`` (7.5.2)."""
    return [
        uid
        for uid, spec in rules.units.items()
        if spec.arrives.split()[:1] == [f"card:{card_id}"] and state["units"][uid].get("box") == "setaside"
    ]


def _reinforcements(card_id: str) -> events.PlayFn:
    def play(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
        """7.5.2: the listed units are placed by the owner (``place_units``, 7.5.2c; units listed in
        parentheses enter reduced, 7.5.3; units not placed are eliminated for good, 7.5.2b)."""
        rules = _rules(game)
        uids = arriving_units(rules, state, card_id)
        names = ", ".join(rules.units[uid].name for uid in uids) or "none"
        ctx.log(t("{card}: arriving units {units}.", card=_title(rules, card_id), units=names))
        placement.start(state, AXIS, uids, card_id)
        return 0

    return play


for _card in REINFORCEMENT_CARDS:
    register(_card, check=_plain_check(_card))(_reinforcements(_card))


# Hitler Takes Command (AX24), Kleist (AX25), Manstein (AX53) ---------------------------------------
@register("AX24", check=_plain_check("AX24"))
def hitler_takes_command(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    ctx.log(
        t(
            "Hitler Takes Command: Blau, Speer, The Bunker and the Soviet Where a German Soldier Stands become playable; "
            "the Axis receives no more banked OPS (18.2.2) and the Spring/Summer VP penalty ends."
        )
    )
    return 0


@register("AX25", check=_plain_check("AX25"))
def kleist(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["kleist"] = _turn(state)
    ctx.log(t("Kleist: this turn Where a German Soldier Stands has no effect on units in the Caucasus Zone."))
    return 0


@register("AX53", check=_plain_check("AX53"))
def manstein(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["manstein"] = _turn(state)
    ctx.log(t("Manstein: Where a German Soldier Stands has no effect this turn."))
    return 0


def german_soldier_stands_negated(rules: Rules, state: State, label: str | None) -> bool:
    """Whether SU22's effect is negated this turn for a unit in ``label`` (AX53 anywhere, AX25 in
    the Caucasus Zone)."""
    turn = _turn(state)
    if state["effects"].get("manstein") == turn:
        return True
    return bool(state["effects"].get("kleist") == turn) and label is not None and label in rules.zone("caucasus_zone")


# Miracle on the Vistula (AX32), Speer (AX55): OPS and RP --------------------------------------------
def _ops_and_rp_check(card_id: str) -> events.CheckFn:
    def check(game: Any, state: State, side: str, args: Args) -> None:
        from engine.games.stalins_war.cardplay import check_rp

        rules = _rules(game)
        _no_args(rules, card_id, args)
        check_rp(rules, state, side)  # counts as an RP play: 4.4.1, 7.4.2-7.4.4 apply

    return check


def _ops_and_rp(card_id: str) -> events.PlayFn:
    def play(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
        """Ruling 8.1#33: the card's OPS less the penalty of the box the Consecutive OPS marker is in;
        the marker does not move (the lead keeps it, ``KEEPS_CONSECUTIVE``), the RP play is counted by
        the lead (``COUNTS_AS_RP_PLAY``). Rasputitsa (15.1.1) zeroes the OPS in the lead's cardplay."""
        from engine.games.stalins_war.cardplay import ops_after_penalty

        rules = _rules(game)
        _record_rp(rules, state, card_id, ctx)
        ops = ops_after_penalty(rules, rules.cards[card_id].ops, int(state["consec"][side]))
        ctx.log(t("{card}: the event also gives OPS; the Consecutive OPS count stays at {n}.", card=_title(rules, card_id), n=state["consec"][side]))
        return ops

    return play


register("AX32", check=_ops_and_rp_check("AX32"))(_ops_and_rp("AX32"))
register("AX55", check=_ops_and_rp_check("AX55"))(_ops_and_rp("AX55"))


# Placed units: Vlasov (AX37), Bulge Cancelled (AX40), The Bunker (AX43) ------------------------------
def _placed_unit_check(card_id: str, uid: str) -> events.CheckFn:
    """One parameter: a hex from ``placement.legal_placements`` (none only when no hex is legal)."""

    def check(game: Any, state: State, side: str, args: Args) -> None:
        rules = _rules(game)
        _too_many_args(rules, card_id, args, 1)
        legal = placement.legal_placements(rules, state, uid)
        if not args:
            if legal:
                raise IllegalOrder(
                    t("{card} needs the hex where {unit} is placed.", card=_title(rules, card_id), unit=rules.units[uid].name),
                    rule=card_id,
                    hint=ARGUMENT_SYNTAX[card_id],
                )
            return
        label = _hex(rules, args[0])
        if label not in legal:
            raise IllegalOrder(
                t("{unit} cannot be placed in {hex}.", unit=rules.units[uid].name, hex=args[0]),
                rule=card_id,
                hint=t("Possible now: {hexes}.", hexes=", ".join(legal[:12]) or "none"),
            )

    return check


def _placed_unit_args(uid: str) -> events.ArgsFn:
    def arguments(rules: Rules, state: State, side: str) -> list[Args]:
        legal = placement.legal_placements(rules, state, uid)
        preferred = [h for h in _named(rules, ("Berlin", "Buda", "Breslau", "Warsaw", "Königsberg")) if h in legal]
        out: list[Args] = [(h,) for h in preferred or legal[:4]]
        return out or [()]

    return arguments


@register("AX37", check=_placed_unit_check("AX37", VLASOV_UNIT), arguments=_placed_unit_args(VLASOV_UNIT))
def vlasov(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = _rules(game)
    _place_flagged(rules, state, VLASOV_UNIT, _hex(rules, args[0]) if args else None, ctx)
    _vp(state, 1, ctx, "Vlasov, AX37")
    return 0


@register("AX40", check=_placed_unit_check("AX40", BULGE_UNIT), arguments=_placed_unit_args(BULGE_UNIT))
def bulge_cancelled(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = _rules(game)
    state["effects"]["bulge_cancelled"] = True
    ctx.log(t("Bulge Cancelled: Battle of the Bulge can no longer be played."))
    _place_flagged(rules, state, BULGE_UNIT, _hex(rules, args[0]) if args else None, ctx)
    return 0


@register("AX43", check=_plain_check("AX43"))
def the_bunker(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = _rules(game)
    hexes = placement.legal_placements(rules, state, BUNKER_UNIT)  # Berlin (place_berlin)
    _place_flagged(rules, state, BUNKER_UNIT, hexes[0] if hexes else None, ctx)
    return 0


# Plain VP events: Soviet Peace Feelers (AX44), Katyn Massacre (AX52) ---------------------------------
@register("AX44", check=_plain_check("AX44"))
def soviet_peace_feelers(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    _vp(state, 1, ctx, "Soviet Peace Feelers, AX44")
    return 0


@register("AX52", check=_plain_check("AX52"))
def katyn_massacre(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    _vp(state, 1, ctx, "Katyn Massacre, AX52")
    return 0


# U-Boat Training (AX47) ----------------------------------------------------------------------------
@register("AX47", check=_plain_check("AX47"))
def u_boat_training(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    state["effects"]["u_boat_training"] = True
    ctx.log(t("U-Boat Training: VP +1 at the end of every turn in which the Axis controls Libau."))
    return 0


def u_boat_check(game: Any, state: State, ctx: Context) -> None:
    """AX47 scoring at the End of Turn (the turn of the play included): VP +1 if Libau is Axis."""
    if not state["effects"].get("u_boat_training"):
        return
    rules = _rules(game)
    if state["control"].get(rules.hex_of("Libau")) == AXIS:
        _vp(state, 1, ctx, "U-Boat Training: the Axis controls Libau, AX47")


# Festung (AX48) ----------------------------------------------------------------------------------
@register("AX48", check=_plain_check("AX48"))
def festung(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    ctx.log(t("Festung: from now on the Axis may build Festungen at 1 OPS each (16.3)."))
    return 0


# Foreign Armies East (AX49) ------------------------------------------------------------------------
@register("AX49", check=_plain_check("AX49"))
def foreign_armies_east(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    """A one-time look (ruling 8.1#46) at the non-CC cards of the Soviet hand, for the Axis only.

    The list is sent with ``ctx.reveal`` (an undo barrier: seen information cannot be unseen) and the
    cards shown are recorded in ``state["revealed"]["axis"]`` (what the Axis may legitimately know)."""
    rules = _rules(game)
    hand: list[str] = state["cards"][SOVIET]["hand"]
    shown = [c for c in hand if not rules.cards[c].cc]
    ctx.log(t("Foreign Armies East: the Axis looks at the non-Combat cards in the Soviet hand."))
    if shown:
        listing = card_list(rules, shown)
        ctx.reveal(t("Foreign Armies East: the Soviet hand holds these non-Combat cards: {cards}.", cards=listing), to=AXIS)
        ctx.log(t("Foreign Armies East: the Axis was shown these cards of your hand: {cards}.", cards=listing), to=SOVIET)
    else:
        ctx.reveal(t("Foreign Armies East: the Soviet hand holds no non-Combat card."), to=AXIS)
        ctx.log(t("Foreign Armies East: the Axis was shown that your hand holds no non-Combat card."), to=SOVIET)
    seen: list[str] = state.setdefault("revealed", {}).setdefault(AXIS, [])
    seen.extend(c for c in shown if c not in seen)
    return 0


# Naval Evacuation (AX54) ---------------------------------------------------------------------------
def _column(rules: Rules, label: str) -> int:
    return rules.board.grid.parse(label)[0]


def _port_sea(rules: Rules, label: str | None) -> str | None:
    place = rules.place(label) if label else None
    if place is None or place.get("port") != "1":
        return None
    sea: str | None = place.get("sea")
    return sea


def _evacuation_targets(rules: Rules, state: State, uid: str) -> list[str]:
    origin = _on_map(state, uid)
    sea = _port_sea(rules, origin)
    if origin is None or sea is None:
        return []
    out = []
    for label, place in sorted(rules.board.places.items()):
        if place.get("port") != "1" or place.get("sea") != sea or label == origin:
            continue
        if _column(rules, label) >= _column(rules, origin) or state["control"].get(label) != AXIS:
            continue
        if stacking_problem(rules, state, label, uid) is None:
            out.append(label)
    return out


def _evacuable(rules: Rules, state: State) -> list[str]:
    return [
        uid
        for uid, u in sorted(state["units"].items())
        if rules.units[uid].side == AXIS
        and rules.units[uid].lcu
        and u.get("hex") not in state["markers"]["festung"]
        and _evacuation_targets(rules, state, uid)
    ]


def _check_naval_evacuation(game: Any, state: State, side: str, args: Args) -> None:
    rules = _rules(game)
    hint = ARGUMENT_SYNTAX["AX54"]
    if args and args[0] == "civilians":
        _too_many_args(rules, "AX54", args, 1)
        if rules.turn_info(_turn(state))["year"] != 1945:
            raise IllegalOrder(t("Civilians may be evacuated only in 1945."), rule="AX54", hint=hint)
        return
    if len(args) != 2:
        if not args:
            return  # "1 LCU dell'Asse può muovere": the move is optional (and 7.5.1b)
        raise IllegalOrder(t("Naval Evacuation needs the LCU and the port it sails to."), rule="AX54", hint=hint)
    uid, token = args
    spec = rules.units.get(uid)
    if spec is None or spec.side != AXIS or not spec.lcu or not _on_map(state, uid):
        raise IllegalOrder(t("{unit} is not an Axis LCU on the map.", unit=uid), rule="10.2.7", hint=hint)
    origin = _on_map(state, uid)
    if _port_sea(rules, origin) is None:
        raise IllegalOrder(t("{unit} is not in a port.", unit=spec.name), rule="10.2.7", hint=hint)
    if origin in state["markers"]["festung"]:
        raise IllegalOrder(t("{unit} is in a Festung and can never leave it.", unit=spec.name), rule="16.3.4")
    label = _hex(rules, token)
    targets = _evacuation_targets(rules, state, uid)
    if label not in targets:
        raise IllegalOrder(
            t("{unit} cannot sail to {hex}: the port must be Axis-controlled, on the same sea, further west, with room.", unit=spec.name, hex=token),
            rule="10.2.7",
            hint=t("Ports possible now: {hexes}.", hexes=", ".join(targets) or "none"),
        )


def _evacuation_args(rules: Rules, state: State, side: str) -> list[Args]:
    out: list[Args] = []
    for uid in _evacuable(rules, state)[:4]:
        out.extend((uid, h) for h in _evacuation_targets(rules, state, uid)[:2])
    if rules.turn_info(_turn(state))["year"] == 1945:
        out.append(("civilians",))
    out.append(())
    return out


@register("AX54", check=_check_naval_evacuation, arguments=_evacuation_args)
def naval_evacuation(game: Any, state: State, side: str, args: Args, ctx: Context) -> int:
    rules = _rules(game)
    if args and args[0] == "civilians":
        _vp(state, 1, ctx, "Naval Evacuation of civilians, AX54")
        pile = state["cards"][AXIS]
        if "AX54" in pile["discard"]:
            pile["discard"].remove("AX54")
        if "AX54" not in pile["removed"]:
            pile["removed"].append("AX54")
        ctx.log(t("Naval Evacuation: the card is removed from the game."))
        return 0
    if not args:
        ctx.log(t("Naval Evacuation: no Axis LCU is evacuated."))
        return 0
    uid, token = args
    label = _hex(rules, token)
    assert label is not None
    spec = rules.units[uid]
    origin = _on_map(state, uid)
    last = len(spec.levels) - 1
    state["units"][uid].update(hex=label, level=last)
    control.enter(rules, state, label, AXIS, ctx)
    ctx.log(t("Naval Evacuation: {unit} sails from {origin} to {hex} and is reduced to its last level (10.2.7).", unit=spec.name, origin=origin, hex=label))
    return 0
