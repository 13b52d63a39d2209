"""The ``odds`` preview (S 12.4 B-E): the column, every modifier and how many chits each side
will draw, for an attack the asker is considering or the combat under way; read-only.

It never shows more than the asker may see: a defending stack whose lower counters are hidden
from him (S 3.5) is previewed for the attacker's side alone, the defender's strength and
Tactical Value being known only once the attack is declared and the stacks revealed.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import stacks
from engine.game import Role, State
from engine.games.schwerpunkt import combat, terrain
from engine.games.schwerpunkt.model import GERMAN, POLICY, SOVIET, other, rules
from engine.orders import Candidate, match_name
from engine.state import clone
from engine.text import Text, t

NO_CHITS: dict[Role, list[str]] = {GERMAN: [], SOVIET: []}


def join(lines: Sequence[Text]) -> Text:
    out = lines[0]
    for line in lines[1:]:
        out = t("{a}\n{b}", a=out, b=line)
    return out


def preview(state: State, role: Role, args: Sequence[str]) -> Text:
    """``odds`` (the combat under way) or ``odds HEX [with UNIT ...]`` (an attack of ``role``'s)."""
    if not args:
        if "combat" not in state:
            return t("No combat is under way: 'odds HEX [with UNIT ...]' previews an attack of yours.")
        return breakdown(state, role, whole=True)
    target = args[0]
    if target not in rules().board.grid:
        return t("'{hex}' is not a hex of the map: 'odds HEX [with UNIT ...]'.", hex=target)
    held = terrain.sides_in(state).get(target)
    if held is None or held == role:
        return t("{hex} holds no enemy unit to attack.", hex=target)
    general = state["phase"].get("kind") == "general"
    near = set(rules().board.neighbours(target))
    if len(args) > 1:
        if args[1].casefold() != "with" or len(args) < 3:
            return t("Syntax: odds HEX [with UNIT ...]")
        mine = [Candidate(uid, (u["name"],)) for uid, u in sorted(state["units"].items()) if u["side"] == role]
        units = [match_name(a, mine, "unit") for a in args[2:]]
        far = [u for u in units if terrain.hex_of(state, u) not in near]
        if far:
            return t("{unit} is not next to {hex} (S 12.3).", unit=far[0], hex=target)
    else:
        units = sorted(
            u for n in near for u in stacks.stack(state, n)
            if state["units"][u]["side"] == role and combat.can_attack(state, u, general)
        )
        if not units:
            return t("None of your units next to {hex} may attack it now (S 12.3).", hex=target)
    work = clone(state)
    work.pop("combat", None)
    work["combat"] = {
        "n": 0,
        "side": role,
        "target": target,
        "attackers": sorted(set(units)),
        "defenders": [u for u in stacks.stack(state, target) if not state["units"][u]["defended"]],
        "origins": {u: terrain.hex_of(state, u) for u in units},
        "general": general,
    }
    view = stacks.project_stacks(POLICY, state, state["units"], role).get(target)
    whole = view is not None and not any(c.blank for c in view.counters)
    return breakdown(work, role, whole=whole)


def unit_notes(state: State, side: Role) -> list[Text]:
    c = state["combat"]
    attacking = side == c["side"]
    out: list[Text] = []
    for uid in c["attackers"] if attacking else c["defenders"]:
        if state["units"][uid]["oos"]:
            out.append(t("{unit} is out of supply: its CS and TV are halved (S 6.4).", unit=uid))
        if attacking and "major_river" in rules().board.side(c["origins"][uid], c["target"]):
            out.append(t("{unit} attacks across a major river: its CS is halved (E 16.22).", unit=uid))
    units = c["attackers"] if attacking else c["defenders"]
    if combat.mixed_supply(state, units):
        out.append(t("{side}'s force mixes supplied and OOS units: its Tactical Value is the least favourable, every unit's halved (S 12.8).", side=side))
    return out


def breakdown(state: State, role: Role, whole: bool) -> Text:
    """The preview of ``state``'s combat; ``whole``: the asker sees the defending stack whole."""
    c = state["combat"]
    att, dfn = c["side"], other(c["side"])
    a_cs = combat.strength(state, att, NO_CHITS)
    tv_att = combat.side_tv(state, att)
    draws_att = min(tv_att, len(state["cups"][att]))
    lines: list[Text] = [
        t("Attack on {hex} by {side}: {cs} CS, Tactical Value {tv}.", hex=c["target"], side=att, cs=a_cs, tv=tv_att),
        *unit_notes(state, att),
    ]
    if combat.concentric(state):
        lines.append(t("Concentric attack: attacker's Tactical Value +1 (S 12.82)."))
    for why, value in combat.terrain_modifiers(state):
        lines.append(t("Modifier {value:+d}: {why} (E 16.22).", value=value, why=why))
    drm = combat.modifiers(state, NO_CHITS)
    lines.append(t("Die modifier before chits: {drm:+d} (S 12.8, between -10 and +10).", drm=drm))
    if not whole:
        lines.append(
            t(
                "The defending stack shows you only its top counter: its strength and Tactical Value, and so the column, the superiority and the defender's chits, are known once the attack is declared (S 3.5). You would draw {n} chits.",
                n=draws_att,
            )
        )
        return join(lines)
    d_cs = combat.strength(state, dfn, NO_CHITS)
    tv_def = combat.side_tv(state, dfn)
    lines += unit_notes(state, dfn)
    column = combat.column(a_cs, d_cs)
    shown = column or (t("below 1:2, automatic 4/0") if a_cs * 2 < d_cs else t("above 19:1, automatic result"))
    lines.append(t("Defence: {cs} CS, Tactical Value {tv}. Odds {a} to {d}: column {column} (S 12.7, E 16.1).", cs=d_cs, tv=tv_def, a=a_cs, d=d_cs, column=shown))
    if tv_att == tv_def:
        lines.append(t("Nobody has tactical superiority: each side may use up to 2 chits (S 12.52)."))
    else:
        sup = att if tv_att > tv_def else dfn
        lines.append(t("{side} has tactical superiority: up to 3 chits against 1 (S 12.52).", side=sup))
    draws_def = min(tv_def, len(state["cups"][dfn]))
    lines.append(t("Chits drawn: {att} {na}, {dfn} {nd} (S 12.51).", att=att, na=draws_att, dfn=dfn, nd=draws_def))
    units = state["units"]
    if tv_def > tv_att and all(units[u]["move"] == "mot" and not units[u]["oos"] for u in c["defenders"]):
        lines.append(t("The defender may refuse combat, retreating 2 hexes out of enemy zones of control (S 12.6)."))
    return join(lines)
