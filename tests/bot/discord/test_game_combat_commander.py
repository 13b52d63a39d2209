"""Combat Commander: Europe on Discord, end to end through the fake Discord: the hand and the
secret objective by DM to their owner alone, orders typed and by '/adjutant order' with a map
after each, the held roll answered by the player holding the Initiative card (9.1), its ping
and its published default applied at a deadline."""

from __future__ import annotations

from bot.pictures import render_with_description
from engine import registry
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
    situation,
    threads_of,
)

GAME = "combat_commander"


async def to_the_held_roll(h: Harness) -> None:
    """Axis (Rosa) fires ger01 with g-s3 at J7 and passes before the roll: the Allies (Bruno) hold the Initiative card."""
    for line, echo in (("fire ger01 g-s3", "fire card g-s3"), ("attack J7 g-s3", "attack J7 g-s3")):
        post = await h.post_after(h.channel, h.server.say(h.red, h.channel, line))
        assert post.content.startswith(f"{OK} {echo}"), post.text


async def seated_at_seed(h: Harness):
    """A campaign created by slash command, seated, then the referee's position of a known deal."""
    row, seats = await create_seated(h, GAME)
    mark = await load(h, situation(GAME, "farm", "seed1"))
    return row, seats, mark


async def test_each_hand_and_secret_objective_reach_their_owner_alone(discord_env: Harness):
    """1.3, 5.1: Rosa's DMs hold the Axis hand and objective chit, Bruno's the Allies'; neither reads the other's."""
    h = discord_env
    row, seats = await create_seated(h, GAME)
    match = await h.service.match(row)
    secrets = registry.get(GAME).secrets(match.state)
    for role, user in seats.items():
        got = await h.server.wait_until(lambda user=user, role=role: secrets[role] <= readable(h.server.dms(user)), what=f"{role}'s hand")
        assert got
    await assert_secrets_kept(h, row, seats)


async def test_a_typed_order_is_answered_with_a_map_and_keeps_the_hands(discord_env: Harness):
    """An accepted order: ticked in the channel (the card by its face, not its id) with the real map attached; no hand is shown."""
    h = discord_env
    row, seats, mark = await seated_at_seed(h)
    h.service.renderer = render_with_description
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move ger04 g-s1"))
    assert post.content.startswith(f"{OK} move card g-s1") and "Move / Assault Fire / Hero" in post.content, post.text
    assert post.attachments and post.files[-1].startswith(b"\x89PNG")
    await assert_secrets_kept(h, row, seats, mark)


async def test_slash_order_offers_each_side_only_its_own_cards(discord_env: Harness):
    """'/adjutant order' completes the Axis's card orders for Rosa; Bruno is offered none of them, and the order is applied."""
    h = discord_env
    row, seats, mark = await seated_at_seed(h)
    axis = [c["value"] for c in await h.server.autocomplete(h.red, h.channel, "adjutant order", "text", text="fire ")]
    assert "fire ger01 g-s3" in axis
    allies = await h.server.autocomplete(h.blue, h.channel, "adjutant order", "text", text="fire ")
    assert not [c for c in allies if "ger01" in c["value"]]
    before = len(h.server.from_bot(h.channel))
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant order", text="fire ger01 g-s3"))
    assert OK in it.text and FAIL not in it.text, it.text
    post = await h.server.next_post(h.channel, before)
    assert post.content.startswith(f"{OK} fire card g-s3") and post.attachments
    await assert_secrets_kept(h, row, seats, mark)


async def test_the_held_roll_pings_the_initiative_holder_who_rerolls(discord_env: Harness):
    """9.1: after the Axis's roll the Allies are pinged to accept or reroll; Bruno's typed 'reroll' is accepted."""
    h = discord_env
    row, seats, mark = await seated_at_seed(h)
    await to_the_held_roll(h)
    window = await h.post_after(h.channel, h.server.say(h.red, h.channel, "pass"))
    assert window.content.startswith(f"{OK} pass")
    assert h.blue.id in mentioned(window) and "reroll" in window.text
    assert (await h.service.match(row)).active() == {"allies"}
    dms = len(h.server.dms(h.red))
    await h.server.say(h.red, h.channel, "reroll")
    refused = await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the refusal to Rosa alone")
    assert FAIL in refused[0].text
    rerolled = await h.post_after(h.channel, h.server.say(h.blue, h.channel, "reroll"))
    assert rerolled.content.startswith(f"{OK} reroll"), rerolled.text
    assert rerolled.attachments, "a map after the accepted reroll"
    await assert_secrets_kept(h, row, seats, mark)


async def test_the_held_rolls_default_is_applied_at_the_deadline(discord_env: Harness):
    """9.1: Bruno does not answer within the deadline: the published default 'accept' is applied for the Allies."""
    h = discord_env
    clock = Clock()
    h.service.clock = clock
    row, seats, mark = await seated_at_seed(h)
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref deadline", hours=48, reason="one day each"))
    await to_the_held_roll(h)
    await h.post_after(h.channel, h.server.say(h.red, h.channel, "pass"))
    applied = await default_after_deadline(h, clock)
    assert "accept" in applied[0].text
    assert [r.text for r in (await h.service.match(row)).records if r.role == "allies"][-1] == "accept"
    await assert_secrets_kept(h, row, seats, mark)


async def test_with_private_threads_each_hand_goes_to_its_own_seats_thread(discord_env: Harness):
    """'/ref private-posts thread': after an order the Axis hand is in Rosa's thread, never in Bruno's nor the channel."""
    h = discord_env
    row, seats, mark = await seated_at_seed(h)
    await h.server.answered(await h.server.slash(h.ref, h.channel, "ref private-posts", where="thread"))
    await h.post_after(h.channel, h.server.say(h.red, h.channel, "move ger04 g-s1"))
    thread = await h.server.wait_until(lambda: threads_of(h, h.red), what="the Axis thread")
    hand = registry.get(GAME).secrets((await h.service.match(row)).state)["axis"]
    await h.server.wait_until(lambda: hand <= readable(h.server.from_bot(thread[0])), what="the Axis hand in its thread")
    assert h.server.members_of[thread[0]] == {h.red.id, h.ref.id}
    await assert_secrets_kept(h, row, seats, mark)
