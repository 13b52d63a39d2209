"""Combat Commander played on the fake Discord by two players: a private standing reaction of
opportunity fire (digest 6.4, A33), the 'fp' preview answered to its asker alone (O20.3), and a
leader and squad moving together as a stack (O21.2) into the reaction's hex."""

from __future__ import annotations

from tests.bot.discord.conftest import Harness
from tests.bot.discord.newgames import OK, assert_secrets_kept, create_seated, load, situation

GAME = "combat_commander"


async def test_a_stack_walks_into_a_private_fire_reaction(discord_env: Harness):
    """Bruno's 'react fire D3 a-s1' reads 'react (private)' in the channel; Rosa's stack step into D3 draws that fire."""
    h = discord_env
    row, seats = await create_seated(h, GAME)
    mark = await load(h, situation(GAME, "farm", "seed1"))
    reacted = await h.post_after(h.channel, h.server.say(h.blue, h.channel, "react fire D3 a-s1"))
    assert reacted.content.startswith(f"{OK} react (private)"), reacted.text
    assert "D3" not in reacted.text
    dms = len(h.server.dms(h.red))
    await h.server.say(h.red, h.channel, "fp F5 g-s1 g-l1")
    preview = await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the preview to Rosa alone")
    assert "F5" in preview[0].text
    assert not [m for m in mark.posts(h) if "Each defender rolls" in m.text], "the preview stays out of the channel"
    moved = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move ger04 g-l1 g-s1"))
    assert moved.content.startswith(f"{OK} move card g-l1 g-s1"), moved.text
    stepped = await h.post_after(h.channel, h.server.say(h.red, h.channel, "step g-l1 g-s1 D3"))
    assert "g-l1, g-s1 move together to D3" in stepped.text, stepped.text
    await h.server.settle()
    said = " ".join(m.text for m in mark.posts(h))
    assert "as opportunity fire, activating a-s1" in said
    assert not [m for m in [*mark.posts(h), *h.server.dms(h.red)] if "react fire" in m.text], "the reaction reaches nobody else"
    await assert_secrets_kept(h, row, seats, mark)
