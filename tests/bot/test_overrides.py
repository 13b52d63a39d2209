"""Referee overrides through the service (console path): secrets stay out of the public replies."""

from __future__ import annotations

import io
import json

import pytest

from bot.console import CONSOLE, Console
from bot.service import CampaignService
from bot.store import Store
from engine import registry


async def stalins_war(tmp_path):
    store = await Store.open(tmp_path / "sw.db")
    service = CampaignService(store)
    row, _ = await service.create("sw", "stalins-war", seed="overrides-1", creator=CONSOLE.user_id)
    for role in ("axis", "soviet"):
        await store.set_seat(row.id, role, CONSOLE.user_id, "console")
    out = io.StringIO()
    con = Console(service, row, out=out, as_json=True)
    await con.deliver()
    return con, out, store, service, row


async def run(con: Console, out: io.StringIO, line: str) -> list[dict]:
    out.truncate(0)
    out.seek(0)
    await con.run(io.StringIO(line + "\n"))
    return [json.loads(text) for text in out.getvalue().splitlines()]


async def test_cards_put_on_top_of_a_deck_are_named_to_no_player_4_3(tmp_path):
    con, out, store, service, row = await stalins_war(tmp_path)
    objs = await run(con, out, "referee: pile axis deck 31 32 because the example's draw")
    assert any(o["to"] == "public" and o["ok"] and "pile axis deck (2 cards" in o["text"] for o in objs)
    assert not any(o["to"] != "referee" and ("AX31" in o["text"] or "AX32" in o["text"]) for o in objs)
    match = await service.match(row)
    assert match.state["cards"]["axis"]["deck"][:2] == ["AX31", "AX32"]
    await store.close()


async def test_a_refused_hand_override_names_no_card_in_public(tmp_path):
    con, out, store, service, row = await stalins_war(tmp_path)
    for line in ("referee: hand axis 31 31 because a slip", "referee: hand axis 31 SU9 because a slip"):
        objs = await run(con, out, line)
        assert objs and not any(o["ok"] for o in objs)
        # A refused override changes nothing: only the referee reads it, whole.
        assert all(o["to"] == "referee" for o in objs)
    await store.close()


async def test_placing_partisans_names_no_partisan_in_public_16_1_3(tmp_path):
    con, out, store, service, row = await stalins_war(tmp_path)
    objs = await run(con, out, "referee: place su-partisan-3 1622 because the example")
    assert any(o["to"] == "public" and o["ok"] and "place Partisans 1622" in o["text"] for o in objs)
    assert not any("partisan-3" in o["text"] or "#3" in o["text"] for o in objs if o["to"] != "referee")
    match = await service.match(row)
    assert match.state["units"]["su-partisan-3"]["hex"] == "1622"
    await store.close()


async def console_for(tmp_path, game: str):
    store = await Store.open(tmp_path / f"{game}.db")
    service = CampaignService(store)
    seats = {role: (CONSOLE.user_id, "console") for role in registry.get(game).roles}
    row, _ = await service.create(game, game, seed="set-1", creator=CONSOLE.user_id, seats=seats)
    out = io.StringIO()
    con = Console(service, row, out=out, as_json=True)
    await con.deliver()
    return con, out, store, service, row


@pytest.mark.parametrize("game", ["caucasus", "stalins-war"])
@pytest.mark.parametrize(
    ("path", "value", "why"),
    [
        ("turn", '"x"', "'turn' holds a whole number"),
        ("turn", "x", "'turn' holds a whole number"),
        ("turn", "99", "The turn must be a whole number from 1 to"),
        ("turn", "0", "The turn must be a whole number from 1 to"),
        ("vp", "1e999", "'vp' holds a whole number"),
        ("vp", "true", "'vp' holds a whole number"),
        ("vp", "1000", "must be a whole number from"),
        ("phase", '"action"', "'phase' holds an object"),
        ("phase.side", '"nobody"', "The phase needs"),
        ("last_turn", "0", "The last turn must be"),
    ],
)
async def test_a_set_of_the_wrong_type_or_range_is_refused_and_the_game_goes_on(tmp_path, game, path, value, why):
    """'set' of the turn, VP or phase is refused with the reason unless it has the schema's type and range."""
    con, out, store, service, row = await console_for(tmp_path, game)
    before = (await service.match(row)).hash()
    objs = await run(con, out, f"referee: set {path} {value} because a test")
    refusal = [o for o in objs if o["to"] == "referee" and not o["ok"]]  # a refused override: the referee alone
    assert refusal and why in refusal[0]["text"], objs
    assert (await service.match(row)).hash() == before
    objs = await run(con, out, "axis: status")
    assert objs and objs[0]["ok"]
    assert (await CampaignService(store).match(row)).hash() == before
    await store.close()


@pytest.mark.parametrize("game", ["caucasus", "stalins-war"])
async def test_a_set_in_range_is_applied(tmp_path, game):
    """A value of the right type and range is set and survives a reload."""
    con, out, store, service, row = await console_for(tmp_path, game)
    objs = await run(con, out, "referee: set vp 5 because a test")
    assert any(o["ok"] and o["to"] == "public" for o in objs)
    assert (await CampaignService(store).match(row)).state["vp"] == 5
    await store.close()
