"""Turning typed order lines into canonical actions.

Each word becomes a canonical token: a 4-digit hex label (or a place name such as "Kiev"), a
unit id (from its id, its id without the side prefix, or its name, several words allowed:
"4th Army"), a card id ("7" after a card verb means the player's own card 7: SU7 or AX7), or a
lower-cased keyword. The procedures then validate the tokens against the rules.
"""

from __future__ import annotations

import re
import unicodedata

from engine.errors import AmbiguousOrder, InvalidOrder
from engine.game import Action
from engine.games.stalins_war.model import CARD_PREFIX, Rules
from engine.games.stalins_war.verbs import VERBS
from engine.orders import Candidate, NameIndex, fold, is_number, match_name, match_verb, tokens
from engine.text import t

UNKNOWN_WORD_HINT = t(
    "Name units by id (ge-4a, su-west-front) or name (4th Army, West Front), hexes by their 4-digit label (2722) "
    "or place name (Moscow)."
)
KEYWORDS = frozenset(
    {
        "ops", "rp", "event", "move", "pass", "with", "from", "cc", "nocc", "use", "auto", "none", "no", "yes",
        "all", "on", "off", "cancel", "axis", "soviet", "zhukov", "blitz", "confirm", "civilians",
    }
)


# How a card is played (7.2): the canonical word, and the spellings players use (Italian too).
PLAY_MODE_WORDS = {
    "ops": "ops", "op": "ops", "operations": "ops", "operazioni": "ops",
    "rp": "rp", "replacements": "rp", "replacement": "rp", "rimpiazzi": "rp",
    "event": "event", "ev": "event", "evento": "event",
}


def unit_candidates(rules: Rules) -> list[Candidate]:
    out = []
    for uid, spec in sorted(rules.units.items()):
        short = uid.split("-", 1)[1] if "-" in uid else uid
        out.append(Candidate(uid, (spec.name, short)))
    return out


_UNIT_INDEXES: dict[int, NameIndex] = {}


def unit_index(rules: Rules) -> NameIndex:
    """The units' ids, names and short ids, folded once per rule set."""
    found = _UNIT_INDEXES.get(id(rules))
    if found is None:
        found = _UNIT_INDEXES.setdefault(id(rules), NameIndex(unit_candidates(rules)))
    return found


_ORDINAL = re.compile(r"(\d+)(st|nd|rd|th)\b")


# Compass abbreviations players type for the Fronts ("sw front", "NW Front").
_ABBREVIATED = {"sw": "southwest", "nw": "northwest", "n": "north", "s": "south", "w": "west"}
_ABBREVIATIONS = re.compile(r"\b(sw|nw|n|s|w)\b(?=\s+(?:front|caucasus))")


def norm(name: str) -> str:
    """A forgiving spelling key: "46th Panzer Corps" and "46 Pz Corps" agree."""
    text = name.casefold().replace("panzer", "pz")
    text = re.sub(r"\(.*?\)", " ", text)
    text = _ABBREVIATIONS.sub(lambda m: _ABBREVIATED[m.group(1)], text)
    text = _ORDINAL.sub(r"\1", text)
    return fold(text)


_SPELLINGS: dict[int, dict[str, str]] = {}


def _units(rules: Rules) -> dict[str, str]:
    """Spellings of every unit: id, id without the side prefix, name (and their forgiving keys)."""
    cached = _SPELLINGS.get(id(rules))
    if cached is not None:
        return cached
    out: dict[str, str] = _SPELLINGS.setdefault(id(rules), {})
    for uid, spec in rules.units.items():
        out.setdefault(fold(uid), uid)
        out.setdefault(fold(spec.name), uid)
    # A short id two units share ("4a": the German and the Romanian 4th Army) names neither: it is
    # left to ``match_name``, which reports the ambiguity instead of picking one.
    shorts: dict[str, set[str]] = {}
    for uid in rules.units:
        short = uid.split("-", 1)[1] if "-" in uid else uid
        for key in (fold(short), norm(short)):
            shorts.setdefault(key, set()).add(uid)
    for key, uids in shorts.items():
        if len(uids) == 1 and key not in out:
            out[key] = next(iter(uids))
    for uid, spec in rules.units.items():
        out.setdefault(norm(spec.name), uid)
    return out


def card_arg(rules: Rules, role: str, word: str) -> str:
    w = word.upper().lstrip("#")
    if is_number(w):
        cid = CARD_PREFIX.get(role, "SU") + str(int(w))
    else:
        cid = w
    if cid in rules.cards:
        return cid
    # A card is named by its English title or by the Italian rulebook's (7.1.4).
    titles = [Candidate(c.id, (c.title, c.title_it) if c.title_it else (c.title,)) for c in rules.cards.values() if c.side == role]
    if titles:
        try:
            return match_name(word, titles, "card")
        except InvalidOrder as exc:
            raise InvalidOrder(t("'{word}' is not one of your cards.", word=word), t("Give the card's number, 1-55.")) from exc
    raise InvalidOrder(t("'{word}' is not one of your cards.", word=word), t("Give the card's number, 1-55."))


def _card_like(word: str) -> bool:
    w = word.upper().lstrip("#")
    return (is_number(w) and len(w) <= 2) or (w[:2] in ("SU", "AX") and is_number(w[2:]))


def _plain(name: str) -> str:
    """``fold`` without accents: "Königsberg" and "Konigsberg" name the same place."""
    return fold("".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)))


_PLACES: dict[int, dict[str, str]] = {}


def _places(rules: Rules) -> dict[str, str]:
    cached = _PLACES.get(id(rules))
    if cached is None:
        cached = _PLACES.setdefault(id(rules), {_plain(name): label for name, label in rules.places_by_name.items()})
    return cached


def hex_arg(rules: Rules, word: str) -> str | None:
    """A 4-digit hex label, or the hex of a one-word place name (any case, accents optional)."""
    if word in rules.board.grid:
        return word
    label = rules.places_by_name.get(word.casefold())
    return label if label is not None else _places(rules).get(_plain(word))


def _place_words(rules: Rules, rest: list[str], i: int) -> tuple[int, str] | None:
    """The longest place name starting at ``rest[i]`` ("Velikiye Luki"), as (next index, hex)."""
    places = _places(rules)
    for j in range(min(len(rest), i + 3), i, -1):
        label = places.get(_plain(" ".join(rest[i:j])))
        if label is not None:
            return j, label
    return None


def parse(rules: Rules, role: str, line: str) -> Action:
    words = tokens(line)
    if not words:
        raise InvalidOrder(t("Empty order."))
    verb = match_verb(words[0], VERBS)
    rest = words[1:]
    head: list[str] = []
    if verb == "play" and rest:
        head, rest = [card_arg(rules, role, rest[0])], rest[1:]
        if rest and rest[0].casefold() in PLAY_MODE_WORDS:
            head, rest = head + [PLAY_MODE_WORDS[rest[0].casefold()]], rest[1:]
        elif rest and rest[0].casefold() not in KEYWORDS:
            raise InvalidOrder(t("'{word}' is not a way to play a card.", word=rest[0]), t("play CARD ops | play CARD rp | play CARD event [args]"))
    elif verb == "discard":
        return Action(verb, tuple(card_arg(rules, role, w) for w in rest))
    elif verb == "pick" and rest:
        if rest[0].casefold() in ("none", "pass", "no"):
            return Action(verb, ("none",))
        head, rest = [card_arg(rules, role, rest[0])], rest[1:]
    elif verb == "zero" and len(rest) >= 2 and rest[0].casefold() == "pass":
        head, rest = ["pass", card_arg(rules, role, rest[1])], rest[2:]
    elif verb == "cc" and rest:
        first = rest[0].casefold()
        if first == "use" and len(rest) >= 2:
            head, rest = ["use", card_arg(rules, role, rest[1])], rest[2:]
        elif first in ("none", "pass", "no"):
            return Action("pass")
        else:
            head, rest = [card_arg(rules, role, rest[0])], rest[1:]
    return Action(verb, tuple(head + canonical_words(rules, role, verb, rest)))


def unit_spelled(rules: Rules, phrase: str) -> str | None:
    """The unit ``phrase`` (one or several words) spells exactly, id, name or short id, forgiving
    case, spaces, ordinals and "Panzer"; None otherwise. A dictionary look-up, never a search."""
    exact = _units(rules)
    return exact.get(fold(phrase)) or exact.get(norm(phrase))


def canonical_words(rules: Rules, role: str, verb: str, rest: list[str]) -> list[str]:
    exact = _units(rules)
    out: list[str] = []
    i = 0
    while i < len(rest):
        word = rest[i]
        low = word.casefold()
        if low in ("cc", "use") and verb in ("attack", "odds"):
            # cc [use] CARD [ARGS] [CARD [ARGS]]...: short numbers are cards, the words between their
            # arguments; "use" marks a face-up card.
            out.append(low)
            i += 1
            batch: list[str] = []
            while i < len(rest) and rest[i].casefold() not in KEYWORDS:
                word = rest[i]
                if _card_like(word):
                    out += canonical_words(rules, role, verb, batch)
                    batch = []
                    out.append(card_arg(rules, role, word))
                else:
                    batch.append(word)
                i += 1
            out += canonical_words(rules, role, verb, batch)
            continue
        if low in KEYWORDS:
            out.append(low)
            i += 1
            continue
        label = hex_arg(rules, word)
        if label is not None and is_number(word):
            out.append(label)
            i += 1
            continue
        if verb == "bank":
            if not is_number(word):
                raise InvalidOrder(t("'{word}' is not a number of banked OPS.", word=word), t("bank N, N a whole number from 0 up (18.1.1)"))
            out.append(word)
            i += 1
            continue
        found = None
        for j in range(min(len(rest), i + 5), i, -1):
            phrase = " ".join(rest[i:j])
            key = fold(phrase)
            if key in exact or norm(phrase) in exact:
                found = (j, exact.get(key) or exact[norm(phrase)])
                break
        if found is not None:
            out.append(found[1])
            i = found[0]
            continue
        place = _place_words(rules, rest, i)
        if place is not None:
            out.append(place[1])
            i = place[0]
            continue
        if verb == "choose":
            out.append(low)
            i += 1
            continue
        if is_number(word):
            raise InvalidOrder(t("'{hex}' is not a hex of the map.", hex=word), t("Hexes are 4-digit labels such as 2722 (Moscow)."))
        try:
            out.append(unit_index(rules).match(word, "unit"))
        except AmbiguousOrder:
            raise
        except InvalidOrder as exc:
            if exc.hint is not None:
                raise
            raise InvalidOrder(exc.message, UNKNOWN_WORD_HINT) from exc
        i += 1
    return out
