"""Stalin's War: the Combat Cards of both decks (7.5.5, card lists) — who may play them, when, and
what they do to one combat.

A combat is the plain dict built by ``battle.py`` (keys: side, defender, target, attackers,
defenders, retreated_in, from, zhukov, cards {side: [ids in force]}, new {side: [ids played from
the hand]}, args {id: [...]}, hits, alloc, oos, cancel). The functions here check a card
(``check``), play it (``play``: the card leaves the hand at once, 7.5.5a, and its immediate
effect happens), give its fire shifts (``fire_shifts``), its loss changes (``loss_reductions``,
``extra_losses``, 11.3.5) and finally keep or discard the cards (``dispose``, 7.5.5b-c).

Card texts (rulebook card lists): Soviet 12 Penal Battalions, 14 KV-1*, 15 Operation Uranus*,
19 T-34, 24 Katukov's Tanks*, 25 Stalin Organs, 35 Sturmovik, 40 JS-II, 43 Paradrop*, 45 Gold*,
47 Konev, 48 Maskirovka, 54 Panzer Hara-Kiri*; Axis 9 Guderian*, 11 Kampfgruppe, 13 Dora*,
14 Operation Mars*, 33 Backhand Blow*, 34 Tiger, 35 Panther, 36 Führer's Fireman, 38 Weichs*,
39 Heinrici*, 42 Volkssturm, 45 Rudel, 46 Panzerfaust, 50 Sleighride*, 51 Flak Corps*.
Zhukov (SU9) and Luftwaffe Support (AX10) are events played outside combat; their effects
("zhukov", "luftwaffe_support" = turn) are honoured here and in ``battle.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.errors import IllegalOrder
from engine.game import Action, Context, State
from engine.games.stalins_war import fire, stacking, terrain, units, zoc
from engine.games.stalins_war.cardnames import card_text, card_title
from engine.games.stalins_war.fire import Shift
from engine.games.stalins_war.model import (
    AXIS,
    SOVIET,
    SOVIET_TANK_TYPES,
    Rules,
    level_of,
    levels_left,
    units_in,
)
from engine.text import Text, t

SOVIET_CCS = ("SU12", "SU14", "SU15", "SU19", "SU24", "SU25", "SU35", "SU40", "SU43", "SU45", "SU47", "SU48", "SU54")
AXIS_CCS = (
    "AX9", "AX11", "AX13", "AX14", "AX33", "AX34", "AX35", "AX36", "AX38", "AX39", "AX42", "AX45", "AX46", "AX50", "AX51",
)
ALL_CCS = frozenset(SOVIET_CCS + AXIS_CCS)

# Column shift for the owner's own fire, and whether the owner must attack ("attack"), defend
# ("defence") or either ("any").
SHIFT_CARDS: dict[str, tuple[int, str]] = {
    "SU12": (1, "defence"),
    "SU14": (1, "defence"),
    "SU19": (1, "any"),
    "SU25": (1, "attack"),
    "SU40": (1, "attack"),
    "SU47": (1, "attack"),
    "AX35": (1, "attack"),
    "AX46": (1, "defence"),
}
ROLE: dict[str, str] = {
    **{cid: role for cid, (_, role) in SHIFT_CARDS.items()},
    "SU15": "attack", "SU24": "defence", "SU35": "any", "SU43": "attack", "SU45": "attack", "SU48": "attack",
    "SU54": "defence", "AX9": "attack", "AX11": "any", "AX13": "attack", "AX14": "defence", "AX33": "defence",
    "AX34": "defence", "AX36": "defence", "AX38": "attack", "AX39": "defence", "AX42": "defence", "AX45": "defence",
    "AX50": "defence", "AX51": "defence",
}
GERMAN_NEEDED = frozenset({"AX35", "AX38", "AX46"})
# 7.5.5b exceptions: cards usable once per turn are discarded at once; Sturmovik and Uranus act
# on the whole round and are then discarded (Uranus is asterisked anyway).
DISCARD_AT_ONCE = frozenset({"SU35", "SU48", "AX42"})
CANCEL_CARDS = {"AX50": "sleighride", "AX33": "backhand"}
MASKIROVKA_MAX = 3


def current(state: State) -> tuple[int, int]:
    return int(state["turn"]), int(state["ar"])


def round_of(state: State) -> dict[str, Any]:
    rnd: dict[str, Any] = state.setdefault("round", {})
    return rnd


def role_of(combat: dict[str, Any], side: str) -> str:
    return "attack" if combat["side"] == side else "defence"


def side_units(combat: dict[str, Any], side: str) -> list[str]:
    return list(combat["attackers"] if combat["side"] == side else combat["defenders"])


def alive(state: State, uids: Sequence[str]) -> list[str]:
    return [u for u in uids if state["units"][u].get("hex")]


def hex_units(rules: Rules, state: State, combat: dict[str, Any]) -> list[str]:
    """Every unit of the defending side in the target hex (incl. units that retreated there)."""
    return [u for u in units_in(state, combat["target"]) if rules.units[u].side == combat["defender"]]


def all_oos(rules: Rules, state: State, combat: dict[str, Any], side: str) -> bool:
    """13.3.4: a side whose units in the combat are all out of supply may not use Combat Cards."""
    mine = side_units(combat, side)
    return bool(mine) and all(u in combat.get("oos", []) for u in mine)


def tgg(rules: Rules, uid: str) -> bool:
    """A Soviet T, G or GT unit (Rudel, Backhand Blow)."""
    spec = rules.units[uid]
    return spec.side == SOVIET and (spec.type in SOVIET_TANK_TYPES or "guards" in spec.flags)


def katukov_targets(rules: Rules, state: State, combat: dict[str, Any]) -> list[str]:
    return [
        u for u in alive(state, combat["attackers"]) if rules.units[u].panzer and levels_left(rules, state, u) == 2
    ]


def rudel_targets(rules: Rules, state: State, combat: dict[str, Any]) -> list[str]:
    return [u for u in alive(state, combat["attackers"]) if tgg(rules, u)]


def berlin_distance(rules: Rules, label: str) -> int | None:
    try:
        berlin = rules.hex_of("Berlin")
    except KeyError:
        return None
    return rules.board.grid.distance(berlin, label)


def festung(state: State, label: str) -> bool:
    return label in state["markers"].get("festung", [])


# Checks ------------------------------------------------------------------------------------------
def check_holding(rules: Rules, state: State, side: str, cid: str, faceup: bool) -> None:
    """The card is the player's own Combat Card, in his hand (or face up for ``cc use``). Refusals
    never list a hand (6.1)."""
    card = rules.cards.get(cid)
    if card is None or card.side != side:
        raise IllegalOrder(t("That is not one of your cards."), rule="7.5.5a")
    if faceup:
        pile = state["cards"][side]
        if cid not in pile["faceup"]:
            raise IllegalOrder(t("{card} is not among your face-up Combat Cards.", card=cid), rule="7.5.5b")
        rnd = round_of(state)
        if cid in rnd.get("won_cc", []):
            raise IllegalOrder(t("{card} was won in this Action Round: it can be used again from the next one.", card=cid), rule="7.5.5b")
        if cid in rnd.get("cc_used", []):
            raise IllegalOrder(t("{card} has already been used in this Action Round.", card=cid), rule="7.5.5e")
        return
    if cid not in state["cards"][side]["hand"]:
        raise IllegalOrder(t("You do not hold that card."), rule="7.5.5a")
    if cid == "AX10":
        raise IllegalOrder(
            t("Luftwaffe Support is played as an event in your own Action Round; once in force it helps every German attack this turn."),
            rule="7.5.5b",
        )
    if cid == "SU9":
        raise IllegalOrder(t("Zhukov is an event, not a Combat Card: play it as an event in your Action Round."), rule="SU9")
    if not card.cc:
        raise IllegalOrder(t("{card} {title} is not a Combat Card.", card=cid, title=card_title(rules, cid)), rule="7.5.5a")


def check(rules: Rules, state: State, combat: dict[str, Any], side: str, cid: str, args: Sequence[str], *, faceup: bool) -> None:
    """Raise IllegalOrder unless ``side`` may play (or use face up) ``cid`` in this combat now."""
    check_holding(rules, state, side, cid, faceup)
    if cid in combat["cards"].get(side, []):
        raise IllegalOrder(t("{card} is already in this combat.", card=cid), rule="7.5.5e")
    if all_oos(rules, state, combat, side):
        raise IllegalOrder(t("All your units in this combat are out of supply: no Combat Cards."), rule="13.3.4")
    if combat.get("cancel"):
        raise IllegalOrder(t("The attack has been cancelled; no more cards."), rule="11.2.1")
    role = ROLE.get(cid, "any")
    mine = role_of(combat, side)
    if role == "attack" and mine != "attack":
        raise IllegalOrder(t("{card} can only be played when you attack.", card=cid), rule="7.5.5a")
    if role == "defence" and mine != "defence":
        raise IllegalOrder(t("{card} can only be played when you defend.", card=cid), rule="7.5.5a")
    own = side_units(combat, side)
    turn = int(state["turn"])
    if cid in GERMAN_NEEDED and not any(rules.units[u].german for u in own):
        raise IllegalOrder(t("{card} needs German units in the combat.", card=cid), rule=cid)
    target = combat["target"]
    if cid == "SU15":
        if not any(rules.units[u].nationality in ("HU", "IT", "RO") for u in hex_units(rules, state, combat)):
            raise IllegalOrder(t("Operation Uranus helps attacks on hexes with Hungarian, Italian or Romanian units."), rule="SU15")
    elif cid == "SU24":
        cands = katukov_targets(rules, state, combat)
        if not cands:
            raise IllegalOrder(t("Katukov's Tanks needs an attacking German Panzer corps with two levels."), rule="SU24")
        pick_target(rules, cands, args, cid)
    elif cid == "SU35":
        # The shift is for Soviet attacks; in defence only the cancelling of Luftwaffe Support can
        # apply to the combat (card text; 11.2.1(3) "le cui condizioni possano essere applicate").
        if mine == "defence" and not luftwaffe_support_helps(rules, state, combat):
            raise IllegalOrder(
                t("Sturmovik helps Soviet attacks; in defence it only cancels the Luftwaffe Support helping this attack."),
                rule="SU35",
            )
    elif cid == "SU43":
        if fire.river_kind(rules, target, combat["from"]) is None:
            raise IllegalOrder(t("Paradrop cancels a river: here not every attacker crosses one."), rule="SU43")
    elif cid == "SU45":
        place = rules.place(target)
        if place is None or place.get("usir") != "1":
            raise IllegalOrder(t("Gold can only be used for an attack on the USIR (1422)."), rule="SU45")
    elif cid == "SU48":
        check_maskirovka(rules, state, combat, args)
    elif cid == "SU54":
        if combat["side"] != AXIS:
            raise IllegalOrder(t("Panzer Hara-Kiri is played against an Axis attack."), rule="SU54")
    elif cid == "AX9":
        if turn in (4, 8):
            raise IllegalOrder(t("Guderian cannot be played in Winter 1942 or Winter 1943."), rule="AX9")
        if not any(rules.units[u].panzer for u in own):
            raise IllegalOrder(t("Guderian needs Panzer corps in the attack."), rule="AX9")
    elif cid == "AX11":
        axis_scus = [u for u in own if not rules.units[u].lcu]
        german_def = mine == "defence" and any(rules.units[u].german for u in own)
        if not axis_scus and not german_def:
            raise IllegalOrder(t("Kampfgruppe needs Axis SCUs in the combat or German defenders."), rule="AX11")
    elif cid == "AX13":
        from engine.games.stalins_war import control

        if control.fortress_owner(rules, state, target) != SOVIET:
            raise IllegalOrder(t("Dora needs a defending Soviet fortress."), rule="AX13")
    elif cid == "AX14":
        if not combat.get("zhukov"):
            raise IllegalOrder(t("Operation Mars is played in an attack that uses Zhukov."), rule="AX14")
    elif cid == "AX33":
        if combat["side"] != SOVIET or not own or not all(rules.units[u].german for u in own):
            raise IllegalOrder(t("Backhand Blow: the defenders must all be German units (provisional reading)."), rule="AX33")
        if festung(state, target):
            raise IllegalOrder(t("Units in a Festung never leave their hex."), rule="16.3.4")
    elif cid == "AX34":
        if combat["side"] != SOVIET:
            raise IllegalOrder(t("Tiger is played against a Soviet attack."), rule="AX34")
    elif cid == "AX36":
        if combat["side"] != SOVIET:
            raise IllegalOrder(t("Führer's Fireman is played against a Soviet attack."), rule="AX36")
        if "SU52" in state.get("events", {}):
            raise IllegalOrder(t("Führer's Fireman cannot be played after Battle of the Bulge."), rule="AX36")
    elif cid == "AX39":
        if combat["side"] != SOVIET or not any(rules.units[u].german for u in own):
            raise IllegalOrder(t("Heinrici needs a German unit defending against a Soviet attack."), rule="AX39")
    elif cid == "AX42":
        if not terrain.in_region(rules, target, "greater_germany"):
            raise IllegalOrder(t("Volkssturm is used when defending in Greater Germany."), rule="AX42")
    elif cid == "AX45":
        cands = rudel_targets(rules, state, combat)
        if not cands:
            raise IllegalOrder(t("Rudel needs an attacking Soviet Tank, Guards or Guards Tank unit."), rule="AX45")
        pick_target(rules, cands, args, cid)
    elif cid == "AX50":
        if combat["side"] != SOVIET:
            raise IllegalOrder(t("Sleighride is played against a Soviet attack."), rule="AX50")
        if festung(state, target):
            raise IllegalOrder(t("Sleighride: not for units in a Festung."), rule="AX50")
    elif cid == "AX51":
        dist = berlin_distance(rules, target)
        if combat["side"] != SOVIET or dist is None or dist > 3:
            raise IllegalOrder(t("Flak Corps: only against a Soviet attack within 3 hexes of Berlin."), rule="AX51")


def pick_target(rules: Rules, cands: Sequence[str], args: Sequence[str], cid: str) -> str:
    if args:
        if args[0] not in cands:
            raise IllegalOrder(
                t("{unit} cannot take this loss.", unit=args[0]),
                rule=cid,
                hint=t("Possible: {units}.", units=", ".join(cands)),
            )
        return args[0]
    if len(cands) == 1:
        return cands[0]
    raise IllegalOrder(
        t("Name the unit that takes the loss: 'cc {card} UNIT'.", card=cid),
        rule=cid,
        hint=t("Possible: {units}.", units=", ".join(cands)),
    )


def maskirovka_pairs(args: Sequence[str]) -> list[tuple[str, str]]:
    if len(args) % 2:
        raise IllegalOrder(t("Maskirovka: give pairs 'UNIT HEX' (up to 3 units)."), rule="SU48")
    return [(args[i], args[i + 1]) for i in range(0, len(args), 2)]


def reachable(rules: Rules, state: State, uid: str, dest: str) -> bool:
    """Maskirovka moves "any distance with the usual movement restrictions": a path through land
    hexes and passable hexsides, never into enemy units, stopping on entering an enemy ZOC (only
    the destination may be in one)."""
    side = rules.units[uid].side
    start = state["units"][uid]["hex"]
    seen = {start}
    frontier = [start]
    occupied = {u["hex"] for v, u in state["units"].items() if u.get("hex") and rules.units[v].side != side}
    while frontier:
        nxt: list[str] = []
        for here in frontier:
            for there in rules.board.neighbours(here):
                if there in seen or there in occupied or not terrain.passable(rules, here, there):
                    continue
                if there == dest:
                    return True
                seen.add(there)
                if zoc.enemy_zoc(rules, state, there, side):
                    continue
                nxt.append(there)
        frontier = nxt
    return False


def check_maskirovka(rules: Rules, state: State, combat: dict[str, Any], args: Sequence[str]) -> None:
    if state.get("effects", {}).get("maskirovka") == int(state["turn"]):
        raise IllegalOrder(t("Maskirovka has already been used this turn."), rule="SU48")
    pairs = maskirovka_pairs(args)
    if not pairs or len(pairs) > MASKIROVKA_MAX:
        raise IllegalOrder(t("Maskirovka moves 1 to 3 Soviet SCUs: 'cc SU48 UNIT HEX [UNIT HEX ...]'."), rule="SU48")
    named = [uid for uid, _ in pairs]
    for uid in named:
        if named.count(uid) > 1:
            raise IllegalOrder(t("{unit} is named twice.", unit=uid), rule="SU48")
    for uid, dest in pairs:
        spec = rules.units.get(uid)
        u = state["units"].get(uid, {})
        if spec is None or spec.side != SOVIET or spec.lcu or not u.get("hex"):
            raise IllegalOrder(t("{unit} is not a Soviet SCU on the map.", unit=uid), rule="SU48")
        if u.get("oos") or u.get("limited"):
            raise IllegalOrder(t("{unit} is not in full supply.", unit=uid), rule="SU48")
        if u.get("fought") or u.get("strategic") or uid in combat["attackers"]:
            raise IllegalOrder(t("{unit} has already fought or moved strategically this round.", unit=uid), rule="11.1.6")
        if spec.partisan or "no_attack" in spec.flags or level_of(rules, state, uid).attack <= 0:
            raise IllegalOrder(t("{unit} cannot attack.", unit=uid), rule="SU48")
        if dest not in combat["from"]:
            raise IllegalOrder(
                t("Maskirovka brings units into a hex the attack is made from."),
                rule="SU48",
                hint=t("Attacking hexes: {hexes}.", hexes=", ".join(combat["from"])),
            )
        if u["hex"] != dest and not reachable(rules, state, uid, dest):
            raise IllegalOrder(t("{unit} has no legal path to {hex}.", unit=uid, hex=dest), rule="SU48")
    for dest in sorted({dest for _, dest in pairs}):
        # "con le solite restrizioni al movimento": stacking holds at the end of the move (9.1.4,
        # ruling M2).
        problem = stacking.problem(rules, state, dest, [uid for uid, there in pairs if there == dest])
        if problem is not None:
            raise IllegalOrder(problem, rule=stacking.rule_of(problem))


# Playing -----------------------------------------------------------------------------------------
def take_card(rules: Rules, state: State, side: str, cid: str, faceup: bool) -> None:
    """The card is revealed and leaves the hand (7.5.5a): asterisked ones leave the game at once and
    count as events removed (7.5.5b, ruling 8.1#35); once-per-turn and round cards are discarded;
    the others lie face up until the combat's winner is known."""
    pile = state["cards"][side]
    rnd = round_of(state)
    if faceup:
        rnd.setdefault("cc_used", []).append(cid)
        return
    pile["hand"].remove(cid)
    state.setdefault("events", {})[cid] = int(state["turn"])
    card = rules.cards[cid]
    if card.asterisk:
        pile["removed"].append(cid)
        pile["events_removed"] = int(pile["events_removed"]) + 1
    elif cid in DISCARD_AT_ONCE:
        pile["discard"].append(cid)
    else:
        pile["faceup"].append(cid)
        rnd.setdefault("cc_used", []).append(cid)


def play(
    rules: Rules, state: State, combat: dict[str, Any], side: str, cid: str, args: Sequence[str], ctx: Context, *, faceup: bool
) -> None:
    """Play ``cid`` (already checked) into the combat: reveal it and apply its immediate effect."""
    take_card(rules, state, side, cid, faceup)
    combat["cards"].setdefault(side, []).append(cid)
    if not faceup:
        combat["new"].setdefault(side, []).append(cid)
    combat["args"][cid] = list(args)
    if faceup:
        ctx.log(t("{side} uses the face-up Combat Card {card} {title} (7.5.5b).", side=side.capitalize(), card=cid, title=card_title(rules, cid)))
    else:
        ctx.reveal(t("{side} plays the Combat Card {card} {title}: {text}", side=side.capitalize(), card=cid, title=card_title(rules, cid), text=card_text(rules, cid)))
    rnd = round_of(state)
    turn, ar = current(state)
    if cid == "SU15":
        rnd["uranus"] = True
        state["effects"]["uranus_exploit"] = True
        ctx.log(t("Operation Uranus: 1R for every Soviet attack this round on hexes with Hungarian, Italian or Romanian units; Soviet mechanised corps may exploit for the rest of the game (SU15)."))
    elif cid == "SU35":
        rnd["sturmovik"] = True
        state["effects"]["sturmovik"] = turn
        for key in ("luftwaffe_support", "luftwaffe_supply", "luftwaffe_supply_hex"):
            if state["effects"].pop(key, None) is not None:
                ctx.log(t("Sturmovik cancels the Luftwaffe card in effect this turn (SU35)."))
    elif cid == "SU24":
        victim = pick_target(rules, katukov_targets(rules, state, combat), args, cid)
        pre_loss(rules, state, combat, victim, cid, ctx)
    elif cid == "AX45":
        victim = pick_target(rules, rudel_targets(rules, state, combat), args, cid)
        pre_loss(rules, state, combat, victim, cid, ctx)
    elif cid == "SU48":
        state["effects"]["maskirovka"] = turn
        for uid, dest in maskirovka_pairs(args):
            state["units"][uid].update(hex=dest, moved=True, fought=True)
            combat["attackers"].append(uid)
            ctx.log(t("Maskirovka: {unit} moves to {hex} and joins the attack (SU48).", unit=rules.units[uid].name, hex=dest))
    elif cid == "SU54":
        fz = "su-fortified-zone"
        if fz in state["units"]:
            state["units"][fz].update(hex=combat["target"], box=None, level=0)
            if fz not in combat["defenders"]:
                combat["defenders"].append(fz)
            ctx.log(t("Panzer Hara-Kiri: the Soviet Fortified Zone is placed in {hex}; the attack cannot be called off (SU54).", hex=combat["target"]))
    elif cid == "AX9":
        rnd.setdefault("guderian", []).extend(u for u in combat["attackers"] if rules.units[u].panzer)
    elif cid == "AX36":
        rnd["no_soviet_exploit"] = True
    elif cid == "AX50":
        state["effects"]["sleighride"] = [turn, ar]
        combat["cancel"] = "sleighride"
    elif cid == "AX33":
        state["effects"]["backhand_blow"] = turn
        state["effects"]["backhand_blow_ar"] = [turn, ar]
        rnd["backhand_blow"] = True
        combat["cancel"] = "backhand"


def pre_loss(rules: Rules, state: State, combat: dict[str, Any], uid: str, cid: str, ctx: Context) -> None:
    """Katukov's Tanks / Rudel: one loss before combat resolution (ruling 8.1#48); it counts for the
    spreading rule 11.3.2."""
    ctx.log(t("{card}: {unit} takes a loss before the combat is resolved.", card=cid, unit=rules.units[uid].name))
    combat["hits"][uid] = int(combat["hits"].get(uid, 0)) + 1
    oos = uid in combat.get("oos", [])
    units.lose_level(rules, state, uid, ctx, oos=oos)  # records a German loss for AX17 itself


#: Ruling 8.1#50, option ``sleighride_scope``: how long a Sleighride or Backhand Blow lasts.
SCOPES = ("ar", "combat", "turn")


def scope(state: State) -> str:
    """Ruling 8.1#50, option ``sleighride_scope``: "ar" (default), "combat" or "turn"."""
    return str(state.get("options", {}).get("sleighride_scope", "ar"))


def check_scope(options: Mapping[str, Any]) -> None:
    """Refuse (ruling 8.1#50) a ``sleighride_scope`` option that is none of ``SCOPES``."""
    given = options.get("sleighride_scope", SCOPES[0])
    if given not in SCOPES:
        raise IllegalOrder(
            t(
                "How long a Sleighride or Backhand Blow lasts (ruling 50) is ar, combat or turn, e.g. sleighride_scope=turn; {given} is none of them.",
                given=str(given),
            ),
            rule="8.1#50",
        )


def in_force(state: State, key: str) -> bool:
    """Whether a Sleighride / Backhand Blow played earlier still lets the Axis cancel an attack."""
    value = state.get("effects", {}).get(key)
    if value is None:
        return False
    when = list(value) if isinstance(value, list) else [int(value), -1]
    turn, ar = current(state)
    if scope(state) == "turn":
        return when[0] == turn
    if scope(state) == "ar":
        return when == [turn, ar]
    return False


def cancel_option(rules: Rules, state: State, combat: dict[str, Any]) -> str | None:
    """A Sleighride or Backhand Blow played earlier lets the Axis defender cancel this attack too
    (ruling 8.1#50: by default until the end of the AR in which it was played)."""
    if combat["side"] != SOVIET or festung(state, combat["target"]) or all_oos(rules, state, combat, AXIS):
        return None
    if in_force(state, "sleighride"):
        return "sleighride"
    defenders = side_units(combat, AXIS)
    if in_force(state, "backhand_blow_ar") and defenders and all(rules.units[u].german for u in defenders):
        return "backhand"
    return None


# Effects in the fire step ------------------------------------------------------------------------
def cancel_modes(combat: dict[str, Any]) -> frozenset[str]:
    played = combat.get("cards", {})
    cards = set(played.get(SOVIET, [])) | set(played.get(AXIS, []))
    out = set()
    if "SU43" in cards:
        out.add("rivers")
    if "SU45" in cards:
        out.add("all")
    if "AX13" in cards:
        out.add("hex")
    return frozenset(out)


def luftwaffe_support_helps(rules: Rules, state: State, combat: dict[str, Any]) -> bool:
    """Luftwaffe Support (AX10, an event by ruling 8.1#37) shifts this Axis attack: in force this
    turn, not cancelled by Sturmovik (SU35), German units attacking."""
    effects = state.get("effects", {})
    turn = int(state["turn"])
    return (
        combat["side"] == AXIS
        and effects.get("luftwaffe_support") == turn
        and effects.get("sturmovik") != turn
        and any(rules.units[u].german for u in combat["attackers"])
    )


def fire_shifts(rules: Rules, state: State, combat: dict[str, Any], side: str) -> list[Shift]:
    """The Combat Card and event shifts of ``side``'s fire in this combat."""
    out: list[Shift] = []
    mine = role_of(combat, side)
    for cid in combat["cards"].get(side, []):
        if cid in SHIFT_CARDS:
            value, role = SHIFT_CARDS[cid]
            if role in ("any", mine):
                out.append(Shift(t("{title} ({card})", title=card_title(rules, cid), card=cid), value))
    rnd = round_of(state)
    if mine == "attack" and side == SOVIET and not all_oos(rules, state, combat, side):
        # 13.3.4: units all out of supply get no benefit from any Combat Card, the round-wide ones
        # included (the Luftwaffe Support event, ruling 8.1#37, is not a Combat Card).
        if rnd.get("sturmovik"):
            out.append(Shift(t("Sturmovik, every Soviet attack this round (SU35)"), 1))
        if rnd.get("uranus") and any(rules.units[u].nationality in ("HU", "IT", "RO") for u in hex_units(rules, state, combat)):
            out.append(Shift(t("Operation Uranus, Hungarian/Italian/Romanian defenders (SU15)"), 1))
    if mine == "attack" and side == AXIS and luftwaffe_support_helps(rules, state, combat):
        out.append(Shift(t("Luftwaffe Support, German units attacking (AX10)"), 1))
    return out


def keep_last_scu(combat: dict[str, Any], side: str) -> bool:
    """Kampfgruppe (AX11): the last SCU level of the Axis side survives."""
    return side == AXIS and "AX11" in combat["cards"].get(AXIS, [])


def german_stand(combat: dict[str, Any]) -> bool:
    """Kampfgruppe: defending German forces do not retreat."""
    return combat["defender"] == AXIS and "AX11" in combat["cards"].get(AXIS, [])


def loss_reductions(rules: Rules, combat: dict[str, Any], side: str) -> list[tuple[Text, int]]:
    """Losses of ``side`` that Combat Cards remove (Heinrici, Operation Mars, Volkssturm)."""
    if side != AXIS:
        return []
    cards = combat["cards"].get(AXIS, [])
    out: list[tuple[Text, int]] = []
    if "AX39" in cards:
        out.append((t("Heinrici (AX39)"), 1))
    if "AX14" in cards:
        out.append((t("Operation Mars (AX14)"), 1))
    if "AX42" in cards:
        out.append((t("Volkssturm (AX42)"), 1))
    return out


def extra_losses(rules: Rules, combat: dict[str, Any], side: str) -> list[tuple[Text, int, bool]]:
    """Losses added to ``side`` after the winner is known (11.3.5, 11.2.1(7)): Tiger, Weichs, Flak
    Corps, Operation Mars (Axis cards) and Zhukov's extra Soviet loss (SU9). The flag says whether
    the loss is "of the same kind" as the one inflicted (Tiger, Weichs: asterisked if it was)."""
    if side != SOVIET:
        return []
    cards = combat["cards"].get(AXIS, [])
    out: list[tuple[Text, int, bool]] = []
    if "AX34" in cards:
        out.append((t("Tiger (AX34)"), 1, True))
    if "AX38" in cards:
        out.append((t("Weichs (AX38)"), 1, True))
    if "AX51" in cards:
        out.append((t("Flak Corps (AX51)"), 1, False))
    if "AX14" in cards:
        out.append((t("Operation Mars (AX14)"), 1, False))
    if combat.get("zhukov"):
        out.append((t("Zhukov's extra loss (SU9)"), 1, False))
    return out


# Keeping and discarding --------------------------------------------------------------------------
def dispose(rules: Rules, state: State, combat: dict[str, Any], winner: str | None, ctx: Context) -> None:
    """7.5.5b-c: the winner keeps the non-asterisked cards he used face up; the loser (both on a tie
    or a cancelled attack) discards them."""
    rnd = round_of(state)
    for side in (combat["side"], combat["defender"]):
        pile = state["cards"][side]
        for cid in combat["cards"].get(side, []):
            if cid not in pile["faceup"]:
                continue  # asterisked (removed) or discarded at once
            if side == winner:
                if cid in combat["new"].get(side, []):
                    rnd.setdefault("won_cc", []).append(cid)
                    ctx.log(t("{side} wins the combat and keeps {card} face up (7.5.5b).", side=side.capitalize(), card=cid))
            else:
                pile["faceup"].remove(cid)
                pile["discard"].append(cid)
                ctx.log(t("{side} did not win the combat and discards {card} (7.5.5c).", side=side.capitalize(), card=cid))


def legal_plays(rules: Rules, state: State, combat: dict[str, Any], side: str) -> list[Action]:
    """Every card ``side`` may play or use now, with a default argument where one is needed."""
    out: list[Action] = []
    pile = state["cards"][side]
    for cid in list(pile["hand"]):
        if cid not in ALL_CCS:
            continue
        for args in candidate_args(rules, state, combat, cid):
            try:
                check(rules, state, combat, side, cid, args, faceup=False)
            except IllegalOrder:
                continue
            out.append(Action("cc", (cid, *args)))
    for cid in list(pile["faceup"]):
        for args in candidate_args(rules, state, combat, cid):
            try:
                check(rules, state, combat, side, cid, args, faceup=True)
            except IllegalOrder:
                continue
            out.append(Action("cc", ("use", cid, *args)))
    return out


def candidate_args(rules: Rules, state: State, combat: dict[str, Any], cid: str) -> list[tuple[str, ...]]:
    if cid == "SU24":
        return [(u,) for u in katukov_targets(rules, state, combat)] or [()]
    if cid == "AX45":
        return [(u,) for u in rudel_targets(rules, state, combat)] or [()]
    if cid == "SU48":
        return []  # Maskirovka needs units and hexes: typed by the player, not listed
    return [()]
