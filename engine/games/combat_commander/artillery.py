"""Artillery Denied (O17) and Artillery Request (O18): Battery Access, and Fire for Effect with its
Spotting Round, accuracy, drift and the barrage on the seven hexes around the impact (O18.2).

The radio sits in its owner's Artillery box (``state["artillery"]``, ``weapons.radio``).
"""

from __future__ import annotations

from engine.errors import IllegalOrder, NotImplementedRule
from engine.game import Context, Role, State
from engine.games.combat_commander import cards, fire, fortifications, model, weapons
from engine.games.combat_commander.common import Rules
from engine.games.combat_commander.names import card_name
from engine.hexgrid import AXIAL_DIRECTIONS, Label
from engine.text import t

#: The map's compass (2.2.2): 1 the top, 2 the bottom, 3 and 4 the right side, 5 and 6 the left
#: side, as hexgrid directions (0 NE, 1 SE, 2 S, 3 SW, 4 NW, 5 N). Ruling R43: 3 is the upper
#: right, 4 the lower right, 5 the lower left, 6 the upper left (the provisional map prints no compass).
COMPASS = {1: 5, 2: 2, 3: 0, 4: 1, 5: 3, 6: 4}


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
        raise IllegalOrder(t("Artillery Denied needs an enemy radio in play (O17)."), "O17")
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
        raise IllegalOrder(t("Battery Access needs a broken radio of yours in play (O18.1)."), "O18.1")
    _play(state, role, cid, ctx)
    state["artillery"][role]["broken"] = False
    ctx.log(t("{side}'s radio {radio} is repaired by Battery Access (O18.1).", side=role, radio=state["artillery"][role]["id"]))


def _play(state: State, role: Role, cid: str, ctx: Context) -> None:
    c = cards.discard_from_hand(state, role, cid)
    state["orders"] += 1
    ctx.reveal(t("{side} orders {order}, playing {card}.", side=role, order=card_name(c.order), card=cards.face(c)))


def fire_for_effect(g: Rules, state: State, role: Role, cid: str, leader: str, spot: Label, smoke: bool, ctx: Context) -> None:
    """O18.2: the Observer spots a hex in his LOS; accuracy, drift, then the impact on seven hexes."""
    board = g.board_for(state)
    r = weapons.radio(state, role)
    if r is None or r["broken"]:
        raise IllegalOrder(t("Fire for Effect needs a good radio of yours in play (O18)."), "O18")
    u = state["units"].get(leader)
    if u is None or u["side"] != role or u["hex"] is None or model.counter(g.data, state, leader).kind != "leader":
        raise IllegalOrder(t("{unit} is not one of your leaders on the map: the Observer is a leader (O18.2).", unit=leader), "O18.2")
    if u["broken"] or u["activated"]:
        raise IllegalOrder(t("The Observer must be a good-order leader not yet activated this turn (O18.2)."), "O18.2")
    clear, hindrance = fire.can_see(board, state, u["hex"], spot)
    if not clear:
        raise IllegalOrder(t("{hex} is not in {unit}'s LOS: the Spotting Round goes in the Observer's LOS (O18.2.1).", hex=spot, unit=leader), "O18.2.1")
    if smoke:
        if not weapons.radio_type(state, role).smoke:
            raise IllegalOrder(t("This radio cannot fire Smoke (O18.2.1.1)."), "O18.2.1.1")
        raise NotImplementedRule(
            t("A smoke barrage (O18.2.1.1, O18.2.3.1) is not implemented yet: ask the referee, who decides and sets the position."),
            "O18.2.3.1",
        )
    _play(state, role, cid, ctx)
    u["activated"] = "artillery"
    ctx.log(t("{unit} observes for {radio}: Spotting Round on {hex} (O18.2.1).", unit=leader, radio=r["id"], hex=spot))
    distance = board.map.grid.distance(u["hex"], spot)
    product = cards.roll(g.data, state, role, ctx, t("Accuracy roll on {hex}", hex=spot), product=True)
    if state.get("over"):
        return
    accurate = product - hindrance > distance
    ctx.log(
        t(
            "Accuracy roll {product} - hindrance {h} against range {range}: {result} (O18.2.2).",
            product=product, h=hindrance, range=distance, result=t("accurate") if accurate else t("inaccurate"),
        )
    )
    landed = drift(g, state, role, spot, accurate, ctx)
    if state.get("over"):
        return
    if landed is None:
        ctx.log(t("The Spotting Round drifts off the map: it is removed and the order ends (O18.2.2.3)."))
        return
    barrage(g, state, role, landed, ctx)


def drift(g: Rules, state: State, role: Role, spot: Label, accurate: bool, ctx: Context) -> Label | None:
    """The next card's dice move the SR (not a roll, O18.2.2.1-2): where it ends, or ``None`` off the map (O18.2.2.3)."""
    board = g.board_for(state)
    c, last = cards.reveal(g.data, state, role, ctx, t("artillery drift, not a roll"))
    if last:
        cards.time_advance(g.data, state, role, ctx)
    moves = [(c.white, 1), (c.red, 1)] if accurate else [(c.white, c.red)]
    q, r = board.axial(spot)
    for number, steps in moves:
        dq, dr = AXIAL_DIRECTIONS[COMPASS[number]]
        q, r = q + dq * steps, r + dr * steps
    landed = board.label((q, r))
    if landed is not None:
        ctx.log(t("The Spotting Round drifts from {start} to {hex} (O18.2.2).", start=spot, hex=landed))
    return landed


def impact_hexes(g: Rules, state: State, centre: Label) -> list[Label]:
    """The final hex and its six neighbours on the map (O18.2.3); by default the centre first, then by label (ruling R44)."""
    return [centre, *sorted(g.board_for(state).map.grid.neighbours(centre))]


def barrage(g: Rules, state: State, role: Role, centre: Label, ctx: Context) -> None:
    """O18.2.3.2: an Impact roll for each of the seven hexes holding a unit of either side or a fortification,
    then its defense rolls (O20.3.3-4) with the fortification's Cover against artillery (F100)."""
    board = g.board_for(state)
    radio_fp = weapons.radio_type(state, role).fp
    for label in impact_hexes(g, state, centre):
        defenders = model.units_at(state, label)
        fort = fortifications.fort_at(state, label)
        if (not defenders and fort is None) or state.get("over"):
            continue

        def jammed() -> None:
            ctx.log(t("Jam! (O18.2.3.2): a radio is not a weapon and does not break."))

        value = cards.roll(g.data, state, role, ctx, t("Impact roll on {hex}", hex=label), attack=True, on_jam=jammed)
        if state.get("over"):
            return
        bursts = 2 if board.terrain(label).name == "woods" else 0  # T99 tree bursts
        total = radio_fp + value + bursts
        ctx.log(t("Artillery impact on {hex}: {fp} FP + {roll} = {total} (O18.2.3.2).", hex=label, fp=radio_fp, roll=value, total=total))
        if fort is not None:
            ctx.log(
                t(
                    "Impact roll {roll} against the {fort} in {hex}: the Vulnerability numbers (O18.2.3.3) are not transcribed yet: the referee decides whether it is destroyed.",
                    roll=value, fort=fortifications.NAMES[fort], hex=label,
                )
            )
        shelter = max(board.cover(label), fortifications.cover(board, state, label, artillery=True))  # F100: not cumulative
        fire.defend(g.data, state, label, defenders, total, shelter, ctx)
