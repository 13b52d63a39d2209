"""Stalin's War: the combat step of an Action Round (11.0) and the resolution of one combat.

``combat_step`` (active: the round's side) takes ``attack HEX [with UNIT|HEX ...] [cc [use] CARD ...] [nocc]
[zhukov]`` orders, one combat at a time, then ``done``, which runs the exploitation step (12.0).
Each attack is resolved completely by ``battle``, an automatic driver following 11.2.1:

1. designate (every 11.1 restriction checked by ``check_attack``);
2. strength;
3. Combat Cards: the attacker's (from the order's ``cc`` clause, or a window when the order has
   neither ``cc`` nor ``nocc``), then ALWAYS the defender's window — skipped only when all his
   units in the combat are out of supply (13.3.4, public) — then Katukov's Tanks / Rudel losses
   (ruling 8.1#48) are already taken and everything below is recomputed;
4. fire columns (``fire.py``); 5. both rolls; 6. losses, defender first, each by its owner;
7. the winner (11.2.1(7), tie-break exception) and the Combat Cards kept or discarded (7.5.5);
   then the losses that cards add (11.3.5) and Zhukov's extra loss;
8. the defender's retreat or No-Retreat option (``retreat.py``);
9. advance and Blitz marker (11.5).

A combat is a plain dict in the ``battle`` frame (see ``new_combat``); the windows find it there.
``state["last"]`` gets {"kind": "combat", "hex", "from", "result"} for the renderer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action, Context, Prompt, State
from engine.games.stalins_war import (
    combat_cards,
    control,
    exploit,
    fire,
    losses,
    retreat,
    stacking,
    supply,
    terrain,
    units,
)
from engine.games.stalins_war.losses import LossWindow
from engine.games.stalins_war.model import (
    AXIS,
    SOVIET,
    SOVIET_TANK_TYPES,
    Rules,
    enemy,
    level_of,
    units_in,
)
from engine.games.stalins_war.retreat import Problem, RetreatWindow, inactive_partisan
from engine.text import Text, ngettext, t

KEYWORDS = frozenset({"with", "from", "cc", "nocc", "zhukov"})


# The attack order --------------------------------------------------------------------------------
@dataclass
class Order:
    target: str
    units: list[str] | None = None
    hexes: list[str] = field(default_factory=list)  # "from HEX": every unit there able to attack
    cards: list[tuple[str, list[str]]] = field(default_factory=list)
    faceup: list[str] = field(default_factory=list)  # "cc use CARD": one of the side's face-up cards
    nocc: bool = False
    zhukov: bool = False

    @property
    def has_cc(self) -> bool:
        return bool(self.cards)


def parse_order(rules: Rules, args: Sequence[str]) -> Order:
    """``HEX [with UNIT|HEX ...] [cc [use] CARD [ARGS] ...] [nocc] [zhukov]`` (canonical tokens); ``from`` is
    another spelling of ``with``; a hex after it names every unit there able to attack."""
    if not args:
        raise InvalidOrder(t("Name the hex to attack: 'attack HEX [with UNIT|HEX ...]'."))
    if args[0] not in rules.board.grid:
        raise InvalidOrder(
            t("'{word}' is not a hex to attack.", word=args[0]),
            t("Name the hex to attack first: 'attack HEX [with UNIT|HEX ...]'."),
        )
    order = Order(args[0])
    mode = ""
    use_next = False
    for word in args[1:]:
        low = word.casefold()
        if low == "use":
            mode, use_next = "cc", True
            continue
        if low in ("with", "from", "cc"):
            mode = "cc" if low == "cc" else "with"
            continue
        if low == "nocc":
            order.nocc = True
            mode = ""
            continue
        if low == "zhukov":
            order.zhukov = True
            mode = ""
            continue
        if mode == "cc":
            if word in rules.cards:
                order.cards.append((word, []))
                if use_next:
                    order.faceup.append(word)
                    use_next = False
            elif order.cards:
                order.cards[-1][1].append(word)
            else:
                raise InvalidOrder(t("'{word}' is not a card.", word=word))
            continue
        if word in rules.units:
            if order.units is None:
                order.units = []
            order.units.append(word)
            continue
        if mode == "with" and word in rules.board.grid:
            order.hexes.append(word)
            continue
        raise InvalidOrder(
            t("'{word}' is not understood in an attack order.", word=word),
            t("attack HEX [with UNIT|HEX ...] [cc [use] CARD ...] [nocc] [zhukov]"),
        )
    if order.nocc and order.cards:
        raise InvalidOrder(t("'nocc' and 'cc' cannot be given together."))
    return order


# Restrictions of 11.1 ------------------------------------------------------------------------------
def rasputitsa(rules: Rules, state: State) -> bool:
    info = rules.turn_info(int(state["turn"]))
    return int(state["ar"]) in [int(x) for x in info.get("rasputitsa_ars", [])]


def named_hex(rules: Rules, name: str) -> str | None:
    try:
        return rules.hex_of(name)
    except KeyError:
        return None


def axis_restriction(rules: Rules, state: State, target: str) -> Problem | None:
    """11.1.9 (ruling 8.1#44): Leningrad before Nordlicht, Moscow/Gorki before Taifun, Stalingrad
    and the Caucasus Zone before Blau — unless lifted by entering one of the group's hexes."""
    lifted = set(state.get("lifted", []))
    events = state.get("events", {})
    if target == named_hex(rules, "Leningrad") and "leningrad" not in lifted and "AX6" not in events:
        return t("The Axis may not attack Leningrad before Nordlicht (AX6)."), "11.1.9"
    if target in (named_hex(rules, "Moscow"), named_hex(rules, "Gorki")) and "moscow" not in lifted and "AX7" not in events:
        return t("The Axis may not attack Moscow or Gorki before Taifun (AX7)."), "11.1.9"
    blau_hexes = target == named_hex(rules, "Stalingrad") or terrain.in_caucasus_zone(rules, target)
    if blau_hexes and "blau" not in lifted and "AX8" not in events:
        return t("The Axis may not attack Stalingrad or the Caucasus Zone before Blau (AX8)."), "11.1.9"
    return None


def volga_blocked(rules: Rules, state: State, a: str, b: str) -> bool:
    """11.1.10: no Axis attack across the dashed Volga hexsides unless the Axis holds Moscow or Stalingrad."""
    if "volga_dashed" not in rules.board.side(a, b):
        return False
    held = [control.controller(state, h) == AXIS for h in (named_hex(rules, "Moscow"), named_hex(rules, "Stalingrad")) if h]
    return not any(held)


def foes_in(rules: Rules, state: State, target: str, side: str) -> list[str]:
    """The units the attack is against: enemy units in ``target`` (never inactive Partisans)."""
    return [u for u in units_in(state, target) if rules.units[u].side != side and not inactive_partisan(rules, state, u)]


def unit_problem(rules: Rules, state: State, side: str, uid: str, target: str, zhukov: bool) -> Problem | None:
    spec = rules.units.get(uid)
    if spec is None or spec.side != side:
        return t("{unit} is not one of your units.", unit=uid), "11.1.2"
    u = state["units"][uid]
    here = u.get("hex")
    if not here:
        return t("{unit} is not on the map.", unit=spec.name), "11.1.1"
    if not rules.board.grid.adjacent(here, target):
        return t("{unit} is not next to {hex}.", unit=spec.name, hex=target), "11.1.3"
    if not terrain.passable(rules, here, target):
        return t("{unit} cannot attack across the hexside {a}-{b}.", unit=spec.name, a=here, b=target), "11.1.3"
    if u.get("arrived"):
        return t("{unit} was placed by mobilisation this round: it may move but not attack.", unit=spec.name), "4.5.1"
    if u.get("fought"):
        return t("{unit} has already taken part in a combat this round (or may not attack this round).", unit=spec.name), "11.1.6"
    if u.get("strategic"):
        return t("{unit} moved strategically this round and may not attack.", unit=spec.name), "10.2.1"
    if inactive_partisan(rules, state, uid):
        return t("Inactive Partisans do not attack."), "16.1.4"
    if "no_attack" in spec.flags or level_of(rules, state, uid).attack <= 0:
        return t("{unit} has no attack strength.", unit=spec.name), "16.4.1"
    if side == AXIS and volga_blocked(rules, state, here, target):
        return t("No Axis attack across the dashed Volga hexsides unless the Axis controls Moscow or Stalingrad."), "11.1.10"
    if not zhukov and here not in state.get("round", {}).get("combat_markers", []):
        return t("{hex} has no Combat marker.", hex=here), "11.1.1"
    return None


def eligible_near(rules: Rules, state: State, side: str, target: str, zhukov: bool) -> list[str]:
    out = []
    for label in rules.board.neighbours(target):
        for uid in units_in(state, label):
            if rules.units[uid].side == side and unit_problem(rules, state, side, uid, target, zhukov) is None:
                out.append(uid)
    return out


def zhukov_available(state: State, side: str) -> bool:
    effects = state.get("effects", {})
    if side != SOVIET or effects.get("zhukov") != int(state["turn"]):
        return False
    return effects.get("zhukov_used") not in ([int(state["turn"]), int(state["ar"])], True)


def normal_problem(rules: Rules, state: State, attackers: Sequence[str]) -> Problem | None:
    """11.1.3: extra hexes need an attacking mechanised unit; at most one LCU per side."""
    by_hex: dict[str, list[str]] = {}
    for uid in attackers:
        by_hex.setdefault(state["units"][uid]["hex"], []).append(uid)
    marks = state.get("round", {}).get("combat_markers", [])
    for label in by_hex:
        if label not in marks:
            return t("{hex} has no Combat marker.", hex=label), "11.1.1"
    if len(by_hex) > 1:
        without = [h for h, ids in by_hex.items() if not any(rules.units[u].mechanized for u in ids)]
        if len(without) > 1:
            return t("Units from several hexes attack together only if every extra hex has an attacking panzer, tank or mechanised unit."), "11.1.3"
    lcus = [u for u in attackers if rules.units[u].lcu]
    if len(lcus) > int(rules.tables["combat"]["max_lcu_per_side"]):
        return t("At most one LCU per side may take part in a combat."), "11.1.3"
    return None


def zhukov_problem(rules: Rules, state: State, attackers: Sequence[str]) -> Problem | None:
    hexes = {state["units"][u]["hex"] for u in attackers}
    if len(hexes) > 2:
        return t("Zhukov combines the units of at most 2 hexes."), "SU9"
    return None


def from_hexes(rules: Rules, state: State, side: str, order: Order, zhukov: bool) -> list[str] | None:
    """The named attackers: the units named, then every unit able to attack in each hex named."""
    if order.units is None and not order.hexes:
        return None
    named = list(order.units or [])
    for label in dict.fromkeys(order.hexes):
        if label not in rules.board.neighbours(order.target):
            raise IllegalOrder(t("{hex} is not adjacent to {target}.", hex=label, target=order.target), rule="11.1.1")
        here = [
            u for u in units_in(state, label)
            if rules.units[u].side == side and u not in named and unit_problem(rules, state, side, u, order.target, zhukov) is None
        ]
        if not here:
            raise IllegalOrder(t("None of your units in {hex} can attack {target}.", hex=label, target=order.target), rule="11.1.1")
        named += here
    return named


def check_attack(rules: Rules, state: State, side: str, order: Order) -> tuple[list[str], bool]:
    """Every restriction of 11.1 (and 4.4, 15.1.1, 16.1, 19.x); returns the attackers and whether
    the attack uses Zhukov (explicitly, or because it is needed and available)."""
    target = order.target
    if rasputitsa(rules, state):
        raise IllegalOrder(t("Rasputitsa: no combat in this round."), rule="15.1.1")
    if not retreat.land(rules, target):
        raise IllegalOrder(t("{hex} is not a land hex of the map.", hex=target), rule="11.1.4")
    if target in state.get("round", {}).get("attacked", []):
        raise IllegalOrder(t("{hex} has already been attacked this round.", hex=target), rule="11.1.4")
    foes = foes_in(rules, state, target, side)
    if not foes:
        if any(rules.units[u].side != side for u in units_in(state, target)):
            raise IllegalOrder(t("The Axis cannot attack inactive Partisans."), rule="16.1.4")
        raise IllegalOrder(t("{hex} is empty: empty hexes cannot be attacked.", hex=target), rule="11.1.4")
    if side == AXIS:
        problem = axis_restriction(rules, state, target)
        if problem:
            raise IllegalOrder(problem[0], rule=problem[1])
    if order.zhukov and not zhukov_available(state, side):
        raise IllegalOrder(t("Zhukov is not available: it must be in effect this turn and not yet used this round."), rule="SU9")
    zhukov = order.zhukov
    named = from_hexes(rules, state, side, order, zhukov)
    if named is None:
        attackers = eligible_near(rules, state, side, target, zhukov)
        if not zhukov:
            attackers = [u for u in attackers if not rules.units[u].partisan] or attackers
        if not attackers:
            raise IllegalOrder(
                t("None of your units can attack {hex} from a hex with a Combat marker.", hex=target),
                rule="11.1.1",
            )
    else:
        attackers = list(dict.fromkeys(named))
        if len(attackers) != len(named):
            raise IllegalOrder(t("A unit is named twice."), rule="11.1.6")
        if not attackers:
            raise IllegalOrder(t("Name at least one attacking unit."), rule="11.2.1")
    for uid in attackers:
        problem = unit_problem(rules, state, side, uid, target, True)
        if problem:
            raise IllegalOrder(problem[0], rule=problem[1])
    # Mixes no hex or card makes legal are answered by their own rules before 11.1.3's hexes.
    nations = {rules.units[u].nationality for u in attackers}
    if {"RO", "HU"} <= nations and side == AXIS:
        raise IllegalOrder(t("Romanian and Hungarian units never fight in the same combat."), rule="19.1.1")
    partisans = [u for u in attackers if rules.units[u].partisan]
    if partisans and len(partisans) != len(attackers):
        raise IllegalOrder(t("Active Partisans never attack together with other Soviet units."), rule="11.1.7")
    problem = normal_problem(rules, state, attackers)
    if problem and not zhukov and zhukov_available(state, side) and zhukov_problem(rules, state, attackers) is None:
        zhukov = True
        problem = None
    if zhukov:
        problem = zhukov_problem(rules, state, attackers)
    if problem:
        hint = None
        if named is None:
            hint = t("Name the attacking units: 'attack {hex} with UNIT ...'.", hex=target)
        raise IllegalOrder(problem[0], rule=problem[1], hint=hint)
    turn = int(state["turn"])
    if side == SOVIET and turn in (1, 2):
        if all(rules.units[u].panzer for u in foes):
            if any(rules.units[u].lcu for u in attackers):
                raise IllegalOrder(t("In turns 1-2 Soviet Fronts may not attack hexes holding only Panzer corps."), rule="4.4.7")
            mech_hexes = {state["units"][u]["hex"] for u in attackers if rules.units[u].type == "mech_corps"}
            if len(mech_hexes) > 1:
                raise IllegalOrder(
                    t("In turns 1-2 Soviet mechanised corps in different hexes may not combine against Panzer-only hexes (no card overrides this)."),
                    rule="4.4.8",
                )
    if side == SOVIET and turn == 1:
        if terrain.in_region(rules, target, "romania") or any(
            terrain.in_region(rules, state["units"][u]["hex"], "romania") for u in attackers
        ):
            raise IllegalOrder(t("No Soviet attack in or into Romania in turn 1."), rule="4.4.4")
    return attackers, zhukov


# The combat record ---------------------------------------------------------------------------------
def defender_status(rules: Rules, state: State, uid: str) -> str:
    """13.1.1: the non-active side's supply is traced at the moment of combat; active Partisans are
    always in supply (16.1.6); limited supply counts for defence (ruling 8.1#9)."""
    if rules.units[uid].partisan:
        return "full"
    from engine.games.stalins_war.overrides import referee_supply

    marked = referee_supply(state, uid)  # a referee's 'supply UNIT ...' this round stands
    return marked if marked is not None else supply.supply_status(rules, state, uid)


def attacker_oos(state: State, uid: str) -> bool:
    """The active side's supply is the one traced at the start of its AR (13.1.1); limited supply
    does not allow attacking (ruling 8.1#9)."""
    u = state["units"][uid]
    return bool(u.get("oos") or u.get("limited"))


def new_combat(rules: Rules, state: State, side: str, target: str, attackers: Sequence[str], zhukov: bool) -> dict[str, Any]:
    """The record of one combat (no change to the state)."""
    here = foes_in(rules, state, target, side)
    retreated = [u for u in here if state["units"][u].get("retreated")]
    defenders = [u for u in here if u not in retreated]
    status = {u: defender_status(rules, state, u) for u in here}
    oos = [u for u in attackers if attacker_oos(state, u)] + [u for u in here if status[u] == "none"]
    return {
        "side": side,
        "defender": enemy(side),
        "target": target,
        "attackers": list(attackers),
        "defenders": defenders,
        "retreated_in": retreated,
        "from": sorted({state["units"][u]["hex"] for u in attackers}),
        "zhukov": zhukov,
        "cards": {side: [], enemy(side): []},
        "new": {side: [], enemy(side): []},
        "args": {},
        "hits": {},
        "alloc": {},
        "oos": oos,
        "status": status,
        "cancel": None,
    }


def battlefield(rules: Rules, state: State, combat: dict[str, Any]) -> fire.Battlefield:
    att = [u for u in combat["attackers"] if state["units"][u].get("hex")]
    dfn = [u for u in combat["defenders"] if state["units"][u].get("hex")]
    att_oos = any(u in combat["oos"] for u in att)
    return fire.Battlefield(
        side=combat["side"],
        target=combat["target"],
        attackers=tuple(att),
        defenders=tuple(dfn),
        attack_hexes=tuple(combat["from"]),
        attacker_oos=att_oos,
        attackers_all_full=not att_oos,
        defender_oos=any(u in combat["oos"] for u in dfn),
        cancel=combat_cards.cancel_modes(combat),
        card_shifts={s: combat_cards.fire_shifts(rules, state, combat, s) for s in (combat["side"], combat["defender"])},
    )


def preview(game: Any, state: State, role: str, target: str, attackers: Sequence[str] | None) -> Text:
    """The fire columns of a possible attack, without rolling (the ``odds`` query)."""
    rules: Rules = game.rules
    order = Order(target, list(attackers) if attackers else None)
    return preview_order(rules, state, role, order)


def preview_order(rules: Rules, state: State, role: str, order: Order) -> Text:
    # The preview is of the attack the same order would make now; only when that order is refused
    # (odds asked before the Combat markers are placed, to plan them) does it assume markers in
    # every neighbouring hex of the player's (7.3.5), on a copy of the round.
    rnd = state.get("round") or {}
    marked = list(rnd.get("combat_markers", []))
    assumed = [h for h in sorted(rules.board.neighbours(order.target)) if h not in marked
               and any(rules.units[u].side == role for u in units_in(state, h))]
    try:
        found, zhukov = check_attack(rules, state, role, order)
        assumed = []
    except IllegalOrder:
        if not assumed:
            raise
        state = {**state, "round": {**rnd, "combat_markers": marked + assumed}}
        found, zhukov = check_attack(rules, state, role, order)
    combat = new_combat(rules, state, role, order.target, found, zhukov)
    for cid, args in order.cards:
        combat_cards.check(rules, state, combat, role, cid, args, faceup=False)
        combat["cards"][role].append(cid)
    att, dfn = fire.evaluate(rules, state, battlefield(rules, state, combat))
    used = sorted({state["units"][u]["hex"] for u in found} & set(assumed))
    return t(
        "Odds for {hex}{zhukov}: {breakdown} (the defender's Combat Cards are not known yet){assumed}.",
        hex=order.target,
        zhukov=t(" with Zhukov") if zhukov else "",
        breakdown=fire.breakdown(rules, att, dfn),
        assumed=t("; assuming Combat markers in {hexes}", hexes=", ".join(used)) if used else "",
    )


def preview_action(game: Any, state: State, role: str, action: Action) -> Text:
    return preview_order(game.rules, state, role, parse_order(game.rules, action.args))


# Blitz and advance -------------------------------------------------------------------------------
def blitz_problem(
    rules: Rules, state: State, combat: dict[str, Any], movers: Sequence[str], origins: dict[str, str]
) -> Problem | None:
    """11.2.1(9), 11.5.2: may a Blitz marker be placed in the combat hex with these advancing units?"""
    side = combat["side"]
    target = combat["target"]
    rnd = state.get("round", {})
    turn = int(state["turn"])
    if rnd.get("kind") == "zero_move" or rnd.get("no_blitz"):
        return t("No Blitz marker in a 0-OPS round."), "11.5.2"
    if len(rnd.get("blitz", [])) >= int(rules.tables["combat"]["blitz_markers_per_ar"]):
        return t("At most 4 Blitz markers per round."), "11.2.1(9)"
    capable = [u for u in movers if exploit.can_exploit(rules, state, u)]
    if not capable:
        return t("A Blitz marker needs an advancing unit able to exploit (Soviet Tank or Guards SCU, Panzer corps)."), "11.5.2"
    if side == SOVIET and state.get("effects", {}).get("lend_lease_received") != turn:
        return t("No Soviet Blitz marker in a turn without Lend-Lease banked OPS received."), "11.2.1(9)"
    if side == AXIS:
        if turn == int(rules.tables["weather"]["winter_1942_turn"]):
            return t("No Axis Blitz marker in Winter 1942, even with Winter Uniforms."), "15.1.2"
        if terrain.in_caucasus_zone(rules, target):
            return t("No Axis Blitz marker in the Caucasus Zone."), "12.1.3"
        paulus_turns = [int(x) for x in rules.tables["combat"]["axis_paulus_blitz_turns"]]
        if turn in paulus_turns and terrain.east_of_paulus(rules, target):
            already = [h for h in rnd.get("blitz", []) if terrain.east_of_paulus(rules, h)]
            if len(already) >= int(rules.tables["combat"]["axis_paulus_blitz_per_ar"]):
                return t("Only one Axis Blitz marker east of the Paulus Line per round in turns 1-3."), "11.5.2"
    ban = exploit.side_ban(rules, state, side)
    if ban:
        return ban
    # Terrain-cancelling Combat Cards lift the terrain's "NB" too: Gold (SU45) every terrain and
    # Festung effect, Dora (AX13) the hex's own terrain (clear, rivers kept, ruling C9), Paradrop
    # (SU43) the rivers.
    cancel = combat_cards.cancel_modes(combat)
    if "all" in cancel:
        return None
    town = fire.settlement(rules, state, target)
    kinds = [k for k in fire.NATURAL if k in terrain.hex_terrains(rules, state, target)] + ([town] if town else [])
    for key in kinds if "hex" not in cancel else ():
        if fire.item_row(rules, key).get("no_blitz"):
            return t("No Blitz marker in {terrain}.", terrain=fire.TERRAIN_TEXTS.get(key, key)), "11.2.1(9)"
    rivers = set() if "rivers" in cancel else {"river", "major_river"}
    barred = ({"major_river"} & rivers) | {"kerch_strait"}  # for the advancing Blitz unit itself
    cross = fire.crossings(rules, target, combat["from"])
    # Ruling 8.1#6: when some attackers cross a river and others do not ("alcune delle quali"), the
    # Blitz unit must advance across a hexside without a river. When all cross a minor river, as
    # the example of play's three Panzers from 1623 into 1722, a Blitz marker is allowed.
    mixed = any(c & rivers for c in cross.values()) and any(not (c & rivers) for c in cross.values())
    for uid in capable:
        sides = set(terrain.crossing(rules, origins[uid], target))
        if sides & barred:
            continue
        if mixed and sides & rivers:
            continue
        return None
    if mixed:
        return t("Some attackers crossed a river: the Blitz unit must advance across a hexside without a river."), "11.2.1(9)"
    return t("No Blitz marker across a major river or the Kerch Strait."), "11.2.1(9)"


def advance_problem(
    rules: Rules, state: State, combat: dict[str, Any], uid: str, target: str, movers: Sequence[str] = ()
) -> Problem | None:
    """11.5.1 for ``uid`` advancing into ``target`` together with ``movers``."""
    side = combat["side"]
    u = state["units"].get(uid, {})
    if uid not in combat["attackers"] or not u.get("hex"):
        return t("Only surviving units that took part in this combat may advance."), "11.1.8"
    if u["hex"] == target:
        return t("{unit} has already advanced.", unit=uid), "11.5.1"
    if u["hex"] in state["markers"].get("festung", []):
        return t("Units in a Festung never leave it."), "16.3.4"
    if foes_in(rules, state, target, side) and not all(stays(rules, u2) for u2 in foes_in(rules, state, target, side)):
        return t("{hex} has not been vacated.", hex=target), "11.5.1"
    ban = retreat.entry_ban(rules, state, uid, target)
    if ban:
        return ban
    if traces(rules, state, target, side, moving=(uid, *movers)) == "none":
        return t("The attackers could not trace supply from {hex} once there (their old hexes no longer cut the enemy's ZOC).", hex=target), "11.5.1"
    return None


def stays(rules: Rules, uid: str) -> bool:
    return "never_retreats" in rules.units[uid].flags


def traces(rules: Rules, state: State, target: str, side: str, moving: Sequence[str] = ()) -> str:
    """Supply of ``target`` for ``side`` with Stalin (who stays and dies) left out and the
    ``moving`` units already there (11.5.1: the hexes they leave no longer count)."""
    out = [u for u in units_in(state, target) if stays(rules, u)]
    origins = {u: state["units"][u]["hex"] for u in dict.fromkeys(moving) if state["units"][u].get("hex")}
    for uid in out:
        state["units"][uid]["hex"] = None
    for uid in origins:
        state["units"][uid]["hex"] = target
    try:
        return supply.hex_traces(rules, state, target, side)
    finally:
        for uid in out:
            state["units"][uid]["hex"] = target
        for uid, label in origins.items():
            state["units"][uid]["hex"] = label


def partisans_leaving(rules: Rules, state: State, movers: Sequence[str], label: str) -> list[str]:
    """16.1.5: the inactive Partisans in ``label`` leave it when a supplied Soviet unit moves in."""
    if not any(rules.units[u].side == SOVIET and not attacker_oos(state, u) for u in movers):
        return []
    return [u for u in units_in(state, label) if inactive_partisan(rules, state, u)]


def over_after(rules: Rules, state: State, movers: Sequence[str], target: str) -> Text | None:
    gone = partisans_leaving(rules, state, movers, target)
    before = {u: state["units"][u]["hex"] for u in [*movers, *gone]}
    for uid in gone:
        state["units"][uid]["hex"] = None
    for uid in movers:
        state["units"][uid]["hex"] = target
    try:
        return stacking.check_hex(rules, state, target)
    finally:
        for uid, label in before.items():
            state["units"][uid]["hex"] = label


# Procedures ----------------------------------------------------------------------------------------
class CombatStep(flow.Procedure):
    """The combat step of the round (11.0): attacks one at a time, then exploitation."""

    name = "combat_step"
    auto = True

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("combat step of the {side} Action Round", side=str(frame.get("side", "")).capitalize()), "11.2.1")

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        rules: Rules = game.rules
        stage = frame.get("stage", "attacks")
        if stage == "attacks":
            if "side" not in frame:
                frame["side"] = state.get("round", {}).get("side") or state["phase"]["side"]
                if not state.get("round", {}).get("combat_markers") and not zhukov_available(state, frame["side"]):
                    # No Combat marker and no Zhukov: no attack is possible (11.1.1), nothing to ask.
                    frame["stage"] = "exploit"
                    flow.close(
                        state,
                        flow.Step(t("combat step of the {side} Action Round", side=str(frame["side"]).capitalize()), "11.1.1"),
                        t("no hex holds a Combat marker, so the engine skipped it"),
                        roles=[frame["side"]],
                        verbs=["attack"],
                    )
                    return
                ctx.log(t("Combat step (11.0): attack from hexes with Combat markers, then 'done'."))
            frame["waiting"] = True
            return
        if stage == "exploit":
            frame["stage"] = "end"
            flow.call(state, "exploit_step", side=frame["side"])
            return
        settle_backhand(rules, state, frame["side"], ctx)
        flow.end(state)

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]}) if frame.get("waiting") else frozenset()

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        marks = state.get("round", {}).get("combat_markers", [])
        return t(
            "Combat: 'attack HEX [with UNIT|HEX ...] [cc [use] CARD ...] [nocc]{zhukov}' (preview with 'odds HEX ...'); 'done' ends combat and goes to exploitation. Combat markers: {hexes}.",
            hexes=", ".join(marks) or "-",
            zhukov=" [zhukov]" if zhukov_available(state, frame["side"]) else "",
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        acts = [Action("done")]
        marks = state.get("round", {}).get("combat_markers", [])
        targets = sorted({n for m in marks for n in rules.board.neighbours(m) if foes_in(rules, state, n, role)})
        for target in targets[:20]:
            try:
                check_attack(rules, state, role, Order(target))
            except IllegalOrder:
                # Every unit together may break a limit (one LCU, Partisans alone...): offer the
                # attack from each marked hex alone instead.
                for origin in sorted(set(rules.board.neighbours(target)) & set(marks)):
                    try:
                        check_attack(rules, state, role, Order(target, hexes=[origin]))
                    except IllegalOrder:
                        continue
                    acts.append(Action("attack", (target, "from", origin, "nocc")))
                    acts.append(Action("attack", (target, "from", origin)))
                continue
            acts.append(Action("attack", (target, "nocc")))
            acts.append(Action("attack", (target,)))
        return Prompt(role, self.text(game, state, frame, role), tuple(acts), ("attack", "done", "odds"))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        if action.verb in ("done", "pass"):
            frame["waiting"] = False
            frame["stage"] = "exploit"
            return
        if action.verb != "attack":
            raise flow.out_of_step(
                action.verb,
                self.step(game, state, frame),
                t("attack HEX [with UNIT|HEX ...] [cc [use] CARD ...] [nocc] | odds HEX ... | done"),
            )
        order = parse_order(rules, action.args)
        start_combat(rules, state, role, order, ctx)


def start_combat(rules: Rules, state: State, side: str, order: Order, ctx: Context) -> None:
    attackers, zhukov = check_attack(rules, state, side, order)
    combat = new_combat(rules, state, side, order.target, attackers, zhukov)
    seen: list[str] = []
    for cid, args in order.cards:
        if cid in seen:
            raise IllegalOrder(t("{card} is named twice.", card=cid), rule="7.5.5e")
        combat_cards.check(rules, state, combat, side, cid, args, faceup=cid in order.faceup)
        seen.append(cid)
    for cid, args in order.cards:
        combat_cards.play(rules, state, combat, side, cid, args, ctx, faceup=cid in order.faceup)
    note_backhand_attack(rules, state, combat)
    rnd = state.setdefault("round", {})
    rnd.setdefault("attacked", []).append(order.target)
    for uid in combat["attackers"]:
        state["units"][uid]["fought"] = True
    if zhukov:
        state["effects"]["zhukov_used"] = [int(state["turn"]), int(state["ar"])]
    names = ", ".join(rules.units[u].name for u in combat["attackers"])
    ctx.log(
        t(
            "{side} attacks {hex} from {origins} with {units}{zhukov} (11.2.1(1)).",
            side=side.capitalize(),
            hex=order.target,
            origins=", ".join(combat["from"]),
            units=names,
            zhukov=t(", combining with Zhukov at the cost of one extra Soviet loss (SU9)") if zhukov else "",
        )
    )
    if combat["retreated_in"]:
        ctx.log(
            t(
                "{units} retreated into {hex} this round: they add no strength and are eliminated by any loss (11.4.5).",
                units=", ".join(rules.units[u].name for u in combat["retreated_in"]),
                hex=order.target,
            )
        )
    state["last"] = {"kind": "combat", "hex": order.target, "from": list(combat["from"]), "result": ""}
    flow.forget_closed(state, scope="combat")  # what the engine decided in an earlier combat is old news
    flow.call(state, "battle", combat=combat, stage="att_cc", att_window=not (order.nocc or order.has_cc))


class Battle(flow.Procedure):
    """The automatic driver of one combat (11.2.1 steps 3-9)."""

    name = "battle"
    auto = True

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        rules: Rules = game.rules
        combat: dict[str, Any] = frame["combat"]
        stage = frame["stage"]
        side, defender = combat["side"], combat["defender"]
        step = getattr(self, "stage_" + stage)
        step(rules, state, frame, combat, side, defender, ctx)

    def stage_att_cc(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        frame["stage"] = "def_cc"
        if not frame.get("att_window"):
            return
        if combat_cards.all_oos(rules, state, combat, side):
            ctx.log(t("All attacking units are out of supply: no Combat Cards for the attacker (13.3.4)."))
            close_cc_window(state, side, flow.Step(t("Combat Card window of the attacker"), "13.3.4"), t("all the attacking units are out of supply, so the engine skipped it"))
            return
        flow.call(state, "battle_cc", side=side)

    def stage_def_cc(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        frame["stage"] = "cancel"
        if not combat_cards.all_oos(rules, state, combat, side):
            close_cc_window(state, side, flow.Step(t("Combat Card window of the attacker"), "11.2.1(3)"), t("the attacker chooses his Combat Cards first, then the defender chooses his"))
        if combat_cards.all_oos(rules, state, combat, defender):
            ctx.log(t("All defending units are out of supply: no Combat Cards for the defender (13.3.4)."))
            close_cc_window(state, defender, flow.Step(t("Combat Card window of the defender"), "13.3.4"), t("all the defending units are out of supply, so the engine skipped it"))
            return
        flow.call(state, "battle_cc", side=defender)

    def stage_cancel(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        if not combat.get("cancel"):
            frame["stage"] = "fire"
            return
        frame["stage"] = "cancel_advance"
        here = [u for u in foes_in(rules, state, combat["target"], side) if not stays(rules, u)]
        if combat["cancel"] == "backhand":
            ctx.log(t("Backhand Blow: the German defenders retreat 2 hexes instead of fighting (AX33)."))
        else:
            ctx.log(t("Sleighride: the Axis defenders cancel the Soviet attack and retreat 2 hexes (AX50)."))
        state["last"]["result"] = "cancelled"
        if here:
            flow.call(state, "battle_retreat", side=defender, origin=combat["target"], length=2, units=here, noretreat=None)

    def stage_cancel_advance(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        frame["stage"] = "finish"
        combat_cards.dispose(rules, state, combat, None, ctx)
        if combat["cancel"] != "backhand" or foes_in(rules, state, combat["target"], side):
            return
        movers = [u for u in combat["attackers"] if state["units"][u].get("hex") and combat_cards.tgg(rules, u)]
        if not movers:
            return
        seconds = sorted(
            {p[1] for p in state.get("last", {}).get("retreats", []) if p and p[0] == combat["target"] and len(p) == 3}
        )
        flow.call(state, "battle_advance", side=side, units=movers, mode="backhand", seconds=seconds, stage="advance")

    def stage_fire(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        frame["stage"] = "def_losses"
        att, dfn = fire.evaluate(rules, state, battlefield(rules, state, combat))
        ctx.log(t("Fire at {hex} (11.2.1(4)): {breakdown}", hex=combat["target"], breakdown=fire.breakdown(rules, att, dfn)))
        results = []
        for shot in (att, dfn):
            if shot.column is None:
                results.append("-")
                continue
            roll = ctx.roll(6, t("{side} fire, column {column} of the {table} table", side=shot.side.capitalize(), column=shot.column_label(rules), table=shot.table.upper()))
            res = fire.result(rules, shot.table, shot.column, roll)
            results.append(res)
            ctx.log(
                t(
                    "{side} rolls {roll} on column {column}: {result} (11.2.1(5)).",
                    side=shot.side.capitalize(),
                    roll=roll,
                    column=shot.column_label(rules),
                    result=res,
                )
            )
        combat["att_result"], combat["def_result"] = results
        an, ast = fire.parse_result(results[0])
        dn, dst = fire.parse_result(results[1])
        label = f"{fire.result_label(an, ast)}/{fire.result_label(dn, dst)}"
        combat["label"] = label
        state.setdefault("last", {})["result"] = label
        ctx.log(t("Combat result at {hex}: {result} (attacker's Loss Number / defender's, 11.3.1).", hex=combat["target"], result=label))

    def stage_def_losses(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        frame["stage"] = "att_losses"
        n, star = fire.parse_result(combat["att_result"])
        pool = [u for u in combat["defenders"] if state["units"][u].get("hex")]
        combat["def_wiped"] = losses.wiped_by(rules, state, pool, n, star) and (n > 0 or not combat["retreated_in"])
        if n > 0:
            for uid in combat["retreated_in"]:
                if state["units"][uid].get("hex") == combat["target"]:
                    ctx.log(t("{unit} had retreated into the hex and is eliminated (11.4.5).", unit=rules.units[uid].name))
                    units.eliminate(rules, state, uid, ctx, oos=uid in combat["oos"])
        n = self.reduce(rules, combat, defender, n, ctx)
        losses.open_losses(
            state, side=defender, pool=pool, n=n, star=star, attacking=False, why="defender",
            keep_last_scu=combat_cards.keep_last_scu(combat, defender),
        )

    def stage_att_losses(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        frame["stage"] = str(frame.pop("jump_to", "winner"))  # a referee's jump past the losses (jump.py)
        n, star = fire.parse_result(combat["def_result"])
        pool = [u for u in combat["attackers"] if state["units"][u].get("hex")]
        combat["att_wiped"] = losses.wiped_by(rules, state, pool, n, star)
        n = self.reduce(rules, combat, side, n, ctx)
        losses.open_losses(
            state, side=side, pool=pool, n=n, star=star, attacking=True, why="attacker",
            keep_last_scu=combat_cards.keep_last_scu(combat, side),
        )

    def reduce(self, rules: Rules, combat: dict[str, Any], side: str, n: int, ctx: Context) -> int:
        for why, less in combat_cards.loss_reductions(rules, combat, side):
            if n > 0:
                n = max(0, n - less)
                ctx.log(t("{why}: one loss fewer for the {side} (11.3.5).", why=why, side=side.capitalize()))
        return n

    def stage_winner(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        frame["stage"] = "extra"
        winner, why = decide_winner(rules, state, combat)
        combat["winner"] = winner
        if winner is None:
            ctx.log(t("Nobody wins the combat: {why} (11.2.1(7)).", why=why))
        else:
            ctx.log(t("{side} wins the combat: {why} (11.2.1(7)).", side=winner.capitalize(), why=why))
        combat_cards.dispose(rules, state, combat, winner, ctx)

    def stage_extra(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        frame["stage"] = "retreat"
        extras = combat_cards.extra_losses(rules, combat, SOVIET)
        if not extras:
            return
        suffered = combat["def_result"] if side == SOVIET else combat["att_result"]
        _, star = fire.parse_result(suffered)
        pool = combat["attackers"] if side == SOVIET else combat["defenders"]
        pool = [u for u in pool if state["units"][u].get("hex")]
        plain = sum(n for _, n, same in extras if not (same and star))
        kind = sum(n for _, n, same in extras if same and star)
        ctx.log(t("Losses added after the winner is known (11.3.5): {what}.", what=fire.join([w for w, _, _ in extras])))
        attacking = side == SOVIET
        losses.open_losses(state, side=SOVIET, pool=pool, n=plain, star=False, attacking=attacking, why="extra")
        losses.open_losses(state, side=SOVIET, pool=pool, n=kind, star=True, attacking=attacking, why="extra")

    def stage_retreat(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        frame["stage"] = "advance"
        if combat.get("winner") != side:
            return
        target = combat["target"]
        here = [u for u in foes_in(rules, state, target, side) if not stays(rules, u)]
        if not here:
            if any(stays(rules, u) for u in foes_in(rules, state, target, side)):
                step = flow.Step(t("retreat of the defender"), "16.4.3")
                why = t("Stalin never retreats: he stays in his hex")
                flow.close(state, step, why, roles=[defender], verbs=["retreat", "noretreat"], scope="combat")
            return
        if defender == AXIS and target in state["markers"].get("festung", []) and "all" not in combat_cards.cancel_modes(combat):
            ctx.log(t("The defenders are in a Festung: they ignore the retreat (11.4.1, 16.3.5)."))
            step = flow.Step(t("retreat of the defender"), "16.3.5")
            why = t("units in a Festung ignore every retreat and stay in the hex")
            flow.close(state, step, why, roles=[defender], verbs=["retreat", "noretreat"], scope="combat")
            return
        if combat_cards.german_stand(combat):
            staying = [u for u in here if rules.units[u].german]
            if staying:
                ctx.log(t("Kampfgruppe: the German defenders do not retreat (AX11)."))
            here = [u for u in here if not rules.units[u].german]
            if not here:
                return
        an, _ = fire.parse_result(combat["att_result"])
        dn, _ = fire.parse_result(combat["def_result"])
        length = 1 if an - dn <= 1 else 2
        terrain_name = retreat.no_retreat_terrain(rules, state, combat)
        ctx.log(
            ngettext(
                "The defender must retreat {n} hex: Loss Numbers {a} against {d} (11.4.2).",
                "The defender must retreat {n} hexes: Loss Numbers {a} against {d} (11.4.2).",
                length,
                a=an,
                d=dn,
            )
        )
        flow.call(state, "battle_retreat", side=defender, origin=target, length=length, units=here, noretreat=terrain_name)

    def stage_advance(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        frame["stage"] = "finish"
        target = combat["target"]
        movers = [u for u in combat["attackers"] if state["units"][u].get("hex")]
        if frame.get("noretreat_used"):
            if movers:
                close_advance(state, side, flow.Step(t("advance after combat of the attacker"), "11.4.3"), t("the defender cancelled the retreat with an extra loss"))
            return
        foes = foes_in(rules, state, target, side)
        left = [u for u in foes if not stays(rules, u)]
        if not movers:
            return
        if left or (foes and combat.get("winner") != side):
            # Stalin stays only when the defenders are beaten (16.4.3): not vacated (11.5.1)
            close_advance(state, side, flow.Step(t("advance after combat of the attacker"), "11.5.1"), t("the defending hex was not vacated"))
            return
        flow.call(state, "battle_advance", side=side, units=movers, mode="normal", seconds=[], stage="advance")

    def stage_finish(self, rules: Rules, state: State, frame: flow.Frame, combat: dict[str, Any], side: str, defender: str, ctx: Context) -> None:
        flow.end(state)


def decide_winner(rules: Rules, state: State, combat: dict[str, Any]) -> tuple[str | None, Text]:
    """11.2.1(7): the Loss Numbers and total elimination decide, not the cards that change losses."""
    side, defender = combat["side"], combat["defender"]
    an, _ = fire.parse_result(combat["att_result"])
    dn, _ = fire.parse_result(combat["def_result"])
    a_wiped, d_wiped = bool(combat.get("att_wiped")), bool(combat.get("def_wiped"))
    if d_wiped and a_wiped:
        return None, t("both sides are wiped out")
    if d_wiped:
        return side, t("the defenders are wiped out")
    if a_wiped:
        return defender, t("the attackers are wiped out")
    if an > dn:
        return side, t("higher Loss Number {a} against {d}", a=an, d=dn)
    if dn > an:
        return defender, t("higher Loss Number {d} against {a}", a=an, d=dn)
    if tie_break(rules, state, combat):
        return side, t("equal Loss Numbers, but only the attacker has a surviving fully supplied mechanised, Guards, Tank or Panzer SCU and the hex is not swamp, entrenchment, Festung or fortress")
    return None, t("equal Loss Numbers {a}", a=an)


def armour(rules: Rules, uid: str) -> bool:
    spec = rules.units[uid]
    return not spec.lcu and (spec.mechanized or spec.panzer or "guards" in spec.flags or spec.type in SOVIET_TANK_TYPES)


def tie_break(rules: Rules, state: State, combat: dict[str, Any]) -> bool:
    """The exception of 11.2.1(7)."""
    att = [u for u in combat["attackers"] if state["units"][u].get("hex") and armour(rules, u) and u not in combat["oos"]]
    dfn = [
        u
        for u in combat["defenders"]
        if state["units"][u].get("hex") and armour(rules, u) and combat["status"].get(u) == "full"
    ]
    if not att or dfn:
        return False
    cancel = combat_cards.cancel_modes(combat)
    if "all" in cancel or "hex" in cancel:
        return True
    items = fire.hex_items(rules, state, combat["target"], combat["defender"])
    if combat["defender"] == AXIS and fire.winter_1942(rules, state):
        items = [k for k in items if k == "entrenchment"]
    return not set(items) & {"swamp", "entrenchment", "festung", "fortress_city"}


def close_advance(state: State, side: str, step: flow.Step, why: Text) -> None:
    """Remember why the attacker had no advance after this combat (``why``, the rule of ``step``)."""
    flow.close(state, step, why, roles=[side], verbs=["advance", "blitz"], scope="combat")


def close_cc_window(state: State, side: str, window: flow.Step, why: Text) -> None:
    """Remember that the Combat Card ``window`` of ``side`` in this combat is over (``why``)."""
    flow.close(state, window, why, roles=[side], verbs=["cc"], scope="combat")


class CCWindow(flow.Procedure):
    """A side chooses its Combat Cards for the combat (7.5.5a, 11.2.1(3)); opened for the defender
    in every combat whatever his hand holds."""

    name = "battle_cc"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        if frame["side"] == losses.combat_of(state).get("defender"):
            return flow.Step(t("Combat Card window of the defender"), "11.2.1(3)")
        return flow.Step(t("Combat Card window of the attacker"), "11.2.1(3)")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        combat = losses.combat_of(state)
        option = combat_cards.cancel_option(game.rules, state, combat) if role == combat["defender"] else None
        extra = t(" Or 'choose {option}' to cancel the attack and retreat 2 hexes.", option=option) if option else t("")
        return t(
            "{role} in the combat at {hex} ({label}): play Combat Cards with 'cc CARD [ARGS]' or 'cc use CARD' (face up), then 'pass'.{extra}",
            role=t("Attacker") if role == combat["side"] else t("Defender"),
            hex=combat["target"],
            label=combat.get("label") or t("not yet resolved"),
            extra=extra,
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        combat = losses.combat_of(state)
        acts = [Action("pass")] + combat_cards.legal_plays(rules, state, combat, role)
        if role == combat["defender"]:
            option = combat_cards.cancel_option(rules, state, combat)
            if option:
                acts.append(Action("choose", (option,)))
        return Prompt(role, self.text(game, state, frame, role), tuple(acts), ("cc", "pass"))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        combat = losses.combat_of(state)
        args = list(action.args)
        if action.verb in ("pass", "done") or (action.verb == "cc" and args[:1] in (["none"], ["pass"])):
            flow.end(state)
            return
        if action.verb == "choose" and args and args[0] in ("sleighride", "backhand"):
            option = combat_cards.cancel_option(rules, state, combat) if role == combat["defender"] else None
            if option != args[0]:
                raise IllegalOrder(t("That card's effect is not in force for this combat."), rule="AX33" if args[0] == "backhand" else "AX50")
            combat["cancel"] = option
            if option == "backhand":
                ctx.log(t("Backhand Blow, in force this round: the German defenders retreat instead of fighting (AX33)."))
            else:
                ctx.log(t("Sleighride, in force this round: the Axis defenders cancel the attack (AX50)."))
            flow.end(state)
            return
        if action.verb != "cc" or not args:
            raise flow.refuse(action, ("cc",), self.step(game, state, frame), t("Play Combat Cards with 'cc CARD' or 'cc use CARD', or 'pass'."))
        faceup = args[0] == "use"
        if faceup:
            args = args[1:]
            if not args:
                raise InvalidOrder(t("'cc use CARD': name the face-up card."))
        cid, rest = args[0], args[1:]
        combat_cards.check(rules, state, combat, role, cid, rest, faceup=faceup)
        combat_cards.play(rules, state, combat, role, cid, rest, ctx, faceup=faceup)
        if combat.get("cancel"):
            flow.end(state)


class AdvanceWindow(flow.Procedure):
    """The attacker may advance into the vacated hex and place a Blitz marker (11.5)."""

    name = "battle_advance"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("advance after combat of the attacker"), "11.5")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def candidates(self, rules: Rules, state: State, frame: flow.Frame) -> list[str]:
        combat = losses.combat_of(state)
        return [u for u in frame["units"] if advance_problem(rules, state, combat, u, combat["target"]) is None]

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        combat = losses.combat_of(state)
        if frame["stage"] == "blitz":
            return t("Place a Blitz marker in {hex}? 'blitz' or 'blitz no' (11.5.2).", hex=combat["target"])
        if frame["mode"] == "backhand":
            return t(
                "Backhand Blow: your Tank/Guards units may advance into {hex} and one hex further along the retreat ({seconds}): 'advance UNIT ... [HEX]' or 'advance none' (AX33).",
                hex=combat["target"],
                seconds=", ".join(frame["seconds"]) or "-",
            )
        return t(
            "Advance into {hex}: 'advance UNIT [UNIT ...] [blitz]', 'advance all [blitz]' or 'advance none' (11.5).",
            hex=combat["target"],
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        combat = losses.combat_of(state)
        if frame["stage"] == "blitz":
            return Prompt(role, self.text(game, state, frame, role), (Action("blitz"), Action("blitz", ("no",))), ("blitz",))
        acts = [Action("advance", ("none",))]
        cands = self.candidates(rules, state, frame)
        for uid in cands:
            if over_after(rules, state, [uid], combat["target"]) is None:
                acts.append(Action("advance", (uid,)))
        together = bool(cands) and traces(rules, state, combat["target"], combat["side"], moving=cands) != "none"
        if together and over_after(rules, state, cands, combat["target"]) is None:
            acts.append(Action("advance", ("all",)))
        if together and frame["mode"] == "normal":
            origins = {u: state["units"][u]["hex"] for u in cands}
            if blitz_problem(rules, state, combat, cands, origins) is None:
                acts.append(Action("advance", ("all", "blitz")))
        return Prompt(role, self.text(game, state, frame, role), tuple(acts), ("advance", "blitz"))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        combat = losses.combat_of(state)
        target = combat["target"]
        args = list(action.args)
        if frame["stage"] == "blitz":
            if action.verb == "blitz" and not args:
                place_blitz(state, target, ctx)
                flow.end(state)
                return
            if action.verb in ("pass", "done") or (action.verb == "blitz" and args[:1] in (["no"], ["none"])):
                flow.end(state)
                return
            raise InvalidOrder(t("Answer 'blitz' or 'blitz no'."))
        if action.verb in ("pass", "done") or (action.verb == "advance" and args[:1] in (["none"], ["no"])):
            flow.end(state)
            return
        if action.verb != "advance" or not args:
            raise flow.refuse(action, ("advance",), self.step(game, state, frame), t("Advance with 'advance UNIT ...' or decline with 'advance none'."))
        blitz = "blitz" in args
        args = [a for a in args if a != "blitz"]
        second: str | None = None
        if frame["mode"] == "backhand" and args and args[-1] not in rules.units and args[-1] != "all":
            second = args.pop()
            if second not in frame["seconds"]:
                raise IllegalOrder(t("The second hex must be on the German retreat path."), rule="AX33")
            if foes_in(rules, state, second, role):
                raise IllegalOrder(t("{hex} holds enemy units.", hex=second), rule="AX33")
        movers = self.candidates(rules, state, frame) if args == ["all"] else args
        if not movers:
            raise IllegalOrder(t("No unit can advance."), rule="11.5.1")
        for uid in movers:
            problem = advance_problem(rules, state, combat, uid, target, movers)
            if uid not in frame["units"]:
                problem = (t("{unit} may not advance here.", unit=uid), "11.1.8")
            if problem:
                raise IllegalOrder(problem[0], rule=problem[1])
        origins = {u: state["units"][u]["hex"] for u in movers}
        if blitz:
            if frame["mode"] != "normal":
                raise IllegalOrder(t("Backhand Blow: no exploitation, so no Blitz marker."), rule="AX33")
            problem = blitz_problem(rules, state, combat, movers, origins)
            if problem:
                raise IllegalOrder(problem[0], rule=problem[1])
        final = second or target
        over = over_after(rules, state, movers, final)
        if over is not None and not blitz:
            raise IllegalOrder(t("The advance would over-stack {hex}: {why}", hex=final, why=over), rule="11.5.1", hint=t("Advance fewer units, or add 'blitz' if a Blitz marker may be placed (11.5.2)."))
        # Judged before the advance: entering the hex removes a Festung (16.3.3) or destroys a
        # fortress, which must still bar the Blitz marker (11.2.1(9)).
        barred = blitz_problem(rules, state, combat, movers, origins) if frame["mode"] == "normal" else None
        advance(rules, state, combat, movers, second, ctx)
        if blitz:
            place_blitz(state, target, ctx)
            flow.end(state)
            return
        if frame["mode"] == "normal" and barred is None:
            frame["stage"] = "blitz"
            frame["movers"] = movers
            return
        if barred is not None:
            # A later 'blitz' for this hex is answered with the reason no marker may go there.
            step = flow.Step(t("chance of a Blitz marker in {hex}", hex=target), barred[1])
            flow.close(state, step, barred[0], roles=[role], verbs=["blitz"], scope="combat")
        flow.end(state)


def advance(rules: Rules, state: State, combat: dict[str, Any], movers: Sequence[str], second: str | None, ctx: Context) -> None:
    side = combat["side"]
    target = combat["target"]
    for uid in units_in(state, target):
        spec = rules.units[uid]
        if spec.side != side and (stays(rules, uid) or (spec.partisan and state["units"][uid].get("active"))):
            if stays(rules, uid):
                ctx.log(t("{unit} stays in {hex} and is eliminated as the Axis advances in (16.4.3).", unit=spec.name, hex=target))
            else:
                ctx.log(t("{unit} is eliminated as the Axis advances into the hex (16.1.6).", unit=spec.name))
            units.eliminate(rules, state, uid, ctx)
    start = {u: state["units"][u]["hex"] for u in movers}
    for uid in partisans_leaving(rules, state, movers, second or target):
        ctx.log(t("A supplied Soviet unit enters {hex}: the inactive Partisans there leave it (16.1.5).", hex=second or target))
        units.eliminate(rules, state, uid, ctx)
    for uid in movers:
        state["units"][uid]["hex"] = target
    control.enter(rules, state, target, side, ctx)
    if second:
        for uid in movers:
            state["units"][uid]["hex"] = second
        control.enter(rules, state, second, side, ctx)
    for uid in movers:
        control.note_paulus(rules, state, uid)
    ctx.log(
        t(
            "Advance into {hex} (11.5.1): {units}.",
            units=", ".join(rules.units[u].name for u in movers),
            hex=target if not second else f"{target} {second}",
        )
    )
    moves = state.setdefault("last", {}).setdefault("advances", [])
    for uid in movers:
        moves.append([start[uid], target] + ([second] if second else []))
    if second:
        obligation = state["effects"].setdefault("backhand_obligation", {"units": []})
        obligation["units"] = sorted(set(obligation.get("units", [])) | set(movers))
        obligation["due"] = next_axis_ar(rules, state)


def next_axis_ar(rules: Rules, state: State) -> list[int]:
    turn, ar = int(state["turn"]), int(state["ar"])
    last = int(rules.tables["calendar"]["action_rounds"])
    return [turn, ar + 1] if ar < last else [turn + 1, 1]


def place_blitz(state: State, target: str, ctx: Context) -> None:
    state.setdefault("round", {}).setdefault("blitz", []).append(target)
    ctx.log(t("Blitz marker placed in {hex}: the attacker may over-stack it until exploitation ends (11.5.2).", hex=target))


def settle_backhand(rules: Rules, state: State, side: str, ctx: Context) -> None:
    """Backhand Blow (AX33): German units must attack the advancing Soviet units in the following
    Axis round or the Axis loses 1 VP. Checked when that round's combat step ends (call it also at
    the end of an Axis round without combat)."""
    obligation = state.get("effects", {}).get("backhand_obligation")
    if not obligation or side != AXIS:
        return
    due = list(obligation.get("due", []))
    now = [int(state["turn"]), int(state["ar"])]
    if now < due:
        return
    state["effects"].pop("backhand_obligation", None)
    if obligation.get("met"):
        return
    control.adjust_vp(state, -1, ctx, "Backhand Blow: the German units did not attack the advancing Soviet units, AX33")


def note_backhand_attack(rules: Rules, state: State, combat: dict[str, Any]) -> None:
    obligation = state.get("effects", {}).get("backhand_obligation")
    if not obligation or combat["side"] != AXIS:
        return
    targets = set(obligation.get("units", []))
    if list(obligation.get("due", [])) != [int(state["turn"]), int(state["ar"])]:
        return
    if targets & set(units_in(state, combat["target"])) and any(rules.units[u].german for u in combat["attackers"]):
        obligation["met"] = True


PROCEDURES: tuple[flow.Procedure, ...] = (
    CombatStep(),
    Battle(),
    CCWindow(),
    LossWindow(),
    RetreatWindow(),
    AdvanceWindow(),
    exploit.ExploitStep(),
    exploit.StackingFix(),
)
