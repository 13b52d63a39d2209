"""HQ relocation (7.4) and HQ displacement (5.3.2, 7.3.6, 10.4).

An HQ moves only by a Relocation Action of its own formation (``relocate HQ HEX``, its printed
relocation points in AP) or when it is displaced: an enemy Movement Action enters a hex next to a
hex holding only HQs (7.3.6, not across a lake or the unbridged Bug), or a combat leaves it alone
in its hex (7.5). The owner then places it in the ``hqdisplace`` window (``displace HQ HEX``;
``pass`` takes the published default: the lightest case, then a hex away from enemy units, then the
nearest) and pays the 5.3.2 penalties of the case the destination falls in.

"In command range" is read as 5.8.2 measures it: the shortest path free of enemy units and of EZOC
without a friendly unit (the same path 7.4 and 5.3.2 ask for) from the HQ's hex, no longer than its
range. So case 1 is such a path within range, case 2 a longer one, case 3 none (RULINGS H1). A
destination across the Bug (the other bank from where the HQ stands) needs that path within range
and the destination in supply (7.4, which supply traces only over a bridge or a pontoon).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine import flow, stacks
from engine.errors import IllegalOrder
from engine.flow import Frame, Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.across_the_bug_river import board, supplyline
from engine.games.across_the_bug_river.data import Rules
from engine.games.across_the_bug_river.phases import game_ref, rules_of
from engine.hexgrid import Label
from engine.text import t

_WEST: dict[int, frozenset[Label]] = {}
VV = "Volodymyr-Volynskyi"


def west_bank(rules: Rules) -> frozenset[Label]:
    """The hexes reached from the German supply edge without crossing a Bug hexside (digest 3.7)."""
    key = id(rules.board)
    if key not in _WEST:
        start = set(rules.board.zone("supply_german"))
        seen = set(start)
        queue = deque(start)
        while queue:
            here = queue.popleft()
            for n in rules.board.neighbours(here):
                if n not in seen and "bug" not in rules.board.side(here, n):
                    seen.add(n)
                    queue.append(n)
        _WEST[key] = frozenset(seen)
    return _WEST[key]


def friendly(rules: Rules, state: State, label: Label, side: str) -> bool:
    """A village or city a side may place an HQ in (7.4, 5.3.2): no enemy unit; a VP hex is the
    controlling side's; another is friendly on the side's own bank of the Bug or with a friendly
    unit in it (digest 3.7, RULINGS H2)."""
    if rules.board.terrain[label] not in ("village", "city") or board.holds_enemy(state, label, side):
        return False
    if label in state["control"]:
        return supplyline.controller(rules, state, label) == side  # last occupation and the 9 supply line
    own_bank = (label in west_bank(rules)) == (side == "german")
    return own_bank or board.holds_friend(state, label, side)


def room(rules: Rules, state: State, label: Label, hq_id: str) -> bool:
    """At most 1 HQ in a village, 2 in a city (5.3.1)."""
    hqs = [u for u in board.at(state, label) if state["units"][u]["kind"] == "hq" and u != hq_id]
    return len(hqs) < (2 if rules.board.terrain[label] == "city" else 1)


def supplied_at(rules: Rules, state: State, label: Label, side: str) -> bool:
    goals: set[Label] = set()
    for zone in board.SUPPLY_ZONES[side]:
        goals |= rules.board.zone(zone)
    return board.path_length(rules, state, label, goals, side, terrain_blocks=True) is not None


def clear_path(rules: Rules, state: State, hq_id: str, dest: Label) -> int | None:
    """Hexes on the shortest path free of enemy units and of EZOC without a friend (7.4, 5.3.2)."""
    hq = state["units"][hq_id]
    return board.path_length(rules, state, hq["hex"], [dest], hq["side"], terrain_blocks=False)


def crosses_bug(rules: Rules, a: Label, b: Label) -> bool:
    return (a in west_bank(rules)) != (b in west_bank(rules))


def _near_zone(rules: Rules, label: Label, zone: str) -> int:
    return min(rules.board.grid.distance(label, z) for z in rules.board.zone(zone))


def restrict(rules: Rules, state: State, hq_id: str, options: list[Label]) -> list[Label]:
    """10.4: the 87th Rifle Division HQ within 4 hexes of Volodymyr-Volynskyi on turns 1-3 (until
    the German controls one of its hexes), else anywhere; the 124th Rifle Division's within 4 of the
    Soviet South supply area and the 41st Tank Division's within 4 of the North one, else the
    nearest eligible hexes."""
    fid = state["units"][hq_id]["formation"]
    if fid == "87rd":
        city = [p.hex for p in rules.board.places.values() if p.name == VV]
        if state["turn"] > 3 or any(supplyline.controller(rules, state, h) == "german" for h in city):
            return options
        near = [o for o in options if min(rules.board.grid.distance(o, c) for c in city) <= 4]
        return near or options
    zone = {"124rd": "supply_south", "41td": "supply_north"}.get(fid)
    if zone is None or not options:
        return options
    near = [o for o in options if _near_zone(rules, o, zone) <= 4]
    if near:
        return near
    best = min(_near_zone(rules, o, zone) for o in options)
    return [o for o in options if _near_zone(rules, o, zone) == best]


def case_of(rules: Rules, state: State, hq_id: str, dest: Label) -> int:
    """The 5.3.2 case of a displacement to ``dest``."""
    length = clear_path(rules, state, hq_id, dest)
    if length is None:
        return 3
    return 1 if length <= rules.formations[state["units"][hq_id]["formation"]].range else 2


def destinations(rules: Rules, state: State, hq_id: str) -> dict[Label, int]:
    """Where a displaced HQ may go, with the case each falls in (5.3.2, 7.4 across the Bug, 10.4)."""
    hq = state["units"][hq_id]
    side, here = hq["side"], hq["hex"]
    window = rules.scenarios[state["scenario"]]
    out: dict[Label, int] = {}
    for label in rules.board.grid.labels():
        if label == here or not window.inside(label) or not friendly(rules, state, label, side) or not room(rules, state, label, hq_id):
            continue
        case = case_of(rules, state, hq_id, label)
        if crosses_bug(rules, here, label) and (case != 1 or not supplied_at(rules, state, label, side)):
            continue
        out[label] = case
    keep = restrict(rules, state, hq_id, sorted(out))
    return {label: out[label] for label in keep}


def default_destination(rules: Rules, state: State, hq_id: str, options: dict[Label, int]) -> Label | None:
    """The published default: the lightest case, then a hex not next to an enemy combat unit, then
    the nearest, then the first by label."""
    if not options:
        return None
    here = state["units"][hq_id]["hex"]
    side = state["units"][hq_id]["side"]

    def key(label: Label) -> tuple[int, bool, int, Label]:
        return options[label], bool(board.adjacent_enemy(rules, state, label, side)), rules.board.grid.distance(here, label), label

    return min(options, key=key)


def hq_only(state: State, label: Label, side: str) -> list[str]:
    """The HQs of ``side`` in ``label`` when they are all it holds."""
    here = board.at(state, label)
    if here and all(state["units"][u]["kind"] == "hq" and state["units"][u]["side"] == side for u in here):
        return here
    return []


def approached(rules: Rules, state: State, label: Label, mover: str) -> list[str]:
    """Enemy HQs standing alone next to ``label`` (7.3.6), not across a lake or the unbridged Bug."""
    out: list[str] = []
    for n in rules.board.neighbours(label):
        if "lake" in rules.board.side(label, n) or board.bug_unbridged(rules, state, label, n):
            continue
        out += hq_only(state, n, board.other(mover))
    return out


def begin(game: Any, state: State, hqs: list[str], ctx: Context, resume: bool) -> None:
    """Open the owner's window for the first HQ to displace; ``resume``: a move's walk goes on after."""
    if hqs:
        flow.call(state, "hqdisplace", hqs=list(hqs), resume=resume)
    elif resume:
        resume_walk(game, state, ctx)


def resume_walk(game: Any, state: State, ctx: Context) -> None:
    """The move that displaced HQs goes on: a reaction window first if one is open where it stands."""
    from engine import walk
    from engine.games.across_the_bug_river import phases

    rules = rules_of(game)
    mover = flow.top(state)
    here = walk.position(mover["walk"])
    barred = mover.get("barred", [])
    formations = [f for f in phases.reaction_candidates(rules, state, mover["side"], here) if f not in barred]
    if not mover["attempted"] and formations and mover.get("declined") != mover["walk"]["at"]:
        flow.call(state, "react", mover=mover["side"], at=here, formations=formations)
        return
    phases.continue_walk(game, state, mover, ctx)


def displace(game: Any, state: State, hq_id: str, dest: Label | None, ctx: Context) -> None:
    """Place the HQ and pay the 5.3.2 penalties (or remove it when nothing is open, RULINGS H3)."""
    rules = rules_of(game)
    hq = state["units"][hq_id]
    fid = hq["formation"]
    old = hq["hex"]
    level = state["formations"].setdefault(fid, {"level": 0})
    stacks.remove(game.policy, state, state["units"], hq_id)
    if dest is None:
        hq["hex"] = None
        hq["support"] = 0
        level["level"] = 0
        ctx.log(t("{hq} finds no friendly village or city to go to and is removed from the map; its attack support and activation marker drop to 0 (5.3.2).", hq=hq_id))
        return
    case = case_of(rules, state, hq_id, dest)
    hq["hex"] = dest
    stacks.place(game.policy, state, state["units"], hq_id, dest)
    if case == 3:
        hq["support"] = 0
        level["level"] = 0
    else:
        hq["support"] = max(0, hq["support"] - case)
        level["level"] = max(0, level["level"] - case)
    ctx.log(t("{hq} is displaced from {old} to {new} (5.3.2 case {case}): its formation's activation marker is now {level}.",
              hq=game_ref(state, hq_id), old=old, new=dest, case=case, level=level["level"]))


class HqDisplace(Procedure):
    """The owner places a displaced HQ (5.3.2)."""

    name = "hqdisplace"
    rule = "5.3.2"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("HQ displacement"), "5.3.2")

    def owner(self, state: State, frame: Frame) -> str:
        return str(state["units"][frame["hqs"][0]]["side"])

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({self.owner(state, frame)})

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        rules = rules_of(game)
        hq_id = frame["hqs"][0]
        options = destinations(rules, state, hq_id)
        acts = [Action("pass"), *(Action("displace", (hq_id, h)) for h in sorted(options, key=lambda h: (options[h], h)))]
        return Prompt(role, t("{hq} is displaced (5.3.2): place it with 'displace {hq} HEX' in a friendly village or city, or 'pass' for the default ({hex}).",
                              hq=hq_id, hex=default_destination(rules, state, hq_id, options) or "-"), tuple(acts))

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        rules = rules_of(game)
        hq_id = frame["hqs"][0]
        options = destinations(rules, state, hq_id)
        if action.verb == "pass":
            dest = default_destination(rules, state, hq_id, options)
        elif action.verb == "displace" and len(action.args) == 2:
            uid, dest = action.args
            if uid != hq_id:
                raise IllegalOrder(t("{hq} is the HQ to place now.", hq=hq_id), "5.3.2")
            if dest not in options:
                raise IllegalOrder(
                    t("{hq} may go to a friendly village or city with room for it, across the Bug only within command range and in supply, and within the 10.4 limits: {hexes}.",
                      hq=hq_id, hexes=", ".join(sorted(options)) or "-"),
                    "5.3.2",
                )
        else:
            raise flow.refuse(action, ("displace", "pass"), self.step(game, state, frame), t("Give 'displace HQ HEX' or 'pass'."))
        displace(game, state, hq_id, dest, ctx)
        rest = [h for h in frame["hqs"][1:] if state["units"][h]["hex"] is not None]
        resume = bool(frame["resume"])
        flow.end(state)
        begin(game, state, rest, ctx, resume)


def relocation_refusal(rules: Rules, state: State, frame: Frame, hq_id: str, dest: Label) -> IllegalOrder | None:
    """Why ``hq_id`` may not relocate to ``dest`` now (7.4, 5.3.1, 10.4), or ``None``."""
    hq = state["units"].get(hq_id)
    if hq is None or hq["kind"] != "hq" or hq["formation"] != frame["formation"] or hq["hex"] is None:
        return IllegalOrder(t("Only the HQ of {formation} relocates in its activation.", formation=frame["formation"]), "7.4")
    cost = rules.formations[hq["formation"]].relocation
    if state["ap"][frame["side"]] < cost:
        return IllegalOrder(t("Relocating {hq} costs {cost} AP; {ap} left.", hq=hq_id, cost=cost, ap=state["ap"][frame["side"]]), "7.1")
    if dest == hq["hex"]:
        return IllegalOrder(t("{hq} is already in {hex}.", hq=hq_id, hex=dest), "7.4")
    if not rules.scenarios[state["scenario"]].inside(dest):
        return IllegalOrder(t("{hex} is outside the scenario's map area.", hex=dest), rules.scenarios[state["scenario"]].section)
    if not friendly(rules, state, dest, hq["side"]):
        return IllegalOrder(t("An HQ relocates only to a friendly-controlled village or city free of enemy units ({hex}).", hex=dest), "7.4")
    if not room(rules, state, dest, hq_id):
        return IllegalOrder(t("{hex} has no room for another HQ (1 in a village, 2 in a city).", hex=dest), "5.3.1")
    if not supplied_at(rules, state, dest, hq["side"]):
        return IllegalOrder(t("{hex} is not in supply.", hex=dest), "7.4")
    length = clear_path(rules, state, hq_id, dest)
    if length is None or length > rules.formations[hq["formation"]].range:
        return IllegalOrder(t("{hex} is not within {hq}'s command range by a path free of enemy units and enemy ZOC.", hex=dest, hq=hq_id), "7.4")
    allowed = legal_relocations(rules, state, hq_id)
    if dest not in allowed:
        return IllegalOrder(t("{hq} must stay within the limits of 10.4: {hexes}.", hq=hq_id, hexes=", ".join(allowed) or "-"), "10.4")
    return None


def legal_relocations(rules: Rules, state: State, hq_id: str) -> list[Label]:
    """The hexes ``hq_id`` may relocate to (7.4, 5.3.1), within the 10.4 limits."""
    hq = state["units"][hq_id]
    side, reach = hq["side"], rules.formations[hq["formation"]].range
    window = rules.scenarios[state["scenario"]]
    legal = [
        h for h in sorted(rules.board.grid.within(hq["hex"], reach))
        if h != hq["hex"] and h in rules.board.terrain and window.inside(h) and friendly(rules, state, h, side)
        and room(rules, state, h, hq_id) and supplied_at(rules, state, h, side)
        and (clear_path(rules, state, hq_id, h) or reach + 1) <= reach
    ]
    return restrict(rules, state, hq_id, legal)


def relocations(rules: Rules, state: State, frame: Frame) -> list[Action]:
    """Every legal Relocation Action of the activated formation's HQ."""
    hq_id = rules.formations[frame["formation"]].hq
    hq = state["units"].get(hq_id)
    if hq is None or hq["hex"] is None or state["ap"][frame["side"]] < rules.formations[frame["formation"]].relocation:
        return []
    return [Action("relocate", (hq_id, h)) for h in legal_relocations(rules, state, hq_id)]


def relocate(game: Any, state: State, frame: Frame, role: str, args: tuple[str, ...], ctx: Context) -> None:
    """The HQ Relocation Action (7.4): an illegal destination is refused (digest IMPL)."""
    rules = rules_of(game)
    hq_id, dest = args
    refusal = relocation_refusal(rules, state, frame, hq_id, dest)
    if refusal is not None:
        raise refusal
    cost = rules.formations[frame["formation"]].relocation
    state["ap"][role] -= cost
    old = state["units"][hq_id]["hex"]
    stacks.remove(game.policy, state, state["units"], hq_id)
    state["units"][hq_id]["hex"] = dest
    stacks.place(game.policy, state, state["units"], hq_id, dest)
    ctx.log(t("{hq} relocates from {old} to {new} ({cost} AP) (7.4).", hq=hq_id, old=old, new=dest, cost=cost))
