"""An Italian player's turn: what the games answer to orders typed as the Italian help lists them."""

from __future__ import annotations

import pytest

from bot.service import CampaignService
from bot.store import Store
from tests.bot.people import BLUE, RED, REF


@pytest.fixture
async def caucasus_combat(tmp_path):
    """A Caucasus campaign in Italian at the Axis's first Combat Phase: (service, row)."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create("c1", "caucasus", seed="fixed", creator=REF.user_id, language="it")
    await service.join(row, "axis", RED)
    await service.join(row, "soviet", BLUE)
    for who, line in ((RED, "pronto"), (BLUE, "pronto"), (RED, "fatto")):
        assert (await service.submit(row, who, line))[0].ok
    yield service, row
    await store.close()


async def test_rapporto_previews_the_odds_like_odds(caucasus_combat):
    """'rapporto' (the Italian 'odds') answers the preview instead of being refused as an order."""
    service, row = caucasus_combat
    english = (await service.submit(row, RED, "odds 16mot -> 0936"))[0]
    italian = (await service.submit(row, RED, "rapporto 16mot -> 0936"))[0]
    assert italian.ok, italian.text
    assert italian.text.split("\n", 1)[1] == english.text.split("\n", 1)[1]
