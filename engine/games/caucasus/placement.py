"""Placing units that arrive: reinforcements, random draws, event units, returning HQs.

A placement is pending with the hexes it may legally go to; the deciding role answers
``place UNIT HEX`` (or ``delay UNIT`` where delay is allowed) and ``done`` places every
remaining unit on its first legal hex, so a player who does not care never blocks the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.game import Action, Context, Prompt, Role, State
from engine.games.caucasus.model import Rules
from engine.text import Text, t

#: Why units wait to be placed, as the prompt names it (the frame keeps the key): the arrivals
#: of the Initial Phase (4.1-4.3, 15.1), the Cadre box (17.2) and the Soviet events (4.7).
REASONS: dict[str, Text] = {
    "Axis reinforcements": t("Axis reinforcements"),
    "Soviet reinforcements": t("Soviet reinforcements"),
    "Random reinforcements": t("Random reinforcements"),
    "Returning HQs": t("Returning HQs"),
    "Returning from the Cadre box": t("Returning from the Cadre box"),
    "Lend-Lease tanks": t("Lend-Lease tanks"),
    "Naval Brigade": t("Naval Brigade"),
    "Turkish Front division": t("Turkish Front division"),
    "Cavalry replacement": t("Cavalry replacement"),
    "Infantry replacement": t("Infantry replacement"),
    "Black Sea Fleet sortie": t("Black Sea Fleet sortie"),
}


def pending(
    state: State,
    role: Role,
    items: Sequence[Mapping[str, Any]],
    why: str,
) -> None:
    """Open a placement window for ``role``. Each item: ``{"unit", "hexes", "delay", "else_box", "rule"}``."""
    if items:
        flow.call(state, "placement", role=role, items=[dict(i) for i in items], why=why)


class Placement(flow.Procedure):
    name = "placement"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("placement of the arriving reinforcements"), "4.1")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({frame["role"]})

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        acts: list[Action] = [Action("done")]
        names = []
        used = frame.get("used", {})
        for item in frame["items"]:
            names.append(item["unit"])
            acts += [
                Action("place", (item["unit"], h))
                for h in item["hexes"]
                if not item.get("exclusive") or used.get(h, 0) < capacity(game.rules, state, h)
            ]
            if item.get("delay"):
                acts.append(Action("delay", (item["unit"],)))
            if item.get("caspian"):
                acts.append(Action("caspian", (item["unit"],)))
        return Prompt(
            role,
            t("{why}: place {units} ('place UNIT HEX'; 'done' puts the rest on their first legal hex).", why=REASONS.get(frame["why"], frame["why"]), units=", ".join(names)),
            tuple(acts),
        )

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        items: list[dict[str, Any]] = frame["items"]
        if action.verb == "done":
            for each in list(items):
                used = frame.setdefault("used", {})
                free = [h for h in each["hexes"] if not each.get("exclusive") or used.get(h, 0) < capacity(rules, state, h)]
                target = free[0] if free else None
                if target is not None and each.get("exclusive"):
                    used[target] = used.get(target, 0) + 1
                place_item(rules, state, each, target, ctx)
            frame["items"] = []
        elif action.verb in ("place", "delay", "caspian"):
            uid = action.args[0]
            item: dict[str, Any] | None = next((i for i in items if i["unit"] == uid), None)
            if item is None:
                raise IllegalOrder(
                    t("{unit} is not waiting to be placed; waiting: {units}.", unit=uid, units=", ".join(i["unit"] for i in items)),
                    self.step(game, state, frame).rule,
                )
            if action.verb == "caspian":
                if not item.get("caspian"):
                    raise IllegalOrder(t("Only Soviet turn-track reinforcements may go to the Eastern Caspian box."), "4.3")
                state["units"][uid].update(hex=None, box="caspian", due=None)
                ctx.log(t("{unit} goes to the Eastern Caspian box (4.3).", unit=uid))
            elif action.verb == "delay":
                if not item.get("delay"):
                    raise IllegalOrder(t("{unit} may not be delayed.", unit=uid), item.get("rule"))
                state["units"][uid]["due"] = int(state["turn"]) + 1
                state["units"][uid]["box"] = "track"
                ctx.log(t("{unit} is delayed to next turn.", unit=uid))
            else:
                label = action.args[1]
                if label not in item["hexes"]:
                    raise IllegalOrder(
                        t("{unit} may not be placed in {hex}; legal: {hexes}.", unit=uid, hex=label, hexes=", ".join(item["hexes"]) or "none"),
                        item.get("rule"),
                    )
                if item.get("exclusive"):
                    used = frame.setdefault("used", {})
                    if used.get(label, 0) >= capacity(rules, state, label):
                        raise IllegalOrder(t("Only one random reinforcement may be placed in {hex} (two on a Front HQ in a Major City).", hex=label), "4.4")
                    used[label] = used.get(label, 0) + 1
                place_item(rules, state, item, label, ctx)
            frame["items"] = [i for i in items if i["unit"] != uid]
        else:
            raise flow.out_of_step(action.verb, self.step(game, state, frame), t("Place the arriving units first: 'place UNIT HEX' or 'done'."))
        if not frame["items"]:
            flow.end(state)


def capacity(rules: Rules, state: State, label: str) -> int:
    place = rules.board.places.get(label)
    front_hq = any(
        u.get("hex") == label and "front_hq" in rules.units[uid].flags for uid, u in state["units"].items()
    )
    return 2 if front_hq and place is not None and place.kind == "major_city" else 1


def place_item(rules: Rules, state: State, item: Mapping[str, Any], label: str | None, ctx: Context) -> None:
    uid = item["unit"]
    unit = state["units"][uid]
    if label is None:
        box = item.get("else_box", "track")
        unit["hex"] = None
        unit["box"] = box
        if box == "track":
            unit["due"] = int(state["turn"]) + 1
        ctx.log(t("{unit} has no legal place to arrive and goes to the {box} box.", unit=uid, box=box))
        return
    unit["hex"] = label
    unit["box"] = None
    unit["due"] = None
    ctx.log(t("{unit} ({name}) arrives in {hex}.", unit=uid, name=rules.units[uid].name, hex=label))
    last = state.setdefault("last", {})
    last.setdefault("focus", []).append(label)
