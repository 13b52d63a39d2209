"""The shared random-play harness: any registered game, random legal actions, many seeds.

For each seed it plays random legal actions from setup to the end (or ``max_steps``) and
asserts: no exception from a legal action; no dead end (an unfinished game always has an
active role with a legal action); replay of the records reproduces every state hash; undo
never crosses a barrier; no channel towards any viewer (each seat and the public channel:
views, status, prompts, log entries, echoes, history, undo refusals) shows a secret of
another role (``Game.secrets``), nor do the texts sent with the pictures (descriptions,
panel lines, tags: ``picture_texts``) at sampled checks and at the end; and what a role does
looks the same to everybody whatever the other seats hold (``Game.redeal``: hidden holdings dealt again, same public texts and
the same roles to act). With a ``disturb`` function it also lets a referee change the
position now and then (an override), and checks that every action then listed is one ``apply``
accepts.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from bot.i18n import render, translator
from engine.errors import IllegalOrder, InvariantViolation, OrderError
from engine.game import EVERYONE, PUBLIC, REFEREE, Action, Game
from engine.kernel import KernelContext, Match, Record
from engine.state import clone
from render.describe import board_of, describe
from render.hands import describe_hand


@dataclass
class PlayReport:
    seed: str
    steps: int
    finished: bool
    undos: int


def string_values(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from string_values(v)
    elif isinstance(data, list | tuple):
        for v in data:
            yield from string_values(v)


def words_of(text: str) -> set[str]:
    for mark in ",.():;'\"[]":
        text = text.replace(mark, " ")
    return set(text.split())


def viewers(game: Game) -> list[str]:
    """Everybody a text may reach except the all-seeing referee: each seat, and the channel."""
    return [*game.roles, PUBLIC]


def channels(game: Game, match: Match, viewer: str, new: list[Record]) -> Iterator[tuple[str, str]]:
    """Every text and value that leaves the engine towards ``viewer``, named by its channel.

    The observation (the raw view, the typed map the pictures are drawn from, the status and
    the viewer's holdings), the public status and the "waiting for" prompts (posted in the
    channel), the new log entries ``viewer`` reads, the echo of each new order or override as
    ``viewer`` reads it, the history, and the refusal of an undo.
    """
    seen = match.observe(viewer)
    for value in string_values(seen.view):
        yield "view", value
    for unit in seen.map.units:
        yield "map", unit.name
        for value in string_values(dict(unit.raw)):
            yield "map", value
    for label, value in seen.map.panel:
        yield "map panel", f"{label} {value}"
    yield "map last action", seen.map.last.text
    yield "observed status", render(seen.status, viewer=viewer)
    if seen.holdings is not None:
        yield "holdings", render(seen.holdings, viewer=viewer)
    yield "status", render(match.observe(PUBLIC).status, viewer=PUBLIC)
    for role in sorted(match.active()):
        yield "prompt", render(match.prompt_text(role), viewer=PUBLIC)
    for rec in new:
        if viewer != rec.role:
            yield "echo", match.order_text(rec, viewer)
        for entry in rec.entries:
            # A reveal addressed to one seat is the rules showing it something (an event): legitimate.
            if entry.to == EVERYONE or (entry.to == viewer and entry.kind != "reveal"):
                yield f"log #{rec.seq}", render(entry.text, viewer=viewer)
    for line in match.history(viewer, len(new)):
        yield "history", line.said
    for role in game.roles:
        if role != viewer and match.records and match.records[-1].role == role and not match.can_undo(role):
            try:
                match.undo(role)
            except IllegalOrder as exc:
                audience = role if game.hidden_holdings else PUBLIC
                if audience != role:
                    yield "undo refusal", render(exc.text(), viewer=audience)
            else:  # pragma: no cover - the harness's finding
                raise AssertionError("undo crossed a barrier")


def picture_texts(game: Game, match: Match, viewer: str) -> Iterator[tuple[str, str]]:
    """Every text the service sends with ``viewer``'s pictures, as ``bot.pictures`` builds it from
    ``viewer``'s observation, without drawing the image: the description of the area picture, of
    the whole map and of the area around a hex asked for (the last action's, else the first
    counter's), each panel line and each tag printed on a counter or a hex, and the description of
    the hand strip."""
    seen = match.observe(viewer)
    hand = seen.view.get("hand")
    if isinstance(hand, list) and hand and all(isinstance(c, dict) for c in hand):
        yield "hand picture description", describe_hand(hand)
    if game.board is None or board_of(game, seen.map.map) is None:
        return
    tr = translator()
    shown = seen.map.translated(tr)
    yield "picture description", describe(game, shown, False, translate=tr)
    yield "whole-map picture description", describe(game, shown, True, translate=tr)
    spots = [*shown.last.hexes(), *(u.hex for u in shown.units)]
    if spots:
        yield "picture description around a hex", describe(game, shown.focused(spots[0]), False, translate=tr, around=spots[0])
    for label, value in shown.panel_items():
        yield "picture panel", f"{label} {value}"
    for unit in shown.units:
        for _, tag in unit.shown_markers():
            yield "picture counter tag", tag
    for marker in shown.markers:
        yield "picture hex tag", marker.shown


def option_texts(game: Game, match: Match, viewer: str) -> Iterator[tuple[str, str]]:
    """What ``options`` answers a seat and what '/adjutant order' autocomplete offers it: its
    prompt and the text of each of its legal orders (nothing for the public channel)."""
    if viewer not in game.roles:
        return
    prompt = match.prompt(viewer)
    yield "options", render(prompt.text, viewer=viewer)
    for action in prompt.actions:
        yield "options", action.text


def check_secrets(game: Game, match: Match, new: list[Record] | None = None, pictures: bool = False) -> None:
    """No channel towards any viewer (the public channel included) shows another role's secret;
    with ``pictures``, nor do the texts of the pictures each viewer is sent (``picture_texts``)
    nor a seat's options (``option_texts``), and the referee's pictures (who may see everything)
    are built without error."""
    secrets = game.secrets(match.state)
    new = match.records if new is None else new
    owners = {owner: tokens for owner, tokens in secrets.items() if tokens}
    if pictures:
        list(picture_texts(game, match, REFEREE))
    for viewer in viewers(game):
        others = {owner: tokens for owner, tokens in owners.items() if owner != viewer}
        if not others:
            continue
        texts = list(channels(game, match, viewer, new))
        if pictures:
            texts += picture_texts(game, match, viewer)
            texts += option_texts(game, match, viewer)
        for channel, text in texts:
            words = words_of(text) | {text}
            for owner, tokens in others.items():
                leaked = tokens & words
                assert not leaked, f"{channel} towards {viewer} shows {owner}'s secret {sorted(leaked)}: {text!r}"


def check_redeal(game: Game, match: Match, role: str, action: Action, seed: str) -> None:
    """What ``role`` does next must look the same to everybody whatever the other seats hold.

    Each other seat's hidden holdings are dealt again (consistently with what is public) and the
    same action is applied to both states: the roles then active, every new public log line and
    the public prompts must be the same (a window's timing must not depend on a hand). A line the
    game logs as a ``reveal`` (``Context.reveal``: a card the rules make public, such as one drawn
    at random from a hand by Fog of War or shown by Bomb Plot) is the rules' own disclosure and
    is left out of the comparison; every other public line must not depend on a hand.
    """
    for other in game.roles:
        if other == role:
            continue
        redealt = game.redeal(clone(match.state), other, KernelContext(f"redeal-{seed}", 0))
        if redealt is None:
            continue
        twin = Match(game, match.scenario, match.options, seed)
        twin.state = redealt
        real = Match(game, match.scenario, match.options, seed)
        real.state = clone(match.state)
        try:
            got = [twin.play(role, action), twin.active()]
        except OrderError as exc:
            raise AssertionError(
                f"{role}: {action.text!r} is refused once {other}'s hidden holdings are dealt again: {exc}"
            ) from exc
        want = [real.play(role, action), real.active()]
        assert got[1] == want[1], f"after {role}: {action.text!r} who acts depends on {other}'s hidden holdings"
        for a, b in zip(got[0], want[0], strict=True):
            pa = [render(e.text, viewer=PUBLIC) for e in a.entries if e.to == EVERYONE and e.kind != "reveal"]
            pb = [render(e.text, viewer=PUBLIC) for e in b.entries if e.to == EVERYONE and e.kind != "reveal"]
            assert pa == pb, f"after {role}: {action.text!r} the public log depends on {other}'s hidden holdings"
        for r in sorted(twin.active()):
            assert render(twin.prompt_text(r), viewer=PUBLIC) == render(real.prompt_text(r), viewer=PUBLIC)


def fork(match: Match) -> Match:
    """A copy of ``match`` to try an action on: the kernel replaces its state, never changes it in place."""
    twin = copy.copy(match)
    twin.records = list(match.records)
    twin._undo = list(match._undo)
    return twin


def refused_listed_actions(match: Match, role: str) -> list[str]:
    """Every action the legal list offers ``role`` that ``apply`` refuses, with the refusal."""
    out = []
    for action in match.prompt(role).actions:
        try:
            fork(match).play(role, action)
        except (OrderError, InvariantViolation) as exc:
            out.append(f"{action.text!r}: {exc}")
    return out


def play_random(
    game: Game,
    scenario: str,
    seed: str,
    max_steps: int = 400,
    undo_rate: float = 0.1,
    check_every: int = 25,
    done_bias: float = 0.0,
    redeal_every: int = 5,
    disturb: Callable[[Match, random.Random], bool] | None = None,
    disturb_rate: float = 0.0,
    pictures_every: int = 3,
) -> PlayReport:
    """Play random legal actions; every ``check_every`` steps check every channel for secrets,
    at every ``pictures_every``-th of those checks and at the end the texts of every viewer's
    pictures too (0: only at the end), every ``redeal_every`` steps check that the next action
    looks the same to everybody whatever the other seats hold (0: never)."""
    rnd = random.Random(seed)
    match = Match.new(game, scenario, game.options, seed)
    undos = 0
    steps = 0
    seen = 0
    for steps in range(1, max_steps + 1):
        if match.result() is not None:
            break
        if match.records and rnd.random() < undo_rate:
            last = match.records[-1]
            before = match.hash()
            role = match.records[-1].role
            if match.can_undo(role):
                assert not last.barrier, "undo offered across a barrier"
                match.undo(role)
                undos += 1
            else:
                try:
                    match.undo(role)
                except IllegalOrder:
                    assert match.hash() == before
                else:
                    raise AssertionError(f"seed {seed}: undo crossed a barrier after {last.text!r}")
        if disturb is not None and rnd.random() < disturb_rate and disturb(match, rnd):
            for who in sorted(match.active()):
                refused = refused_listed_actions(match, who)
                assert not refused, f"seed {seed}, step {steps}: after {match.records[-1].text!r}, {who} is offered {refused}"
        active = sorted(match.active())
        assert active, f"seed {seed}: dead end at step {steps}: nobody is active and no result"
        role = rnd.choice(active)
        actions = match.prompt(role).actions
        if not actions:
            others = [r for r in active if match.prompt(r).actions]
            assert others, f"seed {seed}: dead end at step {steps}: no active role has a legal action"
            role = rnd.choice(others)
            actions = match.prompt(role).actions
        finishing = [a for a in actions if a.verb in ("done", "ready")]
        action = finishing[0] if finishing and rnd.random() < done_bias else rnd.choice(actions)
        if redeal_every and steps % redeal_every == 0:
            check_redeal(game, match, role, action, seed)
        try:
            match.play(role, action)
        except OrderError as exc:
            raise AssertionError(
                f"seed {seed}, step {steps}: listed legal action {role}: {action.text!r} was refused: {exc}"
            ) from exc
        if steps % check_every == 0:
            checks = steps // check_every
            check_secrets(game, match, match.records[seen:], pictures=bool(pictures_every) and checks % pictures_every == 0)
            seen = len(match.records)
    check_secrets(game, match, match.records[seen:], pictures=True)
    replayed = Match.replay(game, scenario, game.options, seed, match.records)
    assert replayed.hash() == match.hash()
    return PlayReport(seed, steps, match.result() is not None, undos)


def walk(match: Match, steps: int, seed: str, done_bias: float = 0.5) -> Match:
    """Play up to ``steps`` random legal actions on ``match`` (leaning towards 'done' with
    ``done_bias``, so a walk leaves set-up) and return it."""
    rnd = random.Random(seed)
    for _ in range(steps):
        active = sorted(match.active())
        if match.result() is not None or not active:
            break
        role = rnd.choice(active)
        actions = match.prompt(role).actions
        if not actions:
            continue
        finishing = [a for a in actions if a.verb in ("done", "ready")]
        action = finishing[0] if finishing and rnd.random() < done_bias else rnd.choice(actions)
        match.play(role, action)
    return match
