"""``adjutant``: the command line. It only wires the pieces together."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import sys
from pathlib import Path

from bot.i18n import language_of, render
from bot.service import CampaignService, ServiceError, header_scenario
from bot.store import Store, StoreError, explain
from engine import registry
from engine.errors import OrderError
from engine.kernel import Match, Record, ReplayMismatch
from engine.text import Text, t

DEFAULT_DB = Path("data") / "adjutant.db"
NEW_HELP = "accept an existing empty (0-byte) database file as a new database (refused otherwise)"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="adjutant", description="A referee bot for board wargames played by post.")
    sub = p.add_subparsers(dest="command", required=True)

    games = sub.add_parser("games", help="list the games and their scenarios")
    games.add_argument("--all", action="store_true", help="also the template game (duel)")

    play = sub.add_parser("play", help="play a campaign in the terminal (the local console)")
    play.add_argument("game", help="game name, e.g. caucasus")
    play.add_argument("--scenario", help="scenario name (default: the game's first)")
    play.add_argument("--seed", help="campaign seed (default: random); its SHA-256 is published")
    play.add_argument("--db", type=Path, default=DEFAULT_DB, help=f"SQLite file (default {DEFAULT_DB})")
    play.add_argument("--campaign", help="campaign name (default: GAME-SCENARIO)")
    play.add_argument("--images", type=Path, help="write every map image to this folder")
    play.add_argument("--json", action="store_true", help="print one JSON object per reply")
    play.add_argument("--option", action="append", default=[], help="campaign option key=value (repeatable)")
    play.add_argument("--new", action="store_true", help=NEW_HELP)
    play.add_argument("--position", type=Path, help="start the campaign from a position file ('referee: export position' writes one)")
    play.add_argument(
        "--lang", help="the campaign's language, e.g. it for Italian (default: English; an existing campaign switches to it)"
    )

    rep = sub.add_parser("replay", help="rebuild campaigns from their logs and check every state hash")
    rep.add_argument("--db", type=Path, default=DEFAULT_DB)
    rep.add_argument("--campaign", help="campaign id or name (default: all)")

    ren = sub.add_parser("render", help="draw the current state of a stored campaign")
    ren.add_argument("--db", type=Path, default=DEFAULT_DB)
    ren.add_argument("--campaign", help="campaign id or name (default: the only one)")
    ren.add_argument("--role", default="public", help="whose view to draw (default: public)")
    ren.add_argument("--full", action="store_true", help="the whole map instead of the last action")
    ren.add_argument("--out", type=Path, required=True, help="image file to write")

    exp = sub.add_parser("export", help="write a campaign to one self-contained file (its private part sealed with a passphrase)")
    exp.add_argument("--db", type=Path, default=DEFAULT_DB)
    exp.add_argument("--campaign", required=True, help="campaign id or name")
    exp.add_argument("--out", type=Path, help="file to write (default: standard output)")
    sealed = exp.add_mutually_exclusive_group(required=True)
    sealed.add_argument("--passphrase-file", type=Path, help="seal the private part (seed, hands, whole log) with the passphrase in this file")
    sealed.add_argument("--public", action="store_true", help="leave the private part out: the file reads and audits but does not import")

    imp = sub.add_parser("import", help="store a campaign exported by 'adjutant export', replayed to its hashes")
    imp.add_argument("file", type=Path)
    imp.add_argument("--db", type=Path, default=DEFAULT_DB)
    imp.add_argument("--passphrase-file", type=Path, required=True, help="the passphrase the private part was sealed with")
    imp.add_argument("--name", help="store it under this name (default: its own)")
    imp.add_argument("--new", action="store_true", help=NEW_HELP)

    aud = sub.add_parser("audit", help="check every die roll of an exported campaign against its seed")
    aud.add_argument("file", type=Path)
    aud.add_argument("--seed", help="the seed (needed while the campaign runs; a finished campaign's file holds it)")

    tl = sub.add_parser("timelapse", help="an animated GIF of a campaign, the public map turn by turn")
    tl.add_argument("--db", type=Path, default=DEFAULT_DB)
    tl.add_argument("--campaign", required=True, help="campaign id or name")
    tl.add_argument("--out", type=Path, required=True, help="the GIF file to write")

    val = sub.add_parser("validate", help="check a game's data files and list every problem")
    val.add_argument("game")

    serve = sub.add_parser("serve", help="run the Discord bot (configured by ADJUTANT_* environment variables)")
    serve.add_argument("--new", action="store_true", help=NEW_HELP)

    bench = sub.add_parser("bench", help="benchmarks that print figures (not tests)")
    bench.add_argument("what", choices=["engine", "store", "render", "service", "replay", "load", "memory"])
    bench.add_argument("--runs", type=int, default=5)
    bench.add_argument("--game", default=None, help="the game of every bench but 'store' and 'render' (default caucasus)")
    bench.add_argument("--campaigns", type=int, default=100, help="'memory': how many stored campaigns one service loads (default 100)")
    bench.add_argument("--records", type=int, default=600, help="'replay': how many records of random play it replays (default 600)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "games":
            return cmd_games(args.all)
        if args.command == "play":
            return asyncio.run(cmd_play(args))
        if args.command == "replay":
            return asyncio.run(cmd_replay(args))
        if args.command == "serve":
            from bot.discord.app import serve

            return serve(os.environ, new=args.new)
        if args.command == "render":
            return asyncio.run(cmd_render(args))
        if args.command == "validate":
            return cmd_validate(args.game)
        if args.command == "timelapse":
            return asyncio.run(cmd_timelapse(args))
        if args.command in ("export", "import", "audit"):
            from bot import exchange_cli

            return exchange_cli.run(args)
        if args.command == "bench":
            if args.what == "render":
                from render import bench as render_bench

                return render_bench.main(args.runs)
            from bot import bench as benchmarks

            return benchmarks.main(args.what, args.runs, args.game, args.campaigns, args.records)
    except (StoreError, ServiceError) as exc:
        print(f"adjutant: {render(exc.message)}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:
        # The database went bad while in use (damage found on reading, a full disk...).
        explained = explain(exc, str(getattr(args, "db", "")))
        if explained is None:
            raise
        print(f"adjutant: {render(explained)}", file=sys.stderr)
        return 2
    return 0


def cmd_games(include_unlisted: bool = False) -> int:
    for name in registry.names(include_unlisted):
        game = registry.get(name)
        print(f"{name}: {game.title}")
        for sc in game.scenarios.values():
            print(f"  scenario {sc.name}: {sc.title}")
        for key, value in game.options.items():
            print(f"  option {key} (default {value!r})")
    return 0


async def cmd_play(args: argparse.Namespace) -> int:
    from bot.console import CONSOLE, Console
    from bot.pictures import render_around, render_hand_of, render_with_description
    from bot.service import options_json

    position = _read_position(args.position) if args.position else None
    store = await Store.open(args.db, new=args.new)
    try:
        service = CampaignService(
            store,
            renderer=render_with_description if args.images else None,
            hand_renderer=render_hand_of if args.images else None,
            focus_renderer=render_around if args.images else None,
        )
        try:
            key = registry.resolve(args.game)
        except KeyError:
            print(f"adjutant: unknown game {args.game!r}; games: {', '.join(registry.names())}", file=sys.stderr)
            return 2
        game = registry.get(key)
        scenario = args.scenario or (header_scenario(position) if position else None) or next(iter(game.scenarios))
        name = args.campaign or f"{key}-{scenario}"
        row = await store.campaign(name)
        if row is None:
            options = options_json(" ".join(args.option))
            seats = {role: (CONSOLE.user_id, "console") for role in game.roles}
            row, _ = await service.create(
                name, key, scenario, options, seed=args.seed, creator=CONSOLE.user_id, seats=seats, position=position,
                language=args.lang,
            )
        elif position is not None:
            raise ServiceError(t("A campaign called '{name}' already exists; name a new one with --campaign to start from the position.", name=name))
        elif row.game != key:
            print(f"adjutant: campaign {name!r} in {args.db} is a {row.game} campaign", file=sys.stderr)
            return 2
        if args.lang and language_of(args.lang) != row.language:
            # The console is the campaign's referee: switching is an announced referee command.
            await service.referee(row, CONSOLE, f"language {args.lang} because adjutant play --lang {args.lang}")
            row = await service.campaign(row.id)
        console = Console(service, row, images=args.images, as_json=args.json, files=args.images or args.db.parent)
        await console.run(sys.stdin)
    finally:
        await store.close()
    return 0


def _read_position(path: Path) -> str:
    """A position file's text, or a ``ServiceError`` saying why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ServiceError(t("The position file {path} is not UTF-8 text.", path=str(path))) from None
    except OSError as exc:
        raise ServiceError(t("The position file {path} cannot be read: {why}.", path=str(path), why=exc.strerror or str(exc))) from None


async def cmd_replay(args: argparse.Namespace) -> int:
    store = await Store.open(args.db, read_only=True)
    failures = 0
    try:
        rows = await store.campaigns()
        if args.campaign:
            rows = [r for r in rows if str(r.id) == args.campaign or r.name == args.campaign]
            if not rows:
                print(f"adjutant: no campaign {args.campaign!r}", file=sys.stderr)
                return 2
        for row in rows:
            game = registry.get(row.game)
            records = [Record.from_json(r) for r in await store.records(row.id)]
            print(f"campaign {row.id} {row.name} ({row.game}, {len(records)} records)")

            def show(rec: Record, digest: str) -> None:
                print(f"  #{rec.seq:<5} {rec.kind:<8} {digest}  {rec.text}")

            start = None
            if row.continued_from is not None:
                # Records up to there were played under older rules: checked from its snapshot on.
                saved = await store.saved_snapshot(row.id, row.continued_from)
                print(f"  continued from snapshot at record {row.continued_from} (rules version {row.rules_version})")
                if saved is None or saved.seq != row.continued_from:
                    failures += 1
                    print(f"  MISMATCH: the snapshot at record {row.continued_from} is missing", file=sys.stderr)
                    continue
                start = (saved.seq, game.migrate_state(json.loads(saved.state), saved.format))
            try:
                match = Match.replay(game, row.scenario, row.options, row.seed, records, on_record=show, start=start)
                print(f"  final state {match.hash()}  OK")
            except ReplayMismatch as exc:
                failures += 1
                print(f"  MISMATCH: {exc}", file=sys.stderr)
            except OrderError as exc:  # a stored order the current rules refuse
                failures += 1
                print(f"  MISMATCH: a stored order is now refused: {exc}", file=sys.stderr)
    finally:
        await store.close()
    return 1 if failures else 0


async def cmd_timelapse(args: argparse.Namespace) -> int:
    from bot.timelapse import timelapse

    store = await Store.open(args.db, read_only=True)
    try:
        key: int | str = int(args.campaign) if args.campaign.isdigit() else args.campaign
        row = await store.campaign(key)
        if row is None:
            raise ServiceError(t("There is no campaign '{name}'.", name=args.campaign))
        made = await timelapse(store, row)
    finally:
        await store.close()
    if isinstance(made, Text):
        raise ServiceError(made)
    data, frames = made
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(render(t("Wrote {path}: {frames} frames, {size} KB.", path=str(args.out), frames=frames, size=len(data) // 1024)))
    return 0


async def cmd_render(args: argparse.Namespace) -> int:
    from bot.pictures import render_with_description

    store = await Store.open(args.db, read_only=True)
    try:
        rows = await store.campaigns()
        if args.campaign:
            rows = [r for r in rows if str(r.id) == args.campaign or r.name == args.campaign]
        if len(rows) != 1:
            names = ", ".join(f"{r.id} {r.name}" for r in await store.campaigns()) or "none"
            print(f"adjutant: name one campaign with --campaign (campaigns: {names})", file=sys.stderr)
            return 2
        service = CampaignService(store)
        match = await service.match(rows[0])
        game = match.game
        if args.role != "public" and args.role not in game.roles:
            print(f"adjutant: --role must be public or one of {', '.join(game.roles)}", file=sys.stderr)
            return 2
        rendered = render_with_description(game, match.observe(args.role), args.full)
        if rendered is None:
            print(f"adjutant: {game.name} has no map to draw", file=sys.stderr)
            return 2
        image, description = rendered
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_bytes(image)
        print(f"{args.out}: {len(image)} bytes")
        print(description)
    finally:
        await store.close()
    return 0


def cmd_validate(name: str) -> int:
    try:
        game = registry.get(registry.resolve(name))
    except KeyError:
        print(f"adjutant: unknown game {name!r}", file=sys.stderr)
        return 2
    problems = game.validate()
    for p in problems:
        print(p)
    for note in game.data_notes():
        print(note)
    print(f"{name}: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
