"""A refusal shows its rule once: the text does not end with the rule ``IllegalOrder`` appends."""

from __future__ import annotations

from pathlib import Path

from tests.engine.games.rule_echo import echoed

GAMES = Path(__file__).resolve().parents[3] / "engine" / "games"


def test_the_check_finds_a_rule_written_twice():
    """The check sees a literal rule, a '{rule}' placeholder and a plural, and spares other endings."""
    source = (
        'IllegalOrder(t("a (A35.3)."), "A35.3")\n'
        'IllegalOrder(t("b ({rule}).", rule=r), r)\n'
        'IllegalOrder(ngettext("c {n}.", "c {n} (O15).", n), "O15")\n'
        'IllegalOrder(t("d ({hex}).", hex=h), "7.1")\n'
        'IllegalOrder(t("e (O21.1, 7.2.1)."), "7.2.1")\n'
        'NotImplementedRule(t("f (9.9)"), rule="9.9")\n'
    )
    assert echoed(source) == [1, 2, 3, 6]


def test_no_refusal_of_any_game_repeats_its_rule():
    """No IllegalOrder in engine/games/ ends its text with the rule it also passes."""
    repeated = [f"{p.relative_to(GAMES)}:{line}" for p in sorted(GAMES.rglob("*.py")) for line in echoed(p.read_text(encoding="utf-8"))]
    assert repeated == []
