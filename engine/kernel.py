"""The kernel: a game wrapped with randomness, the log, barriers, undo, overrides and replay.

``Match`` is pure: it holds the current state and the records of everything applied, and the
application persists what it produces. Replaying a match's records from setup reproduces its
state exactly, which ``Match.replay`` checks against the hash stored with every record.

Barriers are set by the kernel, not by games: after any roll, draw or reveal, after any
referee override, and whenever the set of active roles changes. A role may take back its own
actions, one at a time, only back to the last barrier (a referee may grant one more).
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import mapoverlay, position, printed, rng, stacks
from engine.errors import IllegalOrder, InvalidOrder, InvariantViolation, OrderError
from engine.game import (
    EVERYONE,
    PUBLIC,
    REFEREE,
    Action,
    Game,
    LogEntry,
    Outcome,
    Override,
    Prompt,
    Role,
    State,
    View,
)
from engine.observation import Observation
from engine.orders import is_number, rejoin_json
from engine.outline import contents, node_at, outline, summarised
from engine.state import canonical, clone, frozen, json_kind, state_hash, thawed
from engine.text import Secret, Text, t
from engine.verbs import english_keywords

RNG_KEY = "rng"
GRANTS_KEY = "undo_grants"  # referee-granted undos per role, kept in the state so they survive restarts
FIXED_KEY = "fixed_dice"  # the referee's fixed rolls, in order: [{"value": 4, "reason": "..."}]
KERNEL_KEYS = (RNG_KEY, GRANTS_KEY, FIXED_KEY)
FOUND_KEY = "found"  # a record's data: what its order's searches found (``engine.replaying``)
MAX_FIXED_ROLLS = 50
UNDO_DEPTH = 64
MAX_AUTO_ACTIONS = 500


class ImpossibleFixedRoll(Exception):
    """A fixed roll the die being rolled cannot show (a 7 on a d6).

    Not an ``OrderError``, so no game's ``except IllegalOrder`` can swallow it: the kernel turns
    it into the ``IllegalOrder`` of the order or override that rolled, and applies nothing.
    """

    def __init__(self, value: int, sides: int, why: Text) -> None:
        super().__init__(f"fixed roll {value} on a d{sides}")
        self.value, self.sides, self.why = value, sides, why

    def refusal(self) -> IllegalOrder:
        return IllegalOrder(
            t(
                "The referee fixed the next roll at {value}, but this roll ({why}) is of a d{sides}; nothing was applied.",
                value=self.value,
                why=self.why,
                sides=self.sides,
            ),
            hint=t("The referee may clear the fixed rolls ('dice clear') and fix them again."),
        )


class KernelContext:
    """The ``Context`` a game sees: counter-based randomness and a log with visibility.

    ``fixed`` is the referee's queue of fixed rolls: each ``roll`` takes the first one instead of
    a draw, without advancing the counter, so every drawn roll keeps its draw number and can be
    checked against the seed. Shuffles and picks always draw.
    """

    def __init__(
        self,
        seed: str,
        counter: int,
        fixed: Sequence[Mapping[str, Any]] = (),
        accepted: bool = False,
        found: Mapping[str, Any] | None = None,
    ) -> None:
        self._seed = seed
        self.counter = counter
        self.fixed = [dict(f) for f in fixed]
        self.entries: list[LogEntry] = []
        self.barrier = False
        self.accepted = accepted  # replaying a record the campaign accepted (``engine.replaying``)
        # What the order's searches found when it was accepted (``engine.replaying.found``): read
        # back only while replaying the campaign's own record, written on every new record.
        self.found_before: Mapping[str, Any] = found if accepted and found else {}
        self.found: dict[str, Any] = {}
        self.asked: dict[str, int] = {}  # how often each ``replaying.recall`` name was asked

    def roll(self, sides: int, why: Text) -> int:
        if self.fixed:
            head = self.fixed[0]
            fixed = int(head["value"])
            if not 1 <= fixed <= sides:
                raise ImpossibleFixedRoll(fixed, sides, why)
            self.fixed.pop(0)
            self.entries.append(
                LogEntry(
                    t(
                        "{why}: rolled {value} (d{sides}, fixed by the referee: {reason}).",
                        why=why,
                        value=fixed,
                        sides=sides,
                        reason=str(head.get("reason", "")),
                    ),
                    EVERYONE,
                    "roll",
                )
            )
            self.barrier = True
            return fixed
        value = rng.uniform(self._seed, self.counter, sides) + 1
        self.entries.append(
            LogEntry(
                t("{why}: rolled {value} (d{sides}, draw #{n}).", why=why, value=value, sides=sides, n=self.counter),
                EVERYONE,
                "roll",
            )
        )
        self.counter += 1
        self.barrier = True
        return value

    def shuffle(self, items: Sequence[Any], why: Text) -> list[Any]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = rng.uniform(self._seed, self.counter, i + 1)
            self.counter += 1
            out[i], out[j] = out[j], out[i]
        self.entries.append(LogEntry(t("{why}: shuffled.", why=why), EVERYONE, "shuffle"))
        self.barrier = True
        return out

    def pick(self, items: Sequence[Any], why: Text) -> Any:
        if not items:
            raise ValueError("cannot pick from nothing")
        index = rng.uniform(self._seed, self.counter, len(items))
        self.counter += 1
        self.barrier = True
        return items[index]

    def log(self, text: Text, to: Role = EVERYONE) -> None:
        self.entries.append(LogEntry(text, to, "event"))

    def reveal(self, text: Text, to: Role = EVERYONE) -> None:
        self.entries.append(LogEntry(text, to, "reveal"))
        self.barrier = True


@dataclass
class Record:
    """One entry of the append-only action log."""

    seq: int
    role: Role
    kind: str  # "order", "auto", "undo", "override"
    action: Action | None = None
    override: Override | None = None
    entries: list[LogEntry] = field(default_factory=list)
    barrier: bool = False
    state_hash: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    said: Text | None = None  # how other viewers read the order (``Game.order_said``), if the game says

    @property
    def text(self) -> str:
        if self.action is not None:
            return self.action.text
        if self.override is not None:
            return self.override.text
        return self.kind

    def to_json(self) -> dict[str, Any]:
        out = {
            "seq": self.seq,
            "role": self.role,
            "kind": self.kind,
            "action": self.action.to_json() if self.action else None,
            "override": self.override.to_json() if self.override else None,
            "entries": [e.to_json() for e in self.entries],
            "barrier": self.barrier,
            "hash": self.state_hash,
            "data": self.data,
        }
        if self.said is not None:
            out["said"] = self.said.to_json()
        return out

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> Record:
        return Record(
            seq=int(d["seq"]),
            role=str(d["role"]),
            kind=str(d["kind"]),
            action=Action.from_json(d["action"]) if d.get("action") else None,
            override=Override.from_json(d["override"]) if d.get("override") else None,
            entries=[LogEntry.from_json(e) for e in d.get("entries", [])],
            barrier=bool(d.get("barrier")),
            state_hash=str(d.get("hash", "")),
            data=dict(d.get("data") or {}),
            said=Text.from_json(d["said"]) if d.get("said") else None,
        )


@dataclass(frozen=True)
class HistoryLine:
    """One record of ``history`` as one viewer reads it."""

    seq: int
    role: Role
    said: str
    entries: list[Text]


class ReplayMismatch(Exception):
    """Replaying the log did not reproduce a stored state hash."""


class Match:
    """A game in progress: current state, its records, and the operations on it."""

    def __init__(self, game: Game, scenario: str, options: Mapping[str, Any], seed: str) -> None:
        self.game = game
        self.scenario = scenario
        self.options = dict(options)
        self._seed = seed
        self.state: State = {}
        self.records: list[Record] = []
        self.setup_entries: list[LogEntry] = []
        self._undo: list[tuple[State | bytes | str | None, Record]] = []  # the state before, as JSON text after a replay
        self._trusted: str | None = None  # the stored hash a trusting replay puts on its record
        self._accepted = False  # replaying an accepted order: legality-only searches may be skipped
        self._found: Mapping[str, Any] | None = None  # the replayed record's search answers (``engine.replaying``)
        self._planned: set[int] = set()  # planned replay: orders whose invariants wait for the end (``plan_replay``)
        self._in_place: set[int] = set()  # planned replay: orders applied without a copy
        self._plan_last: int | None = None  # planned replay: the record after which the state is checked
        self._unchecked = False  # planned replay: orders applied since the invariants were last checked

    # Creation and replay ----------------------------------------------------------------------
    @classmethod
    def new(cls, game: Game, scenario: str, options: Mapping[str, Any], seed: str) -> Match:
        if scenario not in game.scenarios:
            raise InvalidOrder(
                t("Unknown scenario '{name}'.", name=scenario),
                t("Scenarios of {game}: {names}.", game=game.name, names=", ".join(game.scenarios)),
            )
        match = cls(game, scenario, options, seed)
        ctx = KernelContext(seed, 0)
        state = game.setup(scenario, match.options, ctx)
        state[RNG_KEY] = ctx.counter
        game.check_invariants(state)
        match.state = state
        match.setup_entries = [
            LogEntry(
                t("Campaign started. Seed commitment (SHA-256): {digest}.", digest=rng.seed_commitment(seed)),
                EVERYONE,
                "commit",
            ),
            *ctx.entries,
        ]
        return match

    @classmethod
    def replay(
        cls,
        game: Game,
        scenario: str,
        options: Mapping[str, Any],
        seed: str,
        records: Sequence[Record],
        on_record: Callable[[Record, str], None] | None = None,
        start: tuple[int, State] | None = None,
        check: str = "each",
        accepted: bool = False,
    ) -> Match:
        """Rebuild a match from its records, raising ``ReplayMismatch`` on a hash difference.

        ``check="each"`` hashes the state after every record and compares it with the stored
        hash (``on_record`` sees each); ``check="end"`` trusts the stored hashes on the way and
        compares only the final state, which is much faster (loading, import, timelapse).
        ``start`` (a record number and the state after it, e.g. the snapshot a campaign continued
        from after a rules upgrade) replays only the records after it. ``accepted`` says the
        records are the campaign's own, each checked when it was accepted: the game may skip the
        searches that only refuse illegal orders (``engine.replaying``); records from outside
        (an imported file, ``adjutant replay``) are replayed with every check."""
        if check not in ("each", "end"):
            raise ValueError("check is 'each' or 'end'")
        match = cls.new(game, scenario, options, seed)
        if start is not None:
            match.state = start[1]
            match.records = [r for r in records if r.seq <= start[0]]
            records = [r for r in records if r.seq > start[0]]
        match.plan_replay(records)
        for rec in records:
            got = match._replay_one(rec, trust=check == "end", accepted=accepted).state_hash
            if check == "end":
                continue
            if on_record is not None:
                on_record(rec, got)
            if rec.state_hash and got != rec.state_hash:
                raise ReplayMismatch(
                    f"record {rec.seq} ({rec.kind} {rec.text!r}): stored hash {rec.state_hash[:12]}, "
                    f"replay gives {got[:12]}"
                )
        if check == "end" and records and records[-1].state_hash:
            got = match.hash()
            if got != records[-1].state_hash:
                raise ReplayMismatch(
                    f"after record {records[-1].seq}: stored hash {records[-1].state_hash[:12]}, replay gives {got[:12]}"
                )
        return match

    def plan_replay(self, records: Sequence[Record]) -> None:
        """Prepare to replay ``records`` (in order, by ``_replay_one``) without their per-record costs.

        Replaying needs a copy of the state before a record only where undo may restore it: the
        records a later undo takes back and those still on the undo stack at the end (found by
        running the stack over the records' kinds, exactly as the kernel runs it), kept as JSON
        text. Every order applies in place on one private copy. The game's invariants, checked
        when each record was first applied, are checked again after the last record (and by each
        override), so a log that no longer fits the rules is still refused, at its end.
        """
        stack = [rec.seq for _, rec in self._undo]
        undone: set[int] = set()
        for rec in records:
            if rec.kind in ("order", "auto"):
                stack.append(rec.seq)
            elif rec.kind == "undo" and stack:
                undone.add(stack.pop())
            elif rec.kind == "override" and rec.override is not None:
                if rec.override.kind == "rewind":
                    stack.clear()
                elif rec.override.kind != "grant-undo":
                    stack.append(rec.seq)
            del stack[:-UNDO_DEPTH]
        kept = undone | set(stack)
        self._planned = {r.seq for r in records if r.kind in ("order", "auto")}
        self._in_place = self._planned - kept
        self._plan_last = records[-1].seq if records else None
        if self._planned:
            self.state = clone(self.state)  # the one copy: setup's or the caller's state is never written

    def _replay_one(self, rec: Record, trust: bool = False, accepted: bool = False) -> Record:
        """Apply a stored record again; the new record it makes (with the state's hash, or with
        ``rec``'s stored hash when ``trust``: the caller checks the state at the end). An
        ``accepted`` order is the campaign's own, checked when it was accepted (``engine.replaying``)."""
        self._trusted = rec.state_hash if trust and rec.state_hash else None
        self._accepted = accepted
        self._found = rec.data.get(FOUND_KEY) if accepted else None
        try:
            if rec.seq in self._planned:
                in_place = rec.seq in self._in_place
                self._planned.discard(rec.seq)
                self._in_place.discard(rec.seq)
                assert rec.action is not None
                out = self._apply(rec.role, rec.action, rec.kind, seq=rec.seq, in_place=in_place, deferred=True)
            elif rec.kind in ("order", "auto"):
                assert rec.action is not None
                out = self._apply(rec.role, rec.action, rec.kind, seq=rec.seq)
            elif rec.kind == "undo":
                out = self._pop_undo(rec.role, seq=rec.seq, granted=bool(rec.data.get("granted")))
            elif rec.kind == "override":
                assert rec.override is not None
                out = self._override(rec.override, seq=rec.seq, stored=rec.data)
            else:
                raise ReplayMismatch(f"unknown record kind {rec.kind!r}")
            if rec.seq == self._plan_last:
                self._plan_last = None
                if self._unchecked:
                    self._check_replayed()
            return out
        finally:
            self._trusted = None
            self._accepted = False
            self._found = None

    def _check_replayed(self) -> None:
        """The game's invariants on the state a planned replay reached (``plan_replay``), refused
        as ``_apply`` refuses them."""
        self._unchecked = False
        try:
            with self.on_map():
                self.game.check_invariants(self.state)
        except InvariantViolation as exc:
            raise IllegalOrder(t("Refused: that order would leave an impossible position: {why}", why=exc.message)) from exc

    def _stamp(self, rec: Record) -> None:
        """The state's hash on a new record (the stored one while a trusting replay runs)."""
        rec.state_hash = self._trusted or self.hash()

    # Queries --------------------------------------------------------------------------------
    def hash(self) -> str:
        return state_hash(self.state)

    def next_seq(self) -> int:
        return self.records[-1].seq + 1 if self.records else 1

    def on_map(self, state: State | None = None) -> Any:
        """A block in which the game's rules read the campaign's map (``engine.mapoverlay``): wrap
        every call into the game with a state in it."""
        return mapoverlay.bound(self.game.board, self.state if state is None else state)

    def active(self) -> frozenset[Role]:
        with self.on_map():
            return self.game.active(self.state)

    def prompt(self, role: Role) -> Prompt:
        with self.on_map():
            return self.game.prompt(self.state, role)

    def prompt_text(self, role: Role) -> Text:
        """What ``role`` is asked now, without listing every legal action when the game can say so."""
        with self.on_map():
            return self.game.prompt_text(self.state, role)

    def view(self, role: Role) -> View:
        """The raw projection for ``role`` (the map's source), with the seed commitment."""
        with self.on_map():
            return self._sealed(self.game.view(self.state, role))

    def observe(self, viewer: Role) -> Observation:
        """Everything ``viewer`` may know now (``Game.observe``): the one door out of the state."""
        with self.on_map():
            seen = self.game.observe(self.state, viewer)
        shown = dataclasses.replace(seen.map, overlay=mapoverlay.canonical(self.state.get(mapoverlay.MAP_KEY)))
        return dataclasses.replace(seen, map=shown, view=self._sealed(dict(seen.view)))

    def _sealed(self, view: View) -> View:
        view["seed_commitment"] = rng.seed_commitment(self._seed)
        if self.state.get(mapoverlay.MAP_KEY):
            view[mapoverlay.MAP_KEY] = clone(self.state[mapoverlay.MAP_KEY])
        if self.result() is not None:
            view["seed"] = self._seed
        return view

    def result(self) -> Outcome | None:
        with self.on_map():
            return self.game.result(self.state)

    def seed_if_finished(self) -> str | None:
        return self._seed if self.result() is not None else None

    def can_undo(self, role: Role) -> bool:
        if not self._undo:
            return False
        _, rec = self._undo[-1]
        if rec.role != role:
            return False
        return not rec.barrier or self._grants(self.state, role) > 0

    @staticmethod
    def _grants(state: State, role: Role) -> int:
        return int(state.get(GRANTS_KEY, {}).get(role, 0))

    # Orders ----------------------------------------------------------------------------------
    def parse(self, role: Role, line: str) -> Action:
        """The action ``line`` orders; a line with Italian keywords after its verb is read with
        them in English first ("fronte fatto" as "front done": a game that reads its arguments
        only when it applies them would otherwise take 'fatto' for one), and as typed if that fails."""
        with self.on_map():
            english = english_keywords(line)
            if english is not None:
                try:
                    return self.game.parse(self.state, role, english)
                except OrderError:
                    pass
            return self.game.parse(self.state, role, line)

    def submit(self, role: Role, line: str) -> list[Record]:
        """Parse and apply one order line, then any standing orders it triggers."""
        if self.result() is not None:
            raise IllegalOrder(t("The campaign is over: {reason}", reason=self.result().reason))  # type: ignore[union-attr]
        action = self.parse(role, line)
        return self.play(role, action)

    def play(self, role: Role, action: Action) -> list[Record]:
        """Apply one order and the standing orders it triggers, all or nothing: should a standing
        order be refused (a fixed roll its die cannot show), the order is refused with it."""
        state, count, undo = self.state, len(self.records), list(self._undo)
        try:
            records = [self._apply(role, action, "order")]
            records.extend(self._run_standing_orders())
        except OrderError:
            self.state, self._undo = state, undo
            del self.records[count:]
            raise
        return records

    def _run_standing_orders(self) -> list[Record]:
        auto = self.game.auto_action
        out: list[Record] = []
        for _ in range(MAX_AUTO_ACTIONS):
            if self.result() is not None:
                return out
            found = None
            for role in sorted(self.active()):
                with self.on_map():
                    action = auto(self.state, role)
                if action is not None:
                    found = (role, action)
                    break
            if found is None:
                return out
            out.append(self._apply(found[0], found[1], "auto"))
        raise RuntimeError("standing orders did not come to rest")

    def _apply(
        self, role: Role, action: Action, kind: str, seq: int | None = None, in_place: bool = False, deferred: bool = False
    ) -> Record:
        """Apply one action on a copy of the state, kept for undo. In a planned replay (see
        ``plan_replay``) the invariants are ``deferred`` to its end and the record writes the state
        itself: one undo can reach keeps the state before it as JSON text (cheaper to make and to
        hold than a copy, read back only by an undo), one applied ``in_place`` keeps nothing."""
        with self.on_map():
            return self._apply_on_map(role, action, kind, seq, in_place, deferred)

    def _apply_on_map(self, role: Role, action: Action, kind: str, seq: int | None, in_place: bool, deferred: bool) -> Record:
        before = self.state
        active_before = self.game.active(before)
        said = self.game.order_said(before, role, action)
        kept: State | bytes | str | None = before
        if deferred:
            kept = None if in_place else frozen(before)
            work = before
        else:
            # The copy to work on is read from the text kept for undo: the same cost as a clone,
            # and undo's stack holds up to 64 compact texts instead of 64 states of objects.
            kept = frozen(before)
            work = thawed(kept)
        ctx = KernelContext(
            self._seed, int(work.get(RNG_KEY, 0)), work.get(FIXED_KEY, ()), accepted=self._accepted, found=self._found
        )
        try:
            after = self.game.apply(work, role, action, ctx)
        except ImpossibleFixedRoll as exc:
            raise exc.refusal() from None
        after[RNG_KEY] = ctx.counter
        _keep_fixed(after, ctx.fixed)
        try:
            if deferred:
                self._unchecked = True
            else:
                self.game.check_invariants(after)
        except InvariantViolation as exc:
            # A rule the order's own checks missed: refuse it, leaving the position as it was.
            raise IllegalOrder(t("Refused: that order would leave an impossible position: {why}", why=exc.message)) from exc
        barrier = ctx.barrier or self.game.active(after) != active_before
        rec = Record(
            seq=seq if seq is not None else self.next_seq(),
            role=role,
            kind=kind,
            action=action,
            entries=ctx.entries,
            barrier=barrier,
            said=said,
            data={FOUND_KEY: ctx.found} if ctx.found else {},
        )
        self.state = after
        self._stamp(rec)
        self.records.append(rec)
        self._push_undo(kept, rec)
        return rec

    def _push_undo(self, before: State | bytes | str | None, rec: Record) -> None:
        self._undo.append((before, rec))
        if len(self._undo) > UNDO_DEPTH:
            self._undo.pop(0)

    # Undo -------------------------------------------------------------------------------------
    def undo(self, role: Role) -> Record:
        return self._pop_undo(role)

    def undoable(self) -> Record | None:
        """The record ``undo`` would take back now (whoever asks), if any."""
        return self._undo[-1][1] if self._undo else None

    def _pop_undo(self, role: Role, seq: int | None = None, granted: bool = False) -> Record:
        if not self._undo:
            raise IllegalOrder(t("There is nothing to take back."))
        before, last = self._undo[-1]
        if last.kind == "override":
            raise IllegalOrder(t("The last entry is a referee override; only the referee can rewind it."))
        if last.role != role:
            raise IllegalOrder(
                t("The last action was {who}'s, not yours; you can only take back your own.", who=last.role)
            )
        grants = self._grants(self.state, role)
        if last.barrier:
            if grants <= 0:
                raise IllegalOrder(
                    t(
                        "'{order}' cannot be taken back: a die was rolled, a card drawn or revealed, "
                        "or the turn passed to another player since. A referee may grant an undo.",
                        order=self.order_ref(last),
                    )
                )
            grants -= 1
            granted = True
        if before is None:  # never: ``plan_replay`` keeps every copy an undo of the log reaches
            raise ReplayMismatch(f"record {last.seq}: the state before it was not kept for undo")
        self._undo.pop()
        self.state = thawed(before) if isinstance(before, (bytes, str)) else clone(before)
        if grants or GRANTS_KEY in self.state:
            self.state.setdefault(GRANTS_KEY, {})[role] = grants
        rec = Record(
            seq=seq if seq is not None else self.next_seq(),
            role=role,
            kind="undo",
            entries=[LogEntry(t("{role} took back '{order}'.", role=role, order=self.order_ref(last)), EVERYONE, "undo")],
            data={"undone": last.seq, "granted": granted},
        )
        self._stamp(rec)
        self.records.append(rec)
        return rec

    def order_text(self, rec: Record, viewer: Role) -> str:
        """How ``viewer`` reads a record's order or override: whole for its own player and the
        referee, as the game projects it for everybody else (a picked card stays secret)."""
        if rec.override is not None:
            return self.override_text(rec.override, viewer)
        if rec.action is not None:
            if viewer in (rec.role, REFEREE):
                return rec.action.text
            if rec.said is not None:
                return rec.said.format(viewer=viewer)
            return self.game.order_text(rec.action, viewer)
        return rec.kind

    def order_ref(self, rec: Record) -> str | Secret:
        """The record's order as a text parameter: a ``Secret`` when other viewers read it redacted."""
        if rec.action is not None and rec.said is not None:
            return Secret(rec.text, (rec.role,) if rec.role != REFEREE else (), rec.said)
        shown = self.order_text(rec, PUBLIC)
        if shown == rec.text:
            return shown
        return Secret(rec.text, (rec.role,) if rec.role != REFEREE else (), shown)

    def public_text(self, rec: Record) -> str:
        """What everybody may read of a record's order or override."""
        return self.order_text(rec, PUBLIC)

    def override_text(self, override: Override, viewer: Role) -> str:
        """The override as ``viewer`` reads it: whole for the referee, redacted by the game for others."""
        if viewer == REFEREE:
            return override.text
        if override.kind == "restack" and override.args:
            return f"restack {override.args[0]}"  # the new order may name counters others cannot see
        return self.game.override_text(override, viewer)

    def _restack(self, work: State, args: Sequence[str], ctx: KernelContext) -> State:
        """``restack LOCATION UNIT UNIT ...``: a stack's whole new order, top first, for any game
        with ordered stacks (``Game.ordered_stacks``), within its stacking rule."""
        found = self.game.ordered_stacks(work)
        if found is None:
            raise InvalidOrder(t("{game} has no ordered stacks to reorder.", game=self.game.title))
        if len(args) < 2:
            raise InvalidOrder(t("Usage: restack LOCATION UNIT UNIT ... (the whole stack, top first) because REASON."))
        policy, units = found
        stacks.reorder(policy, work, units, args[0], list(args[1:]))
        ctx.log(t("The referee reordered the stack in {place}.", place=args[0]))
        return work

    def public_override(self, override: Override) -> str:
        """The override as the public log shows it."""
        return self.override_text(override, PUBLIC)

    def history(self, viewer: Role, count: int) -> list[HistoryLine]:
        """The last ``count`` records as ``viewer`` may read them: the order as projected for
        ``viewer`` and the log entries addressed to everybody or to ``viewer``."""
        out = []
        for rec in self.records[-count:] if count > 0 else []:
            said = "undo" if rec.kind == "undo" else self.order_text(rec, viewer)
            seen = viewer == REFEREE
            entries = [e.text for e in rec.entries if seen or e.to in (EVERYONE, viewer)]
            out.append(HistoryLine(rec.seq, rec.role, said, entries))
        return out

    def override(self, override: Override) -> Record:
        if not override.reason.strip():
            raise InvalidOrder(t("Every referee override needs a reason."), t("Add: because <reason>."))
        return self._override(override)

    def _override(self, override: Override, seq: int | None = None, stored: Mapping[str, Any] | None = None) -> Record:
        before = self.state
        work = clone(before)
        ctx = KernelContext(self._seed, int(work.get(RNG_KEY, 0)), work.get(FIXED_KEY, ()))
        data: dict[str, Any] = {}
        kind, args = override.kind, override.args
        if kind == "grant-undo":
            if len(args) != 1 or args[0] not in self.game.roles:
                raise InvalidOrder(t("Usage: grant-undo ROLE ({roles}).", roles=", ".join(self.game.roles)))
            grants = work.setdefault(GRANTS_KEY, {})
            grants[args[0]] = int(grants.get(args[0], 0)) + 1
            after = work
        elif kind == "rewind":
            if stored and "state" in stored:
                after = dict(clone(stored["state"]))
            else:
                after = self._state_at(args)
            data["state"] = clone(after)
        elif kind == "set":
            after = self._set_value(work, args)
        elif kind == "dice":
            after = self._fix_dice(work, args, override.reason, ctx)
        elif kind == "position":
            after = self._position(stored or {}, ctx)
            data["position"] = (stored or {})["position"]
        elif kind == "restack":
            after = self._restack(work, args, ctx)
        elif kind == "map":
            mapoverlay.apply(self.game.board if self.game.reads_map_overrides else None, work, args)
            after = work
        elif kind == "counter":
            printed.apply(work, args, self.game.counter_fields, self.game.counter_step_key, self._unit_id)
            after = work
        else:
            try:
                with self.on_map(work):
                    after = self.game.override(work, override, ctx)
            except ImpossibleFixedRoll as exc:
                raise exc.refusal() from None
            _keep_fixed(after, ctx.fixed)
        after[RNG_KEY] = ctx.counter if kind not in ("rewind", "position") else after.get(RNG_KEY, 0)
        try:
            check_parts(self.game, after)
            with self.on_map(after):
                self.game.check_invariants(after)
        except InvariantViolation as exc:
            raise IllegalOrder(t("Refused: {why}", why=exc.message)) from exc
        public = self.public_override(override)
        entries = [
            LogEntry(t("Referee override: {order}. Reason: {reason}", order=public, reason=override.reason), EVERYONE, "override"),
            *ctx.entries,
        ]
        if public != override.text:
            entries.insert(1, LogEntry(t("Referee override in full: {order}.", order=override.text), REFEREE, "override"))
        rec = Record(
            seq=seq if seq is not None else self.next_seq(),
            role=REFEREE,
            kind="override",
            override=override,
            entries=entries,
            barrier=True,
            data=data,
        )
        self.state = after
        self._stamp(rec)
        self.records.append(rec)
        if kind == "rewind":
            self._undo.clear()
        elif kind != "grant-undo":
            self._push_undo(before, rec)
        return rec

    def _unit_id(self, text: str) -> str:
        """The unit a referee names by id or printed name (``InvalidOrder`` if none)."""
        units = self.state.get("units")
        if isinstance(units, dict):
            if text in units:
                return text
            named = [str(uid) for uid in units if self.game.unit_label(uid).casefold() == text.casefold()]
            if len(named) == 1:
                return named[0]
        raise InvalidOrder(t("No unit {unit}.", unit=text), t("Name a unit by its id, as 'show units' lists them."))

    def load_position(self, text: str, reason: str) -> Record:
        """Replace the state by a position file's (``engine.position``): a referee override whose
        record keeps the file, so replaying the log loads it again."""
        if not reason.strip():
            raise InvalidOrder(t("Every referee override needs a reason."), t("Add: because <reason>."))
        return self._override(Override("position", (), reason), stored={"position": text})

    def _position(self, stored: Mapping[str, Any], ctx: KernelContext) -> State:
        if "position" not in stored:
            raise InvalidOrder(
                t("A position is loaded from a file, not typed."),
                t("Console: adjutant play GAME --position FILE. Discord: /ref position with the file attached."),
            )

        def setup() -> tuple[State, int]:
            setup_ctx = KernelContext(self._seed, 0)
            return self.game.setup(self.scenario, self.options, setup_ctx), setup_ctx.counter

        loaded = position.load(self.game, str(stored["position"]), self.scenario, self.options, setup, MAX_FIXED_ROLLS)
        state = loaded.state
        if loaded.undo_grants:
            state[GRANTS_KEY] = loaded.undo_grants
        ctx.log(
            t(
                "The campaign continues from a position file: {game}, scenario {scenario}; everything before it is replaced.",
                game=self.game.title,
                scenario=self.scenario,
            )
        )
        # A position stopped on a step the rules carry out by themselves (an Ops cycle's start),
        # where nobody is asked, goes on to the first step that waits for a player, drawing from
        # the position's own count and fixed rolls, as an order would (it would stall otherwise).
        played = KernelContext(self._seed, loaded.draws, loaded.fixed_rolls)
        try:
            with self.on_map(state):
                if not self.game.active(state) and self.game.result(state) is None:
                    self.game.settle(state, played)
        except ImpossibleFixedRoll as exc:
            raise exc.refusal() from None
        ctx.entries.extend(played.entries)
        state[RNG_KEY] = played.counter
        _keep_fixed(state, played.fixed)
        return state

    def export_position(self) -> str:
        """The current position as a position file (``engine.position``): everything, secrets too,
        for the referee alone."""
        state = {k: v for k, v in self.state.items() if k not in KERNEL_KEYS}
        grants = {str(k): int(v) for k, v in self.state.get(GRANTS_KEY, {}).items()}
        fixed = [dict(f) for f in self.state.get(FIXED_KEY, ())]
        setup = self.game.setup(self.scenario, self.options, KernelContext(self._seed, 0))
        units = setup.get(position.UNITS)
        return position.export(
            self.game, self.scenario, self.options, state, int(self.state.get(RNG_KEY, 0)), fixed, grants,
            setup_units=list(units) if isinstance(units, dict) else (),
        )

    def _state_at(self, args: Sequence[str]) -> State:
        if len(args) != 1 or not is_number(args[0]):
            raise InvalidOrder(t("Usage: rewind SEQ (a record number from the history; 0 = the start)."))
        target = int(args[0])
        if target >= self.next_seq():
            raise InvalidOrder(t("There is no record {n} yet.", n=target))
        replayed = Match.new(self.game, self.scenario, self.options, self._seed)
        wanted = [rec for rec in self.records if rec.seq <= target]
        replayed.plan_replay(wanted)
        for rec in wanted:
            replayed._replay_one(rec, trust=True, accepted=True)  # its hashes are not needed: only the state
        state: State = clone(replayed.state)
        return state

    def _set_value(self, state: State, args: Sequence[str]) -> State:
        """``set PATH VALUE``: replace the value at an existing path by one of the same shape.

        The new value must have the JSON type of the value it replaces (a whole number for a
        whole number - true is not one -, finite numbers only, text for text, a list of the same
        kinds of items, an object keeping every key); the game's invariants then check its range.
        """
        usage = t("Usage: set PATH VALUE, e.g. set turn 5 (the value is JSON)."), t("A list or object: set PATH [\"a\", \"b\"].")
        if len(args) < 2:
            raise InvalidOrder(*usage)
        path = args[0]
        raw = args[1] if len(args) == 2 else rejoin_json(args[1:])  # orders are split at commas too
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            if len(args) > 2:
                raise InvalidOrder(*usage) from None
            value = raw
        keys = path.split(".")
        if keys[0] in KERNEL_KEYS:
            raise IllegalOrder(
                t("The kernel's own values (the random-number counter, undo grants, fixed rolls) cannot be set."),
                hint=t("Fixed rolls: 'dice N N ...' and 'dice clear'; undo grants: 'grant-undo ROLE'."),
            )
        node: Any = state
        for depth, key in enumerate(keys[:-1]):
            if isinstance(node, list) and is_number(key) and int(key) < len(node):
                node = node[int(key)]
            elif isinstance(node, dict) and key in node:
                node = node[key]
            else:
                raise _no_key(key, keys[:depth], node)
        last = keys[-1]
        slot: int | str
        if isinstance(node, list) and is_number(last) and int(last) < len(node):
            slot = int(last)
        elif isinstance(node, dict) and last in node:
            slot = last
        else:
            raise _no_key(last, keys[:-1], node)
        misfit = _misfit(path, node[slot], value)
        if misfit is not None:
            where, expected, example = misfit
            raise InvalidOrder(
                t("'{path}' holds {expected}; the value given does not fit there.", path=where, expected=expected),
                t("For example: set {path} {example}", path=where, example=example),
            )
        node[slot] = value
        return state

    def _fix_dice(self, state: State, args: Sequence[str], reason: str, ctx: KernelContext) -> State:
        """``dice N N ...``: the next rolls, of any die, are these numbers; ``dice clear`` empties the queue.

        Each value is checked here against the largest die the game rolls, and again, when it is
        used, against the die actually rolled.
        """
        top = max(self.game.dice)
        queue = [dict(f) for f in state.get(FIXED_KEY, ())]
        if [a.casefold() for a in args] == ["clear"]:
            if not queue:
                raise IllegalOrder(t("No fixed rolls are waiting; there is nothing to clear."))
            ctx.log(t("The referee's fixed rolls are cleared: {values} will not be used.", values=_listed(queue)))
            _keep_fixed(state, [])
            return state
        if not args:
            raise InvalidOrder(
                t("Usage: dice N N ... (each a whole number from 1 to {top}), or dice clear.", top=top),
                t("'dice' alone shows the fixed rolls waiting."),
            )
        values = []
        for arg in args:
            if not (is_number(arg) and 1 <= int(arg) <= top):
                raise InvalidOrder(
                    t("'{value}' cannot be a fixed roll: give whole numbers from 1 to {top} (the largest die this game rolls is a d{top}).", value=arg, top=top),
                )
            values.append(int(arg))
        if len(queue) + len(values) > MAX_FIXED_ROLLS:
            raise InvalidOrder(t("At most {n} fixed rolls may wait at once.", n=MAX_FIXED_ROLLS))
        queue += [{"value": v, "reason": reason} for v in values]
        _keep_fixed(state, queue)
        ctx.log(
            t(
                "Fixed by the referee, the next rolls will be: {values}. Shuffles and random picks are not affected.",
                values=_listed(queue),
            )
        )
        return state

    def show(self, path: str = "") -> tuple[str, list[str]]:
        """The state, or its part at the dotted ``path``, as an outline for the referee.

        The whole state has its long top-level parts cut to one line each; their paths come back
        as the second value, so the referee can ask for each one. A part asked for by its path is
        shown whole. The game's own readings (``Game.referee_views``: ``history``...) come after the
        state's parts, one line each, and are asked for by name. Reading changes nothing and
        records nothing.
        """
        if not path.strip():
            text, cut = summarised(self.state)
            names = [name for name in self._views() if name not in self.state]
            return "\n".join([text, *(f"{name}: \u2026" for name in names)]), [*cut, *names]
        first = path.split(".")[0]
        if first not in self.state:
            views = self._views()
            name = next((v for v in views if v.casefold() == first.casefold()), None)
            if name is not None:
                return outline({path: node_at({first: views[name]}, path)}), []
        return outline({path: node_at(self.state, path)}), []

    def _views(self) -> dict[str, Any]:
        """The game's readings for ``show``: of the state, then of the state and the log."""
        entries = [e for r in self.records for e in r.entries]
        return {**self.game.referee_views(self.state), **self.game.referee_log_views(self.state, entries)}

    def fixed_rolls(self) -> list[tuple[int, str]]:
        """The referee's fixed rolls still waiting, in order: each value and its reason."""
        return [(int(f["value"]), str(f.get("reason", ""))) for f in self.state.get(FIXED_KEY, ())]

    # Export ------------------------------------------------------------------------------------
    def canonical_state(self) -> str:
        return canonical(self.state)


def check_parts(game: Game, state: State) -> None:
    """The kernel's own parts of a game's state: its map overrides and its counter values."""
    if game.board is not None and game.reads_map_overrides:
        mapoverlay.check(game.board, state.get(mapoverlay.MAP_KEY))
    elif state.get(mapoverlay.MAP_KEY):
        raise InvariantViolation(mapoverlay.NOT_READ)
    printed.check(state, game.counter_fields)


def _keep_fixed(state: State, queue: Sequence[Mapping[str, Any]]) -> None:
    """Store the queue of fixed rolls; an empty one leaves no key (the state hashes as before)."""
    if queue:
        state[FIXED_KEY] = [dict(f) for f in queue]
    else:
        state.pop(FIXED_KEY, None)


def _listed(queue: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(str(f["value"]) for f in queue)


def describe_error(exc: OrderError) -> Text:
    return exc.text()


# The shapes ``set`` accepts -------------------------------------------------------------------
def _kind_fits(old: str, new: str) -> bool:
    """Whether a value of kind ``new`` may stand where one of kind ``old`` stood.

    Null stands for an absent value of any type (a unit's hex when it is in a box), so anything
    may replace it; text (a label) may be cleared to null; a whole number is a number.
    """
    if old == "null" or old == new:
        return True
    return (old, new) in (("str", "null"), ("float", "int"))


def _misfit(path: str, old: Any, new: Any) -> tuple[str, Text, str] | None:
    """Where ``new`` does not fit in place of ``old``: the path, what it holds, an example; or None.

    The example is built from the shape only, never from the values, so a refusal announced in
    public names nothing secret.
    """
    if isinstance(new, float) and not math.isfinite(new):
        return path, _described(old if old is not None else 0.0), _example(old if old is not None else 0.0)
    if not _kind_fits(json_kind(old), json_kind(new)):
        return path, _described(old), _example(old)
    if isinstance(new, list):
        kinds = {json_kind(x) for x in old} if isinstance(old, list) else set()
        for i, item in enumerate(new):
            if kinds and not any(_kind_fits(k, json_kind(item)) for k in kinds):
                return path, _described(old), _example(old)
            inner = _misfit(f"{path}.{i}", None, item)  # numbers inside must be finite too
            if inner is not None:
                return inner
    if isinstance(new, dict):
        before = old if isinstance(old, dict) else {}
        for key in before:
            if key not in new:
                return path, _described(old), _example(old)
        for key, item in new.items():
            inner = _misfit(f"{path}.{key}", before.get(key), item)
            if inner is not None:
                return inner
    return None


def _described(value: Any) -> Text:
    kind = json_kind(value)
    if kind == "bool":
        return t("true or false")
    if kind == "int":
        return t("a whole number")
    if kind == "float":
        return t("a finite number")
    if kind == "str":
        return t("text (in double quotes)")
    if kind == "list":
        kinds = sorted({json_kind(x) for x in value})
        if len(kinds) == 1:
            return t("a list of {items}", items=_described(value[0]))
        return t("a list")
    if kind == "dict":
        keys = sorted(value)
        shown = ", ".join(keys[:8]) + (", ..." if len(keys) > 8 else "")
        return t("an object with the keys {keys}", keys=shown) if keys else t("an object")
    return t("any value")


def _example(value: Any, depth: int = 0) -> str:
    """A JSON example of ``value``'s shape with placeholder contents (no value of the state)."""
    samples = {"null": "null", "bool": "true", "int": "3", "float": "1.5", "str": '"text"'}
    kind = json_kind(value)
    if kind in samples:
        return samples[kind]
    if kind == "list":
        return "[]" if not value or depth > 1 else f"[{_example(value[0], depth + 1)}]"
    if depth > 1 or len(value) > 6:
        return "{...}"
    return "{" + ", ".join(f"{json.dumps(k)}: {_example(v, depth + 1)}" for k, v in sorted(value.items())) + "}"


def _no_key(key: str, walked: Sequence[str], node: Any) -> InvalidOrder:
    """The refusal of a 'set' path that stops at ``key``: where it stops, and what is there."""
    if walked:
        return InvalidOrder(t("There is no '{key}' in {where}.", key=key, where=".".join(walked)), contents(node))
    return InvalidOrder(t("There is no '{key}' in the state.", key=key), contents(node))
