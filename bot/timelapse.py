"""``adjutant timelapse``: replay a stored campaign and draw the public map at every turn."""

from __future__ import annotations

import json
from collections.abc import Callable

from PIL import Image

from bot.i18n import translator
from bot.store import CampaignRow, Store
from engine import registry
from engine.game import PUBLIC
from engine.kernel import Match, Record
from engine.text import Text, t
from render.timelapse import animate, frame


async def timelapse(store: Store, row: CampaignRow, language: str = "en", limit: int = 200) -> tuple[bytes, int] | Text:
    """The campaign's timelapse (GIF bytes and the number of frames), or why there is none.

    The log is replayed from the start (or from the snapshot a continued campaign resumed at),
    and a frame is drawn whenever the game turn changes, plus the position now; at most
    ``limit`` frames (the last ones)."""
    game = registry.get(row.game)
    if game.board is None:
        return t("{game} has no map to draw.", game=game.title)
    tr = translator(language)
    records = [Record.from_json(r) for r in await store.records(row.id)]
    match = Match.new(game, row.scenario, row.options, row.seed)
    if row.continued_from is not None:
        saved = await store.saved_snapshot(row.id, row.continued_from)
        if saved is not None:
            match.state = game.migrate_state(json.loads(saved.state), saved.format)
            records = [r for r in records if r.seq > saved.seq]
    frames: list[Image.Image] = []

    def capture(caption: Callable[[], str]) -> None:
        frames.append(frame(game, match.observe(PUBLIC).map.translated(tr), caption()))
        del frames[:-limit]

    def caption(text: Text) -> Callable[[], str]:
        return lambda: text.format(tr)

    turn = game.turn(match.state)
    capture(caption(t("Turn {turn}", turn=turn) if turn is not None else t("Start")))
    for rec in records:
        match._replay_one(rec, trust=True)
        now = game.turn(match.state)
        if now != turn and now is not None:
            turn = now
            capture(caption(t("Turn {turn}", turn=turn)))
    capture(caption(t("Now (record {seq})", seq=records[-1].seq if records else 0)))
    return animate(frames), len(frames)
