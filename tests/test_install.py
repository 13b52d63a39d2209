"""What users install works: the Dockerfile's install steps, reproduced outside the checkout.

Once per session, the build context is laid out as ``deploy/Dockerfile`` copies it, the wheel
is built from it, and the Dockerfile's own ``RUN pip ...`` lines are run in a fresh virtual
environment in a temporary folder (``pip install .``: a built wheel, not an editable install;
the systemd guide's ``pip install /opt/adjutant`` is the same command). Then the installed
``adjutant`` plays a short script and serves the fake Discord, from a folder that is not the
checkout. (No container runtime is assumed: the image's base and apt steps are not rebuilt.)
"""

from __future__ import annotations

import json
import shlex
import shutil
import sqlite3
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine import registry
from engine.kernel import Match
from tests.bot.discord.fake_discord import FakeDiscord, redirect
from tests.child import REPO, Child, child_env, run

DOCKERFILE = REPO / "deploy" / "Dockerfile"
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
# Translation tooling, not needed at run time.
NOT_SHIPPED = {"bot/locale/adjutant.pot", "bot/locale/babel.cfg"}
INSTALL_TIMEOUT = 540


@dataclass(frozen=True)
class Dockerfile:
    workdir: str
    copies: list[tuple[list[str], str]]
    pip_runs: list[list[str]]


@dataclass(frozen=True)
class Installed:
    root: Path
    wheel: Path
    venv: Path

    @property
    def adjutant(self) -> Path:
        return self.venv / "bin" / "adjutant"

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"


def packages() -> list[str]:
    """The top-level packages pyproject.toml installs (its ``packages.find`` include list)."""
    with (REPO / "pyproject.toml").open("rb") as f:
        include = tomllib.load(f)["tool"]["setuptools"]["packages"]["find"]["include"]
    return sorted({pattern.rstrip("*").rstrip(".") for pattern in include})


def read_dockerfile(text: str) -> Dockerfile:
    """The WORKDIR, the COPY instructions and the RUN lines that call pip, continuations joined."""
    logical = text.replace("\\\n", " ")
    workdir, copies, pip_runs = "/", [], []
    for line in logical.splitlines():
        words = shlex.split(line, comments=True)
        if not words:
            continue
        op, args = words[0].upper(), words[1:]
        if op == "WORKDIR":
            workdir = args[0]
        elif op == "COPY":
            copies.append((args[:-1], args[-1]))
        elif op == "RUN" and args and args[0] in ("pip", "pip3"):
            pip_runs.append(args)
    return Dockerfile(workdir, copies, pip_runs)


def lay_out_context(dockerfile: Dockerfile, app: Path) -> None:
    """Copy what the COPY instructions copy (relative to WORKDIR) from the checkout into ``app``."""
    for sources, dest in dockerfile.copies:
        target = app / dest
        for source in sources:
            origin = REPO / source
            into = target / origin.name if dest.endswith("/") else target
            into.parent.mkdir(parents=True, exist_ok=True)
            if origin.is_dir():
                shutil.copytree(origin, into, ignore=IGNORED)
            else:
                shutil.copy2(origin, into)


def pip(venv: Path, *args: str, cwd: Path) -> None:
    result = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", *args], cwd=cwd, env=child_env(),
        capture_output=True, text=True, timeout=INSTALL_TIMEOUT,
    )
    assert result.returncode == 0, f"pip {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"


def site_packages(venv: Path) -> Path:
    return Path(sysconfig.get_path("purelib", vars={"base": str(venv), "platbase": str(venv)}))


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    """The Dockerfile's install steps, once per session, in a fresh venv outside the checkout."""
    root = tmp_path_factory.mktemp("install")
    assert not root.resolve().is_relative_to(REPO)
    dockerfile = read_dockerfile(DOCKERFILE.read_text(encoding="utf-8"))
    assert dockerfile.pip_runs, "the Dockerfile installs nothing with pip"
    app = root / "context" / dockerfile.workdir.lstrip("/")
    app.mkdir(parents=True)
    lay_out_context(dockerfile, app)
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=INSTALL_TIMEOUT)
    dist = root / "dist"
    pip(venv, "wheel", "--no-deps", "--quiet", "-w", str(dist), ".", cwd=app)
    (wheel,) = dist.glob("adjutant-*.whl")
    for run_line in dockerfile.pip_runs:
        pip(venv, *run_line[1:], cwd=app)
    # Let the installed `adjutant serve` find the fake Discord (see the redirect module).
    lib = site_packages(venv)
    shutil.copy2(Path(redirect.__file__), lib / "adjutant_test_redirect.py")
    (lib / "adjutant_test_redirect.pth").write_text(
        "import adjutant_test_redirect; adjutant_test_redirect.apply()\n", encoding="utf-8"
    )
    work = root / "work"
    work.mkdir()
    yield Installed(work, wheel, venv)


def test_dockerfile_copies_everything_the_package_needs():
    """Every COPY source exists; the context holds pyproject.toml, README.md and every package."""
    dockerfile = read_dockerfile(DOCKERFILE.read_text(encoding="utf-8"))
    sources = {s for copied, _ in dockerfile.copies for s in copied}
    assert all((REPO / s).exists() for s in sources), sources
    assert "migrations" in packages()
    assert {"pyproject.toml", "README.md", *packages()} <= sources


def test_wheel_carries_every_file_of_the_packages(installed: Installed):
    """The wheel holds every tracked file of every package folder (migrations/*.sql too)."""
    tracked = subprocess.run(
        ["git", "ls-files", *packages()], cwd=REPO,
        capture_output=True, text=True, check=True,
    ).stdout.split()
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    assert "migrations/0001_initial.sql" in names
    assert sorted(set(tracked) - NOT_SHIPPED - names) == []


def test_install_is_not_the_checkout(installed: Installed):
    """The installed modules and schema files come from the venv, not from an editable link."""
    code = "import bot.store, json; print(json.dumps([bot.store.__file__, str(bot.store.MIGRATIONS)]))"
    done = subprocess.run(
        [str(installed.python), "-c", code], cwd=installed.root, env=child_env(),
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    for path in json.loads(done.stdout):
        assert Path(path).resolve().is_relative_to(installed.venv.resolve()), path


async def test_installed_play_accepts_an_order(installed: Installed, tmp_path):
    """`adjutant play caucasus` from the install creates its tables and accepts 'axis: ready'."""
    done = await run(
        [str(installed.adjutant), "play", "caucasus", "--seed", "s", "--json"],
        child_env(), cwd=tmp_path, stdin=b"axis: ready\n",
    )
    assert done.code == 0, done.err
    replies = [json.loads(line) for line in done.out.splitlines()]
    assert any(r["ok"] and r["text"].startswith("\u2713 ready") for r in replies), done.out
    with sqlite3.connect(tmp_path / "data" / "adjutant.db") as db:
        assert db.execute("SELECT name FROM campaigns").fetchall() == [("caucasus-campaign",)]


def legal_walk(game_name: str, seed: str, steps: int) -> list[str]:
    """``steps`` legal orders of ``game_name``'s first scenario on ``seed``, as the console takes
    them ('ROLE: ORDER'), played by the checkout's engine: the installed one must take them too."""
    game = registry.get(game_name)
    match = Match.new(game, next(iter(game.scenarios)), dict(game.options), seed)
    lines = []
    for _ in range(steps):
        acting = [(r, match.prompt(r).actions) for r in sorted(match.active())]
        role, actions = next((r, a) for r, a in acting if a)
        action = actions[len(lines) % len(actions)]
        match.submit(role, action.text)
        lines.append(f"{role}: {action.text}")
    return lines


@pytest.mark.parametrize("game_name", ["combat_commander", "schwerpunkt", "across-the-bug-river"])
async def test_installed_play_takes_orders_of_the_newest_games(installed: Installed, tmp_path, game_name: str):
    """`adjutant play GAME` from the install accepts a few legal orders of each of the three newest games."""
    lines = legal_walk(game_name, "installed", 4)
    done = await run(
        [str(installed.adjutant), "play", game_name, "--seed", "installed", "--json"],
        child_env(), cwd=tmp_path, stdin=("\n".join(lines) + "\n").encode(),
    )
    assert done.code == 0, done.err
    replies = [json.loads(line) for line in done.out.splitlines()]
    refused = [r["text"] for r in replies if not r["ok"]]
    assert refused == [], refused
    accepted = [r for r in replies if r["ok"] and r["text"].startswith("\u2713")]
    assert len(accepted) >= len(lines), done.out[-2000:]


async def test_installed_serve_creates_a_campaign(installed: Installed, tmp_path):
    """`adjutant serve` from the install connects to the fake Discord and answers /adjutant create."""
    server = FakeDiscord()
    ref = server.add_user("Rita", server.add_role("Referee"))
    channel = server.add_channel("caucasus")
    await server.start()
    db = tmp_path / "serve.db"
    env = child_env({
        "ADJUTANT_DISCORD_TOKEN": server.token,
        "ADJUTANT_DB": str(db),
        "ADJUTANT_CACHE": str(tmp_path / "cache"),
        **redirect.environment(server.base_url, server.gateway_url),
    })
    child = await Child.start([str(installed.adjutant), "serve"], env, cwd=tmp_path)
    try:
        await server.wait_until(
            lambda: child.process.returncode is not None or (server.identified.is_set() and server.commands.get(None)),
            timeout=60, what="the installed bot to connect",
        )
        assert child.process.returncode is None, "adjutant serve ended at start-up"
        it = await server.slash(ref, channel, "adjutant create", game="caucasus")
        await server.answered(it, timeout=60)
        assert "created" in it.text, it.text
    finally:
        done = await child.stop()
        await server.stop()
    assert done.code == 0, done.err
    assert "Traceback" not in done.err
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT game FROM campaigns").fetchall() == [("caucasus",)]
