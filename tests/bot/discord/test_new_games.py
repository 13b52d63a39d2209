"""The three newest games (Combat Commander, Schwerpunkt, Across the Bug River) on Discord:
'/adjutant create' makes them by exact name or alias, as 'adjutant play NAME' does in the console,
and the game choices offer them as they offer every listed game; a game not listed (the template
game) is offered only when its name is typed whole."""

from __future__ import annotations

import pytest

from engine import registry
from tests.bot.discord.conftest import Harness
from tests.bot.discord.newgames import FAIL, create_seated

NEW = ["combat_commander", "schwerpunkt", "across-the-bug-river"]


@pytest.mark.parametrize("game", NEW)
async def test_a_new_game_is_created_by_its_exact_name_and_seated(discord_env: Harness, game: str):
    """The creation is announced with the game's title; both players hold their side."""
    h = discord_env
    before = len(h.server.from_bot(h.channel))
    row, seats = await create_seated(h, game)
    assert row.game == game
    assert registry.get(game).title in h.server.from_bot(h.channel)[before].text
    listed = await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant seats"))
    assert all(f"<@{user.id}>" in listed.text for user in seats.values()), listed.text


@pytest.mark.parametrize(("typed", "game"), [("atbr", "across-the-bug-river"), ("combat-commander", "combat_commander")])
async def test_an_alias_of_a_new_game_creates_it(discord_env: Harness, typed: str, game: str):
    """'atbr' and 'combat-commander' (the name the issues use) create their games on Discord too."""
    h = discord_env
    row = await h.create(typed, seat=False)
    assert row.game == game


@pytest.mark.parametrize("game", NEW)
async def test_the_game_choices_offer_a_new_game_typed_in_part(discord_env: Harness, game: str):
    """The new games are listed: typed in part they are offered, with their title."""
    h = discord_env
    partial = await h.server.autocomplete(h.ref, h.channel, "adjutant create", "game", game=game[:4])
    assert game in [c["value"] for c in partial]
    chosen = next(c for c in partial if c["value"] == game)
    assert registry.get(game).title[:40] in chosen["name"]


async def test_the_game_choices_offer_an_unlisted_game_only_typed_whole(discord_env: Harness):
    """The template game is not listed: typed in part it is not offered, typed whole it is."""
    h = discord_env
    assert "duel" not in registry.names()
    partial = await h.server.autocomplete(h.ref, h.channel, "adjutant create", "game", game="due")
    assert "duel" not in [c["value"] for c in partial]
    whole = await h.server.autocomplete(h.ref, h.channel, "adjutant create", "game", game="duel")
    assert [c["value"] for c in whole] == ["duel"]


async def test_an_unknown_game_is_refused_naming_the_listed_ones(discord_env: Harness):
    """A name that is no game is refused privately with the games offered; no campaign is made."""
    h = discord_env
    it = await h.server.answered(await h.server.slash(h.ref, h.channel, "adjutant create", game="squad-leader"))
    assert FAIL in it.text and "Unknown game 'squad-leader'" in it.text and "caucasus" in it.text
    assert await h.store.campaign_by_channel(str(h.channel)) is None
