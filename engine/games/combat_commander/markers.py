"""The referee's overrides for the map's markers: Smoke with its value, Blaze, fortifications (T79, T94, F100-F106).

``smoke HEX N`` (0 removes it), ``blaze HEX``, ``unblaze HEX``, ``fortify HEX KIND``,
``unfortify HEX``. Each follows the stacking of markers (8.1.3-8.1.5, F100.3), so the referee
sets a position the rules allow; a marker the rules would refuse is refused with its rule.
"""

from __future__ import annotations

from engine.errors import InvalidOrder
from engine.game import Context, State
from engine.games.combat_commander import fortifications
from engine.games.combat_commander.board import Board
from engine.hexgrid import Label
from engine.text import t

OVERRIDES = ("smoke", "blaze", "unblaze", "fortify", "unfortify")


def _hex(board: Board, word: str) -> Label:
    label = word.upper()
    if label not in board.map.grid:
        raise InvalidOrder(t("'{hex}' is not a hex of the map.", hex=word))
    return label


def override(board: Board, state: State, kind: str, args: list[str], ctx: Context) -> State:
    why = t("referee")
    if kind == "smoke" and len(args) == 2 and args[1].isdigit() and 0 <= int(args[1]) <= 10:
        label, value = _hex(board, args[0]), int(args[1])
        if value == 0:
            fortifications.remove_smoke(state, label, ctx, why)
            return state
        fortifications.check_smoke_hex(board, state, label)
        state.setdefault("smoke", {})[label] = value  # the referee sets the value, lower or higher (8.1.4: one per hex)
        ctx.log(t("Smoke {value} placed in {hex} ({why}).", value=value, hex=label, why=why))
        return state
    if kind in ("blaze", "unblaze", "unfortify") and len(args) == 1:
        label = _hex(board, args[0])
        if kind == "blaze":
            fortifications.place_blaze(board, state, label, ctx, why)
        elif kind == "unblaze":
            fortifications.remove_blaze(state, label, ctx, why)
        else:
            fortifications.remove_fort(state, label, ctx, why)
        return state
    if kind == "fortify" and len(args) == 2 and args[1].lower() in fortifications.KINDS:
        fortifications.place_fort(board, state, _hex(board, args[0]), args[1].lower(), ctx, why)
        return state
    raise InvalidOrder(
        t("Malformed marker override '{kind}'.", kind=kind),
        t("Possible: smoke HEX N (1-10, 0 removes), blaze HEX, unblaze HEX, fortify HEX {kinds}, unfortify HEX.", kinds="|".join(sorted(fortifications.KINDS))),
    )
