"""One Fire attack as a sequence with its windows (O20.3, A24.2, digest 6.3 W3-W5, W9).

``start`` opens the window before the attack roll (W3): the firing player may play the actions
that add to the attack (``fireactions``). The attack roll is then a held roll (9.1): the
Initiative card's holder may cancel it, and only once it is accepted do its triggers happen
(1.9.1) and its total count. Every unit in the target hex(es) at the moment of the roll then
defends in turn: the window before its defense roll (W4, Concealment A29), its own held
defense roll, and, when a Squad takes a hit, its owner's Light Wounds window (W5, A36).

Windows open on public information only: W3 for the firer at every attack, W4 for the
defender when the target hex gives Cover (Concealment would matter) or the defender is in
Defense posture, W5 for the owner of every Squad that takes a hit; what the hands hold
never decides whether a window opens. The defending player chooses the order of the defense
rolls (``defenseorder``, O20.3.4); ruling R8's order (leaders last) is the default.

A firing piece is a unit or a weapon (11): ``frame["weapons"]`` lists the weapons firing, with
their printed FP and kind, for the actions that ask for one (A27, A41). Ordnance makes its
Targeting roll once the FP is known (O20.2.3); Jam! on the attack roll breaks every firing
weapon (1.9.1.2); a Satchel Charge or Molotov is spent once the roll is made (11.6); a
Flamethrower's or Molotov's target defends with Cover 0 (11.6); a mortar adds +2 against Woods
(tree bursts, T99).
"""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.errors import IllegalOrder
from engine.flow import Step
from engine.game import Context, Role, State
from engine.games.combat_commander import (
    cards,
    defenseorder,
    events,
    fire,
    model,
    smokerounds,
    weapons,
)
from engine.games.combat_commander.common import Rules, rules_of
from engine.games.combat_commander.deployresults import stand_ins
from engine.hexgrid import Label
from engine.text import t

ATTACK = "fire_attack"
ROLL = "cc_roll"


def start(state: State, attacker: Role, firers: list[str], target: Label, *, mover: str = "", kind: str = "fire", triggers: bool = True) -> None:
    """Begin one Fire attack by ``firers`` on ``target`` (``mover``: the unit whose entry it answers,
    A33; ``triggers``: False for an attack made while resolving a trigger, whose rolls never trigger, 1.9.1)."""
    flow.call(
        state, ATTACK, attacker=attacker, firers=list(firers), target=target, mover=mover, kind=kind, triggers=triggers,
        stage="before", mods=[], spray="", fp=0, total=0, defenders=[], next=0, conceal=0, resumed=True,
        weapons=[{"id": w, "kind": weapon_kind(state, w), "fp": weapons.wtype(state, w).fp} for w in firers if weapons.is_weapon(state, w)],
        spent={},
    )


def weapon_kind(state: State, wid: str) -> str:
    """What the actions ask of a firing weapon (A27, A41): ``mortar`` (ordnance), ``mg`` (a machine gun) or ``other``."""
    if weapons.ordnance(state, wid):
        return "mortar"
    return "mg" if weapons.wtype(state, wid).tag.upper().endswith("MG") else "other"


def attack_hexes(frame: flow.Frame) -> list[Label]:
    return [frame["target"], *([frame["spray"]] if frame["spray"] else [])]


def group_fp(g: Rules, state: State, firers: list[str], hexes: list[Label]) -> int:
    """The attack's FP before actions: O20.3.1-O20.3.3 on one hex; on two (Spray Fire, A40) the
    largest hindrance over every line and ±1 if either hex is above / below a firer (digest 8.2.10)."""
    board = g.board_for(state)
    if len(hexes) == 1:
        return fire.attack_fp(g.data, board, state, firers, hexes[0], minimum=-99)
    base = max(weapons.fire_value(g.data, state, u, "fp") for u in firers) + len(firers) - 1
    hindrance = max(fire.can_see(board, state, str(weapons.hex_of(state, u)), h)[1] for u in firers for h in hexes)
    levels = [board.level(str(weapons.hex_of(state, u))) for u in firers]
    if any(board.level(h) > min(levels) for h in hexes):
        base -= 1
    if any(board.level(h) < max(levels) for h in hexes):
        base += 1
    return base - hindrance


def shelter(g: Rules, state: State, frame: flow.Frame, label: Label) -> int:
    """The Cover of a defender in ``label`` against this attack (T78.3, R7), read from the firers
    still on the map (a trigger may have removed some; a spent Satchel Charge counts as its
    carrier, 11.6); the hex's own Cover if none is left; 0 against a Flamethrower or Molotov (11.6)."""
    if weapons.ignores_cover(state, frame["firers"]):
        return 0
    spent = frame.get("spent", {})
    firers = sorted({p for u in frame["firers"] if weapons.hex_of(state, p := spent.get(u, u)) is not None})
    board = g.board_for(state)
    return fire.cover(g.data, board, state, firers, label) if firers else board.cover(label)


def paused_for_choices(g: Rules, state: State, frame: flow.Frame, ctx: Context) -> bool:
    """Triggers are resolved completely before the roll's result applies (1.9.1): the choices an
    event or a sniper queued are asked now, on top of ``frame``; True while they wait (or the game is over)."""
    events.open_choices(g.data, state, ctx)
    return bool(state.get("over")) or not flow.stack(state) or flow.top(state) is not frame


def attack_frame(state: State) -> flow.Frame:
    """The Fire attack under the window on top of the stack."""
    for frame in reversed(flow.stack(state)):
        if frame["proc"] == ATTACK:
            return frame
    raise IllegalOrder(t("No Fire attack is being resolved now."), "O20.3")


class FireAttack(flow.Resumable):
    name = ATTACK
    rule = "O20.3"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Fire attack"), "O20.3")

    def resume(self, game: Any, state: State, frame: flow.Frame, ctx: Context, back: dict[str, Any]) -> None:
        g = rules_of(game)
        stage = frame["stage"]
        if stage == "before" and frame["kind"] == "smoke":
            # O20.2.1: a smoke round adds no FP and makes no attack: straight to its Targeting roll.
            self._target(state, frame)
            return
        if stage == "before":
            frame["stage"] = "fp"
            if windows.open_window(state, "attack_window", "before-attack", [frame["attacker"]]) is None:
                frame["resumed"] = True
            return
        if stage == "fp":
            hexes = attack_hexes(frame)
            fp = group_fp(g, state, frame["firers"], hexes) + sum(int(m["fp"]) for m in frame["mods"])
            if fp < 1:
                ctx.log(t("The attack on {hex} is hindered to {fp} FP and cannot be rolled (10.3.2.1).", hex=frame["target"], fp=fp))
                flow.end(state, made=False)
                return
            frame["fp"] = fp
            frame["stage"] = "aim"
            frame["aimed"] = True
            if weapons.ordnance(state, frame["firers"][0]):
                # O20.2.3: ordnance first needs its Targeting roll, held for the Initiative card like any roll (9.1).
                self._target(state, frame)
                return
            self._aim(state, frame)
            return
        if stage == "target":
            c = cards.card(back["roll"]["card"])
            frame["stage"] = "aim"
            frame["aimed"] = fire.targeting_result(g.data, g.board_for(state), state, frame["firers"][0], frame["target"], c.white * c.red, ctx)
            cards.consequences(g.data, state, frame["attacker"], c, back["roll"]["last"], ctx, triggers=frame.get("triggers", True))
            if frame["kind"] == "smoke":
                frame["stage"] = "smoke"
            if paused_for_choices(g, state, frame, ctx):
                return
            if frame["kind"] == "smoke":
                self._smoke(g, state, frame, ctx)
                return
            self._aim(state, frame)
            return
        if stage == "smoke":
            self._smoke(g, state, frame, ctx)
            return
        if stage == "aim":
            self._aim(state, frame)
            return
        if stage == "attack":
            self._attack(g, state, frame, back["roll"], ctx)
            return
        if stage == "attack_result":
            self._attack_result(g, state, frame, ctx)
            return
        if stage == "defend":
            self._next_defender(g, state, frame, ctx)
            return
        if stage == "droll":
            uid = frame["defenders"][frame["next"]]
            frame["stage"] = "dapply"
            rolling = (stand_ins(state, uid, attack_hexes(frame)) or [uid])[0]
            morale = model.value(g.data, state, rolling, "morale") + shelter(g, state, frame, state["units"][rolling]["hex"])
            against = max(0, frame["total"] - frame["conceal"])
            why = t("Defense of {unit}: Morale and Cover {morale} against {total}", unit=uid, morale=morale, total=against)
            windows.hold_roll(state, ROLL, state["units"][uid]["side"], "defense", why=why.to_json())
            return
        if stage == "dapply":
            self._defense(g, state, frame, back["roll"], ctx)
            return
        if stage == "dresult":
            self._defense_result(g, state, frame, ctx)
            return
        if stage == "hit":
            uid = frame["defenders"][frame["next"]]
            if not frame.pop("wounded", False):
                for taker in stand_ins(state, uid, attack_hexes(frame)):  # E52.2: both Teams of a deployed Squad
                    model.hit(g.data, state, taker, ctx)
            self._advance(state, frame)

    def _target(self, state: State, frame: flow.Frame) -> None:
        frame["stage"] = "target"
        why = t("Targeting roll on {hex}", hex=frame["target"]).to_json()
        windows.hold_roll(state, ROLL, frame["attacker"], "targeting", why=why, product=True)

    def _smoke(self, g: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        """O20.2.1: a successful Targeting roll places a random Smoke marker in the target hex; no attack follows."""
        if frame["aimed"] and not state.get("over"):
            smokerounds.place(g, state, frame["target"], ctx)
        flow.end(state, made=True)

    def _aim(self, state: State, frame: flow.Frame) -> None:
        """After the Targeting roll (O20.2.3): a miss ends the attack, which was made; otherwise the attack roll."""
        if not frame["aimed"]:
            flow.end(state, made=True)
            return
        frame["stage"] = "attack"
        windows.hold_roll(state, ROLL, frame["attacker"], "attack", why=t("Fire attack on {hex} with {fp} FP", hex=frame["target"], fp=frame["fp"]).to_json())

    def _attack(self, g: Rules, state: State, frame: flow.Frame, roll: dict[str, Any], ctx: Context) -> None:
        attacker = frame["attacker"]
        hexes = attack_hexes(frame)
        state["last"] = {"attacks": [{"from": sorted({str(weapons.hex_of(state, u)) for u in frame["firers"]}), "to": h} for h in hexes]}
        # O20.3.4: every unit in the target hex(es) at the moment the attack was rolled defends.
        frame["defenders"] = [
            u for h in hexes for u in sorted(model.units_at(state, h, model.other(attacker)), key=lambda u: (model.counter(g.data, state, u).kind == "leader", u))
        ]
        c = cards.card(roll["card"])
        firers = list(frame["firers"])
        cards.consequences(
            g.data, state, attacker, c, roll["last"], ctx, triggers=frame.get("triggers", True), attack=True,
            on_jam=lambda: weapons.jam(state, firers, ctx),
        )
        # 11.6: a Satchel Charge or Molotov is spent once its roll is made; its carrier stands in for it for Cover.
        frame["spent"] = {u: weapons.carrier(state, u) for u in firers if weapons.is_weapon(state, u) and weapons.carrier(state, u)}
        weapons.single_use(state, firers, ctx)
        frame["roll"] = roll["card"]
        frame["stage"] = "attack_result"
        if not paused_for_choices(g, state, frame, ctx):
            self._attack_result(g, state, frame, ctx)

    def _attack_result(self, g: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        hexes = attack_hexes(frame)
        c = cards.card(frame["roll"])
        value = c.white + c.red
        bursts = fire.tree_burst(g.board_for(state), state, frame["firers"], frame["target"])
        frame["total"] = frame["fp"] + value + bursts
        ctx.log(
            t("{units} fire at {hex}: {fp} FP + {roll} = {total} (O20.3.3).", units=", ".join(frame["firers"]), hex=" + ".join(hexes), fp=frame["fp"], roll=value, total=frame["total"])
        )
        if c.white == c.red and any(m["action"] == "sustained-fire" for m in frame["mods"]):
            ctx.log(t("Sustained Fire (A41): the roll is a double, a firing machine gun or mortar breaks."))
            for w in frame.get("weapons", []):
                if w["kind"] in ("mg", "mortar") and w.get("id") in state.get("weapons", {}) and state["weapons"][w["id"]]["unit"] is not None:
                    weapons.break_weapon(state, w["id"], ctx, "A41")
        frame["stage"] = "defend"
        frame["next"] = 0
        self._next_defender(g, state, frame, ctx)

    def _next_defender(self, g: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        while frame["next"] < len(frame["defenders"]):
            uid = frame["defenders"][frame["next"]]
            u = state["units"][uid]
            if stand_ins(state, uid, attack_hexes(frame)):
                break
            frame["next"] += 1
        else:
            flow.end(state, made=True)
            return
        if defenseorder.ask(state, frame):  # O20.3.4: the owner chooses who rolls next
            return
        frame["stage"] = "droll"
        owner = u["side"]
        rolling = stand_ins(state, uid, attack_hexes(frame))[0]  # E52.2: a deployed Squad's first Team
        opens = state["sides"][owner]["posture"] == "defense" or shelter(g, state, frame, state["units"][rolling]["hex"]) > 0
        point = f"defense-{uid}"
        if not opens or windows.open_window(state, "defense_window", point, [owner], unit=rolling) is None:
            frame["resumed"] = True

    def _defense(self, g: Rules, state: State, frame: flow.Frame, roll: dict[str, Any], ctx: Context) -> None:
        uid = frame["defenders"][frame["next"]]
        u = state["units"][uid]
        c = cards.card(roll["card"])
        cards.consequences(g.data, state, u["side"], c, roll["last"], ctx, triggers=frame.get("triggers", True))
        frame["roll"] = roll["card"]
        frame["stage"] = "dresult"
        if not paused_for_choices(g, state, frame, ctx):
            self._defense_result(g, state, frame, ctx)

    def _defense_result(self, g: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        uid = frame["defenders"][frame["next"]]
        c = cards.card(frame["roll"])
        takers = stand_ins(state, uid, attack_hexes(frame))
        if not takers:
            self._advance(state, frame)
            return
        u = state["units"][takers[0]]  # E52.2: a Squad deployed since the attack roll rolls as its first Team
        morale = model.value(g.data, state, takers[0], "morale") + shelter(g, state, frame, u["hex"])
        value = c.white + c.red
        defense = morale + value
        total = max(0, frame["total"] - frame["conceal"])
        if defense < total or (defense == total and u["activated"] == "move"):
            ctx.log(t("{unit}: {morale} + {roll} = {defense} against {total}: hit (O20.3.4).", unit=uid, morale=morale, roll=value, defense=defense, total=total))
            frame["stage"] = "hit"
            if takers == [uid] and model.counter(g.data, state, uid).kind == "squad":
                windows.open_window(state, "wounds_window", f"hit-{uid}", [u["side"]], unit=uid)
            else:
                frame["resumed"] = True
            return
        if defense == total:
            ctx.log(t("{unit}: {morale} + {roll} = {defense}, a tie: suppressed (O20.3.4).", unit=uid, morale=morale, roll=value, defense=defense))
            for taker in takers:
                state["units"][taker]["suppressed"] = True
        else:
            ctx.log(t("{unit}: {morale} + {roll} = {defense} against {total}: no effect.", unit=uid, morale=morale, roll=value, defense=defense, total=total))
        self._advance(state, frame)

    def _advance(self, state: State, frame: flow.Frame) -> None:
        frame["next"] += 1
        frame["stage"] = "defend"
        frame["resumed"] = True
