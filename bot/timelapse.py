"""``adjutant timelapse``: replay a stored campaign and draw the public map at every turn."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from PIL import Image

from bot.i18n import translator
from bot.store import CampaignRow, Store
from engine import registry
from engine.game import PUBLIC, Game, State
from engine.kernel import Match, Record
from engine.text import Text, t
from render.mapwords import place_labels
from render.timelapse import animate, frame

Runner = Callable[..., Awaitable[Any]]


async def _here(fn: Callable[..., Any], *args: Any) -> Any:
    return fn(*args)


async def timelapse(
    store: Store, row: CampaignRow, language: str = "en", limit: int = 200, run: Runner | None = None
) -> tuple[bytes, int] | Text:
    """The campaign's timelapse (GIF bytes and the number of frames), or why there is none.

    The log is replayed from the start (or from the snapshot a continued campaign resumed at),
    and a frame is drawn whenever the game turn changes, plus the position now; at most
    ``limit`` frames (the last ones). ``run`` runs the replay and drawing (the CPU part) off
    the event loop (``CampaignService.draw``); by default here."""
    game = registry.get(row.game)
    if game.board is None:
        return t("{game} has no map to draw.", game=game.title)
    records = [Record.from_json(r) for r in await store.records(row.id)]
    start: State | None = None
    if row.continued_from is not None:
        saved = await store.saved_snapshot(row.id, row.continued_from)
        if saved is not None:
            start = game.migrate_state(json.loads(saved.state), saved.format)
            records = [r for r in records if r.seq > saved.seq]
    made: tuple[bytes, int] = await (run or _here)(_draw, game, row, records, start, language, limit)
    return made


def _draw(game: Game, row: CampaignRow, records: list[Record], start: State | None, language: str, limit: int) -> tuple[bytes, int]:
    tr = translator(language)
    match = Match.new(game, row.scenario, row.options, row.seed)
    if start is not None:
        match.state = start
    frames: list[Image.Image] = []
    names = place_labels(game.board, tr) if game.board is not None else None

    def capture(caption: Text) -> None:
        frames.append(frame(game, match.observe(PUBLIC).map.translated(tr), caption.format(tr), names))
        del frames[:-limit]

    turn = game.turn(match.state)
    capture(t("Turn {turn}", turn=turn) if turn is not None else t("Start"))
    match.plan_replay(records)
    for rec in records:
        match._replay_one(rec, trust=True)
        now = game.turn(match.state)
        if now != turn and now is not None:
            turn = now
            capture(t("Turn {turn}", turn=turn))
    capture(t("Now (record {seq})", seq=records[-1].seq if records else 0))
    return animate(frames), len(frames)

