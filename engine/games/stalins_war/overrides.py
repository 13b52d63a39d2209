"""Stalin's War referee overrides: typed, logged interventions that skip legality, never the invariants.

Kinds (each with a reason; UNIT... and HEX... take one or more, names or ids):

* ``place UNIT... HEX [LEVEL]``: on the map, as if it began the Action Round there (per-AR marks
  cleared, in supply until its side's next supply trace or a ``supply`` override); LEVEL 0 = full.
* ``remove UNIT... [eliminated|removed|setaside|other_fronts|track TURN]`` (default removed).
* ``level UNIT... N`` (0 = full strength, 1 = one step lost...).
* ``supply UNIT... full|limited|out`` (limited: defence and attrition only, ruling 8.1#9), for a unit
  on the map. The phasing side's supply is traced at the start of each Action Round (13.1.1); a
  ``phase`` override keeps the marks given since for the units still where they were marked.
  Attrition traces supply itself, and a defender's supply is traced when it is attacked.
* ``activate UNIT... on|off`` (Partisans).
* ``control HEX... axis|soviet|none``; ``entrench HEX... axis|soviet|none``; ``festung HEX... on|off``;
  ``marker fortress_destroyed|fortress_built HEX... on|off``.
* ``vp N``; ``turn N`` (the running step kept); ``phase SIDE AR`` (start that Action Round of the
  current turn: the side is asked for its action), ``phase attrition|replacement SIDE``,
  ``phase draw``, ``phase end``, ``phase start`` (the start of the turn: automatic RP, Lend-Lease).
  ``phase`` also resumes a finished campaign.
* ``hand SIDE CARD...`` (cards as the side's numbers 1-55 or ids AX23/SU8, taken from whatever pile
  holds them; the old hand goes to the bottom of the deck); ``pile SIDE deck|discard|removed|faceup|
  setaside|total_war CARD...`` (deck: on top, the first named drawn first). Every card stays in
  exactly one pile.
* ``event CARD [off]`` (mark a card as played as an event, or not: an asterisked card not in a hand
  leaves the game as if played); ``effect KEY VALUE|off``.
* ``history UNIT... began HEX | mp N | moved|fought|... on|off``, ``history round MARKER HEX... on|off``,
  ``history round cc|won CARD... on|off``, ``history round ops N``: what the Action Round has done
  (``history.py``; ``show history`` prints it).
* ``jump STEP [RESULTS]``: the combat under way to a step of 11.2.1, or the combat step to its attacks
  or to exploitation (``jump.py``).
* ``rp soviet|GE|PZ|AX N``, ``banked SIDE N``, ``consec SIDE N``, ``option NAME VALUE``,
  ``clear [SIDE]`` (every unit of the side on the map set aside), ``totalwar on`` (7.6.4 now).

A new hand is shown to its owner only, a deck's new top to nobody but the referee; refusals of either name
no card.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder, OrderError
from engine.game import Context, Override, State
from engine.games.stalins_war import combat_cards, history, jump, parsing, sequence
from engine.games.stalins_war.model import CARD_PREFIX, SIDES, Rules
from engine.orders import OFF, ON, is_number, rejoin_json, switch
from engine.text import Text, t

BOXES = ("eliminated", "removed", "setaside", "other_fronts", "track")
PILES = ("deck", "discard", "removed", "faceup", "setaside", "total_war")
ALL_PILES = ("hand", "deck", "discard", "removed", "total_war", "faceup", "setaside")
MARKERS = ("fortress_destroyed", "fortress_built")
RP_POOLS = ("soviet", "GE", "PZ", "AX")
MAX_HAND = 12
REFEREE_SUPPLY = "referee_supply"  # {uid: {"status", "hex", "when"}}: supply marks a later ``phase`` keeps
# Effect keys read by the rules but not (yet) listed in events.EFFECT_KEYS.
EXTRA_EFFECT_KEYS = (
    "backhand_blow", "backhand_blow_ar", "backhand_obligation", "german_lcu_destroyed", "lend_lease_received",
    "maskirovka", "partisans_placed", "sleighride", "stalin_rail_moves", "sturmovik", "uranus_exploit", "zhukov_used",
)

USAGES: dict[str, str] = {
    "place": "place UNIT HEX [LEVEL] (several units allowed: place UNIT UNIT... HEX; LEVEL 0 = full strength)",
    "remove": "remove UNIT... [eliminated|removed|setaside|other_fronts|track TURN]",
    "level": "level UNIT... N (0 = full strength)",
    "supply": "supply UNIT... full|limited|out",
    "activate": "activate UNIT... on|off (Partisans)",
    "control": "control HEX... axis|soviet|none",
    "vp": "vp N",
    "turn": "turn N",
    "phase": "phase SIDE AR | phase attrition SIDE | phase replacement SIDE | phase draw | phase end | phase start (the turn's start: automatic RP, Lend-Lease, then the Axis AR1)",
    "hand": "hand SIDE CARD... (the side's card numbers 1-55 or ids such as AX23, SU8; none = empty)",
    "pile": "pile SIDE deck|discard|removed|faceup|setaside|total_war CARD... (deck: on top, the first named drawn first)",
    "event": "event CARD [off] (a card id such as AX24 or SU9; it counts as played for prerequisites and Total War; an event's lasting effect is set with 'effect KEY VALUE')",
    "effect": "effect KEY VALUE|off (VALUE: JSON, a word, several words for a list, or NAME=VALUE pairs for an object)",
    "rp": "rp soviet|GE|PZ|AX N (halves allowed)",
    "banked": "banked axis|soviet N",
    "consec": "consec axis|soviet N",
    "entrench": "entrench HEX... axis|soviet|none",
    "festung": "festung HEX... on|off",
    "marker": "marker fortress_destroyed|fortress_built HEX... on|off",
    "option": "option NAME VALUE",
    "clear": "clear [axis|soviet]",
    "totalwar": "totalwar on (Total War begins now: each side's Total War cards, discards and deck are shuffled, 7.6.4)",
    "map": "map terrain HEX KIND | map side HEX HEX FEATURE...|none | map line rail HEX HEX on|off | map place HEX KIND NAME | map place HEX none | map attr HEX KEY VALUE|none | map reset (the campaign's map overrides)",
    "counter": "counter UNIT attack|defence|move N [FIELD N...] | counter UNIT reset (the printed values of the level the counter shows)",
    "jump": "jump att_cc|def_cc|cancel|fire|def_losses|att_losses|winner|extra|retreat|advance|finish [ATTACKER-RESULT DEFENDER-RESULT] | jump attacks|exploit (a step of the combat being resolved, or of the round's combat step)",
    "history": "history UNIT... began HEX|mp N|moved on|off... | history round combat|move|attacked|blitz|entrench|zoc HEX... on|off | history round cc|won CARD... on|off | history round ops N (what the Action Round has done: 'show history')",
}
USAGE = t(
    "Referee commands: {kinds}; and grant-undo ROLE, rewind SEQ, set PATH VALUE; each followed by 'because REASON'.",
    kinds=", ".join(USAGES.values()),
)


def _usage(kind: str) -> Text:
    return t("Usage: {usage}.", usage=USAGES[kind]) if kind in USAGES else USAGE


def _need(args: Sequence[str], low: int, high: int | None = -1, kind: str = "") -> None:
    """Between ``low`` and ``high`` arguments (exactly ``low`` by default; None: no upper limit)."""
    top = low if high == -1 else high
    if len(args) < low or (top is not None and len(args) > top):
        raise InvalidOrder(t("Wrong number of arguments."), _usage(kind))


def _int(word: str, kind: str = "", low: int | None = None) -> int:
    try:
        value = int(word)
    except ValueError as exc:
        raise InvalidOrder(t("'{word}' is not a whole number.", word=word), _usage(kind)) from exc
    if low is not None and value < low:
        raise InvalidOrder(t("'{word}' is below {low}.", word=word, low=low), _usage(kind))
    return value


def _number(word: str, kind: str = "rp") -> float | int:
    """A whole number or a half (RP: 1/2 per SCU level, 14.1.3); never negative."""
    if "." not in word:
        return _int(word, kind, 0)
    try:
        value = float(word)
    except ValueError as exc:
        raise InvalidOrder(t("'{word}' is not a number.", word=word), _usage(kind)) from exc
    if value != value or value in (float("inf"), float("-inf")):
        raise InvalidOrder(t("'{word}' is not a number.", word=word), _usage(kind))
    if value < 0:
        raise InvalidOrder(t("'{word}' is below {low}.", word=word, low=0), _usage(kind))
    return value


def _no_constant(word: str) -> Any:
    """NaN and Infinity are not JSON values a saved state may hold."""
    raise InvalidOrder(t("'{word}' is not a value an effect can hold.", word=word), _usage("effect"))


def _realign(state: State, old: int, new: int) -> None:
    """Keep the running turn procedure on the same step when the referee changes the turn number (an
    Action Round turn 1 lacks becomes that side's AR5, 4.4.1: the only one of turn 1)."""
    flow_stack = flow.stack(state)
    if not flow_stack or flow_stack[0].get("proc") != "turn" or old == new:
        return
    frame = flow_stack[0]
    i = int(frame.get("i", 0))
    before, after = sequence.steps(old), sequence.steps(new)
    if not 0 < i <= len(before):
        return
    step = before[i - 1]
    if step not in after and step[0] == "ar":
        step = ("ar", step[1], "5")
        state["ar"] = 5
    if step in after:
        frame["i"] = after.index(step) + 1
    elif step[0] == "replacement":
        frame["i"] = after.index(("draw",))  # turn 1 has no Replacement Phase: the draw comes next


def _units(rules: Rules, words: Sequence[str], kind: str) -> list[str]:
    """One or more units, by id or name (several words each)."""
    if not words:
        raise InvalidOrder(t("Name at least one unit."), _usage(kind))
    found = parsing.canonical_words(rules, "referee", "place", list(words))
    for word in found:
        if word not in rules.units:
            raise InvalidOrder(t("'{word}' is not a unit.", word=word), _usage(kind))
    return list(dict.fromkeys(found))


def _hex(rules: Rules, word: str, kind: str = "") -> str:
    label = parsing.hex_arg(rules, word)
    if label is None:
        raise InvalidOrder(
            t("'{word}' is not a hex of the map: give a 4-digit label such as 2722 or a place name.", word=word), _usage(kind)
        )
    return label


def _hexes(rules: Rules, words: Sequence[str], kind: str) -> list[str]:
    """One or more hexes: labels or place names (a name of several words counts as one hex)."""
    if not words:
        raise InvalidOrder(t("Name at least one hex."), _usage(kind))
    out: list[str] = []
    for word in words:
        label = parsing.hex_arg(rules, word)
        if label is None:
            whole = parsing.hex_arg(rules, " ".join(words))
            if whole is not None:
                return [whole]
            try:
                found = parsing.canonical_words(rules, "referee", "control", list(words))
            except OrderError:
                found = []
            if found and all(w in rules.board.grid for w in found):
                return list(dict.fromkeys(found))
            _hex(rules, word, kind)
        else:
            out.append(label)
    return list(dict.fromkeys(out))


def _side(word: str, allow_none: bool = False, kind: str = "") -> str | None:
    w = word.casefold()
    if w in SIDES:
        return w
    if allow_none and w == "none":
        return None
    if allow_none:
        raise InvalidOrder(t("'{word}' is not a side: axis, soviet or none.", word=word), _usage(kind))
    raise InvalidOrder(t("'{word}' is not a side: axis or soviet.", word=word), _usage(kind))


def _card(rules: Rules, word: str, side: str | None = None, kind: str = "event") -> str:
    w = word.upper().lstrip("#")
    cid = CARD_PREFIX[side] + str(int(w)) if side is not None and is_number(w) else w
    if cid not in rules.cards:
        raise InvalidOrder(t("No card '{word}': cards are SU1-SU55 and AX1-AX55.", word=word), _usage(kind))
    return cid


def _secret_cards(rules: Rules, side: str, words: Sequence[str], kind: str) -> list[str]:
    """Cards of ``side`` for a hand or the deck: refusals give the position in the list, never the card
    (a refused referee command is answered in public)."""
    cards: list[str] = []
    for i, word in enumerate(words, start=1):
        w = word.upper().lstrip("#")
        cid = CARD_PREFIX[side] + str(int(w)) if is_number(w) else w
        card = rules.cards.get(cid)
        if card is None or card.side != side:
            raise InvalidOrder(
                t("Card {i} of the list is not one of the {side} cards: give their numbers 1-55 or ids {prefix}1-{prefix}55.",
                  i=i, side=side, prefix=CARD_PREFIX[side]),
                _usage(kind),
            )
        if cid in cards:
            raise InvalidOrder(t("Card {i} of the list is named twice.", i=i), _usage(kind))
        cards.append(cid)
    return cards


def _take(pile: dict[str, Any], cid: str) -> None:
    for key in ALL_PILES:
        if cid in pile[key]:
            pile[key].remove(cid)


def _partisan_words(rules: Rules, args: Sequence[str]) -> list[str] | None:
    """``args`` with every Partisan unit (an id or a name of up to three words) shown as just "Partisans";
    None when none is named."""
    out: list[str] = []
    i, hidden = 0, False
    while i < len(args):
        # At most three dictionary look-ups and one name search per word: the public text of a long
        # argument list costs no more than reading it.
        for j in range(min(len(args), i + 3), i, -1):
            uid = _unit_named(rules, list(args[i:j]))
            if uid is not None and rules.units[uid].partisan:
                out.append("Partisans")
                hidden, i = True, j
                break
        else:
            out.append(args[i])
            i += 1
    return out if hidden else None


def _unit_named(rules: Rules, words: list[str]) -> str | None:
    """The unit ``words`` name as one token the way ``parsing.canonical_words`` reads them, or None."""
    phrase = " ".join(words)
    found = parsing.unit_spelled(rules, phrase)
    if found is not None or len(words) > 1:
        return found
    word = words[0]
    if word.casefold() in parsing.KEYWORDS or is_number(word) or parsing.hex_arg(rules, word) is not None:
        return None
    try:
        return parsing.unit_index(rules).find(word, "unit")
    except OrderError:
        return None


def public_text(rules: Rules, override: Override) -> str | None:
    """What the public log says of ``override`` when its full text would reveal a secret (a hand, a deck's
    order, which Partisan is where); None when the full text is public. The referee's log keeps the full text."""
    kind, args = override.kind, override.args
    if kind == "hand" and args:
        return f"hand {args[0]} ({len(args) - 1} cards, shown to the referee and that player only)"
    if kind == "pile" and len(args) >= 2 and args[1].casefold() == "deck":
        return f"pile {args[0]} deck ({len(args) - 2} cards on top, shown to the referee only)"
    if kind == "set" and args and (args[0].startswith("cards.") or args[0].startswith("units.su-partisan")):
        return f"set {args[0].split('.')[0]}.\u2026 (the value is secret)"
    if kind == "counter" and args and _partisan_words(rules, args[:3]) is not None:
        return "counter Partisans (the values are secret, shown to the referee only)"
    if kind in ("place", "remove", "level", "supply", "activate", "history") and args:
        words = _partisan_words(rules, args)
        if words is not None:
            return " ".join((kind, *words))
    return None


def _fresh(state: State, uid: str) -> dict[str, Any]:
    """Forget the per-AR bookkeeping, the Turn Track date and the supply marks of a counter."""
    u: dict[str, Any] = state["units"][uid]
    for key in (*sequence.PER_AR_KEYS, "due", "limited"):
        u.pop(key, None)
    u["oos"] = False
    state.get(REFEREE_SUPPLY, {}).pop(uid, None)
    return u


# The kinds ---------------------------------------------------------------------------------------
def _place(game: Any, state: State, args: Sequence[str]) -> None:
    rules: Rules = game.rules
    _need(args, 2, None, "place")
    words = list(args)
    level: int | None = None
    if len(words) >= 3 and is_number(words[-1]) and len(words[-1]) <= 2:
        level = _int(words.pop(), "place", 0)
    found = parsing.canonical_words(rules, "referee", "place", words)
    if len(found) < 2 or found[-1] not in rules.board.grid:
        raise InvalidOrder(t("The last word must be the hex (or the hex then the level)."), _usage("place"))
    label = found[-1]
    uids = _units(rules, found[:-1], "place")
    for uid in uids:
        if level is not None:
            _check_level(rules, uid, level, "place")
        u = _fresh(state, uid)
        u.update(hex=label, box=None, began=label)
        if level is not None:
            u["level"] = level


def _check_level(rules: Rules, uid: str, level: int, kind: str = "level") -> None:
    count = len(rules.units[uid].levels)
    if not 0 <= level < count:
        if count == 1:
            message = t("{unit} has no level {level}: it has a single level, 0 (full strength).", unit=uid, level=level)
        else:
            message = t("{unit} has no level {level}: its levels are 0 (full strength) to {top}.", unit=uid, level=level, top=count - 1)
        raise IllegalOrder(message, rule="2.2.1", hint=_usage(kind))


def _remove(game: Any, state: State, args: Sequence[str]) -> None:
    rules: Rules = game.rules
    words = list(args)
    due: int | None = None
    box = "removed"
    if len(words) >= 3 and words[-2].casefold() == "track":
        due = _int(words[-1], "remove", 1)
        box = "track"
        words = words[:-2]
    elif words and words[-1].casefold() in BOXES:
        box = words.pop().casefold()
        if box == "track":
            raise InvalidOrder(t("Give the turn the unit is due back: track TURN."), _usage("remove"))
    try:
        uids = _units(rules, words, "remove")
    except InvalidOrder as exc:
        if len(words) > 1 and words[-1].casefold() not in BOXES:
            raise InvalidOrder(
                t("Unknown box or unit '{box}': boxes are {boxes}.", box=words[-1], boxes=", ".join(BOXES)), _usage("remove")
            ) from exc
        raise
    for uid in uids:
        u = _fresh(state, uid)
        u.pop("active", None)
        u.update(hex=None, box=box, level=0)
        if due is not None:
            u["due"] = due


def _level(game: Any, state: State, args: Sequence[str]) -> None:
    rules: Rules = game.rules
    _need(args, 2, None, "level")
    level = _int(args[-1], "level")
    for uid in _units(rules, args[:-1], "level"):
        _check_level(rules, uid, level)
        state["units"][uid]["level"] = level


def _mark_supply(u: dict[str, Any], status: str) -> None:
    u["oos"] = status == "out"
    if status == "limited":
        u["limited"] = True
    else:
        u.pop("limited", None)


def _supply_of(u: dict[str, Any]) -> str:
    return "out" if u.get("oos") else "limited" if u.get("limited") else "full"


def _supply(game: Any, state: State, args: Sequence[str]) -> None:
    rules: Rules = game.rules
    _need(args, 2, None, "supply")
    status = args[-1].casefold()
    if status in ("out", "oos", "none"):
        status = "out"
    elif status in ("in", "full", "supplied"):
        status = "full"
    elif status != "limited":
        raise InvalidOrder(t("'{word}' is not a supply status: full, limited or out.", word=args[-1]), _usage("supply"))
    marks: dict[str, Any] = state.setdefault(REFEREE_SUPPLY, {})
    for uid in _units(rules, args[:-1], "supply"):
        u = state["units"][uid]
        if not u.get("hex"):
            raise InvalidOrder(t("{unit} is not on the map: place it first.", unit=uid), _usage("supply"))
        _mark_supply(u, status)
        marks[uid] = {"status": status, "hex": u["hex"], "when": _now(state)}


def _now(state: State) -> list[Any]:
    return [int(state["turn"]), int(state["ar"]), state["phase"].get("name"), state["phase"].get("side")]


def referee_supply(state: State, uid: str) -> str | None:
    """The supply ("full" | "limited" | "none") the referee gave ``uid`` during the current Action Round or
    phase, while it stays in the hex it was marked in; None otherwise. For traces made at the moment of
    combat (a defender, 13.1.1), which would otherwise ignore the referee's mark."""
    mark = state.get(REFEREE_SUPPLY, {}).get(uid)
    u = state["units"].get(uid)
    if not mark or u is None or u.get("hex") != mark.get("hex") or mark.get("when") != _now(state):
        return None
    return {"out": "none"}.get(str(mark["status"]), str(mark["status"]))


def _keep_referee_supply(state: State, marks: dict[str, Any]) -> None:
    """Marks given with ``supply`` before a ``phase`` survive the supply trace that starts the Action
    Round (13.1.1), for the units still where they were marked: a position is set up in any order."""
    for uid, mark in marks.items():
        u = state["units"].get(uid)
        if u is not None and u.get("hex") == mark.get("hex"):
            _mark_supply(u, str(mark.get("status")))
            # ... and stand for this round's combats too, where a defender is traced again (13.1.1).
            state.setdefault(REFEREE_SUPPLY, {})[uid] = {**mark, "when": _now(state), "kept": True}


def _activate(game: Any, state: State, args: Sequence[str]) -> None:
    rules: Rules = game.rules
    _need(args, 2, None, "activate")
    on = switch(args[-1], _usage("activate"))
    for uid in _units(rules, args[:-1], "activate"):
        if not rules.units[uid].partisan:
            raise InvalidOrder(t("{unit} is not a Partisan unit: only Partisans are active or inactive (16.1).", unit=uid), _usage("activate"))
        state["units"][uid]["active"] = on


def _control(game: Any, state: State, args: Sequence[str]) -> None:
    _need(args, 2, None, "control")
    side = _side(args[-1], allow_none=True, kind="control")
    labels = _hexes(game.rules, args[:-1], "control")
    for label in labels:
        if game.rules.place(label) is None:
            raise InvalidOrder(
                t("{hex} has no recorded control: only cities, towns, ports, fortresses, oil, VP and capital hexes have (3.0).", hex=label),
                _usage("control"),
            )
    for label in labels:
        if side is None:
            state["control"].pop(label, None)
        else:
            state["control"][label] = side


def _turn(game: Any, state: State, args: Sequence[str]) -> None:
    _need(args, 1, kind="turn")
    turn = _int(args[0], "turn")
    if not 1 <= turn <= int(state["last_turn"]):
        raise InvalidOrder(t("Turns run from 1 to {last}.", last=state["last_turn"]), _usage("turn"))
    _realign(state, int(state["turn"]), turn)
    state["turn"] = turn


def _step_name(step: tuple[str, ...]) -> str:
    if step[0] == "ar":
        return f"{step[1]} {step[2]}"
    return " ".join(step)


def _finish_opening_deal(rules: Rules, state: State, ctx: Context) -> None:
    """Leaving the optional pick of 23.1.1 (still running: no hand dealt yet), deal the opening hands (4.3)."""
    flow_stack = flow.stack(state)
    if not flow_stack or flow_stack[0].get("proc") != "setup":
        return
    n = int(rules.tables["hand"]["initial_deal"])
    for side in SIDES:
        pile = state["cards"][side]
        need = max(0, n - len(pile["hand"]))
        pile["hand"].extend(pile["deck"][:need])
        del pile["deck"][:need]
    ctx.log(t("Both players complete their opening hands."))


def _phase(game: Any, state: State, args: Sequence[str], ctx: Context) -> None:
    words = [a.casefold() for a in args]
    turn = int(state["turn"])
    plan = sequence.steps(turn)
    if not words:
        raise InvalidOrder(t("Wrong number of arguments."), _usage("phase"))
    if words[0] in SIDES:
        _need(words, 2, kind="phase")
        ar = _int(words[1][2:] if words[1].startswith("ar") else words[1], "phase")
        step: tuple[str, ...] = ("ar", words[0], str(ar))
    elif words[0] in ("attrition", "replacement"):
        _need(words, 2, kind="phase")
        side = _side(words[1], kind="phase")
        assert side is not None
        step = (words[0], side)
    elif words[0] in ("start", "draw", "end"):
        _need(words, 1, kind="phase")
        step = (words[0],)
    else:
        raise InvalidOrder(t("'{word}' is not a side or a phase.", word=args[0]), _usage("phase"))
    if step not in plan:
        choices = ", ".join(_step_name(s) for s in plan)
        raise InvalidOrder(
            t("Turn {turn} has no {step}; its phases are: {choices}.", turn=turn, step=_step_name(step), choices=choices),
            _usage("phase"),
        )
    marks = {
        uid: mark
        for uid, mark in state.pop(REFEREE_SUPPLY, {}).items()
        if uid in state["units"] and _supply_of(state["units"][uid]) == mark.get("status")  # not traced again since
        and not mark.get("kept")  # carried over once already
    }
    state.pop("outcome", None)
    _finish_opening_deal(game.rules, state, ctx)
    state["round"] = {}
    if step[0] != "ar":
        state["ar"] = 5
    flow.forget_closed(state)  # the steps the engine closed before the jump are not the ones now behind
    state["flow"] = [{"proc": "turn", "i": plan.index(step)}]
    sequence.Turn().run(game, state, state["flow"][0], ctx)
    if step[0] == "ar":
        _keep_referee_supply(state, marks)


def _hand(game: Any, state: State, args: Sequence[str], ctx: Context) -> None:
    rules: Rules = game.rules
    _need(args, 1, MAX_HAND + 1, "hand")
    side = _side(args[0], kind="hand")
    assert side is not None
    words = [w for w in args[1:] if w.casefold() not in ("none", "-")]
    cards = _secret_cards(rules, side, words, "hand")
    pile = state["cards"][side]
    for cid in pile["hand"]:
        pile["deck"].append(cid)
    pile["hand"] = []
    for cid in cards:
        _take(pile, cid)
        pile["hand"].append(cid)
    ctx.log(t("The referee sets your hand: {cards}.", cards=", ".join(cards) or "-"), to=side)
    ctx.log(t("The referee sets the {side} hand ({n} cards).", side=side, n=len(cards)))


def _pile(game: Any, state: State, args: Sequence[str], ctx: Context) -> None:
    rules: Rules = game.rules
    _need(args, 3, None, "pile")
    side = _side(args[0], kind="pile")
    assert side is not None
    where = args[1].casefold()
    if where not in PILES:
        raise InvalidOrder(t("'{word}' is not a pile: {piles}.", word=args[1], piles=", ".join(PILES)), _usage("pile"))
    pile = state["cards"][side]
    if where == "deck":
        cards = _secret_cards(rules, side, args[2:], "pile")
        for cid in cards:
            _take(pile, cid)
        pile["deck"][:0] = cards  # the deck's order is no player's to know (4.3): the referee's log has it
        ctx.log(t("The referee puts {n} cards on top of the {side} deck.", side=side, n=len(cards)))
        return
    cards = [_card(rules, w, side, "pile") for w in args[2:]]
    for cid in cards:
        if rules.cards[cid].side != side:
            raise InvalidOrder(t("{card} is not a {side} card.", card=cid, side=side), _usage("pile"))
    for cid in dict.fromkeys(cards):
        _take(pile, cid)
        pile[where].append(cid)


def _event(game: Any, state: State, args: Sequence[str]) -> None:
    """Mark a card as played as an event (prerequisites, 7.6). An asterisked card leaves the game as
    when played (2.3.3: to its side's removed pile, counted for Total War, 7.6.4) unless it is in a
    hand; ``off`` undoes both (the card goes to the discard pile)."""
    rules: Rules = game.rules
    _need(args, 1, 2, "event")
    cid = _card(rules, args[0], kind="event")
    card = rules.cards[cid]
    pile = state["cards"][card.side]
    if len(args) == 2 and not switch(args[1], _usage("event")):
        state["events"].pop(cid, None)
        if card.asterisk and cid in pile["removed"]:
            pile["removed"].remove(cid)
            pile["discard"].append(cid)
            pile["events_removed"] = max(0, int(pile["events_removed"]) - 1)
        return
    state["events"][cid] = int(state["turn"])
    if card.asterisk and not any(cid in pile[key] for key in ("hand", "removed", "faceup")):
        _take(pile, cid)
        pile["removed"].append(cid)
        pile["events_removed"] = int(pile["events_removed"]) + 1


def _json_or_word(word: str) -> Any:
    try:
        return json.loads(word, parse_constant=_no_constant)
    except json.JSONDecodeError:
        return word


def _effect_value(words: Sequence[str]) -> Any:
    """The value of an effect. The console and Discord split orders at commas and spaces, so a JSON list or
    object arrives in pieces: ``[3, 2]`` as ``[3`` ``2]``. Rejoined with the commas put back; also
    ``KEY=VALUE ...`` for an object and plain words for a list."""
    if len(words) == 1:
        return _json_or_word(words[0])
    if all("=" in w for w in words):
        return {k: _json_or_word(v) for k, _, v in (w.partition("=") for w in words)}
    try:
        return json.loads(rejoin_json(words), parse_constant=_no_constant)
    except json.JSONDecodeError:
        pass
    if any(w[:1] in "[{" or w[-1:] in "]}" for w in words):
        raise InvalidOrder(t("'{value}' is not a JSON value.", value=" ".join(words)), _usage("effect"))
    return [_json_or_word(w) for w in words]


def _effect(game: Any, state: State, args: Sequence[str], ctx: Context) -> None:
    from engine.games.stalins_war import events

    _need(args, 2, None, kind="effect")
    key = args[0]
    known = set(events.EFFECT_KEYS) | set(EXTRA_EFFECT_KEYS)
    if len(args) == 2 and args[1].casefold() == "off":
        state["effects"].pop(key, None)
    else:
        state["effects"][key] = _effect_value(args[1:])
    if key not in known:
        ctx.log(t("Note: no rule reads an effect called '{key}'. Known effects: {keys}.", key=key, keys=", ".join(sorted(known))))


def _rp(game: Any, state: State, args: Sequence[str]) -> None:
    _need(args, 2, kind="rp")
    pool = next((p for p in RP_POOLS if p.casefold() == args[0].casefold()), None)
    if pool is None:
        raise InvalidOrder(t("RP pools: soviet, GE, PZ, AX."), _usage("rp"))
    state["rp"][pool] = _number(args[1])


def _counter(game: Any, state: State, kind: str, args: Sequence[str]) -> None:
    _need(args, 2, kind=kind)
    side = _side(args[0], kind=kind)
    state[kind][side] = _int(args[1], kind, 0)


def _entrench(game: Any, state: State, args: Sequence[str]) -> None:
    _need(args, 2, None, "entrench")
    side = _side(args[-1], allow_none=True, kind="entrench")
    for label in _hexes(game.rules, args[:-1], "entrench"):
        if side is None:
            state["markers"]["entrench"].pop(label, None)
        else:
            state["markers"]["entrench"][label] = side


def _listed_marker(game: Any, state: State, key: str, kind: str, args: Sequence[str]) -> None:
    _need(args, 2, None, kind)
    on = switch(args[-1], _usage(kind))
    labels: list[str] = state["markers"].setdefault(key, [])
    for label in _hexes(game.rules, args[:-1], kind):
        if on and label not in labels:
            labels.append(label)
        elif not on and label in labels:
            labels.remove(label)


def _marker(game: Any, state: State, args: Sequence[str]) -> None:
    _need(args, 3, None, "marker")
    key = args[0].casefold()
    if key == "festung":
        _listed_marker(game, state, "festung", "festung", args[1:])
        return
    if key == "entrench":
        _entrench(game, state, args[1:])
        return
    if key not in MARKERS:
        raise InvalidOrder(t("'{word}' is not a marker: {markers}.", word=args[0], markers=", ".join(MARKERS)), _usage("marker"))
    _listed_marker(game, state, key, "marker", args[1:])


def _option(game: Any, state: State, args: Sequence[str]) -> None:
    _need(args, 2, kind="option")
    options: dict[str, Any] = dict(game.options)
    name = args[0]
    if name not in options:
        raise InvalidOrder(t("No option '{name}': options are {names}.", name=name, names=", ".join(sorted(options))), _usage("option"))
    default = options[name]
    try:
        value = json.loads(args[1], parse_constant=_no_constant)
    except json.JSONDecodeError:
        value = args[1]
    if isinstance(default, bool):
        if isinstance(value, str) and value.casefold() in ON + OFF:
            value = value.casefold() in ON
        ok = isinstance(value, bool)
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, type(default))
    if not ok:
        raise InvalidOrder(
            t("Option {name} takes a value like {default}, not '{value}'.", name=name, default=json.dumps(default), value=args[1]),
            _usage("option"),
        )
    if name == "sleighride_scope":
        combat_cards.check_scope({name: value})  # ruling 50: one of its three values, as at creation
    state["options"][name] = value


def _total_war(game: Any, state: State, args: Sequence[str], ctx: Context) -> None:
    _need(args, 1, kind="totalwar")
    if not switch(args[0], _usage("totalwar")):
        raise InvalidOrder(t("Total War cannot be called off: its cards are already shuffled into the decks (rewind instead)."), _usage("totalwar"))
    if state.get("total_war"):
        raise InvalidOrder(t("Total War began in turn {turn}.", turn=state["total_war"]), _usage("totalwar"))
    from engine.games.stalins_war.handsize import start_total_war

    ctx.log(t("Total War begins (7.6.4): the Total War cards and the discards are shuffled into the decks."))
    start_total_war(state, ctx)


def _clear(game: Any, state: State, args: Sequence[str]) -> None:
    rules: Rules = game.rules
    _need(args, 0, 1, "clear")
    sides = [_side(args[0], kind="clear")] if args else list(SIDES)
    for uid, u in state["units"].items():
        if u.get("hex") and rules.units[uid].side in sides:
            _fresh(state, uid)
            u.pop("active", None)
            u.update(hex=None, box="setaside", level=0)


def apply(game: Any, state: State, override: Override, ctx: Context) -> None:
    kind, args = override.kind, override.args
    if kind == "place":
        _place(game, state, args)
    elif kind == "remove":
        _remove(game, state, args)
    elif kind == "level":
        _level(game, state, args)
    elif kind == "supply":
        _supply(game, state, args)
    elif kind == "activate":
        _activate(game, state, args)
    elif kind == "control":
        _control(game, state, args)
    elif kind == "vp":
        _need(args, 1, kind="vp")
        state["vp"] = _int(args[0], "vp")
    elif kind == "turn":
        _turn(game, state, args)
    elif kind == "phase":
        _phase(game, state, args, ctx)
    elif kind == "hand":
        _hand(game, state, args, ctx)
    elif kind == "pile":
        _pile(game, state, args, ctx)
    elif kind == "event":
        _event(game, state, args)
    elif kind == "effect":
        _effect(game, state, args, ctx)
    elif kind == "rp":
        _rp(game, state, args)
    elif kind in ("banked", "consec"):
        _counter(game, state, kind, args)
    elif kind == "entrench":
        _entrench(game, state, args)
    elif kind == "festung":
        _listed_marker(game, state, "festung", "festung", args)
    elif kind == "marker":
        _marker(game, state, args)
    elif kind == "option":
        _option(game, state, args)
    elif kind == "clear":
        _clear(game, state, args)
    elif kind == "totalwar":
        _total_war(game, state, args, ctx)
    elif kind == "history":
        history.set_history(game.rules, state, args)
    elif kind == "jump":
        jump.jump(game, state, args, ctx)
    else:
        raise InvalidOrder(t("Unknown referee command '{kind}'.", kind=kind), USAGE)
    # The public wording: a hand, a deck's order or which Partisan is where is never named (public_text).
    ctx.log(t("Referee: {what} ({why}).", what=public_text(game.rules, override) or override.text, why=override.reason))
    flow.stack(state)
