"""Outbox entries as Discord messages, within Discord's limits. Pure: no discord import.

The service records one outbox entry per reply; a batch (one typed message, one click, one
command) yields several. Discord wants one message per action rather than one per line, so
the entries of a batch are grouped by recipient into a ``Post``, and a post becomes one or
more ``Outgoing`` messages: text over 2,000 characters is split (or, past three messages,
attached as a file), at most ten attachments and 8 MB per message, and every message carries
a nonce derived from its first outbox id so that a resend after a crash is deduplicated.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.replies import PUBLIC, Reply
from bot.store import OutboxEntry

MESSAGE_LIMIT = 2000
MAX_TEXT_MESSAGES = 3
ATTACHMENTS_PER_MESSAGE = 10
BYTES_PER_MESSAGE = 8_000_000
ALT_LIMIT = 1024
EMBEDS_PER_MESSAGE = 10
NONCE_LIMIT = 25
FULL_TEXT_NOTE = "\n\u2026 (the full text is attached)"

_MARKDOWN = re.compile(r"([\\*_~|`])")
_MASKED_LINK = re.compile(r"\[(?=[^\]\n]*\]\()")  # the '[' of '[text](': Discord would draw a link
PNG_SIGNATURE = b"\x89PNG"


def extension(data: bytes) -> str:
    """The file extension of encoded image bytes (the renderer makes PNG, or JPEG if huge)."""
    return "png" if data.startswith(PNG_SIGNATURE) else "jpg"


def escape_markdown(text: str) -> str:
    """``text`` with Discord's markdown characters escaped, so orders show as typed; a masked
    link typed as an order ('[Free Nitro](https://...)') shows as typed too, never as a link."""
    return _MASKED_LINK.sub(r"\\[", _MARKDOWN.sub(r"\\\1", text))


@dataclass(frozen=True)
class Picture:
    """An image (a map, a hand of cards) and its alt text (the renderer's description)."""

    data: bytes
    alt: str
    name: str

    @property
    def filename(self) -> str:
        return f"{self.name}.{extension(self.data)}"


@dataclass(frozen=True)
class Ruling:
    """A refused order as Discord shows it: an embed titled with the order, the reason as its
    description and the rule number as a field (``label`` is "Rule" in the reader's language).
    ``text`` is the same refusal as one line of the post's text, left out of the content when
    the embed carries it."""

    text: str
    order: str
    reason: str
    rule: str | None = None
    label: str = "Rule"


@dataclass(frozen=True)
class Post:
    """The replies of one batch to one recipient (``public`` or a role)."""

    campaign_id: int
    recipient: str
    batch: str
    entry_ids: tuple[int, ...]
    text: str
    pictures: tuple[Picture, ...] = ()
    ok: bool = True
    ping: tuple[str, ...] = ()  # roles the game has just handed a decision to
    mention_ids: tuple[int, ...] = ()  # the users the post pings (set by delivery from the seats)
    dm_pings: tuple[tuple[int, str], ...] = ()  # (user id, role) pinged by DM instead (their setting)
    rulings: tuple[Ruling, ...] = ()  # refusals among ``text``'s lines, shown as embeds

    @property
    def public(self) -> bool:
        return self.recipient == PUBLIC

    @property
    def nonce_base(self) -> str:
        return f"adj{self.entry_ids[0]}"


@dataclass(frozen=True)
class Attachment:
    data: bytes
    filename: str
    description: str | None = None


@dataclass(frozen=True)
class Outgoing:
    """One Discord message: content, attachments, rulings as embeds, and the nonce that
    deduplicates a resend."""

    content: str
    attachments: tuple[Attachment, ...]
    nonce: str
    rulings: tuple[Ruling, ...] = ()


def group(entries: Sequence[OutboxEntry]) -> list[Post]:
    """The posts of ``entries`` (in outbox order): one per campaign, recipient and batch.

    An image reply's text is the image's description: it becomes the attachment's alt text.
    """
    order: list[tuple[int, str, str]] = []
    parts: dict[tuple[int, str, str], list[tuple[int, Reply]]] = {}
    for entry in entries:
        reply = Reply.from_payload(entry.payload, entry.image)
        key = (entry.campaign_id, entry.recipient, reply.batch or f"#{entry.id}")
        if key not in parts:
            parts[key] = []
            order.append(key)
        parts[key].append((entry.id, reply))
    posts = []
    for key in order:
        items = parts[key]
        texts = [r.text for _, r in items if r.image is None and r.text]
        pictures = tuple(
            Picture(r.image, r.text[:ALT_LIMIT], f"image-{entry_id}") for entry_id, r in items if r.image is not None
        )
        posts.append(
            Post(
                campaign_id=key[0],
                recipient=key[1],
                batch=key[2],
                entry_ids=tuple(i for i, _ in items),
                text="\n".join(texts),
                pictures=pictures,
                ok=all(r.ok for _, r in items),
                ping=tuple(dict.fromkeys(role for _, r in items for role in r.extra.get("ping", ()))),
                rulings=tuple(_ruling(r) for _, r in items if r.image is None and isinstance(r.extra.get("ruling"), dict)),
            )
        )
    return posts


def _ruling(reply: Reply) -> Ruling:
    data = reply.extra["ruling"]
    rule = data.get("rule")
    return Ruling(
        text=reply.text,
        order=str(data.get("order", "")),
        reason=str(data.get("reason", "")),
        rule=str(rule) if rule else None,
        label=str(data.get("label", "Rule")),
    )


TITLE_LIMIT = 256
REASON_LIMIT = 1500
EMBED_TOTAL_LIMIT = 5500  # Discord's is 6,000 characters over every embed of a message


def shown_rulings(rulings: Sequence[Ruling]) -> tuple[Ruling, ...]:
    """The rulings that go as embeds: the first ten, as long as Discord's total size allows."""
    shown: list[Ruling] = []
    total = 0
    for ruling in rulings[:EMBEDS_PER_MESSAGE]:
        size = min(len(ruling.order) + 2, TITLE_LIMIT) + min(len(ruling.reason), REASON_LIMIT) + len(ruling.label) + len(ruling.rule or "")
        if total + size > EMBED_TOTAL_LIMIT:
            break
        shown.append(ruling)
        total += size
    return tuple(shown)


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def without(text: str, part: str) -> str:
    """``text`` without the first run of whole lines equal to ``part`` (a ruling's line)."""
    lines, cut = text.split("\n"), part.split("\n")
    for k in range(len(lines) - len(cut) + 1):
        if lines[k:k + len(cut)] == cut:
            return "\n".join(lines[:k] + lines[k + len(cut):])
    return text


def split_text(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut at line ends where possible."""
    if len(text) <= limit:
        return [text] if text else []
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    if current:
        pieces.append(current)
    return pieces


def messages(post: Post, name: str = "adjutant") -> list[Outgoing]:
    """The Discord messages that deliver ``post``, in order, within every limit.

    Its rulings (at most ``EMBEDS_PER_MESSAGE``; more stay lines of text) go as embeds with the
    first message, and their lines leave its text."""
    rulings = shown_rulings(post.rulings)
    body = post.text
    for ruling in rulings:
        body = without(body, ruling.text)
    text = escape_markdown(body)
    pieces = split_text(text)
    files: list[Attachment] = []
    if len(pieces) > MAX_TEXT_MESSAGES:
        head = split_text(text, MESSAGE_LIMIT - len(FULL_TEXT_NOTE))[0]
        pieces = [head + FULL_TEXT_NOTE]
        files.append(Attachment(post.text.encode("utf-8"), f"{name}-{post.entry_ids[0]}.txt"))
    skipped = [p for p in post.pictures if len(p.data) > BYTES_PER_MESSAGE]
    if skipped:
        note = f"({len(skipped)} map image(s) too large to post; ask for 'map' again.)"
        if pieces and len(pieces[-1]) + len(note) + 1 <= MESSAGE_LIMIT:
            pieces[-1] += "\n" + note
        else:
            pieces.append(note)
    files += [Attachment(p.data, p.filename, p.alt or None) for p in post.pictures if len(p.data) <= BYTES_PER_MESSAGE]
    bins: list[list[Attachment]] = []
    for f in files:
        if bins and len(bins[-1]) < ATTACHMENTS_PER_MESSAGE and sum(len(a.data) for a in bins[-1]) + len(f.data) <= BYTES_PER_MESSAGE:
            bins[-1].append(f)
        else:
            bins.append([f])
    contents: list[tuple[str, list[Attachment]]] = [(p, []) for p in pieces]
    if bins:
        if contents:
            contents[-1] = (contents[-1][0], bins[0])
        else:
            contents.append(("", bins[0]))
        contents += [("", b) for b in bins[1:]]
    if rulings and not contents:
        contents.append(("", []))
    return [
        Outgoing(content, tuple(attached), f"{post.nonce_base}.{k}"[:NONCE_LIMIT], rulings if k == 0 else ())
        for k, (content, attached) in enumerate(contents)
    ]
