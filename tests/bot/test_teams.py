"""Teams: several users on one seat, its holder the captain whose orders win a conflict."""

import pytest

from bot.service import ServiceError
from tests.bot.people import RED, REF, STRANGER

MATE = STRANGER


async def test_the_captain_adds_a_teammate_who_then_orders_for_the_side(setup):
    """After 'team add', the teammate plays red: their order is accepted as red's."""
    service, row, store = setup
    replies = await service.team(row, "red", RED, MATE.user_id, MATE.name, add=True)
    assert "X joins the Red team (captain: Rosa)" in replies[0].text
    assert await service.roles_of(row, MATE.user_id) == ["red"]
    assert (await store.players(row.id))["red"] == [RED.user_id, MATE.user_id]
    [moved, *_] = await service.submit(row, MATE, "move r1 0102")
    assert moved.text.startswith("\u2713 move r1 0102")


async def test_only_the_captain_or_a_referee_changes_the_team(setup):
    """A stranger may not add themselves to red's team; a referee may add them."""
    service, row, _ = setup
    with pytest.raises(ServiceError, match="Only the captain of red"):
        await service.team(row, "red", MATE, MATE.user_id, MATE.name, add=True)
    await service.team(row, "red", REF, MATE.user_id, MATE.name, add=True)
    assert await service.roles_of(row, MATE.user_id) == ["red"]


async def test_a_teammate_may_not_take_back_the_captains_order(setup):
    """The captain's orders win: a teammate's undo of the captain's order is refused, naming the captain."""
    service, row, _ = setup
    await service.team(row, "red", RED, MATE.user_id, MATE.name, add=True)
    await service.submit(row, RED, "move r1 0102")
    [refused] = await service.submit(row, MATE, "undo")
    assert not refused.ok and "given by Rosa, the captain of Red" in refused.text
    [undone, *_] = await service.submit(row, RED, "undo")
    assert undone.ok and undone.text.startswith("\u2713 undo")


async def test_the_captain_may_take_back_a_teammates_order(setup):
    """A teammate's order can be taken back by the captain (and by the teammate)."""
    service, row, _ = setup
    await service.team(row, "red", RED, MATE.user_id, MATE.name, add=True)
    await service.submit(row, MATE, "move r1 0102")
    [undone, *_] = await service.submit(row, RED, "undo")
    assert undone.ok
    await service.submit(row, MATE, "move r1 0102")
    [again, *_] = await service.submit(row, MATE, "undo")
    assert again.ok


async def test_leaving_a_team_and_a_captain_leaving_hands_the_seat_on(setup):
    """A teammate leaves the team; a captain who leaves makes the first teammate captain."""
    service, row, store = setup
    await service.team(row, "red", RED, MATE.user_id, MATE.name, add=True)
    [said] = await service.leave(row, "red", RED)
    assert "X is now its captain" in said.text
    assert (await store.seats(row.id))["red"][0] == MATE.user_id and (await store.teammates(row.id)) == {}
    await service.team(row, "red", MATE, RED.user_id, RED.name, add=True)
    [left] = await service.leave(row, "red", RED)
    assert "left the Red team" in left.text and await service.roles_of(row, RED.user_id) == []


async def test_a_team_holds_private_information_for_every_player(setup):
    """A hand is addressed to the seat; every player of the seat is among its readers."""
    service, row, store = setup
    await service.team(row, "red", RED, MATE.user_id, MATE.name, add=True)
    [hand] = [r for r in await service.submit(row, MATE, "hand") if r.to == "red"]
    assert hand.to == "red" and MATE.user_id in (await store.players(row.id))["red"]
    with pytest.raises(ServiceError, match="already plays red"):
        await service.team(row, "red", RED, MATE.user_id, MATE.name, add=True)
