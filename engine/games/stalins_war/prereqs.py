"""Stalin's War: the printed prerequisites of the events (cards.csv column ``prerequisites``, 5.1.5, 7.5.1).

Tokens (data/README.md): ``after:XXn`` (card played as an event before), ``not_after:XXn``,
``turns:a-b,c``, ``not_turns:a,b``, ``not_before_turn:n``, ``not_winter`` and ``cond:<name>``, a
board condition from ``CONDITIONS``. Every token must hold; the refusal names the card and the
prerequisite that failed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.errors import IllegalOrder
from engine.game import State
from engine.games.stalins_war.cardnames import card_label
from engine.games.stalins_war.model import AXIS, SOVIET, Rules
from engine.text import Named, Text, t

Condition = Callable[[Rules, State, Sequence[str]], bool]


def _turn_set(spec: str) -> set[int]:
    """``"13-15,17-18"`` -> {13, 14, 15, 17, 18}."""
    out: set[int] = set()
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        if "-" in part:
            lo, hi = part.split("-", 1)
            out.update(range(int(lo), int(hi) + 1))
        else:
            out.add(int(part))
    return out


def _hex(rules: Rules, name: str) -> str | None:
    return rules.places_by_name.get(name.casefold())


def _controlled_by(rules: Rules, state: State, name: str, side: str) -> bool:
    label = _hex(rules, name)
    return label is not None and state["control"].get(label) == side


def _stalin(rules: Rules, state: State) -> str | None:
    for uid, spec in rules.units.items():
        if spec.type == "stalin":
            where: str | None = state["units"][uid].get("hex")
            return where
    return None


def _all_ussr_vp(rules: Rules, state: State, args: Sequence[str]) -> bool:
    from engine.games.stalins_war.control import is_vp

    for label, place in rules.board.places.items():
        if place.get("country") == "ussr" and is_vp(rules, state, label) and state["control"].get(label) != SOVIET:
            return False
    return True


def _fronts_in_romania(rules: Rules, state: State, args: Sequence[str]) -> bool:
    from engine.games.stalins_war.terrain import in_region

    count = 0
    for uid, u in state["units"].items():
        spec = rules.units[uid]
        label = u.get("hex")
        if label and spec.side == SOVIET and spec.type == "front" and in_region(rules, label, "romania"):
            count += 1
    return count >= 2


def _target_in_supply(rules: Rules, state: State, args: Sequence[str]) -> bool:
    """16.2.3 (SU13): the hex given as the event's argument is not out of supply for the Soviet.

    Without an argument the condition holds (the card's own check then asks for the hex)."""
    from engine.games.stalins_war.supply import hex_traces

    if not args:
        return True
    label = args[0]
    if label not in rules.board.terrain:
        return True  # the card's own check refuses unknown hexes with the list of accepted ones
    status: str = hex_traces(rules, state, label, SOVIET)
    return status != "none"


CONDITIONS: dict[str, tuple[Condition, Text]] = {
    "german_lcu_all_four_levels_eliminated_once": (
        lambda rules, state, args: bool(state["effects"].get("german_lcu_destroyed")),
        t("all four levels of a German LCU must have been eliminated at some time"),
    ),
    "moscow_not_fallen": (
        lambda rules, state, args: not _controlled_by(rules, state, "Moscow", AXIS),
        t("Moscow must not have fallen (it is Axis-controlled)"),
    ),
    "sevastopol_axis_controlled": (
        lambda rules, state, args: _controlled_by(rules, state, "Sevastopol", AXIS),
        t("Sevastopol must be Axis-controlled"),
    ),
    "sevastopol_soviet_controlled": (
        lambda rules, state, args: _controlled_by(rules, state, "Sevastopol", SOVIET),
        t("Sevastopol must be Soviet-controlled"),
    ),
    "soviet_controls_all_ussr_vp_spaces": (
        _all_ussr_vp,
        t("the Soviet must control every VP space in the USSR"),
    ),
    "soviet_controls_minsk_and_kiev": (
        lambda rules, state, args: _controlled_by(rules, state, "Minsk", SOVIET) and _controlled_by(rules, state, "Kiev", SOVIET),
        t("the Soviet must control both Minsk and Kiev"),
    ),
    "soviet_controls_neither_kiev_nor_minsk": (
        lambda rules, state, args: not _controlled_by(rules, state, "Minsk", SOVIET) and not _controlled_by(rules, state, "Kiev", SOVIET),
        t("the Soviet must control neither Kiev nor Minsk"),
    ),
    "stalin_in_moscow": (
        lambda rules, state, args: _stalin(rules, state) is not None and _stalin(rules, state) == _hex(rules, "Moscow"),
        t("Stalin must be in Moscow"),
    ),
    "stalin_in_play": (
        lambda rules, state, args: _stalin(rules, state) is not None,
        t("Stalin must be in play"),
    ),
    "target_hex_in_supply": (
        _target_in_supply,
        t("the chosen hex must not be out of supply (16.2.3)"),
    ),
    "two_soviet_fronts_in_romania": (
        _fronts_in_romania,
        t("at least two Soviet Fronts must be in Romania"),
    ),
    "warsaw_axis_controlled": (
        lambda rules, state, args: _controlled_by(rules, state, "Warsaw", AXIS),
        t("Warsaw must be Axis-controlled"),
    ),
}


def _title(rules: Rules, card_id: str) -> Named:
    return card_label(rules, card_id)


def failed(rules: Rules, state: State, card_id: str, token: str, args: Sequence[str] = ()) -> Text | None:
    """Why ``token`` does not hold now (None when it holds)."""
    kind, _, value = token.partition(":")
    turn = int(state["turn"])
    if kind == "after":
        if value not in state["events"]:
            return t("only after {other} has been played as an event", other=_title(rules, value))
        return None
    if kind == "not_after":
        if value in state["events"]:
            return t("not after {other} has been played as an event", other=_title(rules, value))
        return None
    if kind == "turns":
        if turn not in _turn_set(value):
            return t("only in turn {turns}", turns=value) if len(_turn_set(value)) == 1 else t("only in turns {turns}", turns=value)
        return None
    if kind == "not_turns":
        if turn in _turn_set(value):
            return t("not in turn {turns}", turns=value) if len(_turn_set(value)) == 1 else t("not in turns {turns}", turns=value)
        return None
    if kind == "not_before_turn":
        if turn < int(value):
            return t("not before turn {turn}", turn=value)
        return None
    if kind == "not_winter":
        if rules.turn_info(turn)["season"] == "winter":
            return t("not in a winter turn")
        return None
    if kind == "cond":
        entry = CONDITIONS.get(value)
        if entry is None:
            return t("an unknown condition '{cond}'", cond=value)
        check, why = entry
        return None if check(rules, state, args) else why
    return t("an unknown prerequisite '{token}'", token=token)


def check_prerequisites(rules: Rules, state: State, card_id: str, args: Sequence[str] = ()) -> None:
    """Raise IllegalOrder naming the first prerequisite of ``card_id`` that does not hold."""
    card = rules.cards[card_id]
    for token in card.prerequisites:
        why = failed(rules, state, card_id, token, args)
        if why is not None:
            raise IllegalOrder(
                t("{card} cannot be played as an event now: {why}.", card=_title(rules, card_id), why=why),
                rule=card_id,
                hint=t("Play it for OPS or RP instead."),
            )
