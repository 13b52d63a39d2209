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


def match_name(given: str, candidates: Iterable[Candidate], what: str) -> str:
    """The key of the candidate that ``given`` names, forgivingly; raise if none or several."""
    cands = list(candidates)
    g = given.strip()
    gf = fold(g)
    if not gf:
        raise InvalidOrder(t("Empty {what} name.", what=what))
    for stage in ("exact", "folded", "prefix", "contains"):
        hits: list[str] = []
        for c in cands:
            for name in (c.key, *c.names):
                nf = fold(name)
                if (
                    (stage == "exact" and name == g)
                    or (stage == "folded" and nf == gf)
                    or (stage == "prefix" and nf.startswith(gf))
                    or (stage == "contains" and len(gf) >= 3 and gf in nf)
                ):
                    if c.key not in hits:
                        hits.append(c.key)
                    break
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise AmbiguousOrder(what, given, sorted(hits)[:12])
    names = {fold(n): c.key for c in cands for n in (c.key, *c.names)}
    close = difflib.get_close_matches(gf, list(names), n=3, cutoff=0.6)
    suggestions = sorted({names[c] for c in close})
    if suggestions:
        raise InvalidOrder(
            t("No {what} called '{given}'.", what=what, given=given),
            t("Did you mean {names}?", names=" or ".join(suggestions)),
        )
    raise InvalidOrder(t("No {what} called '{given}'.", what=what, given=given))


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
