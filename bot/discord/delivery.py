"""The outbox delivered to Discord: public posts to the campaign channel, private ones by DM.

An entry is marked delivered only after Discord accepted every message of its post, and each
message carries a nonce made from the post's first outbox id with ``enforce_nonce``; so a
resend after a crash between send and mark is deduplicated by Discord, and nothing recorded
is lost. Rate limits are waited out by discord.py; any other failure leaves the campaign's
remaining entries pending (in order) and delivery is retried with a growing delay.

A post is never lost for its image: if Discord refuses a message's attachments, its text is
sent alone with a note saying why (naming the missing permission, such as Attach Files). If
Discord refuses the text itself for a missing permission (403), the campaign's delivery is
parked: its entries stay pending, in order, the log and the campaign's referees (by DM) are
told which permission is missing, and it is tried again with the campaign's next action or
the next (re)connection, never on a timer for ever. A post Discord keeps refusing for any other
reason (after three tries) goes out as its text alone, plain, in pieces; if even that is
refused, a notice takes its place saying how to read it ('history'): nothing is dropped silently.

A private post whose owner has closed their direct messages is not revealed: the channel is
told that the DM failed, and the owner gets a button for a private (ephemeral) copy; when the
post answers the owner's own slash command or click, the copy is sent ephemerally at once.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.discord.board import Board
from bot.discord.choices import CHOICE_LIMIT, Kind, Ref, state_tag
from bot.discord.posts import (
    MAX_TEXT_MESSAGES,
    MESSAGE_LIMIT,
    NONCE_LIMIT,
    REASON_LIMIT,
    TITLE_LIMIT,
    Outgoing,
    Post,
    cut,
    escape_markdown,
    group,
    messages,
    split_text,
)
from bot.replies import PUBLIC, Reply
from bot.service import FAIL
from bot.store import CampaignRow
from engine.kernel import Match
from engine.text import t

if TYPE_CHECKING:
    from bot.discord.client import AdjutantClient

log = logging.getLogger("adjutant.discord.delivery")

RETRY_DELAYS = (1.0, 2.0, 5.0, 15.0, 60.0, 300.0)
ATTEMPTS_BEFORE_DROPPING = 3  # a post Discord refuses as malformed (never a transient failure)
IDLE_CHECK = 60.0
HELD_LIMIT = 256


class Retry(Exception):
    """Delivery of a post failed for a reason that may pass; try again later."""


class Refused(Exception):
    """Discord refused a post as malformed; sending it again would fail the same way."""


class Blocked(Exception):
    """Adjutant lacks a permission to post (403): nothing passes until someone grants it."""

    def __init__(self, permission: str) -> None:
        super().__init__(permission)
        self.permission = permission


PERMISSION_NAMES = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "read_message_history": "Read Message History",
    "attach_files": "Attach Files",
}


def missing_permission(channel: object, needed: Sequence[str]) -> str | None:
    """The first of ``needed`` (discord.py permission names) the bot lacks in ``channel``, by its
    name in Discord's settings; None if it lacks none or its permissions there are unknown."""
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None)
    if me is None or not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return None
    allowed = channel.permissions_for(me)
    for name in needed:
        if not getattr(allowed, name, True):
            return PERMISSION_NAMES.get(name, name)
    return None


RULING_COLOUR = 0xB03030
BUSY_RECHECK = 0.5  # seconds before delivery looks again at a campaign whose gate was held


def embeds(out: Outgoing) -> list[discord.Embed]:
    """The rulings of ``out`` as embeds: the refused order as title, the reason, the rule as a field."""
    shown = []
    for ruling in out.rulings:
        embed = discord.Embed(
            title=cut(f"{FAIL} {escape_markdown(ruling.order)}", TITLE_LIMIT),
            description=cut(escape_markdown(ruling.reason), REASON_LIMIT),
            colour=RULING_COLOUR,
        )
        if ruling.rule:
            embed.add_field(name=ruling.label, value=ruling.rule, inline=True)
        shown.append(embed)
    return shown


def files(out: Outgoing) -> list[discord.File]:
    return [discord.File(io.BytesIO(a.data), filename=a.filename, description=a.description) for a in out.attachments]


class Delivery:
    def __init__(self, client: AdjutantClient) -> None:
        self.client = client
        self.interactions: dict[str, discord.Interaction[Any]] = {}
        self.reply_to: dict[str, discord.Message] = {}
        self.held: OrderedDict[str, Post] = OrderedDict()
        self.ephemeral: set[str] = set()
        self._wake = asyncio.Event()
        self._failures = 0
        self._refusals: dict[int, int] = {}
        self._retry: asyncio.TimerHandle | None = None
        self.parked: dict[int, str] = {}  # campaign id -> the permission its channel lacks
        self.lobbies: dict[int, str] = {}  # campaign id -> the text its lobby was last drawn with

    # The loop -------------------------------------------------------------------------------------
    def wake(self) -> None:
        self._wake.set()

    def retry_later(self) -> None:
        """Wake the loop after a delay that grows with consecutive failures."""
        self._failures += 1
        delay = RETRY_DELAYS[min(self._failures, len(RETRY_DELAYS)) - 1]
        if self._retry is not None:
            self._retry.cancel()
        self._retry = asyncio.get_running_loop().call_later(delay, self._wake.set)

    async def run(self) -> None:
        """Deliver pending entries when woken (after an action, a failure's delay) and every minute."""
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=IDLE_CHECK)
            except TimeoutError:
                pass
            self._wake.clear()
            if not self.client.is_ready():
                continue
            try:
                await self.flush_all()
            except Exception:
                log.exception("delivery round failed; retrying later")
                self.retry_later()

    async def flush_all(self) -> None:
        """Deliver every campaign's pending entries; a campaign whose gate is held is skipped.

        Whoever holds a campaign's gate delivers its outbox before letting go, so a busy or
        stalled campaign (a slow upload, a rate-limit wait) never holds up the others' retries.
        """
        pending = await self.client.store.pending()
        busy = False
        for campaign_id in dict.fromkeys(e.campaign_id for e in pending):
            gate = self.client.gate(campaign_id)
            if campaign_id in self.parked:
                continue
            if gate.locked():
                busy = True  # its holder may have flushed before these entries were written
                continue
            async with gate:
                await self.flush(campaign_id)
        if busy:
            # Look again shortly rather than at the next idle check: a reminder written while a
            # campaign's gate was held must not wait a minute for delivery.
            asyncio.get_running_loop().call_later(BUSY_RECHECK, self._wake.set)

    async def flush(self, campaign_id: int) -> int:
        """Deliver the campaign's pending entries in order; the caller holds its gate."""
        store = self.client.store
        entries = await store.pending(campaign_id)
        if not entries:
            return 0
        row = await store.campaign(campaign_id)
        if row is None:
            return 0
        posts = group(entries)
        last_public = max((i for i, p in enumerate(posts) if p.public), default=-1)
        done = 0
        board = Board(self.client)
        for i, post in enumerate(posts):
            try:
                sent = await self.send(row, post, decide=i == last_public)
                board.delivered(post, sent)
            except Retry as exc:
                self.retry_later()
                log.warning("delivery to campaign %s paused (%s); %d entries wait", row.id, exc, len(entries))
                return done
            except Blocked as exc:
                await self.park(row, exc.permission, len(entries) - done)
                return done
            except Exception as exc:
                # Not a passing failure: a post Discord refuses, or a fault here. Retry a few
                # times (in order, so nothing overtakes it), then drop it, loudly, rather than
                # block the campaign for ever.
                first = post.entry_ids[0]
                self._refusals[first] = self._refusals.get(first, 0) + 1
                fault = not isinstance(exc, Refused)  # a fault here: its traceback is logged
                if self._refusals[first] < ATTEMPTS_BEFORE_DROPPING:
                    self.retry_later()
                    log.warning("campaign %s: post %s failed (%r); will retry", row.id, post.nonce_base, exc, exc_info=fault)
                    return done
                failures = self._refusals.pop(first)
                if isinstance(exc, Refused) and await self.last_resort(row, post, str(exc)):
                    log.error("campaign %s: post %s (outbox %s) refused %d times (%s); its text was posted plain",
                              row.id, post.nonce_base, list(post.entry_ids), failures, exc)
                else:
                    log.error("campaign %s: dropping post %s (outbox %s) after %d failures: %r",
                              row.id, post.nonce_base, list(post.entry_ids), failures, exc, exc_info=fault)
            # Last entry first: while any entry of the post is pending, its first id (the nonce)
            # is too, so a resend after a crash here carries the same nonce.
            for entry_id in reversed(post.entry_ids):
                await store.mark_delivered(entry_id)
            log.debug("campaign %s: post %s to %s delivered (outbox %s)", row.id, post.nonce_base, post.recipient, list(post.entry_ids))
            done += 1
        await board.refresh(row)
        self._failures = 0
        if self.parked.pop(campaign_id, None) is not None:
            log.info("campaign %s: posting works again; its waiting replies were delivered", row.id)
        return done

    def unpark(self) -> None:
        """Try every parked campaign again (after a reconnection: permissions may have changed)."""
        self.parked.clear()
        self.wake()

    async def park(self, row: CampaignRow, permission: str, waiting: int) -> None:
        """Stop retrying a campaign whose channel refuses Adjutant's posts; say why, once."""
        first = row.id not in self.parked
        self.parked[row.id] = permission
        log.error(
            "campaign %s: Discord refuses Adjutant's posts in channel %s: it lacks the %s permission there."
            " %d replies wait in the outbox; they are sent after the next action or reconnection once it is granted.",
            row.id, row.channel, permission, waiting,
        )
        if not first:
            return
        text = self.client.tr(t(
            "I cannot post in the channel of campaign {name} (<#{channel}>): I lack the {permission} permission there. "
            "Nothing is lost: the replies wait and are posted once a server admin grants it.",
            name=row.name, channel=row.channel or "?", permission=permission,
        ))
        for user_id in sorted(await self.client.store.referees(row.id)):
            if not user_id.isdigit():
                continue
            try:
                dm = await self.client.create_dm(discord.Object(int(user_id)))
                await dm.send(content=text, allowed_mentions=discord.AllowedMentions.none())
            except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
                log.info("campaign %s: could not tell referee %s of the missing permission (%s)", row.id, user_id, exc)

    # One post -------------------------------------------------------------------------------------
    async def mentions(self, row: CampaignRow, post: Post) -> Post:
        """The post with the players it hands a decision to pinged after its last line (the
        "Waiting for" line; the ruling stays first), once per decision (the service names them
        only when the decision becomes theirs). A player whose setting says so is pinged by
        direct message instead (``dm_pings``, sent once the post is up)."""
        if not post.public or not post.ping:
            return post
        players = await self.client.store.players(row.id)
        ids: list[int] = []
        by_dm: list[tuple[int, str]] = []
        for role in post.ping:
            for user in players.get(role, []):  # a team: every player of the seat
                if not user.isdigit():
                    continue
                if await self.client.store.ping_by_dm(user):
                    by_dm.append((int(user), role))
                elif int(user) not in ids:
                    ids.append(int(user))
        if ids:
            post = replace(post, text=post.text + "\n" + " ".join(f"<@{i}>" for i in ids), mention_ids=tuple(ids))
        return replace(post, dm_pings=tuple(by_dm))

    async def ping_by_dm(self, row: CampaignRow, post: Post, sent: discord.Message | None) -> None:
        """Tell the players who asked for it, by DM, that a decision is theirs (best effort: logged if refused)."""
        for user_id, role in post.dm_pings:
            channel = f"<#{row.channel}>" if row.channel and row.channel.isdigit() else "-"
            text = self.client.tr(t(
                "Your turn in campaign {name} ({channel}), as {role}.", name=row.name, channel=channel, role=role,
            ), await self.reader(row, role))
            if sent is not None:
                text += f"\n{sent.jump_url}"
            try:
                dm = await self.client.create_dm(discord.Object(user_id))
                await dm.send(content=text, allowed_mentions=discord.AllowedMentions.none())
            except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
                log.info("campaign %s: could not ping the %s player by DM (%s)", row.id, role, exc)

    async def reader(self, row: CampaignRow, recipient: str) -> str:
        """The language ``recipient`` (a seat, or the referees) reads, as the service wrote the post's body in it."""
        async with self.client.service.speaking(row):
            return self.client.service.language_for(recipient)

    def headed(self, row: CampaignRow, post: Post, language: str | None = None) -> Post:
        """A private post starts by naming its campaign and linking its channel: a player may sit
        in several campaigns, and a hand or a ruling by direct message must say where it belongs."""
        if post.public:
            return post
        channel = f"<#{row.channel}>" if row.channel and row.channel.isdigit() else "-"
        head = self.client.tr(t("[{name}, {channel}, as {role}]", name=row.name, channel=channel, role=post.recipient), language)
        return replace(post, text=f"{head}\n{post.text}" if post.text else head)

    async def send(self, row: CampaignRow, post: Post, decide: bool = False) -> discord.Message | None:
        """Send a post; the first message of a public post is returned (the board links to it)."""
        post = await self.mentions(row, post)
        if not post.public:
            post = self.headed(row, post, await self.reader(row, post.recipient))
        outgoing = messages(post)
        try:
            if post.public:
                sent = await self._public(row, post, outgoing, decide)
                await self.ping_by_dm(row, post, sent)
                return sent
            await self._private(row, post, outgoing)
        except discord.NotFound as exc:
            log.error("campaign %s: channel or user not found (%s); post %s dropped", row.id, exc.text, post.nonce_base)
        except discord.Forbidden as exc:
            needed = ["view_channel", self._send_permission(row), "read_message_history"]
            raise Blocked(missing_permission(self.channel(row), needed) or exc.text or "Send Messages") from exc
        except discord.HTTPException as exc:
            if exc.status >= 500:
                raise Retry(str(exc)) from exc
            raise Refused(f"{exc.status} {exc.code}: {exc.text}") from exc
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            raise Retry(str(exc)) from exc
        return None

    async def last_resort(self, row: CampaignRow, post: Post, reason: str) -> bool:
        """A post Discord keeps refusing: its text alone, plain (no image, buttons, reply link or
        ping), in pieces; failing that, a notice where it was due saying how to read it. True if
        either was posted: the text of a ruling is never dropped silently."""
        target: discord.abc.Messageable | None
        if post.public:
            target = self.channel(row)
        else:
            seats = await self.client.store.seats(row.id)
            owner = seats.get(post.recipient)
            target = await self.client.create_dm(discord.Object(int(owner[0]))) if owner and owner[0].isdigit() else None
        if target is None:
            return False
        plain = split_text(escape_markdown(post.text))[:MAX_TEXT_MESSAGES]
        try:
            for k, piece in enumerate(plain):
                await target.send(content=piece, nonce=f"{post.nonce_base}p{k}"[:NONCE_LIMIT],
                                  allowed_mentions=discord.AllowedMentions.none())
            return bool(plain)
        except discord.HTTPException as exc:
            log.warning("campaign %s: the plain text of post %s was refused too (%s %s)", row.id, post.nonce_base, exc.status, exc.code)
        note = self.client.tr(t(
            "(A reply could not be posted: Discord refused it ({reason}). Nothing was lost: type 'history' to read it.)",
            reason=reason,
        ), await self.reader(row, post.recipient))  # where it was due: the channel's language, or the seat's
        try:
            await target.send(content=note[:MESSAGE_LIMIT], allowed_mentions=discord.AllowedMentions.none())
            return True
        except discord.HTTPException as exc:
            log.warning("campaign %s: the notice for post %s was refused too (%s %s)", row.id, post.nonce_base, exc.status, exc.code)
            return False

    def _send_permission(self, row: CampaignRow) -> str:
        channel = self.channel(row)
        return "send_messages_in_threads" if isinstance(channel, discord.Thread) else "send_messages"

    async def _send(self, target: discord.abc.Messageable, out: Outgoing, **extra: Any) -> discord.Message:
        """Send one message; if Discord refuses its attachments, send its text alone, saying why."""
        if out.rulings:
            extra = {**extra, "embeds": embeds(out)}
        if not out.attachments:
            return await target.send(content=out.content or None, nonce=out.nonce, **extra)
        try:
            return await target.send(content=out.content or None, nonce=out.nonce, files=files(out), **extra)
        except discord.HTTPException as exc:
            if exc.status >= 500 or exc.status == 429 or (isinstance(exc, discord.Forbidden) and exc.code != 50013):
                raise  # passing, or not the image's fault (a closed DM, a channel out of reach)
            refusal = exc
        if isinstance(refusal, discord.Forbidden):
            permission = missing_permission(target, ["attach_files"]) or "Attach Files"
            note = self.client.tr(t(
                "(The image could not be posted: I lack the {permission} permission here. Ask a server admin to grant it; type 'map' to see the map.)",
                permission=permission,
            ))
        else:
            note = self.client.tr(t(
                "(Discord refused the image ({reason}); type 'map' to ask for it again.)",
                reason=f"{refusal.status} {refusal.text}".strip(),
            ))
        log.warning("Discord refused the attachments of message %s (%s %s); sending its text alone",
                    out.nonce, refusal.status, refusal.code)
        content = f"{out.content}\n{note}" if out.content else note
        if len(content) <= MESSAGE_LIMIT:
            return await target.send(content=content, nonce=out.nonce, **extra)
        sent = await target.send(content=out.content, nonce=out.nonce, **extra)
        await target.send(content=note, nonce=f"{out.nonce}n"[:NONCE_LIMIT])
        return sent

    def channel(self, row: CampaignRow) -> discord.abc.Messageable | None:
        if not row.channel or not row.channel.isdigit():
            return None
        found = self.client.get_channel(int(row.channel))
        if isinstance(found, discord.abc.Messageable):
            return found
        return self.client.get_partial_messageable(int(row.channel))

    async def _public(self, row: CampaignRow, post: Post, outgoing: Sequence[Outgoing], decide: bool) -> discord.Message | None:
        channel = self.channel(row)
        if channel is None:
            log.error("campaign %s has no Discord channel; post %s dropped", row.id, post.nonce_base)
            return None
        view = await self.decide_view(row) if decide else None
        source = self.reply_to.get(post.batch)
        first: discord.Message | None = None
        for k, out in enumerate(outgoing):
            extra: dict[str, Any] = {}
            if view is not None and k == len(outgoing) - 1:
                extra["view"] = view
            if source is not None and k == 0:
                extra["reference"] = source.to_reference(fail_if_not_exists=False)
            pinged = [discord.Object(i) for i in post.mention_ids]
            sent = await self._send(
                channel,
                out,
                mention_author=False,
                allowed_mentions=discord.AllowedMentions(users=pinged, roles=False, everyone=False) if pinged else discord.AllowedMentions.none(),
                **extra,
            )
            first = first or sent
        return first

    async def _private(self, row: CampaignRow, post: Post, outgoing: Sequence[Outgoing]) -> None:
        """A seat's private post to every player of the seat (a team: the captain and each
        teammate), by direct message, in the seat's private thread, or both (``/ref private-posts``)."""
        players = [u for u in (await self.client.store.players(row.id)).get(post.recipient, []) if u.isdigit()]
        if not players:
            log.info("campaign %s: no Discord player holds %s; private post %s not sent", row.id, post.recipient, post.nonce_base)
            return
        if row.private_posts in ("thread", "both"):
            in_thread = await self._in_thread(row, post, outgoing, players)
            if in_thread and row.private_posts == "thread":
                return
        for player in players:
            try:
                dm = await self.client.create_dm(discord.Object(int(player)))
                for out in outgoing:
                    await self._send(dm, out)
            except discord.Forbidden as exc:
                # 50007: the user does not accept direct messages from this server (or blocked the bot)
                log.info("campaign %s: DM to a %s player refused (%s)", row.id, post.recipient, exc.code)
                await self.dm_closed(row, post, player)

    async def _in_thread(self, row: CampaignRow, post: Post, outgoing: Sequence[Outgoing], players: Sequence[str]) -> bool:
        """Send a private post in its seat's private thread; False (it goes by direct message
        instead) when the campaign's channel cannot hold one or the bot may not open it."""
        for attempt in range(2):
            try:
                thread = await self.seat_thread(row, post.recipient, players)
                if thread is None:
                    return False
                for out in outgoing:
                    await self._send(thread, out)
                return True
            except discord.NotFound:
                # The thread was deleted: forget it and open a new one, once.
                log.info("campaign %s: the private thread of %s is gone; opening another", row.id, post.recipient)
                await self.client.store.set_seat_thread(row.id, post.recipient, None)
            if attempt:
                break
        return False

    async def seat_thread(self, row: CampaignRow, role: str, players: Sequence[str]) -> discord.abc.Messageable | None:
        """The seat's private thread in the campaign's channel, opened when first needed with the
        seat's players (a team: each of them) and the campaign's referees in it; a new player of
        the seat is added and one who left removed. ``None`` when the channel cannot hold private
        threads (it is itself a thread or a forum post) or the bot lacks the permission to open one."""
        store = self.client.store
        wanted = sorted(set(players))
        known = await store.seat_thread(row.id, role)
        if known is not None:
            thread_id, members = known
            had = set(members.split())
            if sorted(had) != wanted:
                for user in wanted:
                    if user not in had:
                        await self.client.http.add_user_to_thread(int(thread_id), int(user))
                for user in sorted(had - set(wanted)):
                    if user.isdigit():
                        try:
                            await self.client.http.remove_user_from_thread(int(thread_id), int(user))
                        except discord.NotFound:
                            pass  # the previous player already left the thread or the server
                await store.set_seat_thread(row.id, role, thread_id, " ".join(wanted))
            return self.client.get_partial_messageable(int(thread_id), type=discord.ChannelType.private_thread)
        channel = self.client.get_channel(int(row.channel)) if row.channel and row.channel.isdigit() else None
        if not isinstance(channel, discord.TextChannel):
            return None
        try:
            thread = await channel.create_thread(
                name=f"{row.name} \u00b7 {role}"[:100], type=discord.ChannelType.private_thread, invitable=False,
                auto_archive_duration=10080,
            )
            for user in [*wanted, *sorted(await store.referees(row.id) - set(wanted))]:
                if user.isdigit():
                    await thread.add_user(discord.Object(int(user)))
        except discord.Forbidden as exc:
            log.warning("campaign %s: cannot open a private thread for %s (%s %s); sending by direct message",
                        row.id, role, exc.status, exc.code)
            return None
        await store.set_seat_thread(row.id, role, str(thread.id), " ".join(wanted))
        return thread

    async def dm_closed(self, row: CampaignRow, post: Post, owner: str) -> None:
        """Say in the channel that a DM failed, revealing nothing, and offer a private copy."""
        self.held[post.nonce_base] = post
        while len(self.held) > HELD_LIMIT:
            self.held.popitem(last=False)
        interaction = self.interactions.get(post.batch)
        if interaction is not None and str(interaction.user.id) == owner:
            await self.ephemeral_copy(interaction, post)
            self.ephemeral.add(post.batch)
            return
        channel = self.channel(row)
        if channel is None:
            return
        from bot.discord.components import PrivateButton

        view = discord.ui.View(timeout=None)
        said = self.client.tr(t("Read privately ({role})", role=post.recipient), row.language)
        view.add_item(PrivateButton(Ref(Kind.PRIVATE, row.id, post.recipient, post.nonce_base), said))
        text = self.client.tr(t(
            "<@{user}>, I could not send you a private message for {role}: your direct messages are closed. "
            "Press the button to read it here, privately, or allow direct messages from this server.",
            user=owner,
            role=post.recipient,
        ), row.language)
        await channel.send(
            content=text,
            view=view,
            nonce=f"{post.nonce_base}.dm",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(owner))], roles=False, everyone=False),
        )

    async def ephemeral_copy(self, interaction: discord.Interaction[Any], post: Post) -> None:
        for out in messages(post):
            await interaction.followup.send(
                content=out.content or discord.utils.MISSING,
                files=files(out) or discord.utils.MISSING,
                embeds=embeds(out) or discord.utils.MISSING,
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    # Response windows -----------------------------------------------------------------------------
    async def decide_view(self, row: CampaignRow) -> discord.ui.View | None:
        """A "decide" button for each seated role that must choose among few legal actions."""
        from bot.discord.components import DecideButton

        fresh = await self.client.store.campaign(row.id)
        if fresh is None or fresh.status != "active" or fresh.archived:
            return None
        match = await self.client.service.match(fresh)
        if match.result() is not None:
            return None
        seats = await self.client.store.seats(row.id)
        tag = state_tag(match.hash())
        view = discord.ui.View(timeout=None)
        # With hidden hands the number of choices depends on a hand: never let it decide what is shown.
        hidden = match.game.hidden_holdings
        for role in sorted(match.active()):
            if role not in seats or len(view.children) >= 5:
                continue
            if hidden or decidable(match, role):
                view.add_item(DecideButton(Ref(Kind.DECIDE, row.id, role, tag)))
        return view if view.children else None


def decidable(match: Match, role: str) -> bool:
    """True if ``role`` has between one and ``CHOICE_LIMIT`` legal actions: the one place a post
    builds a legal-action list, for a seated role with a button still to place (a game with
    hidden hands never asks: its button opens the list, or says there is nothing to decide)."""
    return 1 <= len(match.prompt(role).actions) <= CHOICE_LIMIT


def first_lines(replies: Sequence[Reply], seen_by: Collection[str] | None = None) -> str:
    """The ✓ and ✗ lines of some replies: what a slash command's own answer repeats.

    With ``seen_by`` (the asker's seats), only public replies and replies to those seats count:
    an answer never repeats what was addressed privately to another side.
    """
    heads = [
        r.text for r in replies
        if r.text[:1] in ("\u2713", "\u2717") and (seen_by is None or r.to == PUBLIC or r.to in seen_by)
    ]
    return "\n".join(heads)
