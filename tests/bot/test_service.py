import pytest

from bot.service import CampaignService, Sender, ServiceError
from bot.store import Store

RED, BLUE, REF, STRANGER = Sender("u-red", "Rosa"), Sender("u-blue", "Bruno"), Sender("u-ref", "Ref"), Sender("u-x", "X")


@pytest.fixture
async def setup(tmp_path):
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create("c1", "duel", seed="fixed", creator=REF.user_id)
    await service.join(row, "red", RED)
    await service.join(row, "blue", BLUE)
    yield service, row, store
    await store.close()


async def test_each_line_gets_a_tick_or_cross(setup):
    service, row, _ = setup
    replies = await service.submit(row, RED, "move r1 0102\nmove r1 0909\nmove r1 0103")
    heads = [r.text for r in replies if r.text.startswith(("\u2713", "\u2717"))]
    assert heads[0].startswith("\u2713 move r1 0102")
    assert heads[1].startswith("\u2717 move r1 0909") and "not a hex" in heads[1]
    assert heads[2].startswith("\u2713 move r1 0103")


async def test_only_the_seat_owner_orders(setup):
    service, row, _ = setup
    with pytest.raises(ServiceError):
        await service.submit(row, STRANGER, "end")
    with pytest.raises(ServiceError) as exc:
        await service.submit(row, BLUE, "end", role="red")
    assert "Only the player of red" in str(exc.value)


async def test_seat_taken(setup):
    service, row, _ = setup
    with pytest.raises(ServiceError):
        await service.join(row, "red", STRANGER)


async def test_hand_is_private(setup):
    service, row, _ = setup
    replies = await service.submit(row, RED, "hand")
    assert [r.to for r in replies] == ["red"]
    match = await service.match(row)
    assert match.state["hands"]["red"][0] in replies[0].text


async def test_options_carry_actions(setup):
    service, row, _ = setup
    replies = await service.submit(row, RED, "options")
    assert "end" in replies[0].actions and "move r1 0102" in replies[0].actions


async def test_every_message_is_kept(setup):
    service, row, store = setup
    await service.submit(row, RED, "move r1 0102\nbogus order")
    assert await store.message_count(row.id) == 2


async def test_referee_override_needs_reason_and_referee(setup):
    service, row, _ = setup
    with pytest.raises(ServiceError):
        await service.referee(row, RED, "place r1 0303 because I want")
    with pytest.raises(ServiceError):
        await service.referee(row, REF, "place r1 0303")
    replies = await service.referee(row, REF, "place r1 0303 because misplaced counter")
    assert any("misplaced counter" in r.text for r in replies if r.to == "public")


async def test_pause_blocks_orders(setup):
    service, row, _ = setup
    await service.referee(row, REF, "pause because holidays")
    row = await service.campaign(row.id)
    with pytest.raises(ServiceError):
        await service.submit(row, RED, "end")


async def test_restart_rebuilds_the_same_state(setup, tmp_path):
    """A fresh service over the same database replays to the same state hash."""
    service, row, store = setup
    await service.submit(row, RED, "move r1 0102\nend")
    await service.submit(row, BLUE, "move b1 0504\nundo\nmove b1 0405")
    expected = (await service.match(row)).hash()
    again = CampaignService(store)
    assert (await again.match(row)).hash() == expected


async def test_undo_is_announced(setup):
    service, row, _ = setup
    replies = await service.submit(row, RED, "move r1 0102\nundo")
    assert any("took back" in r.text for r in replies if r.to == "public")


async def test_unknown_game_lists_games(tmp_path):
    store = await Store.open(tmp_path / "x.db")
    with pytest.raises(ServiceError) as exc:
        await CampaignService(store).create("c", "chess")
    assert "caucasus" in str(exc.value) and "stalins-war" in str(exc.value)
    assert "duel" not in str(exc.value)  # the template game is played by name, never advertised
    await store.close()


async def test_a_referee_undo_grant_survives_a_restart(setup):
    """The grant is part of the recorded state, so a reloaded campaign still honours it."""
    service, row, store = setup
    await service.submit(row, RED, "end")
    await service.referee(row, REF, "grant-undo red because misclick")
    again = CampaignService(store)
    replies = await again.submit(row, RED, "undo")
    assert replies[0].ok and (await again.match(row)).state["player"] == "red"
    replies = await again.submit(row, RED, "end\nundo")
    assert not replies[-1].ok


async def test_a_stored_order_the_rules_now_refuse_is_a_clear_divergence(setup, monkeypatch):
    """Records are replayed on load; an order the current rules refuse (the engine changed) gives the
    same clear refusal as a hash mismatch, not a traceback."""
    service, row, store = setup
    await service.submit(row, RED, "move r1 0102")
    records = await store.records(row.id)
    broken = [dict(r) for r in records]
    last = dict(broken[-1])
    last["action"] = ["move", "r1", "0909"]
    broken[-1] = last

    async def stored(campaign_id):
        return broken

    monkeypatch.setattr(store, "records", stored)
    with pytest.raises(ServiceError) as exc:
        await CampaignService(store).match(row)
    assert "diverged at record" in str(exc.value) and "now refused" in str(exc.value)


async def test_a_private_standing_order_is_echoed_in_public_without_its_content(setup):
    """The template game's standing reactions are private: the channel reads 'standing (private)'."""
    service, row, _ = setup
    replies = await service.submit(row, RED, "standing clear")
    public = [r.text for r in replies if r.to == "public"]
    assert public[0] == "\u2713 standing (private)"
    assert any(r.to == "red" and r.text == "\u2713 standing clear" for r in replies)
