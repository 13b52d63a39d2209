"""The referee's overrides for weapons (11) and radios (12): any state a position needs.

``weapon WEAPON UNIT [TYPE]``: the weapon is carried by UNIT (a new one needs its TYPE), good;
``weapon WEAPON broken|good|eliminated``: flipped, or into the Weapons box (11.4, 4.2);
``radio axis|allies TYPE``, ``radio axis|allies broken|good|none``: the Artillery box (12, 8.1.2).
"""

from __future__ import annotations

from engine.errors import InvalidOrder
from engine.game import State
from engine.games.combat_commander import model, weapons
from engine.text import t

WEAPON_USAGE = "weapon WEAPON UNIT [TYPE], weapon WEAPON broken|good|eliminated"
RADIO_USAGE = "radio axis|allies TYPE, radio axis|allies broken|good|none"


def weapon(state: State, args: list[str]) -> None:
    if len(args) not in (2, 3):
        raise InvalidOrder(t("Syntax: {syntax}", syntax=WEAPON_USAGE))
    wid, what = args[0].lower(), args[1].lower()
    table = state.setdefault("weapons", {})
    if what in ("broken", "good", "eliminated") and len(args) == 2:
        if wid not in table:
            raise InvalidOrder(t("'{weapon}' is not a weapon of this game: give it a carrier and a type first.", weapon=wid), t("Syntax: {syntax}", syntax=WEAPON_USAGE))
        if what == "eliminated":
            table[wid].update(unit=None, broken=False)
        else:
            if table[wid]["unit"] is None:
                raise InvalidOrder(t("{weapon} is eliminated: give it a carrier first.", weapon=wid), t("Syntax: {syntax}", syntax=WEAPON_USAGE))
            table[wid]["broken"] = what == "broken"
        return
    if what not in state["units"]:
        raise InvalidOrder(t("'{unit}' is not a unit of this scenario.", unit=args[1]), t("Syntax: {syntax}", syntax=WEAPON_USAGE))
    kind = args[2].lower() if len(args) == 3 else (table[wid]["type"] if wid in table else "")
    known = {k for k, v in weapons.types().items() if v.kind == "weapon"}
    if kind not in known or wid in state["units"]:
        raise InvalidOrder(
            t("Name a new weapon with its type: {types}.", types=", ".join(sorted(known))), t("Syntax: {syntax}", syntax=WEAPON_USAGE)
        )
    other = weapons.carried(state, what)
    if other is not None and other != wid:
        raise InvalidOrder(t("{unit} already carries {weapon}: one weapon per unit (11.2).", unit=what, weapon=other))
    table[wid] = {"type": kind, "side": state["units"][what]["side"], "unit": what, "broken": False}


def radio(state: State, args: list[str]) -> None:
    if len(args) != 2 or args[0].lower() not in model.ROLES:
        raise InvalidOrder(t("Syntax: {syntax}", syntax=RADIO_USAGE))
    role, what = args[0].lower(), args[1].lower()
    box = state.setdefault("artillery", {r: None for r in model.ROLES})
    if what == "none":
        box[role] = None
        return
    if what in ("broken", "good"):
        if not box.get(role):
            raise InvalidOrder(t("{side}'s Artillery box is empty: put a radio in it first.", side=role), t("Syntax: {syntax}", syntax=RADIO_USAGE))
        box[role]["broken"] = what == "broken"
        return
    known = {k for k, v in weapons.types().items() if v.kind == "radio"}
    if what not in known:
        raise InvalidOrder(t("Name a radio type: {types}.", types=", ".join(sorted(known))), t("Syntax: {syntax}", syntax=RADIO_USAGE))
    rid = box[role]["id"] if box.get(role) else f"{role}-radio"
    box[role] = {"id": rid, "type": what, "broken": False}
