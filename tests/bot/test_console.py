import io
import json
import os

from bot.arrivals import arrivals
from bot.console import CONSOLE, Console
from bot.service import CampaignService
from bot.store import Store
from tests.bot.typed import Typed


async def console(tmp_path, as_json=True, language="en"):
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create("duel-basic", "duel", seed="s", creator=CONSOLE.user_id, language=language)
    for role in ("red", "blue"):
        await store.set_seat(row.id, role, CONSOLE.user_id, "console")
    out = io.StringIO()
    return Console(service, row, out=out, as_json=as_json), out, store


async def test_json_replies_have_the_documented_shape(tmp_path):
    con, out, store = await console(tmp_path)
    await con.run(io.StringIO("red: move r1 0102\nred: move r1 0909\nred: options\nred: hand\n"))
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert all(set(o) >= {"to", "text", "ok", "image"} for o in objs)
    assert any(o["ok"] and o["text"].startswith("\u2713 move r1 0102") for o in objs)
    assert any(not o["ok"] and "0909" in o["text"] for o in objs)
    options = [o for o in objs if "actions" in o]
    assert options and options[0]["to"] == "red" and "end" in options[0]["actions"]
    hand = [o for o in objs if o["to"] == "red" and "Your hand" in o["text"]]
    assert hand
    await store.close()


async def test_private_replies_are_marked_in_text_mode(tmp_path):
    """A private reply is labelled with the side's name as the game writes it ('Red'), not its role key."""
    con, out, store = await console(tmp_path, as_json=False)
    await con.run(io.StringIO("red: hand\n"))
    assert "[private to Red] " in out.getvalue() and "[private to red]" not in out.getvalue()
    await store.close()


async def test_the_private_label_is_in_the_readers_language(tmp_path):
    """With --lang it the label is Italian and names the side in Italian: '[riservato al Rosso]'."""
    con, out, store = await console(tmp_path, as_json=False, language="it")
    await con.run(io.StringIO("red: hand\n"))
    assert "[riservato al Rosso] " in out.getvalue() and "private" not in out.getvalue()
    await store.close()


async def test_the_private_label_follows_the_players_own_language(tmp_path):
    """A player who chose Italian ('language it') reads the label of what goes to him alone in Italian."""
    con, out, store = await console(tmp_path, as_json=False)
    await con.run(io.StringIO("red: language it\nred: hand\n"))
    assert "[riservato al Rosso] " in out.getvalue()
    await store.close()


async def test_a_reply_to_the_referee_alone_is_labelled_for_the_referee(tmp_path):
    """A refused override goes to the referee alone: '[private to the referee]', through the catalogue."""
    con, out, store = await console(tmp_path, as_json=False, language="it")
    await con.run(io.StringIO("referee: place r1 9999 because test\n"))
    assert "[riservato all'arbitro] " in out.getvalue()
    await store.close()


async def test_line_without_role_uses_the_single_active_side(tmp_path):
    con, out, store = await console(tmp_path, as_json=False)
    await con.run(io.StringIO("move r1 0102\n"))
    assert "\u2713 move r1 0102" in out.getvalue()
    await store.close()


async def test_bad_role_prefix_explains_the_format(tmp_path):
    con, out, store = await console(tmp_path, as_json=False)
    await con.run(io.StringIO("green: end\n"))
    assert "Start the line with the side" in out.getvalue()
    await store.close()


async def test_referee_lines(tmp_path):
    con, out, store = await console(tmp_path, as_json=False)
    await con.run(io.StringIO("referee: place r1 0303 because test\nreferee: place r1 0304\n"))
    text = out.getvalue()
    assert "Reason: test" in text and "needs a reason" in text
    await store.close()


async def test_map_around_a_place_in_the_caucasus(tmp_path):
    """'map Rostov' draws the map around that place; an unknown place is explained."""
    from bot.pictures import render_around, render_with_description

    store = await Store.open(tmp_path / "m.db")
    service = CampaignService(store, renderer=render_with_description, focus_renderer=render_around)
    row, _ = await service.create("cc", "caucasus", seed="m", creator=CONSOLE.user_id)
    for role in ("axis", "soviet"):
        await store.set_seat(row.id, role, CONSOLE.user_id, "console")
    replies = await service.submit(row, CONSOLE, "map Rostov\nmap Atlantis", role="axis")
    assert replies[0].image is not None and "1031" in replies[0].text
    assert not replies[1].ok and "not a hex or a place" in replies[1].text
    await store.close()


async def test_an_internal_error_does_not_end_the_session(tmp_path, monkeypatch):
    con, out, store = await console(tmp_path, as_json=False)

    async def broken(*args, **kwargs):
        raise RuntimeError("bug")

    monkeypatch.setattr(con.service, "submit", broken)
    await con.run(io.StringIO("red: end\nred: end\n"))
    assert out.getvalue().count("Internal error: nothing was applied") == 2
    await store.close()


async def messages(store):
    async with store.db.execute("SELECT text, outcome FROM messages ORDER BY id") as cur:
        return [(r[0], r[1]) for r in await cur.fetchall()]


async def test_a_line_with_an_unknown_prefix_is_recorded(tmp_path):
    """A line the console cannot route ('foo: bar') is kept in messages as refused."""
    con, out, store = await console(tmp_path, as_json=False)
    await con.run(io.StringIO("foo: bar\n"))
    assert await messages(store) == [("foo: bar", "refused")]
    await store.close()


async def test_an_internal_error_is_reported_and_the_next_order_is_stored(tmp_path):
    """A line the service fails on is answered with an error; the next order is accepted and the campaign reloads."""
    con, out, store = await console(tmp_path, as_json=False)

    def broken(game, seen, full):
        con.service.renderer = None
        raise RuntimeError("renderer down")

    con.service.renderer = broken
    await con.run(Typed(["red: move r1 0102", "red: move r1 0102"]))
    assert "Internal error" in out.getvalue() and "\u2713 move r1 0102" in out.getvalue()
    assert [r["seq"] for r in await store.records(con.row.id)] == [1]
    assert (await CampaignService(store).match(con.row)).state["units"]["r1"]["hex"] == "0102"
    assert await messages(store) == [("move r1 0102", "failed"), ("move r1 0102", "accepted")]
    await store.close()


async def pictured(tmp_path):
    """A text console whose campaign draws a picture (a line of text naming its viewer) into tmp_path/images."""
    con, out, store = await console(tmp_path, as_json=False)
    con.service.renderer = lambda game, seen, full: (f"{seen.viewer} full={full}".encode(), f"map of {seen.viewer}")
    con.images = tmp_path / "images"
    return con, out, store


def image_files(tmp_path):
    return sorted(p.read_text() for p in (tmp_path / "images").glob("*")) if (tmp_path / "images").exists() else []


async def test_lines_pasted_together_are_one_message_with_one_picture(tmp_path):
    """Three orders pasted at once: three ticks, then one picture (not one per line), after the last."""
    con, out, store = await pictured(tmp_path)
    await con.run(arrivals(io.StringIO("red: move r1 0102\nred: move r1 0103\nred: move r2 0203\n")))
    text = out.getvalue()
    assert image_files(tmp_path) == ["public full=False"]
    ticks = [text.index(f"\u2713 move {order}") for order in ("r1 0102", "r1 0103", "r2 0203")]
    assert ticks == sorted(ticks) and text.index("[image ") > ticks[-1]
    await store.close()


async def test_lines_typed_one_at_a_time_each_get_their_picture(tmp_path):
    """Each line typed alone is a message of its own: its picture follows it, as before."""
    con, out, store = await pictured(tmp_path)
    await con.run(Typed(["red: move r1 0102", "red: move r1 0103"]))
    text = out.getvalue()
    assert image_files(tmp_path) == ["public full=False", "public full=False"]
    assert text.index("[image ") < text.index("\u2713 move r1 0103")
    await store.close()


async def test_a_paste_of_both_sides_crossing_a_turns_end_draws_the_whole_map_once_after_it(tmp_path):
    """Red ends, blue ends (turn 1 is over), red moves, pasted at once: the summary in its place, one whole map at the end."""
    con, out, store = await pictured(tmp_path)
    await con.run(arrivals(io.StringIO("red: end\nblue: end\nred: move r1 0102\n")))
    text = out.getvalue()
    assert image_files(tmp_path) == ["public full=True"]
    assert text.index("End of turn 1") < text.index("\u2713 move r1 0102") < text.index("[image ")
    await store.close()


async def test_lines_that_arrived_together_on_a_descriptor_are_one_message(tmp_path):
    """Through a real file descriptor read as a terminal's is: two lines written at once draw one picture."""
    con, out, store = await pictured(tmp_path)
    read, write = os.pipe()
    os.write(write, b"red: move r1 0102\nred: move r1 0103\n")
    os.close(write)
    with os.fdopen(read, encoding="utf-8") as stream:
        await con.run(arrivals(stream))
    assert "\u2713 move r1 0103" in out.getvalue()
    assert image_files(tmp_path) == ["public full=False"]
    await store.close()


async def test_a_file_piped_in_is_read_line_by_line_each_with_its_picture(tmp_path):
    """Input that is not a terminal (a script, a piped file): each line a message with its own picture, as before."""
    con, out, store = await pictured(tmp_path)
    read, write = os.pipe()
    os.write(write, b"red: move r1 0102\nred: move r1 0103\n")
    os.close(write)
    with os.fdopen(read, encoding="utf-8") as stream:
        await con.run(stream)
    text = out.getvalue()
    assert image_files(tmp_path) == ["public full=False", "public full=False"]
    assert text.index("[image ") < text.index("\u2713 move r1 0103")
    await store.close()


async def test_lines_pasted_at_a_terminal_are_one_message(tmp_path):
    """At a real terminal (a pseudo-terminal), two lines pasted at once draw one picture, after the last."""
    import pty

    con, out, store = await pictured(tmp_path)
    master, slave = pty.openpty()
    os.write(master, b"red: move r1 0102\nred: move r1 0103\n\x04")  # the paste, then end of input (Ctrl-D)
    with os.fdopen(slave, encoding="utf-8") as stream:
        assert stream.isatty()
        await con.run(stream)
    os.close(master)
    text = out.getvalue()
    assert image_files(tmp_path) == ["public full=False"]
    assert text.index("\u2713 move r1 0103") < text.index("[image ")
    await store.close()
