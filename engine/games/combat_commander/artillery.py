"""Artillery Denied (O17) and Artillery Request (O18): Battery Access, and Fire for Effect with its
Spotting Round, accuracy, drift and the barrage on the seven hexes around the impact (O18.2).

The radio sits in its owner's Artillery box (``state["artillery"]``, ``weapons.radio``).

Fire for Effect is a procedure (``FireForEffect``): its accuracy roll, each Impact roll and each
defense roll is a held roll (9.1), so the Initiative card's holder is asked before anything the
roll causes happens; a cancelled roll's triggers never happen. The drift is a reveal, not a roll
(O18.2.2.1-2): it is not held. A smoke barrage (O18.2.1.1, O18.2.3.1) places a Smoke marker
drawn from the cup in each of the seven hexes; a fire barrage destroys a fortification whose
Vulnerability number for the radio's FP equals the Impact roll (O18.2.3.3, ``data/artillery.toml``)
before its occupants roll their defense.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from engine import flow, windows
from engine.datafiles import read_text
from engine.errors import IllegalOrder
from engine.flow import Step
from engine.game import Context, Role, State
from engine.games.combat_commander import (
    attack,
    cards,
    compass,
    defenseactions,
    defenseorder,
    deployresults,
    fire,
    fortifications,
    impactorder,
    model,
    weapons,
)
from engine.games.combat_commander.common import Rules, rules_of
from engine.games.combat_commander.names import card_name
from engine.hexgrid import AXIAL_DIRECTIONS, Label
from engine.text import t

FFE = "fire_for_effect"


@cache
def vulnerability() -> dict[int, int]:
    """O18.2.3.3: the Impact roll that destroys a fortification, by the radio's FP (``data/artillery.toml``)."""
    raw = tomllib.loads(read_text("engine.games.combat_commander", "data/artillery.toml"))
    return {int(fp): int(n) for fp, n in raw["vulnerability"].items()}


def card_order(verb: str) -> str:
    """The order a card must print for ``verb``: 'artillery-request' is the card's artillery_request."""
    return verb.replace("-", "_")


def can_deny(state: State, role: Role) -> bool:
    return weapons.radio(state, model.other(role)) is not None


def can_access(state: State, role: Role) -> bool:
    r = weapons.radio(state, role)
    return r is not None and bool(r["broken"])


def observers(g: Rules, state: State, role: Role) -> list[str]:
    """Good-order leaders not yet activated this turn, when ``role`` has a good radio (O18)."""
    r = weapons.radio(state, role)
    if r is None or r["broken"]:
        return []
    return [
        uid for uid, u in sorted(model.on_map(state).items())
        if u["side"] == role and not u["broken"] and not u["activated"] and model.counter(g.data, state, uid).kind == "leader"
    ]


def denied(g: Rules, state: State, role: Role, cid: str, ctx: Context) -> None:
    """O17: the opponent's radio breaks; a broken one is eliminated back to the counter pool. No unit is activated."""
    enemy = model.other(role)
    r = weapons.radio(state, enemy)
    if r is None:
        raise IllegalOrder(t("Artillery Denied needs an enemy radio in play."), "O17")
    _play(state, role, cid, ctx)
    box = state["artillery"]
    if r["broken"]:
        box[enemy] = None
        ctx.log(t("{side}'s radio {radio} was broken: it is eliminated and returns to the counter pool (O17).", side=enemy, radio=r["id"]))
    else:
        box[enemy]["broken"] = True
        ctx.log(t("{side}'s radio {radio} breaks (O17).", side=enemy, radio=r["id"]))


def access(g: Rules, state: State, role: Role, cid: str, ctx: Context) -> None:
    """O18.1 Battery Access: a broken radio is flipped to good, usable at once. No unit is activated."""
    if not can_access(state, role):
        raise IllegalOrder(t("Battery Access needs a broken radio of yours in play."), "O18.1")
    _play(state, role, cid, ctx)
    state["artillery"][role]["broken"] = False
    ctx.log(t("{side}'s radio {radio} is repaired by Battery Access (O18.1).", side=role, radio=state["artillery"][role]["id"]))


def _play(state: State, role: Role, cid: str, ctx: Context) -> None:
    c = cards.discard_from_hand(state, role, cid)
    state["orders"] += 1
    ctx.reveal(t("{side} orders {order}, playing {card}.", side=role, order=card_name(c.order), card=cards.face(c)))


def fire_for_effect(g: Rules, state: State, role: Role, cid: str, leader: str, spot: Label, smoke: bool, ctx: Context) -> None:
    """O18.2: the Observer spots a hex in his LOS (O18.2.1), declaring a smoke barrage now if he
    wants one (O18.2.1.1); the accuracy roll, the drift and the impact follow in ``FireForEffect``."""
    board = g.board_for(state)
    r = weapons.radio(state, role)
    if r is None or r["broken"]:
        raise IllegalOrder(t("Fire for Effect needs a good radio of yours in play."), "O18")
    u = state["units"].get(leader)
    if u is None or u["side"] != role or u["hex"] is None or model.counter(g.data, state, leader).kind != "leader":
        raise IllegalOrder(t("{unit} is not one of your leaders on the map: the Observer is a leader.", unit=leader), "O18.2")
    if u["broken"] or u["activated"]:
        raise IllegalOrder(t("The Observer must be a good-order leader not yet activated this turn."), "O18.2")
    clear, hindrance = fire.can_see(board, state, u["hex"], spot)
    if not clear:
        raise IllegalOrder(t("{hex} is not in {unit}'s LOS: the Spotting Round goes in the Observer's LOS.", hex=spot, unit=leader), "O18.2.1")
    if smoke and not weapons.radio_type(state, role).smoke:
        raise IllegalOrder(t("This radio cannot fire Smoke."), "O18.2.1.1")
    _play(state, role, cid, ctx)
    u["activated"] = "artillery"
    ctx.log(t("{unit} observes for {radio}: Spotting Round on {hex} (O18.2.1).", unit=leader, radio=r["id"], hex=spot))
    state["last"] = {"attacks": [{"from": [u["hex"]], "to": spot}]}  # the picture: the Observer's line to the Spotting Round
    if smoke:
        ctx.log(t("{side} declares a smoke barrage (O18.2.1.1).", side=role))
    distance = board.map.grid.distance(u["hex"], spot)
    flow.call(
        state, FFE, role=role, spot=spot, smoke=smoke, distance=distance, hindrance=hindrance, stage="accuracy",
        hexes=[], next=0, total=0, defenders=[], dnext=0, card="", resumed=True,
    )


def accuracy(g: Rules, state: State, frame: flow.Frame, product: int, ctx: Context) -> bool:
    """O18.2.2: the product less the largest hindrance must be greater than the range."""
    accurate = product - int(frame["hindrance"]) > int(frame["distance"])
    ctx.log(
        t(
            "Accuracy roll {product} - hindrance {h} against range {range}: {result} (O18.2.2).",
            product=product, h=frame["hindrance"], range=frame["distance"], result=t("accurate") if accurate else t("inaccurate"),
        )
    )
    return accurate


def drift(g: Rules, state: State, role: Role, spot: Label, accurate: bool, ctx: Context) -> Label | None:
    """The next card's dice move the SR (not a roll, O18.2.2.1-2) by the map's compass (2.2.2):
    where it ends, or ``None`` off the map (O18.2.2.3)."""
    board = g.board_for(state)
    c, last = cards.reveal(g.data, state, role, ctx, t("artillery drift, not a roll"))
    if last:
        cards.time_advance(g.data, state, role, ctx)
    moves = [(c.white, 1), (c.red, 1)] if accurate else [(c.white, c.red)]
    q, r = board.axial(spot)
    for number, steps in moves:
        dq, dr = AXIAL_DIRECTIONS[compass.direction(board.map, number)]
        q, r = q + dq * steps, r + dr * steps
    landed = board.label((q, r))
    if landed is not None:
        ctx.log(t("The Spotting Round drifts from {start} to {hex} (O18.2.2).", start=spot, hex=landed))
    return landed


def impact_hexes(g: Rules, state: State, centre: Label) -> list[Label]:
    """The final hex and its six neighbours on the map (O18.2.3); by default the centre first, then by label
    (ruling R44): the active player may choose another order (``impactorder``)."""
    return [centre, *sorted(g.board_for(state).map.grid.neighbours(centre))]


def smoke_barrage(g: Rules, state: State, centre: Label, ctx: Context) -> None:
    """O18.2.3.1: a Smoke marker drawn from the cup in each of the seven hexes, none in Water or
    Blaze (T89, T95, T98, 8.1.5), the higher of two staying (8.1.4); the SR is removed and the order ends."""
    board = g.board_for(state)
    for label in impact_hexes(g, state, centre):
        try:
            fortifications.check_smoke_hex(board, state, label)
        except IllegalOrder as refused:
            ctx.log(t("No Smoke in {hex} (O18.2.3.1): {why}", hex=label, why=refused.reason))
            continue
        fortifications.place_smoke(board, state, label, fortifications.draw_smoke(ctx), ctx, t("smoke barrage, O18.2.3.1"))


def vulnerable(g: Rules, state: State, role: Role, label: Label, roll: int, ctx: Context) -> None:
    """O18.2.3.3: an Impact roll equal to the Vulnerability number of the radio's FP destroys the
    hex's fortification, before its occupants roll their defense."""
    fort = fortifications.fort_at(state, label)
    if fort is None:
        return
    fp = weapons.radio_type(state, role).fp
    number = vulnerability().get(fp)
    if number is not None and roll == number:
        fortifications.remove_fort(state, label, ctx, t("Impact roll {roll} equals the Vulnerability number {n} of FP {fp}, O18.2.3.3", roll=roll, n=number, fp=fp))
    else:
        ctx.log(t("The {fort} in {hex} stands: Impact roll {roll}, Vulnerability number {n} for FP {fp} (O18.2.3.3).", fort=fortifications.NAMES[fort], hex=label, roll=roll, n=number, fp=fp))


class FireForEffect(flow.Resumable):
    """O18.2-O18.2.3: accuracy (held), drift, then the smoke barrage or, hex by hex, the Impact roll
    (held) and the defense rolls (each held) of the fire barrage (O18.2.3.2, O20.3.3-4)."""

    name = FFE
    rule = "O18.2"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Fire for Effect"), "O18.2")

    def resume(self, game: Any, state: State, frame: flow.Frame, ctx: Context, back: dict[str, Any]) -> None:
        g = rules_of(game)
        stage = frame["stage"]
        role = frame["role"]
        if stage == "accuracy":
            frame["stage"] = "accuracy_roll"
            windows.hold_roll(state, attack.ROLL, role, "accuracy", why=t("Accuracy roll on {hex}", hex=frame["spot"]).to_json(), product=True)
            return
        if stage == "accuracy_roll":
            c = cards.card(back["roll"]["card"])
            frame["accurate"] = accuracy(g, state, frame, c.white * c.red, ctx)
            frame["stage"] = "drift"
            cards.consequences(g.data, state, role, c, back["roll"]["last"], ctx)
            if attack.paused_for_choices(g, state, frame, ctx):
                return
            stage = "drift"
        if stage == "drift":
            landed = drift(g, state, role, frame["spot"], frame["accurate"], ctx)
            if state.get("over"):
                return
            if landed is None:
                ctx.log(t("The Spotting Round drifts off the map: it is removed and the order ends (O18.2.2.3)."))
                flow.end(state)
                return
            if frame["smoke"]:
                smoke_barrage(g, state, landed, ctx)
                flow.end(state)
                return
            frame["hexes"] = impact_hexes(g, state, landed)
            # the picture: the Observer's line, the drift from the spot to the impact, the barrage's hexes
            state["last"] = {**state.get("last", {}), "moves": [[frame["spot"], landed]] if landed != frame["spot"] else [], "focus": list(frame["hexes"])}
            frame["next"] = 0
            self._next_hex(g, state, frame, ctx)
            return
        if stage == "hexes":
            self._next_hex(g, state, frame, ctx)
            return
        if stage == "impact_roll":
            self._impact(g, state, frame, back["roll"], ctx)
            return
        if stage == "impact_result":
            self._impact_result(g, state, frame, ctx)
            return
        if stage == "defense_roll":
            uid = frame["defenders"][frame["dnext"]]
            c = cards.card(back["roll"]["card"])
            frame["card"] = c.id
            frame["stage"] = "defense_result"
            cards.consequences(g.data, state, state["units"][uid]["side"], c, back["roll"]["last"], ctx)
            if attack.paused_for_choices(g, state, frame, ctx):
                return
            stage = "defense_result"
        if stage == "defense_result":
            self._defense_result(g, state, frame, ctx)
            self._next_defender(g, state, frame, ctx)
            return
        if stage == "defend":
            self._next_defender(g, state, frame, ctx)
            return
        if stage == "droll":
            uid = frame["defenders"][frame["dnext"]]
            frame["stage"] = "defense_roll"
            windows.hold_roll(state, attack.ROLL, state["units"][uid]["side"], "defense", why=t("Defense of {unit}", unit=uid).to_json())

    def _next_hex(self, g: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        """O18.2.3.2: the next of the seven hexes holding a unit of either side or a fortification gets an Impact roll."""
        if state.get("over"):
            return
        while frame["next"] < len(frame["hexes"]):
            label = frame["hexes"][frame["next"]]
            if model.units_at(state, label) or fortifications.fort_at(state, label) is not None:
                if impactorder.ask(state, frame):  # O18.2.3: the active player chooses the hex attacked next
                    frame["stage"] = "hexes"
                    return
                label = frame["hexes"][frame["next"]]
                frame["stage"] = "impact_roll"
                windows.hold_roll(state, attack.ROLL, frame["role"], "impact", why=t("Impact roll on {hex}", hex=label).to_json())
                return
            frame["next"] += 1
        flow.end(state)

    def _impact(self, g: Rules, state: State, frame: flow.Frame, roll: dict[str, Any], ctx: Context) -> None:
        label = frame["hexes"][frame["next"]]
        c = cards.card(roll["card"])
        frame["card"] = c.id
        # O20.3.4: the units in the hex when the Impact roll is made defend.
        frame["defenders"] = sorted(model.units_at(state, label), key=lambda u: (model.counter(g.data, state, u).kind == "leader", u))
        frame["conceal"] = 0
        defenseorder.new_attack(frame)  # each hex's Impact roll is an attack of its own (O18.2.3.2)
        frame["stage"] = "impact_result"

        def jammed() -> None:
            ctx.log(t("Jam! (O18.2.3.2): a radio is not a weapon and does not break."))

        cards.consequences(g.data, state, frame["role"], c, roll["last"], ctx, attack=True, on_jam=jammed)
        if not attack.paused_for_choices(g, state, frame, ctx):
            self._impact_result(g, state, frame, ctx)

    def _impact_result(self, g: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        board = g.board_for(state)
        label = frame["hexes"][frame["next"]]
        c = cards.card(frame["card"])
        value = c.white + c.red
        radio_fp = weapons.radio_type(state, frame["role"]).fp
        bursts = 2 if board.terrain(label).name == "woods" else 0  # T99 tree bursts
        frame["total"] = radio_fp + value + bursts
        ctx.log(t("Artillery impact on {hex}: {fp} FP + {roll} = {total} (O18.2.3.2).", hex=label, fp=radio_fp, roll=value, total=frame["total"]))
        vulnerable(g, state, frame["role"], label, value, ctx)
        frame["dnext"] = 0
        self._next_defender(g, state, frame, ctx)

    def _next_defender(self, g: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        """The next unit of the hex still there (or the Teams it deployed into, E52.2) rolls its defense
        (O20.3.4), held for the Initiative card (9.1): in the order its owner chooses (``defenseorder``),
        after the window before its roll (A29, A35.1, A35.3: ``defenseactions``)."""
        if state.get("over"):
            return
        label = frame["hexes"][frame["next"]]
        while frame["dnext"] < len(frame["defenders"]):
            uid = frame["defenders"][frame["dnext"]]
            if deployresults.stand_ins(state, uid, [label]):
                break
            frame["dnext"] += 1
        else:
            frame["next"] += 1
            self._next_hex(g, state, frame, ctx)
            return
        frame["stage"] = "defend"
        if defenseorder.ask(state, frame):
            return
        uid = frame["defenders"][frame["dnext"]]
        frame["stage"] = "droll"
        if not defenseactions.open_before_defense(g, state, frame, uid, deployresults.stand_ins(state, uid, [label])[0]):
            frame["resumed"] = True

    def _defense_result(self, g: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        """O20.3.4 against the barrage's total, with the hex's or the fortification's Cover (R48)."""
        label = frame["hexes"][frame["next"]]
        uid = frame["defenders"][frame["dnext"]]
        frame["dnext"] += 1
        takers = deployresults.stand_ins(state, uid, [label])  # E52.2: a Squad deployed since the Impact roll (R59)
        if not takers:
            return
        c = cards.card(frame["card"])
        # The hex's Cover now: a Hidden Entrenchments or Pillbox played before this roll counts (A35.1, A35.3).
        shelter = fortifications.hex_cover(g.board_for(state), state, label, artillery=True)
        morale = model.value(g.data, state, takers[0], "morale") + shelter
        defenseorder.apply_defense(g.data, state, uid, takers, morale, c.white + c.red, defenseorder.total(frame), ctx)
