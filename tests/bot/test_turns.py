"""The end of every game turn is summed up in public, with the whole map."""

from bot.service import CampaignService
from bot.store import Store
from tests.bot.people import BLUE, RED, REF


async def test_the_end_of_a_turn_posts_a_public_summary_with_the_whole_map(tmp_path):
    """Red moves, blue loses a counter, both end: the channel reads what changed and sees the map."""
    store = await Store.open(tmp_path / "t.db")
    service = CampaignService(store, renderer=lambda game, seen, full: (b"png", f"{seen.viewer} full={full}"))
    row, _ = await service.create("t", "duel", seed="fixed", creator=REF.user_id)
    await service.join(row, "red", RED)
    await service.join(row, "blue", BLUE)
    await service.submit(row, RED, "move r1 0102")
    await service.referee(row, REF, "remove b2 because it was never there")
    await service.submit(row, RED, "end")
    replies = await service.submit(row, BLUE, "end")
    summary = [r for r in replies if r.to == "public" and r.text.startswith("End of turn 1")]
    assert len(summary) == 1
    assert "1 counters moved, 0 arrived, 1 left the map" in summary[0].text and "Left the map: b2." in summary[0].text
    assert "Turn 2" in summary[0].text  # the status after the turn
    assert any(r.image == b"png" and r.text == "public full=True" for r in replies)
    await store.close()


async def test_no_summary_within_a_turn_and_once_per_turn_across_restarts(tmp_path):
    """Orders within a turn post no summary; a restart does not post one again."""
    store = await Store.open(tmp_path / "t.db")
    service = CampaignService(store)
    row, _ = await service.create("t", "duel", seed="fixed", creator=REF.user_id)
    await service.join(row, "red", RED)
    await service.join(row, "blue", BLUE)
    replies = await service.submit(row, RED, "move r1 0102\nend")
    assert not any(r.text.startswith("End of turn") for r in replies)
    replies = await service.submit(row, BLUE, "end")
    assert sum(r.text.startswith("End of turn 1") for r in replies) == 1
    fresh = CampaignService(store)
    replies = await fresh.submit(row, RED, "move r1 0103")
    assert not any(r.text.startswith("End of turn") for r in replies)
    await store.close()


async def test_a_turn_taken_back_by_a_rewind_is_summed_up_again_when_it_ends(tmp_path):
    """After a referee's rewind into turn 1, the end of turn 1 is summed up again."""
    store = await Store.open(tmp_path / "t.db")
    service = CampaignService(store)
    row, _ = await service.create("t", "duel", seed="fixed", creator=REF.user_id)
    await service.join(row, "red", RED)
    await service.join(row, "blue", BLUE)
    await service.submit(row, RED, "end")
    await service.submit(row, BLUE, "end")
    await service.referee(row, REF, "rewind 1 because blue ended by mistake")
    replies = await service.submit(row, BLUE, "end")
    assert sum(r.text.startswith("End of turn 1") for r in replies) == 1
    await store.close()
