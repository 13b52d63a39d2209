"""Stalin's War's history of the Action Round, for a referee rebuilding a position (issue 14).

Everything it shows is already in the state (``state.py``): each unit's marks of the Action
Round (``began``: the hex it began the AR in, 8.3 and the Paulus Line of 5.1.3; ``mp`` spent;
``moved``, ``strategic`` (10.2), ``fought`` (11.1.6), ``exploited`` (12.1), ``retreated``,
``arrived`` (placed by mobilisation, 4.5.1), ``entrenching`` (10.3), all cleared when an AR
begins), the round's markers (Combat and Move markers, 7.3; hexes attacked, 11.1.6; Blitz
markers, 11.5.2; Entrenchment attempts, 10.3; enemy-ZOC hexes already paid for, 8.3) and the
cards of the round (the card played, face-up Combat Cards used and won, 7.5.5), with the plays
of the turn (RP and reinforcement rounds, 14.1.1) and the last round.

``show history`` prints it (``history``); the ``history`` override sets it (``set_history``);
position files carry it since they carry the state.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import State
from engine.games.stalins_war import parsing
from engine.games.stalins_war.model import Rules
from engine.orders import is_number, switch
from engine.text import t

#: What a unit did this Action Round, in the order of play.
DID = ("arrived", "moved", "strategic", "entrenching", "fought", "retreated", "exploited")
#: The round's hex markers by the word the override takes.
HEX_MARKS = {
    "combat": "combat_markers",
    "move": "move_markers",
    "attacked": "attacked",
    "blitz": "blitz",
    "entrench": "entrench",
    "zoc": "zoc_paid",
}
#: The round's card lists by the word the override takes.
CARD_MARKS = {"cc": "cc_used", "won": "won_cc"}
#: The round's own keys the history shows first (any other key an event set follows them).
ROUND_KEYS = ("side", "kind", "card", "step", "ops", "move_capable", "combat_capable", "no_blitz", "sea_moves")
USAGE = t(
    "Usage: history UNIT... began HEX | history UNIT... mp N | history UNIT... "
    "arrived|moved|strategic|entrenching|fought|retreated|exploited on|off | "
    "history round combat|move|attacked|blitz|entrench|zoc HEX... on|off | history round cc|won CARD... on|off | "
    "history round ops N."
)


def history(rules: Rules, state: Mapping[str, Any]) -> dict[str, Any]:
    """What the Action Round so far has done, as the referee's ``show history`` prints it."""
    rnd = dict(state.get("round") or {})
    round_out: dict[str, Any] = {key: rnd.pop(key) for key in ROUND_KEYS if key in rnd}
    round_out["markers"] = {word: list(rnd.pop(key, [])) for word, key in HEX_MARKS.items()}
    round_out["cards"] = {
        "played": round_out.get("card"),
        "combat_cards_used": list(rnd.pop("cc_used", [])),
        "combat_cards_won": list(rnd.pop("won_cc", [])),
    }
    round_out.update(sorted(rnd.items()))
    units: dict[str, Any] = {}
    for uid, u in sorted(state["units"].items()):
        if not u.get("hex"):
            continue
        began = u.get("began") or u["hex"]
        did = [key for key in DID if u.get(key)]
        if not did and began == u["hex"] and not u.get("mp"):
            continue
        entry: dict[str, Any] = {"began": began, "hex": u["hex"]}
        if did:
            entry["did"] = did
        if u.get("mp"):
            entry["mp"] = u["mp"]
        units[uid] = entry
    return {
        "turn": state["turn"],
        "ar": state["ar"],
        "phase": dict(state.get("phase") or {}),
        "round": round_out if state.get("round") else None,
        "last_round": state.get("last_round"),
        "rp_plays": state.get("rp_plays"),
        "reinf_plays": state.get("reinf_plays"),
        "units": units,
    }


def _mark(items: list[Any], names: Sequence[str], on: bool) -> None:
    for name in names:
        if on and name not in items:
            items.append(name)
        elif not on and name in items:
            items.remove(name)


def _number(word: str) -> int | float:
    """MP or OPS: a whole number or a half, never negative."""
    try:
        value = float(word)
    except ValueError:
        raise InvalidOrder(t("'{word}' is not a number.", word=word), USAGE) from None
    if not math.isfinite(value) or value < 0 or value * 2 != int(value * 2):
        raise InvalidOrder(t("'{word}' is not a whole number or a half from 0 up.", word=word), USAGE)
    return int(value) if value == int(value) else value


def _hexes(rules: Rules, words: Sequence[str]) -> list[str]:
    out = []
    for word in words:
        label = parsing.hex_arg(rules, word)
        if label is None:
            raise InvalidOrder(t("'{word}' is not a hex of the map: give a 4-digit label such as 2722 or a place name.", word=word), USAGE)
        out.append(label)
    return out


def _cards(rules: Rules, words: Sequence[str]) -> list[str]:
    out = []
    for word in words:
        cid = word.upper().lstrip("#")
        if cid not in rules.cards:
            raise InvalidOrder(t("No card '{word}': cards are SU1-SU55 and AX1-AX55.", word=word), USAGE)
        out.append(cid)
    return out


def set_history(rules: Rules, state: State, args: Sequence[str]) -> None:
    """The ``history`` override: set what the Action Round has done, as ``show history`` shows it."""
    if len(args) < 2:
        raise InvalidOrder(t("Wrong number of arguments."), USAGE)
    if args[0].casefold() == "round":
        _set_round(rules, state, args[1:])
        return
    words = list(args)
    key = next((w.casefold() for w in words if w.casefold() in (*DID, "began", "mp")), None)
    if key is None:
        raise InvalidOrder(t("Say what the units did: began, mp, or one of {marks}.", marks=", ".join(DID)), USAGE)
    at = [w.casefold() for w in words].index(key)
    unit_words, rest = words[:at], words[at + 1:]
    if not unit_words or len(rest) != 1:
        raise InvalidOrder(t("Wrong number of arguments."), USAGE)
    uids = []
    for found in parsing.canonical_words(rules, "referee", "place", unit_words):
        if found not in rules.units:
            raise InvalidOrder(t("'{word}' is not a unit.", word=found), USAGE)
        if not state["units"][found].get("hex"):
            raise InvalidOrder(t("{unit} is not on the map: place it first.", unit=found), USAGE)
        uids.append(found)
    if key == "began":
        began = _hexes(rules, rest)[0]
    elif key == "mp":
        mp = _number(rest[0])
    else:
        on = switch(rest[0], USAGE)
    for uid in uids:
        u = state["units"][uid]
        if key == "began":
            u["began"] = began
        elif key == "mp":
            u["mp"] = mp
        elif on:
            u[key] = True
        else:
            u.pop(key, None)


def _set_round(rules: Rules, state: State, args: Sequence[str]) -> None:
    rnd = state.get("round") or {}
    if not rnd:
        raise IllegalOrder(
            t("No Action Round is under way: its markers and cards exist only once its action is chosen."),
            rule="7.2",
            hint=t("Start one with 'phase SIDE AR' and the side's 'play CARD ops', then set its history."),
        )
    what = args[0].casefold()
    if what == "ops":
        if len(args) != 2:
            raise InvalidOrder(t("Wrong number of arguments."), USAGE)
        if not is_number(args[1]):
            raise InvalidOrder(t("'{word}' is not a whole number.", word=args[1]), USAGE)
        rnd["ops"] = int(args[1])
        return
    if len(args) < 3:
        raise InvalidOrder(t("Wrong number of arguments."), USAGE)
    on = switch(args[-1], USAGE)
    if what in HEX_MARKS:
        _mark(rnd.setdefault(HEX_MARKS[what], []), _hexes(rules, args[1:-1]), on)
    elif what in CARD_MARKS:
        _mark(rnd.setdefault(CARD_MARKS[what], []), _cards(rules, args[1:-1]), on)
    else:
        raise InvalidOrder(
            t("'{word}' is not a marker of the round: {marks}.", word=args[0], marks=", ".join([*HEX_MARKS, *CARD_MARKS, "ops"])),
            USAGE,
        )
