"""Referee overrides through the service (console path): secrets stay out of the public replies."""

from __future__ import annotations

import io
import json

from bot.console import CONSOLE, Console
from bot.service import CampaignService
from bot.store import Store


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
