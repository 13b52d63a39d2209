"""Stalin's War: the Replacement (14.0), Strategy Card Draw (7.6) and End of Turn (6.0E) procedures."""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action, Context, Prompt, State
from engine.games.stalins_war import control, handsize, victory
from engine.games.stalins_war.cardnames import card_list
from engine.games.stalins_war.model import AXIS, SIDES, SOVIET, Rules
from engine.games.stalins_war.units import can_restore, rebuild_level, remove
from engine.text import Text, t


# Replacements ------------------------------------------------------------------------------------
def rp_pool(rules: Rules, uid: str) -> str:
    """14.1.7: GE for German non-Panzer units, PZ for German Panzer units, AX for the other Axis."""
    spec = rules.units[uid]
    if spec.side == SOVIET:
        return "soviet"
    if spec.nationality == "GE":
        return "PZ" if spec.panzer else "GE"
    return "AX"


POOL_NAMES = {"soviet": "Soviet"}  # the Axis pools are named by their own labels: GE, PZ, AX


def _rp(value: Any) -> str:
    """RP as players write them: 7, 0.5 (never 7.0)."""
    return f"{float(value):g}"


def level_cost(rules: Rules, uid: str) -> float:
    rep = rules.tables["replacements"]
    return float(rep["lcu_level_cost"] if rules.units[uid].lcu else rep["scu_level_cost"])


def _check_pool(rules: Rules, state: State, uid: str) -> str:
    pool = rp_pool(rules, uid)
    if pool == "PZ":
        usir = rules.hex_of("USIR")
        if state["control"].get(usir) == SOVIET:
            raise IllegalOrder(t("No Panzer levels may be replaced while the Soviet controls the USIR."), rule="14.2.2")
        if rules.tables["replacements"]["pz_rp_ended_by"] in state["events"]:
            raise IllegalOrder(t("After Battle of the Bulge the Axis may no longer use Panzer RP."), rule="SU52")
    if float(state["rp"].get(pool, 0)) < level_cost(rules, uid):
        raise IllegalOrder(
            t(
                "Not enough {pool} RP: a level of {unit} costs {cost} RP and you have {have}.",
                pool=POOL_NAMES.get(pool, pool),
                unit=rules.units[uid].name,
                cost=_rp(level_cost(rules, uid)),
                have=_rp(state["rp"].get(pool, 0)),
            ),
            # the other Axis pools would pay for it, but each pays for its own units only (14.1.7)
            rule="14.1.7" if pool != "soviet" and any(float(state["rp"].get(p, 0)) >= level_cost(rules, uid) for p in ("GE", "PZ", "AX")) else "14.1.3",
        )
    return pool


def check_replace(rules: Rules, state: State, side: str, uid: str) -> None:
    from engine.games.stalins_war import supply

    spec = rules.units.get(uid)
    if spec is None or spec.side != side:
        raise InvalidOrder(t("{unit} is not one of your units.", unit=uid))
    u = state["units"][uid]
    if not u.get("hex"):
        raise IllegalOrder(t("{unit} is not on the map: use 'rebuild UNIT HEX' for eliminated units.", unit=spec.name), rule="14.1.2")
    if int(u.get("level", 0)) == 0:
        raise IllegalOrder(t("{unit} is at full strength: it has no lost level to replace.", unit=spec.name), rule="14.1.2")
    if not can_restore(rules, state, uid):
        raise IllegalOrder(t("{unit} cannot regain its next level: it is asterisked, and asterisked levels never come back.", unit=spec.name), rule="14.1.6")
    if supply.supply_status(rules, state, uid) != "full":
        raise IllegalOrder(t("{unit} is not in full supply.", unit=spec.name), rule="14.1.2")
    _check_pool(rules, state, uid)


def check_rebuild(rules: Rules, state: State, side: str, uid: str, label: str) -> None:
    from engine.games.stalins_war import placement

    spec = rules.units.get(uid)
    if spec is None or spec.side != side:
        raise InvalidOrder(t("{unit} is not one of your units.", unit=uid))
    other = spec.flag_value("replaced_on_elimination")
    if other:
        # 14.2.1: the first Southwest Front is never rebuilt; the weaker counter takes its place
        # in the Eliminated Units box (even when a referee put the first counter there).
        hint = (
            t("Rebuild that one: rebuild {uid} HEX.", uid=other)
            if state["units"][other].get("box") == "eliminated"
            else t("Only {other} comes back, once it is in the Eliminated Units box.", other=rules.units[other].name)
        )
        raise IllegalOrder(
            t("{unit} is never rebuilt: when eliminated it is replaced by {other} in the Eliminated Units box (11.3.6).", unit=spec.name, other=rules.units[other].name),
            rule="14.2.1",
            hint=hint,
        )
    if state["units"][uid].get("box") != "eliminated":
        raise IllegalOrder(t("{unit} is not in the Eliminated Units box.", unit=spec.name), rule="14.1.2")
    if rebuild_level(rules, uid) is None:
        raise IllegalOrder(t("{unit} cannot be rebuilt: every level is asterisked.", unit=spec.name), rule="14.1.6")
    _check_pool(rules, state, uid)
    if label not in placement.legal_placements(rules, state, uid):
        legal = placement.hexes_hint(rules, state, uid, label)
        hint = t("Rebuilt units enter like reinforcements (7.5.2c). {legal}", legal=legal) if legal else t("{unit} has no legal hex now (7.5.2c).", unit=spec.name)
        raise placement.refused(rules, state, uid, label, "14.1.4", hint)


class Replacement(flow.Procedure):
    """14.0: the side spends this turn's RP; unspent RP are lost."""

    name = "replacement"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("{side} segment of the Replacement Phase (the Soviet spends first)", side=str(frame["side"]).capitalize()), "6.0C")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        pools = {k: v for k, v in state["rp"].items() if (k == "soviet") == (frame["side"] == SOVIET)}
        if frame["side"] == SOVIET:
            rp = f"{_rp(pools.get('soviet', 0))} RP"
        else:
            rp = ", ".join(f"{_rp(v)} {k}" for k, v in pools.items()) + " RP"
        return t(
            "Replacement Phase: you have {rp}. replace UNIT (one level, 1 RP per LCU level, 1/2 per SCU level) | rebuild UNIT HEX | done.",
            rp=rp,
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        from engine.errors import allowed
        from engine.games.stalins_war import placement

        rules: Rules = game.rules
        side = frame["side"]
        actions = [Action("done")]
        unlisted = 0
        for uid, u in sorted(state["units"].items()):
            if rules.units[uid].side != side:
                continue
            if u.get("hex") and allowed(check_replace, rules, state, side, uid):
                actions.append(Action("replace", (uid,)))
            elif u.get("box") == "eliminated" and rebuild_level(rules, uid) is not None:
                hexes = placement.legal_placements(rules, state, uid)
                if hexes and allowed(check_rebuild, rules, state, side, uid, hexes[0]):
                    actions.append(Action("rebuild", (uid, hexes[0])))
                    unlisted += len(hexes) - 1
        text = self.text(game, state, frame, role)
        if unlisted:
            text = t("{text} The orders below show one hex per rebuild, and {more} more are legal: any legal hex may be named.", text=text, more=unlisted)
        return Prompt(role, text, tuple(actions), ("replace", "rebuild", "done"))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        side = frame["side"]
        if action.verb == "done":
            left = {k: v for k, v in state["rp"].items() if v and (k == "soviet") == (side == SOVIET)}
            if left:
                ctx.log(t("Unspent RP are lost (14.1.5)."))
            for k in left:
                state["rp"][k] = 0
            flow.end(state)
            return
        if action.verb == "replace" and len(action.args) == 1:
            uid = action.args[0]
            check_replace(rules, state, side, uid)
            pool = rp_pool(rules, uid)
            state["rp"][pool] = float(state["rp"][pool]) - level_cost(rules, uid)
            u = state["units"][uid]
            u["level"] = int(u["level"]) - 1
            ctx.log(t("{unit} regains a level ({values}).", unit=rules.units[uid].name, values=rules.units[uid].levels[u["level"]].label()))
            return
        if action.verb == "rebuild" and len(action.args) == 2:
            uid, label = action.args
            check_rebuild(rules, state, side, uid, label)
            pool = rp_pool(rules, uid)
            level = rebuild_level(rules, uid)
            assert level is not None
            state["rp"][pool] = float(state["rp"][pool]) - level_cost(rules, uid)
            state["units"][uid].update(hex=label, box=None, level=level)
            ctx.log(t("{unit} is rebuilt in {hex} ({values}).", unit=rules.units[uid].name, hex=label, values=rules.units[uid].levels[level].label()))
            return
        raise InvalidOrder(t("In the Replacement Phase: replace UNIT, rebuild UNIT HEX or done."))


# Draw phase ----------------------------------------------------------------------------------------
class DrawPhase(flow.Procedure):
    """7.6.2: each player may discard cards left in hand (the Soviet first), then both draw."""

    name = "draw_phase"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("Strategy Card Draw Phase (the Soviet discards first)"), "6.0D")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        return t("Card Draw Phase: discard CARD [CARD ...] to discard cards before drawing, or keep.")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        hand: list[str] = state["cards"][frame["side"]]["hand"]
        actions = [Action("keep"), *(Action("discard", (c,)) for c in hand)]
        if len(hand) > 1:
            actions.append(Action("discard", tuple(hand)))
        return Prompt(role, self.text(game, state, frame, role), tuple(actions), ("discard", "keep"))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        side = frame["side"]
        pile = state["cards"][side]
        if action.verb == "discard" and action.args:
            if len(set(action.args)) != len(action.args):
                raise InvalidOrder(t("Name each card once."))
            for card in action.args:
                if card not in pile["hand"]:
                    raise IllegalOrder(t("You do not hold card {card}.", card=card), rule="7.6.2")
            for card in action.args:
                pile["hand"].remove(card)
                pile["discard"].append(card)
            ctx.reveal(t("{side} discards {cards} (7.6.2).", side=side.capitalize(), cards=card_list(rules, action.args)))
        elif action.verb != "keep":
            raise flow.refuse(action, ("discard",), self.step(game, state, frame), t("Now: discard CARD [CARD ...] or keep."))
        if side == SOVIET:
            frame["side"] = AXIS
            state["phase"] = {"name": "draw", "side": AXIS}  # 6.0D: the Axis decides second
            return
        effects = state["effects"]
        if "industrial_evacuation_draw" in effects:
            effects["industrial_evacuation_draw"] = int(effects["industrial_evacuation_draw"]) + 1
        for s in (SOVIET, AXIS):
            handsize.refill(rules, state, s, ctx)
        flow.end(state)


# End of turn -----------------------------------------------------------------------------------------
class EndOfTurn(flow.Procedure):
    """6.0E: entrenchments (Axis, then Soviet) and inactive Partisans may be removed; then the rest."""

    name = "end_of_turn"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("End of Turn Phase (the Axis removes entrenchments first)"), "6.0E")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]}) if not frame.get("done") else frozenset()

    def automatic(self, frame: flow.Frame) -> bool:
        return bool(frame.get("done")) or not frame.get("asked")

    def removable(self, state: State, side: str) -> list[str]:
        out = [h for h, s in sorted(state["markers"]["entrench"].items()) if s == side]
        if side == SOVIET:
            out += sorted(
                u["hex"] for uid, u in state["units"].items() if uid.startswith("su-partisan") and u.get("hex") and not u.get("active")
            )
        return out

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        return t("End of Turn: remove HEX [HEX ...] to remove your entrenchments (Soviet: also inactive Partisans), or done.")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        actions = [Action("done"), *(Action("remove", (h,)) for h in self.removable(state, frame["side"]))]
        return Prompt(role, self.text(game, state, frame, role), tuple(actions), ("remove", "done"))

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        if frame.get("done"):
            finish_turn(game, state, ctx)
            flow.end(state)
            return
        # Ask a side only when it has something it could remove (public information).
        for side in (AXIS, SOVIET) if frame["side"] == AXIS else (SOVIET,):
            if self.removable(state, side):
                frame["side"] = side
                frame["asked"] = True
                state["phase"] = {"name": "end", "side": side}
                return
        frame["done"] = True

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        side = frame["side"]
        if action.verb == "remove" and action.args:
            allowed_hexes = self.removable(state, side)
            for label in action.args:
                if label not in allowed_hexes:
                    raise IllegalOrder(t("You have nothing to remove in {hex}.", hex=label), rule="6.0E")
            for label in action.args:
                if state["markers"]["entrench"].get(label) == side:
                    del state["markers"]["entrench"][label]
                    ctx.log(t("{side} removes the entrenchment in {hex}.", side=side.capitalize(), hex=label))
                elif side == SOVIET:
                    from engine.games.stalins_war.units import eliminate

                    for uid, u in sorted(state["units"].items()):
                        if uid.startswith("su-partisan") and u.get("hex") == label and not u.get("active"):
                            eliminate(rules, state, uid, ctx)
            return
        if action.verb != "done":
            raise flow.out_of_step(action.verb, self.step(game, state, frame), t("Now: remove HEX [HEX ...] or done."))
        if side == AXIS and self.removable(state, SOVIET):
            frame["side"] = SOVIET
            state["phase"] = {"name": "end", "side": SOVIET}
            return
        frame["done"] = True


def finish_turn(game: Any, state: State, ctx: Context) -> None:
    """The automatic End of Turn items in the order of the digest's 4.2 E."""
    rules: Rules = game.rules
    turn = int(state["turn"])
    for side in SIDES:
        if state["banked"][side]:
            ctx.log(t("{side} loses {n} unused banked OPS (18.1.2).", side=side.capitalize(), n=state["banked"][side]))
        state["banked"][side] = 0
    vp_turns = next(e for e in rules.tables["vp"]["event"] if e["card"] == "AX24")["turns"]
    if turn in vp_turns and "AX24" not in state["events"]:
        control.adjust_vp(state, -1, ctx, "Hitler Takes Command not yet played, 24.0")
    from engine.games.stalins_war import events_axis

    events_axis.u_boat_check(game, state, ctx)
    surrender(rules, state, ctx)
    from engine.games.stalins_war import supply
    from engine.games.stalins_war.terrain import east_of_paulus

    for uid, u in state["units"].items():
        if u.get("hex") and rules.units[uid].side == AXIS and east_of_paulus(rules, u["hex"]):
            if supply.supply_status(rules, state, uid) == "full":
                state["paulus_crossed"] = True
    victory.end_of_turn(game, state, ctx)
    for side in SIDES:
        pile = state["cards"][side]
        if pile["faceup"]:
            ctx.log(t("{side}'s face-up Combat Cards are discarded (7.5.5d).", side=side.capitalize()))
            pile["discard"].extend(pile["faceup"])
            pile["faceup"] = []
    for uid, u in sorted(state["units"].items()):
        if u.get("box") == "track" and int(u.get("due", 0)) <= turn + 1:
            u["box"] = "eliminated"
            u.pop("due", None)
            ctx.log(t("{unit} reaches the Eliminated Units box from the Turn Track.", unit=rules.units[uid].name))


def surrender(rules: Rules, state: State, ctx: Context) -> None:
    """19.3.1: Romania / Hungary surrender if the capital is enemy-occupied at the end of a turn."""
    for nation, capital in (("RO", "Bucharest"), ("HU", "Buda")):
        if state["effects"].get(f"surrendered_{nation}"):
            continue
        label = rules.hex_of(capital)
        occupied = any(u.get("hex") == label and rules.units[uid].side == SOVIET for uid, u in state["units"].items())
        if not occupied:
            continue
        state["effects"][f"surrendered_{nation}"] = True
        ctx.log(t("{capital} is occupied by the Soviet: {nation} surrenders (19.3.1).", capital=capital, nation=nation))
        for uid, spec in sorted(rules.units.items()):
            if spec.side == AXIS and spec.nationality == nation and state["units"][uid].get("box") != "removed":
                remove(rules, state, uid, ctx, "surrender, 19.3.1")
