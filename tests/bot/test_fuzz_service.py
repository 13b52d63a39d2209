"""Property-based fuzz of the campaign service: whatever is typed, no exception escapes but the
service's own refusal, every typed line is kept in ``messages``, and the campaign replays.

Each example plays a random walk of legal orders (the ones ``options`` lists) through
``CampaignService.submit`` and, between them, lines drawn by hypothesis: random Unicode with
surrogates and control characters, legal orders mutated, digits of other scripts, huge lines,
read-only verbs with junk, referee commands with junk. Bounded so that the module runs in well
under a minute.
"""

from __future__ import annotations

import asyncio
import random
import re
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.service import CampaignService, Sender, ServiceError
from bot.store import Store
from engine import registry
from engine.game import Action
from engine.kernel import Match, Record
from engine.orders import MAX_LINE_CHARS, split_lines

PLAYER = Sender("u-fuzz", "fuzz")
WALK_STEPS = 60
FUZZ_PER_STEP = 5
EXAMPLES = 10

# Digits that str.isdigit accepts and int may refuse, or read as another number.
OTHER_DIGITS = "\u00b2\u00b3\u00b9\u2460\u2461\u2469\u0663\u0967\u0e53\uff11\U0001d7d8"
ANY_CHAR = st.characters(exclude_categories=())  # surrogates and control characters included
JUNK = st.text(ANY_CHAR, max_size=30)
META = ("status", "options", "hand", "map", "history", "undo", "help", "odds", "discards", "preview")
REFEREE_KINDS = ("place", "remove", "level", "supply", "activate", "hand", "pile", "rewind", "phase", "event", "vp")


def mutate(text: str, how: int, junk: str, digit: str, n: int) -> str:
    """A legal order made wrong in one of several ways."""
    words = text.split() or [text]
    i = n % len(words)
    if how == 0:
        words[i] = junk
    elif how == 1:
        return re.sub("[0-9]", digit, text)
    elif how == 2:
        words.insert(i, junk)
    elif how == 3:
        return " ".join(words[: i + 1])
    elif how == 4:
        return " ".join(words * (1 + n % 60))
    elif how == 5:
        return text.swapcase() + " " + junk
    elif how == 6:
        return " -> ".join(words) + "," * (n % 5)
    else:
        del words[i]
    return " ".join(words)


@st.composite
def fuzz_line(draw: st.DrawFn, legal: tuple[str, ...]) -> tuple[str, str]:
    """A line to type: ("order", text) for a player, ("referee", text) for the referee."""
    kind = draw(st.integers(0, 9))
    junk = draw(JUNK)
    if kind <= 1:
        return "order", junk
    if kind <= 4 and legal:
        base = draw(st.sampled_from(legal))
        how = draw(st.integers(0, 7))
        return "order", mutate(base, how, junk, draw(st.sampled_from(OTHER_DIGITS)), draw(st.integers(0, 999)))
    if kind == 5:
        return "order", draw(st.sampled_from(META)) + " " + draw(st.sampled_from([junk, *OTHER_DIGITS]))
    if kind == 6:
        size = draw(st.sampled_from([MAX_LINE_CHARS - 1, MAX_LINE_CHARS, MAX_LINE_CHARS + 1, 4001, 9000]))
        unit = (draw(st.sampled_from(legal)) + " ") if legal else "x"
        return "order", (unit * (size // len(unit) + 1))[:size]
    if kind == 7:
        lines = draw(st.lists(st.one_of(JUNK, st.sampled_from(legal or ("status",))), min_size=2, max_size=6))
        return "order", "\n".join(lines)
    if kind == 8:
        digit = draw(st.sampled_from(OTHER_DIGITS))
        return "order", draw(st.sampled_from(["play", "history", "bank", "pick", "cc", "discard", "move", "setup"])) + " " + digit
    ref = draw(st.sampled_from(REFEREE_KINDS))
    return "referee", f"{ref} {junk} {draw(st.sampled_from(OTHER_DIGITS))} because fuzz"


async def _typed_lines(store: Store, campaign_id: int) -> Counter[str]:
    async with store.db.execute("SELECT text FROM messages WHERE campaign_id = ?", (campaign_id,)) as cur:
        return Counter(str(row[0]) for row in await cur.fetchall())


def _storable(line: str) -> str:
    return line.encode("utf-8", "backslashreplace").decode("utf-8")


def _turn(match: Match, rnd: random.Random, where: str) -> tuple[str, tuple[Action, ...]]:
    """A side to act and its legal orders (each side's list computed once: it is the costly part)."""
    prompts = {r: match.prompt(r).actions for r in sorted(match.active())}
    active = [r for r, actions in prompts.items() if actions]
    assert active, f"{where}: no active side has a legal order"
    role = rnd.choice(active)
    return role, prompts[role]


async def _walk(game_name: str, seed: str, data: st.DataObject) -> None:
    game = registry.get(game_name)
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "fuzz.db", durable=False)
        try:
            service = CampaignService(store)
            row, _ = await service.create("fuzz", game_name, seed=seed, creator=PLAYER.user_id)
            for role in game.roles:
                await store.set_seat(row.id, role, PLAYER.user_id, "fuzz")
            reached: Counter[str] = Counter()

            async def send(kind: str, role: str, text: str) -> bool:
                """Type ``text``; True when it reached the engine (not refused by the service itself)."""
                nonlocal row
                # Every line is kept, a lone surrogate as its escape (the store holds only UTF-8); a
                # referee command the service took is kept whole, one it refused line by line.
                lines = [_storable(line) for line in (split_lines(text) or [text])]
                try:
                    if kind == "referee":
                        await service.referee(row, PLAYER, text)
                        lines = [text]
                    else:
                        await service.submit(row, PLAYER, text, role=role)
                except ServiceError:
                    return False
                finally:
                    reached.update(lines)
                row = await service.campaign(row.id)
                return True

            for _ in range(WALK_STEPS):
                match = await service.match(row)
                if match.result() is not None:
                    break
                role, actions = _turn(match, rnd, f"{game_name} {seed}")
                legal = tuple(a.text for a in actions)
                seen = match.hash()
                for _ in range(FUZZ_PER_STEP):
                    kind, text = data.draw(fuzz_line(legal))
                    await send(kind, role, text)
                match = await service.match(row)
                if match.result() is not None:
                    break
                if match.hash() != seen:  # a fuzzed line was a legal order after all
                    role, actions = _turn(match, rnd, f"{game_name} {seed}")
                done = [a for a in actions if a.verb in ("done", "ready")]
                action = done[0] if done and rnd.random() < 0.6 else rnd.choice(actions)
                before = len(match.records)
                assert await send("order", role, action.text)
                after = await service.match(row)
                assert len(after.records) > before, f"{game_name} {seed}: listed order {role}: {action.text!r} was refused"

            typed = await _typed_lines(store, row.id)
            missing = reached - typed
            assert not missing, f"typed lines not in messages: {list(missing)[:5]}"
            live = await service.match(row)
            records = [Record.from_json(r) for r in await store.records(row.id)]
            replayed = Match.replay(game, row.scenario, row.options, row.seed, records)
            assert replayed.hash() == live.hash()
            assert await CampaignService(store).match(row) is not None  # a fresh service rebuilds it too
        finally:
            await store.close()


FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # no shrinking: a failure prints its draws as they came
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(seed=st.sampled_from([f"fuzz-{i}" for i in range(50)]), data=st.data())
def test_fuzzed_lines_never_escape_the_caucasus_service(seed: str, data: st.DataObject) -> None:
    """The Caucasus: random legal walk plus fuzzed lines; only ServiceError escapes; every line kept; replay passes."""
    asyncio.run(_walk("caucasus", seed, data))


@FUZZ
@given(seed=st.sampled_from([f"fuzz-{i}" for i in range(50)]), data=st.data())
def test_fuzzed_lines_never_escape_the_stalins_war_service(seed: str, data: st.DataObject) -> None:
    """Stalin's War: random legal walk plus fuzzed lines; only ServiceError escapes; every line kept; replay passes."""
    asyncio.run(_walk("stalins-war", seed, data))


@FUZZ
@given(seed=st.sampled_from([f"fuzz-{i}" for i in range(50)]), data=st.data())
def test_fuzzed_lines_never_escape_the_schwerpunkt_service(seed: str, data: st.DataObject) -> None:
    """Von Manstein's Backhand Blow (the whole game): the same walk through the service."""
    asyncio.run(_walk("schwerpunkt", seed, data))
