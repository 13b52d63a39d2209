"""A message of several orders: every line keeps its text reply, the pictures come once per viewer,
after the last line, and show the position after all of them (each viewer's own view)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import CampaignService
from bot.store import Store
from engine.games.duel.game import Duel
from engine.text import Text, t
from tests.bot.people import RED, REF

TICK, CROSS = "\u2713", "\u2717"


class HiddenDuel(Duel):
    """The duel with each side's counters hidden from the other: every seat gets its own picture."""

    def view(self, state: Any, role: str) -> Any:
        view = super().view(state, role)
        view["units"] = {uid: {**u, "hidden": u["side"] != role} for uid, u in view["units"].items()}
        return view


class HandDuel(Duel):
    """The duel with its hands held secret: every change of a hand is sent to its owner."""

    hidden_holdings = True

    def holdings(self, state: Any, role: str) -> Text:
        return t("Your hand: {cards}", cards=", ".join(state["hands"][role]))


def where(seen: Any) -> str:
    """Where the counters stand in ``seen``'s view, as a picture's bytes say it."""
    return ", ".join(f"{k}@{u['hex']}" for k, u in sorted(seen.view["units"].items()))


@pytest.fixture
async def hidden(tmp_path, fixture_games):
    """A hidden-counter duel with red seated, whose renderer records every picture it draws."""
    fixture_games("duel-hidden-pictures", HiddenDuel)
    drawn: list[str] = []

    def renderer(game: Any, seen: Any, full: bool) -> tuple[bytes, str]:
        drawn.append(seen.viewer)
        return f"{seen.viewer}: {where(seen)}".encode(), f"map as {seen.viewer} sees it"

    store = await Store.open(tmp_path / "m.db")
    service = CampaignService(store, renderer=renderer)
    row, _ = await service.create("m", "duel-hidden-pictures", seed="fixed", creator=REF.user_id)
    await service.join(row, "red", RED)
    drawn.clear()
    yield service, row, store, drawn
    await store.close()


def pictures(replies: list[Any]) -> list[tuple[str, bytes]]:
    return [(r.to, r.image) for r in replies if r.image is not None]


async def test_a_message_of_several_orders_draws_one_picture_per_viewer(hidden):
    """Three accepted orders: three ticks, and the public, red and blue pictures once each."""
    service, row, _, drawn = hidden
    replies = await service.submit(row, RED, "move r1 0102\nmove r1 0103\nmove r2 0203")
    assert [r.text.split(" \u2014")[0] for r in replies if r.text.startswith((TICK, CROSS))] == [
        f"{TICK} move r1 0102", f"{TICK} move r1 0103", f"{TICK} move r2 0203"
    ]
    assert sorted(to for to, _ in pictures(replies)) == ["blue", "public", "red"]
    assert sorted(drawn) == ["blue", "public", "red"]


async def test_the_pictures_follow_the_last_line_and_show_the_final_position(hidden):
    """The pictures come after every line's reply and show the counters where the last order left them."""
    service, row, _, _ = hidden
    replies = await service.submit(row, RED, "move r1 0102\nmove r1 0103")
    first_picture = next(i for i, r in enumerate(replies) if r.image is not None)
    assert all(r.image is not None for r in replies[first_picture:])
    assert not any(r.text.startswith((TICK, CROSS)) for r in replies[first_picture:])
    assert dict(pictures(replies))["red"].endswith(b"r1@0103, r2@0202")


async def test_a_refusal_in_the_middle_is_reported_and_the_pictures_still_come_once(hidden):
    """A refused line between two accepted ones keeps its cross; the pictures come once, after the last."""
    service, row, _, _ = hidden
    replies = await service.submit(row, RED, "move r1 0102\nmove r1 0909\nmove r1 0103")
    heads = [r for r in replies if r.text.startswith((TICK, CROSS))]
    assert [h.ok for h in heads] == [True, False, True]
    assert "0909" in heads[1].text
    assert sorted(to for to, _ in pictures(replies)) == ["blue", "public", "red"]
    assert dict(pictures(replies))["public"].endswith(b"r1@0103, r2@0202")


async def test_a_message_whose_orders_are_all_refused_draws_no_picture(hidden):
    """Nothing changed, nothing drawn: refusals alone bring no picture, as a single refusal does."""
    service, row, _, drawn = hidden
    replies = await service.submit(row, RED, "move r1 0909\nmove r1 0505")
    assert [r.ok for r in replies] == [False, False]
    assert drawn == []


async def test_a_message_of_one_order_still_draws_its_pictures_with_it(hidden):
    """One order: its pictures are drawn with its step, as before."""
    service, row, store, drawn = hidden
    replies = await service.submit(row, RED, "move r1 0102")
    assert sorted(to for to, _ in pictures(replies)) == ["blue", "public", "red"]
    assert sorted(drawn) == ["blue", "public", "red"]


async def test_the_outbox_holds_each_line_once_and_one_picture_per_viewer_after_them(hidden):
    """Delivered from the outbox: every reply once, in order, the pictures last, one per viewer."""
    service, row, _, _ = hidden
    replies = await service.submit(row, RED, "move r1 0102\nmove r1 0909\nmove r1 0103")
    sent: list[tuple[str, str, bytes | None]] = []

    async def send(entry: Any) -> None:
        sent.append((entry.payload["to"], entry.payload["text"], entry.image))

    await service.deliver(send, row.id)
    created = len(sent) - len(replies)  # the creation's and the join's own posts come first
    assert [(to, text) for to, text, _ in sent[created:]] == [(r.to, r.text) for r in replies]
    assert sorted(to for to, _, image in sent[created:] if image is not None) == ["blue", "public", "red"]
    assert all(image is not None for _, _, image in sent[-3:])
    assert await service.deliver(send, row.id) == 0


async def test_a_hand_changed_by_several_orders_gets_every_text_and_one_picture(tmp_path, fixture_games):
    """Two draws in one message: the owner reads both hands, and one picture of the hand after the last."""
    fixture_games("duel-hand-pictures", HandDuel)
    drawn: list[tuple[str, str]] = []

    def hand_renderer(game: Any, seen: Any) -> tuple[bytes, str]:
        drawn.append((seen.viewer, ",".join(seen.view["hand"])))
        return ",".join(seen.view["hand"]).encode(), f"hand of {seen.viewer}"

    store = await Store.open(tmp_path / "h.db")
    service = CampaignService(store, hand_renderer=hand_renderer)
    row, _ = await service.create("h", "duel-hand-pictures", seed="fixed", creator=REF.user_id)
    await service.join(row, "red", RED)
    drawn.clear()
    replies = await service.submit(row, RED, "draw\ndraw")
    match = await service.match(row)
    await store.close()
    hand = match.state["hands"]["red"]
    assert len(hand) == 4
    texts = [r.text for r in replies if r.to == "red" and r.image is None and r.text.startswith("Your hand")]
    assert texts == [f"Your hand: {', '.join(hand[:3])}", f"Your hand: {', '.join(hand)}"]
    assert drawn == [("red", ",".join(hand))]
    assert [(r.to, r.image) for r in replies if r.image is not None] == [("red", ",".join(hand).encode())]


async def test_a_picture_that_fails_after_the_last_line_loses_only_the_pictures(hidden):
    """The orders stand, answered and recorded once; a failed picture drawing is not a failed message."""
    service, row, store, _ = hidden

    def broken(game: Any, seen: Any, full: bool) -> tuple[bytes, str]:
        raise RuntimeError("renderer")

    service.renderer = broken
    replies = await service.submit(row, RED, "move r1 0102\nmove r1 0103")
    assert [r.ok for r in replies if r.text.startswith((TICK, CROSS))] == [True, True]
    assert pictures(replies) == []
    async with store.db.execute("SELECT text, outcome FROM messages WHERE campaign_id = ? ORDER BY id", (row.id,)) as cur:
        assert [tuple(r) for r in await cur.fetchall()] == [("move r1 0102", "accepted"), ("move r1 0103", "accepted")]
    assert (await CampaignService(store).match(row)).state["units"]["r1"]["hex"] == "0103"


@pytest.fixture
async def turns(tmp_path):
    """A duel with both sides seated to RED, whose renderer records every picture it draws (viewer, whole map)."""
    drawn: list[tuple[str, bool]] = []

    def renderer(game: Any, seen: Any, full: bool) -> tuple[bytes, str]:
        drawn.append((seen.viewer, full))
        return f"{seen.viewer} full={full}: {where(seen)}".encode(), f"map as {seen.viewer} sees it"

    store = await Store.open(tmp_path / "t.db")
    service = CampaignService(store, renderer=renderer)
    row, _ = await service.create("t", "duel", seed="fixed", creator=REF.user_id)
    await service.join(row, "red", RED)
    await service.join(row, "blue", RED)
    await service.submit(row, RED, "end", role="red")
    drawn.clear()
    yield service, row, drawn
    await store.close()


async def test_a_message_crossing_a_turns_end_draws_its_pictures_after_the_last_line(turns):
    """Blue ends turn 1 and asks the status: the turn's summary comes at once, the whole map after the last line."""
    service, row, drawn = turns
    replies = await service.submit(row, RED, "end\nstatus", role="blue")
    summary = next(i for i, r in enumerate(replies) if r.text.startswith("End of turn 1"))
    status = next(i for i, r in enumerate(replies) if r.text.startswith("Turn 2, Red to play"))
    first_picture = next(i for i, r in enumerate(replies) if r.image is not None)
    assert summary < status < first_picture
    assert all(r.image is not None for r in replies[first_picture:])


async def test_a_message_crossing_a_turns_end_draws_one_public_picture_of_the_whole_map(turns):
    """The picture after the last line is the whole map (the turn's end picture), once: not a second public one."""
    service, row, drawn = turns
    replies = await service.submit(row, RED, "end\nstatus", role="blue")
    assert drawn == [("public", True)]
    assert [(r.to, r.extra.get("full")) for r in replies if r.image is not None] == [("public", True)]


async def test_a_single_order_ending_the_turn_still_draws_the_whole_map_with_it(turns):
    """One order that ends the turn: its step's picture and the turn's whole map, as before."""
    service, row, drawn = turns
    await service.submit(row, RED, "end", role="blue")
    assert sorted(drawn) == [("public", False), ("public", True)]
