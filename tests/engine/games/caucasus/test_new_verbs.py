"""Parsing of the movement-phase verbs: canonical actions, forgiving input, help syntax."""

import pytest

from engine.errors import InvalidOrder
from engine.game import Action
from engine.games.caucasus.model import load_rules
from engine.games.caucasus.parsing import parse
from engine.games.caucasus.verbs import VERBS


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.mark.parametrize(
    "line, action",
    [
        ("mobile 13pz,14pz 0822 -> 0821", Action("mobile", ("13pz", "14pz", "0822", "->", "0821"))),
        ("mobile 13pz 0821 air IV-FK", Action("mobile", ("13pz", "->", "0821", "air", "iv-fk"))),
        ("ma 13pz -> Rostov", Action("mobile", ("13pz", "->", "1031"))),
        ("ae 0821 with 13pz,14pz air viii-fk brandenburg", Action("ae", ("0821", "with", "13pz", "14pz", "air", "viii-fk", "brandenburg"))),
        ("ae 13pz 14pz -> 0821", Action("ae", ("0821", "with", "13pz", "14pz"))),
        ("ae 0821 with 13pz brandenburg", Action("ae", ("0821", "with", "13pz", "brandenburg"))),
        ("ae 0821 with 13pz brandenburg brandenburg", Action("ae", ("0821", "with", "13pz", "brandenburg", "brandenburg"))),
        ("attack 13pz,brandenburg -> 0821", Action("attack", ("13pz", "brandenburg", "->", "0821"))),
        ("ae 0821 with 13pz Brandenburgers brandenburg", Action("ae", ("0821", "with", "13pz", "brandenburg", "brandenburg"))),
        ("attack 13pz brandenburg 0821 brandenburg", Action("attack", ("13pz", "brandenburg", "->", "0821", "brandenburg"))),
        ("naval s102rd Sochi", Action("naval", ("s102rd", "2431"))),
        ("naval s102rd 2431 cap S-4AA", Action("naval", ("s102rd", "2431", "cap", "s-4aa"))),
        ("land s83nb 2329 fleet bsf-1", Action("land", ("s83nb", "2329", "fleet", "bsf-1"))),
        ("flotilla Yeysk", Action("flotilla", ("1227",))),
        ("flotilla s-azov 1227", Action("flotilla", ("1227",))),
        ("merge s102rd s230rd", Action("merge", ("s102rd", "s230rd"))),
        ("rebuild stug209 Rostov", Action("rebuild", ("stug209", "1031"))),
        ("advance 13pz,14pz 0821", Action("advance", ("13pz", "14pz", "0821"))),
        ("advance 13pz 0821 0721", Action("advance", ("13pz", "0821", "0721"))),
    ],
)
def test_canonical_actions(rules, line, action):
    assert parse(rules, line) == action
    assert parse(rules, action.text) == action, "the canonical form parses to itself"


@pytest.mark.parametrize(
    "line",
    ["mobile 13pz", "ae 0821", "naval s102rd", "land s83nb 2329", "flotilla", "merge s102rd", "rebuild stug209"],
)
def test_incomplete_orders_quote_the_syntax(rules, line):
    with pytest.raises(InvalidOrder) as exc:
        parse(rules, line)
    assert "Syntax" in str(exc.value.text())


def test_every_verb_has_help():
    for name in ("mobile", "ae", "naval", "land", "flotilla", "merge", "rebuild"):
        assert VERBS[name].syntax.startswith(name) and "not implemented" not in str(VERBS[name].summary)
