"""Component custom ids and order autocompletion, both built from the engine's legal actions.

Pure: no discord import. A component's custom id carries the campaign, the deciding role and
the first 16 hex digits of the state hash the choices were built from; a click is applied only
if the campaign is still in that state, so a click on a message from an older state is refused,
never applied. The chosen action is an index into ``match.prompt(role).actions``, which is a
function of the state, so the same hash always means the same list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

PREFIX = "adj"
TAG_LENGTH = 16
CUSTOM_ID_LIMIT = 100
CHOICE_LIMIT = 25        # autocomplete choices, select options
LABEL_LIMIT = 80         # button label
OPTION_LIMIT = 100       # select option label, autocomplete name and value

_ROLE = r"[a-z0-9][a-z0-9_-]{0,23}"
DECIDE_TEMPLATE = rf"{PREFIX}:d:(?P<cid>\d+):(?P<role>{_ROLE}):(?P<tag>[0-9a-f]{{{TAG_LENGTH}}})"
CHOICE_TEMPLATE = rf"{PREFIX}:c:(?P<cid>\d+):(?P<role>{_ROLE}):(?P<tag>[0-9a-f]{{{TAG_LENGTH}}}):(?P<index>\d+)"
SELECT_TEMPLATE = rf"{PREFIX}:s:(?P<cid>\d+):(?P<role>{_ROLE}):(?P<tag>[0-9a-f]{{{TAG_LENGTH}}})"
PRIVATE_TEMPLATE = rf"{PREFIX}:p:(?P<cid>\d+):(?P<role>{_ROLE}):(?P<token>[0-9a-z.]{{1,40}})"


class Kind(Enum):
    DECIDE = "d"   # "decide (role)": opens the role's choices privately
    CHOICE = "c"   # one legal action as a button
    SELECT = "s"   # a select menu of legal actions (the value is the index)
    PRIVATE = "p"  # a private copy of a reply that a closed DM could not take


def state_tag(state_hash: str) -> str:
    return state_hash[:TAG_LENGTH]


@dataclass(frozen=True)
class Ref:
    """What a component refers to: a campaign, a role, a state, maybe one action."""

    kind: Kind
    campaign_id: int
    role: str
    tag: str
    index: int | None = None

    @property
    def custom_id(self) -> str:
        parts = [PREFIX, self.kind.value, str(self.campaign_id), self.role, self.tag]
        if self.index is not None:
            parts.append(str(self.index))
        out = ":".join(parts)
        if len(out) > CUSTOM_ID_LIMIT:
            raise ValueError(f"custom id too long: {out!r}")
        return out

    def with_index(self, index: int) -> Ref:
        return Ref(Kind.CHOICE, self.campaign_id, self.role, self.tag, index)

    @staticmethod
    def parse(custom_id: str) -> Ref | None:
        for kind, template in (
            (Kind.DECIDE, DECIDE_TEMPLATE),
            (Kind.CHOICE, CHOICE_TEMPLATE),
            (Kind.SELECT, SELECT_TEMPLATE),
            (Kind.PRIVATE, PRIVATE_TEMPLATE),
        ):
            m = re.fullmatch(template, custom_id)
            if m:
                groups = m.groupdict()
                index = int(groups["index"]) if groups.get("index") else None
                return Ref(kind, int(groups["cid"]), groups["role"], groups.get("tag") or groups["token"], index)
        return None


def label(text: str, limit: int = LABEL_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


@dataclass(frozen=True)
class Completion:
    """One autocomplete choice: what is shown and what is put in the field."""

    name: str
    value: str


def complete(actions: Sequence[str], typed: str, limit: int = CHOICE_LIMIT) -> list[Completion]:
    """Legal actions matching what was typed; when too many, the distinct next words.

    Typing ``mo`` offers the verbs, ``move `` the units that may move, ``move 13pz `` the
    hexes it may reach: at every step the choices come from the legal-action list.
    """
    words = typed.casefold().split()
    open_word = bool(typed) and not typed[-1].isspace()
    done = words[:-1] if open_word else words
    partial = words[-1] if open_word and words else ""
    k = len(done)
    hits = []
    for action in dict.fromkeys(actions):
        low = action.casefold().split()
        if low[:k] != done or len(low) < k:
            continue
        if partial and (len(low) <= k or not low[k].startswith(partial)):
            continue
        hits.append(action)
    if not hits and words:
        hits = [a for a in dict.fromkeys(actions) if all(w in a.casefold() for w in words)]
        k = 0
    if len(hits) <= limit:
        return [Completion(label(a, OPTION_LIMIT), a[:OPTION_LIMIT]) for a in hits]
    depth = k + 1
    best: list[str] = []
    while True:
        prefixes = list(dict.fromkeys(" ".join(a.split()[:depth]) for a in hits))
        if len(prefixes) > limit:
            if not best:
                best = prefixes[:limit]
            break
        best = prefixes
        if all(len(a.split()) <= depth for a in hits):
            break
        depth += 1
    out = []
    for p in best:
        more = any(a != p and a.startswith(p + " ") for a in hits)
        out.append(Completion(label(p + (" \u2026" if more else ""), OPTION_LIMIT), p[:OPTION_LIMIT]))
    return out


def filter_names(names: Sequence[str], typed: str, limit: int = CHOICE_LIMIT) -> list[str]:
    """Names starting with ``typed`` (case-insensitive), then those containing it."""
    low = typed.casefold().strip()
    first = [n for n in names if n.casefold().startswith(low)]
    then = [n for n in names if low and low in n.casefold() and n not in first]
    return (first + then)[:limit]
