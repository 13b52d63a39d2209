"""Run ``adjutant`` as a user does, in a child process, with every wait bounded.

``run`` waits for a command that ends by itself (``play`` reading a script, a refused start);
``Child`` holds a long-running one (``serve``) until the test stops it with SIGTERM. Output is
collected whole, so a test can assert there was no traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHECKOUT_CLI = [sys.executable, "-m", "tests.bot.discord.fake_discord.redirect"]


@dataclass(frozen=True)
class Finished:
    code: int
    out: str
    err: str


def child_env(extra: Mapping[str, str] | None = None, pythonpath: Path | None = None) -> dict[str, str]:
    """The environment of this process less any ADJUTANT_* and PYTHONPATH, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ADJUTANT_") and k != "PYTHONPATH"}
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    env.update(extra or {})
    return env


class Child:
    """A started child process whose output is read as it comes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self._out = asyncio.create_task(self._read(process.stdout))
        self._err = asyncio.create_task(self._read(process.stderr))

    @staticmethod
    async def _read(stream: asyncio.StreamReader | None) -> str:
        return (await stream.read()).decode("utf-8", "replace") if stream is not None else ""

    @classmethod
    async def start(cls, argv: Sequence[str], env: Mapping[str, str], cwd: Path, stdin: bytes | None = None) -> Child:
        process = await asyncio.create_subprocess_exec(
            *argv, env=dict(env), cwd=cwd,
            stdin=asyncio.subprocess.PIPE if stdin is not None else asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        if stdin is not None and process.stdin is not None:
            process.stdin.write(stdin)
            await process.stdin.drain()
            process.stdin.close()
        return cls(process)

    async def wait(self, timeout: float = 60.0) -> Finished:
        """Wait for the end (killing the child if it overruns ``timeout``) and collect its output."""
        try:
            code = await asyncio.wait_for(self.process.wait(), timeout=timeout)
        except TimeoutError:
            self.kill()
            await self.process.wait()
            raise
        return Finished(code, await self._out, await self._err)

    async def stop(self, timeout: float = 30.0) -> Finished:
        """Send SIGTERM, as systemd and docker do, and wait for the end."""
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        return await self.wait(timeout)

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()


async def run(
    argv: Sequence[str], env: Mapping[str, str], cwd: Path, stdin: bytes = b"", timeout: float = 60.0
) -> Finished:
    child = await Child.start(argv, env, cwd, stdin)
    return await child.wait(timeout)
