"""Combat (S 12, E 16): declaration, Tactical Value and superiority, combat chits drawn in
secret and chosen as a sealed simultaneous choice (``engine.sealed``), odds, modifiers, the CRT,
SNAFU, the chits' hit modifiers, the defender's losses and retreat (split or whole, S 12.10),
the attacker's losses, and the advance into the vacated hex and a second hex (S 12.11). The defender may refuse combat
(S 12.6) in a window opened when the public Tactical Values and the revealed stacks allow it,
before any chit is drawn. A force of supplied and OOS units takes the least favourable
Tactical Value (S 12.8). Units that retreated into a friendly hex attacked again in the same
segment add nothing, absorb nothing, and die if their hosts leave or die (S 12.10).

The owner's order of his own hit-modifying chits (S 12.81) is decided for him: halving before
subtracting, never worse for him (RULINGS.md ruling 14). Random events (S 14) follow a combat
whose unmodified roll was 2 or 12 (``events.py``); an event's attack is declared here with
``event=True``.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

from engine import flow, sealed, stacks
from engine.errors import IllegalOrder
from engine.flow import Procedure, Step
from engine.game import EVERYONE, Action, Context, Prompt, Role, State
from engine.games.schwerpunkt import fronts, reorg, terrain, uprising
from engine.games.schwerpunkt.chitnames import chit_label
from engine.games.schwerpunkt.effects import lose_step, record_control, score_loss, show_last
from engine.games.schwerpunkt.model import (
    FRONTS,
    GERMAN,
    POLICY,
    SOVIET,
    other,
    rules,
    spec,
    step_values,
)
from engine.hexgrid import Label
from engine.text import Secret, Text, joined, ngettext, t

MUD_VOID = frozenset({"cas-1", "cas-2", "cas-3", "cas-s", "blitzkrieg", "mobile-battle"})
NEEDS_SUPERIORITY = {"battlefield-dominance": GERMAN, "blitzkrieg": GERMAN, "anti-tank": SOVIET, "mobile-battle": SOVIET}
BIG_FORMATIONS = frozenset({"wiking", "19pd"})


def listed(side: Role, units: Sequence[str]) -> Secret:
    """Units named to their owner; to everybody else a count (the map shows them during the combat)."""
    return Secret(", ".join(units), (side,), t("{n} units", n=len(units)))


def tag(state: State) -> str:
    return f"combat:{state['combat']['n']}"


# Declaration ----------------------------------------------------------------------------------


def can_attack(state: State, uid: str, general: bool, event: bool = False) -> bool:
    """S 12.3; a random event's attack (``event``) ignores the once-per-segment limit (S 14)."""
    unit = state["units"][uid]
    s = spec(uid)
    if not s.attack or s.steps[int(unit["step"])].defend_only or (unit["attacked"] and not event) or unit["admin"]:
        return False
    return not (general and unit["acted"])


def attacker_rule(state: State, uids: Sequence[str], general: bool) -> str:
    """The most specific rule that keeps the first of ``uids`` that cannot attack from attacking:
    Frontnahe Auffrischung (E 13.1), an administrative move this phase (E 15.1), a move in this
    General Phase (S 13.0), otherwise S 12.3 (not adjacent, bracketed, attacked already)."""
    for uid in uids:
        unit = state["units"].get(uid)
        if unit is None:
            continue
        if uid in reorg.locked(state):
            return "E 13.1"
        if unit["admin"]:
            return "E 15.1"
        if general and unit["acted"] and not unit["attacked"]:
            return "S 13.0"
    return "S 12.3"


def targets(state: State, side: Role, general: bool, event: bool = False) -> dict[Label, list[str]]:
    """Enemy hexes that may be attacked now, with the units that may attack each (S 12.3)."""
    board = rules().board
    out: dict[Label, list[str]] = {}
    occupants = terrain.occupants(state)
    units = state["units"]
    for label, order in occupants.items():
        if not order or units[order[0]]["side"] == side or (all(units[u]["defended"] for u in order) and not event):
            continue
        attackers = [
            u for n in board.neighbours(label) for u in occupants.get(n, ())
            if units[u]["side"] == side and can_attack(state, u, general, event)
        ]
        if attackers:
            out[label] = sorted(attackers)
    return out


def attack_pool(state: State, side: Role, attackers: Sequence[str], general: bool) -> str | None:
    """The pool that pays 3 AP (S 12.2): the German's, or a Front with at least one attacker in range (E 16.0)."""
    if general:
        return ""
    if side == GERMAN:
        return GERMAN if state["ap"][GERMAN] >= 3 else None
    hexes = {terrain.hex_of(state, u) for u in attackers}
    pools = [f for f in FRONTS if state["ap"][f] >= 3 and hexes & terrain.front_range(state, f)]
    return max(pools, key=lambda f: state["ap"][f]) if pools else None


def declare(state: State, side: Role, target: Label, attackers: Sequence[str], general: bool, ctx: Context, event: bool = False) -> None:
    """S 12.4 A: declare the target and attackers and pay; both stacks are revealed to both (S 3.5).
    A random event's attack (``event``) is free, outside the once-per-segment limit, and its own
    roll of 2 or 12 makes no further event (S 14)."""
    barred = [u for u in attackers if refused_this_turn(state, u)]
    if general and barred:
        raise IllegalOrder(
            t("{unit} attacked a defender who refused combat this turn: it is not available in the General Phase.", unit=barred[0]), "S 12.6"
        )
    found = targets(state, side, general, event)
    if target not in found:
        raise IllegalOrder(
            t("{hex} cannot be attacked now: it must hold an enemy unit not yet attacked this segment, next to your units that may attack.", hex=target),
            attacker_rule(state, [u for u in attackers if target in rules().board.neighbours(terrain.hex_of(state, u) or target)], general),
        )
    bad = [u for u in attackers if u not in found[target]]
    if bad or not attackers or len(set(attackers)) != len(attackers):
        raise IllegalOrder(
            t("Each attacker must be one of your units next to {hex} that may still attack (not yet attacked, not bracketed, no administrative move; in a General Phase, not moved).", hex=target),
            attacker_rule(state, bad, general),
        )
    pool = "" if event else attack_pool(state, side, attackers, general)
    if pool is None:
        out_of_range = side == SOVIET and any(state["ap"][f] >= 3 for f in FRONTS)
        raise IllegalOrder(t("An attack costs 3 AP (a Soviet attack from a Front with an attacker in its range)."), "E 16.0" if out_of_range else "S 12.2")
    if pool:
        state["ap"][pool] -= 3
    defenders = [u for u in stacks.stack(state, target) if event or not state["units"][u]["defended"]]
    flow.forget_closed(state, scope="combat")  # what the engine decided in an earlier combat is old news
    state["combat_count"] = int(state.get("combat_count", 0)) + 1
    state["combat"] = {
        "n": state["combat_count"],
        "side": side,
        "target": target,
        "attackers": sorted(attackers),
        "defenders": defenders,
        "origins": {u: terrain.hex_of(state, u) for u in attackers},
        "general": general,
        "event": event,
    }
    show_last(state, attack=(sorted({h for h in state["combat"]["origins"].values() if h}), target))
    for u in attackers:
        state["units"][u]["attacked"] = state["units"][u]["attacked"] or not event
        if general and not event:
            state["units"][u]["acted"] = True
    for u in defenders:
        state["units"][u]["defended"] = state["units"][u]["defended"] or not event
    for label in sorted({target, *state["combat"]["origins"].values()}):
        stacks.reveal(state, label, EVERYONE, tag(state))
    ctx.reveal(
        t(
            "{side} attacks {hex} with {units}; the stacks involved are shown to both sides on the map until the combat ends (S 3.5).",
            side=side, hex=target, units=listed(side, sorted(attackers)),
        )
    )
    ctx.reveal(t("Defending in {hex}: {units}.", hex=target, units=listed(other(side), defenders)))
    tactical_values(state, ctx)


# Tactical value, superiority and chits -----------------------------------------------------------


def concentric(state: State) -> bool:
    """S 12.82, E 16.21: opposite neighbours, three alternating ones, or four or more; never
    against a city or through a major river."""
    c = state["combat"]
    target = c["target"]
    if terrain.is_city(target):
        return False
    grid = rules().board.grid
    dirs = {
        grid.direction(target, h) for u, h in c["origins"].items() if "major_river" not in rules().board.side(target, h)
    }
    dirs.discard(None)
    found = {int(d) for d in dirs if d is not None}
    return len(found) >= 4 or any((d + 3) % 6 in found for d in found) or found in ({0, 2, 4}, {1, 3, 5})


def refused_this_turn(state: State, uid: str) -> bool:
    """S 12.6: the unit attacked a defender who refused combat this turn."""
    return bool(state.get("refused", {}).get(uid) == state["turn"])


def mixed_supply(state: State, units: Sequence[str]) -> bool:
    """S 12.8: the force holds both supplied and OOS units."""
    return len({bool(state["units"][u]["oos"]) for u in units}) == 2


def unit_tv(state: State, uid: str, where: Label, oos: bool | None = None) -> int:
    """S 12.51, E 16.24: the unit's TV, halved when OOS (or when ``oos`` says so), +2 for integrity (min 1)."""
    unit = state["units"][uid]
    tv = step_values(unit).tv
    if unit["oos"] if oos is None else oos:
        tv = tv // 2
    s = spec(uid)
    if s.integrity and s.formation:
        mates = [u for u in stacks.stack(state, where) if u != uid and spec(u).formation == s.formation]
        lost = sum(1 for u in state["eliminated"] if spec(u).formation == s.formation)
        if lost < 2 and len(mates) >= (2 if s.formation in BIG_FORMATIONS else 1):
            tv += 2
    return max(1, tv)


def side_tv(state: State, side: Role) -> int:
    """S 12.51: a side's Tactical Value, the highest of its units; S 12.8: a force of supplied and
    OOS units takes the least favourable value (every unit's TV halved as if OOS); the attacker
    +1 for a concentric attack (S 12.82)."""
    c = state["combat"]
    attacking = side == c["side"]
    units = c["attackers"] if attacking else c["defenders"]
    halve = True if mixed_supply(state, units) else None
    best = max(unit_tv(state, u, c["origins"][u] if attacking else c["target"], halve) for u in units)
    return best + (1 if attacking and concentric(state) else 0)


def tactical_values(state: State, ctx: Context) -> None:
    """S 12.51-12.52: each side's highest TV; superiority gives 3 chits against 1, a tie 2 each.
    S 12.4 C: a defender with superiority and only motorised units may refuse combat first."""
    c = state["combat"]
    att, dfn = c["side"], other(c["side"])
    tv_att, tv_def = side_tv(state, att), side_tv(state, dfn)
    c["tv"] = {att: tv_att, dfn: tv_def}
    c["drawn"] = {}
    if tv_att == tv_def:
        c["limit"] = {att: 2, dfn: 2}
        c["superior"] = None
    else:
        c["superior"] = att if tv_att > tv_def else dfn
        c["limit"] = {c["superior"]: 3, other(c["superior"]): 1}
    for side in (att, dfn):
        units = c["attackers"] if side == att else c["defenders"]
        if mixed_supply(state, units):
            ctx.log(t("{side}'s force mixes supplied and OOS units: its Tactical Value is the least favourable, every unit's halved (S 12.8).", side=side))
    if refusal_paths(state):
        c["stage"] = "refuse"
        ctx.log(
            t(
                "Tactical values: {att} {tva}, {dfn} {tvd}; {dfn} has tactical superiority with motorised units only and may refuse combat, retreating 2 hexes (S 12.6).",
                att=att, tva=tv_att, dfn=dfn, tvd=tv_def,
            )
        )
        return
    draw_chits(state, ctx)


def draw_chits(state: State, ctx: Context) -> None:
    """S 12.51: each side draws its TV in chits, in secret, then both choose (sealed)."""
    c = state["combat"]
    att, dfn = c["side"], other(c["side"])
    tv_att, tv_def = c["tv"][att], c["tv"][dfn]
    c["drawn"] = {}
    for side in (SOVIET, GERMAN):
        cup = state["cups"][side]
        drawn = []
        for _ in range(min(c["tv"][side], len(cup))):
            chit = ctx.pick(sorted(cup), t("Chit draw"))
            cup.remove(chit)
            drawn.append(chit)
        c["drawn"][side] = sorted(drawn)
    ctx.log(
        t(
            "Tactical values: {att} {tva}, {dfn} {tvd}; {who}. Chits drawn: {att} {na}, {dfn} {nd}; each may choose up to {la} and {ld} (S 12.5).",
            att=att, tva=tv_att, dfn=dfn, tvd=tv_def,
            who=t("{side} has tactical superiority", side=c["superior"]) if c["superior"] else t("nobody has tactical superiority"),
            na=len(c["drawn"][att]), nd=len(c["drawn"][dfn]), la=c["limit"][att], ld=c["limit"][dfn],
        )
    )
    for side in (SOVIET, GERMAN):
        ctx.log(t("Your chits: {chits}.", chits=Secret(joined([chit_label(x) for x in c["drawn"][side]], ", ") or "-", (side,))), to=side)
    sealed.open_choice(state, tag(state), (SOVIET, GERMAN))
    c["stage"] = "chits"


# Refusing combat (S 12.6) -----------------------------------------------------------------------


def may_refuse(state: State) -> bool:
    """S 12.6: the defender has tactical superiority and every defending unit is motorised; an
    OOS motorised unit retreats 1 hex at most (S 12.10), so it cannot refuse (digest 5.13 C)."""
    c = state["combat"]
    units = state["units"]
    return c.get("superior") == other(c["side"]) and all(units[u]["move"] == "mot" and not units[u]["oos"] for u in c["defenders"])


def refusal_paths(state: State) -> list[tuple[Label, ...]]:
    """S 12.6: the 2-hex retreats open to a refusing stack: neither hex in an enemy ZOC, and every
    limit of a retreat (S 12.10); empty when the defender may not refuse."""
    c = state["combat"]
    if c.get("stage") not in (None, "refuse") or not may_refuse(state):
        return []
    return retreat_paths(state, 2, avoid=terrain.zoc_of(state, c["side"]))


def refuse(state: State, path: tuple[Label, ...], ctx: Context) -> None:
    """S 12.6: the defending stack retreats the 2 hexes; no chit is drawn, no result is rolled;
    the attackers may advance into the vacated hex only; the attacker's AP are lost and his
    attacking units are not available in this turn's General Phase."""
    c = state["combat"]
    if path not in refusal_paths(state):
        if river_stops(state, path) and path[0] in rules().board.neighbours(c["target"]):
            raise IllegalOrder(t("A unit that retreats across a major river stops there: it never crosses one to retreat a second hex, bridged or not."), "E 16.22")
        raise IllegalOrder(
            t("Refusing combat retreats the whole stack exactly 2 hexes, neither in an enemy zone of control, along a legal retreat path."), "S 12.6",
            t("Refusals open now: {paths}; or 'accept'.", paths=", ".join(" ".join(p) for p in refusal_paths(state))),
        )
    for uid in [u for u in stacks.stack(state, c["target"]) if u in c["defenders"]]:
        stacks.place(POLICY, state, state["units"], uid, path[-1])
    ctx.log(
        t(
            "The defenders refuse combat and retreat from {hex} to {to}; the attack's Activity Points are lost and the attacking units are not available in this turn's General Phase (S 12.6).",
            hex=c["target"], to=" ".join(path),
        )
    )
    for uid in c["attackers"]:
        state["units"][uid]["acted"] = True
        state.setdefault("refused", {})[uid] = state["turn"]
    c.update(refused=True, retreat=list(path), hits={c["side"]: 0, other(c["side"]): 0}, mot_first={GERMAN: False, SOVIET: False})
    eliminate_guests(state, ctx)
    c["stage"] = "advance"
    settle_stage(state, ctx)


def accept(state: State, ctx: Context) -> None:
    """S 12.4 C-D: the defender fights; the chits are drawn."""
    ctx.log(t("{side} accepts combat.", side=other(state["combat"]["side"])))
    draw_chits(state, ctx)


def choices(drawn: Sequence[str], limit: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for k in range(1, min(limit, len(drawn)) + 1):
        out += list(combinations(sorted(set(drawn)), k))
    return out


def choose(state: State, side: Role, picked: Sequence[str], ctx: Context) -> None:
    c = state["combat"]
    drawn = list(c["drawn"][side])
    if len(picked) > c["limit"][side]:
        raise IllegalOrder(
            t("You may use at most {n} of the chits you drew: 3 with tactical superiority, 1 against it, 2 each when neither side has it.", n=c["limit"][side]),
            "S 12.52",
        )
    if len(set(picked)) != len(picked) or any(p not in drawn for p in picked):
        raise IllegalOrder(t("Choose at most {n} of the chits you drew, each once.", n=c["limit"][side]), "S 12.5")
    sealed.choose(state, tag(state), side, sorted(picked), ctx, rule="S 12.5", name=chit_label)
    if sealed.complete(state, tag(state)):
        resolve(state, sealed.reveal(state, tag(state), ctx, name=chit_label), ctx)


# Resolution -----------------------------------------------------------------------------------


def active_chits(state: State, chosen: dict[Role, list[str]]) -> dict[Role, list[str]]:
    c = state["combat"]
    out: dict[Role, list[str]] = {}
    for side, ids in chosen.items():
        keep = []
        for chit in ids:
            if chit in MUD_VOID and state["weather"] != "frozen":
                continue
            if chit in NEEDS_SUPERIORITY and c["superior"] != NEEDS_SUPERIORITY[chit]:
                continue
            keep.append(chit)
        out[side] = keep
    return out


def strength(state: State, side: Role, chits: dict[Role, list[str]]) -> int:
    """S 12.7, S 12.8: a side's total CS with every modifier, fractions per unit, total floored, at least 1."""
    c = state["combat"]
    attacking = side == c["side"]
    units = c["attackers"] if attacking else c["defenders"]
    total = Fraction(0)
    every = chits[GERMAN] + chits[SOVIET]
    for uid in units:
        unit = state["units"][uid]
        cs = Fraction(step_values(unit).cs)
        if unit["oos"]:
            cs /= 2
        if attacking and "major_river" in rules().board.side(c["origins"][uid], c["target"]):
            cs /= 2
        mot = unit["move"] == "mot"
        if side == GERMAN and mot and "blitzkrieg" in every:
            cs *= 2
        if side == GERMAN and mot and "anti-tank" in every:
            cs = Fraction(math.ceil(cs / 2))
        if side == SOVIET and mot and "tank-destroyers" in every:
            cs = Fraction(math.ceil(cs / 2))
        if side == SOVIET and not unit["oos"] and "soviet-supply-shortage" in every:
            cs /= 2
        total += cs
    return max(1, math.floor(total))


def column(att: int, dfn: int) -> str | None:
    """The CRT column, rounded down in the defender's favour (S 12.7); None below 1:2 or above 19:1."""
    ratio = Fraction(att, dfn)
    found = None
    for name in rules().tables["crt"]["columns"]:
        a, d = name.split(":")
        if ratio >= Fraction(int(a), int(d)):
            found = str(name)
    return None if ratio > 19 else found


def chit_drm(state: State, side: Role, chit: str) -> int:
    c = state["combat"]
    data = rules().chits[chit]
    value = data.drm
    if data.alt == "city" and terrain.is_city(c["target"]):
        value = data.drm_alt
    if data.alt == "half_ss_units":
        german = c["attackers"] if c["side"] == GERMAN else c["defenders"]
        if 2 * sum(1 for u in german if spec(u).branch == "ss") >= len(german):
            value = data.drm_alt
    if data.special == "star" and not any(c["target"] in terrain.front_range(state, f) for f in FRONTS):
        value -= 1
    return value if side == c["side"] else -value


def terrain_modifiers(state: State) -> list[tuple[Text, int]]:
    """E 16.22: the defender's terrain (town on top of the hex's other terrain, city alone) and
    minor rivers (-2 when every attacker attacks across one, -1 when some do), each named."""
    c = state["combat"]
    board = rules().board
    target = c["target"]
    drm_table = rules().tables["terrain"]["drm"]
    out: list[tuple[Text, int]] = []
    if terrain.is_city(target):
        out.append((t("city"), int(drm_table["city"])))
    else:
        kind = board.terrain.get(target, "open")
        if int(drm_table.get(kind, 0)):
            out.append((t("terrain {kind}", kind=kind), int(drm_table.get(kind, 0))))
        if terrain.is_town(target):
            out.append((t("town"), int(drm_table["town"])))
    across = [u for u in c["attackers"] if "minor_river" in board.side(c["origins"][u], target)]
    if across:
        whole = len(across) == len(c["attackers"])
        out.append((t("minor river, every attacker across") if whole else t("minor river, some attackers across"), -2 if whole else -1))
    return out


def modifiers(state: State, chits: dict[Role, list[str]]) -> int:
    """S 12.8, E 16.2: defender terrain, minor rivers, chits; clamped to -10..+10."""
    drm = sum(value for _, value in terrain_modifiers(state))
    for side, ids in chits.items():
        drm += sum(chit_drm(state, side, chit) for chit in ids)
    return max(-10, min(10, drm))


def resolve(state: State, chosen: dict[Role, tuple[str, ...]], ctx: Context) -> None:
    """S 12.4 D-H: chits revealed (Intelligence first), odds, roll, CRT, SNAFU, hit modifiers."""
    c = state["combat"]
    att, dfn = c["side"], other(c["side"])
    picked = {side: list(ids) for side, ids in chosen.items()}
    for side in (SOVIET, GERMAN):
        state["cups"][side] = sorted(state["cups"][side] + c["drawn"][side])
    c["drawn"] = {}
    if "intelligence" in picked[SOVIET] and picked[GERMAN]:
        gone = ctx.pick(sorted(picked[GERMAN]), t("Intelligence"))
        picked[GERMAN].remove(gone)
        ctx.reveal(t("Intelligence removes the German chit {chit}.", chit=chit_label(gone)))
    chits = active_chits(state, picked)
    a_cs, d_cs = strength(state, att, chits), strength(state, dfn, chits)
    col = column(a_cs, d_cs)
    drm = modifiers(state, chits)
    roll = ctx.roll(6, t("Combat (S 12.4)")) + ctx.roll(6, t("Combat (S 12.4)"))
    modified = max(2, min(17, roll + drm))
    crt = rules().tables["crt"]
    if Fraction(a_cs, d_cs) < Fraction(1, 2):
        result = str(crt["below"])
    elif col is None:
        result = str(crt["above"])
    else:
        result = str(crt["rows"][str(modified)][crt["columns"].index(col)])
    a_hits, d_hits = (int(x) for x in result.split("/"))
    if roll == 3:
        d_hits += 2
    if roll == 11:
        a_hits += 2
    hits = {att: a_hits, dfn: d_hits}
    every = [(side, chit) for side, ids in chits.items() for chit in ids]
    for side, chit in every:
        data = rules().chits[chit]
        if data.hits_own > 0:
            hits[side] += data.hits_own
        if data.hits_enemy > 0:
            hits[other(side)] += data.hits_enemy
    halve = {GERMAN: False, SOVIET: False}
    for side, chit in every:
        if chit == "probing-attack":
            halve = {GERMAN: True, SOVIET: True}
        elif chit in ("battlefield-dominance", "mobile-battle"):
            halve[side] = True
    for side in (SOVIET, GERMAN):
        if halve[side]:
            hits[side] = math.ceil(hits[side] / 2)
    for side, chit in every:
        if rules().chits[chit].hits_own < 0:
            hits[side] += rules().chits[chit].hits_own
    hits = {side: max(0, n) for side, n in hits.items()}
    c["hits"] = hits
    c["mot_first"] = {
        GERMAN: any(ch in chits[GERMAN] for ch in ("blitzkrieg",)) or "anti-tank" in chits[SOVIET],
        SOVIET: "tank-destroyers" in chits[GERMAN],
    }
    ctx.log(
        t(
            "Odds {att_cs} to {def_cs} ({column}), modifier {drm}, roll {roll} (modified {modified}): {result}; hits after chits and SNAFU: {att} {ah}, {dfn} {dh}.",
            att_cs=a_cs, def_cs=d_cs, column=col or ("<1:2" if Fraction(a_cs, d_cs) < Fraction(1, 2) else ">19:1"),
            drm=drm, roll=roll, modified=modified, result=result, att=att, ah=hits[att], dfn=dfn, dh=hits[dfn],
        )
    )
    if roll in (2, 12) and not c.get("event"):
        c["random_event"] = roll
        ctx.log(t("An unmodified {roll}: a random event follows once this combat is over (S 14).", roll=roll))
    c["stage"] = "defender"
    c["retreat"] = None
    settle_stage(state, ctx)


# Losses, retreats and advance --------------------------------------------------------------------


def capacity(state: State, uid: str) -> int:
    return len(spec(uid).steps) - int(state["units"][uid]["step"])


def distributions(state: State, units: Sequence[str], count: int, mot_first: bool) -> list[tuple[str, ...]]:
    """Every even spread of ``count`` step losses over ``units`` (S 12.9): no unit takes a second
    loss before every unit able to has taken one; with ``mot_first`` at least one loss on a
    motorised unit when one is involved (digest 8.1 item 19)."""
    cap = {u: capacity(state, u) for u in units}
    total = sum(cap.values())
    count = min(count, total)
    out: list[tuple[str, ...]] = []

    def walk(left: int, taken: dict[str, int], acc: list[str]) -> None:
        if left == 0:
            out.append(tuple(sorted(acc)))
            return
        level = min(taken[u] for u in units if taken[u] < cap[u])
        avail = [u for u in sorted(units) if taken[u] == level and taken[u] < cap[u]]
        if left >= len(avail):
            for u in avail:
                taken[u] += 1
            walk(left - len(avail), taken, acc + avail)
            for u in avail:
                taken[u] -= 1
            return
        for combo in combinations(avail, left):
            walk(0, taken, acc + list(combo))

    walk(count, {u: 0 for u in units}, [])
    units_mot = [u for u in units if state["units"][u]["move"] == "mot"]
    if mot_first and units_mot:
        out = [d for d in out if any(u in units_mot for u in d)] or out
    return sorted(set(out))


def supply_distance(side: Role) -> dict[Label, int]:
    board = rules().board
    start = list(board.zone(f"{side}_supply"))
    dist = dict.fromkeys(start, 0)
    queue = deque(start)
    while queue:
        h = queue.popleft()
        for n in board.neighbours(h):
            if n not in dist and board.terrain.get(n) != "sea":
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


def retreat_paths(state: State, length: int, avoid: set[Label] | None = None, group: Sequence[str] | None = None) -> list[tuple[Label, ...]]:
    """Legal retreat paths of the defending stack (S 12.10, E 16.22): adjacent steps, no enemy unit,
    no sea, never back into the target, within stacking at the end; motorised units not into
    swamp nor across an unbridged major river in Mud; a major river crossed stops the retreat;
    towards a friendly source where possible (no farther from one than the target). Only the
    defenders retreat (units that retreated in earlier this segment stay, S 12.10); ``avoid``:
    hexes no step may enter (S 12.6: enemy zones of control); ``group``: the units of one group
    of a split retreat, instead of the whole stack."""
    c = state["combat"]
    board = rules().board
    side = other(c["side"])
    target = c["target"]
    held = terrain.sides_in(state)
    movers = [u for u in stacks.stack(state, target) if u in c["defenders"] and state["units"][u]["move"] != "stationary"]
    movers = list(group) if group is not None else movers
    mot = any(state["units"][u]["move"] == "mot" for u in movers)
    wet = state["weather"] != "frozen"

    def step_ok(a: Label, b: Label) -> bool:
        if board.terrain.get(b) == "sea" or held.get(b) == c["side"] or b == target or (avoid and b in avoid):
            return False
        if mot and wet and (board.terrain.get(b) == "swamp" or terrain.crossing(a, b) == "major_river"):
            return False
        return True

    paths: list[tuple[Label, ...]] = []
    for first in board.neighbours(target):
        if not step_ok(target, first):
            continue
        if length == 1:
            paths.append((first,))
        elif "major_river" not in board.side(target, first):
            paths += [(first, second) for second in board.neighbours(first) if second != first and step_ok(first, second)]
    fits = [p for p in paths if terrain.stacking_points(state, [*stacks.stack(state, p[-1]), *movers]) <= terrain.stacking_limit(side)]
    dist = supply_distance(side)
    here = dist.get(target, 999)
    toward = [p for p in fits if dist.get(p[-1], 999) <= here]
    return sorted(toward or fits)


def river_stops(state: State, path: Sequence[Label]) -> bool:
    """E 16.22: ``path``, two hexes long, crosses a major river at its first hex (bridged or
    not), where a retreat stops: the rule that forbids it when nothing else does."""
    c = state["combat"]
    return len(path) == 2 and "major_river" in rules().board.side(c["target"], path[0])


def retreat_fault(state: State, path: Sequence[Label]) -> Text:
    """What is wrong with the retreat ``path`` that ``retreat_options`` does not offer (S 12.10)."""
    c = state["combat"]
    board = rules().board
    side, target = other(c["side"]), c["target"]
    units = state["units"]
    hits = c["hits"][side]
    movers = [u for u in stacks.stack(state, target) if u in c["defenders"] and units[u]["move"] != "stationary"]
    if not path:
        return t("The hits exceed the defending units: the stack must retreat at least one hex (a city's defenders excepted).")
    if not movers or hits == 0:
        return t("No retreat here: no hit to take as retreat, or no unit that may retreat.")
    if len(path) > 2:
        return t("A retreat is one or two hexes long.")
    if len(path) == 2 and hits < 2:
        return t("A two-hex retreat needs at least two hits.")
    if len(path) == 2 and not all(units[u]["move"] == "mot" and not units[u]["oos"] for u in movers):
        return t("Non-motorised and out-of-supply units retreat one hex at most.")
    held = terrain.sides_in(state)
    mot = any(units[u]["move"] == "mot" for u in movers)
    wet = state["weather"] != "frozen"
    before = target
    for h in path:
        if h == target or h not in board.neighbours(before) or board.terrain.get(h) == "sea":
            return t("Each hex of a retreat is a land hex next to the one before, starting next to {hex} and never back into it.", hex=target)
        if held.get(h) == c["side"]:
            return t("{hex} holds enemy units: a retreat never enters it.", hex=h)
        if mot and wet and board.terrain.get(h) == "swamp":
            return t("Motorised units never retreat into swamp in Mud or Very Mud ({hex}).", hex=h)
        if mot and wet and terrain.crossing(before, h) == "major_river":
            return t("Motorised units never retreat across an unbridged major river in Mud or Very Mud ({a} to {b}).", a=before, b=h)
        before = h
    if terrain.stacking_points(state, [*stacks.stack(state, path[-1]), *movers]) > terrain.stacking_limit(side):
        return t("The retreat would end over the stacking limit in {hex}.", hex=path[-1])
    return t("A retreat goes toward the nearest friendly supply source: {hex} is farther from one than {target}, and a retreat that is not is open.", hex=path[-1], target=target)


def retreat_options(state: State) -> list[tuple[Label, ...]]:
    """Every retreat the defender may choose now, ``()`` standing (S 12.10)."""
    c = state["combat"]
    hits = c["hits"][other(c["side"])]
    units = state["units"]
    defenders = [u for u in stacks.stack(state, c["target"]) if u in c["defenders"]]
    movers = [u for u in defenders if units[u]["move"] != "stationary"]
    if not movers or hits == 0:
        return [()]
    two = hits >= 2 and all(units[u]["move"] == "mot" and not units[u]["oos"] for u in movers)
    opts: list[tuple[Label, ...]] = list(retreat_paths(state, 1))
    if two:
        opts += retreat_paths(state, 2)
    forced = hits > len(defenders) and not terrain.is_city(c["target"])
    return opts if forced and opts else [(), *opts]


def settle_stage(state: State, ctx: Context) -> None:
    """Skip the steps nobody has to decide (no hits, nothing to advance into)."""
    c = state["combat"]
    if c["stage"] == "defender" and c["hits"][other(c["side"])] == 0:
        c["stage"] = "attacker"
    if c["stage"] == "attacker" and c["hits"][c["side"]] == 0:
        c["stage"] = "advance"
    if c["stage"] == "advance" and (stacks.stack(state, c["target"]) or not advancers(state)):
        why, rule = no_advance(state)
        flow.close(state, Step(t("advance after combat"), rule), why, roles=[c["side"]], verbs=["advance"], scope="combat")
        finish(state, ctx)


def no_advance(state: State) -> tuple[Text, str]:
    """Why no attacker advances into the target, and the rule (for a later 'advance', S 12.11)."""
    c = state["combat"]
    if stacks.stack(state, c["target"]):
        return t("defending units still hold {hex}", hex=c["target"]), "S 12.11"
    alive = [u for u in c["attackers"] if terrain.hex_of(state, u) is not None and state["units"][u]["move"] != "stationary"]
    blocks = [advance_block(state, u, c["origins"][u], c["target"]) for u in alive]
    if any(b is not None and b[1] == "S 12.10" for b in blocks):
        return t("motorised units never advance across an unbridged major river in Mud or Very Mud ({hex})", hex=c["target"]), "S 12.10"
    if blocks:
        return t("motorised units never advance into swamp ({hex})", hex=c["target"]), "S 12.11"
    return t("no attacker is left to advance into {hex}", hex=c["target"]), "S 12.11"


Split = tuple[tuple[str, ...], tuple[Label, ...]]


def check_split(state: State, retreat: tuple[Label, ...], splits: Sequence[Split]) -> None:
    """S 12.10: units that start the retreat stacked may split, each unit retreating the declared
    1 or 2 hexes: each group (the units named after 'split', and the rest along ``retreat``)
    along a legal path of that length, every hex where groups end within stacking."""
    c = state["combat"]
    side = other(c["side"])
    units = state["units"]
    hits = c["hits"][side]
    movers = [u for u in stacks.stack(state, c["target"]) if u in c["defenders"] and units[u]["move"] != "stationary"]
    named = [u for group, _ in splits for u in group]
    rest = [u for u in movers if u not in named]
    length = len(retreat)
    two_ok = hits >= 2 and all(units[u]["move"] == "mot" and not units[u]["oos"] for u in movers)
    groups = [(tuple(rest), retreat), *splits]
    ok = (
        bool(rest) and len(set(named)) == len(named) and all(u in movers for u in named) and all(group for group, _ in splits)
        and (length == 1 or (length == 2 and two_ok))
        and all(len(path) == length and path in retreat_paths(state, length, group=group) for group, path in groups)
    )
    ends: dict[Label, list[str]] = {}
    for group, path in groups:
        ends.setdefault(path[-1], []).extend(group)
    if not ok or any(terrain.stacking_points(state, [*stacks.stack(state, h), *g]) > terrain.stacking_limit(side) for h, g in ends.items()):
        raise IllegalOrder(
            t("Each group of a split retreat retreats the same 1 or 2 hexes along a legal retreat path, every unit in one group, and every hex where groups end stays within stacking."),
            "S 12.10",
        )


def defender_losses(state: State, retreat: tuple[Label, ...], losses: Sequence[str], ctx: Context, splits: Sequence[Split] = ()) -> None:
    c = state["combat"]
    side = other(c["side"])
    if splits:
        check_split(state, retreat, splits)
    elif retreat not in retreat_options(state):
        if river_stops(state, retreat):
            raise IllegalOrder(t("A unit that retreats across a major river stops there: it never crosses one to retreat a second hex, bridged or not."), "E 16.22")
        open_ = [" ".join(p) for p in retreat_options(state) if p]
        raise IllegalOrder(
            retreat_fault(state, retreat), "S 12.10",
            t("Retreats open now: {paths}.", paths=", ".join(open_)) if open_ else t("No retreat is open now: every hit is a step loss."),
        )
    hits = c["hits"][side]
    defenders = [u for u in stacks.stack(state, c["target"]) if u in c["defenders"]]
    stationary = [u for u in defenders if state["units"][u]["move"] == "stationary"] if retreat else []
    forced_stuck = hits > len(defenders) and not terrain.is_city(c["target"]) and not retreat and retreat_options(state) == [()]
    ezoc = terrain.zoc_of(state, c["side"])
    steps = max(0, hits - len(retreat) - len(stationary))
    extra = (1 if forced_stuck and hits else 0) + sum(1 for h in retreat if h in ezoc) + sum(1 for _, path in splits for h in path if h in ezoc)
    steps += extra
    movers = [u for u in defenders if u not in stationary]
    if tuple(sorted(losses)) not in distributions(state, movers, steps, c["mot_first"][side]):
        due = min(steps, sum(capacity(state, u) for u in movers))
        if extra and len(losses) != due:  # the count misses the losses a retreat adds (S 12.10)
            raise IllegalOrder(
                ngettext(
                    "The defender takes {n} step loss: each hit not taken as a hex of retreat, plus one for each hex of enemy ZOC a group retreats into and one when a forced retreat cannot be made, spread evenly over the defending units.",
                    "The defender takes {n} step losses: each hit not taken as a hex of retreat, plus one for each hex of enemy ZOC a group retreats into and one when a forced retreat cannot be made, spread evenly over the defending units.",
                    due,
                ),
                "S 12.10",
            )
        raise IllegalOrder(
            ngettext(
                "The defender takes {n} step loss spread evenly over the defending units (S 12.9, S 12.10).",
                "The defender takes {n} step losses spread evenly over the defending units (S 12.9, S 12.10).",
                due,
            ),
            "S 12.9",
        )
    for uid in stationary:
        stacks.remove(POLICY, state, state["units"], uid)
        state["eliminated"].append(uid)
        score_loss(state, uid, 1)
        ctx.log(t("{unit} is stationary and is eliminated as its stack retreats, absorbing one hit (E 16.25).", unit=uid))
    for uid in losses:
        if uid in state["units"] and terrain.hex_of(state, uid) == c["target"]:
            lose_step(state, uid, ctx, t("combat"))
    named = {u for group, _ in splits for u in group}
    for group, path in [(tuple(u for u in movers if u not in named), retreat), *splits]:
        survivors = [u for u in stacks.stack(state, c["target"]) if u in group]
        if path and survivors:
            for uid in survivors:
                stacks.place(POLICY, state, state["units"], uid, path[-1])
            ctx.log(t("The defenders retreat from {hex} to {to} (S 12.10).", hex=c["target"], to=" ".join(path)))
    c["retreat"] = list(retreat)
    eliminate_guests(state, ctx)
    c["stage"] = "attacker"
    settle_stage(state, ctx)


def guests(state: State) -> list[str]:
    """S 12.10: units in the target hex that are not defending it: they retreated (or refused)
    into it earlier in this Combat segment, so they were attacked already (S 12.3)."""
    c = state["combat"]
    return [u for u in stacks.stack(state, c["target"]) if u not in c["defenders"]]


def eliminate_guests(state: State, ctx: Context) -> None:
    """S 12.10: units that retreated into a friendly hex attacked again are eliminated when
    their hosts retreat or are eliminated (they cannot retreat themselves)."""
    c = state["combat"]
    if any(u in c["defenders"] for u in stacks.stack(state, c["target"])):
        return
    for uid in guests(state):
        steps = capacity(state, uid)
        stacks.remove(POLICY, state, state["units"], uid)
        state["eliminated"].append(uid)
        score_loss(state, uid, steps)
        ctx.log(t("{unit} had retreated into {hex} and is eliminated with its hosts gone (S 12.10).", unit=uid, hex=c["target"]))


def attacker_losses(state: State, losses: Sequence[str], ctx: Context) -> None:
    c = state["combat"]
    side = c["side"]
    if "retreat" in losses:
        raise IllegalOrder(
            t("Only the defender retreats: the attacker takes every hit as a step loss ('losses UNIT ...', one unit per hit)."), "S 12.10"
        )
    alive = [u for u in c["attackers"] if terrain.hex_of(state, u) is not None]
    if tuple(sorted(losses)) not in distributions(state, alive, c["hits"][side], c["mot_first"][side]):
        raise IllegalOrder(
            ngettext(
                "The attacker takes {n} step loss spread evenly over the attacking units.",
                "The attacker takes {n} step losses spread evenly over the attacking units.",
                c["hits"][side],
            ),
            "S 12.9",
        )
    for uid in losses:
        if terrain.hex_of(state, uid) is not None:
            lose_step(state, uid, ctx, t("combat"))
    c["stage"] = "advance"
    settle_stage(state, ctx)


def advance_block(state: State, uid: str, a: Label, b: Label) -> tuple[Text, str] | None:
    """Why ``uid`` may not advance from ``a`` into ``b``: motorised units never into swamp
    (S 12.11) nor across an unbridged major river in Mud or Very Mud (S 12.10)."""
    if state["units"][uid]["move"] != "mot":
        return None
    if rules().board.terrain.get(b) == "swamp":
        return t("Motorised units never advance into swamp."), "S 12.11"
    if state["weather"] != "frozen" and terrain.crossing(a, b) == "major_river":
        return t("Motorised units never advance across an unbridged major river in Mud or Very Mud."), "S 12.10"
    return None


def advancers(state: State) -> list[str]:
    c = state["combat"]
    return sorted(
        u for u in c["attackers"]
        if terrain.hex_of(state, u) is not None and state["units"][u]["move"] != "stationary"
        and advance_block(state, u, c["origins"][u], c["target"]) is None
    )


def advance(state: State, units: Sequence[str], ctx: Context) -> None:
    """S 12.11: any attackers may enter the vacated hex, within stacking; then, when a second hex
    is open to them, the supplied motorised ones among them may take it."""
    c = state["combat"]
    if stacks.stack(state, c["target"]):
        raise IllegalOrder(t("{hex} is not vacated: there is no advance.", hex=c["target"]), "S 12.11")
    beyond = [w for w in units if w not in state["units"]]
    if beyond and c.get("refused"):
        raise IllegalOrder(t("After a refused combat the attackers advance into the vacated hex {hex} only, never a second hex: 'advance UNIT ...' or 'advance none'.", hex=c["target"]), "S 12.6")
    if beyond:
        raise IllegalOrder(
            t("The advance goes first into the vacated hex {hex}: 'advance UNIT ...' or 'advance none'; a second hex, when the attack earns one, is offered after.", hex=c["target"]),
            "S 12.11",
        )
    for uid in units:
        where = terrain.hex_of(state, uid)
        block = advance_block(state, uid, where, c["target"]) if uid in c["attackers"] and where is not None else None
        if block is not None:
            raise IllegalOrder(block[0], block[1])
    if any(u not in advancers(state) for u in units) or len(set(units)) != len(units):
        raise IllegalOrder(t("Only surviving attackers that may move advance."), "S 12.11")
    if terrain.stacking_points(state, units) > terrain.stacking_limit(c["side"]):
        raise IllegalOrder(t("The advance would break the stacking limit (E 10)."), "E 10.2" if c["side"] == GERMAN else "E 10.1")
    for uid in units:
        stacks.place(POLICY, state, state["units"], uid, c["target"])
    if units:
        ctx.log(t("{side} advances into {hex} with {units} (S 12.11).", side=c["side"], hex=c["target"], units=listed(c["side"], list(units))))
    c["advanced"] = sorted(units)
    if second_hex_allowed(state) and second_hex_units(state):
        c["stage"] = "second"
        ctx.log(t("The attacker may advance a second hex with supplied motorised units (S 12.11): 'advance UNIT HEX' for each, then 'advance done'."))
        return
    if units and c.get("refused"):
        flow.close(state, Step(t("advance after combat, second hex"), "S 12.6"), t("after a refused combat the attackers advance into the vacated hex only"),
                    roles=[c["side"]], verbs=["advance"], scope="combat")
    elif units:
        flow.close(
            state, Step(t("advance after combat, second hex"), "S 12.11"),
            t("a second hex needs tactical superiority and a defender retreated two hexes or wiped out, for supplied motorised units that advanced, not out of an enemy ZOC nor across a major river"),
            roles=[c["side"]], verbs=["advance"], scope="combat",
        )
    finish(state, ctx)


def second_hex_allowed(state: State) -> bool:
    """S 12.11: the attacker had tactical superiority, and the defender retreated 2 hexes or was
    wiped out; never after a refused combat (S 12.6)."""
    c = state["combat"]
    if c.get("refused") or c.get("superior") != c["side"]:
        return False
    wiped = all(terrain.hex_of(state, u) is None for u in c["defenders"])
    return wiped or len(c.get("retreat") or []) == 2


def second_hex_refusal(state: State, uid: str) -> tuple[Text, str] | None:
    """Why ``uid``, which advanced into the vacated hex, may not take a second hex (S 12.11, E 16.22)."""
    c = state["combat"]
    unit = state["units"][uid]
    if uid not in c.get("advanced", []) or terrain.hex_of(state, uid) != c["target"]:
        return t("Only units that advanced into the vacated hex may take a second hex, once each."), "S 12.11"
    if unit["move"] != "mot" or unit["oos"]:
        return t("Only supplied motorised units advance a second hex."), "S 12.11"
    if "major_river" in rules().board.side(c["origins"][uid], c["target"]):
        return t("A unit that attacked across a major river does not advance a second hex."), "E 16.22"
    if c["target"] in terrain.zoc_of(state, other(c["side"])):
        return t("No second hex when the advance leaves an enemy zone of control."), "S 12.11"
    return None


def second_hex_units(state: State) -> list[str]:
    c = state["combat"]
    return [u for u in c.get("advanced", []) if second_hex_refusal(state, u) is None and second_hexes(state, u)]


def second_hexes(state: State, uid: str) -> list[Label]:
    """Hexes next to the vacated one that ``uid`` may enter as its second hex: on land, no enemy
    unit, not across a major river (bridged or not, E 16.22), motorised never into swamp, within
    stacking; it need not follow the defender's path (S 12.11)."""
    c = state["combat"]
    board = rules().board
    held = terrain.sides_in(state)
    out = []
    for h in board.neighbours(c["target"]):
        if board.terrain.get(h) == "sea" or held.get(h) == other(c["side"]) or "major_river" in board.side(c["target"], h):
            continue
        if advance_block(state, uid, c["target"], h) is not None:
            continue
        if terrain.stacking_points(state, [*stacks.stack(state, h), uid]) > terrain.stacking_limit(c["side"]):
            continue
        out.append(h)
    return sorted(out)


def advance_second(state: State, uid: str, label: Label, ctx: Context) -> None:
    """S 12.11: one unit takes its second hex."""
    c = state["combat"]
    why = second_hex_refusal(state, uid)
    if why is not None:
        raise IllegalOrder(why[0], why[1])
    if label not in second_hexes(state, uid):
        block = advance_block(state, uid, c["target"], label)
        if block is not None:
            raise IllegalOrder(block[0], block[1])
        if "major_river" in rules().board.side(c["target"], label):
            raise IllegalOrder(t("The second hex of an advance never crosses a major river, bridged or not."), "E 16.22")
        raise IllegalOrder(t("{hex} is not open to a second hex: it must be next to {target}, on land, free of enemy units and within stacking.", hex=label, target=c["target"]), "S 12.11")
    stacks.place(POLICY, state, state["units"], uid, label)
    c["advanced"].remove(uid)
    ctx.log(t("{side} advances a second hex, from {target} to {hex} (S 12.11).", side=c["side"], target=c["target"], hex=label))
    if not second_hex_units(state):
        finish(state, ctx)


def finish(state: State, ctx: Context) -> None:
    c = state["combat"]
    stacks.end_reveals(state, tag(state))
    ctx.log(t("The combat for {hex} is over.", hex=c["target"]))
    record_control(state)
    uprising.after_move(state, [u for u in c["attackers"] if terrain.hex_of(state, u) not in (None, c["origins"][u])], ctx)
    fronts.relocate_cut(state, ctx)
    del state["combat"]
    flow.end(state)
    if c.get("random_event"):
        flow.call(state, "event", roll=c["random_event"])


def defender_actions(state: State, role: Role) -> list[Action]:
    """Every answer open to the defender taking his hits: each retreat with each even spread of
    the step losses it leaves (S 12.9, S 12.10)."""
    c = state["combat"]
    defenders = [u for u in stacks.stack(state, c["target"]) if u in c["defenders"]]
    ezoc = terrain.zoc_of(state, c["side"])
    hits = c["hits"][role]
    acts: list[Action] = []
    options = retreat_options(state)
    for path in options:
        stationary = [u for u in defenders if state["units"][u]["move"] == "stationary"] if path else []
        movers = [u for u in defenders if u not in stationary]
        stuck = hits > len(defenders) and not terrain.is_city(c["target"]) and not path and options == [()]
        steps = max(0, hits - len(path) - len(stationary)) + (1 if stuck and hits else 0) + sum(1 for h in path if h in ezoc)
        tail = ("retreat", *path) if path else ()
        acts += [Action("losses", (*d, *tail)) for d in distributions(state, movers, steps, c["mot_first"][role])]
    return acts


def attacker_actions(state: State, role: Role) -> list[Action]:
    """Every even spread of the attacker's step losses (S 12.9)."""
    c = state["combat"]
    alive = [u for u in c["attackers"] if terrain.hex_of(state, u) is not None]
    return [Action("losses", d) for d in distributions(state, alive, c["hits"][role], c["mot_first"][role])]


class Combat(Procedure):
    """One combat, from the refusal window to the advance (S 12.4 C-H)."""

    name = "combat"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        stage = state["combat"]["stage"]
        titles = {
            "refuse": (t("refusing combat"), "S 12.6"),
            "chits": (t("combat chit choice"), "S 12.5"),
            "defender": (t("defender's losses and retreat"), "S 12.10"),
            "attacker": (t("attacker's losses"), "S 12.9"),
            "advance": (t("advance after combat"), "S 12.11"),
            "second": (t("advance after combat, second hex"), "S 12.11"),
        }
        title, rule = titles[stage]
        return Step(title, rule)

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        c = state["combat"]
        if c["stage"] == "chits":
            return frozenset(sealed.pending(state, tag(state)))
        return frozenset({other(c["side"]) if c["stage"] in ("defender", "refuse") else c["side"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        c = state["combat"]
        stage = c["stage"]
        if stage == "refuse":
            return t(
                "Combat for {hex}: the defender may refuse combat, retreating the whole stack 2 hexes out of enemy zones of control: 'refuse HEX HEX' or 'accept' (default: accept; S 12.6).",
                hex=c["target"],
            )
        if stage == "chits":
            return t("Combat for {hex}: choose up to {n} of your drawn chits in secret: 'chits ID ...' or 'chits none' (default: chits none; S 12.5).", hex=c["target"], n=c["limit"][role])
        if stage == "defender":
            return ngettext(
                "Combat for {hex}: the defender takes {n} hit: 'losses [UNIT ...] [retreat HEX [HEX]]' (default: step losses, retreating only when forced, toward supply; S 12.9, S 12.10).",
                "Combat for {hex}: the defender takes {n} hits: 'losses [UNIT ...] [retreat HEX [HEX]]' (default: step losses, retreating only when forced, toward supply; S 12.9, S 12.10).",
                c["hits"][role],
                hex=c["target"],
            )
        if stage == "attacker":
            return ngettext(
                "Combat for {hex}: the attacker takes {n} step loss: 'losses UNIT ...' (default: the first even spread in unit order; S 12.9).",
                "Combat for {hex}: the attacker takes {n} step losses: 'losses UNIT ...' (default: the first even spread in unit order; S 12.9).",
                c["hits"][role],
                hex=c["target"],
            )
        if stage == "second":
            return t("Combat for {hex}: a second hex for supplied motorised units: 'advance UNIT HEX', then 'advance done' (default: advance done; S 12.11).", hex=c["target"])
        return t("Combat for {hex}: advance into the vacated hex: 'advance UNIT ...' or 'advance none' (default: advance none; S 12.11).", hex=c["target"])

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        c = state["combat"]
        stage = c["stage"]
        acts: list[Action] = []
        if stage == "refuse":
            acts = [Action("accept"), *(Action("refuse", path) for path in refusal_paths(state))]
            acts += [Action("standing", ("refuse", "never")), Action("standing", ("refuse", "always"))]
        elif stage == "chits":
            acts = [Action("chits", combo or ("none",)) for combo in choices(c["drawn"][role], c["limit"][role])]
            acts += [Action("standing", ("chits", "best")), Action("standing", ("clear",))]
        elif stage == "defender":
            acts = defender_actions(state, role)
            acts += [Action("standing", ("retreat", "stand")), Action("standing", ("retreat", "supply"))]
        elif stage == "attacker":
            acts = attacker_actions(state, role)
        elif stage == "second":
            acts = [Action("advance", ("done",))]
            acts += [Action("advance", (u, h)) for u in second_hex_units(state) for h in second_hexes(state, u)]
        else:
            acts = [Action("advance", ("none",))]
            movers = advancers(state)
            acts += [Action("advance", (u,)) for u in movers]
            if len(movers) > 1 and terrain.stacking_points(state, movers) <= terrain.stacking_limit(role):
                acts.append(Action("advance", tuple(movers)))
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        c = state["combat"]
        stage, verb, args = c["stage"], action.verb, list(action.args)
        if stage == "refuse" and verb == "accept":
            accept(state, ctx)
            return
        if stage == "refuse" and verb == "refuse":
            refuse(state, tuple(args), ctx)
            return
        if stage == "chits" and verb == "chits":
            choose(state, role, [] if args == ["none"] else args, ctx)
            return
        if stage == "defender" and verb == "losses":
            retreat: tuple[str, ...] = ()
            splits: list[Split] = []
            if "retreat" in args:
                i = args.index("retreat")
                retreat, args = tuple(args[i + 1 :]), args[:i]
            if "split" in retreat:
                parts = " ".join(retreat).split(" split ")
                retreat = tuple(parts[0].split())
                for part in parts[1:]:
                    group, _, path = part.partition(" to ")
                    splits.append((tuple(group.split()), tuple(path.split())))
            defender_losses(state, retreat, args, ctx, splits)
            return
        if stage == "attacker" and verb == "losses":
            attacker_losses(state, args, ctx)
            return
        if stage == "advance" and verb == "advance":
            advance(state, [] if args == ["none"] else args, ctx)
            return
        if stage == "second" and verb == "advance":
            if args == ["done"]:
                finish(state, ctx)
            elif len(args) == 2:
                advance_second(state, args[0], args[1], ctx)
            else:
                raise IllegalOrder(t("A second hex is taken one unit at a time: 'advance UNIT HEX', or 'advance done'."), "S 12.11")
            return
        if verb in ("refuse", "accept"):
            raise IllegalOrder(t("Combat may be refused only before the chits are drawn, by a defender with tactical superiority and only motorised units."), "S 12.6")
        if verb == "attack" and stage not in ("advance", "second"):
            raise IllegalOrder(
                t("One combat is resolved before the next is declared: the combat for {hex} is at its {step}.", hex=c["target"], step=self.step(game, state, frame).title),
                "S 12.1",
            )
        raise flow.out_of_step(verb, self.step(game, state, frame))
