"""The service keeps a hidden-hand game's hands private: Stalin's War through the console path (6.1)."""

from __future__ import annotations

import io
import json

from bot.console import CONSOLE, Console
from bot.service import CampaignService
from bot.store import Store
from engine import registry


async def stalins_war(tmp_path, **options):
    store = await Store.open(tmp_path / "sw.db")
    service = CampaignService(store)
    row, _ = await service.create("sw", "stalins-war", options=options, seed="hidden-1", creator=CONSOLE.user_id)
    for role in ("axis", "soviet"):
        await store.set_seat(row.id, role, CONSOLE.user_id, "console")
    out = io.StringIO()
    return Console(service, row, out=out, as_json=True), out, store, service, row


def hands(match) -> dict[str, list[str]]:
    return {side: list(match.state["cards"][side]["hand"]) for side in ("axis", "soviet")}


async def test_each_hand_goes_only_to_its_owner_at_the_start(tmp_path):
    con, out, store, service, row = await stalins_war(tmp_path)
    await con.deliver()
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    match = await service.match(row)
    held = hands(match)
    for side, cards in held.items():
        mine = [o for o in objs if o["to"] == side and "Your hand" in o["text"]]
        assert mine and all(c in mine[-1]["text"] for c in cards)
        other = "soviet" if side == "axis" else "axis"
        assert not any(c in o["text"] for o in objs if o["to"] in ("public", other) for c in cards)
    await store.close()


async def test_playing_a_card_not_held_is_refused_privately_and_names_no_held_card(tmp_path):
    con, out, store, service, row = await stalins_war(tmp_path)
    match = await service.match(row)
    held = hands(match)
    missing = next(n for n in range(1, 26) if f"AX{n}" not in held["axis"])
    await con.deliver()
    out.truncate(0)
    out.seek(0)
    await con.run(io.StringIO(f"axis: play {missing} ops\n"))
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    refusal = [o for o in objs if not o["ok"]]
    assert refusal and all(o["to"] == "axis" for o in refusal)
    assert not any(o["to"] == "public" and f"AX{missing}" in o["text"] for o in objs)
    for o in objs:
        if o["to"] != "axis":
            assert not any(c in o["text"] for c in held["axis"])
    await store.close()


async def test_the_owner_gets_the_new_hand_after_every_change(tmp_path):
    con, out, store, service, row = await stalins_war(tmp_path)
    match = await service.match(row)
    card = match.state["cards"]["axis"]["hand"][0]
    await con.deliver()
    out.truncate(0)
    out.seek(0)
    await con.run(io.StringIO(f"axis: play {card[2:]} ops\n"))
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    new_hand = [o for o in objs if o["to"] == "axis" and "Your hand (5 cards" in o["text"]]
    assert new_hand and card not in new_hand[0]["text"]
    assert not any(o["to"] == "soviet" and "Your hand" in o["text"] for o in objs)
    await store.close()


def test_no_view_of_another_role_shows_a_hand():
    game = registry.get("stalins-war")
    from engine.kernel import Match

    match = Match.new(game, "campaign", game.options, "views")
    for viewer, other in (("axis", "soviet"), ("soviet", "axis"), ("referee", "axis"), ("referee", "soviet")):
        text = json.dumps(match.view(viewer))
        assert not any(c in text for c in match.state["cards"][other]["hand"]), viewer


async def test_a_referee_hand_override_names_its_cards_only_to_the_owner(tmp_path):
    con, out, store, service, row = await stalins_war(tmp_path)
    match = await service.match(row)
    deck = match.state["cards"]["axis"]["deck"]
    chosen = [c for c in deck if c not in match.state["cards"]["axis"]["hand"]][:3]
    await con.deliver()
    out.truncate(0)
    out.seek(0)
    await con.run(io.StringIO(f"referee: hand axis {' '.join(chosen)} because the example's hand\n"))
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert any(o["to"] == "public" and o["ok"] and "hand axis (3 cards" in o["text"] for o in objs)
    assert any(o["to"] == "axis" and all(c in o["text"] for c in chosen) for o in objs)
    for o in objs:
        if o["to"] not in ("axis", "referee"):  # the referee reads the whole override
            assert not any(c in o["text"] for c in chosen), o
    match = await service.match(row)
    public_log = [e for rec in match.records for e in rec.entries if e.to in ("*", "soviet")]
    assert not any(c in str(e.text.to_json()) for e in public_log for c in chosen)
    full = [e for rec in match.records for e in rec.entries if e.to == "referee"]
    assert full and all(c in str(full[-1].text.to_json()) for c in chosen)
    out.truncate(0)
    out.seek(0)
    await con.run(io.StringIO(f"referee: hand axis {chosen[0]} SU3 because a slip\n"))
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert any(not o["ok"] for o in objs)
    assert not any(o["to"] == "public" and chosen[0] in o["text"] for o in objs)
    await store.close()


async def test_history_shows_other_players_a_referee_hand_override_only_redacted(tmp_path):
    con, out, store, service, row = await stalins_war(tmp_path)
    match = await service.match(row)
    deck = match.state["cards"]["axis"]["deck"]
    chosen = [c for c in deck if c not in match.state["cards"]["axis"]["hand"]][:3]
    await con.run(io.StringIO(f"referee: hand axis {' '.join(chosen)} because a test\n"))
    await con.deliver()
    out.truncate(0)
    out.seek(0)
    await con.run(io.StringIO("soviet: history 5\n"))
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    soviet = [o["text"] for o in objs if o["to"] == "soviet"]
    assert soviet and "referee: hand axis (3 cards" in soviet[0]
    assert not any(c in soviet[0] for c in chosen)
    await store.close()


async def said(con, out, line: str) -> list[dict]:
    await con.deliver()
    out.truncate(0)
    out.seek(0)
    await con.run(io.StringIO(line + "\n"))
    return [json.loads(text) for text in out.getvalue().splitlines()]


async def test_a_picked_card_is_echoed_to_its_owner_only_23_1_1(tmp_path):
    """The channel's tick for 'pick CARD' never names the card; the Axis player reads it whole."""
    con, out, store, service, row = await stalins_war(tmp_path, pick_card=True)
    card = sorted((await service.match(row)).state["cards"]["axis"]["deck"])[0]
    objs = await said(con, out, f"axis: pick {card}")
    assert any(o["to"] == "public" and o["ok"] and o["text"].startswith("\u2713 pick") for o in objs)
    assert not any(card in o["text"] for o in objs if o["to"] in ("public", "soviet")), objs
    assert any(o["to"] == "axis" and o["text"] == f"\u2713 pick {card}" for o in objs)
    await store.close()


async def test_an_undo_refusal_never_quotes_a_picked_card(tmp_path):
    """'undo' after a secret pick is refused without quoting the card to anyone but its owner."""
    con, out, store, service, row = await stalins_war(tmp_path, pick_card=True)
    card = sorted((await service.match(row)).state["cards"]["axis"]["deck"])[0]
    await said(con, out, f"axis: pick {card}")
    objs = await said(con, out, "axis: undo")
    assert objs and not any(o["ok"] for o in objs)
    assert not any(card in o["text"] for o in objs if o["to"] != "axis"), objs
    assert any("cannot be taken back" in o["text"] for o in objs)
    await store.close()


async def test_the_history_and_the_public_undo_refusal_render_a_secret_order_per_reader(tmp_path):
    """The kernel's undo refusal carries the order as a secret: its player reads it, the channel does not."""
    from bot.i18n import render
    from engine.errors import IllegalOrder

    con, out, store, service, row = await stalins_war(tmp_path, pick_card=True)
    card = sorted((await service.match(row)).state["cards"]["axis"]["deck"])[0]
    await said(con, out, f"axis: pick {card}")
    match = await service.match(row)
    try:
        match.undo("axis")
    except IllegalOrder as exc:
        assert card in render(exc.text(), viewer="axis")
        assert card not in render(exc.text(), viewer="public") and card not in render(exc.text(), viewer="soviet")
    else:  # pragma: no cover
        raise AssertionError("undo crossed the reshuffle after the pick")
    assert [h.said for h in match.history("soviet", 1)] == ["pick (a card, secret)"]
    assert [h.said for h in match.history("axis", 1)] == [f"pick {card}"]
    await store.close()


async def test_a_substitute_receives_the_sides_hand_at_once_and_alone(tmp_path):
    """A referee gives the Axis seat to a new player: the hand goes to the Axis privately in
    the same step, and nowhere else."""
    con, out, store, service, row = await stalins_war(tmp_path)
    await store.add_referee(row.id, "ref-1")
    from bot.service import Sender

    replies = await service.referee(row, Sender("ref-1", "ref"), "seat axis u-new because the Axis player moved away")
    held = hands(await service.match(row))["axis"]
    private = [r for r in replies if r.to == "axis"]
    assert private and "You now play Axis" in private[0].text and all(c in private[0].text for c in held)
    assert not any(c in r.text for r in replies if r.to != "axis" for c in held)
    assert (await store.seats(row.id))["axis"][0] == "u-new"
    await store.close()
