"""The pinned status board and the embeds of /adjutant status and help, through the fake Discord."""

from __future__ import annotations

from tests.bot.discord.conftest import Harness
from tests.bot.discord.fake_discord import Posted

OK = "\u2713"


def boards(h: Harness) -> list[Posted]:
    return [m for m in h.server.from_bot(h.channel) if m.embeds]


def field(post: Posted, name: str) -> str:
    return next((str(f["value"]) for f in post.embeds[0].get("fields", []) if f["name"] == name), "")


async def test_a_new_campaign_gets_one_pinned_status_board(discord_env: Harness):
    """After creation the channel holds one pinned embed: the campaign's name, status and whom it waits for."""
    h = discord_env
    row = await h.create()
    board = await h.server.wait_until(lambda: boards(h), what="the board")
    assert len(board) == 1 and board[0].pinned
    assert board[0].embeds[0]["title"] == row.name
    assert "red" in field(board[0], "Waiting for").casefold()


async def test_the_board_names_each_side_not_its_role_key(discord_env: Harness):
    """With no reader's language the board waits for 'Red (...)' and its last action is 'Red: ...', never the role key 'red'."""
    h = discord_env
    await h.create()
    board = (await h.server.wait_until(lambda: boards(h), what="the board"))[0]
    assert field(board, "Waiting for").startswith("Red (")
    await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    await h.server.wait_until(lambda: "move r1 0102" in field(board, "Last action"), what="the edited board")
    assert " Red: move r1 0102" in field(board, "Last action")


async def test_the_board_is_edited_after_an_accepted_action_with_a_link_to_it(discord_env: Harness):
    """An accepted order edits the same board: its last action, with a jump link to the ✓ post."""
    h = discord_env
    await h.create()
    board = (await h.server.wait_until(lambda: boards(h), what="the board"))[0]
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    assert post.content.startswith(OK)
    await h.server.wait_until(lambda: "move r1 0102" in field(board, "Last action"), what="the edited board")
    assert f"/{h.server.guild_id}/{h.channel}/{post.id})" in field(board, "Last action")
    assert boards(h) == [board]


async def test_a_board_that_cannot_be_pinned_is_still_kept_up_to_date(discord_env: Harness):
    """Without the right to pin, the board is posted unpinned and edited; orders flow as before."""
    h = discord_env
    h.server.pinning = False
    await h.create()
    board = (await h.server.wait_until(lambda: boards(h), what="the board"))[0]
    assert not board.pinned
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    assert post.content.startswith(OK)
    await h.server.wait_until(lambda: "move r1 0102" in field(board, "Last action"), what="the edited board")


async def test_a_deleted_board_is_posted_again(discord_env: Harness):
    """Someone deletes the board: the next action posts a new one."""
    h = discord_env
    await h.create()
    board = (await h.server.wait_until(lambda: boards(h), what="the board"))[0]
    await h.server.delete(board)
    await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    again = await h.server.wait_until(lambda: boards(h), what="a new board")
    assert again[0].id != board.id and "move r1 0102" in field(again[0], "Last action")


async def test_an_ended_campaign_board_says_so(discord_env: Harness):
    """After /ref end the board's footer says the campaign was ended and archived."""
    h = discord_env
    row = await h.create()
    board = (await h.server.wait_until(lambda: boards(h), what="the board"))[0]
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref end", reason="done", confirm=row.name))
    await h.server.wait_until(lambda: "archived" in board.embeds[0].get("footer", {}).get("text", ""), what="the footer")


async def test_status_answers_with_the_board_embed(discord_env: Harness):
    """/adjutant status answers privately with the status embed."""
    h = discord_env
    row = await h.create()
    it = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant status"))
    answer = it.messages()[0]
    assert answer.ephemeral and answer.embeds[0]["title"] == row.name and "Red" in field(answer, "Waiting for")


async def test_help_answers_with_an_embed(discord_env: Harness):
    """/adjutant help answers with an embed: the game's orders and the slash commands as a field."""
    h = discord_env
    await h.create()
    it = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant help"))
    answer = it.messages()[0]
    assert "move" in answer.embeds[0]["description"] and "/adjutant create" in field(answer, "Slash commands")


async def test_the_board_of_an_italian_campaign_reads_italian(discord_env: Harness):
    """The pinned board is a channel post: in an Italian campaign its status and fields read Italian."""
    h = discord_env
    await h.create("schwerpunkt", seat=False, language="it")
    board = await h.server.wait_until(lambda: boards(h), what="the board")
    assert board[0].embeds[0]["description"].startswith("Turno 1 di 4"), board[0].embeds[0]
    assert field(board[0], "In attesa di") and not field(board[0], "Waiting for")
