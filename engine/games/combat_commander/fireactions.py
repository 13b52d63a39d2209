"""The actions that change a Fire attack (A24-A41), each with its rule.

Played immediately before the attack roll (W3, by the firing player: ruling R36): Bore
Sighting (A27), Crossfire (A30), Hand Grenades (A34), Marksmanship (A37), Spray Fire (A40),
Sustained Fire (A41). Before a defense roll (W4, by the defender): Concealment (A29). When a
Squad takes a hit (W5, by its owner): Light Wounds (A36). During a Move order (by the mover):
Assault Fire (A26), which starts an attack of its own.

Each play checks its prerequisite, discards the card face up (1.6) and records its effect on
the attack; a refusal cites the rule.
"""

from __future__ import annotations

from engine import flow
from engine.errors import IllegalOrder
from engine.game import Action, Context, Role, State
from engine.games.combat_commander import attack, cards, fire, model, weapons
from engine.games.combat_commander.common import Rules
from engine.games.combat_commander.data import NATION_CODES
from engine.hexgrid import Label
from engine.text import t

#: W3: the actions played before a Fire attack roll, and the FP each adds.
BEFORE_ROLL = {
    "bore-sighting": ("A27", 2),
    "crossfire": ("A30", 2),
    "hand-grenades": ("A34", 2),
    "marksmanship": ("A37", 2),
    "spray-fire": ("A40", 0),
    "sustained-fire": ("A41", 2),
}
RULES = {**{v: r for v, (r, _) in BEFORE_ROLL.items()}, "concealment": "A29", "light-wounds": "A36", "assault-fire": "A26"}


def card_action(verb: str) -> str:
    return verb.replace("-", "_")


def held_card(state: State, role: Role, verb: str, cid: str | None) -> str:
    """The card ``role`` plays for ``verb``: the one named, or the first held with that action."""
    hand = state["sides"][role]["hand"]
    if cid:
        if cid in hand and cards.card(cid).action == "command_confusion":
            raise IllegalOrder(t("Command Confusion cannot be played as an action."), "A28")
        if cid not in hand or cards.card(cid).action != card_action(verb):
            raise IllegalOrder(t("You hold no such {action} card.", action=verb), RULES[verb])
        return str(cid)
    held = sorted(c for c in hand if cards.card(c).action == card_action(verb))
    if not held:
        raise IllegalOrder(t("You hold no {action} card.", action=verb), RULES[verb])
    return str(held[0])


def play_card(state: State, role: Role, cid: str, verb: str, ctx: Context) -> None:
    c = cards.discard_from_hand(state, role, cid)
    ctx.reveal(t("{side} plays {card} as {action} ({rule}).", side=role, card=cards.face(c), action=verb, rule=RULES[verb]))


def weapons_firing(frame: flow.Frame) -> list[dict[str, object]]:
    """The weapons firing in the attack (11), each with its ``kind`` and printed ``fp`` (``attack.start``)."""
    return list(frame.get("weapons", []))


def check_before_roll(g: Rules, state: State, frame: flow.Frame, role: Role, verb: str, cid: str, args: tuple[str, ...]) -> None:
    """Refuse, citing its rule, an action whose prerequisite the attack of ``frame`` does not meet."""
    rule = BEFORE_ROLL[verb][0]
    if role != frame["attacker"]:
        raise IllegalOrder(t("{action} adds to an attack: only the firing player plays it.", action=verb), rule)
    board = g.board_for(state)
    firers = frame["firers"]
    if verb == "bore-sighting":
        if state["sides"][role]["posture"] != "defense":
            raise IllegalOrder(t("Only the player in Defense posture may play Bore Sighting."), "A27")
        if not any(int(str(w.get("fp", 0))) >= 5 for w in weapons_firing(frame)):
            raise IllegalOrder(t("Bore Sighting needs a firing weapon with a printed FP of 5 or more."), "A27")
    elif verb == "crossfire":
        mover = frame.get("mover", "")
        if not mover or state["units"][mover]["hex"] not in attack.attack_hexes(frame):
            raise IllegalOrder(t("Crossfire is played only against an attack on moving units."), "A30")
    elif verb == "hand-grenades":
        if not any(board.map.grid.adjacent(str(weapons.hex_of(state, u)), h) for u in firers for h in attack.attack_hexes(frame)):
            raise IllegalOrder(t("Hand Grenades need a firing piece adjacent to the target hex."), "A34")
    elif verb == "marksmanship":
        nation = next((n for n, code in NATION_CODES.items() if code == cards.card(cid).action_param), "")
        if not any(model.counter(g.data, state, u).kind in ("squad", "team") and model.counter(g.data, state, u).nation == nation for u in firers if not weapons.is_weapon(state, u)):
            raise IllegalOrder(t("Marksmanship needs a firing Squad or Team of the nationality on the card ({nation}).", nation=nation or "-"), "A37")
    elif verb == "sustained-fire":
        if not any(w.get("kind") in ("mg", "mortar") for w in weapons_firing(frame)):
            raise IllegalOrder(t("Sustained Fire needs a firing machine gun or mortar."), "A41")
    elif verb == "spray-fire":
        check_spray(g, state, frame, role, args)


def check_spray(g: Rules, state: State, frame: flow.Frame, role: Role, args: tuple[str, ...]) -> None:
    """A40: once per attack; every firer has boxed Range; a second hex adjacent to the first, in
    Range and LOS of every firer, holding an enemy unit."""
    if frame["spray"]:
        raise IllegalOrder(t("Spray Fire covers two hexes, never three: it is played once per attack."), "A40")
    if len(args) != 1:
        raise IllegalOrder(t("Name the second hex of the Spray Fire."), "A40")
    second: Label = args[0]
    for uid in frame["firers"]:
        if not _boxed_range(g, state, uid):
            raise IllegalOrder(t("{unit} has no boxed Range: every firing piece must have one.", unit=uid), "A40")
    board = g.board_for(state)
    if second == frame["target"] or not board.map.grid.adjacent(frame["target"], second):
        raise IllegalOrder(t("{hex} is not adjacent to the target hex {target}.", hex=second, target=frame["target"]), "A40")
    if not model.units_at(state, second, model.other(role)):
        raise IllegalOrder(t("{hex} holds no enemy unit.", hex=second), "A40")
    for uid in frame["firers"]:
        if not fire.reach(g.data, board, state, uid, second):
            raise IllegalOrder(t("{unit} has no Range or LOS to {hex}.", unit=uid, hex=second), "A40")


def _boxed_range(g: Rules, state: State, uid: str) -> bool:
    """A good unit with boxed Range, or a weapon with a boxed Range (3.1.6, A40)."""
    if weapons.is_weapon(state, uid):
        return "boxed_range" in weapons.wtype(state, uid).flags
    return "range" in model.counter(g.data, state, uid).boxed and not state["units"][uid]["broken"]


def play_before_roll(g: Rules, state: State, frame: flow.Frame, role: Role, verb: str, cid: str | None, args: tuple[str, ...], ctx: Context) -> None:
    """Play one W3 action on the attack of ``frame``."""
    card_id = held_card(state, role, verb, cid)
    check_before_roll(g, state, frame, role, verb, card_id, args)
    play_card(state, role, card_id, verb, ctx)
    rule, fp = BEFORE_ROLL[verb]
    if verb == "spray-fire":
        frame["spray"] = args[0]
        ctx.log(t("Spray Fire (A40): the attack covers {a} and {b}.", a=frame["target"], b=args[0]))
    frame["mods"].append({"action": verb, "rule": rule, "fp": fp})
    if fp:
        ctx.log(t("{action} ({rule}): +{fp} FP to this attack.", action=verb, rule=rule, fp=fp))


def play_concealment(g: Rules, state: State, frame: flow.Frame, role: Role, uid: str, cid: str | None, ctx: Context) -> None:
    """A29: the Attack total is reduced by the target hex's Cover for the defenders still to roll (digest 8.2.9)."""
    if state["units"][uid]["side"] != role:
        raise IllegalOrder(t("Concealment is played by the defending player."), "A29")
    card_id = held_card(state, role, "concealment", cid)
    hexes = attack.attack_hexes(frame)
    shelter = max(attack.shelter(g, state, frame, h) for h in hexes)
    play_card(state, role, card_id, "concealment", ctx)
    gain = max(0, shelter)
    frame["conceal"] += gain
    ctx.log(t("Concealment (A29): the Attack total is {total} for the defenders still to roll.", total=max(0, frame["total"] - frame["conceal"])))


def team_for(g: Rules, state: State, uid: str) -> str:
    """The Team counter of the Squad's nation and quality (A36), or ``""``."""
    squad = model.counter(g.data, state, uid)
    for ctype, c in sorted(g.data.counters.items()):
        if c.kind == "team" and c.nation == squad.nation and c.quality == squad.quality:
            return ctype
    return ""


def play_light_wounds(g: Rules, state: State, frame: flow.Frame, role: Role, uid: str, cid: str | None, ctx: Context) -> None:
    """A36: instead of the hit, the Squad becomes a Team of its quality, broken if it was, with
    its markers and activation; its owner loses 1 VP."""
    u = state["units"][uid]
    if u["side"] != role:
        raise IllegalOrder(t("Light Wounds is played by the owner of the Squad hit."), "A36")
    ctype = team_for(g, state, uid)
    if not ctype:
        raise IllegalOrder(t("No Team of the Squad's nation and quality exists to replace it."), "A36")
    card_id = held_card(state, role, "light-wounds", cid)
    play_card(state, role, card_id, "light-wounds", ctx)
    n = 1
    while f"{uid}-t{n}" in state["units"]:
        n += 1
    team = f"{uid}-t{n}"
    state["units"][team] = {**u, "type": ctype}
    u["hex"] = None
    model.score(state, role, -1)
    frame["wounded"] = True
    ctx.log(t("Light Wounds (A36): {unit} is replaced by the Team {team} instead of the hit; {side} loses 1 VP.", unit=uid, team=team, side=role))


def assault_fire(g: Rules, state: State, move_frame: flow.Frame, role: Role, cid: str | None, target: Label, firers: list[str], ctx: Context) -> None:
    """A26: units activated for this Move order with boxed FP make one Fire attack (O20 applies)."""
    if not firers:
        raise IllegalOrder(t("Name the units that make the Assault Fire."), "A26")
    for uid in firers:
        if uid not in move_frame["units"] or state["units"][uid]["hex"] is None:
            raise IllegalOrder(t("{unit} is not activated for this Move order.", unit=uid), "A26")
        if "fp" not in model.counter(g.data, state, uid).boxed or state["units"][uid]["broken"]:
            raise IllegalOrder(t("{unit} has no boxed FP.", unit=uid), "A26")
    fire.attack_fp(g.data, g.board_for(state), state, firers, target, minimum=-99)
    card_id = held_card(state, role, "assault-fire", cid)
    play_card(state, role, card_id, "assault-fire", ctx)
    attack.start(state, role, firers, target, kind="assault")


def assault_fire_options(g: Rules, state: State, move_frame: flow.Frame, role: Role) -> list[Action]:
    """A26 as listed: each unit of the Move order with boxed FP, alone, at each hex it may fire at."""
    held = sorted(c for c in state["sides"][role]["hand"] if cards.card(c).action == "assault_fire")
    if not held:
        return []
    board = g.board_for(state)
    out = []
    for uid in move_frame["units"]:
        u = state["units"][uid]
        if u["hex"] is None or u["broken"] or "fp" not in model.counter(g.data, state, uid).boxed:
            continue
        for target in fire.targets(g.data, board, state, uid):
            try:
                fire.attack_fp(g.data, board, state, [uid], target)
            except IllegalOrder:
                continue
            out.append(Action("assault-fire", (held[0], target, uid)))
    return out
