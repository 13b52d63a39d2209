"""The permission matrix: every slash command, autocomplete and button x own seat, other seat,
no seat and referee, on Stalin's War (hidden hands), through the fake Discord.

The asked-about side is always ``axis``: Rosa holds it (own seat), Bruno holds ``soviet``
(other seat), Xavier holds nothing (no seat) and Rita is the campaign's referee (a referee is
not a seat holder: she sees what the referee may see, never a hand through a player command).
One fake Discord and one client serve the whole module; every case gets a fresh campaign in a
fresh channel, so no case depends on another.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio

from bot.discord.client import AdjutantClient
from bot.service import CampaignService
from bot.store import CampaignRow, Store
from engine import registry
from engine.kernel import Match
from tests.bot.discord.conftest import point_discord_py_at, start_client, stop_client
from tests.bot.discord.fake_discord import FakeDiscord, Interaction, User
from tests.bot.discord.fake_discord.payloads import Upload

pytestmark = pytest.mark.asyncio(loop_scope="module")

ACTORS = ("own", "other", "none", "referee")
OK, FAIL = "\u2713", "\u2717"
SEED = "matrix"  # the axis hand holds no card the rules' help names, and 15 legal orders (one menu)


@dataclass
class Bench:
    server: FakeDiscord
    store: Store
    service: CampaignService
    client: AdjutantClient
    users: dict[str, User]


@dataclass
class Case:
    """One campaign of Stalin's War, seated, delivered, and the secrets of the axis hand."""

    bench: Bench
    row: CampaignRow
    channel: int
    secrets: tuple[str, ...]

    @property
    def server(self) -> FakeDiscord:
        return self.bench.server

    def leaked(self, text: str) -> list[str]:
        return [s for s in self.secrets if re.search(rf"\b{s}\b", text)]


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def bench(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Bench]:
    server = FakeDiscord()
    referee_role = server.add_role("Referee")
    users = {
        "own": server.add_user("Rosa"),
        "other": server.add_user("Bruno"),
        "none": server.add_user("Xavier"),
        "referee": server.add_user("Rita", referee_role),
    }
    await server.start()
    patch = pytest.MonkeyPatch()
    point_discord_py_at(server, patch)
    store = await Store.open(tmp_path_factory.mktemp("matrix") / "bot.db")
    service = CampaignService(store)
    tasks: list[asyncio.Task[None]] = []
    client = await start_client(server, service, tasks)
    try:
        yield Bench(server, store, service, client, users)
    finally:
        await stop_client(client, tasks)
        await store.close()
        await server.stop()
        patch.undo()


@pytest_asyncio.fixture(loop_scope="module")
async def case(bench: Bench) -> Case:
    channel = await bench.server.open_channel(f"sw-{len(bench.server.channels)}")
    row, _ = await bench.service.create(
        f"sw-{channel}", "stalins-war", channel=str(channel), creator=str(bench.users["referee"].id), seed=SEED
    )
    await bench.store.set_seat(row.id, "axis", str(bench.users["own"].id), "Rosa")
    await bench.store.set_seat(row.id, "soviet", str(bench.users["other"].id), "Bruno")
    async with bench.client.gate(row.id):
        await bench.client.delivery.flush(row.id)  # the creation post, with the axis "decide" button
    match = await bench.service.match(row)
    hand = list(match.state["cards"]["axis"]["hand"])
    return Case(bench, row, channel, tuple(hand))


# Autocompletion ----------------------------------------------------------------------------------
def values(choices: list[dict[str, Any]]) -> list[str]:
    return [str(c["value"]) for c in choices]


SEAT_SIDES = {"own": ["axis"], "other": ["soviet"], "none": [], "referee": []}

AUTOCOMPLETES: dict[str, tuple[str, str, dict[str, Any]]] = {
    # name: (command, focused option, values typed)
    "order text, side axis": ("adjutant order", "text", {"text": "", "side": "axis"}),
    "order text, typed play": ("adjutant order", "text", {"text": "play", "side": "axis"}),
    "order text, no side": ("adjutant order", "text", {"text": ""}),
    "order side": ("adjutant order", "side", {"text": "", "side": ""}),
    "undo side": ("adjutant undo", "side", {"side": ""}),
    "hand side": ("adjutant hand", "side", {"side": ""}),
    "options side": ("adjutant options", "side", {"side": ""}),
    "leave side": ("adjutant leave", "side", {"side": ""}),
    "join side": ("adjutant join", "side", {"side": ""}),
    "map hex": ("adjutant map", "hex", {"hex": "12"}),
    "create game": ("adjutant create", "game", {"game": ""}),
    "create scenario": ("adjutant create", "scenario", {"game": "stalins-war", "scenario": ""}),
    "ref seat side": ("ref seat", "side", {"side": ""}),
    "ref grant-undo side": ("ref grant-undo", "side", {"side": ""}),
    "ref place unit": ("ref place", "unit", {"unit": "ge"}),
    "ref remove unit": ("ref remove", "unit", {"unit": "ge"}),
    "ref override kind": ("ref override", "kind", {"kind": ""}),
    "away side": ("adjutant away", "side", {"until": "5d", "side": ""}),
    "team side": ("adjutant team", "side", {"side": ""}),
}


def expected_completion(name: str, actor: str, got: list[str]) -> None:
    """What each actor may be offered: a side's orders and seats only to its holder."""
    if name.startswith("order text"):
        if actor == "own":
            assert got and any(v.startswith("play") for v in got), got
        elif actor == "other" and name == "order text, no side":
            assert not any(v.startswith("play AX") for v in got), got  # the soviet's own orders only
        else:
            assert got == [], got
    elif name.endswith(" side") and not name.startswith(("join", "ref ", "team")):
        assert got == SEAT_SIDES[actor], got
    elif name in ("join side", "ref seat side", "ref grant-undo side", "team side"):
        assert sorted(got) == ["axis", "soviet"], got  # the game's sides are public
    elif name.startswith("ref ") and name.endswith(" unit"):
        if actor == "referee":
            assert got and all("ge" in v for v in got), got
        else:
            assert got == [], got  # units as the referee sees them: referees only
    else:
        assert got, got  # public lists: hexes, games, override kinds


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("name", list(AUTOCOMPLETES))
async def test_autocomplete(case: Case, name: str, actor: str) -> None:
    """Autocomplete offers each actor only what their seat (or referee role) may see."""
    command, focused, typed = AUTOCOMPLETES[name]
    choices = await case.server.autocomplete(case.bench.users[actor], case.channel, command, focused, **typed)
    got = values(choices)
    expected_completion(name, actor, got)
    if actor != "own":
        shown = " ".join(got + [str(c["name"]) for c in choices])
        assert not case.leaked(shown), shown


# Slash commands -----------------------------------------------------------------------------------
def commands(case: Case) -> dict[str, tuple[str, dict[str, Any]]]:
    stranger = case.bench.users["none"]
    return {
        "create": ("adjutant create", {"game": "duel"}),
        "join axis": ("adjutant join", {"side": "axis"}),
        "leave axis": ("adjutant leave", {"side": "axis"}),
        "seats": ("adjutant seats", {}),
        "status": ("adjutant status", {}),
        "history": ("adjutant history", {}),
        "map": ("adjutant map", {}),
        "hand axis": ("adjutant hand", {"side": "axis"}),
        "options axis": ("adjutant options", {"side": "axis"}),
        "order axis": ("adjutant order", {"text": "zero pass", "side": "axis"}),
        "undo axis": ("adjutant undo", {"side": "axis"}),
        "help": ("adjutant help", {}),
        "campaigns": ("adjutant campaigns", {}),
        "observe": ("adjutant observe", {}),
        "settings": ("adjutant settings", {}),
        "ref seat": ("ref seat", {"side": "axis", "user": stranger, "reason": "matrix"}),
        "ref place": ("ref place", {"unit": "ge-11a", "hex": "1527", "reason": "matrix"}),
        "ref remove": ("ref remove", {"unit": "ge-11a", "reason": "matrix"}),
        "ref override": ("ref override", {"kind": "level", "args": "ge-11a 0", "reason": "matrix"}),
        "ref grant-undo": ("ref grant-undo", {"side": "axis", "reason": "matrix"}),
        "ref rewind": ("ref rewind", {"record": 0, "reason": "matrix"}),
        "ref pause": ("ref pause", {"reason": "matrix"}),
        "ref resume": ("ref resume", {"reason": "matrix"}),
        "ref appoint": ("ref appoint", {"user": stranger}),
        "ref position": ("ref position", {"file": Upload("sw.position.json", position_file()), "reason": "matrix"}),
        "ref export": ("ref export", {}),
        "ref end": ("ref end", {"reason": "matrix"}),
        "away axis": ("adjutant away", {"until": "5d", "side": "axis"}),
        "timelapse": ("adjutant timelapse", {}),
        "ref deadline": ("ref deadline", {"hours": 48, "reason": "matrix"}),
        "ref private-posts": ("ref private-posts", {"where": "thread"}),
        "team axis": ("adjutant team", {"side": "axis", "user": stranger, "action": "remove"}),
        "ref campaign-export": ("ref campaign-export", {"passphrase": "matrix passphrase"}),
        "import": ("adjutant import", {"file": Upload("x.campaign.json", b"{}"), "passphrase": "matrix passphrase"}),
    }


def position_file() -> bytes:
    """The set-up position of the matrix's campaign, as '/ref export' writes it."""
    game = registry.get("stalins-war")
    return Match.new(game, "campaign", game.options, SEED).export_position().encode()


COMMAND_NAMES = [
    "create", "join axis", "leave axis", "seats", "status", "history", "map", "hand axis", "options axis",
    "order axis", "undo axis", "help", "campaigns", "observe", "settings", "ref seat", "ref place", "ref remove",
    "ref override", "ref grant-undo", "ref rewind", "ref pause", "ref resume", "ref appoint", "ref position", "ref export",
    "ref end", "away axis", "timelapse", "ref deadline", "ref private-posts", "team axis", "ref campaign-export", "import",
]

PUBLIC_ANSWERS = {"seats", "status", "history", "map", "help", "campaigns", "settings", "timelapse"}
SEAT_COMMANDS = {"leave axis", "hand axis", "options axis", "order axis", "undo axis", "away axis"}
SEAT_REFUSALS = ("You do not hold the Axis seat", "Only the player of Axis", "You have no seat")


def expected_answer(name: str, actor: str, it: Interaction) -> None:
    """What each actor is answered: the seat's holder served, anyone else refused privately."""
    text = it.text
    first = it.messages()[0]
    if name in PUBLIC_ANSWERS:
        assert text and first.ephemeral, text
    elif name in ("create", "import"):
        assert first.ephemeral and (text.startswith("Sorry") or "already hosts" in text), text
    elif name == "join axis":
        if actor == "own":
            assert "Rosa now plays Axis" in text, text
        else:
            assert first.ephemeral and FAIL in text and "taken by Rosa" in text, text
    elif name == "observe":
        if actor in ("own", "other"):
            assert first.ephemeral and FAIL in text and "Leave your seat first" in text, text
        else:
            assert "now observes" in text, text
    elif name == "team axis":  # removing a non-member: the captain and a referee are told so, others refused
        if actor in ("own", "referee"):
            assert first.ephemeral and "is not in the Axis team" in text, text
        else:
            assert first.ephemeral and "Only the captain of Axis" in text, text
    elif name in SEAT_COMMANDS:
        if actor == "own":
            assert not any(r in text for r in SEAT_REFUSALS), text
        else:
            assert first.ephemeral and any(r in text for r in SEAT_REFUSALS), text
    elif name.startswith("ref "):
        if actor == "referee":
            assert "only a referee" not in text, text
        else:
            assert first.ephemeral and text.startswith("Sorry, only a referee"), text


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("name", COMMAND_NAMES)
async def test_command(case: Case, name: str, actor: str) -> None:
    """Each command answers an actor as their seat allows: refusals are private and name no card."""
    path, options = commands(case)[name]
    user = case.bench.users[actor]
    records = len((await case.bench.service.match(case.row)).records)
    # The users are the module's: a DM from another test's campaign (a substitute's hand) is not this one's.
    dms = len(case.server.dms(user))
    it = await case.server.answered(await case.server.slash(user, case.channel, path, **options))
    expected_answer(name, actor, it)
    if actor != "own":
        assert not case.leaked(it.text), it.text
        if name in SEAT_COMMANDS:
            assert len((await case.bench.service.match(case.row)).records) == records
            assert not [m for m in case.server.dms(user)[dms:] if case.leaked(m.content)]


# Buttons ------------------------------------------------------------------------------------------
async def test_decide_button(case: Case) -> None:
    """Only the axis player opens the axis choices; everyone else is refused, privately, without a card."""
    post = next(m for m in case.server.from_bot(case.channel) if any(":axis:" in c for c in m.custom_ids()))
    decide = next(c for c in post.custom_ids() if ":axis:" in c)
    for actor in ("other", "none", "referee"):
        it = await case.server.answered(await case.server.click(case.bench.users[actor], post, decide))
        assert it.messages()[0].ephemeral and "only the player of Axis" in it.text, (actor, it.text)
        assert not case.leaked(it.text) and not it.messages()[0].components
    mine = await case.server.answered(await case.server.click(case.bench.users["own"], post, decide))
    assert mine.messages()[0].ephemeral and mine.messages()[0].components


@pytest.mark.parametrize("actor", ("other", "none", "referee"))
async def test_choice_of_another_seat_is_refused(case: Case, actor: str) -> None:
    """A choice component of the axis seat, used by anyone else, applies nothing and says why."""
    post = next(m for m in case.server.from_bot(case.channel) if any(":axis:" in c for c in m.custom_ids()))
    decide = next(c for c in post.custom_ids() if ":axis:" in c)
    mine = await case.server.answered(await case.server.click(case.bench.users["own"], post, decide))
    menu = mine.messages()[0]
    select = menu.components[0]
    records = len((await case.bench.service.match(case.row)).records)
    it = await case.server.answered(await case.server.pick(case.bench.users[actor], menu, select["custom_id"], ["0"]))
    assert it.messages()[0].ephemeral and "only the player of Axis" in it.text, it.text
    assert len((await case.bench.service.match(case.row)).records) == records


async def test_a_slash_answer_never_repeats_another_sides_private_reply() -> None:
    """The ✓/✗ lines a command repeats to its asker are the public ones and the asker's seats' only."""
    from bot.discord.delivery import first_lines
    from bot.replies import PUBLIC, Reply

    replies = [Reply(PUBLIC, f"{OK} play AX2 ops"), Reply("axis", f"{FAIL} AX14 is not playable"), Reply("soviet", f"{OK} SU9 kept")]
    assert first_lines(replies, ("axis",)) == f"{OK} play AX2 ops\n{FAIL} AX14 is not playable"
    assert "SU9" not in first_lines(replies, ("axis",))


async def test_the_matrix_names_every_command_and_autocomplete(bench: Bench) -> None:
    """A new command or autocompleted option must join the matrix before it ships."""
    from discord import app_commands

    paths, completed = set(), set()
    for group in bench.client.tree.get_commands():
        assert isinstance(group, app_commands.Group)
        for command in group.commands:
            assert isinstance(command, app_commands.Command)
            paths.add(command.qualified_name)
            completed |= {(command.qualified_name, p.display_name) for p in command.parameters if p.autocomplete}
    dummy = Case(bench, CampaignRow(0, "", "", "", {}, "", "", None), 0, ())
    assert paths == {path for path, _ in commands(dummy).values()}
    assert completed - {(path, focused) for path, focused, _ in AUTOCOMPLETES.values()} == set()
