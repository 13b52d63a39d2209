import asyncio

import pytest

from bot.service import CampaignService, ServiceError, options_json
from bot.store import Store
from tests.bot.people import BLUE, RED, REF, STRANGER


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


async def test_a_private_standing_order_is_echoed_in_public_without_its_content(setup):
    """The template game's standing reactions are private: the channel reads 'standing (private)'."""
    service, row, _ = setup
    replies = await service.submit(row, RED, "standing clear")
    public = [r.text for r in replies if r.to == "public"]
    assert public[0] == "\u2713 standing (private)"
    assert any(r.to == "red" and r.text == "\u2713 standing clear" for r in replies)


async def test_a_private_refusal_goes_to_its_player_alone(setup):
    """An order given privately (a DM) is refused to its player, even in a game without secrets."""
    service, row, _ = setup
    replies = await service.submit(row, RED, "move r1 0909", private=True)
    assert [r.to for r in replies] == ["red"] and replies[0].text.startswith("\u2717 move r1 0909")


async def test_a_private_query_is_answered_privately(setup):
    """'status' asked privately answers the asker alone; the same line in public answers everybody."""
    service, row, _ = setup
    assert [r.to for r in await service.submit(row, RED, "status", private=True)] == ["red"]
    assert [r.to for r in await service.submit(row, RED, "status")] == ["public"]


async def test_a_private_order_is_still_echoed_in_public(setup):
    """An accepted order given privately is announced in public as the game projects it."""
    service, row, _ = setup
    replies = await service.submit(row, RED, "standing clear", private=True)
    assert [r.text for r in replies if r.to == "public"][0] == "\u2713 standing (private)"
    assert any(r.to == "red" and r.text == "\u2713 standing clear" for r in replies)


class Boom(RuntimeError):
    """The injected failure."""


def fail_once(monkeypatch, target, name):
    """Make ``target.name`` raise ``Boom`` on its next call only (later calls work normally)."""
    real = getattr(target, name)
    armed = [True]

    def wrapper(*args, **kwargs):
        if armed.pop() if armed else False:
            raise Boom(name)
        return real(*args, **kwargs)

    monkeypatch.setattr(target, name, wrapper)


def fail_commit(monkeypatch, store, nth=1):
    """Make the store's ``nth`` commit that holds log records raise ``Boom`` (other commits work)."""
    seen = [0]

    async def commit_step(campaign_id, records, *args, **kwargs):
        records = list(records)
        if records:
            seen[0] += 1
            if seen[0] == nth:
                raise Boom("commit")
        return await Store.commit_step(store, campaign_id, records, *args, **kwargs)

    monkeypatch.setattr(store, "commit_step", commit_step)


async def messages(store, campaign_id):
    async with store.db.execute(
        "SELECT text, outcome FROM messages WHERE campaign_id = ? ORDER BY id", (campaign_id,)
    ) as cur:
        return [(r[0], r[1]) for r in await cur.fetchall()]


def inject(point, service, store, monkeypatch):
    """Arm one failure on the commit path of an accepted step."""
    from engine.kernel import Match

    if point == "commit":
        fail_commit(monkeypatch, store)
    elif point == "prompt":
        fail_once(monkeypatch, Match, "prompt_text")
    elif point == "renderer":
        def broken(game, seen, full):
            raise Boom("renderer")

        service.renderer = broken
    else:
        fail_once(monkeypatch, service, point)


POINTS = ["_entry_replies", "_holdings_replies", "prompt", "renderer", "commit"]


@pytest.mark.parametrize("point", POINTS)
async def test_a_failure_before_the_commit_leaves_no_phantom_step(setup, monkeypatch, point):
    """A step whose commit path fails is forgotten: the next legal order is stored and the campaign reloads."""
    service, row, store = setup
    inject(point, service, store, monkeypatch)
    with pytest.raises(Boom):
        await service.submit(row, RED, "move r1 0102")
    service.renderer = None
    replies = await service.submit(row, RED, "move r1 0102")
    assert replies[0].ok and replies[0].text.startswith("\u2713 move r1 0102")
    assert [r["seq"] for r in await store.records(row.id)] == [1]
    fresh = await CampaignService(store).match(row)
    assert fresh.state["units"]["r1"]["hex"] == "0102"
    assert fresh.hash() == (await service.match(row)).hash()


@pytest.mark.parametrize("point", POINTS)
async def test_a_failed_line_is_recorded_as_failed(setup, monkeypatch, point):
    """The line the service failed on is kept in messages with the outcome 'failed'."""
    service, row, store = setup
    inject(point, service, store, monkeypatch)
    with pytest.raises(Boom):
        await service.submit(row, RED, "move r1 0102")
    assert await messages(store, row.id) == [("move r1 0102", "failed")]


async def test_a_failed_undo_is_forgotten(setup, monkeypatch):
    """An undo whose commit fails is not kept in memory: the order it took back still stands."""
    service, row, store = setup
    await service.submit(row, RED, "move r1 0102")
    fail_commit(monkeypatch, store)
    with pytest.raises(Boom):
        await service.submit(row, RED, "undo")
    assert (await service.match(row)).state["units"]["r1"]["hex"] == "0102"
    replies = await service.submit(row, RED, "undo")
    assert replies[0].ok
    assert (await CampaignService(store).match(row)).state["units"]["r1"]["hex"] == "0101"


async def test_a_failed_override_is_forgotten(setup, monkeypatch):
    """A referee override whose commit path fails leaves the campaign as the database has it."""
    service, row, store = setup
    inject("renderer", service, store, monkeypatch)
    with pytest.raises(Boom):
        await service.referee(row, REF, "place r1 0303 because misplaced counter")
    service.renderer = None
    assert (await service.match(row)).state["units"]["r1"]["hex"] == "0101"
    await service.submit(row, RED, "move r1 0102")
    assert (await CampaignService(store).match(row)).state["units"]["r1"]["hex"] == "0102"


async def test_a_failure_on_a_later_line_keeps_the_earlier_ones(setup, monkeypatch):
    """Lines committed before the failing one stay; the failing line and those after it are recorded as failed."""
    service, row, store = setup
    fail_commit(monkeypatch, store, nth=2)
    with pytest.raises(Boom):
        await service.submit(row, RED, "move r1 0102\nmove r1 0103\nmove r2 0203")
    assert [r["seq"] for r in await store.records(row.id)] == [1]
    assert await messages(store, row.id) == [
        ("move r1 0102", "accepted"), ("move r1 0103", "failed"), ("move r2 0203", "failed")
    ]
    assert (await service.match(row)).state["units"]["r1"]["hex"] == "0102"


async def test_a_pause_refuses_an_order_given_with_a_stale_row(setup):
    """The pause is read inside the campaign's lock, not from the row the transport holds."""
    service, row, store = setup
    await service.referee(row, REF, "pause because holidays")
    assert row.status == "active"
    with pytest.raises(ServiceError) as exc:
        await service.submit(row, RED, "move r1 0102")
    assert "paused" in str(exc.value)
    assert await store.records(row.id) == []


async def test_a_paused_campaign_still_answers_reads(setup):
    """While a referee pauses the campaign, 'status', 'history' and 'hand' (and their Italian verbs) still answer; orders wait."""
    service, row, store = setup
    await service.referee(row, REF, "pause because holidays")
    for line in ("status", "history", "hand", "stato"):
        assert (await service.submit(row, RED, line))[0].ok, line
    assert await store.records(row.id) == []


async def test_a_resume_accepts_an_order_given_with_a_stale_row(setup):
    """A row read while paused does not block orders once the referee resumed."""
    service, row, _ = setup
    await service.referee(row, REF, "pause because holidays")
    paused = await service.campaign(row.id)
    await service.referee(row, REF, "resume because back")
    assert (await service.submit(paused, RED, "move r1 0102"))[0].ok


@pytest.mark.parametrize(
    ("who", "text", "role"),
    [
        (STRANGER, "move r1 0102", None),
        (BLUE, "move r1 0102", "red"),
        (RED, "   ", None),
        (RED, "move r1 0102", "green"),
    ],
)
async def test_a_line_refused_before_the_engine_is_recorded(setup, who, text, role):
    """No seat, someone else's seat, an empty message, an unknown side: the line is kept as 'refused'."""
    service, row, store = setup
    with pytest.raises(ServiceError):
        await service.submit(row, who, text, role=role)
    assert await messages(store, row.id) == [(text, "refused")]


async def test_lines_refused_while_paused_are_recorded(setup):
    """Every line of a message refused because of a pause is kept as 'refused'."""
    service, row, store = setup
    await service.referee(row, REF, "pause because holidays")
    with pytest.raises(ServiceError):
        await service.submit(row, RED, "move r1 0102\nend")
    assert (await messages(store, row.id))[-2:] == [("move r1 0102", "refused"), ("end", "refused")]


async def test_a_refused_referee_command_is_recorded(setup):
    """A referee line refused before the engine (no reason, not a referee) is kept as 'refused'."""
    service, row, store = setup
    for who, line in ((REF, "place r1 0303"), (RED, "place r1 0303 because I want")):
        with pytest.raises(ServiceError):
            await service.referee(row, who, line)
    assert await messages(store, row.id) == [("place r1 0303", "refused"), ("place r1 0303 because I want", "refused")]


async def test_pause_is_one_transaction_with_its_announcement(setup, monkeypatch):
    """A pause whose announcement cannot be stored does not pause the campaign."""
    service, row, store = setup

    async def broken(*args, **kwargs):
        raise Boom("commit")

    monkeypatch.setattr(store, "commit_step", broken)
    with pytest.raises(Boom):
        await service.referee(row, REF, "pause because holidays")
    assert (await store.campaign(row.id)).status == "active"


async def test_creation_is_one_transaction(tmp_path):
    """When the creation's last write (the opening replies) fails, no campaign, referee or seat is left."""
    store = await Store.open(tmp_path / "c.db")

    def unstorable(game, seen, full):
        return object(), "a picture the database cannot hold"

    service = CampaignService(store, renderer=unstorable)
    with pytest.raises(Exception) as exc:
        await service.create("c1", "duel", seed="fixed", creator=REF.user_id)
    assert "binding" in str(exc.value)
    assert await store.campaigns() == []
    for table in ("referees", "seats", "outbox", "snapshots"):
        async with store.db.execute(f"SELECT COUNT(*) FROM {table}") as cur:
            assert (await cur.fetchone())[0] == 0, table
    await store.close()


async def test_creation_stores_seats_referee_and_commitment(tmp_path):
    """A created campaign has its seats, its referee, the published seed commitment and snapshot 0."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create(
        "c1", "duel", seed="fixed", creator=REF.user_id, seats={"red": (RED.user_id, RED.name), "Blue": (BLUE.user_id, BLUE.name)}
    )
    assert await store.seats(row.id) == {"red": (RED.user_id, RED.name), "blue": (BLUE.user_id, BLUE.name)}
    assert await store.referees(row.id) == {REF.user_id}
    assert any("Seed commitment" in e.payload["text"] for e in await store.pending(row.id))
    assert (await store.latest_snapshot(row.id))[0] == 0
    await store.close()


async def test_creation_refuses_a_seat_of_no_side(tmp_path):
    """A seat for a role the game does not have is refused and nothing is created."""
    store = await Store.open(tmp_path / "c.db")
    with pytest.raises(ServiceError) as exc:
        await CampaignService(store).create("c1", "duel", seats={"green": (RED.user_id, RED.name)})
    assert "green" in str(exc.value) and await store.campaigns() == []
    await store.close()


async def test_a_name_taken_during_creation_is_a_clear_refusal(setup, monkeypatch):
    """Two creations of one name racing past the check: the second is refused, not a database error."""
    service, _, store = setup

    async def not_found(key):
        return None

    monkeypatch.setattr(store, "campaign", not_found)
    with pytest.raises(ServiceError) as exc:
        await service.create("c1", "duel", seed="other")
    assert "already exists" in str(exc.value)


async def test_a_referee_seat_change_is_one_transaction_with_its_announcement(setup, monkeypatch):
    """A seat given by the referee whose announcement cannot be stored stays with its holder."""
    service, row, store = setup

    async def broken(*args, **kwargs):
        raise Boom("commit")

    monkeypatch.setattr(store, "commit_step", broken)
    with pytest.raises(Boom):
        await service.referee(row, REF, "seat red u-x because Rosa is away")
    assert (await store.seats(row.id))["red"] == (RED.user_id, RED.name)
    monkeypatch.undo()
    await service.referee(row, REF, "seat red u-x because Rosa is away")
    assert (await store.seats(row.id))["red"] == ("u-x", "u-x")


async def test_a_seat_whose_map_shows_more_than_the_public_one_gets_its_own_picture(tmp_path, fixture_games):
    """Hidden counters: the channel gets the public picture, each seat whose observed map differs
    (its own counters drawn whole, blanks for the public) its own, privately."""
    from engine.games.duel.game import Duel

    class HiddenDuel(Duel):
        def view(self, state, role):
            view = super().view(state, role)
            view["units"] = {uid: {**u, "hidden": u["side"] != role} for uid, u in view["units"].items()}
            return view

    fixture_games("duel-hidden", HiddenDuel)
    drawn = []

    def renderer(game, seen, full):
        drawn.append(seen.viewer)
        return f"picture for {seen.viewer}".encode(), f"map as {seen.viewer} sees it"

    store = await Store.open(tmp_path / "p.db")
    service = CampaignService(store, renderer=renderer)
    row, replies = await service.create("p", "duel-hidden", seed="fixed", creator=REF.user_id)
    await service.join(row, "red", RED)
    replies = await service.submit(row, RED, "move r1 0102")
    pictures = {r.to: r.image for r in replies if r.image is not None}
    await store.close()
    assert pictures == {"public": b"picture for public", "red": b"picture for red", "blue": b"picture for blue"}


async def test_no_private_picture_when_a_seat_sees_the_same_map_as_everyone(tmp_path, fixture_games):
    """A game without hidden counters sends one picture, to the channel only."""
    from engine.games.duel.game import Duel

    class OpenDuel(Duel):
        def view(self, state, role):
            view = super().view(state, role)
            del view["reserves"]
            return view

    fixture_games("duel-open", OpenDuel)
    store = await Store.open(tmp_path / "o.db")
    service = CampaignService(store, renderer=lambda game, seen, full: (b"png", seen.viewer))
    row, replies = await service.create("o", "duel-open", seed="fixed", creator=REF.user_id)
    await service.join(row, "red", RED)
    replies = await service.submit(row, RED, "move r1 0102")
    assert [r.to for r in replies if r.image is not None] == ["public"]
    await store.close()


async def test_the_waiting_line_pings_a_role_once_per_decision(setup):
    """Red keeps moving: no new ping; the turn passes: blue is named once for a transport to ping."""
    service, row, _ = setup
    def pings(replies):
        return [r.extra.get("ping") for r in replies if r.text.startswith("Waiting for")]
    assert pings(await service.submit(row, RED, "move r1 0102")) == [None]
    assert pings(await service.submit(row, RED, "end")) == [["blue"]]
    assert pings(await service.submit(row, BLUE, "move b1 0504")) == [None]


async def test_drawing_a_picture_does_not_hold_up_the_event_loop(tmp_path):
    """A slow picture is drawn off the event loop: other campaigns' work runs meanwhile."""
    import threading

    started, loop_ran = threading.Event(), threading.Event()
    waited: list[bool] = []

    def slow_renderer(game, seen, full):
        started.set()
        waited.append(loop_ran.wait(timeout=5))  # only the event loop sets it
        return b"png", "a picture"

    store = await Store.open(tmp_path / "d.db")
    service = CampaignService(store, renderer=slow_renderer)

    async def meanwhile():
        while not started.is_set():
            await asyncio.sleep(0.01)
        loop_ran.set()

    await asyncio.gather(service.create("d", "duel", seed="fixed", creator=REF.user_id), meanwhile())
    await store.close()
    assert waited == [True]


async def test_a_delivered_picture_leaves_the_database(tmp_path):
    """Once delivered, an image's bytes are dropped from the outbox (it can be drawn again)."""
    store = await Store.open(tmp_path / "i.db")
    service = CampaignService(store, renderer=lambda game, seen, full: (b"png" * 1000, "a picture"))
    row, _ = await service.create("i", "duel", seed="fixed", creator=REF.user_id)

    async def send(entry):
        return None

    await service.deliver(send, row.id)
    async with store.db.execute(
        "SELECT (SELECT COUNT(*) FROM outbox WHERE image IS NOT NULL) + (SELECT COUNT(*) FROM outbox_images)"
    ) as cur:
        assert (await cur.fetchone())[0] == 0
    await store.close()


async def test_the_least_recently_used_campaigns_are_unloaded_beyond_the_limit(tmp_path, monkeypatch):
    """Beyond LOADED_CAMPAIGNS, the least recently used match is dropped and rebuilt on demand."""
    from bot import service as service_module

    monkeypatch.setattr(service_module, "LOADED_CAMPAIGNS", 2)
    store = await Store.open(tmp_path / "l.db")
    service = CampaignService(store)
    rows = [(await service.create(f"c{i}", "duel", seed="fixed", creator=REF.user_id))[0] for i in range(3)]
    assert set(service._matches) == {rows[1].id, rows[2].id}
    await service.join(rows[0], "red", RED)
    await service.submit(rows[0], RED, "move r1 0102")
    assert set(service._matches) == {rows[2].id, rows[0].id}
    assert (await service.match(rows[0])).state["units"]["r1"]["hex"] == "0102"
    await store.close()


async def test_a_snapshot_is_taken_at_the_first_barrier_after_every_25_records(setup):
    """Snapshots no longer wait for a barrier that falls on a multiple of 25: after 25 records
    the next barrier (here record 33, the third change of player) takes one."""
    service, row, store = setup
    for who, unit, there, back in ((RED, "r1", "0102", "0101"), (BLUE, "b1", "0504", "0505"), (RED, "r1", "0102", "0101")):
        for n in range(10):
            await service.submit(row, who, f"move {unit} {there if n % 2 == 0 else back}")
        await service.submit(row, who, "end")
    saved = await store.saved_snapshot(row.id)
    assert saved is not None and saved.seq == 33


async def test_a_refusal_carries_its_ruling_as_data(setup):
    """A refused order's reply holds the order, the reason without its rule and the rule number
    (Discord shows them as an embed); the text line still reads the whole refusal."""
    service, row, _ = setup
    [refused] = await service.submit(row, RED, "attack r1 b1")
    assert not refused.ok and refused.text.startswith("\u2717 attack r1 b1") and refused.text.endswith("(F.4)")
    ruling = refused.extra["ruling"]
    assert ruling["order"] == "attack r1 b1" and ruling["rule"] == "F.4" and ruling["label"] == "Rule"
    assert "(F.4)" not in ruling["reason"] and ruling["reason"] in refused.text


async def test_a_refusal_of_form_has_a_ruling_without_a_rule(setup):
    """An order that cannot be read has no rule to cite: the ruling says so by having none."""
    service, row, _ = setup
    [refused] = await service.submit(row, RED, "fly r1 0102")
    assert "rule" not in refused.extra["ruling"] and refused.extra["ruling"]["order"] == "fly r1 0102"


@pytest.mark.parametrize("options", ["bid=abc", "bid=NaN", "bid=1e309", "pick_card=abc", "pick_card=3", "bid_for=1"])
async def test_an_option_of_the_wrong_kind_is_refused_at_creation(tmp_path, options):
    """'bid=abc' or 'pick_card=abc' is refused naming the option and its default, not a crash or a campaign playing a value it cannot read."""
    store = await Store.open(tmp_path / "o.db")
    try:
        service = CampaignService(store)
        with pytest.raises(ServiceError) as refused:
            await service.create("o1", "stalins-war", options=options_json(options), seed="s", creator=REF.user_id)
        assert options.split("=")[0] in str(refused.value) and "default" in str(refused.value), str(refused.value)
        assert await store.campaign("o1") is None
    finally:
        await store.close()


@pytest.mark.parametrize("options", ["bid=" + "9" * 5000, "bid=" + "[" * 2000 + "]" * 2000, "pick_card=" + "{\"a\":" * 1500 + "1" + "}" * 1500, "bid=[[[[[[1]]]]]]"])
def test_an_option_of_endless_digits_or_nesting_is_refused(options):
    """'bid=999...' (5,000 digits) or a value nested thousands deep is refused naming the option, not a crash of '/adjutant create'."""
    with pytest.raises(ServiceError) as refused:
        options_json(options)
    assert options.split("=")[0] in str(refused.value), str(refused.value)


@pytest.mark.parametrize("name", ["n" * 101, "", "   ", "evil\u202eemag", "a\nb", "@everyone", "<@&123>", "a`b", "x||y||", "[link](http://x)"])
async def test_a_campaign_name_that_breaks_posts_is_refused_at_creation(tmp_path, name):
    """A name over 100 characters (its lobby post was rejected by Discord), blank, with an invisible, line-break, mention or markdown character is refused; no campaign is made."""
    store = await Store.open(tmp_path / "n.db")
    try:
        service = CampaignService(store)
        with pytest.raises(ServiceError) as refused:
            await service.create(name, "stalins-war", seed="s", creator=REF.user_id)
        assert "campaign name" in str(refused.value), str(refused.value)
        assert await store.campaigns() == []
    finally:
        await store.close()


@pytest.mark.parametrize("name", ["n" * 100, "combat_commander-1575554680090525706", "Operazione Blau (1942), round 2", "Fall Blau #3: Kursk/Orël"])
async def test_a_campaign_name_of_letters_digits_and_plain_punctuation_is_taken(tmp_path, name):
    """Names of up to 100 letters, digits, spaces and plain punctuation (the default 'game-channel' among them) create the campaign."""
    store = await Store.open(tmp_path / "n.db")
    try:
        row, _ = await CampaignService(store).create(name, "stalins-war", seed="s", creator=REF.user_id)
        assert row.name == name
    finally:
        await store.close()


async def test_grant_undo_takes_a_side_by_its_italian_name(tmp_path):
    """'grant-undo Asse' grants the Axis one more undo, as 'grant-undo axis' does: the Italian usage lists the sides as 'Asse, Sovietico'."""
    store = await Store.open(tmp_path / "g.db")
    try:
        service = CampaignService(store)
        row, _ = await service.create("g1", "caucasus", seed="s", creator=REF.user_id)
        [granted, *_] = await service.referee(row, REF, "grant-undo Asse because the order was mistyped")
        assert granted.ok, granted.text
        match = await service.match(row)
        assert match.records[-1].to_json()["override"]["args"] == ["axis"], match.records[-1].to_json()
    finally:
        await store.close()
