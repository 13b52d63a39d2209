"""Set-up (20) and the Initial Phases (4): arrivals, withdrawals, replacements, events, weather.

Every die roll here is made by the kernel's context and logged; every choice that the rules
give a player (where a unit enters, which replacement type) is a placement or choice window.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder, allowed
from engine.game import Action, Context, Prompt, State
from engine.games.caucasus import placement, special, supply
from engine.games.caucasus.model import AXIS, SOVIET, Rules, UnitType, enemy, occupants, units_at
from engine.games.caucasus.zoc import zoc_hexes
from engine.replaying import accepted
from engine.text import t

REPLACEMENT_TABLE = {
    1: ("german_regular_inf",),
    2: ("german_elite_inf",),
    3: ("axis_allied",),
    4: ("german_regular_inf", "german_elite_inf", "axis_allied"),
    5: ("german_mech",),
    6: ("german_regular_inf", "german_elite_inf", "axis_allied", "german_mech", "cadre_flak_or_brandenburg"),
}
REPLACEMENT_NAMES = {
    1: t("German regular infantry"),
    2: t("German elite infantry"),
    3: t("Axis allied"),
    4: t("Any infantry"),
    5: t("German mechanized"),
    6: t("Special"),
}
EVENTS = {
    1: "Lend-Lease tanks",
    2: "Naval Brigade",
    3: "Turkish Front division",
    4: "Cavalry replacement",
    5: "Infantry replacement",
    6: "Black Sea Fleet sortie",
}
REPL_CAP = 3


# Map queries ---------------------------------------------------------------------------------
def entry_hexes(rules: Rules, letter: str) -> list[str]:
    return sorted(h for h, p in rules.board.places.items() if p.get("entry") == letter)


def friendly_entry_hexes(rules: Rules, state: State, side: str, letters: tuple[str, ...]) -> list[str]:
    """The side's usable entry hexes of ``letters``: a north-edge entry (A-E) of its own side, which
    the enemy can never control, or an entry hex F-J it controls, free of enemy units (4.1)."""
    out = []
    for letter in letters:
        for label in entry_hexes(rules, letter):
            north = letter in "ABCDE"
            if (north and rules.board.places[label].get("side") == side) or (not north and state["control"].get(label) == side):
                if not any(rules.units[u].side != side for u in units_at(state, label)):
                    out.append(label)
    return out


def named(rules: Rules, name: str) -> str | None:
    return rules.by_name.get(name.casefold())


def connected_rail(rules: Rules, state: State, side: str) -> frozenset[str]:
    return supply.connected_rail_hexes(rules, state, side, for_supply=True)


def rail_cities(rules: Rules, state: State, side: str, kinds: tuple[str, ...] = ("major_city",), avoid_ezoc: bool = False) -> list[str]:
    """Friendly-controlled cities of ``kinds`` on a Connected Rail Hex (4.4, 15.1, 17.2)."""
    rail = connected_rail(rules, state, side)
    ezoc = zoc_hexes(rules, state, enemy(side)) if avoid_ezoc else frozenset()
    out = []
    for label, place in sorted(rules.board.places.items()):
        if place.kind in kinds and state["control"].get(label) == side and label in rail and label not in ezoc:
            if not any(rules.units[u].side != side for u in units_at(state, label)):
                out.append(label)
    return out


def hq_hexes(rules: Rules, state: State, side: str, flag: str | None = None) -> list[str]:
    """Hexes of the side's HQs in Full Supply (optionally only HQs with ``flag``)."""
    out = []
    for uid, u in sorted(state["units"].items()):
        spec = rules.units[uid]
        if spec.side == side and spec.type == UnitType.HQ and u.get("hex") and u.get("supply") == "full":
            if "cav_corps_hq" in spec.flags:
                continue
            if flag is None or flag in spec.flags:
                out.append(u["hex"])
    return sorted(set(out))


# Set-up ----------------------------------------------------------------------------------------
def auto_setup(rules: Rules, state: State) -> None:
    """Default free set-up: army units spread over their zones (at least one per hex, at most
    two, 20.2) and the Axis turn-1 reinforcements on their first entry hex (20.1)."""
    zones: dict[str, list[str]] = {}
    for uid, spec in sorted(rules.units.items()):
        if spec.setup.startswith("zone:") and state["units"][uid]["box"] == "setup":
            zones.setdefault(spec.setup[5:], []).append(uid)
    for zone, uids in zones.items():
        hexes = sorted(rules.board.zone(zone))
        for i, uid in enumerate(uids):
            state["units"][uid]["hex"] = hexes[i % len(hexes)]
            state["units"][uid]["box"] = None
    for uid, spec in sorted(rules.units.items()):
        u = state["units"][uid]
        if spec.side == AXIS and u["box"] == "track" and u["due"] == 1 and spec.entry:
            hexes = friendly_entry_hexes(rules, state, AXIS, spec.entry)
            if hexes:
                u.update(hex=hexes[0], box=None, due=None)


def setup_targets(rules: Rules, state: State, uid: str) -> list[str]:
    spec = rules.units[uid]
    if spec.setup.startswith("zone:"):
        # A zone hex a referee has put an enemy unit in is no set-up hex (units of both sides never share one).
        return [label for label in sorted(rules.board.zone(spec.setup[5:])) if not _enemy_in(rules, state, spec.side, label)]
    if spec.side == AXIS and spec.turn == 1 and spec.entry:
        return friendly_entry_hexes(rules, state, AXIS, spec.entry)
    return []


def setup_prompt(game: Any, state: State, role: str) -> Prompt:
    rules: Rules = game.rules
    acts = [Action("ready")] if allowed(check_setup_complete, game, state, role) else []
    for uid in sorted(rules.units):
        if rules.units[uid].side != role:
            continue
        for label in setup_targets(rules, state, uid):
            if label != state["units"][uid]["hex"]:
                acts.append(Action("setup", (uid, label)))
    return Prompt(
        role,
        t("Set-up: adjust your free set-up with 'setup UNIT HEX', then 'ready'."),
        tuple(acts),
    )


def setup_move(game: Any, state: State, role: str, uid: str, label: str, ctx: Context) -> None:
    rules: Rules = game.rules
    spec = rules.units[uid]
    if spec.side != role:
        raise IllegalOrder(t("{unit} is not yours.", unit=uid), "20.1")
    if not accepted(ctx):  # a replayed order of the campaign's own was checked when accepted
        targets = setup_targets(rules, state, uid)
        if not targets:
            raise IllegalOrder(t("{unit} sets up on its printed hex and cannot be moved at set-up.", unit=uid), "20.1/20.2")
        if label not in targets:
            raise IllegalOrder(
                t("{unit} must set up in one of: {hexes}.", unit=uid, hexes=", ".join(targets)), "20.1/20.2"
            )
    state["units"][uid]["hex"] = label
    ctx.log(t("{unit} sets up in {hex}.", unit=uid, hex=label))


def check_setup_complete(game: Any, state: State, role: str) -> None:
    rules: Rules = game.rules
    if role != SOVIET:
        return
    zones = {spec.setup[5:] for spec in rules.units.values() if spec.setup.startswith("zone:")}
    at = occupants(state)
    for zone in sorted(zones):
        for label in sorted(rules.board.zone(zone)):
            if any(rules.units[u].side != role for u in at.get(label, ())):
                continue
            here = [u for u in at.get(label, ()) if rules.units[u].setup == f"zone:{zone}"]
            if not here:
                raise IllegalOrder(t("Every hex of the {zone} zone needs at least one unit: {hex} is empty.", zone=zone, hex=label), "20.2")
            if len(here) > 2:
                raise IllegalOrder(t("At most 2 units per hex at set-up: {hex} has {n}.", hex=label, n=len(here)), "20.2")


def _enemy_in(rules: Rules, state: State, side: str, label: str) -> bool:
    return any(rules.units[u].side != side for u in units_at(state, label))


# Initial Phases ----------------------------------------------------------------------------------
def run(game: Any, state: State, side: str, ctx: Context) -> None:
    rules: Rules = game.rules
    turn = int(state["turn"])
    if side == AXIS:
        axis_initial(rules, state, turn, ctx)
    else:
        soviet_initial(rules, state, turn, ctx)


def _due(rules: Rules, state: State, side: str, turn: int) -> list[str]:
    return sorted(
        uid
        for uid, u in state["units"].items()
        if rules.units[uid].side == side and u["box"] == "track" and u["due"] is not None and u["due"] <= turn
    )


def _arrival_item(rules: Rules, state: State, uid: str, side: str) -> dict[str, Any]:
    spec = rules.units[uid]
    arrive = state["units"][uid].get("arrive", "entry")
    if arrive == "ost":
        hexes = rail_cities(rules, state, side, ("major_city", "minor_city"), avoid_ezoc=True)
        return {"unit": uid, "hexes": hexes, "else_box": "track", "rule": "4.2"}
    if "brandenburg" in spec.flags or arrive == "hq_or_city":
        hexes = sorted(set(hq_hexes(rules, state, side) + rail_cities(rules, state, side)))
        return {"unit": uid, "hexes": hexes, "else_box": "track", "rule": "15.2"}
    letters = spec.entry or (("A",) if side == AXIS else ("E",))
    if arrive == "entry_a":
        letters = ("A", "J")  # waited a turn for Taman: any A hex, or J if now Axis (4.2)
    hexes = friendly_entry_hexes(rules, state, side, letters)
    item: dict[str, Any] = {"unit": uid, "hexes": hexes, "else_box": "track", "delay": True, "rule": "4.1"}
    if "J" in letters and not hexes:
        # Entry J blocked: wait for J, or wait one turn and enter at any A hex (4.2).
        state["units"][uid]["arrive"] = "entry_a"
    return item


def axis_initial(rules: Rules, state: State, turn: int, ctx: Context) -> None:
    # Withdrawals (18.3).
    skip_roll = False
    for uid, spec in sorted(rules.units.items()):
        if spec.flag_value("withdraw") == str(turn):
            u = state["units"][uid]
            if u["step"] > 0 or not u.get("hex"):
                skip_roll = True
            u.update(hex=None, box="removed")
            ctx.log(t("{unit} ({name}) is withdrawn from the theatre (18.3).", unit=uid, name=spec.name))
    # Italian Alpine Corps (4.2), campaign only.
    sc = rules.scenarios[state["scenario"]]
    if turn == 5 and sc.alpine_roll:
        roll = ctx.roll(6, t("Italian Alpine Corps"))
        if roll <= 2:
            state["flags"]["alpine_arrived"] = True
            for u in state["units"].values():
                if u["box"] == "alpine":
                    u.update(box="track", due=turn)  # at any A hex, as printed (4.2)
            ctx.log(t("The Italian Alpine Corps arrives: the Axis now needs 20 VP (19.2)."))
        else:
            for u in state["units"].values():
                if u["box"] == "alpine":
                    u["box"] = "removed"
            ctx.log(t("The Italian Alpine Corps never arrives."))
    # Blücher II (4.2).
    taman = entry_hexes(rules, "J")
    if not state["flags"]["blucher_delivered"] and taman and all(state["control"].get(h) == AXIS for h in taman):
        state["flags"]["blucher_delivered"] = True
        for u in state["units"].values():
            if u["box"] == "blucher":
                u.update(box="track", due=turn)
        ctx.log(t("Blücher II: the Axis controls Taman and the two divisions cross the strait (4.2)."))
    # Ost troops (4.2).
    kr, vo = named(rules, "Krasnodar"), named(rules, "Voroshilovsk")
    if (
        turn >= 7
        and not state["flags"]["ost_recruited"]
        and kr
        and vo
        and state["control"].get(kr) == AXIS
        and state["control"].get(vo) == AXIS
    ):
        state["flags"]["ost_recruited"] = True
        for uid, u in sorted(state["units"].items()):
            if u["box"] == "ost":
                roll = ctx.roll(6, t("Ost unit {unit}: turns until it arrives", unit=uid))
                u.update(box="track", due=turn + roll, arrive="ost")
    # Reinforcements due (4.1, 4.2, 15.2).
    items = [_arrival_item(rules, state, uid, AXIS) for uid in _due(rules, state, AXIS, turn)]
    # Replacement roll (4.5, 4.6), weather (4.8), HQ return (15.1): after the arrivals are placed.
    flow.call(state, "axis_initial_rest", skip=skip_roll)
    placement.pending(state, AXIS, items, "Axis reinforcements")


class AxisInitialRest(flow.Procedure):
    name = "axis_initial_rest"
    auto = True

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("Axis Initial Phase"), "3.0")

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        rules: Rules = game.rules
        turn = int(state["turn"])
        stage = frame.get("stage", 0)
        frame["stage"] = stage + 1
        if stage == 0:
            choices: list[tuple[str, ...]] = []
            if frame.get("skip"):
                ctx.log(t("The withdrawn division was reduced or eliminated: no replacement roll this turn (18.3)."))
            elif turn >= 2:
                roll = ctx.roll(6, t("Axis Replacement Table"))
                tracks = REPLACEMENT_TABLE[roll]
                ctx.log(t("Axis replacement: {name}.", name=REPLACEMENT_NAMES[roll]))
                if len(tracks) == 1:
                    add_replacement(state, tracks[0], ctx)
                else:
                    choices.append(tracks)
            if turn >= 7:
                ctx.log(t("Hitler takes command: one more replacement of any type (4.6)."))
                choices.append(("german_regular_inf", "german_elite_inf", "axis_allied", "german_mech"))
            for options in reversed(choices):
                flow.call(state, "repl_choice", side=AXIS, options=list(options))
        elif stage == 1:
            if turn >= 6:
                roll = ctx.roll(6, t("Weather"))
                state["weather"] = "bad" if roll >= 5 else "good"
                ctx.log(t("Weather this turn: {w}.", w=state["weather"]))
            else:
                state["weather"] = "good"
            return_hqs(rules, state, AXIS)
        else:
            flow.end(state)


def return_hqs(rules: Rules, state: State, side: str) -> None:
    items = []
    for uid, u in sorted(state["units"].items()):
        if rules.units[uid].side == side and u["box"] == "hq_return":
            letters = tuple("ABCDEFGHIJ")
            hexes = sorted(set(rail_cities(rules, state, side) + friendly_entry_hexes(rules, state, side, letters)))
            items.append({"unit": uid, "hexes": hexes, "else_box": "hq_return", "rule": "15.1"})
    placement.pending(state, side, items, "Returning HQs")


def add_replacement(state: State, track: str, ctx: Context) -> None:
    have = int(state["repl"].get(track, 0))
    if have >= REPL_CAP:
        ctx.log(t("The {track} track is full (3): the replacement is lost (17.2).", track=track))
        return
    state["repl"][track] = have + 1
    ctx.log(t("Replacement recorded on the {track} track ({n}).", track=track, n=have + 1))


def _special_returns(rules: Rules, state: State) -> list[str]:
    """The FLAK regiment and the Brandenburgers, if in the Cadre box (4.5 Special)."""
    return [
        uid
        for uid, u in sorted(state["units"].items())
        if u["box"] == "cadre" and (rules.units[uid].type == UnitType.FLAK or "brandenburg" in rules.units[uid].flags)
    ]


class ReplChoice(flow.Procedure):
    """Choose the type of a free-choice replacement (4.5 Any infantry / Special, 4.6)."""

    name = "repl_choice"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("choice of the type of a free-choice replacement"), "4.6")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        options = [o for o in frame["options"] if o != "cadre_flak_or_brandenburg" or _special_returns(game.rules, state)]
        return Prompt(
            role,
            t("Choose the replacement type: {options}.", options=", ".join(options)),
            tuple(Action("repl", (o,)) for o in options),
        )

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        if action.verb != "repl" or not action.args:
            raise flow.refuse(action, ("repl",), self.step(game, state, frame), t("Possible now: {verbs}.", verbs="repl"))
        choice = action.args[0]
        if choice not in frame["options"]:
            raise IllegalOrder(t("Choose one of: {options}.", options=", ".join(frame["options"])), "4.5")
        if choice == "cadre_flak_or_brandenburg":
            rules: Rules = game.rules
            back = _special_returns(rules, state)
            if not back:
                raise IllegalOrder(t("Neither the FLAK regiment nor the Brandenburgers are in the Cadre box."), "4.5")
            uid = back[0]
            state["units"][uid].update(box="track", due=state["turn"], arrive="hq_or_city")
            ctx.log(t("{unit} comes back from the Cadre box (4.5).", unit=uid))
            flow.end(state)
            placement.pending(state, role, [_arrival_item(rules, state, uid, role)], "Returning from the Cadre box")
            return
        add_replacement(state, choice, ctx)
        flow.end(state)


def soviet_initial(rules: Rules, state: State, turn: int, ctx: Context) -> None:
    for marker_id, marker in state["air"].items():
        if marker.get("due") == turn:
            marker.update(available=True, ready=True)
            ctx.log(t("Soviet air marker {id} arrives.", id=marker_id))
    flow.call(state, "soviet_initial_rest")
    items: list[dict[str, Any]] = []
    caspian_hexes = sorted(
        {
            h
            for h in (named(rules, "Astrakhan"), named(rules, "Makhachkala"))
            if h and state["control"].get(h) == SOVIET and not any(rules.units[u].side == AXIS for u in units_at(state, h))
        }
        | set(friendly_entry_hexes(rules, state, SOVIET, ("F",)))
    )
    for uid, u in sorted(state["units"].items()):
        if rules.units[uid].side == SOVIET and u["box"] == "caspian":
            items.append({"unit": uid, "hexes": caspian_hexes, "else_box": "caspian", "rule": "4.3"})
    for uid in _due(rules, state, SOVIET, turn):
        item = _arrival_item(rules, state, uid, SOVIET)
        item["caspian"] = True  # or the Eastern Caspian box (4.3, ruling 33); delay allowed (4.1, ruling 32)
        items.append(item)
    placement.pending(state, SOVIET, items, "Soviet reinforcements")


class SovietInitialRest(flow.Procedure):
    name = "soviet_initial_rest"
    auto = True

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("Soviet Initial Phase"), "3.0")

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        rules: Rules = game.rules
        stage = frame.get("stage", 0)
        frame["stage"] = stage + 1
        if stage == 0:
            draw_cup(rules, state, ctx)
        elif stage == 1:
            soviet_event(rules, state, ctx)
        elif stage == 2:
            return_hqs(rules, state, SOVIET)
        elif stage == 3:
            if special.corps_available(rules, state):
                flow.call(state, "corps_choice")
        else:
            flow.end(state)


def draw_cup(rules: Rules, state: State, ctx: Context) -> None:
    """Three draws from the random-reinforcement cup and their placement (4.4)."""
    drawn = []
    for _ in range(3):
        if not state["cup"]:
            break
        pick = ctx.pick(state["cup"], t("Random reinforcement draw"))
        state["cup"].remove(pick)
        if pick.startswith("none-"):
            ctx.log(t("Random reinforcement draw: a \"none\" counter (no unit, 4.4)."))
            continue
        ctx.log(t("Random reinforcement draw: {unit} ({name}).", unit=pick, name=rules.units[pick].name))
        drawn.append(pick)
    if not drawn:
        return
    tbilisi = named(rules, "Tbilisi")
    usable = bool(tbilisi) and state["control"].get(tbilisi) == SOVIET and not any(
        rules.units[u].side == AXIS for u in units_at(state, str(tbilisi))
    )
    locations = sorted(set(hq_hexes(rules, state, SOVIET, "front_hq") + rail_cities(rules, state, SOVIET)))
    if not usable:
        state["units"][drawn[0]]["box"] = "cadre"
        ctx.log(t("Tbilisi is not Soviet: {unit} is lost to the Cadre box (4.4).", unit=drawn[0]))
        drawn = drawn[1:]
        locations = [h for h in locations if h != tbilisi]
    elif tbilisi not in locations:
        locations = sorted([*locations, str(tbilisi)])
    items = []
    for uid in drawn:
        state["units"][uid]["box"] = "arriving"
        items.append({"unit": uid, "hexes": locations, "else_box": "cadre", "rule": "4.4", "exclusive": True})
    if items:
        flow.call(state, "random_placement", role=SOVIET, items=items, why="Random reinforcements", tbilisi=tbilisi if usable else None)


class RandomPlacement(placement.Placement):
    """Placing the random reinforcements (4.4): one per location (two on a Front HQ in a Major
    City), and at least one of them at Tbilisi if Tbilisi is Soviet; the player chooses which."""

    name = "random_placement"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("placement of the random reinforcements"), "4.4")

    def _needs_tbilisi(self, frame: flow.Frame) -> bool:
        tbilisi = frame.get("tbilisi")
        return bool(tbilisi) and frame.get("used", {}).get(tbilisi, 0) == 0

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        base = super().prompt(game, state, frame, role)
        if not self._needs_tbilisi(frame) or len(frame["items"]) > 1:
            return base
        acts = tuple(a for a in base.actions if a.verb != "place" or a.args[1] == frame["tbilisi"])
        return Prompt(role, t("Random reinforcements: at least one must be placed at Tbilisi ({hex}).", hex=frame["tbilisi"]), acts)

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        if self._needs_tbilisi(frame):
            if action.verb == "place" and len(frame["items"]) == 1 and action.args[1] != frame["tbilisi"]:
                raise IllegalOrder(t("At least one random reinforcement must be placed at Tbilisi."), "4.4")
            if action.verb == "done" and frame["items"]:
                first = frame["items"][0]
                frame.setdefault("used", {})[frame["tbilisi"]] = 1
                placement.place_item(rules, state, first, frame["tbilisi"], ctx)
                frame["items"] = frame["items"][1:]
                if not frame["items"]:
                    flow.end(state)
                    return
        super().handle(game, state, frame, role, action, ctx)


def soviet_event(rules: Rules, state: State, ctx: Context) -> None:
    roll = ctx.roll(6, t("Soviet Events Table"))
    ctx.log(t("Soviet event: {name}.", name=placement.REASONS.get(EVENTS[roll], EVENTS[roll])))
    if roll in (1, 2, 3):
        box = {1: "lendlease", 2: "naval", 3: "turkish"}[roll]
        waiting = sorted(uid for uid, u in state["units"].items() if u["box"] == box)
        if not waiting:
            if roll == 1:
                ctx.log(t("The Lend-Lease box is empty: no effect (4.7)."))
            else:
                add_replacement(state, "soviet_inf", ctx)
            return
        uid = waiting[0]
        if roll == 1:
            hexes = friendly_entry_hexes(rules, state, SOVIET, ("F", "G"))
        elif roll == 3:
            hexes = friendly_entry_hexes(rules, state, SOVIET, ("G", "H"))
        else:
            hexes = sorted(
                h
                for h, p in rules.board.places.items()
                if p.get("port") and p.get("sea") == "black" and state["control"].get(h) == SOVIET
                and not any(rules.units[u].side == AXIS for u in units_at(state, h))
            )
        state["units"][uid]["box"] = "arriving"
        placement.pending(state, SOVIET, [{"unit": uid, "hexes": hexes, "else_box": box, "rule": "4.7"}], EVENTS[roll])
    elif roll == 4:
        add_replacement(state, "soviet_cav", ctx)
    elif roll == 5:
        add_replacement(state, "soviet_inf", ctx)
    else:
        for fid, status in sorted(state["fleet"].items()):
            if status == "unavailable":
                state["fleet"][fid] = "available"
                ctx.log(t("Black Sea Fleet marker {id} is now available (16.21).", id=fid))
                return
        ctx.log(t("Both Fleet markers are already available or removed: no effect (4.7)."))
