"""The console's input as it arrives (bot.arrivals): which lines came together."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator

import pytest

from bot.arrivals import Arrived, Descriptor, arrivals


@pytest.fixture
def pipe() -> Iterator[tuple[Descriptor, int]]:
    read, write = os.pipe()
    yield Descriptor(read), write
    os.close(read)
    try:
        os.close(write)
    except OSError:
        pass


def test_lines_written_together_are_waiting_after_the_first(pipe):
    """Two lines written at once: after the first is read, the second has arrived; after it, nothing."""
    lines, write = pipe
    os.write(write, b"red: end\nblue: end\n")
    assert lines.readline() == "red: end\n"
    assert lines.waiting()
    assert lines.readline() == "blue: end\n"
    assert not lines.waiting()


def test_a_line_not_yet_ended_has_not_arrived(pipe):
    """A line without its newline yet is not waiting; once its newline comes, it is."""
    lines, write = pipe
    os.write(write, b"red: end\nblue: e")
    assert lines.readline() == "red: end\n"
    assert not lines.waiting()
    os.write(write, b"nd\n")
    assert lines.waiting()
    assert lines.readline() == "blue: end\n"


def test_the_end_of_the_input_reads_the_last_line_then_nothing(pipe):
    """The last line without a newline is read at the end of the input; then '' for ever."""
    lines, write = pipe
    os.write(write, b"red: end\nblue: end")
    os.close(write)
    assert lines.readline() == "red: end\n"
    assert lines.waiting()
    assert lines.readline() == "blue: end"
    assert not lines.waiting()
    assert lines.readline() == "" and lines.readline() == ""


def test_bytes_that_are_not_text_are_kept_for_the_service_to_refuse(pipe):
    """A byte that is not UTF-8 arrives as a surrogate, not as a decoding error ending the session."""
    lines, write = pipe
    os.write(write, b"red: move r\xff 0102\n")
    assert lines.readline() == "red: move r\udcff 0102\n"


def test_a_character_split_between_two_writes_is_read_whole(pipe):
    """UTF-8 bytes of one character written in two parts decode as that character."""
    lines, write = pipe
    os.write(write, "red: muovi unità".encode()[:-1])
    os.write(write, "red: muovi unità\n".encode()[-2:])
    assert lines.readline() == "red: muovi unità\n"


def test_a_stream_without_a_descriptor_has_arrived_whole():
    """A StringIO (a test, a script given as text): every line has arrived; the end is no line."""
    lines = arrivals(io.StringIO("a\nb\n"))
    assert isinstance(lines, Arrived)
    assert lines.readline() == "a\n" and lines.waiting()
    assert lines.readline() == "b\n" and not lines.waiting()
    assert lines.readline() == ""
