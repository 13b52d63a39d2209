"""One campaign's slow work does not stall another's: while a picture of a Schwerpunkt campaign
is still being drawn (its renderer held), an order of an Across the Bug River campaign is
answered, picture included; so it is while timelapses of the first are being made, however many
are asked; and the same order sent five times at once is applied once."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from bot.service import CampaignService, Sender
from bot.store import CampaignRow, Store
from engine import registry

PLAYER = Sender("u-iso", "iso")
HELD = "schwerpunkt"
GUARD = 30.0  # seconds: only a guard against hanging the suite, never a measured time


async def _seated(service: CampaignService, name: str, game: str) -> CampaignRow:
    row, _ = await service.create(name, game, seed="iso", creator=PLAYER.user_id)
    for role in registry.get(game).roles:
        await service.store.set_seat(row.id, role, PLAYER.user_id, "iso")
    return row


async def _first_order(service: CampaignService, row: CampaignRow) -> tuple[str, str]:
    match = await service.match(row)
    role = next(r for r in sorted(match.active()) if match.prompt(r).actions)
    return role, match.prompt(role).actions[0].text


async def test_a_held_picture_in_one_campaign_does_not_hold_up_another(tmp_path: Path):
    """Campaign B's order is answered with its picture while campaign A's picture is still being drawn."""
    release, drawing_a = threading.Event(), threading.Event()

    def renderer(game, seen, full):
        if game.name == HELD:
            drawing_a.set()
            release.wait(GUARD)
        return b"\x89PNG", "a picture"

    store = await Store.open(tmp_path / "iso.db", durable=False)
    try:
        service = CampaignService(store)
        a = await _seated(service, "a", HELD)
        b = await _seated(service, "b", "across-the-bug-river")
        service.renderer = renderer
        (role_a, order_a), (role_b, order_b) = await _first_order(service, a), await _first_order(service, b)
        slow = asyncio.create_task(service.submit(a, PLAYER, order_a, role=role_a))
        while not drawing_a.is_set():
            await asyncio.sleep(0.01)
        try:
            replies = await asyncio.wait_for(service.submit(b, PLAYER, order_b, role=role_b), GUARD)
            held_meanwhile = not release.is_set() and not slow.done()
        finally:
            release.set()
            await slow
        assert held_meanwhile, "campaign A's picture was released before campaign B was answered"
        assert any(r.ok and r.image for r in replies), [r.text for r in replies]
    finally:
        await store.close()


async def test_the_same_order_sent_five_times_at_once_is_applied_once(tmp_path: Path):
    """Five concurrent copies of a legal order: one is applied, the others are answered, one record added."""
    store = await Store.open(tmp_path / "twice.db", durable=False)
    try:
        service = CampaignService(store)
        row = await _seated(service, "twice", "across-the-bug-river")
        role, order = await _first_order(service, row)
        before = len((await service.match(row)).records)
        answers = await asyncio.gather(*[service.submit(row, PLAYER, order, role=role) for _ in range(5)])
        assert [r.ok for replies in answers for r in replies[:1]].count(True) == 1
        assert len((await service.match(await service.campaign(row.id))).records) == before + 1
    finally:
        await store.close()


async def test_timelapses_asked_again_and_again_do_not_hold_up_another_campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Three timelapses of campaign A asked at once are made once, off the drawing threads: campaign B's order is answered with its picture meanwhile."""
    release, making = threading.Event(), threading.Event()
    made: list[str] = []

    def held_timelapse(game, row, records, start, language, limit):
        made.append(row.name)
        making.set()
        release.wait(GUARD)
        return b"GIF89a", 1

    monkeypatch.setattr("bot.timelapse._draw", held_timelapse)
    store = await Store.open(tmp_path / "lapse.db", durable=False)
    try:
        service = CampaignService(store)
        a = await _seated(service, "a", HELD)
        b = await _seated(service, "b", "across-the-bug-river")
        service.renderer = lambda game, seen, full: (b"\x89PNG", "a picture")
        role_b, order_b = await _first_order(service, b)
        asked = [asyncio.create_task(service.timelapse(a, "en")) for _ in range(3)]
        while not making.is_set():
            await asyncio.sleep(0.01)
        try:
            replies = await asyncio.wait_for(service.submit(b, PLAYER, order_b, role=role_b), GUARD)
            held_meanwhile = not release.is_set()
        finally:
            release.set()
            answers = await asyncio.gather(*asked)
        assert held_meanwhile, "campaign A's timelapse was released before campaign B was answered"
        assert any(r.ok and r.image for r in replies), [r.text for r in replies]
        assert made == ["a"] and answers == [(b"GIF89a", 1)] * 3
    finally:
        await store.close()
