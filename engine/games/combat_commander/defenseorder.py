"""The order of the defense rolls (O20.3.4, digest 6.3 W4): the defending player chooses it, against
a Fire attack, each hex of an artillery barrage (O18.2.3.2: the Impact roll follows O20.3.4) and a
mine attack (F103.2: likewise).

Once the Attack total is known, before each defense roll while two or more of his units are still
to roll, the owner is asked which of them rolls next (``choose UNIT``), or ``pass``, which keeps
the published order for the rest of the attack (ruling R8: leaders last, then by unit id). The
question is asked on public information only (the units attacked), and a standing
``react windows pass`` answers it with that order.

The three attacks keep their defenders alike: ``defenders`` and the index of the next to roll
(``next``; ``dnext`` in a barrage, whose ``next`` is its hex), and the Attack total (``total``, less
``conceal`` once Concealment is played, A29).
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.flow import Step
from engine.game import Context, Role, State
from engine.games.combat_commander import deployresults, model
from engine.games.combat_commander.data import GameData
from engine.games.combat_commander.nextorder import NextInOrder
from engine.hexgrid import Label
from engine.text import Text, t

PROC = "defense_order"
#: The procedures whose units roll defense: a Fire attack, a barrage, a mine attack.
ATTACKS = ("fire_attack", "fire_for_effect", "mine_attack")


def attack_frame(state: State) -> flow.Frame:
    """The attack (Fire attack, barrage or mine attack) under this question or window."""
    return next(f for f in reversed(flow.stack(state)) if f["proc"] in ATTACKS)


def index_key(frame: flow.Frame) -> str:
    """Where the attack ``frame`` keeps the index of its next defender."""
    return "dnext" if frame["proc"] == "fire_for_effect" else "next"


def attacked_hexes(state: State, frame: flow.Frame, uid: str) -> list[Label]:
    """The hexes attacked for ``uid``: the target hex(es), the barrage's hex, or the unit's own hex
    against mines (it is attacked wherever its step took it, F103.2)."""
    if frame["proc"] == "fire_attack":
        return [frame["target"], *([frame["spray"]] if frame["spray"] else [])]
    if frame["proc"] == "fire_for_effect":
        return [frame["hexes"][frame["next"]]]
    return [frame["where"][uid]] if uid in frame.get("where", {}) else []


def total(frame: flow.Frame) -> int:
    """The Attack total the next defender rolls against (O20.3.4, less Concealment's A29)."""
    return max(0, int(frame["total"]) - int(frame.get("conceal", 0)))


def apply_defense(data: GameData, state: State, uid: str, takers: list[str], morale: int, roll: int, total: int, ctx: Context) -> None:
    """O20.3.4, against a barrage or a mine attack: Morale (Cover included) + roll below the total, or
    equal for a unit that moved, hits every unit that takes the result (``takers``, E52.2); equal,
    suppresses them; above, no effect. ``uid`` names the defender in the log."""
    defense = morale + roll
    if defense < total or (defense == total and state["units"][takers[0]]["activated"] == "move"):
        ctx.log(t("{unit}: {morale} + {roll} = {defense} against {total}: hit (O20.3.4).", unit=uid, morale=morale, roll=roll, defense=defense, total=total))
        for taker in takers:
            model.hit(data, state, taker, ctx)
    elif defense == total:
        ctx.log(t("{unit}: {morale} + {roll} = {defense}, a tie: suppressed (O20.3.4).", unit=uid, morale=morale, roll=roll, defense=defense))
        for taker in takers:
            state["units"][taker]["suppressed"] = True
    else:
        ctx.log(t("{unit}: {morale} + {roll} = {defense} against {total}: no effect.", unit=uid, morale=morale, roll=roll, defense=defense, total=total))


def to_roll(state: State, frame: flow.Frame) -> list[str]:
    """The defenders of the attack ``frame`` still to roll, in their current order: the owner's of the next one."""
    rest = [u for u in frame["defenders"][frame[index_key(frame)]:] if deployresults.stand_ins(state, u, attacked_hexes(state, frame, u))]
    if not rest:
        return []
    side = state["units"][rest[0]]["side"]
    return [u for u in rest if state["units"][u]["side"] == side]


def ask(state: State, frame: flow.Frame) -> bool:
    """O20.3.4: before the next defense roll of the attack ``frame``, its owner chooses which unit
    rolls (True: the question is open), unless one unit is left or he kept the order (``pass``)."""
    if frame.get("order_kept") or frame.get("ordered") == frame[index_key(frame)] or len(to_roll(state, frame)) < 2:
        return False
    flow.call(state, PROC)
    return True


def new_attack(frame: flow.Frame) -> None:
    """A barrage's next hex or the next mine attack is an attack of its own: its owner is asked again."""
    frame.pop("order_kept", None)
    frame.pop("ordered", None)


class DefenseOrder(NextInOrder):
    name = PROC
    items_key = "defenders"
    rule = "O20.3.4"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("order of the defense rolls"), "O20.3.4")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({owner(state)})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        a = attack_frame(state)
        units = to_roll(state, a)
        return t(
            "Defense rolls against {total} (O20.3.4): choose which of your units rolls next, 'choose UNIT' ({units}), or 'pass' to roll in this order.",
            total=total(a),
            units=", ".join(units),
        )

    def owner_frame(self, state: State) -> flow.Frame:
        return attack_frame(state)

    def position(self, f: flow.Frame) -> int:
        return int(f[index_key(f)])

    def remaining(self, state: State, f: flow.Frame) -> list[str]:
        return to_roll(state, f)

    def kept_log(self, role: Role, items: list[str]) -> Text:
        return t("{side} rolls the defenses in the order {units} (O20.3.4).", side=role, units=", ".join(items))

    def chosen_log(self, role: Role, item: str) -> Text:
        return t("{unit} rolls its defense next (O20.3.4).", unit=item)

    def syntax(self) -> Text:
        return t("Syntax: choose UNIT, or pass.")

    def refusal(self, item: str, items: list[str]) -> IllegalOrder:
        return IllegalOrder(t("{unit} is not one of the defenders still to roll: choose one of {units}.", unit=item, units=", ".join(items)), "O20.3.4")


def owner(state: State) -> Role:
    """Who answers the question on top: the owner of the units still to roll (against a Fire attack,
    the attacker's opponent)."""
    a = attack_frame(state)
    if a["proc"] == "fire_attack":
        return model.other(a["attacker"])
    units = to_roll(state, a)
    if units:
        return str(state["units"][units[0]]["side"])
    return str(a["owner"]) if a["proc"] == "mine_attack" else model.other(a["role"])
