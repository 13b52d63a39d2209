"""A campaign a referee ends is archived: no more orders or overrides, still readable."""

import pytest

from bot.service import ServiceError
from tests.bot.people import BLUE, RED, REF


async def test_ending_archives_the_campaign_with_its_reason(setup):
    """'end because REASON' archives the campaign and announces it publicly."""
    service, row, store = setup
    replies = await service.referee(row, REF, "end because the players agreed a draw")
    assert replies[0].to == "public" and "archived" in replies[0].text and "agreed a draw" in replies[0].text
    fresh = await store.campaign(row.id)
    assert fresh.archived and await store.archive_reason(row.id) == "the players agreed a draw"


async def test_an_archived_campaign_refuses_orders_saying_so(setup):
    """An order for an archived campaign is refused with a message naming the archive."""
    service, row, store = setup
    await service.referee(row, REF, "end because done")
    with pytest.raises(ServiceError) as exc:
        await service.submit(row, RED, "move r1 0102")
    assert "archived" in str(exc.value) and "history" in str(exc.value)
    assert await store.records(row.id) == []


async def test_an_archived_campaign_still_answers_status_and_history(setup):
    """Reading an archived campaign (status, history) still works."""
    service, row, _ = setup
    await service.submit(row, RED, "move r1 0102")
    await service.referee(row, REF, "end because done")
    status = await service.submit(row, RED, "status")
    history = await service.submit(row, BLUE, "history")
    assert status and history and "move r1 0102" in history[0].text


async def test_an_archived_campaign_answers_the_reads_typed_in_italian(setup):
    """'stato', 'storia', 'mano' and 'aiuto' read an archived campaign like their English verbs."""
    service, row, _ = setup
    await service.submit(row, RED, "move r1 0102")
    await service.referee(row, REF, "end because done")
    for line in ("stato", "storia", "mano", "aiuto", "Stato"):
        assert await service.submit(row, RED, line), line


async def test_an_archived_campaign_refuses_overrides_seats_and_a_second_end(setup):
    """Overrides, joining, leaving and ending again are refused once archived."""
    service, row, _ = setup
    await service.referee(row, REF, "end because done")
    for attempt in (
        service.referee(row, REF, "place r1 0102 because fix"),
        service.referee(row, REF, "end because again"),
        service.join(row, "red", BLUE),
        service.leave(row, "red", RED),
    ):
        with pytest.raises(ServiceError, match="archived"):
            await attempt


async def test_ending_needs_a_reason_and_a_referee(setup):
    """A player cannot end a campaign, nor can a referee without a reason."""
    service, row, store = setup
    with pytest.raises(ServiceError):
        await service.referee(row, RED, "end because I am losing")
    with pytest.raises(ServiceError, match="reason"):
        await service.referee(row, REF, "end")
    assert not (await store.campaign(row.id)).archived


async def test_an_archived_campaign_is_not_read_back_after_a_restart(setup):
    """The offline catch-up skips archived campaigns: nothing typed there is an order."""
    service, row, store = setup
    assert [r.id for r, _, _ in await store.catch_up_from()] == []  # no channel
    row2, _ = await service.create("c2", "duel", channel="123", creator=REF.user_id)
    assert [r.id for r, _, _ in await store.catch_up_from()] == [row2.id]
    await service.referee(row2, REF, "end because done")
    assert await store.catch_up_from() == []


async def test_a_campaign_that_lost_its_channel_refuses_orders_saying_why(setup):
    """Once its channel is marked lost, an order is refused naming the deleted channel; status still reads."""
    service, row, store = setup
    assert await store.mark_channel_lost(row.id) and not await store.mark_channel_lost(row.id)
    with pytest.raises(ServiceError, match="lost its channel"):
        await service.submit(row, RED, "move r1 0102")
    assert await service.submit(row, RED, "status")


async def test_an_archived_campaign_refuses_a_position_file(setup):
    """'/ref position' into an archived campaign is refused naming the archive; its records stay as they were."""
    service, row, store = setup
    await service.submit(row, RED, "move r1 0102")
    match = await service.match(row)
    text, records = match.export_position(), await store.records(row.id)
    await service.referee(row, REF, "end because done")
    with pytest.raises(ServiceError, match="archived"):
        await service.load_position(row, REF, text, "a rules question")
    assert await store.records(row.id) == records
