"""A campaign as one file: export, import on another server to the same hashes, and the dice audit."""

import asyncio
import json

import pytest

from bot.cli import main
from bot.exchange import ExchangeError, audit, export_campaign, import_campaign
from bot.service import CampaignService
from bot.store import Store
from tests.bot.people import BLUE, RED, REF

PHRASE = "correct horse battery"


async def played(service, row):
    """A few orders with a die roll and a private standing order."""
    await service.referee(row, REF, "place b1 0102 because a rules question")
    await service.submit(row, RED, "attack r1 b1")
    await service.submit(row, BLUE, "pass")
    await service.submit(row, RED, "standing brace")
    return await service.match(row)


async def test_an_export_imports_on_another_server_and_replays_to_the_same_hashes(setup, tmp_path):
    """Export, import into another database under a new name: same records, same state hash, and play goes on."""
    service, row, store = setup
    match = await played(service, row)
    doc = json.loads(json.dumps(await export_campaign(store, row, PHRASE)))
    other = await Store.open(tmp_path / "other.db")
    try:
        done = await import_campaign(other, doc, PHRASE, "copy")
        loaded = await CampaignService(other).match(done.row)
        assert loaded.hash() == match.hash() and len(loaded.records) == len(match.records)
        assert (await other.seats(done.row.id))["red"] == (RED.user_id, RED.name)
        replies = await CampaignService(other).submit(done.row, RED, "end")
        assert replies[0].ok
    finally:
        await other.close()


async def test_the_public_part_of_an_export_keeps_every_secret(setup):
    """Outside the sealed part: no seed while the campaign runs, no private order, no private entry."""
    service, row, store = setup
    await played(service, row)
    doc = await export_campaign(store, row, PHRASE)
    public = json.dumps({k: v for k, v in doc.items() if k != "sealed"})
    assert row.seed not in json.dumps(doc) and "seed" not in doc
    assert "standing brace" not in public and "standing (private)" in public
    assert doc["rolls"] and all({"draw", "sides", "value"} <= set(r) for r in doc["rolls"])


async def test_a_wrong_passphrase_is_a_clear_refusal(setup, tmp_path):
    """The sealed part does not open with another passphrase; nothing is stored."""
    service, row, store = setup
    doc = await export_campaign(store, row, PHRASE)
    other = await Store.open(tmp_path / "other.db")
    try:
        with pytest.raises(ExchangeError) as exc:
            await import_campaign(other, doc, "not the passphrase", "copy")
        assert "passphrase is wrong" in str(exc.value)
        assert await other.campaigns() == []
    finally:
        await other.close()


async def test_a_public_export_reads_but_does_not_import(setup, tmp_path):
    """Without its private part the file says it cannot be imported, and why."""
    service, row, store = setup
    doc = await export_campaign(store, row, None)
    assert "sealed" not in doc
    other = await Store.open(tmp_path / "other.db")
    try:
        with pytest.raises(ExchangeError) as exc:
            await import_campaign(other, doc, PHRASE)
        assert "without its private part" in str(exc.value)
    finally:
        await other.close()


async def test_an_altered_seed_commitment_is_refused(setup, tmp_path):
    """A file whose commitment does not match its sealed seed was altered: refused."""
    service, row, store = setup
    doc = await export_campaign(store, row, PHRASE)
    doc["seed_commitment"] = "0" * 64
    other = await Store.open(tmp_path / "other.db")
    try:
        with pytest.raises(ExchangeError) as exc:
            await import_campaign(other, doc, PHRASE, "copy")
        assert "altered" in str(exc.value)
    finally:
        await other.close()


async def test_the_audit_checks_every_roll_against_the_seed_and_finds_a_changed_one(setup):
    """With the seed every roll checks; a roll changed in the file is found."""
    service, row, store = setup
    await played(service, row)
    doc = await export_campaign(store, row, None)
    result = audit(doc, row.seed)
    assert result.checked >= 1 and result.wrong == []
    doc["rolls"][0]["value"] = doc["rolls"][0]["value"] % 6 + 1
    assert len(audit(doc, row.seed).wrong) == 1
    with pytest.raises(ExchangeError):
        audit(doc, "another seed")
    with pytest.raises(ExchangeError):
        audit(doc)  # the campaign runs: its seed is not in the file


def test_export_import_and_audit_on_the_command_line(tmp_path, capsys):
    """`adjutant export`, `import` and `audit` round-trip a campaign between two databases."""
    db, other = tmp_path / "a.db", tmp_path / "b.db"

    async def make():
        store = await Store.open(db)
        service = CampaignService(store)
        row, _ = await service.create("c1", "duel", seed="fixed", creator=REF.user_id)
        await service.join(row, "red", RED)
        await service.join(row, "blue", BLUE)
        await played(service, row)
        await store.close()

    asyncio.run(make())
    phrase = tmp_path / "phrase"
    phrase.write_text(PHRASE)
    out = tmp_path / "c1.json"
    assert main(["export", "--db", str(db), "--campaign", "c1", "--passphrase-file", str(phrase), "--out", str(out)]) == 0
    assert main(["import", str(out), "--db", str(other), "--passphrase-file", str(phrase), "--name", "c2"]) == 0
    assert "Imported campaign c2" in capsys.readouterr().out
    assert main(["replay", "--db", str(other)]) == 0
    assert main(["audit", str(out), "--seed", "fixed"]) == 0
    assert "wrong" in capsys.readouterr().out
    assert main(["audit", str(out)]) == 2
    assert main(["import", str(tmp_path / "missing.json"), "--db", str(other), "--passphrase-file", str(phrase)]) == 2


def test_files_saved_with_a_byte_order_mark_import_on_the_command_line(tmp_path, capsys):
    """An export and a passphrase file saved again by Windows Notepad (a UTF-8 byte order mark first) still import."""
    db, other = tmp_path / "a.db", tmp_path / "b.db"

    async def make():
        store = await Store.open(db)
        service = CampaignService(store)
        await service.create("c1", "duel", seed="fixed", creator=REF.user_id)
        await store.close()

    asyncio.run(make())
    phrase, out = tmp_path / "phrase", tmp_path / "c1.json"
    phrase.write_text(PHRASE)
    assert main(["export", "--db", str(db), "--campaign", "c1", "--passphrase-file", str(phrase), "--out", str(out)]) == 0
    phrase.write_text("\ufeff" + PHRASE + "\r\n", encoding="utf-8")
    out.write_text("\ufeff" + out.read_text(encoding="utf-8"), encoding="utf-8")
    capsys.readouterr()
    assert main(["import", str(out), "--db", str(other), "--passphrase-file", str(phrase), "--name", "c2"]) == 0, capsys.readouterr().err


async def test_an_export_named_with_a_mention_or_a_direction_override_is_refused(setup, tmp_path):
    """A file whose campaign name holds '@everyone' or a right-to-left override is refused as '/adjutant create' refuses the name; nothing is stored."""
    service, row, store = setup
    doc = await export_campaign(store, row, PHRASE)
    other = await Store.open(tmp_path / "other.db")
    try:
        for name in ("@everyone", "evil\u202eemag"):
            with pytest.raises(ExchangeError) as exc:
                await import_campaign(other, {**doc, "name": name}, PHRASE)
            assert "campaign name" in str(exc.value)
        assert await other.campaigns() == []
    finally:
        await other.close()
