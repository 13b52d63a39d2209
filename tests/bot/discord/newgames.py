"""Shared helpers for the Discord end-to-end tests of Combat Commander, Schwerpunkt and Across
the Bug River: a campaign created by slash command and seated by the game's own roles, a
position loaded by the referee, and the check that no role's secret reaches anybody else."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.store import CampaignRow
from engine import registry
from engine.kernel import Match
from tests.bot.discord.conftest import Harness
from tests.bot.discord.fake_discord import Posted, User
from tests.bot.discord.fake_discord import payloads as p
from tests.bot.discord.fake_discord.payloads import Upload
from tests.harness import words_of

OK, FAIL = "\u2713", "\u2717"
#: The seed of every campaign these tests create: '/adjutant create' draws a random one, and a
#: random seed would deal other hands and roll other dice at each run (a test that flakes in CI).
SEED = "newgames-e2e"


def fix_seed(h: Harness, seed: str = SEED) -> None:
    """Make the service create ``h``'s next campaigns with ``seed`` (the slash command has no seed)."""
    create = h.service.create

    async def seeded(*args: Any, **kwargs: Any) -> Any:
        return await create(*args, **{**kwargs, "seed": kwargs.get("seed") or seed})

    h.monkeypatch.setattr(h.service, "create", seeded)


async def create_seated(h: Harness, game: str) -> tuple[CampaignRow, dict[str, User]]:
    """The referee creates ``game`` by its exact name with '/adjutant create', on the fixed seed
    ``SEED``; Rosa takes the game's first role and Bruno its second with '/adjutant join'.
    Returns the row and the seats."""
    assert h.client.service is h.service
    fix_seed(h)
    row = await h.create(game, seat=False)
    assert row.seed == SEED, "the campaign must be created on the fixed seed"
    roles = registry.get(row.game).roles
    seats = {roles[0]: h.red, roles[1]: h.blue}
    for role, user in seats.items():
        it = await h.server.answered(await h.server.slash(user, h.channel, "adjutant join", side=role))
        assert FAIL not in it.text, it.text
    await h.server.settle()
    return row, seats


@dataclass(frozen=True)
class Mark:
    """How many posts the channel and each member's DMs held at a moment (what came before a
    loaded position was dealt differently, so its open chits may be another deal's secrets)."""

    channel: int = 0
    dms: dict[int, int] = field(default_factory=dict)

    def posts(self, h: Harness) -> list[Posted]:
        return h.server.from_bot(h.channel)[self.channel:]

    def dms_of(self, h: Harness, user: User) -> list[Posted]:
        return h.server.dms(user)[self.dms.get(user.id, 0):]


async def load(h: Harness, match: Match, reason: str = "set up the situation to test") -> Mark:
    """The referee loads ``match``'s position with '/ref position'; what was posted before it."""
    await h.server.settle()
    before = Mark(len(h.server.from_bot(h.channel)), {u.id: len(h.server.dms(u)) for u in (h.red, h.blue)})
    upload = Upload("situation.position.json", match.export_position().encode())
    post = await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref position", file=upload, reason=reason))
    assert post.content.startswith(f"{OK} referee: position"), post.text
    await h.server.settle()
    return before


def readable(posts: Iterable[Posted]) -> set[str]:
    """Every word a reader of ``posts`` reads: texts, embeds and the images' descriptions."""
    words: set[str] = set()
    for post in posts:
        words |= words_of(post.text)
        for a in post.attachments:
            words |= words_of(str(a.get("description") or ""))
    return words


def threads_of(h: Harness, user: User) -> list[int]:
    """The private threads ``user`` is a member of."""
    return [c.id for c in h.server.channels.values() if c.type == p.PRIVATE_THREAD and user.id in h.server.members_of.get(c.id, set())]


async def offered(h: Harness, user: User, typed: str) -> set[str]:
    """Every word of the '/adjutant order' choices offered to ``user`` after ``typed``."""
    choices = await h.server.autocomplete(user, h.channel, "adjutant order", "text", text=typed)
    return {w for c in choices for w in words_of(f"{c['name']} {c['value']}")}


async def assert_secrets_kept(h: Harness, row: CampaignRow, seats: dict[str, User], since: Mark = Mark()) -> None:
    """What each role keeps from the other now (``Game.secrets``) is nowhere in the channel, in
    the other player's DMs or private threads (``since`` a mark), nor in the order choices offered to them."""
    match = await h.service.match(row)
    secrets = registry.get(row.game).secrets(match.state)
    await h.server.settle()
    channel = readable(since.posts(h))
    for role, user in seats.items():
        kept = {w for other, words in secrets.items() if other != role for w in words}
        if not kept:
            continue
        assert not kept & channel, f"in the channel: {sorted(kept & channel)}: {[m.text for m in since.posts(h) if kept & readable([m])]}"
        private = readable(since.dms_of(h, user)) | readable(m for t in threads_of(h, user) for m in h.server.from_bot(t))
        assert not kept & private, f"to {role}: {sorted(kept & private)}"
        choices = await h.server.autocomplete(user, h.channel, "adjutant order", "text", text="")
        words = {w for c in choices for w in words_of(f"{c['name']} {c['value']}")}
        for verb in sorted({str(c["value"]).split()[0] for c in choices if str(c["value"]).strip()}):
            words |= await offered(h, user, f"{verb} ")
        assert not kept & words, f"offered to {role}: {sorted(kept & words)}"


def situation(game: str, scenario: str, seed: str) -> Match:
    """A fresh match of ``game`` with a known seed (the hands and cups it deals are known)."""
    played = registry.get(game)
    return Match.new(played, scenario, played.options, seed)


def mentioned(post: Posted) -> list[int]:
    """The members a post pings."""
    return [int(u["id"]) for u in post.payload.get("mentions") or []]


class Clock:
    """A fake clock for the service's deadlines."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def tick(h: Harness) -> None:
    """What the client's clock loop does every minute: the service's tick, then delivery."""
    await h.service.tick()
    h.client.delivery.wake()
    await h.server.settle()


async def default_after_deadline(h: Harness, clock: Clock, hours: float = 49) -> list[Posted]:
    """Lets ``hours`` pass and waits for the channel posts saying a default was applied after the
    deadline (what the client's clock loop does when nobody answers in time)."""
    before = len(h.server.from_bot(h.channel))
    clock.now += hours * 3600.0
    await tick(h)
    return await h.server.wait_until(
        lambda: [m for m in h.server.from_bot(h.channel)[before:] if "after the deadline" in m.text], what="the default applied",
    )

