"""The console's input as it arrives: which lines came together.

Lines that arrived together (pasted at once, or a file piped in) are one message of several
lines, as a Discord message of several lines is; a line typed alone is a message of its own.
The rule is deterministic: a line is followed by another of its message when that next line had
already arrived, whole, when it was read (it is in the reader's buffer, or its file descriptor
has it to read at once), and by nothing more when the reader would have to wait for it.
"""

from __future__ import annotations

import codecs
import io
import os
import select
from abc import ABC, abstractmethod
from typing import TextIO

CHUNK = 65536


class Arrivals(ABC):
    """Lines as they arrive."""

    @abstractmethod
    def readline(self) -> str:
        """The next line, with its newline, waiting for it if need be (``""`` at the end of the input)."""

    @abstractmethod
    def waiting(self) -> bool:
        """Whether the next line has already arrived whole, so that reading it waits for nothing."""


class Arrived(Arrivals):
    """A stream with no file descriptor (a ``StringIO``): all of its text has already arrived."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._next: str | None = None

    def readline(self) -> str:
        line, self._next = (self._stream.readline() if self._next is None else self._next), None
        return line

    def waiting(self) -> bool:
        if self._next is None:
            self._next = self._stream.readline()
        return self._next != ""


class Descriptor(Arrivals):
    """A file descriptor (a terminal, a pipe, a file): its bytes read as they arrive, decoded in
    ``encoding`` (bytes that are not text kept as surrogates, for the service to refuse with a reason)."""

    def __init__(self, fd: int, encoding: str = "utf-8") -> None:
        self._fd = fd
        self._decoder = codecs.getincrementaldecoder(encoding)(errors="surrogateescape")
        self._text = ""
        self._ended = False

    def _read(self) -> None:
        chunk = os.read(self._fd, CHUNK)
        if chunk:
            self._text += self._decoder.decode(chunk)
        else:
            self._text += self._decoder.decode(b"", final=True)
            self._ended = True

    def _ready(self) -> bool:
        """Whether the descriptor has bytes (or its end) to read without waiting."""
        try:
            readable, _, _ = select.select([self._fd], [], [], 0)
        except (OSError, ValueError):  # no select on this descriptor: every line is its own message
            return False
        return bool(readable)

    def readline(self) -> str:
        while "\n" not in self._text and not self._ended:
            self._read()
        line, newline, rest = self._text.partition("\n")
        self._text = rest
        return line + newline

    def waiting(self) -> bool:
        while "\n" not in self._text and not self._ended and self._ready():
            self._read()
        return "\n" in self._text or (self._ended and self._text != "")


def arrivals(stream: TextIO) -> Arrivals:
    """The lines of ``stream`` as they arrive: read from its file descriptor if it has one."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, io.UnsupportedOperation):
        return Arrived(stream)
    return Descriptor(fd, getattr(stream, "encoding", None) or "utf-8")
