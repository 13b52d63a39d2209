"""The referee's read-only commands through the service: 'show [WHAT]' and 'dice' alone."""

import pytest

from bot.discord.posts import MESSAGE_LIMIT, group, messages
from bot.service import CampaignService, ServiceError
from bot.store import Store
from tests.bot.people import BLUE, RED, REF


async def kept(store, campaign_id):
    """The typed lines the store kept, with their outcome."""
    async with store.db.execute("SELECT text, outcome FROM messages WHERE campaign_id = ? ORDER BY id", (campaign_id,)) as cur:
        return [(r[0], r[1]) for r in await cur.fetchall()]


async def test_show_answers_the_referee_alone_without_a_record(setup):
    """'show' needs no reason, goes to the referee only, adds no record and is kept as a query."""
    service, row, store = setup
    before = len(await store.records(row.id))
    replies = await service.referee(row, REF, "show")
    assert [r.to for r in replies] == ["referee"]
    assert replies[0].text.startswith("turn: 1\nplayer: red\nbonus: 0\nunits:\n  r1:\n    side: red")
    assert len(await store.records(row.id)) == before
    assert (await kept(store, row.id))[-1] == ("show", "query")


async def test_show_a_part_by_its_dotted_path(setup):
    """'show units.b1' (or 'show units b1') prints that part only, as an outline."""
    service, row, _ = setup
    for line in ("show units.b1", "show units b1"):
        replies = await service.referee(row, REF, line)
        assert replies[0].text == "units.b1:\n  side: blue\n  hex: 0505"


async def test_show_of_a_missing_part_says_what_is_there(setup):
    """A wrong path is refused to the referee alone, naming the keys there; it is kept as refused."""
    service, row, store = setup
    replies = await service.referee(row, REF, "show units.zz")
    assert [r.to for r in replies] == ["referee"] and not replies[0].ok
    assert "no 'zz' in units" in replies[0].text and "r1, r2, b1, b2" in replies[0].text
    assert (await kept(store, row.id))[-1] == ("show units.zz", "refused")


async def test_show_is_for_referees_only(setup):
    """A player asking for the whole state is refused before anything is read."""
    service, row, _ = setup
    with pytest.raises(ServiceError):
        await service.referee(row, RED, "show")


async def test_dice_alone_lists_the_fixed_rolls_to_the_referee(setup):
    """'dice' with no values shows the queue, with each reason, to the referee only."""
    service, row, _ = setup
    assert "No fixed rolls are waiting" in (await service.referee(row, REF, "dice"))[0].text
    await service.referee(row, REF, "dice 6 2 because the die fell off the table")
    replies = await service.referee(row, REF, "dice")
    assert [r.to for r in replies] == ["referee"]
    assert replies[0].text.splitlines()[1:] == [
        "1. 6 (reason: the die fell off the table)",
        "2. 2 (reason: the die fell off the table)",
    ]


async def test_fixed_dice_are_announced_in_public_and_decide_the_attack(setup):
    """'dice 6 because ...' is announced to everyone; the attack's roll says it was fixed, and why."""
    service, row, _ = setup
    await service.referee(row, REF, "place b2 0303 because set up a fight")
    replies = await service.referee(row, REF, "dice 6 because the die fell off the table")
    public = "\n".join(r.text for r in replies if r.to == "public")
    assert "dice 6" in public and "the die fell off the table" in public
    await service.submit(row, RED, "attack r2 b2")
    replies = await service.submit(row, BLUE, "pass")
    public = "\n".join(r.text for r in replies if r.to == "public")
    assert "rolled 6 (d6, fixed by the referee: the die fell off the table)" in public and "b2 is eliminated" in public


async def test_a_fixed_roll_the_die_cannot_show_refuses_the_order_and_stores_nothing(setup, monkeypatch):
    """With a d10 in the game a fixed 9 passes 'dice' but the attack's d6 refuses it: a ✗, no record."""
    service, row, store = setup
    match = await service.match(row)
    monkeypatch.setattr(match.game, "dice", (6, 10))
    await service.referee(row, REF, "place b2 0303 because set up a fight")
    await service.referee(row, REF, "dice 9 because test")
    await service.submit(row, RED, "attack r2 b2")
    before = len(await store.records(row.id))
    replies = await service.submit(row, BLUE, "pass")
    assert not replies[0].ok and "fixed the next roll at 9" in replies[0].text
    assert len(await store.records(row.id)) == before
    service._forget(row.id)  # rebuilt from the database: the same queue, still waiting
    assert (await service.match(row)).fixed_rolls() == [(9, "test")]


async def test_a_long_show_reaches_discord_within_its_limits(tmp_path):
    """The Caucasus state is long: 'show' cuts the units to one line, and 'show units' is split by
    the delivery into messages of at most 2,000 characters or attached whole as a text file."""
    store = await Store.open(tmp_path / "k.db")
    service = CampaignService(store)
    row, _ = await service.create("k1", "caucasus", seed="show", creator=REF.user_id)
    whole = (await service.referee(row, REF, "show"))[0].text
    assert "\nunits: \u2026 (" in whole and "'show units' prints one whole" in whole
    await service.deliver(_ignore, row.id)
    answer = (await service.referee(row, REF, "show units"))[0].text
    assert len(answer) > 3 * MESSAGE_LIMIT
    posts = group(await store.pending(row.id))
    out = [m for post in posts for m in messages(post)]
    assert all(len(m.content) <= MESSAGE_LIMIT for m in out)
    assert any(a.data.decode() == answer for m in out for a in m.attachments)
    await store.close()


async def _ignore(entry):
    return None
