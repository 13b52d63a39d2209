"""Turning typed order lines into canonical actions: units by id or name, hexes by label or place."""

from __future__ import annotations

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action
from engine.games.caucasus.model import Rules
from engine.games.caucasus.verbs import VERBS
from engine.orders import Candidate, NameIndex, fold, is_number, match_verb, tokens
from engine.text import t

UNIT_VERBS = ("assault", "replace", "eliminate", "hq-remove", "loss", "delay", "caspian")
KEYWORDS = ("air", "fleet", "brandenburg", "ext", "strat", "->", "with", "cap")


def unit_candidates(rules: Rules) -> list[Candidate]:
    return [Candidate(uid, (spec.name,)) for uid, spec in sorted(rules.units.items())]


_INDEXES: dict[tuple[int, str], NameIndex] = {}


def unit_index(rules: Rules) -> NameIndex:
    """The units' names, folded once per rule set."""
    found = _INDEXES.get((id(rules), "unit"))
    if found is None:
        found = _INDEXES.setdefault((id(rules), "unit"), NameIndex(unit_candidates(rules)))
    return found


def place_index(rules: Rules) -> NameIndex:
    """The places' names (entry hexes aside), folded once per rule set."""
    found = _INDEXES.get((id(rules), "place"))
    if found is None:
        places = [Candidate(label, (p.name,)) for label, p in sorted(rules.board.places.items()) if p.kind != "entry"]
        found = _INDEXES.setdefault((id(rules), "place"), NameIndex(places))
    return found


def is_hex(rules: Rules, word: str) -> bool:
    return word in rules.board.grid


def hex_arg(rules: Rules, word: str) -> str:
    if word in rules.board.grid:
        return word
    if is_number(word):
        raise InvalidOrder(t("'{hex}' is not a hex of the map.", hex=word), t("Hexes are 4-digit labels such as 1231."))
    key = fold(word)
    for name, label in rules.by_name.items():
        if fold(name) == key:
            return label
    return place_index(rules).match(word, "hex or place")


def unit_arg(rules: Rules, word: str) -> str:
    return unit_index(rules).match(word, "unit")


def merge_unit_names(rules: Rules, words: list[str]) -> list[str]:
    """Join consecutive words that together name one unit ("13th Panzer Division") into its id.

    Each word starts at most four look-ups (windows of two to five words) that never suggest
    names, so the cost grows with the number of words and no faster; the words are resolved, and
    the first unknown one refused, afterwards."""
    index = unit_index(rules)
    out: list[str] = []
    i = 0
    while i < len(words):
        merged = None
        if not is_hex(rules, words[i]) and words[i].casefold() not in KEYWORDS:
            for j in range(min(len(words), i + 5), i + 1, -1):
                if any(is_hex(rules, w) or w.casefold() in KEYWORDS for w in words[i:j]):
                    continue
                found = index.find(" ".join(words[i:j]), "unit")
                if found is not None:
                    merged = (j, found)
                    break
        if merged is not None:
            out.append(merged[1])
            i = merged[0]
        else:
            out.append(words[i])
            i += 1
    return out


def parse(rules: Rules, line: str) -> Action:
    words = tokens(line)
    if not words:
        raise InvalidOrder(t("Empty order."))
    verb = match_verb(words[0], VERBS)
    args = merge_unit_names(rules, words[1:])
    syntax = VERBS[verb].syntax
    if verb in ("ready", "done"):
        if args:
            raise InvalidOrder(t("'{verb}' takes no arguments.", verb=verb))
        return Action(verb)
    if verb in UNIT_VERBS:
        if len(args) != 1:
            raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
        return Action(verb, (unit_arg(rules, args[0]),))
    if verb in ("setup", "place", "rebuild"):
        if len(args) != 2:
            raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
        return Action(verb, (unit_arg(rules, args[0]), hex_arg(rules, args[1])))
    if verb == "repl":
        if len(args) != 1:
            raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
        return Action(verb, (args[0].casefold(),))
    if verb == "move":
        return Action(verb, tuple(_units_then_hexes(rules, args, syntax, flags=("ext", "strat"))))
    if verb in ("attack", "odds"):
        return Action(verb, tuple(_attack_args(rules, args, syntax)))
    if verb == "dd":
        if len(args) == 1 and args[0].casefold() in ("none", "no", "retreat"):
            return Action(verb, ("none",))
        if not args:
            raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
        out = [unit_arg(rules, args[0])]
        rest = args[1:]
        if len(rest) == 4 and rest[0].casefold() in ("air", "fleet") and rest[2].casefold() in ("air", "fleet"):
            raise IllegalOrder(
                t(
                    "Only one support marker, Air or Fleet, may help a Determined Defence: name one of {a} and {b}.",
                    a=rest[1].casefold(), b=rest[3].casefold(),
                ),
                "10.4",
            )
        if rest:
            if len(rest) != 2 or rest[0].casefold() not in ("air", "fleet"):
                raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
            out += [rest[0].casefold(), rest[1].casefold()]
        return Action(verb, tuple(out))
    if verb == "retreat":
        if not args:
            raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
        if is_hex(rules, args[0]) or args[0].casefold() == "all":
            hexes = args[1:] if args[0].casefold() == "all" else args
            return Action(verb, ("all", *[hex_arg(rules, h) for h in hexes]))
        return Action(verb, (unit_arg(rules, args[0]), *[hex_arg(rules, h) for h in args[1:]]))
    if verb in ("rail", "train"):
        if len(args) < 2:
            raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
        return Action(verb, (unit_arg(rules, args[0]), *[hex_arg(rules, h) for h in args[1:]]))
    if verb == "advance":
        if len(args) < 2:
            raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
        return Action(verb, tuple(_units_then_hexes(rules, args, syntax, flags=())))
    if verb == "merge":
        if len(args) != 2:
            raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
        return Action(verb, (unit_arg(rules, args[0]), unit_arg(rules, args[1])))
    if verb == "flotilla":
        if len(args) == 2 and _is_unit(rules, args[0]):
            args = args[1:]
        if len(args) != 1:
            raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
        return Action(verb, (hex_arg(rules, args[0]),))
    if verb == "naval":
        if len(args) == 2:
            return Action(verb, (unit_arg(rules, args[0]), hex_arg(rules, args[1])))
        if len(args) == 4 and args[2].casefold() == "cap":
            return Action(verb, (unit_arg(rules, args[0]), hex_arg(rules, args[1]), "cap", args[3].casefold()))
        raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
    if verb == "land":
        if len(args) == 4 and args[2].casefold() == "fleet":
            return Action(verb, (unit_arg(rules, args[0]), hex_arg(rules, args[1]), "fleet", args[3].casefold()))
        raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
    if verb == "mobile":
        return Action(verb, tuple(_mobile_args(rules, args, syntax)))
    if verb == "ae":
        return Action(verb, tuple(_ae_args(rules, args, syntax)))
    if verb == "standing":
        if not args:
            raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
        if args[0].casefold() == "loss" and len(args) > 1 and args[1].casefold() != "auto":
            return Action(verb, ("loss", *[unit_arg(rules, a) for a in args[1:]]))
        return Action(verb, tuple(a.casefold() for a in args))
    raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))


def _units_then_hexes(rules: Rules, args: list[str], syntax: str, flags: tuple[str, ...]) -> list[str]:
    units: list[str] = []
    hexes: list[str] = []
    opts: list[str] = []
    for word in args:
        low = word.casefold()
        if low in flags:
            opts.append(low)
        elif is_hex(rules, word) or (units and hexes):
            hexes.append(hex_arg(rules, word))
        elif not hexes:
            try:
                units.append(unit_arg(rules, word))
            except InvalidOrder:
                if not units:
                    raise
                hexes.append(hex_arg(rules, word))
        else:
            hexes.append(hex_arg(rules, word))
    if not units or not hexes:
        raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
    return [*units, *hexes, *opts]


def _attack_args(rules: Rules, args: list[str], syntax: str) -> list[str]:
    units: list[str] = []
    target: str | None = None
    words, opts = _support(rules, args, syntax)
    for word in words:
        if target is None and (is_hex(rules, word) or (units and not _is_unit(rules, word))):
            target = hex_arg(rules, word)
        elif target is None:
            units.append(unit_arg(rules, word))
        else:
            raise InvalidOrder(t("Unexpected '{word}' after the target hex.", word=word), t("Syntax: {syntax}", syntax=syntax))
    if not units or target is None:
        raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
    return [*units, "->", target, *opts]


def _is_unit(rules: Rules, word: str) -> bool:
    return unit_index(rules).find(word, "unit") is not None


def _names_brandenburgers(rules: Rules, word: str) -> bool:
    """Whether ``word`` names the Brandenburgers by their name (``Brandenburgers``, ``Lehr``...)."""
    try:
        uid = unit_index(rules).find(word, "unit")
    except InvalidOrder:
        return False
    return uid is not None and "brandenburg" in rules.units[uid].flags


def _support(rules: Rules, args: list[str], syntax: str) -> tuple[list[str], list[str]]:
    """Split ``air M`` / ``fleet M`` / ``brandenburg`` off the end of an order's words.

    ``brandenburg`` is also the Brandenburgers' unit id: among the attacking units (before the
    target hex, or after ``with``) it names the unit; after the target or a support marker, or a
    second time, it asks for their shift (15.2)."""
    words: list[str] = []
    opts: list[str] = []
    unit_named = target_seen = in_with = False
    i = 0
    while i < len(args):
        low = args[i].casefold()
        if low == "brandenburg" and not unit_named and not opts and (in_with or not target_seen):
            words.append(args[i])
            unit_named = True
            i += 1
            continue
        if not unit_named and (in_with or not target_seen) and not is_hex(rules, args[i]):
            unit_named = _names_brandenburgers(rules, args[i])
        target_seen = target_seen or is_hex(rules, args[i]) or any(fold(n) == fold(args[i]) for n in rules.by_name)
        in_with = in_with or low == "with"
        if low in ("air", "fleet"):
            if i + 1 >= len(args):
                raise InvalidOrder(t("'{kw}' needs a marker name.", kw=low), t("Syntax: {syntax}", syntax=syntax))
            opts += [low, args[i + 1].casefold()]
            i += 2
            continue
        if low == "brandenburg":
            opts.append(low)
        else:
            words.append(args[i])
        i += 1
    return words, opts


def _mobile_args(rules: Rules, args: list[str], syntax: str) -> list[str]:
    """``mobile UNITS [PATH ...] -> TARGET [air M]``: the arrow is optional, the last hex is the target."""
    words, opts = _support(rules, args, syntax)
    units: list[str] = []
    hexes: list[str] = []
    for word in words:
        if not hexes and not is_hex(rules, word) and _is_unit(rules, word):
            units.append(unit_arg(rules, word))
        else:
            hexes.append(hex_arg(rules, word))
    if not units or not hexes:
        raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
    return [*units, *hexes[:-1], "->", hexes[-1], *opts]


def _ae_args(rules: Rules, args: list[str], syntax: str) -> list[str]:
    """``ae HEX with UNITS [support]`` (or ``ae UNITS -> HEX [support]``), stored as HEX with UNITS."""
    words, opts = _support(rules, args, syntax)
    words = [w for w in words if w.casefold() != "with"]
    target: str | None = None
    units: list[str] = []
    for word in words:
        if target is None and (is_hex(rules, word) or not _is_unit(rules, word)):
            target = hex_arg(rules, word)
        else:
            units.append(unit_arg(rules, word))
    if target is None or not units:
        raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax))
    return [target, "with", *units, *opts]
