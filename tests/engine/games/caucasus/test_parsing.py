"""Order lines become canonical actions: ids or full names, hex labels or place names."""

import pytest

from engine import registry
from engine.errors import AmbiguousOrder, InvalidOrder
from engine.games.caucasus.parsing import parse

RULES = registry.get("caucasus").rules


@pytest.mark.parametrize(
    "line,canonical",
    [
        ("move 13th Panzer Division 0729", "move 13pz 0729"),
        ("MV 13PZ 1131 1231", "move 13pz 1131 1231"),
        ("attack 5th SS Division Wiking, 13pz -> Bataisk air viii-fk", "attack sswiking 13pz -> 1131 air viii-fk"),
        ("dd no", "dd none"),
        ("retreat all 1231 1331", "retreat all 1231 1331"),
    ],
)
def test_forgiving_parsing(line, canonical):
    assert parse(RULES, line).text == canonical


def test_ambiguous_unit_lists_candidates():
    with pytest.raises(AmbiguousOrder) as exc:
        parse(RULES, "move 13 0729")
    assert "13pz" in exc.value.candidates


def test_unknown_hex_is_explained():
    with pytest.raises(InvalidOrder) as exc:
        parse(RULES, "move 13pz 9999")
    assert "not a hex of the map" in str(exc.value.text())


def test_typo_in_verb_suggests():
    with pytest.raises(InvalidOrder) as exc:
        parse(RULES, "atack 13pz -> 1131")
    assert "Did you mean attack" in str(exc.value.text())
