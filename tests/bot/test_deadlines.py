"""Deadlines and reminders with a fake clock: the service owns time, the engine never sees it."""

import pytest

from bot.deadlines import Policy, parse_policy, plain_stamps
from bot.service import CampaignService, ServiceError
from bot.store import Store
from engine.text import Text
from tests.bot.people import BLUE, RED, REF

HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def timed(tmp_path):
    """A duel with red and blue seated, a fake clock, and a 48-hour deadline reminded at 24 and 2 hours."""
    clock = Clock()
    store = await Store.open(tmp_path / "d.db")
    service = CampaignService(store, clock=clock)
    row, _ = await service.create("d", "duel", seed="fixed", creator=REF.user_id)
    await service.join(row, "red", RED)
    await service.join(row, "blue", BLUE)
    await service.referee(row, REF, "deadline 48 remind 24,2 because the group plays one turn every two days")
    yield service, row, store, clock
    await store.close()


async def test_the_waiting_line_shows_the_deadline_as_a_discord_timestamp(timed):
    """After an order, the 'Waiting for' line carries each decision's deadline."""
    service, row, _, clock = timed
    replies = await service.submit(row, RED, "move r1 0102")
    waiting = [r.text for r in replies if r.text.startswith("Waiting for")]
    assert f"(deadline <t:{int(clock.now + 48 * HOUR)}:f>)" in waiting[0]


async def test_reminders_ping_the_player_at_each_point_and_only_once(timed):
    """At 24 and at 2 hours before the deadline the player is pinged in the channel and privately, once each."""
    service, row, _, clock = timed
    assert await service.tick() == {}
    clock.now += 25 * HOUR
    first = (await service.tick())[row.id]
    assert {r.to for r in first} == {"public", "red"} and first[0].extra == {"ping": ["red"]}
    assert "Reminder: Red" in first[0].text
    assert await service.tick() == {}
    clock.now += 22 * HOUR
    assert len((await service.tick())[row.id]) == 2
    assert await service.tick() == {}


async def test_a_passed_deadline_applies_the_decisions_default_as_an_ordinary_order(timed):
    """At the deadline red's default ('end') is applied, logged as applied after the deadline."""
    service, row, store, clock = timed
    clock.now += 49 * HOUR
    replies = (await service.tick())[row.id]
    assert replies[0].text.startswith("\u2713 end") and "applied after the deadline" in replies[0].text
    records = await store.records(row.id)
    assert records[-1]["role"] == "red" and records[-1]["action"] == ["end"]
    match = await service.match(row)
    assert match.active() == frozenset({"blue"})
    assert await service.tick() == {}  # blue's decision has just opened


async def test_a_campaign_may_hand_passed_deadlines_to_the_referees(timed):
    """With 'referee', a passed deadline is announced and nothing is played for the player."""
    service, row, store, clock = timed
    await service.referee(row, REF, "deadline 48 referee because we decide ourselves")
    clock.now += 49 * HOUR
    replies = (await service.tick())[row.id]
    assert {r.to for r in replies} == {"referee", "public"} and "referees decide" in replies[0].text
    assert await store.records(row.id) == []


async def test_a_pause_stops_every_clock_and_a_resume_restarts_it(timed):
    """Paused for 100 hours: no reminder or default meanwhile, and the deadline moves on by the pause."""
    service, row, store, clock = timed
    clock.now += 10 * HOUR
    await service.referee(row, REF, "pause because holidays")
    clock.now += 100 * HOUR
    assert await service.tick() == {}
    await service.referee(row, REF, "resume because back")
    assert await service.tick() == {}
    clock.now += 37 * HOUR  # 47 hours of running time: the second reminder, not the deadline
    replies = (await service.tick())[row.id]
    assert all("Reminder" in r.text for r in replies)
    assert await store.records(row.id) == []


async def test_deadline_off_removes_every_deadline(timed):
    """'deadline off': no reminder, no default, ever."""
    service, row, store, clock = timed
    await service.referee(row, REF, "deadline off because no hurry")
    clock.now += 500 * HOUR
    assert await service.tick() == {}


async def test_a_malformed_deadline_command_says_what_is_accepted(timed):
    """'deadline soon' is refused with the syntax."""
    service, row, _, _ = timed
    with pytest.raises(ServiceError) as exc:
        await service.referee(row, REF, "deadline soon because why not")
    assert "Usage: deadline HOURS" in str(exc.value)


def test_parse_policy_reads_hours_reminders_and_what_happens_at_the_deadline():
    """The referee's syntax, and its limits."""
    assert parse_policy(["48"]) == Policy(48.0, (24.0, 2.0), "default")
    assert parse_policy(["12", "remind", "1,6", "referee"]) == Policy(12.0, (6.0, 1.0), "referee")
    assert parse_policy(["off"]) is None
    assert isinstance(parse_policy(["12", "remind", "13"]), Text)
    assert isinstance(parse_policy(["0"]), Text)


def test_timestamps_read_as_utc_outside_discord():
    """The console shows a Discord timestamp as a UTC date."""
    assert plain_stamps("due <t:1800000000:f>.") == "due 2027-01-15 08:00 UTC."


async def test_an_absence_stretches_the_players_deadlines_and_everybody_is_told(timed):
    """'away 5d': no reminder or default while away; the decision is due a whole deadline after."""
    service, row, store, clock = timed
    replies = await service.submit(row, RED, "away 5d")
    assert replies[0].to == "public" and "Red is away until" in replies[0].text
    clock.now += 5 * 24 * HOUR - HOUR
    assert await service.tick() == {}
    clock.now += HOUR + 47 * HOUR  # back, then 47 hours: the second reminder, not yet the deadline
    assert all("Reminder" in r.text for r in (await service.tick())[row.id])
    assert await store.records(row.id) == []


async def test_a_referee_may_refuse_an_absence(timed):
    """'referee: away red refuse': the deadline runs from when the decision opened again."""
    service, row, store, clock = timed
    await service.submit(row, RED, "away 10d")
    replies = await service.referee(row, REF, "away red refuse because the tournament ends Friday")
    assert "refused the absence of Red" in replies[0].text
    clock.now += 49 * HOUR
    assert (await service.tick())[row.id][0].text.startswith("\u2713 end")


async def test_a_decision_opening_during_an_absence_waits_for_the_player(timed):
    """Blue is away when the game turns to blue: blue's deadline counts from blue's return."""
    service, row, store, clock = timed
    await service.submit(row, BLUE, "away 3d")
    await service.submit(row, RED, "end")
    clock.now += 49 * HOUR
    assert await service.tick() == {}
    clock.now += 48 * HOUR  # 97 hours: back for 25, the first reminder of a deadline at 120
    assert "Reminder: Blue" in (await service.tick())[row.id][0].text


async def test_a_malformed_or_past_absence_is_refused_to_the_player_alone(timed):
    """A date that passed, a date too far, or nonsense: refused privately with the syntax."""
    service, row, _, _ = timed
    for line in ("away yesterday", "away 2001-01-01", "away 90d"):
        replies = await service.submit(row, RED, line)
        assert not replies[0].ok and replies[0].to == "red", line
