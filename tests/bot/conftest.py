"""Shared fixtures of the service tests."""

from collections.abc import Callable, Iterator

import pytest

from bot.service import CampaignService
from bot.store import Store
from engine import registry
from tests.bot.people import BLUE, RED, REF


@pytest.fixture
def fixture_games() -> Iterator[Callable[[str, Callable], None]]:
    """Registers a test's own games for that test only: later tests see the shipped list."""
    added: list[str] = []

    def add(name: str, factory: Callable) -> None:
        registry.register(name, factory)
        added.append(name)

    yield add
    for name in added:
        registry.unregister(name)


@pytest.fixture
async def setup(tmp_path):
    """A duel campaign with red and blue seated and REF as its referee: (service, row, store)."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create("c1", "duel", seed="fixed", creator=REF.user_id)
    await service.join(row, "red", RED)
    await service.join(row, "blue", BLUE)
    yield service, row, store
    await store.close()
