"""What several steps do to units: naming a unit per viewer, losing a step, GVR hexes lost (E 11.2)."""

from __future__ import annotations

from engine import stacks
from engine.game import Context, State
from engine.games.schwerpunkt import terrain
from engine.games.schwerpunkt.model import GERMAN, POLICY, SOVIET, spec
from engine.text import Secret, Text, t


def unit_ref(state: State, uid: str) -> Secret:
    """A unit named to its owner, and as "a SIDE unit" to everybody else."""
    side = state["units"][uid]["side"]
    return Secret(uid, (side,), t("a {side} unit", side=side))

def score_loss(state: State, uid: str, steps: int) -> None:
    """E 18.2: each step lost is 1 VP to the other side, except a zero-strength German Variable
    Reinforcement's (E 11.2)."""
    unit_spec = spec(uid)
    if unit_spec.setup.startswith("gvr:") and unit_spec.steps[0].cs == 0:
        return
    state["vp"] += steps if unit_spec.side == GERMAN else -steps


def lose_step(state: State, uid: str, ctx: Context, why: Text) -> None:
    """One step lost; the last one eliminates the unit; 1 VP to the other side (E 18.2)."""
    unit = state["units"][uid]
    score_loss(state, uid, 1)
    if int(unit["step"]) + 1 >= len(spec(uid).steps):
        stacks.remove(POLICY, state, state["units"], uid)
        state["eliminated"].append(uid)
        ctx.log(t("{unit} is eliminated ({why}).", unit=uid, why=why))
        return
    unit["step"] = int(unit["step"]) + 1
    ctx.log(t("{unit} loses a step ({why}).", unit=unit_ref(state, uid), why=why))

def record_control(state: State) -> None:
    """E 11.2: remember every GVR hex the Soviet has ever controlled (its GVR is then lost)."""
    held = terrain.sides_in(state)
    zoc = terrain.zoc_of(state, SOVIET)
    for label in state["gvr_hexes"]:
        if label not in state["gvr_lost"] and terrain.controls(state, SOVIET, label, held, zoc):
            state["gvr_lost"].append(label)
    state["gvr_lost"].sort()


def show_last(state: State, moves: list[list[str]] | None = None, attack: tuple[list[str], str] | None = None) -> None:
    """What the pictures draw of the last order and centre on: a move's path (its hexes are in
    the public log) or an attack's origins and target (both stacks are revealed, S 3.5)."""
    if moves is not None:
        state["last"] = {"moves": moves, "focus": sorted({h for path in moves for h in path})}
    elif attack is not None:
        origins, target = attack
        state["last"] = {"attacks": [{"from": origins, "to": target}], "focus": [*origins, target]}
