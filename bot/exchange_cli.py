"""``adjutant export``, ``adjutant import`` and ``adjutant audit``: campaign files on the command line."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.exchange import ExchangeError, audit, export_campaign, import_campaign
from bot.i18n import render
from bot.store import Store
from engine.text import Text, t


def _fail(text: Text) -> int:
    print(f"adjutant: {render(text)}", file=sys.stderr)
    return 2


def _passphrase(path: Path) -> str:
    try:
        phrase = path.read_text(encoding="utf-8-sig").strip()  # "-sig": a byte order mark (Notepad) is no part of it
    except (OSError, UnicodeDecodeError) as exc:
        raise ExchangeError(t("Cannot read the passphrase file {path}: {why}", path=str(path), why=str(exc))) from exc
    if len(phrase) < 8:
        raise ExchangeError(t("The passphrase in {path} is too short: use at least 8 characters.", path=str(path)))
    return phrase


def _document(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ExchangeError(t("Cannot read {path}: {why}", path=str(path), why=str(exc))) from exc
    except json.JSONDecodeError as exc:
        raise ExchangeError(t("{path} is not a campaign export (not JSON: {why}).", path=str(path), why=str(exc))) from exc
    except RecursionError:
        raise ExchangeError(t("{path} is not a campaign export: it nests lists and objects too deeply.", path=str(path))) from None
    except ValueError:  # a number beyond the digits Python converts
        raise ExchangeError(t("{path} is not a campaign export: it holds a number with far too many digits.", path=str(path))) from None
    if not isinstance(doc, dict):
        raise ExchangeError(t("{path} is not a campaign export.", path=str(path)))
    return doc


async def _export(args: argparse.Namespace) -> int:
    phrase = None if args.public else _passphrase(args.passphrase_file)
    store = await Store.open(args.db, read_only=True)
    try:
        key: int | str = int(args.campaign) if args.campaign.isdigit() else args.campaign
        row = await store.campaign(key)
        if row is None:
            return _fail(t("There is no campaign '{name}'.", name=args.campaign))
        doc = await export_campaign(store, row, phrase)
    finally:
        await store.close()
    text = json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
    return 0


async def _import(args: argparse.Namespace) -> int:
    doc = _document(args.file)
    phrase = _passphrase(args.passphrase_file)
    store = await Store.open(args.db, new=args.new)
    try:
        done = await import_campaign(store, doc, phrase, args.name)
    finally:
        await store.close()
    print(render(t("Imported campaign {name} ({game}, {n} records, replayed to its hashes).", name=done.row.name, game=done.row.game, n=done.records)))
    return 0


def _audit(args: argparse.Namespace) -> int:
    result = audit(_document(args.file), args.seed)
    print(render(t("{n} rolls checked against the seed, {fixed} fixed by a referee, {wrong} wrong.", n=result.checked, fixed=result.fixed, wrong=len(result.wrong))))
    for roll in result.wrong:
        print(render(t("  record {seq}: draw #{draw} shows {value} on a d{sides}; the seed gives another number.", **roll)))
    return 1 if result.wrong else 0


def run(args: argparse.Namespace) -> int:
    try:
        if args.command == "export":
            return asyncio.run(_export(args))
        if args.command == "import":
            return asyncio.run(_import(args))
        return _audit(args)
    except ExchangeError as exc:
        return _fail(exc.message)
