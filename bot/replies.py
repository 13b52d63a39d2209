"""Replies as data: what the service hands to a transport, never a Discord object."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PUBLIC = "public"


@dataclass(frozen=True)
class Reply:
    """One reply: to everyone (``public``) or privately to one seat (its role name)."""

    to: str
    text: str
    ok: bool = True
    image: bytes | None = None
    actions: tuple[str, ...] | None = None
    batch: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"to": self.to, "text": self.text, "ok": self.ok, "batch": self.batch}
        if self.actions is not None:
            out["actions"] = list(self.actions)
        if self.extra:
            out["extra"] = self.extra
        return out

    @staticmethod
    def from_payload(payload: dict[str, Any], image: bytes | None) -> Reply:
        actions = payload.get("actions")
        return Reply(
            to=str(payload["to"]),
            text=str(payload["text"]),
            ok=bool(payload.get("ok", True)),
            image=image,
            actions=tuple(actions) if actions is not None else None,
            batch=str(payload.get("batch", "")),
            extra=dict(payload.get("extra") or {}),
        )
