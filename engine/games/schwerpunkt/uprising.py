"""Uprisings (E 17): the first time a Soviet unit moves within three hexes of a city, the Soviet
rolls on the Uprising Table for that city (one attempt per city in the game), 2d6 +1 for each
earlier success anywhere. A success turns the city's Verfügungskräfte over to its Uprising side:
the VK is lost for good (1 VP to the Soviet, digest 8.1 item 16) and the Uprising unit holds the
city, unless another German unit is there (then the Uprising unit is lost too).

Which moves count (digest 8.1 item 13): a move, an event move, an administrative placement and
an advance after combat; not a retreat. Units that begin the game near a city roll only when they
move. The table's columns and cells are in ``data/tables.toml`` (``[uprising]``, provisional).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import stacks
from engine.game import Context, State
from engine.games.schwerpunkt import terrain
from engine.games.schwerpunkt.effects import record_control
from engine.games.schwerpunkt.model import GERMAN, POLICY, SOVIET, rules, spec
from engine.hexgrid import Label
from engine.text import t

#: E 17: "entro tre esagoni" from a city hex.
RADIUS = 3


def city_names() -> dict[Label, str]:
    """Every city hex of the map with the name its Uprising Table column goes by."""
    return {h: p.name for h, p in sorted(rules().board.places.items()) if p.kind == "city"}


def succeeds(city: str, roll: int) -> bool:
    """The Uprising Table's cell for ``city`` at a modified ``roll``: "S" (True) or "-" (False)."""
    return roll >= int(rules().tables["uprising"]["success_min"][city])


def pair_in(label: Label, kind: str) -> str | None:
    """The unit whose set-up is ``kind:label`` (the city's VK, or its Uprising side)."""
    for uid, s in sorted(rules().units.items()):
        if s.setup == f"{kind}:{label}":
            return uid
    return None


def after_move(state: State, uids: Iterable[str], ctx: Context) -> None:
    """E 17: the Soviet units of ``uids`` have just moved: roll for every city they bring within
    three hexes that has had no attempt yet."""
    grid = rules().board.grid
    tried = state.setdefault("uprisings", {})
    columns = set(rules().tables["uprising"]["cities"])
    for uid in uids:
        if state["units"][uid]["side"] != SOVIET:
            continue
        here = terrain.hex_of(state, uid)
        if here is None:
            continue
        for city, name in city_names().items():
            if city in tried or name not in columns or grid.distance(here, city) > RADIUS:
                continue
            attempt(state, city, name, ctx)


def attempt(state: State, city: Label, name: str, ctx: Context) -> None:
    tried = state.setdefault("uprisings", {})
    successes = sum(1 for result in tried.values() if result == "success")
    roll = ctx.roll(6, t("Uprising in {city} (E 17)", city=name)) + ctx.roll(6, t("Uprising in {city} (E 17)", city=name))
    ok = succeeds(name, roll + successes)
    tried[city] = "success" if ok else "failure"
    if not ok:
        ctx.log(t("No uprising in {city}: roll {roll} +{drm} (E 17).", city=name, roll=roll, drm=successes))
        return
    vk, rising = pair_in(city, "vk"), pair_in(city, "uprising")
    if vk is None or terrain.hex_of(state, vk) != city:
        ctx.log(t("An uprising in {city} (roll {roll} +{drm}), but no Verfügungskräfte is there to turn over (E 17).", city=name, roll=roll, drm=successes))
        return
    stacks.remove(POLICY, state, state["units"], vk)
    state["out_of_play"].append(vk)
    state["vp"] += len(spec(vk).steps) - int(state["units"][vk]["step"])
    others = [u for u in stacks.stack(state, city) if state["units"][u]["side"] == GERMAN]
    if others or rising is None or rising not in state["out_of_play"]:
        ctx.log(t("An uprising in {city} (roll {roll} +{drm}): the Verfügungskräfte is lost, and so is the uprising, as other German units hold the city (E 17).", city=name, roll=roll, drm=successes))
        return
    state["out_of_play"].remove(rising)
    stacks.place(POLICY, state, state["units"], rising, city)
    ctx.log(t("An uprising in {city} (roll {roll} +{drm}): the Verfügungskräfte is lost and the Soviet uprising holds the city (E 17).", city=name, roll=roll, drm=successes))
    record_control(state)
