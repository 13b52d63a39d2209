"""Stalin's War referee overrides: typed, logged interventions that skip legality, never the invariants.

Kinds (each with a reason): ``place UNIT HEX``, ``remove UNIT [BOX]`` (BOX: eliminated, removed,
setaside, other_fronts), ``level UNIT N`` (0 = full strength), ``supply UNIT full|out``,
``activate UNIT on|off`` (Partisans), ``control HEX axis|soviet|none``, ``vp N``, ``turn N``,
``phase SIDE AR`` (start SIDE's Action Round AR of the current turn), ``hand SIDE CARD ...``
(the cards come from wherever they are), ``event CARD [off]`` (mark a card as played as an
event), ``effect KEY VALUE|off``, ``rp POOL N``, ``banked SIDE N``, ``consec SIDE N``,
``entrench HEX SIDE|none``, ``festung HEX on|off``, ``clear [SIDE]``. Hand changes are logged
privately to the hand's owner.
"""

from __future__ import annotations

import json
from typing import Any

from engine import flow
from engine.errors import InvalidOrder
from engine.game import Context, Override, State
from engine.games.stalins_war import parsing, sequence
from engine.games.stalins_war.model import SIDES, Rules
from engine.text import t

BOXES = ("eliminated", "removed", "setaside", "other_fronts")
USAGE = t(
    "Referee commands: place UNIT HEX, remove UNIT [BOX], level UNIT N, supply UNIT full|out, activate UNIT on|off, "
    "control HEX SIDE|none, vp N, turn N, phase SIDE AR, hand SIDE CARD..., event CARD [off], effect KEY VALUE|off, "
    "rp POOL N, banked SIDE N, consec SIDE N, entrench HEX SIDE|none, festung HEX on|off, clear [SIDE], "
    "grant-undo ROLE, rewind SEQ, set PATH VALUE; each followed by 'because REASON'."
)


def _need(args: tuple[str, ...], low: int, high: int | None = None) -> None:
    if len(args) < low or len(args) > (low if high is None else high):
        raise InvalidOrder(t("Wrong number of arguments."), USAGE)


def _int(word: str) -> int:
    try:
        return int(word)
    except ValueError as exc:
        raise InvalidOrder(t("'{word}' is not a whole number.", word=word), USAGE) from exc


def _number(word: str) -> float | int:
    """A whole number or a half (RP: 1/2 per SCU level, 14.1.3)."""
    if "." not in word:
        return _int(word)
    try:
        value = float(word)
    except ValueError as exc:
        raise InvalidOrder(t("'{word}' is not a number.", word=word), USAGE) from exc
    if value != value or value in (float("inf"), float("-inf")):
        raise InvalidOrder(t("'{word}' is not a number.", word=word), USAGE)
    return value


def _no_constant(word: str) -> Any:
    """NaN and Infinity are not JSON values a saved state may hold."""
    raise InvalidOrder(t("'{word}' is not a value an effect can hold.", word=word), USAGE)


def _realign(state: State, old: int, new: int) -> None:
    """Keep the running turn procedure on the same step when the referee changes the turn number."""
    flow_stack = flow.stack(state)
    if not flow_stack or flow_stack[0].get("proc") != "turn" or old == new:
        return
    frame = flow_stack[0]
    i = int(frame.get("i", 0))
    before, after = sequence.steps(old), sequence.steps(new)
    if 0 < i <= len(before) and before[i - 1] in after:
        frame["i"] = after.index(before[i - 1]) + 1


def _unit(rules: Rules, word: str) -> str:
    words = parsing.canonical_words(rules, "referee", "place", [word])
    if len(words) != 1 or words[0] not in rules.units:
        raise InvalidOrder(t("No unit '{word}'.", word=word), USAGE)
    return words[0]


def _hex(rules: Rules, word: str) -> str:
    label = parsing.hex_arg(rules, word)
    if label is None:
        raise InvalidOrder(t("'{word}' is not a hex of the map.", word=word), USAGE)
    return label


def _side(word: str, allow_none: bool = False) -> str | None:
    w = word.casefold()
    if w in SIDES:
        return w
    if allow_none and w == "none":
        return None
    raise InvalidOrder(t("'{word}' is not a side: axis or soviet.", word=word), USAGE)


def _card(rules: Rules, word: str) -> str:
    cid = word.upper()
    if cid not in rules.cards:
        raise InvalidOrder(t("No card '{word}': cards are SU1-SU55 and AX1-AX55.", word=word), USAGE)
    return cid


def public_text(rules: Rules, override: Override) -> str | None:
    """What the public log says of ``override`` when its full text would reveal a secret (a hand, a deck's
    order, which Partisan is where); None when the full text is public. The referee's log keeps the full text."""
    kind, args = override.kind, override.args
    if kind == "hand" and args:
        return f"hand {args[0]} ({len(args) - 1} cards, shown to the referee and that player only)"
    if kind == "set" and args and (args[0].startswith("cards.") or args[0].startswith("units.su-partisan")):
        return f"set {args[0].split('.')[0]}.\u2026 (the value is secret)"
    if kind in ("place", "remove", "level") and args:
        try:
            uid = _unit(rules, args[0])
        except InvalidOrder:
            return None
        if rules.units[uid].partisan:
            return " ".join((kind, "Partisans", *args[1:]))
    return None


def apply(game: Any, state: State, override: Override, ctx: Context) -> None:
    rules: Rules = game.rules
    kind, args = override.kind, override.args
    if kind == "place":
        _need(args, 2)
        uid, label = _unit(rules, args[0]), _hex(rules, args[1])
        state["units"][uid].update(hex=label, box=None)
        state["units"][uid].pop("due", None)
    elif kind == "remove":
        _need(args, 1, 2)
        uid = _unit(rules, args[0])
        box = args[1].casefold() if len(args) == 2 else "removed"
        if box not in BOXES:
            raise InvalidOrder(t("Unknown box '{box}': {boxes}.", box=box, boxes=", ".join(BOXES)), USAGE)
        state["units"][uid].update(hex=None, box=box, level=0)
    elif kind == "level":
        _need(args, 2)
        uid = _unit(rules, args[0])
        state["units"][uid]["level"] = _int(args[1])
    elif kind == "supply":
        _need(args, 2)
        uid = _unit(rules, args[0])
        state["units"][uid]["oos"] = args[1].casefold() in ("out", "oos", "none")
    elif kind == "activate":
        _need(args, 2)
        uid = _unit(rules, args[0])
        state["units"][uid]["active"] = args[1].casefold() in ("on", "yes", "true", "1")
    elif kind == "control":
        _need(args, 2)
        label, side = _hex(rules, args[0]), _side(args[1], allow_none=True)
        if side is None:
            state["control"].pop(label, None)
        else:
            state["control"][label] = side
    elif kind == "vp":
        _need(args, 1)
        state["vp"] = _int(args[0])
    elif kind == "turn":
        _need(args, 1)
        turn = _int(args[0])
        if not 1 <= turn <= int(state["last_turn"]):
            raise InvalidOrder(t("Turns run from 1 to {last}.", last=state["last_turn"]), USAGE)
        _realign(state, int(state["turn"]), turn)
        state["turn"] = turn
    elif kind == "phase":
        _need(args, 2)
        side = _side(args[0])
        assert side is not None
        ar = _int(args[1])
        plan = sequence.steps(int(state["turn"]))
        step = ("ar", side, str(ar))
        if step not in plan:
            raise InvalidOrder(t("Turn {turn} has no {side} AR{ar}.", turn=state["turn"], side=side, ar=ar), USAGE)
        state["flow"] = [{"proc": "turn", "i": plan.index(step)}]
        sequence.Turn().run(game, state, state["flow"][0], ctx)
    elif kind == "hand":
        _need(args, 1, 12)
        side = _side(args[0])
        assert side is not None
        cards = [_card(rules, a) for a in args[1:]]
        pile = state["cards"][side]
        for cid in cards:
            if rules.cards[cid].side != side:
                raise InvalidOrder(t("{card} is not a {side} card.", card=cid, side=side), USAGE)
        for cid in pile["hand"]:
            pile["deck"].append(cid)
        pile["hand"] = []
        for cid in cards:
            for key in ("deck", "discard", "removed", "total_war", "faceup", "setaside"):
                if cid in pile[key]:
                    pile[key].remove(cid)
            pile["hand"].append(cid)
        ctx.log(t("The referee sets your hand: {cards}.", cards=", ".join(cards) or "-"), to=side)
        ctx.log(t("The referee sets the {side} hand ({n} cards).", side=side, n=len(cards)))
    elif kind == "event":
        _need(args, 1, 2)
        cid = _card(rules, args[0])
        if len(args) == 2 and args[1].casefold() == "off":
            state["events"].pop(cid, None)
        else:
            state["events"][cid] = int(state["turn"])
    elif kind == "effect":
        _need(args, 2)
        key = args[0]
        if args[1].casefold() == "off":
            state["effects"].pop(key, None)
        else:
            try:
                state["effects"][key] = json.loads(args[1], parse_constant=_no_constant)
            except json.JSONDecodeError:
                state["effects"][key] = args[1]
    elif kind == "rp":
        _need(args, 2)
        pool = "soviet" if args[0].casefold() == "soviet" else args[0].upper()
        if pool not in ("soviet", "GE", "PZ", "AX"):
            raise InvalidOrder(t("RP pools: soviet, GE, PZ, AX."), USAGE)
        state["rp"][pool] = _number(args[1])
    elif kind in ("banked", "consec"):
        _need(args, 2)
        side = _side(args[0])
        state[kind][side] = _int(args[1])
    elif kind == "entrench":
        _need(args, 2)
        label, side = _hex(rules, args[0]), _side(args[1], allow_none=True)
        if side is None:
            state["markers"]["entrench"].pop(label, None)
        else:
            state["markers"]["entrench"][label] = side
    elif kind == "festung":
        _need(args, 2)
        label = _hex(rules, args[0])
        festung: list[str] = state["markers"]["festung"]
        if args[1].casefold() in ("on", "yes"):
            if label not in festung:
                festung.append(label)
        elif label in festung:
            festung.remove(label)
    elif kind == "clear":
        _need(args, 0, 1)
        sides = [_side(args[0])] if args else list(SIDES)
        for uid, u in state["units"].items():
            if u.get("hex") and rules.units[uid].side in sides:
                u.update(hex=None, box="setaside", level=0)
    else:
        raise InvalidOrder(t("Unknown referee command '{kind}'.", kind=kind), USAGE)
    if kind != "hand":
        ctx.log(t("Referee: {what} ({why}).", what=override.text, why=override.reason))
    else:
        ctx.log(t("Referee: hand change ({why}).", why=override.reason))
    flow.stack(state)
