"""The national Support tables (E59, E68, A35.4): columns of counters by roll, with weapons, radios
and the years each entry is available in (4.3.2).

The rulebook does not print the tables (each nation's reference sheet does): ``data/support.toml``
holds provisional ones (ruling R25). An entry is a counter type (``ger_rifle``), a unit with the
weapon it enters with (``ger_rifle+ger_lmg``: "the unit, with its weapon if any", E59 step 4,
E68 step 3, 11.2) or a radio (``ger_radio``, a radio type of ``data/weapons.csv``), optionally
followed by the years it is available in (``1943-1945``, ``1943-`` or ``-1942``); a scenario's
``year`` (4.3.2) keeps the entries of that year only. A radio is taken only by Reinforcements
(E68 step 3: it goes into the empty Artillery box; Infiltration E59 and Hidden Units A35.4 take
"a counter that is not a Radio"), and only while the player's Artillery box is empty (12: one
radio in play).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.datafiles import read_text
from engine.game import Context, Role, State
from engine.games.combat_commander import weapons
from engine.games.combat_commander.data import GameData
from engine.text import t

PACKAGE = "engine.games.combat_commander"
CODES = {"germany": "ger", "america": "usa", "russia": "rus"}


@dataclass(frozen=True)
class Entry:
    """One entry of a column: its text as the choice lists it, the counter, its weapon, its years."""

    text: str
    counter: str
    weapon: str = ""
    first: int = 0
    last: int = 9999


def parse_entry(raw: str) -> Entry:
    """``TYPE[+WEAPON] [FIRST-LAST]`` (either year may be left out)."""
    spec, _, years = raw.strip().partition(" ")
    counter, _, weapon = spec.partition("+")
    first, last = 0, 9999
    if years.strip():
        low, sep, high = years.strip().partition("-")
        if not sep:
            raise ValueError(raw)
        first = int(low) if low else 0
        last = int(high) if high else 9999
    return Entry(spec, counter, weapon, first, last)


@cache
def tables() -> dict[str, list[tuple[int, int, tuple[Entry, ...]]]]:
    """Each nation's Support table (provisional data): (lowest roll, highest roll, entries) per column."""
    out: dict[str, list[tuple[int, int, tuple[Entry, ...]]]] = {}
    for nation, columns in tomllib.loads(read_text(PACKAGE, "data/support.toml")).items():
        out[nation] = []
        for span, entries in columns.items():
            low, _, high = span.partition("-")
            out[nation].append((int(low), int(high or low), tuple(parse_entry(e) for e in entries)))
    return out


def column(nation: str, total: int) -> tuple[Entry, ...]:
    return next((entries for low, high, entries in tables()[nation] if low <= total <= high), ())


def is_radio(counter: str) -> bool:
    kind = weapons.types().get(counter)
    return kind is not None and kind.kind == "radio"


def problems(data: GameData) -> list[str]:
    """What is wrong with the Support tables (``adjutant validate``): unknown counters or weapons,
    a weapon given to a radio, years the wrong way round, rolls 2-12 not each in exactly one column."""
    out: list[str] = []
    try:
        found = tables()
    except ValueError as bad:
        return [f"support.toml: entry {bad} is not 'TYPE[+WEAPON] [FIRST-LAST]'"]
    for nation, columns in found.items():
        for _, _, entries in columns:
            for e in entries:
                if e.counter not in data.counters and not is_radio(e.counter):
                    out.append(f"support.toml {nation}: unknown counter {e.counter!r}")
                if e.weapon and (weapons.types().get(e.weapon) is None or weapons.types()[e.weapon].kind != "weapon" or is_radio(e.counter)):
                    out.append(f"support.toml {nation}: {e.text!r} does not give a weapon to a unit (11.2)")
                if e.first > e.last:
                    out.append(f"support.toml {nation}: {e.text!r} has its years the wrong way round")
        for total in range(2, 13):
            n = sum(1 for low, high, _ in columns if low <= total <= high)
            if n != 1:
                out.append(f"support.toml {nation}: roll {total} is in {n} columns")
    return out


def options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    """The entries of the column rolled the drawer may take: of the scenario's year (4.3.2); a radio only
    by Reinforcements into an empty Artillery box (E68, E59, A35.4, 12)."""
    role = choice["role"]
    year = int(state.get("year", 0))
    out = []
    for e in column(state["sides"][role]["nation"], int(choice["total"])):
        if year and not e.first <= year <= e.last:
            continue
        if is_radio(e.counter):
            if choice["event"] != "reinforcements" or weapons.radio(state, role) is not None:
                continue
        elif e.counter not in data.counters:
            continue
        out.append(e.text)
    return out


def take(data: GameData, state: State, choice: dict[str, Any], text: str, ctx: Context) -> str | None:
    """The entry ``text`` enters play: a radio into the Artillery box (E68 step 3; ``None``), else a
    new unit, off the map for now, with its weapon if any (11.2); its id."""
    e = parse_entry(text)
    role: Role = choice["role"]
    code = CODES[state["sides"][role]["nation"]]
    if is_radio(e.counter):
        n = 1 + sum(1 for r in state.get("support_radios", []) if r.startswith(f"{code}-"))
        rid = f"{code}-xr{n}"
        state.setdefault("support_radios", []).append(rid)
        state.setdefault("artillery", {})[role] = {"id": rid, "type": e.counter, "broken": False}
        ctx.log(t("{side} takes the radio {radio} from its Support table: it goes into the Artillery box ({rule}).", side=role, radio=rid, rule=choice["rule"]))
        return None
    n = 1 + sum(1 for uid in state["units"] if uid.startswith(f"{code}-x"))
    uid = f"{code}-x{n}"
    state["units"][uid] = {"type": e.counter, "side": role, "hex": None, "broken": False, "suppressed": False, "activated": "", "opfire": False}
    ctx.log(t("{side} takes {unit} ({type}) from its Support table ({rule}).", side=role, unit=uid, type=data.counters[e.counter].name, rule=choice["rule"]))
    if e.weapon:
        wid = f"{uid}-w"
        state.setdefault("weapons", {})[wid] = {"type": e.weapon, "side": role, "unit": uid, "broken": False}
        ctx.log(t("{unit} enters with its weapon {weapon} (11.2).", unit=uid, weapon=wid))
    return uid
