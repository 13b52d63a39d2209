"""Records of a loaded campaign's log as the store holds them, read only when something reads them.

Loading a campaign replays only the records after its latest snapshot; those the snapshot covers
are kept for history, ``rewind`` and exports, which read few of them or none. A ``StoredRecord``
keeps such a record's stored text and its number, and parses the text the first time any other
field is read: loading parses the tail alone.
"""

from __future__ import annotations

import json
from typing import Any

from engine.kernel import Record


class StoredRecord(Record):
    """A ``Record`` read from its stored JSON text on first use (its ``seq`` without reading it)."""

    def __init__(self, seq: int, text: str) -> None:  # the fields are read from ``text`` on demand
        self._seq = seq
        self._text = text
        self._record: Record | None = None

    @property
    def parsed(self) -> bool:
        """Whether the stored text has been read."""
        return self._record is not None

    def record(self) -> Record:
        if self._record is None:
            self._record = Record.from_json(json.loads(self._text))
        return self._record


def _field(name: str) -> property:
    def read(self: StoredRecord) -> Any:
        return self._seq if name == "seq" else getattr(self.record(), name)

    return property(read, doc=f"The record's {name}, read from its stored text.")


# Each field of a Record reads through the parsed record (a property shadows the dataclass's
# class-level defaults, which plain attribute fall-back would return instead).
for _name in Record.__dataclass_fields__:
    setattr(StoredRecord, _name, _field(_name))
