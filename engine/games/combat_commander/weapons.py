"""Weapons (11) and Radios (12): their counters, who carries what, and what a weapon brings to a Fire attack.

State (both optional, absent in positions saved before weapons existed):
``weapons[wid]``: type, side, unit (its carrier's id; ``None`` once eliminated into the Casualty
track's Weapons box, 4.2, 11.4), broken;
``artillery[role]``: the radio in that player's Artillery box (12, 8.1.2) as id, type, broken;
``None`` or absent when the box is empty.

A piece of a Fire attack (O20.3) is a unit or a weapon; ``hex_of``, ``side_of`` and
``fire_value`` answer for both, so that the fire procedures treat them alike.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.datafiles import read_text
from engine.errors import IllegalOrder
from engine.game import Context, Role, State
from engine.games.combat_commander import fortifications, model
from engine.games.combat_commander.board import Board
from engine.games.combat_commander.data import PACKAGE, GameData
from engine.hexgrid import Label
from engine.text import t

FLAGS = frozenset({"ordnance", "smoke", "boxed_fp", "boxed_range", "flamethrower", "molotov", "satchel"})


@dataclass(frozen=True)
class WeaponType:
    """One weapon or radio counter, both sides (the broken side only repairs or eliminates, 11.4)."""

    type: str
    nation: str
    kind: str
    name: str
    tag: str
    fp: int
    min_range: int
    range: int
    move: int
    flags: frozenset[str]
    repair: tuple[int, int] | None
    eliminate: tuple[int, int] | None

    @property
    def ordnance(self) -> bool:
        return "ordnance" in self.flags

    @property
    def smoke(self) -> bool:
        return "smoke" in self.flags


def _span(text: str) -> tuple[int, int] | None:
    text = text.strip()
    if not text:
        return None
    low, _, high = text.partition("-")
    return int(low), int(high or low)


def parse(text: str) -> tuple[dict[str, WeaponType], list[str]]:
    """The weapon and radio types of ``data/weapons.csv``, and the problems found in it."""
    problems: list[str] = []
    first = text.splitlines()[0].upper() if text else ""
    if "PROVISIONAL" not in first and "TRANSCRIBED" not in first:
        problems.append("weapons.csv: line 1 must say PROVISIONAL or TRANSCRIBED")
    rows = "\n".join(line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))
    out: dict[str, WeaponType] = {}
    for n, row in enumerate(csv.DictReader(io.StringIO(rows)), start=1):
        try:
            span = _span(row["range"]) or (0, 0)
            flags = frozenset(row["flags"].split())
            w = WeaponType(
                type=row["type"], nation=row["nation"], kind=row["kind"], name=row["name"], tag=row["tag"],
                fp=int(row["fp"]), min_range=span[0] if "-" in row["range"] else 0, range=span[1],
                move=int(row["move"] or 0), flags=flags,
                repair=_span(row["repair"] or ""), eliminate=_span(row["eliminate"] or ""),
            )
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            problems.append(f"weapons.csv line {n}: {exc}")
            continue
        if w.kind not in ("weapon", "radio"):
            problems.append(f"weapons.csv {w.type}: kind must be weapon or radio")
        if flags - FLAGS:
            problems.append(f"weapons.csv {w.type}: unknown flags {sorted(flags - FLAGS)}")
        if w.kind == "radio" and not 8 <= w.fp <= 13:
            problems.append(f"weapons.csv {w.type}: a radio has FP 8 to 13 (12)")
        out[w.type] = w
    return out, problems


@cache
def load() -> tuple[dict[str, WeaponType], tuple[str, ...]]:
    types, problems = parse(read_text(PACKAGE, "data/weapons.csv"))
    return types, tuple(problems)


def types() -> dict[str, WeaponType]:
    return load()[0]


# Who carries what ------------------------------------------------------------------------------


def table(state: State) -> dict[str, dict[str, Any]]:
    return dict(state.get("weapons", {}))


def is_weapon(state: State, pid: str) -> bool:
    return pid in state.get("weapons", {})


def wtype(state: State, wid: str) -> WeaponType:
    return types()[state["weapons"][wid]["type"]]


def carried(state: State, uid: str) -> str | None:
    """The weapon ``uid`` carries (one at most, 11.2)."""
    return next((w for w, v in sorted(table(state).items()) if v["unit"] == uid), None)


def with_weapons(state: State, units: list[str]) -> list[str]:
    """The units and the weapons they carry: activated together (11.1)."""
    out = list(units)
    for uid in units:
        wid = carried(state, uid)
        if wid is not None:
            out.append(wid)
    return out


def carrier(state: State, pid: str) -> str:
    """A unit is its own carrier; a weapon's is the unit that carries it (``""`` once eliminated)."""
    if not is_weapon(state, pid):
        return pid
    return str(state["weapons"][pid]["unit"] or "")


def hex_of(state: State, pid: str) -> Label | None:
    uid = carrier(state, pid)
    return state["units"][uid]["hex"] if uid else None


def side_of(state: State, pid: str) -> Role:
    return str(state["weapons"][pid]["side"] if is_weapon(state, pid) else state["units"][pid]["side"])


def move_penalty(state: State, uid: str) -> int:
    """The red bold modifier of the carried weapon to the carrier's Movement (11.1)."""
    wid = carried(state, uid)
    return wtype(state, wid).move if wid is not None else 0


# Firing (11.1, 11.5, 3.3.1.3, O20) ------------------------------------------------------------


def why_not(data: GameData, board: Board, state: State, wid: str) -> IllegalOrder | None:
    """Why the weapon cannot fire now, or ``None``."""
    w = state["weapons"][wid]
    uid = w["unit"]
    if uid is None or state["units"][uid]["hex"] is None:
        return IllegalOrder(t("{weapon} is eliminated.", weapon=wid), "11.4")
    if w["broken"]:
        return IllegalOrder(t("{weapon} is broken and cannot fire until it is repaired.", weapon=wid), "11.4")
    u = state["units"][uid]
    if u["broken"]:
        return IllegalOrder(t("{unit} is broken: a broken unit cannot fire its weapon (11.1, 3.2.3).", unit=uid), "11.1")
    if u["suppressed"]:
        return IllegalOrder(t("{unit} is suppressed: a suppressed unit cannot fire its weapon.", unit=uid), "13.2")
    if fortifications.fort_at(state, u["hex"]) == "wire":
        return IllegalOrder(t("No weapon may fire from a hex with Wire."), "F106.3")
    terrain = board.terrain(u["hex"])
    if terrain.water:
        return IllegalOrder(t("No weapon may fire from {terrain}.", terrain=terrain.name), terrain.rule or "T89")
    return None


def weapon_bonus(data: GameData, state: State, wid: str) -> int:
    """Σ Command of friendly leaders in the hex, for weapons without a white band carried by non-leaders (3.3.1.3)."""
    uid = carrier(state, wid)
    if not uid or wtype(state, wid).ordnance:
        return 0
    return model.leader_bonus(data, state, uid)


def fire_value(data: GameData, state: State, pid: str, stat: str) -> int:
    """A piece's FP or Range: a unit's (2.9), or a weapon's printed value with its leader bonus (3.3.1.3)."""
    if not is_weapon(state, pid):
        return model.value(data, state, pid, stat)
    w = wtype(state, pid)
    return (w.fp if stat == "fp" else w.range) + weapon_bonus(data, state, pid)


def min_range(state: State, pid: str) -> int:
    """A mortar's minimum range (O20.2.2); 0 for every other piece."""
    return wtype(state, pid).min_range if is_weapon(state, pid) else 0


def ordnance(state: State, pid: str) -> bool:
    return is_weapon(state, pid) and wtype(state, pid).ordnance


def ignores_cover(state: State, pieces: list[str]) -> bool:
    """A Flamethrower or a Molotov sets the target's Cover to 0 (11.6)."""
    return any(is_weapon(state, p) and wtype(state, p).flags & {"flamethrower", "molotov"} for p in pieces)


def jam(state: State, pieces: list[str], ctx: Context) -> None:
    """Jam! on a Fire attack roll breaks every firing weapon; the attack goes on (1.9.1.2, O20.3.3.1)."""
    fired = [p for p in pieces if is_weapon(state, p) and state["weapons"][p]["unit"] is not None]
    if not fired:
        ctx.log(t("Jam! (1.9.1.2): no weapon fired in this attack."))
    for wid in fired:
        break_weapon(state, wid, ctx, "O20.3.3.1")


def single_use(state: State, pieces: list[str], ctx: Context) -> None:
    """Satchel charges and Molotovs are eliminated as soon as their Fire attack roll is made (11.6)."""
    for p in pieces:
        if is_weapon(state, p) and wtype(state, p).flags & {"satchel", "molotov"} and state["weapons"][p]["unit"] is not None:
            eliminate_weapon(state, p, ctx, "11.6")


# Breaking, repair, elimination (11.3, 11.4, 4.2) -------------------------------------------


def break_weapon(state: State, wid: str, ctx: Context, rule: str) -> None:
    """A good weapon is flipped to broken; a broken one that breaks again is eliminated (11.4)."""
    w = state["weapons"][wid]
    if w["broken"]:
        eliminate_weapon(state, wid, ctx, "11.4")
        return
    w["broken"] = True
    ctx.log(t("{weapon} ({unit}) breaks ({rule}).", weapon=wid, unit=w["unit"], rule=rule))


def eliminate_weapon(state: State, wid: str, ctx: Context, rule: str) -> None:
    """Into the Weapons box of the Casualty track (4.2, 11.4); it scores nothing."""
    w = state["weapons"][wid]
    ctx.log(t("{weapon} ({unit}) is eliminated into the Weapons box ({rule}).", weapon=wid, unit=w["unit"], rule=rule))
    w.update(unit=None, broken=False)


def random_hex_check(state: State, label: Label, ctx: Context) -> None:
    """A Random Hex's number against every broken weapon, before its sniper or event (11.4, 1.8)."""
    digits = "".join(ch for ch in label if ch.isdigit())
    if not digits:
        return
    number = int(digits)
    for wid, w in sorted(table(state).items()):
        if not w["broken"] or w["unit"] is None:
            continue
        kind = wtype(state, wid)
        if kind.repair and kind.repair[0] <= number <= kind.repair[1]:
            w["broken"] = False
            ctx.log(t("Random hex {hex}: {weapon} is repaired (11.4).", hex=label, weapon=wid))
        elif kind.eliminate and kind.eliminate[0] <= number <= kind.eliminate[1]:
            eliminate_weapon(state, wid, ctx, "11.4")


def transfer(data: GameData, state: State, wid: str, receiver: str, role: Role) -> None:
    """Checks of a transfer to a friendly unit in the same hex that has no weapon (O21.1.1, 11.2)."""
    w = state["weapons"][wid]
    if w["side"] != role or w["unit"] is None:
        raise IllegalOrder(t("{weapon} is not one of your weapons in play.", weapon=wid), "O21.1.1")
    r = state["units"].get(receiver)
    if r is None or r["side"] != role or r["hex"] is None or r["hex"] != state["units"][w["unit"]]["hex"] or receiver == w["unit"]:
        raise IllegalOrder(t("{unit} is not another friendly unit in {weapon}'s hex.", unit=receiver, weapon=wid), "O21.1.1")
    if carried(state, receiver) is not None:
        raise IllegalOrder(t("{unit} already carries a weapon: one weapon per unit (11.2, O21.1.1).", unit=receiver), "11.2")


def tag(state: State, wid: str) -> str:
    """The weapon's tag beside its carrier on the map: its short name, and 'broken' when it is (11.4)."""
    w = wtype(state, wid)
    return f"{w.tag} broken" if state["weapons"][wid]["broken"] else w.tag


# Radios (12, 8.1.2) -----------------------------------------------------------------------------


def radio(state: State, role: Role) -> dict[str, Any] | None:
    """The radio in ``role``'s Artillery box, or ``None``."""
    box: Mapping[str, Any] = state.get("artillery", {})
    found = box.get(role)
    return dict(found) if found else None


def radio_type(state: State, role: Role) -> WeaponType:
    found = radio(state, role)
    if found is None:
        raise KeyError(role)
    return types()[found["type"]]
