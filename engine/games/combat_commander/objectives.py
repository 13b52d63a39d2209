"""Objective chits (7.3): open and secret chits, what each objective is worth, and their VP.

State: ``chits`` = {``pool``: chits not drawn, ``open``: open chits (in the centre of the
Objectives box), ``secret``: role -> the chits that role holds face down}. A secret chit is its
holder's alone until Reconnaissance (E67) or the end of the game (6.3.2) reveals it: ``view``
shows the others only how many a side holds, and ``secrets`` lists their ids for the harness.
Open chits score at once for the controller of each objective they value, and again whenever
control changes (7.3.3); secret ones score when revealed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.datafiles import read_text
from engine.game import Context, Role, State
from engine.text import Text, t

PACKAGE = "engine.games.combat_commander"
ROLES = ("axis", "allies")
NUMBERS = ("1", "2", "3", "4", "5")


@dataclass(frozen=True)
class Chit:
    """One objective chit: ``objective`` (one objective worth ``vp``), ``all`` (each worth ``vp``) or ``special``."""

    id: str
    kind: str
    objective: str
    vp: int
    what: str
    secret: bool


def parse_chits(text: str) -> dict[str, Chit]:
    out: dict[str, Chit] = {}
    for letter, entry in tomllib.loads(text).items():
        out[f"chit-{letter.lower()}"] = Chit(
            id=f"chit-{letter.lower()}",
            kind=str(entry["kind"]),
            objective=str(entry.get("objective", "")),
            vp=int(entry.get("vp", 0)),
            what=str(entry.get("what", "")),
            secret=bool(entry.get("secret", True)),
        )
    return out


@cache
def chits() -> Mapping[str, Chit]:
    return parse_chits(read_text(PACKAGE, "data/objectives.toml"))


def describe(cid: str) -> Text:
    """A chit's open face, as anyone reads it once it is open (7.3.1.2)."""
    c = chits()[cid]
    if c.kind == "objective":
        return t("{chit}: Objective {number} is worth {vp} VP", chit=cid, number=c.objective, vp=c.vp)
    if c.kind == "all":
        return t("{chit}: every objective is worth {vp} VP", chit=cid, vp=c.vp)
    if c.what == "sudden_death":
        return t("{chit}: control of all five objectives wins just before a Sudden Death roll", chit=cid)
    if c.what == "exit":
        return t("{chit}: VP for exiting units are doubled", chit=cid)
    return t("{chit}: VP for eliminated units are doubled", chit=cid)


def empty() -> dict[str, Any]:
    return {"pool": sorted(chits()), "open": [], "secret": {r: [] for r in ROLES}}


def problems(table: Mapping[str, Chit] | None = None) -> list[str]:
    """What is wrong with the chit table (``adjutant validate``): 22 chits (7.3.1.2), known kinds and objectives."""
    table = chits() if table is None else table
    out = [] if len(table) == 22 else [f"objectives.toml: {len(table)} chits, the game has 22 (7.3.1.2)"]
    for c in table.values():
        if c.kind not in ("objective", "all", "special"):
            out.append(f"objectives.toml {c.id}: unknown kind {c.kind!r}")
        elif c.kind == "objective" and c.objective not in NUMBERS:
            out.append(f"objectives.toml {c.id}: objective {c.objective!r} is not 1-5")
        elif c.kind == "special" and c.what not in ("sudden_death", "exit", "elimination"):
            out.append(f"objectives.toml {c.id}: unknown special {c.what!r}")
    return out


def of(state: State) -> dict[str, Any]:
    """The state's chits (a state from before the chits existed has none drawn)."""
    if "chits" not in state:
        state["chits"] = empty()
    found: dict[str, Any] = state["chits"]
    return found


def worth(state: State, number: str, which: list[str] | None = None) -> int:
    """What objective ``number`` is worth by the open chits (or by ``which``): cumulative (7.3.1.2)."""
    ids = list(of(state)["open"]) if which is None else which
    total = 0
    for cid in ids:
        c = chits()[cid]
        if (c.kind == "objective" and c.objective == number) or c.kind == "all":
            total += c.vp
    return total


def special_open(state: State, what: str) -> bool:
    return any(chits()[c].what == what for c in of(state)["open"])


def _score(state: State, role: Role, points: int) -> None:
    state["vp"] += points if role == "axis" else -points


def score_chits(state: State, ids: list[str], ctx: Context) -> None:
    """Chits that have just become open score for whoever controls each objective they value (7.3.3, E67, E74)."""
    for number in NUMBERS:
        holder = state["objectives"].get(number, "")
        points = worth(state, number, ids)
        if holder and points:
            _score(state, holder, points)
            ctx.log(t("Objective {number} is worth {vp} VP more to {side}, who controls it (7.3.3).", number=number, vp=points, side=holder))


def control_changed(state: State, number: str, old: str, new: str, ctx: Context | None) -> None:
    """An objective changes hands: the old controller loses its open value, the new one gains it (7.3.3)."""
    points = worth(state, number)
    if not points:
        return
    if old:
        _score(state, old, -points)
    _score(state, new, points)
    if ctx is not None:
        ctx.log(t("Objective {number} (worth {vp} VP) passes to {side} (7.3.3).", number=number, vp=points, side=new))


def draw(state: State, ctx: Context, role: Role, secret: bool) -> str | None:
    """Draw a random chit from the pool: secret for ``role`` if asked and it has a secret side, else open (E65, E74, 7.3.3)."""
    box = of(state)
    pool: list[str] = box["pool"]
    if not pool:
        ctx.log(t("No objective chit is left to draw (7.3.1.2)."))
        return None
    cid: str = ctx.pick(sorted(pool), t("an objective chit"))
    pool.remove(cid)
    if secret and chits()[cid].secret:
        box["secret"][role].append(cid)
        ctx.log(t("{side} draws a secret objective chit (7.3.3).", side=role))
        ctx.reveal(t("Your secret objective: {chit}.", chit=describe(cid)), to=role)
        return cid
    if secret:
        ctx.log(t("The chit {side} draws has no secret side: it is placed open (7.3.3).", side=role))
    open_chit(state, cid, ctx)
    return cid


def open_chit(state: State, cid: str, ctx: Context) -> None:
    box = of(state)
    box["open"].append(cid)
    ctx.reveal(t("Open objective: {chit}.", chit=describe(cid)))
    score_chits(state, [cid], ctx)


def reveal(state: State, role: Role, cid: str, ctx: Context) -> None:
    """A secret chit of ``role`` becomes open for the rest of the game and scores (E67, 6.3.2)."""
    box = of(state)
    box["secret"][role].remove(cid)
    ctx.log(t("{side} reveals a secret objective chit.", side=role))
    open_chit(state, cid, ctx)


def reveal_all(state: State, ctx: Context) -> None:
    """At the end by Sudden Death every secret chit is revealed and scored for the controllers (6.3.2)."""
    box = of(state)
    for role in ROLES:
        for cid in list(box["secret"][role]):
            reveal(state, role, cid, ctx)


def all_five(state: State) -> Role | None:
    """The side that controls all five objectives when the Sudden Death special chit is open or held by it (7.3.1.2)."""
    box = of(state)
    for role in ROLES:
        if all(state["objectives"].get(n) == role for n in NUMBERS):
            held = [*box["open"], *box["secret"][role]]
            if any(chits()[c].what == "sudden_death" for c in held):
                return role
    return None


def secret_ids(state: State) -> dict[Role, set[str]]:
    box = of(state)
    return {r: set(box["secret"][r]) for r in ROLES}


def view(state: State, viewer: Role) -> dict[str, Any]:
    """Open chits for all; one's own secret chits whole (the referee's: all); the others' only counted (7.3.3)."""
    box = of(state)
    return {
        "open": [describe(c).format() for c in box["open"]],
        "secret": {
            r: ([describe(c).format() for c in box["secret"][r]] if viewer in (r, "referee") else len(box["secret"][r]))
            for r in ROLES
        },
    }
