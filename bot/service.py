"""The campaign service: every use case, independent of any transport.

Discord, the local console and the tests all drive this class. It returns replies as data
(``bot.replies.Reply``) and records them in the store's outbox in the same transaction as the
action they answer; transports deliver the outbox and mark each entry delivered.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import dataclasses
import json
import logging
import re
import secrets
import sqlite3
import time
import unicodedata
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from babel import Locale, UnknownLocaleError

from bot.changes import changes_since
from bot.deadlines import Clocks, Decision, parse_policy, parse_until, stamp
from bot.i18n import SPEAKING, answering, language_of, languages, render, side_of
from bot.names import name_problem
from bot.placeholders import typed_placeholders
from bot.replies import PUBLIC, Reply
from bot.store import CampaignRow, OutboxEntry, Saved, Store
from bot.storedrecords import StoredRecord
from engine import position, registry
from engine.errors import IllegalOrder, InvalidOrder, InvariantViolation, OrderError
from engine.game import EVERYONE, REFEREE, Game, LogEntry, Override, Role, VerbInfo
from engine.kernel import Match, Record
from engine.observation import Observation
from engine.orders import check_input, number, split_lines, tokens
from engine.state import canonical, json_kind
from engine.text import Text, ngettext, t
from engine.verbs import typed_keywords, typed_syntax

#: Draws one observation (the whole map or the area of the last action): image bytes and the
#: text that describes them. Renderers read observations only, never a match's state.
Renderer = Callable[[Game, Observation, bool], "tuple[bytes, str] | None"]
HandRenderer = Callable[[Game, Observation], "tuple[bytes, str] | None"]
_Drawn = TypeVar("_Drawn")
FocusRenderer = Callable[[Game, Observation, str], "tuple[bytes, str] | None"]
OK = "\u2713"
FAIL = "\u2717"
TEAM_LIMIT = 10  # players on one seat, captain included
OPTION_DEPTH = 4  # how deeply a campaign option's value may nest (every game's options are single values)
META_VERBS = ("status", "options", "hand", "map", "history", "undo", "help", "away", "language")
#: The verbs every game answers, in Italian ('annulla' is left to the games: Stalin's War cancels
#: an event with it, so undo is 'indietro').
META_ALIASES = {
    "stato": "status", "opzioni": "options", "mano": "hand", "mappa": "map", "storia": "history",
    "aiuto": "help", "assente": "away", "lingua": "language", "indietro": "undo",
}
#: Their keywords in Italian: 'mappa intera', 'assente rientro', 'lingua predefinita'.
META_KEYWORDS = {"intera": "full", "tutta": "full", "rientro": "back", "predefinita": "default"}
SNAPSHOT_EVERY = 25  # a snapshot at the first barrier this many records after the last one
#: Campaigns kept loaded (their match, log and undo states); the least recently used beyond
#: this are dropped and rebuilt from the store when next needed (never one a step is using).
LOADED_CAMPAIGNS = 64
log = logging.getLogger("adjutant")


@dataclass(frozen=True)
class Languages:
    """Who reads which language in the campaign being answered: the channel (public replies,
    referees) reads the campaign's, each seat the one its player chose (else the campaign's)."""

    campaign: str
    seats: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def of(self, viewer: str) -> str:
        return self.seats.get(viewer, self.campaign)


#: The languages of the request in hand (set around each request about one campaign).
_LANGUAGES: contextvars.ContextVar[Languages | None] = contextvars.ContextVar("adjutant_languages", default=None)


#: Threads drawing pictures at once (the renderers' caches are safe to share between them).
DRAWING_THREADS = 2


class ServiceError(Exception):
    """A request the service refuses before reaching the engine (unknown campaign, no seat...)."""

    def __init__(self, message: Text) -> None:
        super().__init__(str(message))
        self.message = message


@dataclass
class _Owed:
    """The pictures a message of several lines owes once its last line is answered: the map
    pictures (``board``: an order changed the position; ``whole``: a game turn ended, so the
    public one is the whole map) and the hands that changed (``hands``)."""

    board: bool = False
    whole: bool = False
    hands: set[str] = field(default_factory=set)

    def nothing(self) -> bool:
        """Whether no picture is owed."""
        return not self.board and not self.whole and not self.hands


#: The pictures owed by the message being answered, by campaign: a message of several lines
#: (``CampaignService._submit``) or of several requests (``CampaignService.message``, a console's
#: paste). A context variable, so that only the task answering that message defers its pictures.
_OWED: contextvars.ContextVar[Mapping[int, _Owed] | None] = contextvars.ContextVar("adjutant_owed", default=None)


def _owed_for(campaign_id: int) -> _Owed | None:
    """What the message being answered in this task owes for ``campaign_id``, if one is."""
    return (_OWED.get() or {}).get(campaign_id)


@contextlib.contextmanager
def _owing(campaign_id: int, owed: _Owed) -> Iterator[None]:
    """Defer to ``owed`` the pictures of what is answered about ``campaign_id`` meanwhile, in this task."""
    token = _OWED.set({**(_OWED.get() or {}), campaign_id: owed})
    try:
        yield
    finally:
        _OWED.reset(token)


@dataclass(frozen=True)
class Sender:
    """Who typed: a user id, and the roles they may act for (a console holds every seat)."""

    user_id: str
    name: str = ""


class CampaignService:
    def __init__(
        self,
        store: Store,
        renderer: Renderer | None = None,
        language: str = "en",
        hand_renderer: HandRenderer | None = None,
        focus_renderer: FocusRenderer | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.focus_renderer = focus_renderer
        self.clock = clock  # the service owns time (deadlines); the engine never sees it
        self.clocks = Clocks(store)
        self.store = store
        self.renderer = renderer
        self.hand_renderer = hand_renderer
        self.language = language
        self._locks: dict[int, asyncio.Lock] = {}
        self._matches: OrderedDict[int, Match] = OrderedDict()
        self._snapped: dict[int, int] = {}  # campaign -> record of its latest snapshot
        self._sent_holdings: dict[int, dict[str, str]] = {}
        # Pictures are drawn off the event loop: a big map takes a few hundred milliseconds that
        # every other campaign (and Discord's heartbeat) would otherwise wait. Two drawing threads,
        # so one campaign's slow picture does not hold up another's (each campaign's own pictures
        # still come one at a time: its lock is held while they are drawn).
        self._drawing = ThreadPoolExecutor(max_workers=DRAWING_THREADS, thread_name_prefix="adjutant-draw")
        # A timelapse replays a whole campaign and draws a frame a turn: seconds of work, asked by
        # anyone in the channel as often as they like. On the drawing threads a few of them held
        # every other campaign's pictures, and so its orders; they have a thread of their own, and
        # one is made per campaign and language at a time (asking again meanwhile waits for it).
        self._slow = ThreadPoolExecutor(max_workers=1, thread_name_prefix="adjutant-timelapse")
        self._timelapses: dict[tuple[int, str], asyncio.Future[tuple[bytes, int] | Text]] = {}

    async def draw(self, fn: Callable[..., _Drawn], *args: Any, viewer: str = PUBLIC, language: str | None = None) -> _Drawn:
        """Run a renderer off the event loop (see ``_drawing``) and return what it drew, its
        texts in ``language`` or else ``viewer``'s (``bot.i18n.SPEAKING``, the renderers' default)."""
        context = contextvars.copy_context()
        language = language or self.language_for(viewer)

        def run() -> _Drawn:
            SPEAKING.set(language)  # in the copied context only
            return fn(*args)

        return await asyncio.get_running_loop().run_in_executor(self._drawing, context.run, run)

    async def timelapse(self, row: CampaignRow, language: str) -> tuple[bytes, int] | Text:
        """``row``'s timelapse in ``language`` (``bot.timelapse``), made on its own thread, never on
        the drawing threads; asked while the same one is being made, the answer is that one."""
        from bot.timelapse import timelapse

        key = (row.id, language)
        making = self._timelapses.get(key)
        if making is None:
            making = asyncio.ensure_future(timelapse(self.store, row, language, run=self._run_slow))
            self._timelapses[key] = making

            def forget(done: asyncio.Future[tuple[bytes, int] | Text]) -> None:
                if self._timelapses.get(key) is done:
                    del self._timelapses[key]

            making.add_done_callback(forget)
        return await asyncio.shield(making)

    async def _run_slow(self, fn: Callable[..., _Drawn], *args: Any) -> _Drawn:
        context = contextvars.copy_context()
        return await asyncio.get_running_loop().run_in_executor(self._slow, context.run, fn, *args)

    def language_for(self, viewer: str = PUBLIC) -> str:
        """The language ``viewer`` reads in the request in hand (the service's own outside one)."""
        spoken = _LANGUAGES.get()
        return self.language if spoken is None else spoken.of(viewer)

    def _(self, text: Text | str, viewer: str = PUBLIC) -> str:
        """``text`` as ``viewer`` may read it (a role, ``public`` or ``referee``), in their language."""
        return render(text, self.language_for(viewer), viewer)

    @contextlib.contextmanager
    def _speaking(self, spoken: Languages) -> Iterator[None]:
        token = _LANGUAGES.set(spoken)
        try:
            yield
        finally:
            _LANGUAGES.reset(token)

    def reading(self, language: str) -> contextlib.AbstractContextManager[None]:
        """Write everything in ``language`` meanwhile (a transport answering one user in theirs)."""
        return self._speaking(Languages(language))

    async def _languages(self, language: str, seats: Mapping[str, tuple[str, str]]) -> Languages:
        chosen = await self.store.player_languages(uid for uid, _ in seats.values())
        return Languages(language, {role: chosen[uid] for role, (uid, _) in seats.items() if uid in chosen})

    @asynccontextmanager
    async def speaking(self, row: CampaignRow) -> AsyncIterator[None]:
        """Answer a request about ``row`` in its languages: the campaign's in the channel, each
        player's own in what goes to their seat alone, an order's syntax with the verb each reader
        types (``bot.i18n.answering``). Transports wrap what they render with it."""
        spoken = await self._languages(row.language, await self.store.seats(row.id))
        with self._speaking(spoken), answering(registry.get(row.game).verbs):
            yield

    def lock(self, campaign_id: int) -> asyncio.Lock:
        return self._locks.setdefault(campaign_id, asyncio.Lock())

    @asynccontextmanager
    async def _step(self, campaign_id: int) -> AsyncIterator[None]:
        """The campaign's lock for one request that may change it.

        The engine applies a step to the cached match before the store commits it; if anything
        fails in between (replies, prompt, holdings, a picture, the commit itself, a
        cancellation), the cached match is dropped while the lock is still held, so the next
        request rebuilds it from what the database really holds.
        """
        async with self.lock(campaign_id):
            try:
                yield
            except BaseException:
                self._forget(campaign_id)
                raise

    def _forget(self, campaign_id: int) -> None:
        self._matches.pop(campaign_id, None)
        self._sent_holdings.pop(campaign_id, None)
        self._snapped.pop(campaign_id, None)

    def _keep(self, campaign_id: int, match: Match) -> None:
        """Cache ``match`` as the most recently used, dropping the least recently used campaigns
        beyond ``LOADED_CAMPAIGNS`` (except those a step holds: their lock is taken)."""
        self._matches[campaign_id] = match
        self._matches.move_to_end(campaign_id)
        for old in list(self._matches):
            if len(self._matches) <= LOADED_CAMPAIGNS:
                break
            if old != campaign_id and not self.lock(old).locked():
                self._forget(old)

    async def record_lines(
        self, row: CampaignRow, sender: Sender, text: str, role: str | None, outcome: str
    ) -> None:
        """Keep lines the engine never saw (refused before it, or the service failed on them).

        Each goes into ``messages`` in its own small transaction, so nothing typed is lost. A
        failure to record is logged and swallowed: the caller is already reporting an error.
        """
        lines = split_lines(text) or [text]
        try:
            await self.store.commit_step(row.id, [], [], messages=[(sender.user_id, role, _storable(line), outcome) for line in lines])
        except Exception:
            log.exception("campaign %s: could not record %d %s line(s)", row.id, len(lines), outcome)

    # Campaigns --------------------------------------------------------------------------------
    async def create(
        self,
        name: str,
        game_name: str,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
        channel: str | None = None,
        creator: str | None = None,
        seats: Mapping[str, tuple[str, str]] | None = None,
        position: str | None = None,
        guild: str | None = None,
        language: str | None = None,
    ) -> tuple[CampaignRow, list[Reply]]:
        """Create a campaign: its row, referee (``creator``), ``seats`` (role -> user id and name),
        the announcement with the seed commitment and the first snapshot, in one transaction.

        With ``position`` (a position file's text) the campaign starts from it: its scenario and
        options (unless given) come from the file, and loading it is the campaign's first record.
        ``guild`` is the Discord server the campaign lives in, if any.
        ``language`` is the channel's (the service's own by default), for as long as it runs.
        """
        spoken = self.language if language is None else language_of(language)
        if spoken is None:
            raise ServiceError(
                t("Unknown language '{language}'. Languages: {languages}.", language=language, languages=", ".join(languages()))
            )
        with self._speaking(await self._languages(spoken, seats or {})):
            return await self._create(name, game_name, scenario, options, seed, channel, creator, seats, position, guild, spoken)

    async def _create(
        self,
        name: str,
        game_name: str,
        scenario: str | None,
        options: Mapping[str, Any] | None,
        seed: str | None,
        channel: str | None,
        creator: str | None,
        seats: Mapping[str, tuple[str, str]] | None,
        position: str | None,
        guild: str | None,
        language: str,
    ) -> tuple[CampaignRow, list[Reply]]:
        try:
            key = registry.resolve(game_name)
        except KeyError:
            raise ServiceError(
                t("Unknown game '{name}'. Games: {games}.", name=game_name, games=", ".join(registry.names()))
            ) from None
        game = registry.get(key)
        problem = name_problem(name)
        if problem is not None:
            raise ServiceError(problem)
        if position is not None:
            head = _position_header(position)
            scenario = scenario or head.scenario
            options = {**head.options, **(options or {})}
        scenario = scenario or next(iter(game.scenarios))
        opts = dict(game.options)
        for k, v in (options or {}).items():
            if k not in game.options:
                raise ServiceError(
                    t("Unknown option '{name}'. Options of {game}: {names}.", name=k, game=key, names=", ".join(game.options) or "none")
                )
            if json_kind(v) != json_kind(game.options[k]):  # the game reads it as its default's kind
                raise ServiceError(t(
                    "Option '{name}' takes a value of the kind of its default, {name}={default}; {given} is not one.",
                    name=k, default=json.dumps(game.options[k]), given=json.dumps(v),
                ))
            opts[k] = v
        seated = {self._role(game, role): who for role, who in (seats or {}).items()}
        if await self.store.campaign(name) is not None:
            raise ServiceError(t("A campaign called '{name}' already exists.", name=name))
        seed = seed or secrets.token_hex(16)
        try:
            match = Match.new(game, scenario, opts, seed)
        except OrderError as exc:
            raise ServiceError(exc.text()) from exc
        setup_state, setup_hash = match.state, match.hash()
        records = []
        if position is not None:
            try:
                records.append(match.load_position(position, self._(t("the campaign starts from a position file"))))
            except OrderError as exc:
                raise ServiceError(exc.text()) from exc
        batch = uuid.uuid4().hex
        replies = [
            Reply(
                PUBLIC,
                self._(
                    t(
                        "Campaign '{name}' created: {title}, scenario {scenario}.",
                        name=name,
                        title=game.title,
                        scenario=scenario,
                    )
                ),
                batch=batch,
            )
        ]
        replies += self._entry_replies(match.setup_entries, batch)
        replies += self._entry_replies([e for rec in records for e in rec.entries], batch)
        seen = self._observe(game, match)
        hands, sent = await self._holdings_changes({}, game, match, batch, seen)
        replies += hands
        replies += await self._pictures(game, seen, batch)
        try:
            campaign_id = await self.store.create_campaign(
                name,
                key,
                scenario,
                opts,
                seed,
                channel,
                referees=[creator] if creator else [],
                seats=seated,
                replies=[(r.to, r.payload(), r.image) for r in replies],
                snapshot=(0, canonical(setup_state), setup_hash),
                head=self._head(game, match, records[-1].seq if records else 0),
                records=[r.to_json() for r in records],
                guild=guild,
                language=language,
            )
        except sqlite3.IntegrityError:
            # Another request created a campaign of that name since the check above.
            raise ServiceError(t("A campaign called '{name}' already exists.", name=name)) from None
        self._keep(campaign_id, match)
        self._sent_holdings[campaign_id] = sent
        self._snapped[campaign_id] = 0
        turn = game.turn(match.state)
        if turn is not None:
            await self.store.begin_turn(campaign_id, turn, records[-1].seq if records else 0, self._counters(seen[PUBLIC]))
        await self.clocks.follow(campaign_id, match.active(), self.clock())
        row = await self.store.campaign(campaign_id)
        assert row is not None
        return row, replies

    async def campaign(self, key: int | str) -> CampaignRow:
        row = await self.store.campaign(key)
        if row is None:
            raise ServiceError(t("There is no campaign '{name}'.", name=key))
        return row

    async def match(self, row: CampaignRow) -> Match:
        """The campaign's match: rebuilt from the latest snapshot and the log after it, or, after
        an upgrade of the game's rules (or a log that no longer replays), continued from the
        latest state the campaign saved (see ``_continue``)."""
        cached = self._matches.get(row.id)
        if cached is not None:
            self._matches.move_to_end(row.id)
            return cached
        game = registry.get(row.game)
        # The records the latest snapshot covers are not replayed: kept as stored, read if asked.
        covered = await self.store.snapshot_seq(row.id)
        records: list[Record] = [StoredRecord(seq, text) for seq, text in await self.store.record_texts(row.id, covered)]
        records += [Record.from_json(r) for r in await self.store.records(row.id, after=covered)]
        if row.rules_version != game.rules_version:
            match = await self._continue(row, game, records, None)
        else:
            try:
                match = await self._rebuild(row, game, records)
            except ServiceError as exc:
                match = await self._continue(row, game, records, exc.message)
        self._keep(row.id, match)
        self._sent_holdings[row.id] = self._holdings_now(game, match)
        return match

    async def _rebuild(self, row: CampaignRow, game: Game, records: list[Record]) -> Match:
        """Replay the log after the latest snapshot, checking every stored hash."""
        snap = await self.store.latest_snapshot(row.id)
        match = Match.new(game, row.scenario, row.options, row.seed)
        tail = records
        if snap is not None and snap[0] > 0:
            seq, state, digest = snap
            match.state = state
            if match.hash() != digest:
                raise ServiceError(t("Snapshot {seq} of campaign {name} is damaged.", seq=seq, name=row.name))
            match.records = [r for r in records if r.seq <= seq]
            tail = [r for r in records if r.seq > seq]
        self._snapped[row.id] = snap[0] if snap is not None else 0
        match.plan_replay(tail)  # no copy of the state per record, except where undo may go back
        for rec in tail:
            try:
                match._replay_one(rec, trust=True, accepted=True)  # the final state is checked below
            except OrderError as exc:
                # A stored order or override the current rules refuse (the engine changed since):
                # the same clear refusal as a hash mismatch, never a traceback.
                raise ServiceError(
                    t(
                        "Replaying campaign {name} diverged at record {seq} ('{order}' is now refused: {why}); refusing to continue.",
                        name=row.name, seq=rec.seq, order=match.public_text(rec), why=exc.message,
                    )
                ) from exc
        last = tail[-1] if tail else None
        if last is not None and last.state_hash and match.hash() != last.state_hash:
            raise ServiceError(
                t("Replaying campaign {name} diverged at record {seq}; refusing to continue.", name=row.name, seq=last.seq)
            )
        return match

    async def _continue(self, row: CampaignRow, game: Game, records: list[Record], diverged: Text | None) -> Match:
        """Go on from the latest state the campaign saved, under the game's current rules.

        After an upgrade of the rules (``row.rules_version`` is older) or when the log no longer
        replays (``diverged``), the campaign continues from its head (the state its last step
        left, migrated to the current state format), or, for a database written before heads
        were kept, from its latest snapshot with the records after it applied under the new
        rules as far as they go. The log is kept whole; a snapshot at the point of continuation
        lets ``adjutant replay`` check everything after it; everybody is told what changed.
        """
        last = records[-1].seq if records else 0
        head = await self.store.head(row.id)
        base = head if head is not None and head.seq == last else await self.store.saved_snapshot(row.id)
        if base is None and diverged is not None:
            raise ServiceError(diverged)
        match = Match.new(game, row.scenario, row.options, row.seed)
        start = 0
        if base is not None:
            try:
                match.state = game.migrate_state(json.loads(base.state), base.format)
                with match.on_map():
                    game.check_invariants(match.state)
            except (OrderError, InvariantViolation) as exc:
                raise ServiceError(
                    t("Campaign {name} cannot continue from record {seq}: {why}", name=row.name, seq=base.seq, why=exc.message)
                ) from exc
            start = base.seq
        match.records = [r for r in records if r.seq <= start]
        skipped: list[Record] = []
        for rec in (r for r in records if r.seq > start):
            if skipped:
                skipped.append(rec)
                continue
            try:
                match._replay_one(rec)  # under the new rules: the stored hashes are the old rules'
            except OrderError:
                skipped.append(rec)
        # The log stays whole (history, numbering); the state is where the new rules got to.
        match.records = list(records)
        head_now = self._head(game, match, last)
        old = row.rules_version
        texts = [t("Adjutant was upgraded: {game} rules version {old} → {new}.", game=game.title, old=old, new=game.rules_version)]
        if diverged is not None and old == game.rules_version:
            texts = [t("The log of campaign {name} no longer replays ({why}).", name=row.name, why=diverged)]
        texts.append(t("The campaign continues from record {seq}, as it stood; the log is kept whole.", seq=last))
        if skipped:
            texts.append(
                t("Records {first} to {last} could not be applied under the current rules; their orders stand in the log only.",
                  first=skipped[0].seq, last=skipped[-1].seq)
            )
        changes = changes_since(game, old)
        if changes:
            texts.append(t("What changed: {changes}", changes=" ".join(changes)))
        text = "\n".join(self._(x) for x in texts)
        batch = uuid.uuid4().hex
        replies = [Reply(PUBLIC, text, batch=batch), Reply(REFEREE, text, batch=batch)]
        await self.store.continue_campaign(row.id, head_now, [(r.to, r.payload(), None) for r in replies])
        self._snapped[row.id] = head_now.seq  # continuing writes a snapshot there
        log.warning("campaign %s continued from record %s under %s rules version %s (was %s)", row.id, last, game.name, game.rules_version, old)
        return match

    @staticmethod
    def _head(game: Game, match: Match, seq: int) -> Saved:
        """The state to keep as the campaign's head after record ``seq``."""
        return Saved(seq, canonical(match.state), match.hash(), game.rules_version, game.state_format)

    @staticmethod
    def _observe(game: Game, match: Match) -> dict[Role, Observation]:
        """What each viewer may know now (the public and every seat): one projection each, which
        every reply of a step reads."""
        return {viewer: match.observe(viewer) for viewer in (PUBLIC, *game.roles)}

    def _holdings_now(self, game: Game, match: Match, seen: Mapping[Role, Observation] | None = None) -> dict[str, str]:
        """Each seat's private holdings (card hands), for games whose seats hold secrets."""
        if not game.hidden_holdings:
            return {}
        seen = seen if seen is not None else self._observe(game, match)
        return {role: self._(obs.holdings, role) for role, obs in seen.items() if obs.holdings is not None}

    async def _holdings_replies(
        self, row: CampaignRow, game: Game, match: Match, batch: str, seen: Mapping[Role, Observation], owed: _Owed | None = None
    ) -> list[Reply]:
        """6.2 of Stalin's War and any hidden-hand game: a hand goes to its owner after every change
        (its picture, in a message of several lines, once after the last line: ``owed``)."""
        out, now = await self._holdings_changes(self._sent_holdings.get(row.id, {}), game, match, batch, seen, owed)
        self._sent_holdings[row.id] = now
        return out

    async def _holdings_changes(
        self, before: Mapping[str, str], game: Game, match: Match, batch: str, seen: Mapping[Role, Observation],
        owed: _Owed | None = None,
    ) -> tuple[list[Reply], dict[str, str]]:
        """The holdings replies for every seat whose holdings differ from ``before``, and the holdings now;
        a hand's picture is left ``owed`` when a message of several lines is being answered."""
        now = self._holdings_now(game, match, seen)
        out: list[Reply] = []
        for role, text in sorted(now.items()):
            if before.get(role) == text:
                continue
            out.append(Reply(role, text, batch=batch))
            if owed is not None:
                owed.hands.add(role)
            else:
                out += await self._hand_picture(game, seen[role], batch)
        return out, now

    async def _hand_picture(self, game: Game, seen: Observation, batch: str) -> list[Reply]:
        """The picture of the hand ``seen``'s viewer holds, for that viewer alone."""
        if self.hand_renderer is None:
            return []
        drawn = await self.draw(self.hand_renderer, game, seen, viewer=seen.viewer)
        return [] if drawn is None else [Reply(seen.viewer, drawn[1], image=drawn[0], batch=batch)]

    async def _owed_pictures(self, row: CampaignRow, game: Game, match: Match, owed: _Owed, batch: str) -> list[Reply]:
        """The pictures a message of several lines left owed, drawn once from the position after its
        last line (each viewer's own view: the public map, a seat's map where it shows more, a
        seat's hand) and stored as one step of the outbox after the lines' own replies."""
        if owed.nothing():
            return []
        seen = self._observe(game, match)
        out: list[Reply] = []
        try:
            for role in sorted(owed.hands):
                out += await self._hand_picture(game, seen[role], batch)
            if owed.board or owed.whole:
                out += await self._pictures(game, seen, batch, whole=owed.whole)
            if out:
                await self.store.commit_step(row.id, [], [(r.to, r.payload(), r.image) for r in out])
        except Exception:  # the orders stand, committed with their replies: only their pictures are lost
            log.exception("campaign %s: could not draw the pictures of a message of several lines", row.id)
            return []
        return out

    # Seats --------------------------------------------------------------------------------------
    async def refuse_archived(self, row: CampaignRow) -> None:
        """Raise if the campaign was ended by a referee (read afresh: the row may predate it)."""
        fresh = await self.store.campaign(row.id)
        if fresh is not None and fresh.archived:
            raise ServiceError(archived_refusal(fresh.name))

    async def join(self, row: CampaignRow, role: str, sender: Sender) -> list[Reply]:
        await self.refuse_archived(row)
        async with self.speaking(row):
            return await self._join(row, role, sender)

    async def _join(self, row: CampaignRow, role: str, sender: Sender) -> list[Reply]:
        game = registry.get(row.game)
        role = self._role(game, role)
        if sender.user_id in await self.store.observers(row.id):
            raise ServiceError(t(
                "You observe campaign {name}, and observers hold no seat. Stop observing first.",
                name=row.name,
            ))
        seats = await self.store.seats(row.id)
        if role in seats and seats[role][0] != sender.user_id:
            raise ServiceError(t(
                "The {role} seat is taken by {user}. To play it as a team, ask its captain to add you (team add).",
                role=role, user=seats[role][1] or seats[role][0],
            ))
        await self.store.set_seat(row.id, role, sender.user_id, sender.name)
        return [Reply(PUBLIC, self._(t("{user} now plays {role}.", user=sender.name or sender.user_id, role=role)))]

    async def leave(self, row: CampaignRow, role: str, sender: Sender) -> list[Reply]:
        await self.refuse_archived(row)
        async with self.speaking(row):
            return await self._leave(row, role, sender)

    async def _leave(self, row: CampaignRow, role: str, sender: Sender) -> list[Reply]:
        game = registry.get(row.game)
        role = self._role(game, role)
        seats = await self.store.seats(row.id)
        mates = (await self.store.teammates(row.id)).get(role, [])
        name = sender.name or sender.user_id
        if any(uid == sender.user_id for uid, _ in mates):
            await self.store.set_teammate(row.id, role, sender.user_id, None)
            return [Reply(PUBLIC, self._(t("{user} left the {role} team.", user=name, role=role)))]
        if seats.get(role, ("",))[0] != sender.user_id:
            raise ServiceError(t("You do not hold the {role} seat.", role=role))
        if mates:
            # The captain leaves a team: its first teammate becomes captain, the seat stays held.
            uid, mate = mates[0]
            await self.store.set_seat(row.id, role, uid, mate)
            return [Reply(PUBLIC, self._(t("{user} left the {role} seat; {captain} is now its captain.", user=name, role=role, captain=mate or uid)))]
        await self.store.set_seat(row.id, role, None)
        return [Reply(PUBLIC, self._(t("{user} left the {role} seat.", user=name, role=role)))]

    async def team(self, row: CampaignRow, role: str, sender: Sender, user_id: str, user_name: str, add: bool) -> list[Reply]:
        """The captain of ``role`` (its seat's holder) or a referee adds a teammate to the seat, or
        removes one. A teammate orders for the side and receives its private information; the
        captain's orders win a conflict (a teammate may not take back the captain's order)."""
        await self.refuse_archived(row)
        async with self.speaking(row):
            game = registry.get(row.game)
            role = self._role(game, role)
            seats = await self.store.seats(row.id)
            captain = seats.get(role)
            if captain is None:
                raise ServiceError(t("Nobody holds the {role} seat: take it first (join), then add teammates.", role=role))
            if sender.user_id != captain[0] and not await self.is_referee(row, sender.user_id):
                raise ServiceError(t("Only the captain of {role} ({captain}) or a referee may change its team.", role=role, captain=captain[1] or captain[0]))
            mates = (await self.store.teammates(row.id)).get(role, [])
            name = user_name or user_id
            if not add:
                if not any(uid == user_id for uid, _ in mates):
                    raise ServiceError(t("{user} is not in the {role} team.", user=name, role=role))
                await self.store.set_teammate(row.id, role, user_id, None)
                return [Reply(PUBLIC, self._(t("{user} is no longer in the {role} team.", user=name, role=role)))]
            if user_id == captain[0] or any(uid == user_id for uid, _ in mates):
                raise ServiceError(t("{user} already plays {role}.", user=name, role=role))
            if len(mates) + 1 >= TEAM_LIMIT:
                raise ServiceError(t("A team has at most {limit} players.", limit=TEAM_LIMIT))
            await self.store.set_teammate(row.id, role, user_id, name)
            return [Reply(PUBLIC, self._(t("{user} joins the {role} team (captain: {captain}).", user=name, role=role, captain=captain[1] or captain[0])))]

    async def observe(self, row: CampaignRow, sender: Sender, stop: bool = False) -> list[Reply]:
        """Follow the campaign as an observer (public view only, no seat), or stop observing."""
        await self.refuse_archived(row)
        name = sender.name or sender.user_id
        if stop:
            if sender.user_id not in await self.store.observers(row.id):
                raise ServiceError(t("You do not observe campaign {name}.", name=row.name))
            await self.store.set_observer(row.id, sender.user_id, None)
            return [Reply(PUBLIC, self._(t("{user} no longer observes the campaign.", user=name)))]
        seats = await self.roles_of(row, sender.user_id)
        if seats:
            raise ServiceError(t(
                "You play {roles} in campaign {name}; observers hold no seat. Leave your seat first to observe.",
                roles=", ".join(seats), name=row.name,
            ))
        await self.store.set_observer(row.id, sender.user_id, name)
        return [Reply(PUBLIC, self._(t("{user} now observes the campaign (the public view only, no seat).", user=name)))]

    def role_named(self, game: Game, role: str) -> str:
        """The role ``role`` names (in any case, or by its name in another language: "Sovietico")."""
        return self._role(game, role)

    def _role(self, game: Game, role: str) -> str:
        r = role.casefold().strip()
        if r not in game.roles and side_of(r) in game.roles:
            r = str(side_of(r))  # the side named in another language ("Asse")
        if r not in game.roles:
            raise ServiceError(t("'{role}' is not a side of {game}: {roles}.", role=role, game=game.name, roles=", ".join(game.roles)))
        return r

    async def roles_of(self, row: CampaignRow, user_id: str) -> list[str]:
        """The seats ``user_id`` plays: as their holder (captain) or as a teammate."""
        players = await self.store.players(row.id)
        return sorted(role for role, users in players.items() if user_id in users)

    async def is_referee(self, row: CampaignRow, user_id: str) -> bool:
        return user_id in await self.store.referees(row.id)

    # Orders -------------------------------------------------------------------------------------
    async def submit(
        self, row: CampaignRow, sender: Sender, message: str, role: str | None = None, private: bool = False
    ) -> list[Reply]:
        """Handle a message of one or more order lines from ``sender`` (acting as ``role``).

        Every line is recorded in ``messages``: with its step when the engine saw it, as
        'refused' when the service refused it before the engine (no seat, paused, empty), and
        as 'failed' (it and the lines after it) when the service failed on it.

        A ``private`` message (a direct message to the bot) is answered privately: its refusals
        and query answers go to ``role`` alone; an accepted order is still echoed in public, as
        the game projects it for everybody.
        """
        pending = split_lines(message) or [message]
        async with self._recording(row, sender, pending, role), self.speaking(row):
            return await self._submit(row, sender, message, role, pending, private)

    @asynccontextmanager
    async def _recording(self, row: CampaignRow, sender: Sender, pending: list[str], role: str | None) -> AsyncIterator[None]:
        """Record the lines still ``pending`` when the request ends in an error: 'refused' when the
        service refused them before the engine, 'failed' when it failed on them."""
        try:
            yield
        except ServiceError:
            await self.record_lines(row, sender, "\n".join(pending), role, "refused")
            raise
        except BaseException:
            if pending:  # none when every line was answered (a message's last pictures were cancelled)
                await self.record_lines(row, sender, "\n".join(pending), role, "failed")
            raise

    async def _submit(
        self, row: CampaignRow, sender: Sender, message: str, role: str | None, pending: list[str], private: bool
    ) -> list[Reply]:
        """Handle a message of one or more order lines from ``sender`` (acting as ``role``)."""
        _check_input(message)
        game = registry.get(row.game)
        roles = await self.roles_of(row, sender.user_id)
        if role is None:
            if not roles:
                raise ServiceError(t("You have no seat in campaign {name}. Join a side first.", name=row.name))
            if len(roles) > 1:
                raise ServiceError(t("You hold several seats ({roles}); say which one you act for.", roles=", ".join(roles)))
            role = roles[0]
        role = self._role(game, role)
        if role not in roles:
            raise ServiceError(t("Only the player of {role} may give its orders.", role=role))
        lines = split_lines(message)
        if not lines:
            raise ServiceError(t("The message holds no order."))
        asked = sum(1 for line in lines if _verb_of(line) in QUERY_VERBS)
        if asked > MAX_QUERIES:  # each may draw a picture, all under the campaign's lock
            raise ServiceError(ngettext(
                "The message asks {n} question (status, options, hand, map, history, help); at most {most} per message. Ask again in fewer lines.",
                "The message asks {n} questions (status, options, hand, map, history, help); at most {most} per message. Ask again in fewer lines.",
                asked, most=MAX_QUERIES,
            ))
        async with self._step(row.id):
            # Read inside the lock: the row the transport holds may predate a referee's pause.
            fresh = await self.store.campaign(row.id)
            if fresh is not None and fresh.archived and not all(_reads_only(line) for line in lines):
                raise ServiceError(archived_refusal(row.name))
            if fresh is not None and fresh.channel_lost and not all(_reads_only(line) for line in lines):
                raise ServiceError(t("Campaign {name} lost its channel (it was deleted): it takes no more orders.", name=row.name))
            if fresh is not None and fresh.status == "paused" and not all(_reads_only(line) for line in lines):
                raise ServiceError(t("Campaign {name} is paused by a referee.", name=row.name))
            match = await self.match(row)
            batch = uuid.uuid4().hex
            out: list[Reply] = []
            # A message of several lines gets every line's text, but the pictures once, after the
            # last (after the last of the requests, when this one is part of a longer message).
            outer = _owed_for(row.id)
            owed = _Owed() if outer is None else outer
            with _owing(row.id, owed) if outer is None and len(lines) > 1 else contextlib.nullcontext():
                for line in lines:
                    out += await self._line(row, game, match, sender, role, line, batch, private)
                    pending.pop(0)  # recorded with its step
            if outer is not None:
                return out
            return out + await self._owed_pictures(row, game, match, owed, batch)

    @asynccontextmanager
    async def message(self, row: CampaignRow) -> AsyncIterator[None]:
        """Answer the requests made meanwhile about ``row``, in this task, as one message of
        several lines (the console's lines pasted at once): each keeps its own replies, as it
        does in a message of several lines, and the pictures they owe (maps, hands, the whole
        map of a turn that ended) are drawn once, after the last, from the position then."""
        owed = _Owed()
        with _owing(row.id, owed):
            yield
        if owed.nothing():
            return
        row = await self.campaign(row.id)  # its language may have changed meanwhile
        async with self._step(row.id), self.speaking(row):
            await self._owed_pictures(row, registry.get(row.game), await self.match(row), owed, uuid.uuid4().hex)

    async def _line(
        self, row: CampaignRow, game: Game, match: Match, sender: Sender, role: Role, line: str, batch: str,
        private: bool,
    ) -> list[Reply]:
        words = tokens(line)
        verb = words[0].casefold() if words else ""
        verb = META_ALIASES.get(verb, verb)
        if verb in META_VERBS:
            return await self._meta(row, game, match, sender, role, verb, [META_KEYWORDS.get(w.casefold(), w) for w in words[1:]], line, batch, private)
        try:
            with match.on_map():
                answer = game.query(match.state, role, _named_verb(game, line))
        except OrderError as exc:
            reply = self._refused(role, line, exc, batch)
            await self._answer(row, reply, sender, role, line, "query")
            return [reply]
        if answer is not None:
            reply = Reply(role, f"{line}\n{self._(answer, role)}", batch=batch)
            await self._answer(row, reply, sender, role, line, "query")
            return [reply]
        waiting_before = match.active()
        try:
            records = match.submit(role, line)
        except OrderError as exc:
            # With hidden hands a refusal may concern what a player holds: only he reads it.
            to = self._refusal_audience(game, role, private)
            reply = self._refused(to, line, exc, batch)
            await self._answer(row, reply, sender, role, line, "refused")
            return [reply]
        return await self._commit(row, game, match, records, self._echo(match, records[0]), sender, role, line, batch, waiting_before)

    async def _answer(self, row: CampaignRow, reply: Reply, sender: Sender, role: str, line: str, outcome: str) -> None:
        """Store one reply that changes nothing (a refusal, a query's answer) with the line it answers."""
        await self.store.commit_step(row.id, [], [(reply.to, reply.payload(), None)], messages=[(sender.user_id, role, line, outcome)])

    def _refused(self, to: str, said: str, exc: OrderError, batch: str) -> Reply:
        """The refusal of ``said`` for ``to``: one line of text (the log, the console, a plain
        post) and the same ruling as data (``extra["ruling"]``: the order, the reason without
        its rule, the rule) that Discord shows as an embed with the rule number as a field."""
        ruling: dict[str, str] = {"order": said, "reason": self._(exc.ruling(), to)}
        if exc.rule:
            ruling["rule"] = exc.rule
            ruling["label"] = self._(t("Rule"), to)
        return Reply(to, f"{FAIL} {said} \u2014 {self._(exc.text(), to)}", ok=False, batch=batch, extra={"ruling": ruling})

    async def _captain_wins(self, row: CampaignRow, match: Match, role: Role, sender: Sender) -> None:
        """A teammate may not take back an order the seat's captain gave: the captain's orders win."""
        last = match.undoable()
        if last is None or last.role != role or last.kind != "order":
            return
        captain = (await self.store.seats(row.id)).get(role)
        if captain is None or captain[0] == sender.user_id or not (await self.store.teammates(row.id)).get(role):
            return
        if await self.store.giver(row.id, last.seq) == captain[0]:
            raise IllegalOrder(t(
                "'{order}' was given by {captain}, the captain of {role}: the captain's orders win, only the captain may take it back.",
                order=match.order_ref(last), captain=captain[1] or captain[0], role=role,
            ))

    def _refusal_audience(self, game: Game, role: Role, private: bool) -> str:
        """Who reads a refused order: its player alone when it came privately or seats hold
        secrets (a refusal may concern what a player holds), everybody otherwise."""
        return role if private or game.hidden_holdings else PUBLIC

    def _tick(self, rec: Record, viewer: str = PUBLIC) -> str:
        """The ✓ before an echoed order; 'referee:' (in ``viewer``'s language) before an override."""
        return f"{OK} " + self._(t("referee: "), viewer) if rec.kind == "override" else f"{OK} "

    def _echo(self, match: Match, rec: Record) -> str:
        """The public ✓ line of an accepted order or override: never the raw line typed, but the
        order as everybody may read it (a picked card or a hand set by the referee stays secret),
        its verb as the channel's language types it ('✓ muovi 3-4 1231' in an Italian campaign)."""
        said = rec.said if rec.override is None and rec.action is not None else None
        shown = match.order_text(rec, PUBLIC) if said is None else self._(said, PUBLIC)  # in the channel's language
        return self._tick(rec) + _typed_line(match.game, shown, self.language_for(PUBLIC))

    def _echo_private(self, match: Match, rec: Record, batch: str) -> list[Reply]:
        """The whole order, to its own player (or the referee), when the public echo redacted it:
        its verb as that player types it."""
        if match.order_text(rec, PUBLIC) == rec.text:
            return []
        return [Reply(rec.role, self._tick(rec, rec.role) + _typed_line(match.game, rec.text, self.language_for(rec.role)), batch=batch)]

    async def _commit(
        self,
        row: CampaignRow,
        game: Game,
        match: Match,
        records: Sequence[Record],
        headline: str,
        sender: Sender,
        role: Role,
        line: str,
        batch: str,
        waiting_before: frozenset[Role] = frozenset(),
    ) -> list[Reply]:
        entries = [e for rec in records for e in rec.entries]
        replies = [Reply(PUBLIC, headline, batch=batch)]
        replies += self._echo_private(match, records[0], batch)
        replies += self._entry_replies(entries, batch)
        outcome = match.result()
        if outcome is not None:
            replies.append(
                Reply(
                    PUBLIC,
                    self._(
                        t(
                            "The campaign is over: {reason} The seed was {seed}; every roll can now be checked.",
                            reason=outcome.reason,
                            seed=match.seed_if_finished(),
                        )
                    ),
                    batch=batch,
                )
            )
        seen = self._observe(game, match)
        owed = _owed_for(row.id)
        replies += await self._holdings_replies(row, game, match, batch, seen, owed)
        open_decisions = await self.clocks.follow(row.id, match.active() if outcome is None else (), self.clock())
        replies += self._prompt_replies(game, match, batch, waiting_before, open_decisions)
        if owed is not None:
            owed.board = True  # drawn once, after the message's last line
        else:
            replies += await self._pictures(game, seen, batch)
        snapshot = None
        last = records[-1]
        head = self._head(game, match, last.seq)
        if last.barrier and last.seq - self._snapped.get(row.id, 0) >= SNAPSHOT_EVERY:
            snapshot = (last.seq, head.state, head.state_hash)
        # Should this commit fail, the caller's ``_step`` drops the match that holds the step.
        await self.store.commit_step(
            row.id,
            [r.to_json() for r in records],
            [(r.to, r.payload(), r.image) for r in replies],
            messages=[(sender.user_id, role, line, "accepted")],
            snapshot=snapshot,
            status="finished" if outcome is not None else None,
            head=head,
        )
        if snapshot is not None:
            self._snapped[row.id] = last.seq
        replies += await self._turn_end(row, game, match, seen[PUBLIC], batch, last.seq, owed)
        return replies

    @staticmethod
    def _counters(seen: Observation) -> dict[str, Any]:
        """The counters everybody sees on the map, by id (name and hex): a turn's starting point."""
        return {u.id: [u.name, u.hex] for u in seen.map.units if not u.hidden}

    async def _turn_end(
        self, row: CampaignRow, game: Game, match: Match, public: Observation, batch: str, seq: int, owed: _Owed | None = None
    ) -> list[Reply]:
        """When a game turn has ended: a public summary of it (counters moved, arrived and gone,
        the status) with the whole map, and the new turn's starting point recorded. In a message
        of several lines (``owed``) the summary comes at once and the whole map after the last
        line, as the public picture every line owes then (one picture, of the position then)."""
        turn = game.turn(match.state)
        if turn is None:
            return []
        counters = self._counters(public)
        before = await self.store.last_turn(row.id)
        if before is not None and before[0] == turn:
            return []
        replies: list[Reply] = []
        if before is not None and turn > before[0]:
            old = before[2]
            gone = [old[k][0] for k in old if k not in counters]
            arrived = [counters[k][0] for k in counters if k not in old]
            moved = sum(1 for k in counters if k in old and old[k][1] != counters[k][1])
            lines = [self._(t("End of turn {turn}: {moved} counters moved, {arrived} arrived, {gone} left the map.",
                              turn=before[0], moved=moved, arrived=len(arrived), gone=len(gone)))]
            if gone:
                lines.append(self._(t("Left the map: {names}.", names=_names(gone))))
            if arrived:
                lines.append(self._(t("Arrived: {names}.", names=_names(arrived))))
            lines.append(self._(public.status, PUBLIC))
            replies.append(Reply(PUBLIC, "\n".join(lines), batch=batch))
            if owed is not None:
                owed.whole = True
            else:
                replies += await self._image_replies(game, public, batch, full=True)
        await self.store.begin_turn(row.id, turn, seq, counters, [(r.to, r.payload(), r.image) for r in replies])
        return replies

    def _entry_replies(self, entries: Sequence[LogEntry], batch: str) -> list[Reply]:
        public = [self._(e.text, PUBLIC) for e in entries if e.to == EVERYONE]
        out = []
        if public:
            out.append(Reply(PUBLIC, "\n".join(public), batch=batch))
        private: dict[str, list[str]] = {}
        for e in entries:
            if e.to not in (EVERYONE, REFEREE):
                private.setdefault(e.to, []).append(self._(e.text, e.to))
        for who, texts in sorted(private.items()):
            out.append(Reply(who, "\n".join(texts), batch=batch))
        return out

    def _prompt_replies(
        self, game: Game, match: Match, batch: str, waiting_before: frozenset[Role] = frozenset(),
        decisions: Mapping[Role, Decision] | None = None,
    ) -> list[Reply]:
        """The public "Waiting for" line; it names in ``extra["ping"]`` the roles the game has just
        handed a decision to (not waited for before this step), so a transport pings each once
        per decision, not after every order of a long phase."""
        if match.result() is not None:
            return []
        waiting = sorted(match.active())
        if not waiting:
            return []
        parts = []
        for role in waiting:
            part = self._(t("{role} \u2014 {prompt}", role=role, prompt=match.prompt_text(role)), PUBLIC)
            due = (decisions or {}).get(role)
            if due is not None and due.due_at is not None:
                part += " " + self._(t("(deadline {when})", when=stamp(due.due_at)))
            parts.append(part)
        ping = [role for role in waiting if role not in waiting_before]
        extra: dict[str, Any] = {"ping": ping} if ping else {}
        # Each question ends its sentence; joined by "; " only the last keeps its full stop (not "(A32).; axis").
        who = "; ".join(part.removesuffix(".") if i < len(parts) - 1 else part for i, part in enumerate(parts))
        return [Reply(PUBLIC, self._(t("Waiting for {who}", who=who)), batch=batch, extra=extra)]

    async def _pictures(self, game: Game, seen: Mapping[Role, Observation], batch: str, whole: bool = False) -> list[Reply]:
        """The public picture for the channel (the ``whole`` map after a turn's end) and, where a
        seat's observed map shows more than the public one (its own hidden stacks drawn whole),
        that seat's own picture, privately."""
        public = seen[PUBLIC]
        out = await self._image_replies(game, public, batch, full=whole)
        for role in game.roles:
            if seen[role].differs_from(public):
                out += await self._image_replies(game, seen[role], batch)
        return out

    async def _image_replies(self, game: Game, seen: Observation, batch: str, full: bool = False) -> list[Reply]:
        if self.renderer is None:
            return []
        rendered = await self.draw(self.renderer, game, seen, full, viewer=seen.viewer)
        if rendered is None:
            return []
        image, description = rendered
        return [Reply(seen.viewer, description, image=image, batch=batch, extra={"full": full})]

    # Verbs every game answers ---------------------------------------------------------------------
    async def _meta(
        self, row: CampaignRow, game: Game, match: Match, sender: Sender, role: Role, verb: str, args: list[str], line: str, batch: str,
        private: bool,
    ) -> list[Reply]:
        if verb == "undo":
            waiting_before = match.active()
            try:
                await self._captain_wins(row, match, role, sender)
                rec = match.undo(role)
            except OrderError as exc:
                # The refusal quotes the order it cannot take back as its reader may see it.
                to = self._refusal_audience(game, role, private)
                reply = self._refused(to, "undo", exc, batch)
                await self._answer(row, reply, sender, role, line, "refused")
                return [reply]
            return await self._commit(row, game, match, [rec], f"{OK} undo", sender, role, line, batch, waiting_before)
        if verb == "away":
            return await self._away(row, sender, role, args, line, batch)
        if verb == "language":
            return await self._player_language(row, sender, role, args, line, batch)
        replies = await self.query(game, match, role, verb, args, batch)
        if private:  # asked privately: even the answers everybody may read go to the asker alone
            replies = [dataclasses.replace(r, to=role) if r.to == PUBLIC else r for r in replies]
        await self.store.commit_step(
            row.id, [], [(r.to, r.payload(), r.image) for r in replies], messages=[(sender.user_id, role, line, "query")]
        )
        return replies

    async def query(self, game: Game, match: Match, role: Role, verb: str, args: Sequence[str], batch: str = "") -> list[Reply]:
        """Answer a read-only verb; private answers go to ``role`` only."""
        if verb == "status":
            text = self._(match.observe(PUBLIC).status, PUBLIC)
            waiting = ", ".join(sorted(match.active())) or "-"
            text += "\n" + self._(t("Waiting for: {who}.", who=waiting))
            return [Reply(PUBLIC, text, batch=batch)]
        if verb == "options":
            prompt = match.prompt(role)
            actions = tuple(a.text for a in prompt.actions)
            if not actions:
                text = self._(prompt.text, role)
            else:
                shown = [_typed_line(game, a.text, self.language_for(role)) for a in prompt.actions[:40]]
                more = len(actions) - len(shown)
                text = self._(prompt.text, role) + "\n" + "\n".join(shown)
                if more > 0:
                    text += "\n" + self._(t("... and {n} more.", n=more), role)
            return [Reply(role, text, batch=batch, actions=actions)]
        if verb == "hand":
            seen = match.observe(role)
            replies = [Reply(role, self._(game.holdings(match.state, role) if seen.holdings is None else seen.holdings, role), batch=batch)]
            if self.hand_renderer is not None:
                drawn = await self.draw(self.hand_renderer, game, seen, viewer=role)
                if drawn is not None:
                    replies.append(Reply(role, drawn[1], image=drawn[0], batch=batch))
            return replies
        if verb == "map" and args and args[0].casefold() not in ("full", "all", "whole"):
            return await self._map_around(game, match, role, " ".join(args), batch)
        if verb == "map":
            full = bool(args) and args[0].casefold() in ("full", "all", "whole")
            images = await self._image_replies(game, match.observe(role), batch, full=full)
            if not images:
                return [Reply(role, self._(t("No renderer is configured, so no map image."), role), ok=False, batch=batch)]
            return images
        if verb == "history":
            n = number(args[0]) if args else 20
            if n is None:
                return [Reply(role, self._(t("'{word}' is not a number of entries: history N, N in digits 0-9.", word=args[0]), role), ok=False, batch=batch)]
            lines = []
            for line in match.history(role, n):
                head = f"#{line.seq} {line.role}: {line.said}"
                lines.append(head + "".join(f"\n    {self._(e, role)}" for e in line.entries))
            text = "\n".join(lines) if lines else self._(t("Nothing has happened yet."), role)
            return [Reply(role, text, batch=batch)]
        if verb == "help":
            return [Reply(role, self.help_text(game, args[0] if args else None, role), batch=batch)]
        raise InvalidOrder(t("Unknown order '{word}'.", word=verb))

    async def _map_around(self, game: Game, match: Match, role: Role, where: str, batch: str) -> list[Reply]:
        board = game.board
        label = where.strip()
        if board is not None and label not in board.grid:
            place = board.place_named(label)
            label = place.hex if place is not None else label
        if board is None or label not in board.grid:
            return [Reply(role, self._(t("'{where}' is not a hex or a place of the map: try 'map 1231' or 'map Rostov'.", where=where), role), ok=False, batch=batch)]
        if self.focus_renderer is None:
            return [Reply(role, self._(t("No renderer is configured, so no map image."), role), ok=False, batch=batch)]
        drawn = await self.draw(self.focus_renderer, game, match.observe(role), label, viewer=role)
        if drawn is None:
            return [Reply(role, self._(t("No renderer is configured, so no map image."), role), ok=False, batch=batch)]
        return [Reply(role, drawn[1], image=drawn[0], batch=batch)]

    def help_text(self, game: Game, verb: str | None, viewer: str = PUBLIC) -> str:
        """The orders of ``game`` (or one verb of it) and the verbs every game answers, for ``viewer``."""
        common = [
            ("status", t("the turn, phase and who is to act")),
            ("options", t("your legal orders now, as you would type them")),
            ("hand", t("your private holdings, privately")),
            ("map [full | HEX]", t("a map image: around the last action, the whole map, or around a hex or place")),
            ("history [N]", t("the last N log entries")),
            ("undo", t("take back your last order, back to the last roll, draw or change of player")),
            ("help [VERB]", t("this help, or one verb in detail")),
            ("away DATE | away back", t("declare an absence: your deadlines wait until you are back")),
            ("language [LANG | default]", t("the language of what is sent to you alone: {languages}", languages=", ".join(languages()))),
        ]
        if verb:
            key = META_ALIASES.get(verb.casefold(), verb.casefold())
            info = game.verbs.get(key) or next((v for v in game.verbs.values() if key in v.aliases), None)
            if info is None:
                for name, summary in common:
                    if name.split()[0] == key:
                        return f"{_typed_meta(name, self.language_for(viewer))}: {self._(summary, viewer)}"
                return self._(t("No verb '{verb}'. Type 'help' for the list.", verb=verb), viewer)
            aliases = f" ({', '.join(info.aliases)})" if info.aliases else ""
            return f"{_typed_syntax(info, self.language_for(viewer))}{aliases}\n{self._(info.summary, viewer)}"
        lines = [self._(t("Orders of {title} (one per line, several lines per message):", title=game.title), viewer)]
        language = self.language_for(viewer)
        lines += [f"  {_typed_syntax(v, language)}{_aka(v.name if v.typed_in(language) != v.name else None)} \u2014 {self._(v.summary, viewer)}" for v in game.verbs.values()]
        lines.append(self._(t("Always available:"), viewer))
        italian = {v: k for k, v in META_ALIASES.items()}
        if language == "it":
            typed = [(_typed_meta(name, language), name, s) for name, s in common]
            lines += [f"  {it}{_aka(name.split()[0] if it != name else None)} \u2014 {self._(s, viewer)}" for it, name, s in typed]
        else:
            lines += [f"  {name}{_aka(italian.get(name.split()[0]))} \u2014 {self._(s, viewer)}" for name, s in common]
        return "\n".join(lines)

    # Referee ------------------------------------------------------------------------------------
    async def referee(self, row: CampaignRow, sender: Sender, line: str) -> list[Reply]:
        """A referee command: ``KIND ARGS... because REASON`` (``pause``/``resume`` too).

        Like an order, the line is recorded in ``messages`` whatever becomes of it.
        """
        async with self._recording(row, sender, [line], REFEREE), self.speaking(row):
            return await self._referee(row, sender, line)

    async def _referee(self, row: CampaignRow, sender: Sender, line: str) -> list[Reply]:
        _check_input(line)
        if not await self.is_referee(row, sender.user_id):
            raise ServiceError(t("Only a referee of campaign {name} may do that.", name=row.name))
        game = registry.get(row.game)
        body, sep, reason = line.partition(" because ")
        if not sep:
            body, sep, reason = line.partition(" -- ")
        words = tokens(body)
        if not words:
            raise ServiceError(t("Empty referee command."))
        kind, args = words[0].casefold(), tuple(words[1:])
        if kind in ("show", "export") or (kind == "dice" and not args):
            return await self._referee_query(row, sender, kind, args, line)
        if not reason.strip():
            raise ServiceError(t("Every referee override needs a reason: add 'because <reason>'."))
        await self.refuse_archived(row)
        batch = uuid.uuid4().hex
        if kind == "end":
            reply = Reply(PUBLIC, self._(t(
                "Referee ended the campaign; it is archived: its history and status can still be read, and it takes no more orders. Reason: {reason}",
                reason=reason.strip(),
            )), batch=batch)
            async with self._step(row.id):  # after any order in progress, in one transaction
                await self.store.commit_step(
                    row.id, [], [(reply.to, reply.payload(), None)], messages=[(sender.user_id, REFEREE, line, "override")],
                    archive=reason.strip(),
                )
            return [reply]
        if kind in ("pause", "resume"):
            status = "paused" if kind == "pause" else "active"
            said = t("Referee paused the campaign. Reason: {reason}", reason=reason.strip()) if kind == "pause" else t(
                "Referee resumed the campaign. Reason: {reason}", reason=reason.strip()
            )
            reply = Reply(PUBLIC, self._(said), batch=batch)
            async with self._step(row.id):  # after any order in progress, in one transaction
                await self.store.commit_step(
                    row.id, [], [(reply.to, reply.payload(), None)], messages=[(sender.user_id, REFEREE, line, "override")], status=status
                )
                if kind == "pause":
                    await self.clocks.pause(row.id, self.clock())
                else:
                    await self.clocks.resume(row.id, self.clock())
            return [reply]
        if kind == "deadline":
            return await self._set_deadline(row, sender, args, reason.strip(), line, batch)
        if kind == "away":
            return await self._refuse_away(row, sender, args, reason.strip(), line, batch)
        if kind == "language":
            return await self._campaign_language(row, sender, args, reason.strip(), line, batch)
        if kind in ("seat", "replace"):
            if len(args) != 2:
                raise ServiceError(t("Usage: seat ROLE USER because REASON."))
            role = self._role(game, args[0])
            replies = [Reply(PUBLIC, self._(t("Referee gave the {role} seat to {user}. Reason: {reason}", role=role, user=args[1], reason=reason.strip())), batch=batch)]
            replies += await self._handover(row, game, role, batch)
            await self.store.commit_step(
                row.id, [], [(r.to, r.payload(), r.image) for r in replies], messages=[(sender.user_id, REFEREE, line, "override")],
                seats={role: (args[1], args[1])},
            )
            return replies
        if kind == "grant-undo" and len(args) == 1 and side_of(args[0]) in game.roles:
            args = (str(side_of(args[0])),)  # the side named in the reader's language: "Asse"
        async with self._step(row.id):
            match = await self.match(row)
            override = Override(kind, args, reason.strip())
            waiting_before = match.active()
            try:
                rec = match.override(override)
            except OrderError as exc:
                # A refused override changes nothing: only the referee reads why (the reason may
                # name a card's pile or a hidden counter), with the command as typed.
                reply = self._refused(REFEREE, f"referee: {override.text}", exc, batch)
                await self._answer(row, reply, sender, REFEREE, line, "refused")
                return [reply]
            return await self._commit(row, game, match, [rec], self._echo(match, rec), sender, REFEREE, line, batch, waiting_before)

    async def _set_deadline(self, row: CampaignRow, sender: Sender, args: Sequence[str], reason: str, line: str, batch: str) -> list[Reply]:
        """``deadline HOURS [remind H,H] [default|referee]`` or ``deadline off``: the campaign's clock."""
        policy = parse_policy(args)
        if isinstance(policy, Text):
            raise ServiceError(policy)
        async with self._step(row.id):
            await self.clocks.set_policy(row.id, policy, self.clock())
            if policy is None:
                said = t("Referee removed the deadlines. Reason: {reason}", reason=reason)
            else:
                said = t(
                    "Referee set a deadline of {hours} hours for every decision (reminders {reminders} hours before; when it passes: {then}). Reason: {reason}",
                    hours=f"{policy.hours:g}", reminders=", ".join(f"{r:g}" for r in policy.reminders) or "-",
                    then=self._(t("the decision's default is applied") if policy.on_expiry == "default" else t("the referees decide")),
                    reason=reason,
                )
            reply = Reply(PUBLIC, self._(said), batch=batch)
            await self.store.commit_step(row.id, [], [(reply.to, reply.payload(), None)], messages=[(sender.user_id, REFEREE, line, "override")])
        return [reply]

    async def _player_language(self, row: CampaignRow, sender: Sender, role: Role, args: Sequence[str], line: str, batch: str) -> list[Reply]:
        """``language LANG`` (or ``default``): the language of what goes to this player alone, in
        every campaign; ``language`` alone says which languages are spoken."""
        if len(args) > 1 or (args and args[0].casefold() != "default" and language_of(args[0]) is None):
            reply = Reply(role, f"{FAIL} {line} — {self._(_language_usage(args), role)}", ok=False, batch=batch)
            await self._answer(row, reply, sender, role, line, "refused")
            return [reply]
        if not args:
            said = t(
                "You read {mine}; the channel reads {channel}. Languages: {languages}. Type 'language LANG' to choose yours, 'language default' for the channel's.",
                mine=_language_name(self.language_for(role)), channel=_language_name(row.language), languages=", ".join(languages()),
            )
            reply = Reply(role, self._(said, role), batch=batch)
            await self._answer(row, reply, sender, role, line, "query")
            return [reply]
        chosen = None if args[0].casefold() == "default" else language_of(args[0])
        await self.store.set_player_language(sender.user_id, chosen)
        now = chosen or row.language
        said = t("From now on what is sent to you alone is in {language}.", language=_language_name(now))
        reply = Reply(role, render(said, now, role), batch=batch)
        await self._answer(row, reply, sender, role, line, "query")
        return [reply]

    async def _campaign_language(self, row: CampaignRow, sender: Sender, args: Sequence[str], reason: str, line: str, batch: str) -> list[Reply]:
        """``referee: language LANG because REASON``: the language the channel is answered in."""
        chosen = language_of(args[0]) if len(args) == 1 else None
        if chosen is None:
            raise ServiceError(_language_usage(args))
        said = t("The channel of campaign {name} now reads {language}. Reason: {reason}", name=row.name, language=_language_name(chosen), reason=reason)
        reply = Reply(PUBLIC, render(said, chosen, PUBLIC), batch=batch)
        await self.store.commit_step(
            row.id, [], [(reply.to, reply.payload(), None)], messages=[(sender.user_id, REFEREE, line, "override")], language=chosen
        )
        return [reply]

    async def _handover(self, row: CampaignRow, game: Game, role: Role, batch: str) -> list[Reply]:
        """What a substitute receives at once, privately: the side's holdings and, where its map
        shows more than the public one, its own picture."""
        match = await self.match(row)
        seen = match.observe(role)
        out: list[Reply] = []
        if seen.holdings is not None:
            head = self._(t("You now play {role} in campaign {name}. What the side holds:", role=role, name=row.name), role)
            out.append(Reply(role, head + "\n" + self._(seen.holdings, role), batch=batch))
        if seen.differs_from(match.observe(PUBLIC)):
            out += await self._image_replies(game, seen, batch)
        return out

    async def _away(self, row: CampaignRow, sender: Sender, role: Role, args: Sequence[str], line: str, batch: str) -> list[Reply]:
        """``away UNTIL`` / ``away back``: the player's deadlines wait for them; everybody is told."""
        now = self.clock()
        until = parse_until(args, now)
        if isinstance(until, Text):
            reply = Reply(role, f"{FAIL} {line} \u2014 {self._(until, role)}", ok=False, batch=batch)
            await self._answer(row, reply, sender, role, line, "refused")
            return [reply]
        await self.clocks.away(row.id, role, until, now)
        if until is None:
            said = t("{role} is back; their deadlines run again.", role=role)
        else:
            said = t("{role} is away until {when}: their deadlines wait until then (a referee may refuse: 'referee: away {role} refuse because REASON').",
                     role=role, when=stamp(until))
        reply = Reply(PUBLIC, self._(said), batch=batch)
        await self._answer(row, reply, sender, role, line, "query")
        return [reply]

    async def _refuse_away(self, row: CampaignRow, sender: Sender, args: Sequence[str], reason: str, line: str, batch: str) -> list[Reply]:
        """``away ROLE refuse``: a referee refuses a declared absence; the deadlines run as before."""
        game = registry.get(row.game)
        if len(args) != 2 or args[1].casefold() != "refuse":
            raise ServiceError(t("Usage: away ROLE refuse because REASON."))
        role = self._role(game, args[0])
        if role not in await self.clocks.absences(row.id, self.clock()):
            raise ServiceError(t("{role} has declared no absence.", role=role))
        await self.clocks.away(row.id, role, None, self.clock())
        reply = Reply(PUBLIC, self._(t("Referee refused the absence of {role}; their deadlines run again. Reason: {reason}", role=role, reason=reason)), batch=batch)
        await self.store.commit_step(row.id, [], [(reply.to, reply.payload(), None)], messages=[(sender.user_id, REFEREE, line, "override")])
        return [reply]

    async def tick(self) -> dict[int, list[Reply]]:
        """What the clock owes every running campaign now: reminders (pinging the player in the
        channel and privately) and passed deadlines (the decision's default applied, logged as
        applied after the deadline, or the referees told). Transports call it every minute or so."""
        out: dict[int, list[Reply]] = {}
        timed = await self.clocks.timed()
        for row in await self.store.campaigns():
            if row.status != "active" or row.id not in timed:
                continue  # only campaigns with deadlines owe anything to the clock
            try:
                async with self.speaking(row):
                    replies = await self._tick_campaign(row)
            except Exception:  # one campaign's failure never stops the others' clocks
                log.exception("campaign %s: the deadline clock failed", row.id)
                continue
            if replies:
                out[row.id] = replies
        return out

    async def _tick_campaign(self, row: CampaignRow) -> list[Reply]:
        now = self.clock()
        due = await self.clocks.due(row.id, now)
        if not due.reminders and not due.expired:
            return []
        game = registry.get(row.game)
        policy = await self.clocks.policy(row.id)
        assert policy is not None
        replies: list[Reply] = []
        batch = uuid.uuid4().hex
        for decision, left in due.reminders:
            said = t("Reminder: {role}, the game waits for your decision; the deadline is {when} (about {hours} hours left).",
                     role=decision.role, when=stamp(decision.due_at or now), hours=f"{max(left, 0):.0f}")
            reminders = [
                Reply(PUBLIC, self._(said), batch=batch, extra={"ping": [decision.role]}),
                Reply(decision.role, self._(said, decision.role), batch=batch),
            ]
            passed = sum(1 for r in policy.reminders if now >= (decision.due_at or now) - r * 3600)
            await self.store.commit_step(row.id, [], [(r.to, r.payload(), None) for r in reminders])
            await self.clocks.mark(row.id, decision.role, reminded=passed)
            replies += reminders
        for decision in due.expired:
            replies += await self._expire(row, game, decision, policy.on_expiry)
        return replies

    async def _expire(self, row: CampaignRow, game: Game, decision: Decision, on_expiry: str) -> list[Reply]:
        """A deadline passed: apply the decision's default as an ordinary order, or hand it to the referees."""
        batch = uuid.uuid4().hex
        async with self._step(row.id):
            match = await self.match(row)
            role = decision.role
            with match.on_map():
                action = game.default_action(match.state, role) if on_expiry == "default" and role in match.active() else None
            if action is not None:
                waiting_before = match.active()
                try:
                    records = match.play(role, action)
                except OrderError as exc:
                    log.warning("campaign %s: the default %r of %s was refused: %s", row.id, action.text, role, exc)
                    action = None
                else:
                    headline = f"{OK} {match.order_text(records[0], PUBLIC)} \u2014 " + self._(
                        t("the default of {role}, applied after the deadline passed.", role=role)
                    )
                    await self.clocks.mark(row.id, role, expired=True)
                    return await self._commit(row, game, match, records, headline, Sender("deadline", "deadline"), role, action.text, batch, waiting_before)
            text = self._(t("The deadline of {role} passed; the referees decide what happens (e.g. 'referee: grant-undo', a seat change, or an order on the player's behalf).", role=role))
            replies = [Reply(REFEREE, text, batch=batch), Reply(PUBLIC, text, batch=batch)]
            await self.store.commit_step(row.id, [], [(r.to, r.payload(), None) for r in replies])
            await self.clocks.mark(row.id, role, expired=True)
            return replies

    async def _referee_query(self, row: CampaignRow, sender: Sender, kind: str, args: Sequence[str], line: str) -> list[Reply]:
        """``show [PATH]`` and ``dice``: read-only answers to the referee alone (no record, no reason)."""
        batch = uuid.uuid4().hex
        async with self._step(row.id):
            match = await self.match(row)
            try:
                reply = Reply(REFEREE, self._referee_answer(match, kind, args), batch=batch)
                if kind == "export":
                    reply = dataclasses.replace(reply, extra={"file": f"{row.name}-{match.next_seq() - 1}.position.json"})
                outcome = "query"
            except OrderError as exc:
                said = " ".join((kind, *args))
                reply = self._refused(REFEREE, f"referee: {said}", exc, batch)
                outcome = "refused"
            await self._answer(row, reply, sender, REFEREE, line, outcome)
        return [reply]

    def _referee_answer(self, match: Match, kind: str, args: Sequence[str]) -> str:
        if kind == "export":
            if [a.casefold() for a in args] != ["position"]:
                raise InvalidOrder(t("Usage: export position (the whole position as a file, for the referee alone)."))
            return match.export_position()
        if kind == "dice":
            fixed = match.fixed_rolls()
            if not fixed:
                return self._(t("No fixed rolls are waiting: every roll is drawn from the seed."), REFEREE)
            lines = [self._(t("Fixed rolls waiting, used in this order by the next rolls of any die:"), REFEREE)]
            lines += [self._(t("{n}. {value} (reason: {reason})", n=i, value=v, reason=why), REFEREE) for i, (v, why) in enumerate(fixed, 1)]
            return "\n".join(lines)
        text, cut = match.show(".".join(args))
        if cut:
            text += "\n" + self._(
                t("Parts marked \u2026 are long (their number of entries is shown): 'show {path}' prints one whole.", path=cut[0]),
                REFEREE,
            )
        return text

    async def load_position(self, row: CampaignRow, sender: Sender, text: str, reason: str) -> list[Reply]:
        """Replace the campaign's position by a position file's (a referee override, announced
        and logged; the record keeps the file, so replay loads it again)."""
        line = f"position because {reason}"
        async with self._recording(row, sender, [line], REFEREE), self.speaking(row):
            _check_input(line)  # the reason, announced to everybody, as any referee line
            if not await self.is_referee(row, sender.user_id):
                raise ServiceError(t("Only a referee of campaign {name} may do that.", name=row.name))
            if not reason.strip():
                raise ServiceError(t("Every referee override needs a reason: add 'because <reason>'."))
            await self.refuse_archived(row)  # an ended campaign stays as it ended, as for every override
            game = registry.get(row.game)
            batch = uuid.uuid4().hex
            async with self._step(row.id):
                match = await self.match(row)
                waiting_before = match.active()
                try:
                    rec = match.load_position(text, reason.strip())
                except OrderError as exc:
                    reply = self._refused(REFEREE, "referee: position", exc, batch)
                    await self._answer(row, reply, sender, REFEREE, line, "refused")
                    return [reply]
                return await self._commit(row, game, match, [rec], self._echo(match, rec), sender, REFEREE, line, batch, waiting_before)

    # Delivery -----------------------------------------------------------------------------------
    async def deliver(self, send: Callable[[OutboxEntry], Awaitable[None]], campaign_id: int | None = None) -> int:
        """Send every pending outbox entry in order, marking each delivered after it is sent."""
        count = 0
        for entry in await self.store.pending(campaign_id):
            await send(entry)
            await self.store.mark_delivered(entry.id)
            count += 1
        return count


def _aka(alias: str | None) -> str:
    return f" ({alias})" if alias else ""


def _named_verb(game: Game, line: str) -> str:
    """``line`` with a verb typed in another language ('rapporto') as the verb's own name ('odds'),
    which the games' read-only queries look for; any other line stays as it is."""
    verb, sep, rest = line.strip().partition(" ")
    info = next((v for v in game.verbs.values() if verb.casefold() in v.aliases), None)
    return line if info is None else info.name + sep + rest


def _typed_line(game: Game, line: str, language: str) -> str:
    """An order's text (as recorded, English verb first) with its verb and the keywords after it
    as a reader of ``language`` types them ("front done" -> "fronte fatto"); a line whose first
    word is no verb of the game stays as it is."""
    verb = line.split(" ", 1)[0]
    info = game.verbs.get(verb)
    return line if info is None else typed_keywords(info.typed_in(language) + line[len(verb):], language)


def _typed_meta(name: str, language: str) -> str:
    """A verb every game answers ("map [full | HEX]") as a reader of ``language`` types it: its verb
    and keywords in Italian ("mappa [intera | ESAGONO]"), its placeholders in the reader's language."""
    if language != "it":
        return name
    said = {v: k for k, v in reversed(META_KEYWORDS.items())} | {v: k for k, v in META_ALIASES.items()}
    return typed_placeholders(re.sub(r"[a-z]+", lambda m: said.get(m.group(0), m.group(0)), name), language)


def _typed_syntax(info: VerbInfo, language: str) -> str:
    """A verb's syntax as a reader of ``language`` types it: the verb and its keywords in that
    language, the placeholders (UNIT, HEX) as the catalogue writes them there (UNITÀ, ESAGONO)."""
    return typed_placeholders(typed_syntax(info.syntax, info.name, info.typed_in(language), language), language)


def _language_name(language: str) -> str:
    """A language named in itself (``italiano``, ``English``), with its code to type."""
    try:
        name = Locale.parse(language).get_display_name(language) or language
    except (ValueError, UnknownLocaleError):
        name = language
    return f"{name} ({language})"


def _language_usage(args: Sequence[str]) -> Text:
    return t(
        "'{given}' is not a language Adjutant speaks. Languages: {languages}.",
        given=" ".join(args), languages=", ".join(_language_name(lang) for lang in languages()),
    )


def _position_header(text: str) -> position.Header:
    """What a position file names (game, scenario, options), or its refusal as a ``ServiceError``."""
    try:
        return position.header(text)
    except OrderError as exc:
        raise ServiceError(exc.text()) from None


def header_scenario(text: str) -> str | None:
    """The scenario a position file names (``None``: the game's first), or its refusal as a ``ServiceError``."""
    return _position_header(text).scenario


def _names(names: Sequence[str], limit: int = 20) -> str:
    """Names for a summary line: the first ``limit`` and how many more."""
    shown = ", ".join(sorted(names)[:limit])
    return shown if len(names) <= limit else f"{shown} (+{len(names) - limit})"
READ_ONLY_VERBS = ("status", "map", "history", "help", "hand")
#: The verbs that answer a question (a picture, a hand, a list) and how many one message may ask.
QUERY_VERBS = ("status", "options", "hand", "map", "history", "help")
MAX_QUERIES = 10


def archived_refusal(name: str) -> Text:
    return t(
        "Campaign {name} has ended and is archived: it takes no more orders. Its history and status can still be read.",
        name=name,
    )


def _verb_of(line: str) -> str:
    """The verb a line starts with, an Italian one of the verbs every game answers as its English name."""
    words = tokens(line)
    return META_ALIASES.get(words[0].casefold(), words[0].casefold()) if words else ""


def _reads_only(line: str) -> bool:
    """A line that only reads the campaign (still allowed once it is archived)."""
    return _verb_of(line) in READ_ONLY_VERBS  # 'stato' too


def _storable(line: str) -> str:
    """``line`` as the store can keep it: a lone surrogate (bytes that were not UTF-8) written as its escape."""
    return line.encode("utf-8", "backslashreplace").decode("utf-8")


def _check_input(text: str) -> None:
    """Refuse, before any parsing, a message over the length limits or that is not valid text,
    and an order line holding an invisible or control character (``_hidden_character``)."""
    try:
        check_input(text)
    except InvalidOrder as exc:
        raise ServiceError(exc.text()) from None
    for n, line in enumerate(split_lines(text), 1):
        for at, ch in enumerate(line, 1):
            if _hidden_character(ch):
                raise ServiceError(t(
                    "Line {n} holds an invisible or control character at position {at}: {char}. "
                    "Type orders as plain text: letters, digits, spaces and punctuation.",
                    n=n, at=at, char=f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".rstrip(),
                ))


def _hidden_character(ch: str) -> bool:
    """A character no order holds and no reader sees: a control character (a NUL, a terminal
    escape; a tab is a separator) or a format character (zero-width spaces and joiners, the
    right-to-left overrides and isolates that reorder what follows them on screen)."""
    return ch != "\t" and unicodedata.category(ch) in ("Cc", "Cf")


def options_json(text: str) -> dict[str, Any]:
    """Parse ``key=value`` campaign options (values are JSON where they parse); a number of more
    digits than Python converts or a value nested deeper than ``OPTION_DEPTH`` is refused."""
    out: dict[str, Any] = {}
    for tok in text.split():
        key, eq, value = tok.partition("=")
        if not eq:
            raise ServiceError(t("Option '{tok}' is not key=value.", tok=tok))
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
        except ValueError:  # an integer of more digits than Python converts (JSONDecodeError is caught above)
            raise ServiceError(t(
                "Option '{name}' holds a number of far too many digits; an option's value is a short number, true, false or a word.",
                name=key,
            )) from None
        except RecursionError:
            raise _nested_too_deeply(key) from None
        if _nesting(out[key]) > OPTION_DEPTH:
            raise _nested_too_deeply(key)
    return out


def _nested_too_deeply(key: str) -> ServiceError:
    return ServiceError(t(
        "Option '{name}' nests lists or objects more than {most} deep; an option's value is a short number, true, false or a word.",
        name=key, most=OPTION_DEPTH,
    ))


def _nesting(value: Any) -> int:
    """How deeply ``value``'s lists and objects nest, counted up to one past ``OPTION_DEPTH`` (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, level)
            if level <= OPTION_DEPTH:
                stack += [(child, level + 1) for child in (node.values() if isinstance(node, dict) else node)]
    return deepest
