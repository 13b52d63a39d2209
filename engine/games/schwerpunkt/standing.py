"""Standing orders and published defaults for the decisions of a combat (S 12, digest 6.2).

A player registers, in private, how the engine should answer his frequent combat decisions
while he is away; the kernel applies the answer without a round-trip (``Game.auto_action``).
Every decision also has a published default, applied by the service when a deadline passes
(``Game.default_action``) and named in the decision's prompt.

``standing refuse never|always``: the refusal window (S 12.6): fight, or refuse along the
retreat nearest to a friendly source; ``standing retreat stand|supply``: the defender's hits:
step losses with a retreat only when forced, or as many hits as allowed turned into retreat
(S 12.10), always toward the nearest friendly source; ``standing loss UNIT ...``: a loss order,
the units listed first take the step losses the even spread allows (S 12.9), for the defender
(with a retreat order) and the attacker alike; ``standing chits none|best``: the chit choice
(S 12.5): none, or up to the limit those with the best printed effect for the owner;
``standing clear``. The orders are the owner's alone: the opponent reads "standing (private)".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine import sealed
from engine.errors import InvalidOrder
from engine.game import Action, Context, Role, State
from engine.games.schwerpunkt import combat
from engine.games.schwerpunkt.model import ROLES, other, rules
from engine.text import Secret, t

KINDS: dict[str, tuple[str, ...]] = {
    "refuse": ("never", "always"),
    "retreat": ("stand", "supply"),
    "chits": ("none", "best"),
}


def orders_of(state: State, role: Role) -> dict[str, str]:
    found: dict[str, str] = state.get("standing", {}).get(role, {})
    return found


def tokens(state: State, role: Role) -> list[str]:
    """``role``'s standing orders as words only he may read (the view and the tests' secrets)."""
    return [f"standing-{role}-{kind}-{value}" for kind, value in sorted(orders_of(state, role).items())]


def set_order(state: State, role: Role, args: Sequence[str], ctx: Context) -> None:
    """Record, replace or clear one of ``role``'s standing orders; confirmed to him alone."""
    if role not in ROLES:
        raise InvalidOrder(t("Standing orders are given by the German and the Soviet players."))
    orders = state.setdefault("standing", {}).setdefault(role, {})
    if list(args) == ["clear"]:
        orders.clear()
        ctx.log(t("Your standing orders are cleared."), to=role)
        return
    if len(args) >= 2 and args[0] == "loss":
        units = state["units"]
        wrong = [u for u in args[1:] if units.get(u, {}).get("side") != role]
        if wrong or len(set(args[1:])) != len(args) - 1:
            raise InvalidOrder(t("A loss order lists your own units, each once: 'standing loss UNIT UNIT ...'."))
        orders["loss"] = "+".join(args[1:])
    elif len(args) == 2 and args[0] in KINDS and args[1] in KINDS[args[0]]:
        orders[args[0]] = args[1]
    else:
        raise InvalidOrder(
            t("Standing orders: refuse never|always, retreat stand|supply, chits none|best, loss UNIT UNIT ..., or clear."),
        )
    ctx.log(t("Standing order recorded: {order}.", order=Secret(" ".join(args), (role,))), to=role)


def loss_rank(order: Sequence[str], args: Sequence[str]) -> tuple[int, ...]:
    """Lower is better: the units the loss order lists first take the losses."""
    units = [a for a in args[: args.index("retreat")] if a] if "retreat" in args else list(args)
    return tuple(sorted(order.index(u) if u in order else len(order) for u in units))


def defender_answer(state: State, role: Role, policy: str, order: Sequence[str]) -> Action | None:
    """The defender's answer to his hits: ``stand`` takes step losses and retreats only when
    forced; ``supply`` turns as many hits as allowed into retreat; both retreat along the path
    nearest to a friendly source (S 12.10), the loss order choosing who loses steps."""
    acts = combat.defender_actions(state, role)
    if not acts:
        return None
    dist = combat.supply_distance(role)

    def key(action: Action) -> tuple[object, ...]:
        args = list(action.args)
        path = args[args.index("retreat") + 1 :] if "retreat" in args else []
        length = len(path) if policy == "stand" else -len(path)
        near = dist.get(path[-1], 999) if path else 0
        return (length, near, loss_rank(order, args), action.args)

    return min(acts, key=key)


def attacker_answer(state: State, role: Role, order: Sequence[str]) -> Action | None:
    acts = combat.attacker_actions(state, role)
    return min(acts, key=lambda a: (loss_rank(order, a.args), a.args)) if acts else None


def chit_worth(chit: str) -> int:
    """A rough worth of a chit for its owner from its printed effect: its DRM, two per hit it
    inflicts, minus two per hit it costs its owner (a hit reduction counts for him), two for a
    special effect (halving, doubling, Intelligence)."""
    data = rules().chits[chit]
    return data.drm + 2 * data.hits_enemy - 2 * data.hits_own + (2 if data.special and data.special != "star" else 0)


def chits_answer(state: State, role: Role, policy: str) -> Action:
    c = state["combat"]
    if policy == "none":
        return Action("chits", ("none",))
    drawn = sorted(set(c["drawn"][role]), key=lambda ch: (-chit_worth(ch), ch))
    best = sorted(ch for ch in drawn[: c["limit"][role]] if chit_worth(ch) > 0)
    return Action("chits", tuple(best) or ("none",))


def refusal_answer(state: State, role: Role) -> Action:
    """Refuse along the refusal nearest to a friendly source (S 12.10), the first such in hex order."""
    dist = combat.supply_distance(role)
    paths = combat.refusal_paths(state)
    return Action("refuse", min(paths, key=lambda p: (dist.get(p[-1], 999), p)))


def answer(state: State, role: Role, orders: Mapping[str, str]) -> Action | None:
    """The answer ``orders`` give to the combat decision now waiting for ``role``, if any."""
    c = state.get("combat")
    if c is None or not state.get("flow") or state["flow"][-1].get("proc") != "combat":
        return None
    stage = c["stage"]
    loss = orders.get("loss", "").split("+") if orders.get("loss") else []
    if stage == "refuse" and role == other(c["side"]) and "refuse" in orders:
        return Action("accept") if orders["refuse"] == "never" else refusal_answer(state, role)
    if stage == "chits" and "chits" in orders and role in sealed.pending(state, combat.tag(state)):
        return chits_answer(state, role, orders["chits"])
    if stage == "defender" and role == other(c["side"]) and "retreat" in orders:
        return defender_answer(state, role, orders["retreat"], loss)
    if stage == "attacker" and role == c["side"] and loss:
        return attacker_answer(state, role, loss)
    return None


def auto_action(state: State, role: Role) -> Action | None:
    orders = orders_of(state, role)
    return answer(state, role, orders) if orders else None


def default_action(state: State, role: Role) -> Action | None:
    """The published default of the combat decision waiting for ``role`` (named in its prompt):
    accept combat, no chits, step losses retreating only when forced, the first even spread of
    the attacker's losses, no advance."""
    c = state.get("combat")
    if c is None or not state.get("flow") or state["flow"][-1].get("proc") != "combat":
        return None
    stage = c["stage"]
    if stage == "refuse":
        return Action("accept")
    if stage == "chits":
        return Action("chits", ("none",))
    if stage == "defender":
        return defender_answer(state, role, "stand", [])
    if stage == "attacker":
        return attacker_answer(state, role, [])
    if stage == "second":
        return Action("advance", ("done",))
    return Action("advance", ("none",))
