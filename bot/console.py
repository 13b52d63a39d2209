"""The local console: the embedded default transport (no token, no network).

Lines are ``ROLE: ORDER TEXT`` (``referee: KIND ARGS because REASON`` for overrides). The
console user holds every seat and is the campaign's referee, so one person can play both
sides, or a script can be piped in. Every reply comes out of the store's outbox, exactly as
the Discord transport delivers it.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import sys
from pathlib import Path
from typing import TextIO

from bot.arrivals import Arrivals, arrivals
from bot.deadlines import plain_stamps
from bot.i18n import render, side_of
from bot.replies import PUBLIC, Reply
from bot.service import CampaignService, Sender, ServiceError
from bot.store import CampaignRow, OutboxEntry, StoreError
from engine import registry
from engine.game import REFEREE
from engine.text import t

CONSOLE = Sender("console", "console")


class Console:
    def __init__(
        self,
        service: CampaignService,
        row: CampaignRow,
        out: TextIO = sys.stdout,
        images: Path | None = None,
        as_json: bool = False,
        files: Path | None = None,
    ) -> None:
        self.service = service
        self.row = row
        self.out = out
        self.images = images
        self.as_json = as_json
        self.files = files  # where 'referee: export position' writes its file (None: printed)
        self._image_count = 0

    async def deliver(self) -> int:
        async with self.service.speaking(self.row):  # the labels in each reader's language
            return await self.service.deliver(self._send, self.row.id)

    async def _send(self, entry: OutboxEntry) -> None:
        reply = Reply.from_payload(entry.payload, entry.image)
        if reply.extra.get("file") and self.files is not None:
            reply = self._write_file(reply, self.files / Path(str(reply.extra["file"])).name)
        path = None
        if reply.image is not None:
            if self.images is None:
                return self._print(reply, None, image_skipped=True)
            self.images.mkdir(parents=True, exist_ok=True)
            from render.images import extension

            path = self.images / f"{self.row.name}-{entry.id:05d}-{reply.to}.{extension(reply.image)}"
            path.write_bytes(reply.image)
        self._print(reply, path)

    def _write_file(self, reply: Reply, path: Path) -> Reply:
        """Write a reply that is a file (an exported position) and answer with where it went."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(reply.text, encoding="utf-8")
        except OSError as exc:
            said = t("The position could not be written to {path}: {why}. Here it is:", path=str(path), why=exc.strerror or str(exc))
            return dataclasses.replace(reply, text=render(said, self.row.language) + "\n" + reply.text)
        said = t("Position written to {path}; 'adjutant play GAME --position {path}' starts a campaign from it.", path=str(path))
        return dataclasses.replace(reply, text=render(said, self.row.language))

    def _print(self, reply: Reply, path: Path | None, image_skipped: bool = False) -> None:
        if self.as_json:
            obj: dict[str, object] = {
                "to": reply.to,
                "text": reply.text,
                "ok": reply.ok,
                "image": str(path) if path else None,
            }
            if reply.actions is not None:
                obj["actions"] = list(reply.actions)
            self.out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        else:
            if image_skipped:
                return
            label = "" if reply.to == PUBLIC else self._label(reply.to) + " "
            text = plain_stamps(reply.text) if path is None else f"[image {path}] {plain_stamps(reply.text)}"
            for i, line in enumerate(text.splitlines() or [""]):
                self.out.write(("  " if i else "") + (label if i == 0 else "") + line + "\n")
        self.out.flush()

    def _label(self, to: str) -> str:
        """The mark of a reply to ``to`` alone, in the language ``to`` reads: the side named as
        the game names it ("[private to Axis]", "[riservato all'Asse]"), or the referee."""
        said = t("[private to the referee]") if to == REFEREE else t("[private to {side}]", side=to)
        return render(said, self.service.language_for(to), to)

    def _error(self, text: str) -> None:
        if self.as_json:
            self.out.write(json.dumps({"to": "public", "text": text, "ok": False, "image": None}) + "\n")
        else:
            self.out.write(f"\u2717 {text}\n")
        self.out.flush()

    async def handle_line(self, line: str) -> None:
        line = line.strip()
        if not line or line.startswith("#"):
            return
        await self.service.tick()  # reminders and passed deadlines come before the next order
        game = registry.get(self.row.game)
        role, sep, text = line.partition(":")
        role = role.strip().casefold()
        if sep and role not in game.roles and side_of(role) in game.roles:
            role = str(side_of(role))  # the side named in another language ("asse: muovi ...")
        if not sep or (role not in game.roles and role != REFEREE):
            match = await self.service.match(self.row)
            active = sorted(match.active())
            prefixed = bool(sep) and " " not in role
            if len(active) == 1 and not prefixed:
                role, text = active[0], line
            else:
                await self.service.record_lines(self.row, CONSOLE, line, None, "refused")
                self._error(
                    render(
                        t(
                            "Start the line with the side that gives the order: {roles} or referee, e.g. '{example}: status'.",
                            roles=", ".join(game.roles),
                            example=game.roles[0],
                        ),
                        self.row.language,
                    )
                )
                return
        try:
            if role == REFEREE:
                await self.service.referee(self.row, CONSOLE, text.strip())
            else:
                await self.service.submit(self.row, CONSOLE, text.strip(), role=role)
        except ServiceError as exc:
            self._error(render(exc.message, self.row.language))
        except StoreError:
            raise  # the database cannot be written (full, read-only, damaged): the session ends
        except Exception:  # a bug must not end the session; the engine applied nothing
            logging.getLogger("adjutant").exception("error handling %r", line)
            self._error(render(t("Internal error: nothing was applied. The details went to the log."), self.row.language))
        self.row = await self.service.campaign(self.row.id)
        await self.deliver()

    async def run(self, stream: TextIO | Arrivals) -> None:
        """Answer every line of ``stream`` until it ends. At a terminal (or from ``Arrivals``),
        lines that arrived together (a paste: ``bot.arrivals``) are one message of several lines,
        as on Discord: each line is answered as it is read, and the pictures they owe come once,
        after the last of them. Other input (a piped file, a script) is one message per line,
        each with its own pictures, as a script reading them expects."""
        if isinstance(stream, Arrivals):
            lines, interactive, grouped = stream, False, True
        else:
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                # Bytes that are not UTF-8 must reach the service (which refuses them with a reason), not
                # end the session with a decoding error in readline.
                reconfigure(errors="surrogateescape")
            interactive = stream.isatty()
            lines, grouped = arrivals(stream), interactive
        await self.deliver()
        while True:
            if interactive:
                self.out.write("> ")
                self.out.flush()
            line = lines.readline()
            if not line:
                break
            if not grouped or not lines.waiting():  # a line alone: answered as it always was
                await self.handle_line(line)
                continue
            async with self.service.message(self.row):
                await self.handle_line(line)
                while lines.waiting():
                    await self.handle_line(lines.readline())
            await self.deliver()  # the pictures owed by the message's lines
