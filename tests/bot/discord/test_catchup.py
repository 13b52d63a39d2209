"""Orders typed while the bot was down are read back from the channel's history, once, in order."""

from __future__ import annotations

from bot.discord.client import skip_lines
from bot.service import CampaignService, Sender
from bot.store import Store
from tests.bot.discord.conftest import Harness

OK = "\u2713"
HISTORY = r"/channels/\d+/messages"


async def typed(store: Store) -> list[tuple[str, str | None]]:
    """Every stored typed line with the Discord message it came from, in the order handled."""
    async with store.db.execute("SELECT text, source FROM messages ORDER BY id") as cur:
        return [(r["text"], r["source"]) for r in await cur.fetchall()]


async def test_orders_typed_while_down_are_handled_in_order_after_a_restart(discord_env: Harness):
    """Two orders typed while the bot is down are each handled once, oldest first, on start."""
    h = discord_env
    row = await h.create()
    await h.stop()
    first = await h.server.say(h.red, h.channel, "move r1 0102")
    second = await h.server.say(h.red, h.channel, "move r1 0103")
    before = len(h.server.from_bot(h.channel))
    await h.start()
    await h.server.wait_until(lambda: len(h.server.from_bot(h.channel)) >= before + 2, what="two answers")
    await h.server.settle()
    assert await typed(h.store) == [("move r1 0102", str(first.id)), ("move r1 0103", str(second.id))]
    answers = h.server.from_bot(h.channel)[before:]
    assert [a.payload["message_reference"]["message_id"] for a in answers] == [str(first.id), str(second.id)]
    assert answers[0].content.startswith(f"{OK} move r1 0102")
    assert (await h.service.match(row)).state["units"]["r1"]["hex"] == "0103"


async def test_a_second_restart_handles_nothing_again(discord_env: Harness):
    """After a catch-up, restarting twice more reads the history but handles no message again."""
    h = discord_env
    await h.create()
    await h.stop()
    await h.server.say(h.red, h.channel, "move r1 0102")
    await h.start()
    await h.server.wait_until(lambda: len(h.server.from_bot(h.channel)) and h.server.history_reads, what="the catch-up")
    await h.server.settle()
    lines, posts = await typed(h.store), len(h.server.from_bot(h.channel))
    for restart in range(2):
        reads = h.server.history_reads
        await h.restart()
        await h.server.wait_until(lambda reads=reads: h.server.history_reads > reads, what=f"catch-up {restart}")
        await h.server.settle()
        assert await typed(h.store) == lines
        assert len(h.server.from_bot(h.channel)) == posts


async def test_a_live_message_during_the_catch_up_is_handled_once_after_the_history(discord_env: Harness):
    """A message typed while the history is being read waits for it and is handled once."""
    h = discord_env
    await h.create()
    await h.stop()
    old = await h.server.say(h.red, h.channel, "move r1 0102")
    release = h.server.hold("GET", HISTORY)
    await h.start()
    await h.server.wait_until(lambda: h.server.held, what="the history read")
    live = await h.server.say(h.red, h.channel, "move r1 0103")
    release.set()
    await h.server.wait_until(lambda: len(h.server.from_bot(h.channel)) and len(h.server.held) >= 1, what="answers")
    await h.server.settle(quiet=0.5)
    assert await typed(h.store) == [("move r1 0102", str(old.id)), ("move r1 0103", str(live.id))]


async def test_chat_and_spectators_while_down_move_the_mark_without_orders(discord_env: Harness):
    """Messages that are no orders are read back, change nothing, and are not read again."""
    h = discord_env
    row = await h.create()
    await h.stop()
    await h.server.say(h.stranger, h.channel, "move r1 0102")
    chat = await h.server.say(h.red, h.channel, "// back tomorrow")
    await h.start()
    await h.server.wait_until(lambda: h.server.history_reads, what="the catch-up")
    await h.server.settle()
    assert await typed(h.store) == []
    assert (await h.store.catch_up_from())[0][1] == chat.id
    assert (await h.service.match(row)).state["units"]["r1"]["hex"] != "0102"


async def test_the_bots_own_posts_are_read_back_once_at_most(discord_env: Harness):
    """The channel's mark moves past the bot's posts read back, so the next start does not read them again."""
    h = discord_env
    await h.create()
    await h.server.say(h.red, h.channel, "move r1 0102")
    await h.server.wait_until(lambda: len(h.server.from_bot(h.channel)) >= 2, what="the answer")
    await h.server.settle()
    reads = h.server.history_reads
    await h.restart()
    await h.server.wait_until(lambda: h.server.history_reads > reads, what="the catch-up")
    await h.server.settle()
    assert (await h.store.catch_up_from())[0][1] == h.server.from_bot(h.channel)[-1].id


async def test_a_message_cut_by_a_crash_has_its_remaining_lines_handled_on_restart(discord_env: Harness):
    """A crash after the first of three lines: the restart handles lines two and three, once."""
    h = discord_env
    row = await h.create()
    await h.stop()
    cut = await h.server.say(h.red, h.channel, "move r1 0102\nmove r1 0103\nmove r1 0104")
    # What the crashed process committed: the first line, with the message's id and mark.
    store = await Store.open(h.db)
    service = CampaignService(store)
    with store.handling(str(h.channel), cut.id):
        await service.submit(row, Sender(str(h.red.id), h.red.name), "move r1 0102", "red")
    await store.close()
    await h.start()
    await h.server.wait_until(lambda: h.server.history_reads, what="the catch-up")
    await h.server.settle()
    assert await typed(h.store) == [(f"move r1 010{n}", str(cut.id)) for n in (2, 3, 4)]
    assert (await h.service.match(row)).state["units"]["r1"]["hex"] == "0104"
    await h.restart()
    await h.server.settle()
    assert len(await typed(h.store)) == 3


def test_skip_lines_drops_the_first_lines_across_role_groups():
    """The lines handled before the cut are dropped wherever they fall among role groups."""
    groups = [("red", "move a\nmove b"), ("blue", "move c\nmove d")]
    assert skip_lines(groups, 0) == groups
    assert skip_lines(groups, 1) == [("red", "move b"), ("blue", "move c\nmove d")]
    assert skip_lines(groups, 3) == [("blue", "move d")]
    assert skip_lines(groups, 4) == []
