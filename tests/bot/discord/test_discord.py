"""End to end: the real discord.py client against the fake Discord, with a real store."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Sender
from bot.store import Store
from tests.bot.discord.conftest import Harness, stop_client
from tests.bot.discord.fake_discord import FORUM, PUBLIC_THREAD

OK, FAIL = "\u2713", "\u2717"


def sender(user) -> Sender:
    return Sender(str(user.id), user.name)


async def drained(h: Harness, campaign_id: int, timeout: float = 10.0) -> None:
    """Wait until the campaign's outbox is empty (every entry delivered and marked)."""
    for _ in range(int(timeout / 0.1)):
        if await h.store.pending(campaign_id) == []:
            return
        await h.server.settle(quiet=0.1, timeout=0.2)
    raise TimeoutError("the outbox was not drained")


async def test_typed_orders_become_actions_with_one_post_and_a_map(discord_env: Harness):
    """Several lines, one message: each line ticked or crossed, one map after the last line."""
    h = discord_env
    row = await h.create()
    before = len(h.server.from_bot(h.channel))
    typed = await h.server.say(h.red, h.channel, "move r1 0102\nmove r1 0909\nmove r1 0103")
    post = await h.server.next_post(h.channel, before)
    await h.server.settle()
    assert len(h.server.from_bot(h.channel)) == before + 1  # one message for the whole batch
    lines = post.text.splitlines()
    assert lines[0] == f"{OK} move r1 0102"
    assert any(line.startswith(f"{FAIL} move r1 0909") and "not a hex" in line for line in lines)
    assert post.payload["message_reference"]["message_id"] == str(typed.id)
    images = post.attachments
    assert len(images) == 1 and all(a["filename"].endswith(".png") for a in images)
    assert images[-1]["description"] == "Duel map: b1 in 0505, b2 in 0404, r1 in 0103, r2 in 0202."
    assert post.files[-1].startswith(b"\x89PNG")
    assert (await h.service.match(row)).state["units"]["r1"]["hex"] == "0103"
    assert await h.store.pending(row.id) == []


async def test_a_referee_replaces_a_player_on_the_record(discord_env: Harness):
    """/ref seat gives a side to another member, with the reason announced; they order for it."""
    h = discord_env
    row = await h.create()
    post = await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref seat", side="red", user=h.stranger, reason="Rosa is away"))
    assert "Reason: Rosa is away" in post.content
    assert (await h.store.seats(row.id))["red"] == (str(h.stranger.id), "Xavier")
    moved = await h.post_after(h.channel, h.server.say(h.stranger, h.channel, "move r1 0102"))
    assert moved.content.startswith(f"{OK} move r1 0102")
    assert h.server.identifies[-1]["intents"] & (1 << 15)  # the message content intent is asked for


async def test_a_seat_given_by_its_italian_name_is_that_seat_and_no_other(discord_env: Harness):
    """'/ref seat side:Sovietico' gives the Soviet seat, named: no second seat 'sovietico' is stored, and its new player orders without naming a side."""
    from bot.pictures import render_with_description

    h = discord_env
    h.service.renderer = render_with_description
    row = await h.create("caucasus")
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref seat", side="Sovietico", user=h.stranger, reason="stand-in"))
    seats = await h.store.seats(row.id)
    assert set(seats) == {"axis", "soviet"} and seats["soviet"] == (str(h.stranger.id), "Xavier"), seats
    assert await h.service.roles_of(row, str(h.stranger.id)) == ["soviet"]


async def test_a_side_joined_by_its_italian_name_gets_its_hand(discord_env: Harness):
    """'/adjutant join side:Asse' in Combat Commander seats the Axis and sends its hand by direct message, as 'side:axis' does."""
    from tests.bot.discord.newgames import fix_seed

    h = discord_env
    fix_seed(h)
    await h.create("combat_commander", seat=False)
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant join", side="Asse"))
    assert FAIL not in it.text, it.text
    await h.server.wait_until(lambda: any("Your hand" in m.text for m in h.server.dms(h.red)), what="the Axis hand by DM")


async def test_an_illegal_order_is_refused_with_its_rule(discord_env: Harness):
    """The engine's reason and rule number reach the channel; the state is unchanged."""
    h = discord_env
    row = await h.create()
    before = (await h.service.match(row)).hash()
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "attack r1 b1"))
    assert post.text.startswith(f"{FAIL} attack r1 b1") and "(F.4)" in post.text
    assert post.content == ""  # the ruling is an embed: the order as title, the rule as a field
    [ruling] = post.embeds
    assert ruling["title"] == f"{FAIL} attack r1 b1" and "(F.4)" not in ruling["description"]
    assert ruling["fields"] == [{"name": "Rule", "value": "F.4", "inline": True}]
    assert not post.attachments
    assert (await h.service.match(row)).hash() == before


async def test_slash_order_completes_from_legal_actions(discord_env: Harness):
    """Autocomplete offers verbs, then units, then hexes, all from the prompt's legal actions."""
    h = discord_env
    await h.create()
    every = [c["value"] for c in await h.server.autocomplete(h.red, h.channel, "adjutant order", "text", text="")]
    assert {"end", "draw", "move r1 0102", "move r2 0303"} <= set(every)
    moves = [c["value"] for c in await h.server.autocomplete(h.red, h.channel, "adjutant order", "text", text="mo")]
    assert moves and all(m.startswith("move ") for m in moves)
    hexes = [c["value"] for c in await h.server.autocomplete(h.red, h.channel, "adjutant order", "text", text="move r1 ")]
    assert sorted(hexes) == ["move r1 0102", "move r1 0201"]
    assert await h.server.autocomplete(h.stranger, h.channel, "adjutant order", "text", text="mo") == []
    before = len(h.server.from_bot(h.channel))
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant order", text="move r1 0201"))
    assert it.messages()[0].ephemeral and f"{OK} move r1 0201" in it.text
    post = await h.server.next_post(h.channel, before)
    assert post.content.startswith(f"{OK} move r1 0201") and post.attachments


async def test_a_button_answers_a_response_window_and_a_stale_click_is_refused(discord_env: Harness):
    """The defender decides with buttons; a click built on an older state is never applied."""
    h = discord_env
    row = await h.create()
    announced = await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref place", unit="b2", hex="0203", reason="set up a fight"))
    assert "Reason: set up a fight" in announced.content
    window = await h.post_after(h.channel, h.server.say(h.red, h.channel, "attack r2 b2"))
    assert "pass or brace" in window.content
    decide = next(c for c in window.custom_ids() if ":blue:" in c)
    refused = await h.server.answered(await h.server.click(h.red, window, decide))
    assert "only the player of Blue" in refused.text
    first = await h.server.answered(await h.server.click(h.blue, window, decide))
    second = await h.server.answered(await h.server.click(h.blue, window, decide))
    choices = first.original
    assert choices is not None and choices.ephemeral
    labels = {c["label"]: c["custom_id"] for c in choices.components}
    assert set(labels) == {"pass", "brace", "standing pass", "standing brace"}
    records = len((await h.service.match(row)).records)
    result = await h.post_after(h.channel, h.server.click(h.blue, choices, labels["brace"]))
    assert result.content.startswith(f"{OK} brace") and "rolled" in result.content
    assert len((await h.service.match(row)).records) == records + 1
    # The second copy of the choices was built on the state before "brace": refused.
    assert second.original is not None
    old = {c["label"]: c["custom_id"] for c in second.original.components}
    posts = len(h.server.from_bot(h.channel))
    stale = await h.server.answered(await h.server.click(h.blue, second.original, old["pass"]))
    assert "older state" in stale.text
    again = await h.server.answered(await h.server.click(h.blue, window, decide))
    assert "older state" in again.text
    await h.server.settle()
    assert len((await h.service.match(row)).records) == records + 1
    assert len(h.server.from_bot(h.channel)) == posts


async def test_a_select_menu_offers_a_turn_of_many_choices(discord_env: Harness):
    """More than five legal actions come as a select menu; picking one applies it."""
    h = discord_env
    await h.create()
    opened = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant options"))
    menu = opened.original
    assert menu is not None and menu.ephemeral
    select = menu.components[0]
    assert select["type"] == 3
    end = next(o["value"] for o in select["options"] if o["label"] == "end")
    post = await h.post_after(h.channel, h.server.pick(h.red, menu, select["custom_id"], [end]))
    assert post.content.startswith(f"{OK} end") and "Blue" in post.content


async def test_private_information_goes_by_direct_message(discord_env: Harness):
    """The hand reaches only its owner, by DM: on joining, after a draw, on request."""
    h = discord_env
    row = await h.create()
    dealt = await h.server.wait_until(lambda: h.server.dms(h.red), what="the hand dealt on joining")
    start = (await h.service.match(row)).state["hands"]["red"]
    assert all(card in dealt[0].content for card in start)
    public = await h.post_after(h.channel, h.server.say(h.red, h.channel, "draw"))
    hand = (await h.service.match(row)).state["hands"]["red"]
    drawn = hand[-1]
    dms = await h.server.wait_until(lambda: h.server.dms(h.red)[1:], what="a DM after the draw")
    assert f"You drew {drawn}" in dms[0].content and all(card in dms[0].content for card in hand)
    assert all(card not in m.content for m in h.server.public(h.channel) for card in hand)
    assert "Red draws a card" in public.content
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant hand"))
    assert "direct message" in it.text and drawn not in it.text
    latest = await h.server.wait_until(lambda: h.server.dms(h.red)[2:], what="the hand by DM")
    assert all(card in latest[0].content for card in hand)
    assert all(card not in m.content for m in h.server.dms(h.blue) for card in hand)


async def test_closed_direct_messages_are_announced_without_revealing_anything(discord_env: Harness):
    """DMs closed: the channel is told, the owner reads it privately; others are refused."""
    h = discord_env
    row = await h.create()
    h.blue.dms_open = False
    notice = await h.post_after(h.channel, h.server.say(h.blue, h.channel, "hand"))
    hand = (await h.service.match(row)).state["hands"]["blue"]
    assert "direct messages are closed" in notice.content and f"<@{h.blue.id}>" in notice.content
    assert not any(card in notice.content for card in hand)
    button = notice.custom_ids()[0]
    other = await h.server.answered(await h.server.click(h.red, notice, button))
    assert "for the player of Blue" in other.text and hand[0] not in other.text
    mine = await h.server.answered(await h.server.click(h.blue, notice, button))
    assert all(m.ephemeral for m in mine.messages()) and all(card in mine.text for card in hand)
    it = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant hand"))
    assert all(m.ephemeral for m in it.messages()) and hand[0] in it.text


async def test_a_forged_private_button_reveals_nothing(discord_env: Harness):
    """A private-copy button rewritten to name the clicker's own seat still shows only that seat's post."""
    h = discord_env
    row = await h.create()
    h.blue.dms_open = False
    notice = await h.post_after(h.channel, h.server.say(h.blue, h.channel, "hand"))
    hand = (await h.service.match(row)).state["hands"]["blue"]
    button = notice.components[0]
    button["custom_id"] = button["custom_id"].replace(":blue:", ":red:")  # a modified client
    it = await h.server.answered(await h.server.click(h.red, notice, button["custom_id"]))
    red = (await h.service.match(row)).state["hands"]["red"]
    assert "no longer held" in it.text and not [card for card in hand if card in it.text and card not in red], (hand, red, it.text)


async def test_permissions_are_enforced_politely(discord_env: Harness):
    """Strangers and players get polite refusals; referee-role and Manage Server holders act."""
    h = discord_env
    row = await h.create()
    it = await h.server.answered(await h.server.slash(h.stranger, h.channel, "ref place", unit="r1", hex="0303", reason="x"))
    assert it.text.startswith("Sorry, only a referee") and it.messages()[0].ephemeral
    it = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant order", text="end", side="red"))
    assert "Only the player of Red" in it.text
    it = await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant create", game="duel"))
    assert it.text.startswith("Sorry")
    posts = len(h.server.from_bot(h.channel))
    await h.server.say(h.stranger, h.channel, "end")
    await h.server.settle()
    assert len(h.server.from_bot(h.channel)) == posts  # spectators chat freely
    assert str(h.mod.id) not in await h.store.referees(row.id)
    post = await h.post_after(h.channel, h.server.slash(h.mod, h.channel, "ref place", unit="r1", hex="0303", reason="the counter slipped"))
    assert "the counter slipped" in post.content and "place r1 0303" in post.content
    assert str(h.mod.id) in await h.store.referees(row.id)
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref pause", reason="holidays"))
    refusal = await h.post_after(h.channel, h.server.say(h.red, h.channel, "end"))
    assert refusal.content.startswith(FAIL) and "paused" in refusal.content


async def test_a_restart_delivers_every_pending_reply_exactly_once(discord_env: Harness, monkeypatch: pytest.MonkeyPatch):
    """Replies recorded while offline are posted once; a resend after a crash is deduplicated."""
    h = discord_env
    row = await h.create()
    await stop_client(h.client, h.tasks)
    await h.service.submit(row, sender(h.red), "move r1 0102\nend")
    pending = await h.store.pending(row.id)
    assert pending
    await h.restart()
    await h.server.wait_until(lambda: any(f"{OK} end" in m.content for m in h.server.from_bot(h.channel)), what="the backlog")
    await drained(h, row.id)

    # A crash between Discord's acceptance and the outbox mark: the resend carries the same nonce.
    await stop_client(h.client, h.tasks)
    await h.service.submit(row, sender(h.blue), "move b1 0504")
    crashed = Store.mark_delivered

    async def crash(self: Store, entry_id: int) -> None:
        raise RuntimeError("killed between send and mark")

    monkeypatch.setattr(Store, "mark_delivered", crash)
    await h.restart()
    await h.server.wait_until(lambda: any(f"{OK} move b1 0504" in m.content for m in h.server.from_bot(h.channel)))
    assert await h.store.pending(row.id)
    await stop_client(h.client, h.tasks)
    monkeypatch.setattr(Store, "mark_delivered", crashed)
    await h.restart()
    await h.server.wait_until(lambda: h.server.deduplicated >= 1, what="a deduplicated resend")
    await drained(h, row.id)
    texts = [m.content for m in h.server.from_bot(h.channel)]
    for line in (f"{OK} move r1 0102", f"{OK} end", f"{OK} move b1 0504"):
        assert sum(line in text for text in texts) == 1, line


async def test_rate_limits_are_waited_out_without_losing_a_reply(discord_env: Harness):
    """A 429 on posting is retried after ``retry_after``; the reply arrives once."""
    h = discord_env
    row = await h.create()
    h.server.rate_limit_next("POST", rf"/channels/{h.channel}/messages", retry_after=0.05)
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    assert post.content.startswith(f"{OK} move r1 0102")
    await h.server.settle()
    assert sum(f"{OK} move r1 0102" in m.content for m in h.server.from_bot(h.channel)) == 1
    assert await h.store.pending(row.id) == []


async def test_a_post_discord_keeps_refusing_is_posted_as_plain_text_not_blocking(discord_env: Harness, monkeypatch: pytest.MonkeyPatch, caplog):
    """A post refused with and without its image is retried, then its text goes out plain
    (no image, buttons or reply link), saying so in the log; later posts flow."""
    from bot.discord import delivery

    monkeypatch.setattr(delivery, "RETRY_DELAYS", (0.05,))
    h = discord_env
    row = await h.create()
    before = len(h.server.from_bot(h.channel))
    # Each of the three tries sends the message with its map, then its text alone.
    h.server.fail_next("POST", rf"/channels/{h.channel}/messages", 400, 50035, "Invalid Form Body", times=6)
    await h.server.say(h.red, h.channel, "move r1 0102")
    await h.server.wait_until(lambda: not h.server.failures, what="three refusals")
    await drained(h, row.id)
    assert "its text was posted plain" in caplog.text and "dropping post" not in caplog.text
    plain = h.server.from_bot(h.channel)[before:]
    assert plain[0].content.startswith(f"{OK} move r1 0102") and not plain[0].attachments
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0103"))
    assert post.content.startswith(f"{OK} move r1 0103")


async def test_a_post_refused_even_as_plain_text_leaves_a_notice(discord_env: Harness, monkeypatch: pytest.MonkeyPatch, caplog):
    """When Discord refuses even the plain text, the channel is told a reply could not be
    posted and how to read it; nothing blocks."""
    from bot.discord import delivery

    monkeypatch.setattr(delivery, "RETRY_DELAYS", (0.05,))
    h = discord_env
    row = await h.create()
    before = len(h.server.from_bot(h.channel))
    h.server.fail_next("POST", rf"/channels/{h.channel}/messages", 400, 50035, "Invalid Form Body", times=7)
    await h.server.say(h.red, h.channel, "move r1 0102")
    await h.server.wait_until(lambda: not h.server.failures, what="seven refusals")
    await drained(h, row.id)
    notice = h.server.from_bot(h.channel)[before:]
    assert len(notice) == 1 and "could not be posted" in notice[0].content and "history" in notice[0].content


async def test_long_answers_are_split_within_discord_limits(discord_env: Harness):
    """A batch longer than 2,000 characters becomes several messages, none over the limit."""
    h = discord_env
    await h.create()
    before = len(h.server.from_bot(h.channel))
    await h.server.say(h.red, h.channel, "\n".join(["move r1 0909"] * 80))
    posts = await h.server.wait_until(
        lambda: (lambda got: got if sum(m.text.count(f"{FAIL} move r1 0909") for m in got) >= 80 else None)(h.server.from_bot(h.channel)[before:]),
        what="80 refusals",
    )
    assert len(posts) >= 2 and all(len(m.content) <= 2000 for m in posts)
    assert sum(m.text.count(f"{FAIL} move r1 0909") for m in posts) == 80
    assert len(posts[0].embeds) == 10  # ten rulings as embeds, the other 70 as lines of text
    assert len({m.payload["nonce"] for m in posts}) == len(posts)


async def test_read_only_commands_answer_privately(discord_env: Harness):
    """Status, seats, history and help answer the asker alone; status may be shared."""
    h = discord_env
    await h.create()
    for path in ("adjutant status", "adjutant seats", "adjutant history", "adjutant help"):
        it = await h.server.answered(await h.server.slash(h.red, h.channel, path))
        assert it.messages()[0].ephemeral, path
        assert it.text, path
    seats = await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant seats"))
    assert f"Red: <@{h.red.id}>" in seats.text
    shared = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant status", share=True))
    assert not shared.messages()[0].ephemeral and "Turn 1" in shared.text


async def test_two_campaigns_act_at_the_same_time(discord_env: Harness):
    """Orders typed at once in two campaigns' channels are both applied and answered."""
    h = discord_env
    second = await h.server.open_channel("duel-two")
    one, two = await h.create(), await h.create(channel=second)
    await asyncio.gather(*(h.server.say(h.red, c, "move r1 0102\ndraw") for c in (h.channel, second) for _ in range(2)))
    for channel in (h.channel, second):
        await h.server.wait_until(lambda c=channel: sum(f"{OK} move r1 0102" in m.content for m in h.server.from_bot(c)) == 1)
        await h.server.wait_until(lambda c=channel: sum(f"{FAIL} move r1 0102" in m.text for m in h.server.from_bot(c)) == 1)
    for row in (one, two):
        await drained(h, row.id)
        assert len((await h.service.match(row)).state["hands"]["red"]) == 4


async def test_a_stalled_campaign_never_holds_up_another(discord_env: Harness):
    """One campaign's post stuck at Discord: another campaign's join and /ref answer; its own are deferred at once."""
    h = discord_env
    second = await h.server.open_channel("duel-two")
    await h.create()
    other = await h.create(channel=second, seat=False)
    release = h.server.hold("POST", rf"/channels/{h.channel}/messages")
    try:
        await h.server.say(h.red, h.channel, "move r1 0102")
        await h.server.wait_until(lambda: h.server.held, what="the stalled post")
        joined = await h.server.answered(await h.server.slash(h.red, second, "adjutant join", side="red"), timeout=5)
        assert "Rosa now plays Red" in joined.text
        await h.server.wait_until(lambda: any("Rosa now plays Red" in m.content for m in h.server.from_bot(second)), what="the announcement")
        paused = await h.server.answered(await h.server.slash(h.ref, second, "ref pause", reason="lunch"), timeout=5)
        assert "paused" in paused.text and (await h.store.campaign(other.id)).status == "paused"
        waiting = [
            await h.server.slash(h.blue, h.channel, "adjutant leave", side="blue"),
            await h.server.slash(h.ref, h.channel, "ref pause", reason="lunch"),
        ]
        for it in waiting:  # acknowledged within Discord's deadline, answered once the post goes
            await h.server.wait_until(lambda it=it: it.callbacks, timeout=5, what="a deferred answer")
            assert it.callbacks[0]["type"] == 5 and not it.answered
    finally:
        release.set()
    left, paused = [await h.server.answered(it) for it in waiting]
    assert "left the Blue seat" in left.text and "paused" in paused.text


async def test_a_stalled_campaign_never_holds_up_another_ones_retries(discord_env: Harness, monkeypatch: pytest.MonkeyPatch):
    """The delivery loop's retry of one campaign is not queued behind another campaign's stuck post."""
    from bot.discord import delivery

    monkeypatch.setattr(delivery, "RETRY_DELAYS", (0.05,))
    h = discord_env
    second = await h.server.open_channel("duel-two")
    await h.create()
    other = await h.create(channel=second)
    release = h.server.hold("POST", rf"/channels/{h.channel}/messages")
    try:
        await h.server.say(h.red, h.channel, "move r1 0102")
        await h.server.wait_until(lambda: h.server.held, what="the stalled post")
        h.server.fail_next("POST", rf"/channels/{second}/messages", 403, 50013, "Missing Permissions")
        await h.server.say(h.red, second, "move r1 0102")
        await h.server.wait_until(lambda: any(f"{OK} move r1 0102" in m.content for m in h.server.from_bot(second)), what="the retried post")
        await drained(h, other.id)
    finally:
        release.set()


async def test_reading_commands_are_acknowledged_before_a_slow_rebuild(discord_env: Harness, monkeypatch: pytest.MonkeyPatch):
    """Rebuilding a campaign may be slow (after a restart): status, history, options and a decide click are deferred first."""
    h = discord_env
    await h.create()
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref place", unit="b2", hex="0203", reason="a fight"))
    window = await h.post_after(h.channel, h.server.say(h.red, h.channel, "attack r2 b2"))
    decide = next(c for c in window.custom_ids() if ":blue:" in c)
    release, rebuild = asyncio.Event(), h.service.match

    async def slow(row):
        await release.wait()
        return await rebuild(row)

    monkeypatch.setattr(h.service, "match", slow)
    try:
        waiting = [
            await h.server.slash(h.red, h.channel, "adjutant status"),
            await h.server.slash(h.red, h.channel, "adjutant history"),
            await h.server.slash(h.blue, h.channel, "adjutant options"),
            await h.server.click(h.blue, window, decide),
        ]
        for it in waiting:
            await h.server.wait_until(lambda it=it: it.callbacks, timeout=5, what="a deferred answer")
            assert it.callbacks[0]["type"] == 5 and not it.answered
    finally:
        release.set()
    for it in waiting:
        answered = await h.server.answered(it)
        assert answered.text and answered.messages()[0].ephemeral


async def test_caucasus_campaign_in_a_forum_post(discord_env: Harness):
    """The real game in a forum post, beside a duel in a text channel: a rendered map with its description."""
    from bot.pictures import render_with_description

    h = discord_env
    duel = await h.create()
    forum = await h.server.open_channel("campaigns", FORUM)
    thread = await h.server.open_channel("Caucasus 1942", PUBLIC_THREAD, parent=forum)
    h.service.renderer = render_with_description
    scenarios = await h.server.autocomplete(h.ref, thread, "adjutant create", "scenario", game="caucasus", scenario="")
    assert {"campaign", "tournament"} <= {c["value"] for c in scenarios}
    row = await h.create("caucasus", channel=thread, scenario="tournament")
    assert row.game == "caucasus" and row.channel == str(thread) and row.id != duel.id
    assert thread in h.server.thread_members
    post = await h.post_after(thread, h.server.say(h.red, thread, "ready"))
    assert post.content.startswith(f"{OK} ready")
    image = post.attachments[-1]
    assert image["filename"].endswith(".png") and "Caucasus" in image["description"]
    assert post.files[-1].startswith(b"\x89PNG")
    assert (await h.service.match(duel)).records == []  # the other campaign is untouched
    hexes = await h.server.autocomplete(h.red, thread, "adjutant map", "hex", hex="12")
    assert hexes and all(c["value"].startswith("12") for c in hexes)
    it = await h.server.answered(await h.server.slash(h.red, thread, "adjutant map", hex=hexes[0]["value"]), timeout=20)
    shown = it.messages()[0]
    assert shown.ephemeral and shown.attachments and shown.attachments[0]["description"]


async def test_a_typed_order_the_service_fails_on_is_answered_and_the_next_is_stored(discord_env: Harness):
    """A failure while answering a typed order gets an apology; the next order is accepted on the committed state."""
    h = discord_env
    row = await h.create()
    working = h.service.renderer

    def broken(*args):
        h.service.renderer = working
        raise RuntimeError("renderer down")

    h.service.renderer = broken
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    assert post.content.startswith(FAIL) and "went wrong" in post.content
    moved = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    assert moved.content.startswith(f"{OK} move r1 0102")
    assert [r["seq"] for r in await h.store.records(row.id)] == [1]


async def test_the_player_handed_a_decision_is_pinged_once(discord_env: Harness):
    """The post that passes the turn to blue ends by mentioning blue (and pings only blue); blue's own orders ping nobody."""
    h = discord_env
    await h.create()
    before = len(h.server.from_bot(h.channel))
    await h.server.say(h.red, h.channel, "end")
    post = await h.server.next_post(h.channel, before)
    await h.server.settle()
    assert post.content.startswith(f"{OK} end") and post.content.endswith(f"<@{h.blue.id}>")
    assert [int(u["id"]) for u in post.payload["mentions"]] == [h.blue.id]
    before = len(h.server.from_bot(h.channel))
    await h.server.say(h.blue, h.channel, "move b1 0504")
    post = await h.server.next_post(h.channel, before)
    await h.server.settle()
    assert "<@" not in post.content and post.payload["mentions"] == []


async def test_a_direct_message_names_its_campaign_and_links_its_channel(discord_env: Harness):
    """A private answer starts with the campaign's name, a link to its channel and the side it is for."""
    h = discord_env
    row = await h.create()
    before = len(h.server.dms(h.red))
    await h.server.say(h.red, h.channel, "hand")
    dm = await h.server.wait_until(lambda: h.server.dms(h.red)[before:], what="a DM to red")
    assert dm[0].content.startswith(f"[{row.name}, <#{h.channel}>, as Red]")


async def test_the_notice_of_a_refused_post_reads_the_campaigns_language(discord_env: Harness, monkeypatch: pytest.MonkeyPatch):
    """In an Italian campaign the channel's notice that a reply could not be posted is Italian."""
    from bot.discord import delivery

    monkeypatch.setattr(delivery, "RETRY_DELAYS", (0.05,))
    h = discord_env
    row = await h.create(language="it")
    before = len(h.server.from_bot(h.channel))
    h.server.fail_next("POST", rf"/channels/{h.channel}/messages", 400, 50035, "Invalid Form Body", times=7)
    await h.server.say(h.red, h.channel, "move r1 0102")
    await h.server.wait_until(lambda: not h.server.failures, what="seven refusals")
    await drained(h, row.id)
    notice = h.server.from_bot(h.channel)[before:]
    assert len(notice) == 1 and "non ha potuto essere pubblicata" in notice[0].content, notice[0].content


async def test_the_map_command_takes_a_place_as_the_typed_map_order_does(discord_env: Harness):
    """'/adjutant map hex:Rostov' draws around Rostov's hex as 'map Rostov' does; a word that is neither names what to give."""
    from bot.pictures import render_with_description

    h = discord_env
    h.service.renderer = render_with_description
    await h.create("caucasus")
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant map", hex="rostov"), timeout=30)
    assert it.messages()[0].attachments, it.text
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant map", hex="Atlantis"))
    assert "'Atlantis' is not a hex or a place of the map" in it.text and "Anapa" in it.text, it.text
