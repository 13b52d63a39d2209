"""Mine attacks (F103) as a procedure whose rolls are held for the Initiative card (9.1).

A unit that Moves, Advances or Retreats into or out of a mined hex is attacked (F103.1); units that
enter together are attacked with a single roll (Hidden Mines against an Advance, ruling R51). The
mover's opponent rolls the attack (6 FP, or the Defense player's stronger minefield, F103.2), the
owner rolls each defense with Cover 0 (F103.2) like a Fire attack's (O20.3.3-O20.3.4). Each roll
is a held roll (9.1): the Initiative card's holder is asked before anything the roll causes
happens, and its triggers are resolved before its result (1.9.1). Mines are no weapon (2.3.2):
Jam! breaks nothing.

A caller starts the attacks (``start``, ``on_step``) and returns; it resumes once they are over,
with ``frame["returned"]["mines"]`` set.
"""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.flow import Step
from engine.game import Context, State
from engine.games.combat_commander import (
    attack,
    cards,
    defenseactions,
    defenseorder,
    deployresults,
    fortifications,
    model,
)
from engine.games.combat_commander.common import Rules, rules_of
from engine.hexgrid import Label
from engine.text import t

NAME = "mine_attack"


def start(state: State, attacks: list[tuple[Label, list[str]]]) -> None:
    """Begin the mine attacks ``attacks`` (a mined hex and the units it attacks with one roll), in order."""
    flow.call(
        state, NAME, attacks=[{"hex": h, "units": list(u)} for h, u in attacks], at=0, stage="next",
        owner="", fp=0, total=0, conceal=0, defenders=[], next=0, card="", resumed=True,
    )


def on_step(state: State, uid: str, origin: Label, dest: Label) -> bool:
    """F103.1: the unit that left ``origin`` for ``dest`` is attacked by the Mines of either hex (it
    arrives either way, F103.2); True if attacks were started (the caller then waits for them)."""
    attacks = [(h, [uid]) for h in (origin, dest) if fortifications.fort_at(state, h) == "mines"]
    if not attacks:
        return False
    start(state, attacks)
    return True


def mine_frame(state: State) -> flow.Frame:
    """The mine attack under the window or question on top of the stack."""
    return next(f for f in reversed(flow.stack(state)) if f["proc"] == NAME)


class MineAttack(flow.Resumable):
    name = NAME
    rule = "F103.2"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("mine attack"), "F103.2")

    def resume(self, game: Any, state: State, frame: flow.Frame, ctx: Context, back: dict[str, Any]) -> None:
        g = rules_of(game)
        stage = frame["stage"]
        if state.get("over"):
            return
        if stage == "next":
            self._next_attack(state, frame)
        elif stage == "attack":
            c = cards.card(back["roll"]["card"])
            frame["card"] = c.id
            frame["stage"] = "attack_result"
            cards.consequences(g.data, state, model.other(frame["owner"]), c, back["roll"]["last"], ctx)
            if not attack.paused_for_choices(g, state, frame, ctx):
                self._attack_result(g, state, frame, ctx)
        elif stage == "attack_result":
            self._attack_result(g, state, frame, ctx)
        elif stage == "defend":
            self._next_defender(g, state, frame, ctx)
        elif stage == "droll":
            uid = frame["defenders"][frame["next"]]
            frame["stage"] = "dapply"
            windows.hold_roll(state, attack.ROLL, state["units"][uid]["side"], "defense", why=t("Defense of {unit}", unit=uid).to_json())
        elif stage == "dapply":
            c = cards.card(back["roll"]["card"])
            frame["card"] = c.id
            frame["stage"] = "dresult"
            cards.consequences(g.data, state, state["units"][frame["defenders"][frame["next"]]]["side"], c, back["roll"]["last"], ctx)
            if not attack.paused_for_choices(g, state, frame, ctx):
                self._defense_result(g, state, frame, ctx)
        elif stage == "dresult":
            self._defense_result(g, state, frame, ctx)

    def _next_attack(self, state: State, frame: flow.Frame) -> None:
        """The next mined hex with a unit it attacks still on the map rolls its attack, held (9.1)."""
        while frame["at"] < len(frame["attacks"]):
            a = frame["attacks"][frame["at"]]
            units = [u for u in a["units"] if state["units"][u]["hex"] is not None]
            if units:
                frame["owner"] = state["units"][units[0]]["side"]
                frame["stage"] = "attack"
                windows.hold_roll(state, attack.ROLL, model.other(frame["owner"]), "mines", why=t("Mine attack in {hex}", hex=a["hex"]).to_json())
                return
            frame["at"] += 1
        flow.end(state, mines=True)

    def _attack_result(self, g: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        """F103.2: the minefield's FP plus the roll; the units attacked still on the map defend."""
        a = frame["attacks"][frame["at"]]
        c = cards.card(frame["card"])
        frame["fp"] = int(state.get("mine_fp", fortifications.MINE_FP))
        frame["roll"] = c.white + c.red
        frame["total"] = frame["fp"] + frame["roll"]
        frame["conceal"] = 0
        frame["defenders"] = sorted(
            (u for u in a["units"] if state["units"][u]["hex"] is not None),
            key=lambda u: (model.counter(g.data, state, u).kind == "leader", u),
        )
        frame["where"] = {u: state["units"][u]["hex"] for u in frame["defenders"]}
        frame["next"] = 0
        defenseorder.new_attack(frame)
        frame["stage"] = "defend"
        self._next_defender(g, state, frame, ctx)

    def _next_defender(self, g: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        """The next defender still there (or the Teams it deployed into, E52.2) rolls, in the order its
        owner chooses (O20.3.4, ``defenseorder``), after the window before its roll (A29, ``defenseactions``)."""
        while frame["next"] < len(frame["defenders"]):
            uid = frame["defenders"][frame["next"]]
            if deployresults.stand_ins(state, uid, defenseorder.attacked_hexes(state, frame, uid)):
                break
            frame["next"] += 1
        else:
            frame["at"] += 1
            frame["stage"] = "next"
            frame["resumed"] = True
            return
        if defenseorder.ask(state, frame):
            return
        uid = frame["defenders"][frame["next"]]
        a = frame["attacks"][frame["at"]]
        ctx.log(t("Mines in {hex} attack {unit}: {fp} FP + {roll} = {total} (F103.2).", hex=a["hex"], unit=uid, fp=frame["fp"], roll=frame["roll"], total=frame["total"]))
        frame["stage"] = "droll"
        rolling = deployresults.stand_ins(state, uid, defenseorder.attacked_hexes(state, frame, uid))[0]
        if not defenseactions.open_before_defense(g, state, frame, uid, rolling):
            frame["resumed"] = True

    def _defense_result(self, g: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        """O20.3.4 with Cover 0 (F103.2); a Squad that deployed since the attack roll rolled as its
        first Team and its result goes to both Teams (E52.2, R59)."""
        uid = frame["defenders"][frame["next"]]
        takers = deployresults.stand_ins(state, uid, defenseorder.attacked_hexes(state, frame, uid))
        frame["next"] += 1
        frame["stage"] = "defend"
        frame["resumed"] = True
        if not takers:
            return
        c = cards.card(frame["card"])
        morale = model.value(g.data, state, takers[0], "morale")
        defenseorder.apply_defense(g.data, state, uid, takers, morale, c.white + c.red, defenseorder.total(frame), ctx)

