"""Sealed simultaneous choices, written once for every game.

Several roles choose at once (combat chits, a bid, a secret allocation): each chooses in
secret, and nobody learns anything of another's choice until every role has chosen; then all
choices are revealed together. The record lives in the state, plain JSON, under
``state["sealed"][tag]``::

    {"roles": ["german", "soviet"], "choices": {"soviet": ["ambush"]},
     "salts": {"soviet": "9f..."}, "commitments": {"soviet": "3ab1..."}}

How a game uses it:

- ``open_choice(state, tag, roles)`` when the choosing starts (the tag names the occasion,
  e.g. ``"chits:3"`` for the third combat);
- ``choose(state, tag, role, choice, ctx)`` when a role's order arrives, after the game has
  checked the choice against its own rules (the module never sees the options, so it can
  never reveal the ones not chosen). It draws a salt from the kernel's randomness
  (two ``ctx.pick`` draws of 32 bits, which write nothing to any log), stores the choice and the commitment
  ``sha256(tag | role | choice | salt)``, tells everybody "ROLE has chosen" with the
  commitment, and tells the chooser alone what was sealed;
- once ``complete``, ``reveal(state, tag, ctx)`` announces every choice with its salt (so anyone
  can check the commitment) and closes the record, returning the choices.

What leaves the engine, and how (the one door):

- the public text of a choice is only the role and the commitment (``announce``);
- ``order_text(action, verbs)`` is the projection a game's ``Game.order_text`` returns for the
  sealed verbs: the verb and "(sealed)", never the arguments, for echoes, history and undo
  announcements;
- ``project(state, viewer)`` is the part of a view: who has chosen and the commitments for
  everybody, a role's own sealed choice for that role (and everything for the referee);
- ``secret_words(state)`` is the part of ``Game.secrets``: each role's sealed, unrevealed
  choice;
- a sealed choice is bound by its public commitment, so a game's ``Game.redeal`` keeps it as
  it is and deals again only what the role has not chosen (the options it held).

Pure: no clock, no ``random``; the salt comes from the kernel's counter-based draws.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.errors import IllegalOrder, InvariantViolation
from engine.game import REFEREE, Action, Context, Role, State
from engine.text import Secret, Text, joined, t

#: How a game names an item of a choice in a message (its id by default).
Namer = Callable[[str], Text | str]

SEALED_KEY = "sealed"
#: Bits of kernel randomness in each salt: a choice among few options cannot be guessed
#: from its commitment by trying them all.
SALT_BITS = 64
#: How many hex digits of the commitment the announcement shows (the whole is in the view).
SHOWN_DIGITS = 16


def _records(state: State) -> dict[str, Any]:
    records: dict[str, Any] = state.setdefault(SEALED_KEY, {})
    return records


def _record(state: State, tag: str) -> dict[str, Any]:
    record = state.get(SEALED_KEY, {}).get(tag)
    if record is None:
        raise KeyError(tag)
    found: dict[str, Any] = record
    return found


def commitment(tag: str, role: Role, choice: Sequence[str], salt: str) -> str:
    """The public commitment of a sealed choice: SHA-256 of its tag, role, choice and salt."""
    text = "|".join((tag, role, ",".join(choice), salt))
    return hashlib.sha256(text.encode()).hexdigest()


def open_choice(state: State, tag: str, roles: Sequence[Role]) -> None:
    """Start a sealed choice ``tag`` that every one of ``roles`` must make."""
    if not roles:
        raise ValueError("a sealed choice needs at least one role")
    records = _records(state)
    if tag in records:
        raise ValueError(f"sealed choice {tag!r} is already open")
    records[tag] = {"roles": sorted(set(roles)), "choices": {}, "salts": {}, "commitments": {}}


def is_open(state: State, tag: str) -> bool:
    """Whether the sealed choice ``tag`` is open (not yet revealed)."""
    return tag in state.get(SEALED_KEY, {})


def open_tags(state: State) -> list[str]:
    """Every open sealed choice, sorted."""
    return sorted(state.get(SEALED_KEY, {}))


def pending(state: State, tag: str) -> list[Role]:
    """The roles that still have to choose in ``tag``, sorted."""
    record = _record(state, tag)
    return [r for r in record["roles"] if r not in record["choices"]]


def has_chosen(state: State, tag: str, role: Role) -> bool:
    """Whether ``role`` has made its choice in ``tag`` (public: the announcement said so)."""
    return role in _record(state, tag)["choices"]


def complete(state: State, tag: str) -> bool:
    """Whether every role of ``tag`` has chosen."""
    return not pending(state, tag)


def chosen(state: State, tag: str, role: Role) -> tuple[str, ...] | None:
    """``role``'s sealed choice in ``tag`` (for that role and the referee only), or ``None``."""
    choice = _record(state, tag)["choices"].get(role)
    return None if choice is None else tuple(choice)


def announce(role: Role, digest: str) -> Text:
    """The public announcement of a sealed choice: who chose, and the commitment."""
    return t("{role} has chosen (sealed; commitment {digest}).", role=role, digest=digest[:SHOWN_DIGITS])


def choose(
    state: State, tag: str, role: Role, choice: Sequence[str], ctx: Context, rule: str = "", name: Namer | None = None
) -> str:
    """Seal ``role``'s ``choice`` (already checked by the game) in ``tag``; returns the commitment.
    ``name`` names each item in the chooser's message (by default its id).

    Everybody is told that ``role`` has chosen, with the commitment; the chooser alone is told
    what was sealed. A role chooses once: a second choice is refused without quoting either.
    """
    record = _record(state, tag)
    if role not in record["roles"]:
        raise IllegalOrder(t("{role} has no choice to make here.", role=role), rule or None)
    if role in record["choices"]:
        raise IllegalOrder(t("Your choice is already sealed; it cannot be changed."), rule or None)
    words = [str(c) for c in choice]
    salt = "".join(format(ctx.pick(range(1 << 32), t("Seal of a choice")), "08x") for _ in range(SALT_BITS // 32))
    digest = commitment(tag, role, words, salt)
    record["choices"][role] = words
    record["salts"][role] = salt
    record["commitments"][role] = digest
    ctx.log(announce(role, digest))
    ctx.log(t("You sealed: {choice}.", choice=Secret(described(words, name), (role,))), to=role)
    return digest


def described(choice: Sequence[str], name: Namer | None = None) -> Text | str:
    """A choice as a text parameter: its items (each named by ``name``, by default its id), or
    "nothing" for an empty choice."""
    if not choice:
        return t("nothing")
    if name is None:
        return ", ".join(choice)
    return joined([name(item) for item in choice], ", ")


def reveal(state: State, tag: str, ctx: Context, name: Namer | None = None) -> dict[Role, tuple[str, ...]]:
    """Reveal every choice of a complete ``tag`` together, close it, and return the choices
    (each item named by ``name`` in the announcement, by default its id).

    Each choice is announced with its salt, so anyone can recompute its commitment.
    """
    record = _record(state, tag)
    waiting = pending(state, tag)
    if waiting:
        raise ValueError(f"sealed choice {tag!r} still waits for {waiting}")
    out: dict[Role, tuple[str, ...]] = {}
    for role in record["roles"]:
        choice = tuple(record["choices"][role])
        out[role] = choice
        ctx.reveal(
            t(
                "Revealed together: {role} chose {choice} (salt {salt}; commitment {digest}).",
                role=role,
                choice=described(choice, name),
                salt=record["salts"][role],
                digest=record["commitments"][role][:SHOWN_DIGITS],
            )
        )
    close(state, tag)
    return out


def close(state: State, tag: str) -> None:
    """Drop ``tag`` without revealing anything (the occasion was cancelled: nobody learns a choice)."""
    records = state.get(SEALED_KEY, {})
    records.pop(tag, None)
    if not records:
        state.pop(SEALED_KEY, None)


# The one door ---------------------------------------------------------------------------------


def order_text(action: Action, verbs: Sequence[str]) -> str | None:
    """How a non-owner reads ``action`` when its verb is one of the sealed ``verbs``, else ``None``."""
    if action.verb in verbs:
        return f"{action.verb} (sealed)"
    return None


def project(state: State, viewer: Role) -> dict[str, Any]:
    """Every open sealed choice as ``viewer`` may see it: roles, who has chosen, the commitments,
    and the viewer's own choice (the referee sees every choice)."""
    out: dict[str, Any] = {}
    for tag in open_tags(state):
        record = _record(state, tag)
        seen: dict[str, Any] = {
            "roles": list(record["roles"]),
            "chosen": sorted(record["choices"]),
            "commitments": dict(record["commitments"]),
        }
        if viewer == REFEREE:
            seen["choices"] = {r: list(c) for r, c in record["choices"].items()}
        elif viewer in record["choices"]:
            seen["mine"] = list(record["choices"][viewer])
        out[tag] = seen
    return out


def secret_words(state: State) -> dict[Role, set[str]]:
    """For ``Game.secrets``: each role's sealed, unrevealed choices."""
    out: dict[Role, set[str]] = {}
    for tag in open_tags(state):
        for role, choice in _record(state, tag)["choices"].items():
            out.setdefault(role, set()).update(choice)
    return out


def check(state: State) -> None:
    """The invariants of every open sealed choice, for a game's ``check_invariants``."""
    for tag, record in state.get(SEALED_KEY, {}).items():
        if not isinstance(record, Mapping) or set(record) != {"roles", "choices", "salts", "commitments"}:
            raise InvariantViolation(t("The sealed choice {tag} is malformed.", tag=tag))
        for role, choice in record["choices"].items():
            if role not in record["roles"]:
                raise InvariantViolation(t("{role} sealed a choice in {tag} without being asked.", role=role, tag=tag))
            if commitment(tag, role, choice, record["salts"].get(role, "")) != record["commitments"].get(role):
                raise InvariantViolation(
                    t("{role}'s sealed choice in {tag} no longer matches its public commitment.", role=role, tag=tag)
                )
