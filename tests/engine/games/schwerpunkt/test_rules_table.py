"""The rules coverage table (RULES.md): every rule a refusal cites has its row, with its audit note."""

from tests.engine.games.schwerpunkt.rules_table import GAME, notes, refusal_rules, rows_of


def table() -> str:
    return (GAME / "RULES.md").read_text(encoding="utf-8")


def test_every_rule_a_refusal_cites_has_a_row():
    """Each rule of a refusal or a step of the sequence is a row of RULES.md."""
    assert sorted(set(refusal_rules()) - rows_of(table())) == []


def test_the_check_sees_a_missing_row():
    """A table without the S 12.3 row misses a rule that refusals cite."""
    assert "S 12.3" in set(refusal_rules()) - rows_of("| rule |\n| S 12.10 | x |\n")


def test_every_audit_note_stands_in_its_row():
    """Each note of rules_notes.md is in the audit column of its rule's row."""
    rows = {line.split("|")[1].strip(): line for line in table().splitlines() if line.startswith("| ")}
    assert [rule for rule, note in notes().items() if rule not in rows or note not in rows[rule]] == []


def test_every_rule_a_refusal_cites_was_audited():
    """Each rule a refusal cites has an audit note."""
    assert sorted(set(refusal_rules()) - set(notes())) == []


def test_ruling_25_stands_in_the_audit_of_each_rule_it_decides():
    """Ruling 25 (which rule a refused move cites) is named in the audit row of every rule it picks between."""
    rows = {line.split("|")[1].strip(): line for line in table().splitlines() if line.startswith("| ")}
    decided = ["S 6.4", "S 10.1", "E 11.1", "E 14.1", "E 14.2", "E 15.1", "E 15.11", "E 15.12"]
    assert [rule for rule in decided if "ruling 25" not in rows[rule].rsplit("|", 2)[1]] == []
