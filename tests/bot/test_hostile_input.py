"""Invisible and control characters typed to the campaign service, in the three newest games.

A zero-width space inside a unit's name, a right-to-left override before a verb or a terminal
escape in a referee's line would be echoed back invisibly ("'13pz' is not a unit" when the
player sees 13pz) or rearrange what the console and Discord show. The service refuses such a
line before the engine reads it, naming the character by its code point and position; nothing
changes, and the line is kept in ``messages`` as refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import CampaignService, Sender, ServiceError
from bot.store import Store
from engine import registry

PLAYER = Sender("u-input", "input")
NEW_GAMES = ("combat_commander", "schwerpunkt", "across-the-bug-river")


async def _service(tmp_path: Path, game_name: str) -> tuple[Store, CampaignService, object]:
    store = await Store.open(tmp_path / "input.db", durable=False)
    service = CampaignService(store)
    row, _ = await service.create("input", game_name, seed="input", creator=PLAYER.user_id)
    for role in registry.get(game_name).roles:
        await store.set_seat(row.id, role, PLAYER.user_id, "input")
    return store, service, row


@pytest.mark.parametrize("game_name", NEW_GAMES)
async def test_a_zero_width_space_in_an_order_is_named(tmp_path, game_name):
    """'status\\u200b' is refused naming U+200B ZERO WIDTH SPACE and its place, the position unchanged."""
    store, service, row = await _service(tmp_path, game_name)
    try:
        role = registry.get(game_name).roles[0]
        before = (await service.match(row)).hash()
        with pytest.raises(ServiceError) as refused:
            await service.submit(row, PLAYER, "status\u200b", role=role)
        assert "U+200B ZERO WIDTH SPACE" in str(refused.value) and "position 7" in str(refused.value)
        assert (await service.match(await service.campaign(row.id))).hash() == before
    finally:
        await store.close()


@pytest.mark.parametrize("line", ["\u202estatus", "status \x1b[31m", "status\x00", "hand\u2066"])
async def test_control_and_direction_characters_are_refused(tmp_path, line):
    """A right-to-left override, a terminal escape, a NUL or a bidi isolate is refused by its code point."""
    store, service, row = await _service(tmp_path, "combat_commander")
    try:
        with pytest.raises(ServiceError) as refused:
            await service.submit(row, PLAYER, line, role="axis")
        bad = next(ch for ch in line if not ch.isprintable() and ch != " ")
        assert f"U+{ord(bad):04X}" in str(refused.value), str(refused.value)
        assert "plain text" in str(refused.value)
    finally:
        await store.close()


async def test_a_referee_line_with_an_override_character_is_refused(tmp_path):
    """'place\\u202e ...' from the referee is refused like a player's line, before the game reads it."""
    store, service, row = await _service(tmp_path, "schwerpunkt")
    try:
        with pytest.raises(ServiceError) as refused:
            await service.referee(row, PLAYER, "vp\u202e 5 because the tally was wrong")
        assert "U+202E RIGHT-TO-LEFT OVERRIDE" in str(refused.value)
    finally:
        await store.close()


async def test_the_refused_line_is_kept_in_messages(tmp_path):
    """A line refused for an invisible character is still recorded in 'messages' as refused."""
    store, service, row = await _service(tmp_path, "across-the-bug-river")
    try:
        with pytest.raises(ServiceError):
            await service.submit(row, PLAYER, "pass\u200b", role="german")
        async with store.db.execute("SELECT text, outcome FROM messages ORDER BY id") as cur:
            kept = await cur.fetchall()
        assert [tuple(r) for r in kept][-1:] == [("pass\u200b", "refused")]
    finally:
        await store.close()


async def test_a_comment_line_may_hold_any_character(tmp_path):
    """A '#' comment line with an emoji sequence (a zero-width joiner) does not stop the order after it."""
    store, service, row = await _service(tmp_path, "combat_commander")
    try:
        replies = await service.submit(row, PLAYER, "# \U0001f468\u200d\U0001f469\u200d\U0001f467 good luck\nstatus", role="axis")
        assert replies and all(r.ok for r in replies)
    finally:
        await store.close()


async def test_a_tab_between_words_is_still_accepted(tmp_path):
    """A tab is a separator, not a control character to refuse: 'status\\tfull' is read."""
    store, service, row = await _service(tmp_path, "schwerpunkt")
    try:
        replies = await service.submit(row, PLAYER, "status\t", role="soviet")
        assert replies and all(r.ok for r in replies)
    finally:
        await store.close()


async def test_a_message_of_hundreds_of_map_requests_is_refused_before_any_is_drawn(tmp_path):
    """'map' typed 800 times in one message is refused at once, naming the limit, instead of drawing 800 maps while the campaign waits."""
    store, service, row = await _service(tmp_path, "schwerpunkt")
    drawn: list[int] = []
    service.renderer = lambda game, seen, full: drawn.append(1) or (b"png", "a map")
    try:
        with pytest.raises(ServiceError) as refused:
            await service.submit(row, PLAYER, "\n".join(["map"] * 800), role="soviet")
        assert "800" in str(refused.value) and "status, options, hand, map, history" in str(refused.value), str(refused.value)
        assert drawn == []
        replies = await service.submit(row, PLAYER, "status\nmap\nhand\noptions\nhistory", role="soviet")
        assert replies and all(r.ok for r in replies) and drawn == [1]
    finally:
        await store.close()


async def test_a_position_loaded_with_an_override_character_in_its_reason_is_refused(tmp_path):
    """'/ref position' whose reason holds a right-to-left override is refused like any referee line, before the file is read; nothing changes."""
    store, service, row = await _service(tmp_path, "schwerpunkt")
    try:
        match = await service.match(row)
        before, count = match.hash(), len(match.records)
        with pytest.raises(ServiceError) as refused:
            await service.load_position(row, PLAYER, match.export_position(), "\u202ethe tally was wrong")
        assert "U+202E RIGHT-TO-LEFT OVERRIDE" in str(refused.value)
        after = await service.match(await service.campaign(row.id))
        assert (after.hash(), len(after.records)) == (before, count)
    finally:
        await store.close()
