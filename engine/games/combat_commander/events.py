"""Events E43-E77 (E42), the Sniper's victim (1.9.1.3) and the reinforcements of the Time track (6.1.2).

An event is a function of the table ``EVENTS``: it does at once what needs no decision, and
queues each decision the event gives a player as a *choice* (``ask``): who decides, under which
rule, whether it may be declined, and what it concerns. The options of a choice are computed
when it is asked (``OPTIONS``), so a choice whose options have gone is skipped (E42: the
impossible part of an event is ignored). After every order the game opens the queue as the
``choice`` procedure (``open_choices``): the chooser reads the options and the published
default (the first option; ``pass`` when the event says *may*), and answers ``choose OPTION``
or ``pass``. The engine cannot pause inside a roll, so a choice is asked as soon as the order
step that rolled it is over (RULINGS R17).

Fortifications and Smoke markers go through ``fortifications`` (F100-F106, T94). The choices of
Entrench (E55), Malfunction (E63), Sappers (E70), Scrounge (E71) and Suppressing Fire (E75) are
in ``eventchoices``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import bridges as bridging
from engine.games.combat_commander import cards, compass, fortifications, model, objectives, support
from engine.games.combat_commander import eventchoices as chosen
from engine.games.combat_commander import exits as leaving
from engine.games.combat_commander import hiddenunits as hidden_units
from engine.games.combat_commander import weapons as arms
from engine.games.combat_commander.board import Board
from engine.games.combat_commander.data import Card, GameData
from engine.hexgrid import Label
from engine.mapdata import MapData
from engine.text import Text, joined, t

CODES = {"germany": "ger", "america": "usa", "russia": "rus"}
PACKAGE = "engine.games.combat_commander"


# The map as events read it ---------------------------------------------------------------------------


def board(data: GameData, state: State) -> MapData:
    return data.maps[state["map"]]


def water(data: GameData, state: State, label: Label) -> bool:
    return bridging.terrain_of(data.hexes, data.features, board(data, state), label).water


def impassable(data: GameData, state: State, label: Label) -> bool:
    """Impassable terrain or Blaze (T79): no unit may be placed or displaced there."""
    return bridging.terrain_of(data.hexes, data.features, board(data, state), label).move is None or label in state["blaze"]


def cover(data: GameData, state: State, label: Label) -> int:
    return bridging.terrain_of(data.hexes, data.features, board(data, state), label).cover


def figures(data: GameData, state: State, label: Label, side: Role) -> int:
    return sum(model.counter(data, state, u).figures for u in model.units_at(state, label, side))


def can_place(data: GameData, state: State, label: Label, ctype: str, side: Role) -> bool:
    """A hex a unit may be placed in: passable, not Water or Blaze, no enemy unit, stacking kept (8, E59, E68, E76)."""
    return (
        not impassable(data, state, label)
        and not water(data, state, label)
        and not model.units_at(state, label, model.other(side))
        and figures(data, state, label, side) + data.counters[ctype].figures <= 7
    )


def random_hex(data: GameData, state: State, role: Role, ctx: Context, why: Text) -> Label:
    """A Random Hex (1.8): the hex of ``role``'s next card; its last card advances Time (6.1.2); every
    broken weapon is checked against its number first (11.4)."""
    c, last = cards.reveal(data, state, role, ctx, why)
    if last:
        cards.time_advance(data, state, role, ctx)
    arms.random_hex_check(state, c.hex, ctx)
    return c.hex


def new_unit(state: State, uid: str, ctype: str, side: Role, label: Label | None) -> dict[str, Any]:
    u: dict[str, Any] = {
        "type": ctype, "side": side, "hex": label,
        "broken": False, "suppressed": False, "activated": "", "opfire": False,
    }
    state["units"][uid] = u
    return u


def enemies_first(state: State, role: Role, uids: list[str]) -> list[str]:
    return sorted(uids, key=lambda u: (state["units"][u]["side"] == role, u))


def own_first(state: State, role: Role, uids: list[str]) -> list[str]:
    return sorted(uids, key=lambda u: (state["units"][u]["side"] != role, u))


# Choices ---------------------------------------------------------------------------------------------


def ask(state: State, kind: str, role: Role, rule: str, optional: bool, *, first: bool = False, **params: Any) -> None:
    """Queue a decision of ``role`` under ``rule`` (asked after the current order step, R17)."""
    choice = {"kind": kind, "role": role, "rule": rule, "optional": optional, **params}
    queue = state.setdefault("choices", [])
    if first:
        queue.insert(0, choice)
    else:
        queue.append(choice)


#: The rolls made inside events (E42), each held for the Initiative card (9.1) by ``eventrolls``.
ROLLS = "event_rolls"


def roll_for(state: State, kind: str, role: Role, rule: str, why: Text, **params: Any) -> None:
    """Owe a roll of ``role`` inside an event (E42: it never triggers); ``ROLLED[kind]`` applies it once accepted."""
    state.setdefault(ROLLS, []).append({"kind": kind, "role": role, "rule": rule, "why": why.to_json(), **params})


def options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    return OPTIONS[choice["kind"]](data, state, choice)


def settle(data: GameData, state: State, ctx: Context) -> None:
    """Resolve the head choices that leave nothing to decide: one forced answer, or none (E42: ignored, or what an empty choice means)."""
    queue = state.get("choices", [])
    while queue and not state.get("over"):
        found = options(data, state, queue[0])
        if found and (queue[0]["optional"] or len(found) > 1):
            return
        gone = queue.pop(0)
        if found:  # a decision with one possible answer is no decision
            APPLY[gone["kind"]](data, state, gone, found[0], ctx)
            continue
        empty = EMPTY.get(gone["kind"])
        if empty is not None:
            empty(data, state, gone, ctx)
        else:
            ctx.log(t("{side} has nothing to choose for {rule}: that part is ignored (E42).", side=gone["role"], rule=gone["rule"]))


def open_choices(data: GameData, state: State, ctx: Context) -> None:
    """After an order: the queued choices become the ``choice`` procedure on top of the flow."""
    if state.get("over"):
        state["choices"] = []
        return
    if state.get(cards.SUDDEN_DEATH) and flow.stack(state):
        # 6.1.2: play stops for a due Sudden Death roll (``suddendeath``), the choices wait for it.
        if not any(frame["proc"] == "sudden_death" for frame in flow.stack(state)):
            flow.call(state, "sudden_death", stage="roll", resumed=True)
        return
    settle(data, state, ctx)
    if open_rolls(state):
        return
    if state.get("choices") and flow.stack(state) and flow.top(state)["proc"] != "choice":
        flow.call(state, "choice")


def open_rolls(state: State) -> bool:
    """Open the event rolls owed (``eventrolls``) on top of the flow; True while some wait (the choices wait for them)."""
    if not state.get(ROLLS) or not flow.stack(state):
        return False
    if not any(frame["proc"] == "event_roll" for frame in flow.stack(state)):
        flow.call(state, "event_roll", stage="roll", resumed=True)
    return True


#: Choices whose options are secret (the chooser's own secret chits, 7.3.3): texts never list them, since
#: a prompt is posted in the channel and a refusal may be.
SECRET = frozenset({"reconnaissance"})


def default(data: GameData, state: State, choice: dict[str, Any]) -> Text | str:
    """The published default: ``pass`` where the event says *may*, else the first option."""
    if choice["optional"]:
        return "pass"
    if choice["kind"] in SECRET:
        return t("the first of those 'hand' lists")
    return options(data, state, choice)[0]


def listed(data: GameData, state: State, choice: dict[str, Any]) -> Text | str:
    """The options as a text may name them."""
    if choice["kind"] in SECRET:
        return t("your secret objective chits ('hand' lists them)")
    return ", ".join(options(data, state, choice))


class Choice(Procedure):
    """A decision an event, a sniper or a reinforcement gives a player (E42, 1.9.1.3, 6.1.2)."""

    name = "choice"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        queue = state.get("choices") or [{"rule": "E42"}]
        return Step(t("event choice"), str(queue[0]["rule"]))

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        queue = state.get("choices")
        return frozenset({queue[0]["role"]}) if queue else frozenset()

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        data: GameData = game.data
        choice = state["choices"][0]
        return t(
            "{question} Answer 'choose ...'{declined}. Default: {default}.",
            question=QUESTIONS[choice["kind"]](choice),
            declined=t(" or 'pass'") if choice["optional"] else t(""),
            default=default(data, state, choice),
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        data: GameData = game.data
        choice = state["choices"][0]
        acts = [Action("choose", (o,)) for o in options(data, state, choice)]
        if choice["optional"]:
            acts.append(Action("pass"))
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        data: GameData = game.data
        choice = state["choices"][0]
        if action.verb == "pass" and choice["optional"]:
            state["choices"].pop(0)
            ctx.log(t("{side} declines ({rule}).", side=role, rule=choice["rule"]))
        elif action.verb == "choose" and len(action.args) == 1:
            legal = options(data, state, choice)
            if action.args[0] not in legal:
                what = t("that") if choice["kind"] in SECRET else action.args[0]
                raise IllegalOrder(
                    t("{what} is not a choice here ({rule}): choose one of {options}.", what=what, rule=choice["rule"], options=listed(data, state, choice)),
                    str(choice["rule"]),
                )
            state["choices"].pop(0)
            APPLY[choice["kind"]](data, state, choice, action.args[0], ctx)
            if not state.get("over") and open_rolls(state):
                return  # the roll the answer owes comes first (E50), the other choices after it
        elif action.verb in ("choose", "pass"):
            raise InvalidOrder(
                t("This choice ({rule}) must be made: 'choose' one of {options}.", rule=choice["rule"], options=listed(data, state, choice))
            )
        else:
            raise flow.out_of_step(action.verb, self.step(game, state, frame), t("First answer the choice: 'choose ...'."))
        if state.get("over"):
            state["choices"] = []
            return
        settle(data, state, ctx)
        if not state.get("choices"):
            flow.end(state)


# Sniper! (1.9.1.3) -----------------------------------------------------------------------------------


def sniper(data: GameData, state: State, role: Role, ctx: Context, label: Label) -> None:
    """The roller may give a hit to one unit in the Random Hex or adjacent to it."""
    ctx.log(t("Sniper! (1.9.1.3) at {hex}: {side} may hit one unit there or adjacent.", hex=label, side=role))
    ask(state, "sniper", role, "1.9.1.3", True, hex=label)


def near_units(data: GameData, state: State, label: Label) -> list[str]:
    hexes = {label, *board(data, state).neighbours(label)}
    return [uid for uid, u in model.on_map(state).items() if u["hex"] in hexes]


def _hit(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    ctx.log(t("{side} hits {unit} ({rule}).", side=choice["role"], unit=uid, rule=choice["rule"]))
    model.hit(data, state, uid, ctx)


# Events -----------------------------------------------------------------------------------------------


def air_support(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E43: the Random Hex, else the nearest hex(es) with units: the drawer may hit every unit of one of them."""
    label = random_hex(data, state, role, ctx, t("Air Support (E43)"))
    if not state.get("over"):
        ask(state, "air_support", role, "E43", True, hex=label)


def nearest_hexes(data: GameData, state: State, label: Label) -> list[str]:
    occupied = {u["hex"] for u in model.on_map(state).values()}
    if not occupied:
        return []
    grid = board(data, state).grid
    near = min(grid.distance(label, h) for h in occupied)
    return sorted(h for h in occupied if grid.distance(label, h) == near)


def _air_strike(data: GameData, state: State, choice: dict[str, Any], label: str, ctx: Context) -> None:
    ctx.log(t("Air Support (E43): every unit in {hex} takes a hit.", hex=label))
    model.hit_together(data, state, model.units_at(state, label), ctx)


def battle_harden(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E44: the drawer makes one of its units Veteran (E44.1)."""
    ask(state, "battle_harden", role, "E44", False)


def _veteran(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    state["units"][uid]["veteran"] = True
    ctx.log(t("Battle Harden (E44): {unit} becomes Veteran (E44.1).", unit=uid))


def battlefield_integrity(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E45: the drawer gains 1 VP per enemy unit on the Casualty track."""
    n = len(state["sides"][model.other(role)]["casualties"])
    model.score(state, role, n)
    ctx.log(t("Battlefield Integrity (E45): {side} gains {n} VP.", side=role, n=n))


def blaze(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E46: a Blaze in the Random Hex unless Water or Blaze is there; its Smoke goes, its units move out (inactive first)."""
    label = random_hex(data, state, role, ctx, t("Blaze (E46)"))
    if state.get("over"):
        return
    if water(data, state, label) or label in state["blaze"]:
        ctx.log(t("Blaze (E46) at {hex}: Water or Blaze is there, no effect.", hex=label))
        return
    model.eliminate_together(data, state, set_ablaze(data, state, label, "E46", ctx), ctx)


def set_ablaze(data: GameData, state: State, label: Label, rule: str, ctx: Context) -> list[str]:
    """A Blaze goes in ``label``; its Smoke is removed; each unit there must move to an adjacent passable
    hex (asked, inactive player first), or is eliminated: the units with no such hex are returned, for
    the caller to eliminate together with those of the event's other Blazes (6.3.1, 9.2)."""
    state["blaze"].append(label)
    state["smoke"].pop(label, None)
    ctx.log(t("A Blaze is placed in {hex} ({rule}).", hex=label, rule=rule))
    if state.get("forts", {}).pop(label, None) is not None:
        ctx.log(t("The fortification in {hex} is removed ({rule}, 8.1.5).", hex=label, rule=rule))
    inactive = model.other(state["player"])
    way_out = any(not impassable(data, state, n) for n in board(data, state).neighbours(label))
    trapped = []
    for uid in sorted(model.units_at(state, label), key=lambda u: (state["units"][u]["side"] != inactive, u)):
        if way_out:
            ask(state, "displace", state["units"][uid]["side"], rule, False, unit=uid, origin=label)
        else:
            ctx.log(t("{unit} has no passable hex to leave the Blaze for ({rule}).", unit=uid, rule=rule))
            trapped.append(uid)
    return trapped


def _displace_options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    u = state["units"][choice["unit"]]
    if u["hex"] != choice["origin"]:
        return []
    return sorted(n for n in board(data, state).neighbours(u["hex"]) if not impassable(data, state, n))


def _displace(data: GameData, state: State, choice: dict[str, Any], label: str, ctx: Context) -> None:
    state["units"][choice["unit"]]["hex"] = label
    ctx.log(t("{unit} leaves the Blaze for {hex} ({rule}).", unit=choice["unit"], hex=label, rule=choice["rule"]))


def _trapped(data: GameData, state: State, choice: dict[str, Any], ctx: Context) -> None:
    if state["units"][choice["unit"]]["hex"] == choice["origin"]:
        ctx.log(t("{unit} has no passable hex to leave the Blaze for ({rule}).", unit=choice["unit"], rule=choice["rule"]))
        model.eliminate(data, state, choice["unit"], ctx)


def booby_trap(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E47: Mines in the Random Hex unless Water, Blaze or a fortification is there."""
    fortification(data, state, role, ctx, t("Booby Trap (E47)"), "mines")


def rubble(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E69: Wire in the Random Hex unless Water, Blaze or a fortification is there."""
    fortification(data, state, role, ctx, t("Rubble (E69)"), "wire")


def shell_holes(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E73: Foxholes in the Random Hex unless Water, Blaze or a fortification is there."""
    fortification(data, state, role, ctx, t("Shell Holes (E73)"), "foxholes")


def fortification(data: GameData, state: State, role: Role, ctx: Context, why: Text, kind: str) -> None:
    """A fortification in the Random Hex unless Water, Blaze or a fortification is there (F100.3); units there stay (E47)."""
    label = random_hex(data, state, role, ctx, why)
    if state.get("over"):
        return
    if water(data, state, label) or label in state["blaze"]:
        ctx.log(t("{event} at {hex}: Water or Blaze is there, no effect.", event=why, hex=label))
        return
    if fortifications.fort_at(state, label) is not None:
        ctx.log(t("{event} at {hex}: a fortification is there already, no effect (F100.3).", event=why, hex=label))
        return
    fortifications.place_fort(markers_board(data, state), state, label, kind, ctx, why)


def markers_board(data: GameData, state: State) -> Board:
    """The scenario's map as the markers' rules read it (terrain, Water)."""
    return Board(data, data.maps[state["map"]], data.levels[state["map"]])


def breeze(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E48: all Smoke goes; a Blaze spreads into each non-Water hex adjacent to and downwind of a Blaze, the
    direction read on the map's compass like the artillery's drift (2.2.2, ``compass``; ruling R18)."""
    state["smoke"] = {}
    direction = int(c.event_param or "1")
    ctx.log(t("Breeze (E48): all Smoke is removed; the wind blows towards {direction}.", direction=direction))
    grid = board(data, state).grid
    spread = []
    for label in sorted(state["blaze"]):
        n = grid.neighbour(label, compass.direction(board(data, state), direction))
        if n is not None and not water(data, state, n) and n not in state["blaze"] and n not in spread:
            spread.append(n)
    trapped = [uid for label in spread for uid in set_ablaze(data, state, label, "E48", ctx)]
    model.eliminate_together(data, state, trapped, ctx)


def command_and_control(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E49: the drawer gains 1 VP per objective it controls."""
    n = sum(1 for holder in state["objectives"].values() if holder == role)
    model.score(state, role, n)
    ctx.log(t("Command & Control (E49): {side} gains {n} VP.", side=role, n=n))


def commissar(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E50: the Russian player picks one of its broken units and rolls: above its Morale eliminated, else rallied."""
    russian = next((r for r in model.ROLES if state["sides"][r]["nation"] == "russia"), None)
    if russian is None:
        ctx.log(t("Commissar (E50): there is no Russian player, no effect (E42)."))
        return
    ask(state, "commissar", russian, "E50", False)


def _commissar(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    """The roll for the chosen unit is held for the Initiative card (9.1, ``eventrolls``); ``commissar_roll`` applies it."""
    roll_for(state, "commissar", choice["role"], "E50", t("Commissar (E50) for {unit}", unit=uid), unit=uid)


def commissar_roll(data: GameData, state: State, entry: dict[str, Any], value: int, ctx: Context) -> None:
    """E50, once the roll is accepted: above the unit's Morale it is eliminated, otherwise rallied."""
    uid = entry["unit"]
    if state["units"][uid]["hex"] is None:
        return
    morale = model.value(data, state, uid, "morale")
    if value > morale:
        ctx.log(t("Commissar (E50): {roll} is above {unit}'s Morale {morale}: eliminated.", roll=value, unit=uid, morale=morale))
        model.eliminate(data, state, uid, ctx)
    else:
        state["units"][uid]["broken"] = False
        ctx.log(t("Commissar (E50): {roll} is not above {unit}'s Morale {morale}: rallied.", roll=value, unit=uid, morale=morale))


def cower(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E51: each of the drawer's unsuppressed Squads outside every friendly leader's command radius is suppressed."""
    grid = board(data, state).grid
    own = {uid: u for uid, u in model.on_map(state).items() if u["side"] == role}
    leaders = [uid for uid in own if model.counter(data, state, uid).kind == "leader"]
    hit = []
    for uid, u in sorted(own.items()):
        if model.counter(data, state, uid).kind != "squad" or u["suppressed"]:
            continue
        covered = any(grid.distance(own[x]["hex"], u["hex"]) <= model.command(data, state, x) for x in leaders)
        if not covered:
            u["suppressed"] = True
            hit.append(uid)
    ctx.log(t("Cower (E51): {side}'s squads out of command are suppressed: {units}.", side=role, units=", ".join(hit) or "-"))


def deploy(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E52.1: the active player may replace one of its Squads by two Teams of the same quality."""
    ask(state, "deploy", state["player"], "E52", True)


def team_type(data: GameData, state: State, uid: str) -> str | None:
    squad = model.counter(data, state, uid)
    return next(
        (ct.type for ct in data.counters.values() if ct.nation == squad.nation and ct.kind == "team" and ct.quality == squad.quality),
        None,
    )


def _deploy(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    """E52.2: broken Teams from a broken Squad; Suppressed and Veteran go to one Team; the activation to both."""
    squad = state["units"][uid]
    ttype = team_type(data, state, uid)
    assert ttype is not None
    first, second = f"{uid}a", f"{uid}b"
    for tid in (first, second):
        team = new_unit(state, tid, ttype, squad["side"], squad["hex"])
        team.update(broken=squad["broken"], activated=squad["activated"], opfire=squad["opfire"])
    state["units"][first]["suppressed"] = squad["suppressed"]
    if squad.get("veteran"):
        state["units"][first]["veteran"] = True
    squad.update(hex=None, suppressed=False, activated="")
    squad.pop("veteran", None)
    wid = arms.carried(state, uid)
    if wid is not None:  # 11.3: the weapon goes to one of the two Teams (the first, ruling R49)
        state["weapons"][wid]["unit"] = first
    ctx.log(t("Deploy (E52): {unit} is replaced by the Teams {first} and {second}.", unit=uid, first=first, second=second))


def dust(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E53: a random Smoke marker in the Random Hex unless Water or Blaze is there."""
    label = random_hex(data, state, role, ctx, t("Dust (E53)"))
    if state.get("over"):
        return
    if water(data, state, label) or label in state["blaze"]:
        ctx.log(t("Dust (E53) at {hex}: Water or Blaze is there, no effect.", hex=label))
        return
    fortifications.place_smoke(markers_board(data, state), state, label, fortifications.draw_smoke(ctx), ctx, t("Dust (E53)"))


def elan(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E54: the drawer's Surrender marker moves one space further (one more loss needed; digest 8.2.20)."""
    state["sides"][role]["surrender"] += 1
    ctx.log(t("Elan (E54): {side}'s Surrender marker moves to space {space}.", side=role, space=state["sides"][role]["surrender"]))


def entrench(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E55: the drawer may place Foxholes in a hex of its units (not Water, no fortification; ``eventchoices``)."""
    ask(state, "entrench", role, "E55", True)


def field_promotion(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E56: unless on the map, the drawer may place its Corporal in a hex of one of its broken units (ruling R19)."""
    uid = f"{CODES[state['sides'][role]['nation']]}-corporal"
    if uid in state["units"]:
        ctx.log(t("Field Promotion (E56): {side}'s Corporal is already in play, no effect.", side=role))
        return
    ask(state, "field_promotion", role, "E56", True)


def _promote(data: GameData, state: State, choice: dict[str, Any], label: str, ctx: Context) -> None:
    role = choice["role"]
    code = CODES[state["sides"][role]["nation"]]
    new_unit(state, f"{code}-corporal", f"{code}_corporal", role, label)
    ctx.log(t("Field Promotion (E56): {side}'s Corporal {unit} is placed in {hex}.", side=role, unit=f"{code}-corporal", hex=label))


def fog_of_war(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E57: each player (the inactive one first) draws a card at random from the other's hand and discards it."""
    inactive = model.other(state["player"])
    for drawer in (inactive, state["player"]):
        victim = model.other(drawer)
        hand = state["sides"][victim]["hand"]
        if not hand:
            continue
        cid = ctx.pick(sorted(hand), t("Fog of War (E57)"))
        discarded = cards.discard_from_hand(state, victim, cid)
        ctx.reveal(t("Fog of War (E57): {side} draws a card of {other}'s hand at random and discards it: {card}.", side=drawer, other=victim, card=cards.face(discarded)))


def hero(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E58: unless on the map, the drawer must place its Hero in a friendly hex, and may rally a broken unit there."""
    uid = f"{CODES[state['sides'][role]['nation']]}-hero"
    if uid in model.on_map(state):
        ctx.log(t("Hero (E58): {side}'s Hero is already on the map, no effect.", side=role))
        return
    ask(state, "hero", role, "E58", False)


def friendly_hexes(data: GameData, state: State, role: Role) -> list[str]:
    """Hexes with own units, and controlled objectives free of enemy units (Glossary: friendly hex)."""
    own = {u["hex"] for u in model.on_map(state).values() if u["side"] == role}
    for place in board(data, state).places.values():
        number = place.get("number") or ""
        if place.kind == "objective" and state["objectives"].get(number) == role and not model.units_at(state, place.hex, model.other(role)):
            own.add(place.hex)
    return sorted(own)


def _hero(data: GameData, state: State, choice: dict[str, Any], label: str, ctx: Context) -> None:
    role = choice["role"]
    code = CODES[state["sides"][role]["nation"]]
    uid = f"{code}-hero"
    new_unit(state, uid, f"{code}_hero", role, label)
    ctx.log(t("Hero (E58): {side}'s Hero {unit} is placed in {hex}.", side=role, unit=uid, hex=label))
    ask(state, "hero_rally", role, "E58", True, first=True, hex=label)


def _rally(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    state["units"][uid]["broken"] = False
    ctx.log(t("{unit} is rallied ({rule}).", unit=uid, rule=choice["rule"]))


def support_problems(data: GameData) -> list[str]:
    """What is wrong with the Support tables (``adjutant validate``, ``support``)."""
    return support.problems(data)


def support_table(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E59, E68: a roll on the drawer's Support table (no trigger, E42); one counter of that column, free."""
    rule = data.fate["events"][c.event]
    roll_for(state, "support", role, rule, t("Support table ({rule})", rule=rule), event=c.event)


def support_roll(data: GameData, state: State, entry: dict[str, Any], total: int, ctx: Context) -> None:
    """E59, E68, once the roll is accepted: the column of the total, whose counter the drawer picks."""
    role, rule = entry["role"], entry["rule"]
    column = [e.text for e in support.column(state["sides"][role]["nation"], total)]
    ctx.log(t("{side} rolls {roll} on its Support table ({rule}): {types}.", side=role, roll=total, rule=rule, types=", ".join(column) or "-"))
    ask(state, "support_pick", role, rule, False, column=column, total=total, event=entry["event"])


def _support_pick(data: GameData, state: State, choice: dict[str, Any], ctype: str, ctx: Context) -> None:
    """The counter enters: anywhere along the own edge (E68), or in or next to a Random Hex (E59)."""
    role = choice["role"]
    uid = support.take(data, state, choice, ctype, ctx)
    if uid is None:
        return  # a radio: into the Artillery box (E68 step 3)
    if choice["event"] == "reinforcements":
        ask(state, "reinforce", role, "E68", False, first=True, unit=uid)
        return
    if choice["event"] == "hidden_units":
        ask(state, "hidden_place", role, "A35.4", False, first=True, unit=uid)
        return
    label = random_hex(data, state, role, ctx, t("Infiltration (E59)"))
    if not state.get("over"):
        ask(state, "infiltrate", role, "E59", False, first=True, unit=uid, hex=label)


def _infiltrate(data: GameData, state: State, choice: dict[str, Any], label: str, ctx: Context) -> None:
    state["units"][choice["unit"]]["hex"] = label
    ctx.log(t("{unit} enters in {hex} ({rule}).", unit=choice["unit"], hex=label, rule=choice["rule"]))


def _never_entered(data: GameData, state: State, choice: dict[str, Any], ctx: Context) -> None:
    """No hex may take the counter (stacking, terrain, enemy units): it does not enter (E42)."""
    if state["units"][choice["unit"]]["hex"] is None:
        del state["units"][choice["unit"]]
        for wid in [w for w, v in state.get("weapons", {}).items() if v["unit"] == choice["unit"]]:
            del state["weapons"][wid]  # its weapon (11.2) never entered either
        ctx.log(t("{unit} finds no hex where it may be placed and does not enter ({rule}).", unit=choice["unit"], rule=choice["rule"]))


def interdiction(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E60: the drawer must suppress one unsuppressed unit (either side) in a hex whose Cover is below 1."""
    ask(state, "interdiction", role, "E60", False)


def _suppress(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    state["units"][uid]["suppressed"] = True
    ctx.log(t("{unit} is suppressed ({rule}).", unit=uid, rule=choice["rule"]))


def interrogation(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E61: the opponent shows the drawer its whole hand (to the drawer only, 1.0); the drawer may discard one card."""
    victim = model.other(role)
    hand = list(state["sides"][victim]["hand"])
    ctx.log(t("Interrogation (E61): {other} shows its hand to {side}.", other=victim, side=role))
    if not hand:
        return
    listed = joined([t("{id} {face}", id=i, face=cards.face(cards.card(cid))) for i, cid in enumerate(hand, start=1)])
    ctx.reveal(t("{other}'s hand (E61): {cards}.", other=victim, cards=listed), to=role)
    ask(state, "interrogation", role, "E61", True, hand=hand)


def _interrogation_options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    held = state["sides"][model.other(choice["role"])]["hand"]
    return [str(i) for i, cid in enumerate(choice["hand"], start=1) if cid in held]


def _interrogation(data: GameData, state: State, choice: dict[str, Any], number: str, ctx: Context) -> None:
    victim = model.other(choice["role"])
    discarded = cards.discard_from_hand(state, victim, choice["hand"][int(number) - 1])
    ctx.reveal(t("Interrogation (E61): {side} makes {other} discard {card}.", side=choice["role"], other=victim, card=cards.face(discarded)))


def kia(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E62: the drawer must eliminate one broken unit (either side)."""
    ask(state, "kia", role, "E62", False)


def _eliminate(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    ctx.log(t("{unit} is eliminated ({rule}).", unit=uid, rule=choice["rule"]))
    model.eliminate(data, state, uid, ctx)


def weapons(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E63: the unbroken weapon nearest the Random Hex breaks; E71, E75: the drawer may scrounge a weapon
    or suppress an enemy unit (``eventchoices``)."""
    if c.event == "malfunction":
        label = random_hex(data, state, role, ctx, t("Malfunction (E63)"))
        if not state.get("over"):
            ask(state, "malfunction", role, "E63", False, hex=label)
        return
    ask(state, c.event, role, data.fate["events"][c.event], True)


def medic(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E64: the drawer must rally one broken unit (either side)."""
    ask(state, "medic", role, "E64", False)


def mission_objective(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E65: the drawer draws a random objective chit and keeps it secret, unless it has no secret side."""
    objectives.draw(state, ctx, role, secret=True)


def prisoners_of_war(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E66: the drawer must eliminate one of its broken units in or adjacent to a hex with enemy units."""
    ask(state, "pow", role, "E66", False)


def reconnaissance(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E67: the opponent must choose and reveal one of its secret objective chits, if any."""
    victim = model.other(role)
    if not objectives.of(state)["secret"][victim]:
        ctx.log(t("Reconnaissance (E67): {other} holds no secret objective, no effect.", other=victim))
        return
    ask(state, "reconnaissance", victim, "E67", False)


def _reconnaissance(data: GameData, state: State, choice: dict[str, Any], cid: str, ctx: Context) -> None:
    objectives.reveal(state, choice["role"], cid, ctx)


def sappers(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E70: the drawer may remove one Mines or Wire marker (``eventchoices``)."""
    ask(state, "sappers", role, "E70", True)


def shell_shock(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E72: the unit nearest the Random Hex (either side) becomes broken; on a tie the drawer chooses."""
    label = random_hex(data, state, role, ctx, t("Shell Shock (E72)"))
    if not state.get("over"):
        ask(state, "shell_shock", role, "E72", False, hex=label)


def nearest_units(data: GameData, state: State, label: Label) -> list[str]:
    grid = board(data, state).grid
    units = model.on_map(state)
    if not units:
        return []
    near = min(grid.distance(label, u["hex"]) for u in units.values())
    return sorted(uid for uid, u in units.items() if grid.distance(label, u["hex"]) == near)


def _shell_shock(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    u = state["units"][uid]
    if u["broken"]:
        ctx.log(t("Shell Shock (E72): {unit} is already broken (ruling R20).", unit=uid))
        return
    u["broken"] = True
    ctx.log(t("Shell Shock (E72): {unit} becomes broken.", unit=uid))


def strategic_objective(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E74: the drawer draws a random objective chit and places it open."""
    objectives.draw(state, ctx, role, secret=False)


def walking_wounded(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E76: pick a unit of either side on the Casualty track, then a Random Hex: it returns broken in or next to it."""
    ask(state, "wounded_unit", role, "E76", False)


def _wounded_unit(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    role = choice["role"]
    ctx.log(t("Walking Wounded (E76): {side} picks {unit} from the Casualty track.", side=role, unit=uid))
    label = random_hex(data, state, role, ctx, t("Walking Wounded (E76)"))
    if not state.get("over"):
        ask(state, "wounded_hex", role, "E76", False, first=True, unit=uid, hex=label)


def _wounded_hex_options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    u = state["units"][choice["unit"]]
    if u["hex"] is not None:
        return []
    hexes = [choice["hex"], *board(data, state).neighbours(choice["hex"])]
    return sorted(h for h in hexes if can_place(data, state, h, u["type"], u["side"]))


def _wounded_hex(data: GameData, state: State, choice: dict[str, Any], label: str, ctx: Context) -> None:
    uid = choice["unit"]
    u = state["units"][uid]
    state["sides"][u["side"]]["casualties"].remove(uid)
    u.update(hex=label, broken=True, suppressed=False, activated="", opfire=False)
    ctx.log(t("Walking Wounded (E76): {unit} returns broken in {hex}.", unit=uid, hex=label))


def white_phosphorus(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """E77: the drawer may put a random Smoke next to one of its good-order Squads; each player there breaks one own unit."""
    ask(state, "white_phosphorus", role, "E77", True)


def _wp_hexes(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    out: set[str] = set()
    for uid, u in model.on_map(state).items():
        if u["side"] == choice["role"] and not u["broken"] and model.counter(data, state, uid).kind == "squad":
            out.update(n for n in board(data, state).neighbours(u["hex"]) if not water(data, state, n) and n not in state["blaze"])
    return sorted(out)


def _white_phosphorus(data: GameData, state: State, choice: dict[str, Any], label: str, ctx: Context) -> None:
    fortifications.place_smoke(markers_board(data, state), state, label, fortifications.draw_smoke(ctx), ctx, t("White Phosphorus (E77)"))
    inactive = model.other(state["player"])
    for side in (state["player"], inactive):  # inserted first: the inactive player answers first
        if model.units_at(state, label, side):
            ask(state, "wp_break", side, "E77", False, first=True, hex=label)


def _break(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    state["units"][uid]["broken"] = True
    ctx.log(t("{unit} becomes broken ({rule}).", unit=uid, rule=choice["rule"]))


EVENTS: dict[str, Callable[[GameData, State, Role, Context, Card], None]] = {
    "air_support": air_support,
    "battle_harden": battle_harden,
    "battlefield_integrity": battlefield_integrity,
    "blaze": blaze,
    "booby_trap": booby_trap,
    "breeze": breeze,
    "command_and_control": command_and_control,
    "commissar": commissar,
    "cower": cower,
    "deploy": deploy,
    "dust": dust,
    "elan": elan,
    "entrench": entrench,
    "field_promotion": field_promotion,
    "fog_of_war": fog_of_war,
    "hero": hero,
    "infiltration": support_table,
    "interdiction": interdiction,
    "interrogation": interrogation,
    "kia": kia,
    "malfunction": weapons,
    "medic": medic,
    "mission_objective": mission_objective,
    "prisoners_of_war": prisoners_of_war,
    "reconnaissance": reconnaissance,
    "reinforcements": support_table,
    "rubble": rubble,
    "sappers": sappers,
    "scrounge": weapons,
    "shell_shock": shell_shock,
    "shell_holes": shell_holes,
    "strategic_objective": strategic_objective,
    "suppressing_fire": weapons,
    "walking_wounded": walking_wounded,
    "white_phosphorus": white_phosphorus,
}


def happen(data: GameData, state: State, role: Role, ctx: Context, c: Card) -> None:
    """The event of ``c``, drawn by ``role`` (1.9.1.1, E42)."""
    EVENTS[c.event](data, state, role, ctx, c)


# Reinforcements of the Time track (6.1.2 step 5) --------------------------------------------------


def reinforce(data: GameData, state: State, ctx: Context) -> None:
    """Units on the Time track's new space enter along their owner's own edge, the inactive player first."""
    due = [r for r in state.get("reinforcements", []) if r["time"] == state["time"]]
    inactive = model.other(state["player"])
    for r in sorted(due, key=lambda r: (r["side"] != inactive, r["id"])):
        state["reinforcements"].remove(r)
        if r.get("radio"):
            reinforce_radio(state, r, ctx)
            continue
        new_unit(state, r["id"], r["type"], r["side"], None)
        if r.get("weapon"):  # it enters carrying its weapon (6.1.2 step 5, 11.2)
            state["weapons"][r["weapon"]["id"]] = {"type": r["weapon"]["type"], "side": r["side"], "unit": r["id"], "broken": False}
        ctx.log(t("{unit} arrives as a reinforcement of {side} (6.1.2).", unit=r["id"], side=r["side"]))
        ask(state, "reinforce", r["side"], "6.1.2", False, unit=r["id"])


def reinforce_radio(state: State, r: dict[str, Any], ctx: Context) -> None:
    """6.1.2 step 5: a reinforcement radio goes into its owner's Artillery box, which must be empty (12:
    one radio in play); while another is there it waits for the next Time space (ruling R62, as R21)."""
    if arms.radio(state, r["side"]) is not None:
        state["reinforcements"].append({**r, "time": state["time"] + 1})
        ctx.log(t("The radio {radio} of {side} finds its Artillery box taken and waits for the next Time space (6.1.2, 12).", radio=r["id"], side=r["side"]))
        return
    state["artillery"][r["side"]] = {"id": r["id"], "type": r["type"], "broken": False}
    ctx.log(t("The radio {radio} arrives as a reinforcement of {side}, into its Artillery box (6.1.2).", radio=r["id"], side=r["side"]))


def _edge_options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    u = state["units"][choice["unit"]]
    if u["hex"] is not None:
        return []
    edge = board(data, state).zone(f"edge-{u['side']}")
    return sorted(h for h in edge if can_place(data, state, h, u["type"], u["side"]))


def _enter(data: GameData, state: State, choice: dict[str, Any], label: str, ctx: Context) -> None:
    state["units"][choice["unit"]]["hex"] = label
    ctx.log(t("{unit} enters in {hex} ({rule}).", unit=choice["unit"], hex=label, rule=choice["rule"]))


def _no_entry(data: GameData, state: State, choice: dict[str, Any], ctx: Context) -> None:
    """No hex of the edge can take it now: it stays off the map and enters at the next Time advance (ruling R21)."""
    if choice["rule"] != "6.1.2":
        _never_entered(data, state, choice, ctx)
        return
    u = state["units"][choice["unit"]]
    if u["hex"] is None:
        del state["units"][choice["unit"]]
        r: dict[str, Any] = {"time": state["time"] + 1, "side": u["side"], "id": choice["unit"], "type": u["type"]}
        for wid in [w for w, v in state.get("weapons", {}).items() if v["unit"] == choice["unit"]]:
            r["weapon"] = {"id": wid, "type": state["weapons"].pop(wid)["type"]}  # its weapon waits with it (11.2)
        state["reinforcements"].append(r)
        ctx.log(t("{unit} finds no hex of its edge free and waits for the next Time space (6.1.2).", unit=choice["unit"]))


# The tables of choices ----------------------------------------------------------------------------


def _units(pred: Callable[[GameData, State, dict[str, Any], str, dict[str, Any]], bool], first: str = "enemy") -> Callable[[GameData, State, dict[str, Any]], list[str]]:
    def options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
        found = [uid for uid, u in model.on_map(state).items() if pred(data, state, choice, uid, u)]
        return (enemies_first if first == "enemy" else own_first)(state, choice["role"], found)
    return options


def _adjacent_to_enemy(data: GameData, state: State, choice: dict[str, Any], uid: str, u: dict[str, Any]) -> bool:
    near = {u["hex"], *board(data, state).neighbours(u["hex"])}
    return any(model.units_at(state, h, model.other(u["side"])) for h in near)


OPTIONS: dict[str, Callable[[GameData, State, dict[str, Any]], list[str]]] = {
    "sniper": lambda data, state, ch: enemies_first(state, ch["role"], near_units(data, state, ch["hex"])),
    "air_support": lambda data, state, ch: nearest_hexes(data, state, ch["hex"]),
    "battle_harden": _units(lambda d, s, ch, uid, u: u["side"] == ch["role"] and not u.get("veteran"), "own"),
    "displace": _displace_options,
    "commissar": _units(lambda d, s, ch, uid, u: u["side"] == ch["role"] and u["broken"], "own"),
    "deploy": _units(
        lambda d, s, ch, uid, u: u["side"] == ch["role"] and model.counter(d, s, uid).kind == "squad" and team_type(d, s, uid) is not None,
        "own",
    ),
    "field_promotion": lambda data, state, ch: sorted({u["hex"] for u in model.on_map(state).values() if u["side"] == ch["role"] and u["broken"]}),
    "hero": lambda data, state, ch: friendly_hexes(data, state, ch["role"]),
    "hero_rally": lambda data, state, ch: [u for u in model.units_at(state, ch["hex"], ch["role"]) if state["units"][u]["broken"]],
    "interdiction": _units(lambda d, s, ch, uid, u: not u["suppressed"] and cover(d, s, u["hex"]) < 1),
    "interrogation": _interrogation_options,
    "kia": _units(lambda d, s, ch, uid, u: u["broken"]),
    "medic": _units(lambda d, s, ch, uid, u: u["broken"], "own"),
    "pow": _units(lambda d, s, ch, uid, u: u["side"] == ch["role"] and u["broken"] and _adjacent_to_enemy(d, s, ch, uid, u), "own"),
    "reconnaissance": lambda data, state, ch: sorted(objectives.of(state)["secret"][ch["role"]]),
    "shell_shock": lambda data, state, ch: nearest_units(data, state, ch["hex"]),
    "wounded_unit": lambda data, state, ch: sorted(uid for r in model.ROLES for uid in state["sides"][r]["casualties"]),
    "wounded_hex": _wounded_hex_options,
    "white_phosphorus": _wp_hexes,
    "wp_break": lambda data, state, ch: [u for u in model.units_at(state, ch["hex"], ch["role"]) if not state["units"][u]["broken"]],
    "reinforce": _edge_options,
    "support_pick": lambda data, state, ch: support.options(data, state, ch) if "total" in ch else [c for c in ch["column"] if c in data.counters],
    "infiltrate": _wounded_hex_options,
    "hidden_place": hidden_units.place_options,
    "exit_space": leaving.space_options,
    "entrench": chosen.entrench_options,
    "malfunction": chosen.malfunction_options,
    "sappers": chosen.sappers_options,
    "scrounge": chosen.scrounge_options,
    "scrounge_unit": chosen.scrounge_unit_options,
    "suppressing_fire": chosen.suppress_options,
}

#: What an accepted event roll does (``eventrolls``), by kind.
ROLLED: dict[str, Callable[[GameData, State, dict[str, Any], int, Context], None]] = {
    "commissar": commissar_roll,
    "support": support_roll,
}

APPLY: dict[str, Callable[[GameData, State, dict[str, Any], str, Context], None]] = {
    "sniper": _hit,
    "air_support": _air_strike,
    "battle_harden": _veteran,
    "displace": _displace,
    "commissar": _commissar,
    "deploy": _deploy,
    "field_promotion": _promote,
    "hero": _hero,
    "hero_rally": _rally,
    "interdiction": _suppress,
    "interrogation": _interrogation,
    "kia": _eliminate,
    "medic": _rally,
    "pow": _eliminate,
    "reconnaissance": _reconnaissance,
    "shell_shock": _shell_shock,
    "wounded_unit": _wounded_unit,
    "wounded_hex": _wounded_hex,
    "white_phosphorus": _white_phosphorus,
    "wp_break": _break,
    "reinforce": _enter,
    "support_pick": _support_pick,
    "infiltrate": _infiltrate,
    "hidden_place": hidden_units.place,
    "exit_space": leaving.place_on_space,
    "entrench": chosen.entrench,
    "malfunction": chosen.malfunction,
    "sappers": chosen.sappers,
    "scrounge": chosen.scrounge,
    "scrounge_unit": chosen.scrounge_unit,
    "suppressing_fire": chosen.suppress,
}

#: What an empty choice means, where it is not simply ignored (E42).
EMPTY: dict[str, Callable[[GameData, State, dict[str, Any], Context], None]] = {
    "displace": _trapped,
    "reinforce": _no_entry,
    "infiltrate": _never_entered,
    "hidden_place": _never_entered,
}

QUESTIONS: dict[str, Callable[[dict[str, Any]], Text]] = {
    "sniper": lambda ch: t("Sniper! (1.9.1.3) at {hex}: {side} may hit one unit in that hex or next to it.", hex=ch["hex"], side=ch["role"]),
    "air_support": lambda ch: t("Air Support (E43) from {hex}: {side} may hit every unit of the nearest hex with units.", hex=ch["hex"], side=ch["role"]),
    "battle_harden": lambda ch: t("Battle Harden (E44): {side} chooses one of its units to become Veteran.", side=ch["role"]),
    "displace": lambda ch: t("Blaze ({rule}): {side} chooses the adjacent hex {unit} moves to.", rule=ch["rule"], side=ch["role"], unit=ch["unit"]),
    "commissar": lambda ch: t("Commissar (E50): {side} chooses one of its broken units to roll for.", side=ch["role"]),
    "deploy": lambda ch: t("Deploy (E52): {side} may replace one of its Squads by two Teams.", side=ch["role"]),
    "field_promotion": lambda ch: t("Field Promotion (E56): {side} may place its Corporal in a hex of one of its broken units.", side=ch["role"]),
    "hero": lambda ch: t("Hero (E58): {side} chooses the friendly hex for its Hero.", side=ch["role"]),
    "hero_rally": lambda ch: t("Hero (E58): {side} may rally one of its broken units in {hex}.", side=ch["role"], hex=ch["hex"]),
    "interdiction": lambda ch: t("Interdiction (E60): {side} chooses an unsuppressed unit in a hex of Cover below 1 to suppress.", side=ch["role"]),
    "interrogation": lambda ch: t("Interrogation (E61): {side} may make the other player discard one card, by its number in the hand shown.", side=ch["role"]),
    "kia": lambda ch: t("KIA (E62): {side} chooses a broken unit to eliminate.", side=ch["role"]),
    "medic": lambda ch: t("Medic (E64): {side} chooses a broken unit to rally.", side=ch["role"]),
    "pow": lambda ch: t("Prisoners of War (E66): {side} chooses one of its broken units in or next to an enemy hex to eliminate.", side=ch["role"]),
    "reconnaissance": lambda ch: t("Reconnaissance (E67): {side} chooses one of its secret objectives to reveal.", side=ch["role"]),
    "shell_shock": lambda ch: t("Shell Shock (E72) at {hex}: {side} chooses which of the nearest units becomes broken.", hex=ch["hex"], side=ch["role"]),
    "wounded_unit": lambda ch: t("Walking Wounded (E76): {side} chooses a unit on the Casualty track.", side=ch["role"]),
    "wounded_hex": lambda ch: t("Walking Wounded (E76): {side} chooses where {unit} returns, in or next to {hex}.", side=ch["role"], unit=ch["unit"], hex=ch["hex"]),
    "white_phosphorus": lambda ch: t("White Phosphorus (E77): {side} may choose a hex next to one of its good-order Squads for a Smoke marker.", side=ch["role"]),
    "wp_break": lambda ch: t("White Phosphorus (E77): {side} chooses one of its units in {hex} to break.", side=ch["role"], hex=ch["hex"]),
    "reinforce": lambda ch: t("Reinforcements ({rule}): {side} chooses the hex of its own edge where {unit} enters.", rule=ch["rule"], side=ch["role"], unit=ch["unit"]),
    "support_pick": lambda ch: t("Support table ({rule}): {side} chooses one counter of the column rolled.", rule=ch["rule"], side=ch["role"]),
    "infiltrate": lambda ch: t("Infiltration (E59): {side} chooses where {unit} enters, in or next to {hex}.", side=ch["role"], unit=ch["unit"], hex=ch["hex"]),
    "hidden_place": hidden_units.question,
    "exit_space": leaving.space_question,
    **{kind: chosen.question for kind in chosen.QUESTIONS},
}
