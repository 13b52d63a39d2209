"""Across the Bug River on Discord, end to end through the fake Discord, with the real map
renderer: a German move typed, the Soviet's Formation Reaction window (6.4) pinged and answered,
current strength (3.4) read by its owner alone, the counter under a stack's top (5.3.4) never
named to the enemy, and the window's published default applied at a deadline."""

from __future__ import annotations

from bot.pictures import render_with_description
from engine import registry, stacks
from engine.games.across_the_bug_river.game import POLICY
from engine.kernel import Match
from tests.bot.discord.conftest import Harness
from tests.bot.discord.newgames import (
    FAIL,
    OK,
    Clock,
    assert_secrets_kept,
    create_seated,
    default_after_deadline,
    load,
    mentioned,
    situation,
)
from tests.engine.games.across_the_bug_river.helpers import activating, put

GAME = "across-the-bug-river"
MOVE = "move I/36 1304 1305 1405"


def next_to_the_87th() -> Match:
    """The German 14th Panzer activated with 5 AP; I/36 (current strength 3) at 1303; the Soviet
    II/16 over I/16 at 1506, their 87th RD's HQ in command range at 1602."""
    match = situation(GAME, "scenario1", "bug")
    state = match.state
    for uid, u in state["units"].items():
        if u["hex"] is not None:
            stacks.remove(POLICY, state, state["units"], uid)
            u["hex"] = None
    state["shown"] = []
    for uid, label in (("HQ-14pz", "1408"), ("HQ-44id", "1505"), ("HQ-87rd", "1602"), ("I/36", "1303"), ("II/16", "1506"), ("I/16", "1506")):
        put(state, uid, label)
    activating(state, "german", "14pz", 5)
    state["units"]["I/36"]["strength"] = 3
    game = registry.get(GAME)
    game.note_shown(state)  # type: ignore[attr-defined]
    game.check_invariants(state)
    return match


async def at_the_river(h: Harness):
    """A campaign created by slash command, seated (Rosa the German, Bruno the Soviet), drawn by the real renderer from the position on."""
    row, seats = await create_seated(h, GAME)
    assert seats == {"german": h.red, "soviet": h.blue}
    h.service.renderer = render_with_description
    mark = await load(h, next_to_the_87th())
    return row, seats, mark


def described(post) -> str:
    """The description of a post's map image (what a screen reader reads)."""
    return " ".join(str(a.get("description") or "") for a in post.attachments)


async def test_a_typed_move_opens_the_reaction_window_and_pings_the_soviet(discord_env: Harness):
    """6.4.1: the move is ticked with the public map (no strength, the counter under II/16 hidden) and Bruno is pinged."""
    h = discord_env
    row, seats, mark = await at_the_river(h)
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, MOVE))
    assert post.content.startswith(f"{OK} move I/36"), post.text
    assert post.files and post.files[-1].startswith(b"\x89PNG")
    assert "1405: I/36;" in described(post) and "3-6-8" not in described(post) and "a hidden Soviet unit" in described(post)
    assert h.blue.id in mentioned(post) and "attempt a reaction with 87rd" in post.text, post.text
    assert (await h.service.match(row)).active() == {"soviet"}
    await assert_secrets_kept(h, row, seats, mark)


async def test_the_reaction_is_answered_by_the_soviet_alone(discord_env: Harness):
    """6.4: Rosa may not answer the Soviet's window; Bruno's 'react 87rd' by '/adjutant order' is applied."""
    h = discord_env
    row, seats, mark = await at_the_river(h)
    await h.post_after(h.channel, h.server.say(h.red, h.channel, MOVE))
    offered = [c["value"] for c in await h.server.autocomplete(h.blue, h.channel, "adjutant order", "text", text="")]
    assert {"react 87rd", "noreact"} <= set(offered)
    assert not [c for c in await h.server.autocomplete(h.red, h.channel, "adjutant order", "text", text="") if "react" in c["value"]]
    refused = await h.post_after(h.channel, h.server.say(h.red, h.channel, "noreact"))
    assert FAIL in refused.text
    before = len(h.server.from_bot(h.channel))
    it = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant order", text="react 87rd"))
    assert OK in it.text and FAIL not in it.text, it.text
    post = await h.server.next_post(h.channel, before)
    assert post.content.startswith(f"{OK} react 87rd") and post.attachments
    await assert_secrets_kept(h, row, seats, mark)


async def test_current_strength_is_read_by_its_owner_alone(discord_env: Harness):
    """3.4: '/adjutant map' shows Rosa her I/36 at strength 3 (3-6-8), privately; Bruno's map does not."""
    h = discord_env
    await at_the_river(h)
    own = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant map"))
    assert own.messages()[-1].ephemeral and "I/36 3-6-8" in described(own.messages()[-1])
    enemy = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant map"))
    assert "I/36;" in described(enemy.messages()[-1]) and "3-6-8" not in described(enemy.messages()[-1])


async def test_the_reaction_windows_default_is_applied_at_the_deadline(discord_env: Harness):
    """6.4: Bruno does not answer within the deadline: 'noreact' is applied and the German's activation goes on."""
    h = discord_env
    clock = Clock()
    h.service.clock = clock
    row, seats, mark = await at_the_river(h)
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref deadline", hours=48, reason="one day each"))
    await h.post_after(h.channel, h.server.say(h.red, h.channel, MOVE))
    applied = await default_after_deadline(h, clock)
    assert "noreact" in applied[0].text
    assert (await h.service.match(row)).active() == {"german"}
    await assert_secrets_kept(h, row, seats, mark)
