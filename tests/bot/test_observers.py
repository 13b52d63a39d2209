"""Observers: they follow a campaign's public view, hold no seat and get nothing private."""

import pytest

from bot.service import Sender, ServiceError
from tests.bot.people import RED, REF, STRANGER


async def test_a_stranger_observes_and_is_announced(setup):
    """Observing is recorded and announced publicly."""
    service, row, store = setup
    replies = await service.observe(row, STRANGER)
    assert replies[0].to == "public" and "observes" in replies[0].text
    assert await store.observers(row.id) == {STRANGER.user_id: STRANGER.name}


async def test_an_observer_cannot_take_a_seat(setup):
    """Joining while observing is refused, saying how to stop observing."""
    service, row, store = setup
    await service.leave(row, "red", RED)
    await service.observe(row, STRANGER)
    with pytest.raises(ServiceError, match="observers hold no seat"):
        await service.join(row, "red", STRANGER)
    assert "red" not in await store.seats(row.id)


async def test_a_player_cannot_observe(setup):
    """A seated player is refused as an observer: observers hold no seat."""
    service, row, store = setup
    with pytest.raises(ServiceError, match="Leave your seat first"):
        await service.observe(row, RED)
    assert await store.observers(row.id) == {}


async def test_stopping_observing_frees_the_way_to_a_seat(setup):
    """After 'stop' the former observer may join."""
    service, row, store = setup
    await service.leave(row, "red", RED)
    await service.observe(row, STRANGER)
    await service.observe(row, STRANGER, stop=True)
    assert await store.observers(row.id) == {}
    await service.join(row, "red", STRANGER)
    with pytest.raises(ServiceError, match="do not observe"):
        await service.observe(row, STRANGER, stop=True)


async def test_a_referee_seating_an_observer_ends_the_observing(setup):
    """A referee may seat an observer; the observer is then a player, no longer an observer."""
    service, row, store = setup
    await service.observe(row, STRANGER)
    await service.referee(row, REF, f"seat red {STRANGER.user_id} because Rosa left")
    assert await store.observers(row.id) == {}


async def test_an_observer_gives_no_orders(setup):
    """An observer's order is refused like any seatless user's."""
    service, row, _ = setup
    await service.observe(row, Sender("u-obs", "Olga"))
    with pytest.raises(ServiceError, match="no seat"):
        await service.submit(row, Sender("u-obs", "Olga"), "move r1 0102")
