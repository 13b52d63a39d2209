"""The previews a player asks for at any time: 'fp' (the Attack total of a planned attack, term by
term, O20.3) and 'los' (10.1), answered to that player alone and listed in help."""

from __future__ import annotations

import pytest

from bot.i18n import render
from engine.errors import InvalidOrder
from tests.engine.games.combat_commander.helpers import GAME, new_match, only_units


def preview(where: dict[str, str], line: str, role: str = "axis") -> str:
    m = new_match()
    only_units(m, where)
    answer = GAME.query(m.state, role, line)
    assert answer is not None
    return render(answer)


def test_fp_names_each_term_of_a_fire_group_uphill() -> None:
    """A fire group's FP is the best piece's plus one per other piece (O20.3.1), less one firing up (T88.2)."""
    text = preview({"g-s3": "I2", "g-s4": "J2", "a-s3": "L3"}, "fp L3 g-s3 g-s4")
    assert "by g-s3, g-s4: 6 FP = 6 from g-s4" in text
    assert "+1 for the other pieces of the fire group (O20.3.1)" in text
    assert "-1 firing up to a higher level (T88.2)" in text
    assert "Attack total 6 + the roll" in text


def test_fp_names_the_largest_hindrance() -> None:
    """The largest hindrance on the line lowers the FP, and the preview says by how much (10.3.2.1)."""
    text = preview({"g-s1": "C7", "a-s1": "C5"}, "fp C5 g-s1")
    assert "-3 for the largest hindrance on the line (10.3.2.1)" in text and ": 2 FP" in text


def test_fp_gives_each_defender_s_morale_and_cover() -> None:
    """Each defender's Morale and its Cover against these firers are what the Attack total must beat (O20.3.4)."""
    text = preview({"g-s1": "C7", "a-s1": "C5"}, "fp C5 g-s1")
    assert "a-s1 Morale 6 + Cover 1 = 7" in text


def test_fp_accepts_a_weapon_as_a_piece() -> None:
    """A weapon fires as a piece of its own (O20.3.1.1): the preview takes its id."""
    text = preview({"g-s3": "I2", "g-l2": "I2", "a-s3": "L3"}, "fp L3 g-w1 g-s3")
    assert "9 from g-w1" in text


def test_fp_refuses_an_enemy_piece() -> None:
    """A fire group is made of one player's own pieces (O20.3.1)."""
    m = new_match()
    with pytest.raises(InvalidOrder, match="O20.3.1"):
        GAME.query(m.state, "axis", "fp L3 a-s3")


def test_fp_says_why_an_attack_cannot_be_made() -> None:
    """An attack out of Range is refused in the preview with its rule (O20.2.2)."""
    text = preview({"g-s1": "C7", "a-s1": "N1"}, "fp N1 g-s1")
    assert "No attack on N1" in text and "O20.2.2" in text


def test_los_with_one_hex_gives_its_syntax() -> None:
    """'los' needs two hexes; one is refused with the syntax, not read as an order."""
    m = new_match()
    with pytest.raises(InvalidOrder, match="los HEX HEX"):
        GAME.query(m.state, "axis", "los I2")


def test_los_reads_its_italian_name() -> None:
    """'linea-di-vista' is the Italian rulebook's name of the same preview (10.1)."""
    text = preview({}, "linea-di-vista C7 C5")
    assert "brush" in text and "hindrance 3" in text


def test_help_lists_both_previews() -> None:
    """Help lists 'los' and 'fp' with their syntax, so a player finds them."""
    assert GAME.verbs["los"].syntax == "los HEX HEX"
    assert GAME.verbs["fp"].syntax.startswith("fp HEX")
