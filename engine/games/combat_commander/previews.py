"""Previews a player asks for at any time, answered to that player alone and never logged
(digest 6.5): ``los HEX HEX`` (10.1: what blocks or hinders the line) and ``fp HEX PIECE...``
(O20.3: the Attack total of a planned attack or fire group, term by term, against each
defender's Defense total). Nothing here changes the state; a preview reads only what the map
shows both players (units, weapons, markers), never a hand or a deck.
"""

from __future__ import annotations

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Role, State
from engine.games.combat_commander import fire, model, weapons
from engine.games.combat_commander.common import Rules
from engine.hexgrid import Label
from engine.text import Text, joined, t

LOS_WORDS = ("los", "linea-di-vista")
FP_WORDS = ("fp", "potenza-di-fuoco")
LOS_SYNTAX = "los HEX HEX"
FP_SYNTAX = "fp HEX UNIT|WEAPON [UNIT|WEAPON...]"


def hex_named(g: Rules, state: State, word: str) -> Label:
    label = word.upper()
    if label not in g.board_for(state).map.grid:
        raise InvalidOrder(t("'{hex}' is not a hex of the map.", hex=word))
    return label


def piece_named(state: State, word: str) -> str:
    """A unit on the map or a weapon carried by one: both fire (O20.3.1.1)."""
    pid = word.lower()
    if pid in state.get("weapons", {}):
        if state["weapons"][pid]["unit"] is None:
            raise InvalidOrder(t("{weapon} is not carried by a unit on the map (11.2).", weapon=pid))
        return pid
    if pid not in state["units"] or state["units"][pid]["hex"] is None:
        raise InvalidOrder(t("'{unit}' is not a unit or weapon on the map.", unit=word))
    return pid


def line_of_sight(g: Rules, state: State, words: list[str]) -> Text:
    """Whether the line between two hexes is clear, its hindrance, and every obstacle and hindrance on it (10.1-10.3)."""
    if len(words) != 2:
        raise InvalidOrder(t("Syntax: {syntax}", syntax=LOS_SYNTAX))
    a, b = hex_named(g, state, words[0]), hex_named(g, state, words[1])
    board = g.board_for(state)
    smoke, blaze = fire.smoke_and_blaze(state)
    sight = board.sight(a, b, smoke, blaze)
    causes = ", ".join(f"{c.what} {'-'.join(board.label(h) or '?' for h in c.at)} ({c.rule})" for c in (*sight.blocks, *sight.hindrances))
    if sight.blocked:
        return t("LOS {a}-{b} is blocked: {causes}.", a=a, b=b, causes=causes)
    return t("LOS {a}-{b} is clear, hindrance {h}{causes}.", a=a, b=b, h=sight.hindrance, causes=f": {causes}" if causes else "")


def attack_total(g: Rules, state: State, role: Role, words: list[str]) -> Text:
    """The planned attack's FP term by term (O20.3.1-O20.3.3, 10.2, 10.3.2.1, T99) and what each
    defender would need (O20.3.4); or why the attack cannot be made, with its rule."""
    if len(words) < 2:
        raise InvalidOrder(t("Syntax: {syntax}", syntax=FP_SYNTAX))
    target = hex_named(g, state, words[0])
    pieces = [piece_named(state, w) for w in words[1:]]
    if any(weapons.side_of(state, p) != role for p in pieces):
        raise InvalidOrder(t("A fire group is made of your own units and weapons (O20.3.1)."))
    board = g.board_for(state)
    try:
        fp = fire.attack_fp(g.data, board, state, pieces, target)
    except IllegalOrder as exc:
        return t("No attack on {hex}: {why}", hex=target, why=exc.text())
    values = {p: weapons.fire_value(g.data, state, p, "fp") for p in pieces}
    best = max(pieces, key=lambda p: (values[p], p))
    terms = [t("{fp} from {piece} (its FP with any leader's Command, O20.3.1)", fp=values[best], piece=best)]
    if len(pieces) > 1:
        terms.append(t("+{n} for the other pieces of the fire group (O20.3.1)", n=len(pieces) - 1))
    levels = [board.level(str(weapons.hex_of(state, p))) for p in pieces]
    if board.level(target) > min(levels):
        terms.append(t("-1 firing up to a higher level (T88.2)"))
    if board.level(target) < max(levels):
        terms.append(t("+1 firing down to a lower level (T88.2)"))
    hindrance = max(0 if weapons.ordnance(state, p) else fire.can_see(board, state, str(weapons.hex_of(state, p)), target)[1] for p in pieces)
    if hindrance:
        terms.append(t("-{n} for the largest hindrance on the line (10.3.2.1)", n=hindrance))
    burst = fire.tree_burst(board, state, pieces, target)
    if burst:
        terms.append(t("+{n} tree burst of a mortar on woods (T99)", n=burst))
    attack = t("Attack on {hex} by {pieces}: {fp} FP = {terms}; Attack total {fp} + the roll (O20.3.3).", hex=target, pieces=", ".join(pieces), fp=fp + burst, terms=joined(terms, ", "))
    cover = 0 if weapons.ignores_cover(state, pieces) else fire.cover(g.data, board, state, pieces, target)
    defenders = [
        t("{unit} Morale {morale} + Cover {cover} = {total}", unit=u, morale=model.value(g.data, state, u, "morale"), cover=cover, total=model.value(g.data, state, u, "morale") + cover)
        for u in sorted(model.units_at(state, target, model.other(role)))
    ]
    return t(
        "{attack} Each defender rolls Morale + Cover + the roll and is hit below the Attack total (a moving one on a tie too), suppressed on a tie (O20.3.4): {defenders}. Actions played before the rolls change both totals.",
        attack=attack,
        defenders=joined(defenders),
    )


def answer(g: Rules, state: State, role: Role, words: list[str]) -> Text | None:
    """The preview ``words`` ask for, or None when they are no preview."""
    if not words:
        return None
    verb = words[0].lower()
    if verb in LOS_WORDS:
        return line_of_sight(g, state, words[1:])
    if verb in FP_WORDS:
        if role not in model.ROLES:
            raise InvalidOrder(t("Only a player previews an attack."))
        return attack_total(g, state, role, words[1:])
    return None
