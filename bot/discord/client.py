"""The discord.py client: campaigns in channels, typed orders, the gate and referee checks.

A campaign lives in the text channel, thread or forum post where it was created (the store's
``channel`` column holds that channel's id). Every change made from Discord runs under the
gate: the service call, then delivery of what it recorded in the outbox. So one batch always
becomes one post, and a click checked against the state hash cannot race another order.

The gate is one lock per campaign: a slow upload or a rate-limit wait in one campaign never
holds up another (the store serialises its own write transactions, so two campaigns may work
at once). Interactions are deferred before they wait on a gate, so an answer that has to wait
for the campaign's delivery still meets Discord's three-second deadline.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import re
import uuid
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord.catchup import Catchup
from bot.discord.config import Settings
from bot.discord.delivery import Delivery
from bot.i18n import language_of, render, side_of
from bot.replies import Reply
from bot.service import FAIL, META_ALIASES, META_VERBS, CampaignService, Sender, ServiceError
from bot.store import CampaignRow
from engine import registry
from engine.orders import split_lines
from engine.text import Text, t

log = logging.getLogger("adjutant.discord")

CHAT_PREFIXES = ("//", ">", "(")
DRAIN_TIMEOUT = 20.0
CLOCK_EVERY = 60.0  # seconds between two looks at the deadline clock
_ROLE_PREFIX = re.compile(r"^\s*([A-Za-z][\w-]*)\s*:\s*(.*)$")

Work = Callable[[], Awaitable[list[Reply]]]


class AdjutantClient(discord.Client):
    """Adjutant on Discord. ``service`` does every use case; this class only translates."""

    def __init__(
        self,
        service: CampaignService,
        settings: Settings,
        **options: Any,
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = True  # typed orders (a privileged intent: enable it in the portal)
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(intents=intents, **options)
        self.service = service
        self.store = service.store
        self.settings = settings
        self.tree: app_commands.CommandTree[AdjutantClient] = SpeakingTree(self)
        self.delivery = Delivery(self)
        self.catchup = Catchup(self)
        self._gates: dict[int, asyncio.Lock] = {}
        self._creating: dict[int, asyncio.Lock] = {}
        self._client_languages: dict[str, str | None] = {}  # user id -> their Discord client's language, as stored
        self._background: asyncio.Task[None] | None = None
        self._clock: asyncio.Task[None] | None = None
        self._closing = False
        from bot.discord.commands import register
        from bot.discord.direct import ReadOrders

        self.read_orders = ReadOrders()  # answered when edited or deleted (bot.discord.direct)
        register(self)

    # Life cycle ------------------------------------------------------------------------------
    async def setup_hook(self) -> None:
        from bot.discord.components import DYNAMIC_ITEMS
        from bot.discord.slash import CatalogueTranslator

        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogueTranslator())  # slash commands in each user's language
        if self.settings.sync_commands:
            await self.sync_commands()
        self._background = asyncio.create_task(self.delivery.run(), name="adjutant-delivery")
        self._clock = asyncio.create_task(self._clock_loop(), name="adjutant-clock")

    async def _clock_loop(self) -> None:
        """Every ``CLOCK_EVERY`` seconds: reminders and passed deadlines (``service.tick``), each
        campaign under its gate, then delivered like any reply."""
        while not self._closing:
            await asyncio.sleep(CLOCK_EVERY)
            try:
                ticked = await self.service.tick()
            except Exception:
                log.exception("the deadline clock failed; it runs again in %s s", CLOCK_EVERY)
                continue
            if ticked:
                self.delivery.wake()

    async def sync_commands(self) -> None:
        """Register the slash commands; a failure is logged, not fatal (commands persist at Discord)."""
        guild = discord.Object(self.settings.guild_id) if self.settings.guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        where = f" to server {guild.id}" if guild else ""
        try:
            synced = await self.tree.sync(guild=guild)
        except Exception:
            log.warning("could not sync the application commands%s; serving with those Discord already has",
                        where, exc_info=True)
            return
        log.info("synced %d application commands%s", len(synced), where)

    async def on_ready(self) -> None:
        log.info("connected as %s (%s); delivering any pending replies", self.user, getattr(self.user, "id", "?"))
        self.delivery.unpark()  # a permission may have been granted meanwhile

    async def on_resumed(self) -> None:
        self.delivery.unpark()

    def dispatch(self, event: str, /, *args: Any, **kwargs: Any) -> None:
        """Channel messages are handled in order and once, after those typed while away (``catchup``).

        The catch-up is started here rather than in ``on_ready`` (a task that runs later), so
        that no live message can be handled before the history it follows: live messages wait
        from the gateway's READY (``connect``) until the catch-up has listed its channels.
        """
        if event == "connect":
            self.catchup.hold()
        elif event in ("ready", "resumed"):
            self.catchup.start()
        elif event == "message" and args and self.catchup.takes(args[0]):
            self.catchup.live(args[0])
            return
        super().dispatch(event, *args, **kwargs)

    @property
    def closing(self) -> bool:
        """Closing: new work is refused (a message not handled now is read back after the restart)."""
        return self._closing

    async def close(self) -> None:
        """Stop taking work, let work in progress finish (service call and delivery), disconnect."""
        self._closing = True
        try:
            await asyncio.wait_for(self._drain(), timeout=DRAIN_TIMEOUT)
        except TimeoutError:
            log.warning("closing with campaign work still in progress; its replies stay in the outbox")
        await self.catchup.stop()
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None
        if self._background is not None:
            self._background.cancel()
            try:
                await self._background
            except asyncio.CancelledError:
                pass
            except Exception:
                log.exception("the delivery loop had crashed")
            self._background = None
        await super().close()

    async def _drain(self) -> None:
        for lock in [*self._creating.values(), *self._gates.values()]:
            async with lock:
                pass

    # Campaigns and people ---------------------------------------------------------------------
    def gate(self, campaign_id: int) -> asyncio.Lock:
        """The lock under which a campaign's work and its delivery run (see the module docstring)."""
        return self._gates.setdefault(campaign_id, asyncio.Lock())

    def creating(self, channel_id: int) -> asyncio.Lock:
        """The lock under which a campaign is created in a channel (one campaign per channel)."""
        return self._creating.setdefault(channel_id, asyncio.Lock())

    async def campaign_in(self, channel_id: int | None) -> CampaignRow | None:
        if channel_id is None:
            return None
        return await self.store.campaign_by_channel(str(channel_id))

    @staticmethod
    def sender(user: discord.abc.User) -> Sender:
        return Sender(str(user.id), getattr(user, "display_name", None) or user.name)

    def _may_become_referee(self, interaction: discord.Interaction[Any]) -> bool:
        role_name = self.settings.referee_role
        has_role = bool(role_name) and isinstance(interaction.user, discord.Member) and any(
            r.name == role_name for r in interaction.user.roles
        )
        return has_role or interaction.permissions.manage_guild

    async def may_referee(self, row: CampaignRow, interaction: discord.Interaction[Any]) -> bool:
        """``is_referee`` without appointing anyone: for autocompletion, which changes nothing."""
        if await self.service.is_referee(row, str(interaction.user.id)):
            return True
        return self._may_become_referee(interaction)

    async def is_referee(self, row: CampaignRow, interaction: discord.Interaction[Any]) -> bool:
        """A campaign referee; a holder of the referee role or Manage Server becomes one."""
        user_id = str(interaction.user.id)
        if await self.service.is_referee(row, user_id):
            return True
        if self._may_become_referee(interaction):
            await self.store.add_referee(row.id, user_id)
            log.info("user %s became a referee of campaign %s", user_id, row.id)
            return True
        return False

    async def holdings(self, row: CampaignRow, match: Any) -> dict[str, str]:
        """Each seat's holdings as its player reads them: in the language the service writes to
        that seat (so that a hand the service already sent is recognised, not sent again in another)."""
        game = registry.get(row.game)
        out = {}
        async with self.service.speaking(row):
            for role in game.roles:
                try:
                    out[role] = render(game.holdings(match.state, role), self.service.language_for(role))
                except Exception:  # a game without holdings for a role
                    continue
        return out

    # Acting on a campaign -----------------------------------------------------------------------
    async def act(
        self,
        row: CampaignRow,
        work: Work,
        interaction: discord.Interaction[Any] | None = None,
        reply_to: discord.Message | None = None,
    ) -> list[Reply]:
        """Run ``work`` (a service call) under the campaign's gate, then deliver its replies.

        A private holdings reply is added for every seat whose holdings changed (a card drawn
        or played), so a hand reaches its owner by DM after every change.
        """
        if self._closing:
            raise ServiceError(t("Adjutant is restarting; please try again in a minute."))
        async with self.gate(row.id):
            match = await self.service.match(row)
            before = await self.holdings(row, match)
            replies = await work()
            batches = list(dict.fromkeys(r.batch for r in replies if r.batch))
            if batches:
                await self._changed_holdings(row, before, replies, batches[-1])
            for batch in batches:
                if interaction is not None:
                    self.delivery.interactions[batch] = interaction
                if reply_to is not None:
                    self.delivery.reply_to[batch] = reply_to
            try:
                await self.delivery.flush(row.id)
            except Exception:
                # The action is committed and its replies are in the outbox: deliver them later.
                log.exception("campaign %s: delivery failed; the delivery loop will retry", row.id)
                self.delivery.retry_later()
            finally:
                for batch in batches:
                    self.delivery.interactions.pop(batch, None)
                    self.delivery.reply_to.pop(batch, None)
        return replies

    async def deal_holdings(self, row: CampaignRow, role: str) -> None:
        """Send ``role``'s holdings to its new owner by DM (through the outbox, like any reply)."""
        async with self.gate(row.id):
            text = (await self.holdings(row, await self.service.match(row))).get(role)
            if text is None:
                return
            reply = Reply(role, text, batch=uuid.uuid4().hex)
            await self.store.commit_step(row.id, [], [(reply.to, reply.payload(), None)])
            try:
                await self.delivery.flush(row.id)
            except Exception:
                log.exception("campaign %s: delivery failed; the delivery loop will retry", row.id)
                self.delivery.retry_later()

    async def _changed_holdings(self, row: CampaignRow, before: dict[str, str], replies: Sequence[Reply], batch: str) -> None:
        match = await self.service.match(row)
        after = await self.holdings(row, match)
        seats = await self.store.seats(row.id)
        already = {(r.to, r.text) for r in replies}
        extra = [
            Reply(role, text, batch=batch)
            for role, text in sorted(after.items())
            if role in seats and before.get(role) != text and (role, text) not in already
        ]
        if extra:
            await self.store.commit_step(row.id, [], [(r.to, r.payload(), None) for r in extra])

    # Typed orders -------------------------------------------------------------------------------
    async def on_message(self, message: discord.Message, skip: int = 0) -> None:
        """Handle a typed message; ``skip``: its first lines were handled before a crash cut it."""
        if message.author.bot:
            return
        if message.guild is None:
            from bot.discord.direct import on_direct_message

            await on_direct_message(self, message)
            return
        content = message.content.strip()
        if not content or content.startswith(CHAT_PREFIXES):
            return
        row = await self.campaign_in(message.channel.id)
        if row is None:
            return
        sender = self.sender(message.author)
        seats = await self.service.roles_of(row, sender.user_id)
        if not seats:
            return  # spectators talk freely; only seated players' messages are orders
        if (row.archived or row.channel_lost) and not names_an_order(row, content):
            return  # after the end players talk freely ("good game"); an order gets the refusal
        self.read_orders.add(message.id, message.author.id)
        for role, text in skip_lines(by_role(content, seats, registry.get(row.game).roles), skip):
            try:
                await self.act(row, functools.partial(self.service.submit, row, sender, text, role), reply_to=message)
            except ServiceError as exc:  # answered in the channel: the campaign's language
                await self.say(message, f"{FAIL} {self.tr(exc.message, row.language)}")
            except Exception:
                # The service recorded the line as failed and kept only what it committed.
                log.exception("campaign %s: message %s failed", row.id, message.id)
                await self.say(message, f"{FAIL} {self.tr(t('Sorry, something went wrong; the error was logged.'), row.language)}")

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        from bot.discord.lost import channel_deleted

        await channel_deleted(self, channel.id, channel.guild.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        from bot.discord.lost import channel_deleted

        await channel_deleted(self, payload.thread_id, payload.guild_id)

    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        from bot.discord.direct import order_edited

        await order_edited(self, payload)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        from bot.discord.direct import order_deleted

        await order_deleted(self, payload)

    async def say(self, message: discord.Message, text: str) -> None:
        """Answer a typed message directly (for refusals the service raised before the engine)."""
        try:
            await message.reply(text[:2000], mention_author=False)
        except discord.HTTPException as exc:
            # Never the text: an answer may concern a private hand.
            log.warning("could not answer message %s in channel %s: %s", message.id, message.channel.id, exc)

    def tr(self, text: Text | str, language: str | None = None) -> str:
        """``text`` in ``language``, else in the language of the user being answered (set for each
        slash command: ``SpeakingTree``), else the service's (write ``tr(t("..."))`` so Babel
        extracts it)."""
        return render(text, language or READER.get() or self.service.language)

    def tr_language(self) -> str:
        """The language ``tr`` writes in now."""
        return READER.get() or self.service.language

    async def language_of_user(self, user_id: str, locale: str | None = None, row: CampaignRow | None = None) -> str:
        """What a user reads in replies to them alone: the language they chose ('language LANG'),
        else their Discord client's (``locale``, or as last seen) if Adjutant speaks it, else the campaign's."""
        explicit = await self.store.chosen_language(user_id)
        remembered = (await self.store.player_languages([user_id])).get(user_id)
        return explicit or language_of(locale) or remembered or (row.language if row is not None else self.service.language)

    async def speak_to(self, interaction: discord.Interaction[Any]) -> None:
        """Answer ``interaction`` (a command, a click) in its user's language for the rest of the
        task (``READER``), and remember their Discord client's language for their seat's private
        posts (written only when it changes)."""
        user_id = str(interaction.user.id)
        client_language = language_of(str(interaction.locale))
        if self._client_languages.get(user_id, "?") != client_language:
            await self.store.remember_client_language(user_id, client_language)
            self._client_languages[user_id] = client_language
        row = await self.campaign_in(interaction.channel_id)
        READER.set(await self.language_of_user(user_id, str(interaction.locale), row))


#: The language of the user a slash command answers (set by ``SpeakingTree`` for its whole run).
READER: contextvars.ContextVar[str | None] = contextvars.ContextVar("adjutant_reader", default=None)


class SpeakingTree(app_commands.CommandTree["AdjutantClient"]):
    """The command tree that answers every user in their language: before a slash command (or its
    autocompletion) runs, in the same task, it sets ``READER`` from the user's choice, their
    Discord client's locale, or the campaign of the channel."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        await self.client.speak_to(interaction)
        return True


def skip_lines(groups: Sequence[tuple[str | None, str]], skip: int) -> list[tuple[str | None, str]]:
    """The order groups of a message without its first ``skip`` lines (handled already)."""
    out = []
    for role, text in groups:
        lines = text.split("\n")
        dropped = min(skip, len(lines))
        skip -= dropped
        if lines[dropped:]:
            out.append((role, "\n".join(lines[dropped:])))
    return out


def names_an_order(row: CampaignRow, content: str) -> bool:
    """Whether a message starts like an order of the campaign's game (its first word a verb)."""
    words = content.split()
    if not words:
        return False
    first = words[1] if _ROLE_PREFIX.match(content) and len(words) > 1 and words[0].endswith(":") else words[0]
    first = first.casefold()
    game = registry.get(row.game)
    verbs = {*game.verbs, *(a for v in game.verbs.values() for a in v.aliases), *META_VERBS, *META_ALIASES}
    return first in verbs


def by_role(content: str, seats: Sequence[str], sides: Sequence[str] = ()) -> list[tuple[str | None, str]]:
    """The message's order lines grouped by role: ``red: move ...`` picks a seat you hold. A
    prefix naming another of the game's ``sides`` keeps that side, so the service refuses the
    lines as orders for a seat the sender does not hold (not as an unknown verb 'blue:')."""
    groups: list[tuple[str | None, list[str]]] = []
    for line in split_lines(content):
        role: str | None = None
        m = _ROLE_PREFIX.match(line)
        named = m.group(1).casefold() if m else ""
        if m and named not in seats and named not in sides and side_of(named) in (*seats, *sides):
            named = str(side_of(named))  # the side named in another language ("Asse: stato"), as the console reads it
        if m and (named in seats or named in sides):
            role, line = named, m.group(2)
        elif groups:
            role = groups[-1][0]
        if not line:
            continue
        if groups and groups[-1][0] == role:
            groups[-1][1].append(line)
        else:
            groups.append((role, [line]))
    return [(role, "\n".join(lines)) for role, lines in groups]
