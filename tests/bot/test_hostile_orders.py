"""Hostile lines through the campaign service, in every game and scenario, as a player and a referee.

A fixed-seed random legal walk through ``CampaignService.submit`` (as the console and Discord
drive it) stops now and then for a burst of hostile lines (``tests.bot.hostile``): the game's
own verbs and their aliases with no arguments or too many, wrong types, unknown or enemy units,
huge and negative numbers, look-alike characters, very long lines, empty quoted strings,
repeated separators, and referee commands with bad arguments. Each line must be answered (the
service's own ``ServiceError`` included) and never raise anything else; a line the engine did
not take must leave the position as it was; no reply may hold internal text (a traceback, a
Python repr) or, when the line was refused, another role's secret that its answer depends on.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

import pytest

from bot.replies import Reply
from bot.service import CampaignService, Sender, ServiceError
from bot.store import Store
from engine import registry
from engine.game import REFEREE
from tests.bot.hostile import depends_on_secret, hostile_lines, internal_text, referee_lines
from tests.harness import words_of

PLAYER = Sender("u-hostile", "hostile")
BURSTS = 10  # hostile bursts per campaign
WALK = 6  # legal orders between bursts
LINES = 9  # hostile player lines per burst
REFEREE_LINES = 4  # hostile referee lines per burst
DONE_BIAS = 0.2  # how often the walk ends a step when it may (set-ups need many orders first)

CAMPAIGNS = [
    (game, scenario)
    for game in registry.names()  # every listed game: a game added later is fuzzed from its first commit
    for scenario in registry.get(game).scenarios
]


def _problems(line: str, replies: list[Reply]) -> list[str]:
    out = []
    for reply in replies:
        bad = internal_text(reply.text, line)
        if bad:
            out.append(f"{line!r} -> internal text {bad!r}: {reply.text[:200]!r}")
    return out


async def _campaign(game_name: str, scenario: str, seed: str) -> list[str]:
    """Play ``game_name``'s ``scenario`` with hostile bursts; every problem found, as a line."""
    game = registry.get(game_name)
    rnd = random.Random(seed)
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "hostile.db", durable=False)
        try:
            service = CampaignService(store)
            row, _ = await service.create("hostile", game_name, scenario=scenario, seed=seed, creator=PLAYER.user_id)
            for role in game.roles:
                await store.set_seat(row.id, role, PLAYER.user_id, "hostile")
            for burst in range(BURSTS):
                match = await service.match(row)
                if match.result() is not None:
                    break
                prompts = {r: match.prompt(r).actions for r in sorted(match.active())}
                acting = [r for r, actions in prompts.items() if actions]
                assert acting, f"{game_name} {scenario}: no side has a legal order at burst {burst}"
                role = rnd.choice(acting)
                legal = [a.text for a in prompts[role]]
                typed = [(rnd.choice(game.roles), line) for line in hostile_lines(game, match, role, legal, rnd, LINES)]
                typed += [(REFEREE, line) for line in referee_lines(game, match, rnd, REFEREE_LINES)]
                for who, line in typed:
                    match = await service.match(row)
                    before, count, secrets = match.hash(), len(match.records), game.secrets(match.state)
                    where = f"{game_name} {scenario} burst {burst} {who}"
                    try:
                        if who == REFEREE:
                            replies = await service.referee(row, PLAYER, line)
                        else:
                            replies = await service.submit(row, PLAYER, line, role=who)
                    except ServiceError:
                        continue
                    except Exception as exc:  # the finding: anything else is the generic "internal error"
                        problems.append(f"{where}: {line!r} raised {type(exc).__name__}: {exc}")
                        row = await service.campaign(row.id)
                        continue
                    row = await service.campaign(row.id)
                    problems += [f"{where}: {p}" for p in _problems(line, replies)]
                    after = await service.match(row)
                    if len(after.records) != count:
                        continue  # the line was a legal order after all
                    if after.hash() != before:
                        problems.append(f"{where}: refused {line!r} changed the position")
                    for reply in replies:
                        for owner, tokens in secrets.items():
                            shown = tokens & words_of(reply.text) - words_of(line)
                            if owner in (who, reply.to, REFEREE) or reply.to == REFEREE or not shown:
                                continue
                            if who == REFEREE or depends_on_secret(match, owner, who, line, seed):
                                problems.append(f"{where}: {line!r} shows {owner}'s {sorted(shown)[:3]} to {reply.to}")
                for _ in range(WALK):
                    match = await service.match(row)
                    if match.result() is not None:
                        break
                    prompts = {r: match.prompt(r).actions for r in sorted(match.active())}
                    acting = [r for r, actions in prompts.items() if actions]
                    role = rnd.choice(acting)
                    done = [a for a in prompts[role] if a.verb in ("done", "ready")]
                    action = done[0] if done and rnd.random() < DONE_BIAS else rnd.choice(prompts[role])
                    await service.submit(row, PLAYER, action.text, role=role)
                    row = await service.campaign(row.id)
        finally:
            await store.close()
    return problems


@pytest.mark.parametrize(("game_name", "scenario"), CAMPAIGNS, ids=[f"{g}-{s}" for g, s in CAMPAIGNS])
def test_hostile_lines_are_refused_cleanly(game_name: str, scenario: str) -> None:
    """Hostile lines of players and referee: no crash, no internal text, no change, no secret shown."""
    problems = asyncio.run(_campaign(game_name, scenario, f"hostile-{game_name}-{scenario}"))
    assert not problems, "\n".join(problems[:10])


async def _typed(tmp_path: Path, game_name: str, lines: list[tuple[str, str]]) -> list[list[Reply]]:
    """Type ``lines`` (``(role or REFEREE, text)``) into a new campaign of ``game_name``; the replies."""
    store = await Store.open(tmp_path / "typed.db", durable=False)
    try:
        service = CampaignService(store)
        row, _ = await service.create("typed", game_name, seed="typed", creator=PLAYER.user_id)
        for role in registry.get(game_name).roles:
            await store.set_seat(row.id, role, PLAYER.user_id, "hostile")
        out = []
        for who, line in lines:
            if who == REFEREE:
                out.append(await service.referee(row, PLAYER, line))
            else:
                out.append(await service.submit(row, PLAYER, line, role=who))
            row = await service.campaign(row.id)
        return out
    finally:
        await store.close()


async def test_a_huge_turn_set_by_the_referee_is_refused_and_the_campaign_goes_on(tmp_path):
    """'set turn 99999999999999999999' in Across the Bug River is refused (3.1.3), not a crash at the store."""
    refused, status = await _typed(tmp_path, "across-the-bug-river", [
        (REFEREE, "set turn 99999999999999999999 because typo"), ("german", "status"),
    ])
    assert not refused[0].ok and "from 1 to 3" in refused[0].text
    assert status[0].ok


async def test_a_stretched_last_turn_is_refused(tmp_path):
    """'set last_turn 99999999999999999999' in Schwerpunkt is refused: the last turn is the scenario's."""
    [refused] = await _typed(tmp_path, "schwerpunkt", [(REFEREE, "set last_turn 99999999999999999999 because typo")])
    assert not refused[0].ok and "The turn must be from 1 to" in refused[0].text
