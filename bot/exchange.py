"""A campaign as one self-contained file: export, import, and the dice audit.

An export is a JSON document in two parts. The public part anybody may read: the game,
scenario, options, rules version, the seed commitment, the seats by role, and the log as the
public channel reads it (orders as projected for everybody, public entries only) with every die
roll as numbers. The sealed part holds everything a replay needs (the seed, the whole log with
its private entries, the snapshot a continued campaign starts from, the seats' user ids),
encrypted with a passphrase the referee chooses (Fernet: AES-128-CBC with HMAC-SHA256, the key
derived by PBKDF2-HMAC-SHA256), or left out on request. Once a campaign is over its seed is
public and is written in the clear as well, so anybody can audit every roll.

Importing reads the sealed part, checks the seed against the commitment, replays the log to
its stored hashes and stores the campaign under a new name: it imports on another server.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

from bot.i18n import render
from bot.names import name_problem
from bot.store import CampaignRow, Saved, Store
from engine import registry, rng
from engine.errors import OrderError
from engine.game import EVERYONE, PUBLIC
from engine.kernel import Match, Record, ReplayMismatch
from engine.state import canonical
from engine.text import Text, t

KIND = "adjutant campaign"
FORMAT = 1
KDF_ROUNDS = 390_000


class ExchangeError(Exception):
    """A file that cannot be exported, imported or audited, and why (a catalogue text)."""

    def __init__(self, message: Text) -> None:
        super().__init__(message.format())
        self.message = message


# Sealing ----------------------------------------------------------------------------------------
def _key(passphrase: str, salt: bytes) -> bytes:
    kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=KDF_ROUNDS)
    return base64.urlsafe_b64encode(kdf.derive(passphrase.encode("utf-8")))


def seal(data: Mapping[str, Any], passphrase: str) -> dict[str, str]:
    """``data`` encrypted with ``passphrase``: the salt and the Fernet token, both text."""
    salt = os.urandom(16)
    token = Fernet(_key(passphrase, salt)).encrypt(json.dumps(data, sort_keys=True).encode("utf-8"))
    return {"kdf": f"pbkdf2-sha256:{KDF_ROUNDS}", "salt": base64.b64encode(salt).decode(), "token": token.decode()}


def unseal(sealed: Mapping[str, Any], passphrase: str) -> dict[str, Any]:
    """The sealed part opened with ``passphrase``; a clear error if it is wrong or damaged."""
    try:
        salt = base64.b64decode(str(sealed["salt"]), validate=True)
        plain = Fernet(_key(passphrase, salt)).decrypt(str(sealed["token"]).encode())
        data = json.loads(plain)
    except (KeyError, binascii.Error, InvalidToken, ValueError, RecursionError) as exc:
        raise ExchangeError(t("The private part cannot be opened: the passphrase is wrong or the file is damaged.")) from exc
    if not isinstance(data, dict):
        raise ExchangeError(t("The private part of the file is damaged."))
    return data


# Export -----------------------------------------------------------------------------------------
def _rolls(rec: Record) -> list[dict[str, Any]]:
    """The die rolls of a record, as numbers: draw number, die and value (or fixed by a referee)."""
    out = []
    for entry in rec.entries:
        if entry.kind != "roll" or entry.to != EVERYONE:
            continue
        p = entry.text.params
        if "n" in p:
            out.append({"seq": rec.seq, "draw": int(p["n"]), "sides": int(p["sides"]), "value": int(p["value"])})
        elif "value" in p:
            out.append({"seq": rec.seq, "fixed": True, "sides": int(p["sides"]), "value": int(p["value"])})
    return out


async def export_campaign(store: Store, row: CampaignRow, passphrase: str | None) -> dict[str, Any]:
    """The campaign as one document: the public part, and the sealed part unless ``passphrase``
    is ``None`` (then left out: the file reads and audits, but does not import)."""
    game = registry.get(row.game)
    records = [Record.from_json(r) for r in await store.records(row.id)]
    projector = Match.new(game, row.scenario, row.options, row.seed)
    log = []
    rolls: list[dict[str, Any]] = []
    for rec in records:
        log.append({
            "seq": rec.seq,
            "role": rec.role,
            "said": "undo" if rec.kind == "undo" else projector.order_text(rec, PUBLIC),
            "entries": [render(e.text, viewer=PUBLIC) for e in rec.entries if e.to == EVERYONE],
        })
        rolls += _rolls(rec)
    seats = await store.seats(row.id)
    doc: dict[str, Any] = {
        "kind": KIND,
        "format": FORMAT,
        "name": row.name,
        "game": row.game,
        "scenario": row.scenario,
        "options": row.options,
        "rules_version": row.rules_version,
        "status": row.status,
        "seed_commitment": rng.seed_commitment(row.seed),
        "seats": {role: name for role, (_, name) in sorted(seats.items())},
        "log": log,
        "rolls": rolls,
    }
    if row.status == "finished":
        doc["seed"] = row.seed  # public once the campaign is over: every roll can be checked
    if passphrase is not None:
        start = await store.saved_snapshot(row.id, row.continued_from) if row.continued_from is not None else None
        doc["sealed"] = seal(
            {
                "seed": row.seed,
                "records": [r.to_json() for r in records],
                "seats": {role: list(who) for role, who in sorted(seats.items())},
                "referees": sorted(await store.referees(row.id)),
                "continued_from": row.continued_from,
                "start": None if start is None else {"seq": start.seq, "state": start.state, "hash": start.state_hash,
                                                     "format": start.format},
            },
            passphrase,
        )
    return doc


# Import -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Imported:
    row: CampaignRow
    records: int


def _field(doc: Mapping[str, Any], key: str, kind: type) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind):
        raise ExchangeError(t("The file's '{key}' is missing or of the wrong kind.", key=key))
    return value


async def import_campaign(store: Store, doc: Mapping[str, Any], passphrase: str, name: str | None = None) -> Imported:
    """Store the exported campaign ``doc`` under ``name`` (default: its own), replayed to its hashes."""
    if doc.get("kind") != KIND or doc.get("format") != FORMAT:
        raise ExchangeError(t("This is not an Adjutant campaign export (format {format}).", format=FORMAT))
    if "sealed" not in doc:
        raise ExchangeError(t("This export was made without its private part (--public): it can be read and audited, not imported."))
    game_name = _field(doc, "game", str)
    try:
        game = registry.get(registry.resolve(game_name))
    except KeyError:
        raise ExchangeError(t("The file is a campaign of '{game}', a game this Adjutant does not have.", game=game_name)) from None
    private = unseal(_field(doc, "sealed", dict), passphrase)
    seed = str(private.get("seed", ""))
    if rng.seed_commitment(seed) != doc.get("seed_commitment"):
        raise ExchangeError(t("The seed in the file does not match its published commitment: the file was altered."))
    scenario, options = _field(doc, "scenario", str), _field(doc, "options", dict)
    version = doc.get("rules_version", 1)
    if not isinstance(version, int) or isinstance(version, bool):
        raise ExchangeError(t("The file's '{key}' is missing or of the wrong kind.", key="rules_version"))
    seats_in, referees_in = private.get("seats", {}), private.get("referees", [])
    if not isinstance(seats_in, dict) or not all(isinstance(w, list) and len(w) == 2 for w in seats_in.values()):
        raise ExchangeError(t("The file's '{key}' is missing or of the wrong kind.", key="seats"))
    if not isinstance(referees_in, list):
        raise ExchangeError(t("The file's '{key}' is missing or of the wrong kind.", key="referees"))
    if version != game.rules_version:
        raise ExchangeError(
            t("The file was written under {game} rules version {old}; this Adjutant plays version {new}. Import it into the version it came from, then upgrade.",
              game=game.title, old=doc.get("rules_version"), new=game.rules_version)
        )
    try:
        records = [Record.from_json(r) for r in private.get("records", [])]
        start = private.get("start")
        begin = None
        if start is not None:
            begin = (int(start["seq"]), game.migrate_state(json.loads(start["state"]), int(start["format"])))
        match = Match.replay(game, scenario, options, seed, records, start=begin, check="end")
    except (ReplayMismatch, OrderError, KeyError, TypeError, ValueError, RecursionError) as exc:
        raise ExchangeError(t("The campaign in the file does not replay under these rules: {why}", why=str(exc))) from exc
    name = name or _field(doc, "name", str)
    problem = name_problem(name)
    if problem is not None:
        raise ExchangeError(problem)
    if await store.campaign(name) is not None:
        raise ExchangeError(t("A campaign called '{name}' already exists; import it under another name.", name=name))
    last = records[-1].seq if records else 0
    setup = Match.new(game, scenario, options, seed)
    seats = {str(role): (str(who[0]), str(who[1])) for role, who in seats_in.items()}
    campaign_id = await store.create_campaign(
        name, game.name, scenario, dict(options), seed, None,
        referees=[str(r) for r in referees_in],
        seats=seats,
        snapshot=(0, canonical(setup.state), setup.hash()),
        head=Saved(last, canonical(match.state), match.hash(), game.rules_version, game.state_format),
        records=[r.to_json() for r in records],
    )
    if begin is not None and start is not None:
        await store.continue_campaign(
            campaign_id, Saved(begin[0], str(start["state"]), str(start["hash"]), game.rules_version, int(start["format"])), ()
        )
        await store.commit_step(campaign_id, [], [], head=Saved(last, canonical(match.state), match.hash(), game.rules_version, game.state_format))
    status = str(doc.get("status", "active"))
    if status in ("paused", "finished"):
        await store.set_status(campaign_id, status)
    row = await store.campaign(campaign_id)
    assert row is not None
    return Imported(row, len(records))


# Audit ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Audit:
    checked: int
    fixed: int
    wrong: list[dict[str, Any]]


def audit(doc: Mapping[str, Any], seed: str | None = None) -> Audit:
    """Check every roll of an export against the seed (the file's, once the campaign is over,
    or ``seed``): draw n of a campaign is HMAC-SHA256(seed, n), and a dN shows 1 + that mod N."""
    seed = seed if seed is not None else doc.get("seed")
    if not isinstance(seed, str):
        raise ExchangeError(t("The seed is not in the file (the campaign is not over): give it with --seed."))
    if not hmac.compare_digest(hashlib.sha256(seed.encode()).hexdigest(), str(doc.get("seed_commitment", ""))):
        raise ExchangeError(t("That seed does not match the campaign's published commitment."))
    checked, fixed, wrong = 0, 0, []
    for roll in doc.get("rolls", []):
        if roll.get("fixed"):
            fixed += 1
            continue
        checked += 1
        if rng.uniform(seed, int(roll["draw"]), int(roll["sides"])) + 1 != int(roll["value"]):
            wrong.append(dict(roll))
    return Audit(checked, fixed, wrong)
