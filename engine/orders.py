"""The text-order framework every game plugs its verbs into.

Common to all games: one order per line, several lines per message, case-insensitive verbs
with aliases, and names (units, places, cards) matched forgivingly: exact, then ignoring
case, spaces and punctuation, then a unique prefix or substring; otherwise "did you mean".
"""

from __future__ import annotations

import bisect
import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.errors import AmbiguousOrder, InvalidOrder
from engine.game import VerbInfo
from engine.text import Text, ngettext, t

_FOLD = re.compile(r"[\s\-_.'’`,/]+")


def fold(name: str) -> str:
    """A name folded for forgiving comparison: lower case, no spaces or punctuation."""
    return _FOLD.sub("", name.casefold())


# Bounds on what a player may type, in one place: a Discord message holds at most 4,000 characters,
# and no order of any game needs more than a few dozen words on one line.
MAX_MESSAGE_CHARS = 4000
MAX_LINE_CHARS = 500
MAX_NAME_CHARS = 64


def is_number(word: str) -> bool:
    """Whether ``word`` is a whole number in ASCII digits: ``str.isdigit`` also says yes to '²' and
    '①', which ``int`` refuses."""
    return word.isascii() and word.isdigit()


def number(word: str) -> int | None:
    """The whole number ``word`` writes in ASCII digits, or None."""
    return int(word) if is_number(word) else None


#: The words a referee writes for the two positions of a switch (a flag, a marker, an event).
ON = ("on", "yes", "true", "1")
OFF = ("off", "no", "false", "0")


def switch(word: str, usage: Text) -> bool:
    """Whether ``word`` sets a switch on (one of ``ON``) or off (one of ``OFF``); any other word is
    refused with ``usage``."""
    w = word.casefold()
    if w in ON:
        return True
    if w in OFF:
        return False
    raise InvalidOrder(t("'{word}' is neither on nor off.", word=word), usage)


def check_input(message: str) -> None:
    """Refuse, with the limit or the reason, a message no parser should see: too long, a line too
    long, or text that is not Unicode (a lone surrogate, from bytes that were not UTF-8)."""
    if len(message) > MAX_MESSAGE_CHARS:
        raise InvalidOrder(
            t("The message is {n} characters long; the limit is {limit}.", n=len(message), limit=MAX_MESSAGE_CHARS),
            t("Send the orders in several messages."),
        )
    for line in message.splitlines():
        if len(line) > MAX_LINE_CHARS:
            raise InvalidOrder(
                t("A line is {n} characters long; the limit is {limit} per line.", n=len(line), limit=MAX_LINE_CHARS),
                t("Give one order per line."),
            )
    if _SURROGATE.search(message):
        raise InvalidOrder(
            t("The message holds characters that are not valid text (bytes that were not UTF-8)."),
            t("Type the order again in plain text."),
        )


_SURROGATE = re.compile("[\ud800-\udfff]")


def split_lines(message: str) -> list[str]:
    """The order lines of a message: one per line, blank lines and ``#`` comments dropped."""
    out = []
    for raw in message.splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out


def tokens(line: str) -> list[str]:
    """Split an order line into words; commas and ``->`` separate words too."""
    line = line.replace("->", " ").replace(",", " ")
    return line.split()


def rejoin_json(words: Sequence[str]) -> str:
    """A JSON list or object that ``tokens`` split at its commas and spaces (``[3, 2]`` arrives as
    ``[3`` ``2]``), put back together with its commas."""
    joined = ",".join(words)
    for a, b in ((":,", ":"), ("[,", "["), ("{,", "{"), (",]", "]"), (",}", "}")):
        joined = joined.replace(a, b)
    return joined


@dataclass(frozen=True)
class Candidate:
    key: str
    names: tuple[str, ...]


class NameIndex:
    """Candidates with their names folded once, for matching words at a cost that does not grow
    with what was matched before: a dictionary look-up for exact and folded names, and one scan
    of all the names joined for a prefix or a substring. A parser may look up every word of a long
    message; ``lookups`` counts the look-ups, so that tests can bound them."""

    def __init__(self, candidates: Iterable[Candidate]) -> None:
        self.entries: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = tuple(
            (c.key, (c.key, *c.names), tuple(fold(n) for n in (c.key, *c.names))) for c in candidates
        )
        self.lookups = 0
        self._exact: dict[str, list[str]] = {}
        self._folded: dict[str, list[str]] = {}
        self._starts: list[int] = []
        self._owners: list[str] = []
        parts: list[str] = []
        pos = 0
        for key, names, folded in self.entries:
            for name, nf in zip(names, folded, strict=True):
                _add(self._exact, name, key)
                _add(self._folded, nf, key)
                self._starts.append(pos + 1)
                self._owners.append(key)
                parts.append(_SEP + nf)
                pos += 1 + len(nf)
        self._blob = "".join(parts) + _SEP

    def find(self, given: str, what: str) -> str | None:
        """The key of the one candidate that ``given`` names (exact, folded, unique prefix or
        substring), None when none does; raise when several do."""
        self.lookups += 1
        g = given.strip()
        gf = fold(g)
        if not gf:
            return None
        stages: list[list[str]] = [self._exact.get(g, []), self._folded.get(gf, [])]
        if _SEP not in gf:
            stages.append(self._occurrences(_SEP + gf, 1))
            if len(gf) >= 3:
                stages.append(self._occurrences(gf, 0))
        for hits in stages:
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                raise AmbiguousOrder(what, given, sorted(hits)[:12])
        return None

    def _occurrences(self, needle: str, shift: int) -> list[str]:
        """The keys owning a name where ``needle`` occurs, each once, in the candidates' order."""
        hits: list[str] = []
        at = self._blob.find(needle)
        while at >= 0:
            slot = bisect.bisect_right(self._starts, at + shift) - 1
            key = self._owners[slot]
            if key not in hits:
                hits.append(key)
            # The next name: each is looked at once, however often the needle occurs in it.
            nxt = self._starts[slot + 1] - 1 if slot + 1 < len(self._starts) else len(self._blob)
            at = self._blob.find(needle, max(nxt, at + 1))
        return hits

    def match(self, given: str, what: str) -> str:
        """The key of the candidate that ``given`` names, forgivingly; raise if none or several."""
        found = self.find(given, what)
        if found is not None:
            return found
        gf = fold(given)
        if not gf:
            raise InvalidOrder(t("Empty {what} name.", what=what))
        names = {nf: key for key, _, folded in self.entries for nf in folded}
        # A suggestion is only looked for among names of a similar length: the comparison costs the
        # product of the lengths, and a word of hundreds of letters resembles no name anyway.
        close = difflib.get_close_matches(gf, list(names), n=3, cutoff=0.6) if len(gf) <= MAX_NAME_CHARS else []
        suggestions = sorted({names[c] for c in close})
        if suggestions:
            raise InvalidOrder(
                t("No {what} called '{given}'.", what=what, given=given),
                t("Did you mean {names}?", names=" or ".join(suggestions)),
            )
        raise InvalidOrder(t("No {what} called '{given}'.", what=what, given=given))


_SEP = "\0"


def _add(table: dict[str, list[str]], name: str, key: str) -> None:
    keys = table.setdefault(name, [])
    if key not in keys:
        keys.append(key)


def match_name(given: str, candidates: Iterable[Candidate], what: str) -> str:
    """The key of the candidate that ``given`` names, forgivingly; raise if none or several."""
    return NameIndex(candidates).match(given, what)


def match_verb(word: str, verbs: Mapping[str, VerbInfo]) -> str:
    """The canonical verb for ``word`` (a verb name or alias, any case)."""
    w = word.casefold()
    for name, info in verbs.items():
        if w == name or w in info.aliases:
            return name
    prefixed = [name for name in verbs if name.startswith(w)]
    if len(w) >= 3 and len(prefixed) == 1:
        return prefixed[0]
    close = difflib.get_close_matches(w, list(verbs), n=3, cutoff=0.6)
    hint = (
        t("Did you mean {names}?", names=" or ".join(close))
        if close
        else t("Type 'help' for the orders you can give.")
    )
    raise InvalidOrder(t("Unknown order '{word}'.", word=word), hint)


def expect_args(verb: VerbInfo, args: Sequence[str], low: int, high: int | None = None) -> None:
    """Refuse an order with the wrong number of arguments, quoting its syntax."""
    hi = low if high is None else high
    if not (low <= len(args) <= hi):
        raise InvalidOrder(
            t("'{verb}' takes {what}.", verb=verb.name, what=_count(low, high)),
            t("Syntax: {syntax}", syntax=verb.syntax),
        )


def _count(low: int, high: int | None) -> Text:
    if high is None:
        return ngettext("{n} argument", "{n} arguments", low)
    if high >= 99:
        return t("at least {n} arguments", n=low)
    return t("{low} to {high} arguments", low=low, high=high)
