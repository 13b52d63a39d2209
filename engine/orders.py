"""The text-order framework every game plugs its verbs into.

Common to all games: one order per line, several lines per message, case-insensitive verbs
with aliases, and names (units, places, cards) matched forgivingly: exact, then ignoring
case, spaces and punctuation, then a unique prefix or substring; otherwise "did you mean".
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.errors import AmbiguousOrder, InvalidOrder
from engine.game import VerbInfo
from engine.text import Text, t

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
    """Candidates with their names folded once, so that matching a word costs one pass over the
    names and never more (a parser may look up every word of a long message)."""

    def __init__(self, candidates: Iterable[Candidate]) -> None:
        self.entries: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = tuple(
            (c.key, (c.key, *c.names), tuple(fold(n) for n in (c.key, *c.names))) for c in candidates
        )
        self.lookups = 0

    def find(self, given: str, what: str) -> str | None:
        """The key of the one candidate that ``given`` names (exact, folded, unique prefix or
        substring), None when none does; raise when several do."""
        self.lookups += 1
        g = given.strip()
        gf = fold(g)
        if not gf:
            return None
        for stage in ("exact", "folded", "prefix", "contains"):
            hits: list[str] = []
            for key, names, folded in self.entries:
                for name, nf in zip(names, folded, strict=True):
                    if (
                        (stage == "exact" and name == g)
                        or (stage == "folded" and nf == gf)
                        or (stage == "prefix" and nf.startswith(gf))
                        or (stage == "contains" and len(gf) >= 3 and gf in nf)
                    ):
                        if key not in hits:
                            hits.append(key)
                        break
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                raise AmbiguousOrder(what, given, sorted(hits)[:12])
        return None

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
        return t("{n} argument(s)", n=low)
    if high >= 99:
        return t("at least {n} arguments", n=low)
    return t("{low} to {high} arguments", low=low, high=high)
