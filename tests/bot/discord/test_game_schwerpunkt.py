"""Schwerpunkt (Von Manstein's Backhand Blow) on Discord, end to end through the fake Discord:
the German's attack typed, the Soviet's refusal window (S 12.6) pinged and answered, the drawn
chits by DM to their owner alone and chosen in secret (S 12.5), the counters below the top of a
stack never shown to the enemy, and the published default applied at a deadline."""

from __future__ import annotations

from bot.pictures import render_with_description
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
    readable,
)
from tests.engine.games.schwerpunkt.combat_helpers import german_combat

GAME = "schwerpunkt"
ATTACK = "attack 2021 with 168-417"


def combat_segment() -> Match:
    """The German's Combat segment: 168-417 (TV 2) next to the 12th Tank Corps (TV 4, motorised);
    a German stack of two at 1818 and a Soviet one at 2520, each with a counter under its top."""
    return german_combat({"2020": ["168-417"], "1818": ["168-429", "168-442"], "2021": ["s-12tc"], "2520": ["s-100", "s-183"]})


async def at_the_combat(h: Harness):
    """A campaign created by slash command, seated (Rosa the Soviet, Bruno the German), at the Combat segment."""
    row, seats = await create_seated(h, GAME)
    assert seats == {"soviet": h.red, "german": h.blue}
    mark = await load(h, combat_segment())
    return row, seats, mark


async def test_the_stacks_below_their_top_stay_with_their_owner(discord_env: Harness):
    """S 3.5: after a typed attack neither the channel (the real map's description too), nor the Soviet's DMs, choices or map name 168-442; the German's own map does."""
    h = discord_env
    row, seats, mark = await at_the_combat(h)
    h.service.renderer = render_with_description
    post = await h.post_after(h.channel, h.server.say(h.blue, h.channel, ATTACK))
    assert post.content.startswith(f"{OK} attack 2021"), post.text
    assert post.attachments and post.files[-1].startswith(b"\x89PNG")
    await assert_secrets_kept(h, row, seats, mark)
    assert "168-442" not in readable(mark.posts(h))
    own = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant map"))
    assert own.messages()[-1].ephemeral and "168-442" in readable(own.messages()[-1:])
    enemy = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant map"))
    assert "168-442" not in readable(enemy.messages()[-1:])


async def test_the_refusal_window_pings_the_defender_and_is_answered(discord_env: Harness):
    """S 12.6: the attack pings Rosa for her refusal window; the attacker may not answer it; her 'accept' is applied."""
    h = discord_env
    row, seats, mark = await at_the_combat(h)
    window = await h.post_after(h.channel, h.server.say(h.blue, h.channel, ATTACK))
    assert h.red.id in mentioned(window) and "refuse" in window.text
    dms, posts = len(h.server.dms(h.blue)), len(h.server.from_bot(h.channel))
    await h.server.say(h.blue, h.channel, "accept")
    refused = await h.server.wait_until(
        lambda: [m for m in h.server.dms(h.blue)[dms:] + h.server.from_bot(h.channel)[posts:] if FAIL in m.text], what="a refusal",
    )
    assert FAIL in refused[0].text and "12.6" in refused[0].text, refused[0].text
    accepted = await h.post_after(h.channel, h.server.say(h.red, h.channel, "accept"))
    assert accepted.content.startswith(f"{OK} accept") and accepted.attachments, accepted.text
    await assert_secrets_kept(h, row, seats, mark)


async def test_the_drawn_chits_reach_their_owner_and_are_chosen_in_secret(discord_env: Harness):
    """S 12.5: each side reads its own drawn chits by DM; the German's sealed choice by '/adjutant order' names no chit in the channel."""
    h = discord_env
    row, seats, mark = await at_the_combat(h)
    await h.post_after(h.channel, h.server.say(h.blue, h.channel, ATTACK))
    await h.post_after(h.channel, h.server.say(h.red, h.channel, "accept"))
    drawn = (await h.service.match(row)).state["combat"]["drawn"]
    for role, user in seats.items():
        await h.server.wait_until(lambda user=user, role=role: set(drawn[role]) <= readable(h.server.dms(user)), what=f"{role}'s chits")
    await assert_secrets_kept(h, row, seats, mark)
    choices = [c["value"] for c in await h.server.autocomplete(h.blue, h.channel, "adjutant order", "text", text="chits ")]
    assert f"chits {drawn['german'][0]}" in choices
    before = len(h.server.from_bot(h.channel))
    it = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant order", text=f"chits {drawn['german'][0]}"))
    assert OK in it.text and FAIL not in it.text, it.text
    post = await h.server.next_post(h.channel, before)
    assert drawn["german"][0] not in readable([post])
    await assert_secrets_kept(h, row, seats, mark)
    assert "german" not in (await h.service.match(row)).active()


async def test_the_refusal_windows_default_is_applied_at_the_deadline(discord_env: Harness):
    """S 12.6: Rosa does not answer within the deadline: 'accept' is applied for her and the chits are drawn."""
    h = discord_env
    clock = Clock()
    h.service.clock = clock
    row, seats, mark = await at_the_combat(h)
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref deadline", hours=48, reason="one day each"))
    await h.post_after(h.channel, h.server.say(h.blue, h.channel, ATTACK))
    applied = await default_after_deadline(h, clock)
    assert "accept" in applied[0].text
    assert (await h.service.match(row)).state["combat"]["stage"] == "chits"
    await assert_secrets_kept(h, row, seats, mark)
