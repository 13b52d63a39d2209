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
