"""Through Discord: a message of many orders is answered line by line in one post, with one map
after the last line for the channel and one for each seat whose own map shows more."""

from __future__ import annotations

from typing import Any

from engine.games.duel.game import Duel
from tests.bot.discord.conftest import Harness

OK, FAIL = "\u2713", "\u2717"
ORDERS = ["move r1 0102", "move r1 0103", "move r1 0909", "move r2 0203", "move r1 0104"]


class HiddenDuel(Duel):
    """The duel with each side's counters hidden from the other: every seat gets its own map."""

    def view(self, state: Any, role: str) -> Any:
        view = super().view(state, role)
        view["units"] = {uid: {**u, "hidden": u["side"] != role} for uid, u in view["units"].items()}
        return view


def pictures(posts) -> list[dict]:
    return [a for post in posts for a in post.attachments]


async def test_a_message_of_many_orders_gets_every_line_and_one_map_per_viewer(discord_env: Harness, fixture_games):
    """Five lines (one refused): five ticks or crosses, one channel map of the final position, one map per seat."""
    fixture_games("duel-hidden-discord", HiddenDuel)
    h = discord_env
    row = await h.create("duel-hidden-discord", seat=False)
    for user, role in ((h.red, "red"), (h.blue, "blue")):
        await h.server.answered(await h.server.slash(user, h.channel, "adjutant join", side=role))
    await h.server.settle()
    before = len(h.server.from_bot(h.channel))
    dms_before = {user.name: len(h.server.dms(user)) for user in (h.red, h.blue)}
    await h.server.say(h.red, h.channel, "\n".join(ORDERS))
    await h.server.next_post(h.channel, before)
    await h.server.settle()
    posts = h.server.from_bot(h.channel)[before:]
    heads = [line for post in posts for line in post.text.splitlines() if line.startswith((OK, FAIL))]
    said = [line.split(" \u2014")[0] for line in heads]
    assert [line for line in said if line.startswith(OK)] == [
        f"{OK} move r1 0102", f"{OK} move r1 0103", f"{OK} move r2 0203", f"{OK} move r1 0104"
    ]
    assert [line for line in said if line.startswith(FAIL)] == [f"{FAIL} move r1 0909"]  # its ruling is an embed
    [channel_map] = pictures(posts)
    assert channel_map["description"] == "Duel map: b1 in 0505, b2 in 0404, r1 in 0104, r2 in 0203."
    for user in (h.red, h.blue):
        [own_map] = pictures(h.server.dms(user)[dms_before[user.name]:])
        assert own_map["description"] == "Duel map: b1 in 0505, b2 in 0404, r1 in 0104, r2 in 0203."
    assert (await h.service.match(row)).state["units"]["r1"]["hex"] == "0104"
    assert await h.store.pending(row.id) == []
