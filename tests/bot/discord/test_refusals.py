"""Posts Discord refuses: the text of a ruling is never lost for its image or a missing permission."""

from __future__ import annotations

import logging

import pytest

from tests.bot.discord.conftest import Harness
from tests.bot.discord.fake_discord import payloads as p

OK = "\u2713"


async def pending_count(h: Harness, campaign_id: int) -> int:
    return len(await h.store.pending(campaign_id))


async def test_a_refused_image_leaves_the_text_posted_with_a_note(discord_env: Harness, caplog):
    """Discord refuses the map once: the ruling is posted without it, saying so, and nothing is dropped."""
    h = discord_env
    row = await h.create()
    h.server.fail_next("POST", rf"/channels/{h.channel}/messages", 400, 50035, "Invalid Form Body")
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    assert post.content.startswith(f"{OK} move r1 0102")
    assert not post.attachments and "refused the image" in post.content
    await h.server.settle()
    assert await pending_count(h, row.id) == 0
    assert "dropping post" not in caplog.text


async def test_without_attach_files_the_text_is_posted_naming_the_permission(discord_env: Harness):
    """The bot may not attach files in the channel: the ruling goes out as text and names Attach Files."""
    h = discord_env
    row = await h.create()
    await h.server.deny_bot(h.channel, p.ATTACH_FILES)
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    assert post.content.startswith(f"{OK} move r1 0102")
    assert "Attach Files" in post.content and not post.attachments
    await h.server.settle()
    assert await pending_count(h, row.id) == 0


async def test_without_send_messages_the_ruling_waits_and_is_not_retried_for_ever(
    discord_env: Harness, monkeypatch: pytest.MonkeyPatch, caplog
):
    """A 403 on the channel: the log and the referee are told the permission, retries stop, the ruling waits."""
    from bot.discord import delivery

    caplog.set_level(logging.INFO)
    monkeypatch.setattr(delivery, "RETRY_DELAYS", (0.05,))
    monkeypatch.setattr(delivery, "IDLE_CHECK", 0.05)
    h = discord_env
    row = await h.create()
    await h.server.deny_bot(h.channel, p.SEND_MESSAGES)
    await h.server.say(h.red, h.channel, "move r1 0102")
    await h.server.wait_until(lambda: h.server.dms(h.ref), what="the referee's notice")
    assert "Send Messages" in h.server.dms(h.ref)[0].content
    assert "lacks the Send Messages permission" in caplog.text
    posts = sum(1 for m, path in h.server.requests if m == "POST" and path == f"/channels/{h.channel}/messages")
    await h.server.settle(quiet=0.5)
    again = sum(1 for m, path in h.server.requests if m == "POST" and path == f"/channels/{h.channel}/messages")
    assert again == posts  # parked: no timed retries, although the loop wakes every 0.05 s
    assert await pending_count(h, row.id) > 0
    assert len(h.server.dms(h.ref)) == 1


async def test_a_waiting_ruling_is_posted_once_the_permission_is_granted(discord_env: Harness):
    """After a 403 the ruling's text is kept and posted, before the next one, when posting works again."""
    h = discord_env
    row = await h.create()
    before = len(h.server.from_bot(h.channel))
    await h.server.deny_bot(h.channel, p.SEND_MESSAGES)
    await h.server.say(h.red, h.channel, "move r1 0102")
    await h.server.wait_until(lambda: h.server.dms(h.ref), what="the referee's notice")
    await h.server.deny_bot(h.channel, 0)
    await h.server.say(h.red, h.channel, "move r1 0103")
    await h.server.wait_until(lambda: len(h.server.from_bot(h.channel)) >= before + 2, what="both rulings")
    texts = [m.content for m in h.server.from_bot(h.channel)[before:]]
    assert texts[0].startswith(f"{OK} move r1 0102") and texts[1].startswith(f"{OK} move r1 0103")
    await h.server.settle()
    assert await pending_count(h, row.id) == 0
