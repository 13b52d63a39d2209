"""Step losses: the 10.2 priority and what a loss does to a counter (10.3, 15.1, 15.7, ruling 17)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.caucasus.losses import (
    check_loss,
    elimination_box,
    loss_candidates,
    steps_available,
    steps_left,
    take_step,
)
from tests.engine.games.caucasus.test_combat import make_rules, make_state

H = "0505"


@pytest.fixture
def rules():
    return make_rules()


def test_full_strength_first_single_step_units_count_as_full(rules):
    st = make_state(rules, {"sov-corps": H, "sov-inf": H, "sov-at": H}, sov_inf={"step": 1})
    assert loss_candidates(rules, st, ["sov-corps", "sov-inf", "sov-at"]) == ["sov-at", "sov-corps"]


def test_then_reduced_then_kg(rules):
    st = make_state(rules, {"sov-corps": H, "sov-inf": H}, sov_inf={"step": 1}, sov_corps={"step": 2})
    assert loss_candidates(rules, st, ["sov-corps", "sov-inf"]) == ["sov-inf"]
    st["units"]["sov-inf"]["hex"] = None  # eliminated meanwhile
    assert loss_candidates(rules, st, ["sov-corps", "sov-inf"]) == ["sov-corps"]


def test_check_loss_cites_10_2(rules):
    st = make_state(rules, {"sov-corps": H, "sov-inf": H}, sov_inf={"step": 1})
    with pytest.raises(IllegalOrder) as exc:
        check_loss(rules, st, ["sov-corps", "sov-inf"], "sov-inf")
    assert exc.value.rule == "10.2" and "full-strength" in str(exc.value)
    with pytest.raises(IllegalOrder) as exc:
        check_loss(rules, st, ["sov-corps", "sov-inf"], "sov-div")
    assert exc.value.rule == "10.2"
    check_loss(rules, st, ["sov-corps", "sov-inf"], "sov-corps")


def test_a_two_step_loss_applies_the_priority_step_by_step_ruling_16(rules):
    st = make_state(rules, {"sov-inf": H, "sov-inf2": H})
    pool = ["sov-inf", "sov-inf2"]
    take_step(rules, st, "sov-inf")
    with pytest.raises(IllegalOrder):
        check_loss(rules, st, pool, "sov-inf")
    assert loss_candidates(rules, st, pool) == ["sov-inf2"]


def test_take_step_flips_makes_kg_and_eliminates(rules):
    st = make_state(rules, {"sov-corps": H, "sov-inf": H})
    assert take_step(rules, st, "sov-corps") == "reduced" and st["units"]["sov-corps"]["step"] == 1
    assert take_step(rules, st, "sov-corps") == "kg" and st["units"]["sov-corps"]["step"] == 2
    assert take_step(rules, st, "sov-corps") == "cadre"
    assert st["units"]["sov-corps"]["hex"] is None and st["units"]["sov-corps"]["box"] == "cadre"
    assert take_step(rules, st, "sov-inf") == "reduced"
    assert take_step(rules, st, "sov-inf") == "cadre"


def test_mountain_divisions_have_no_kg(rules):
    st = make_state(rules, {"ger-mtn": H}, ger_mtn={"step": 1})
    assert take_step(rules, st, "ger-mtn") == "cadre"


def test_where_eliminated_units_go_ruling_17(rules):
    st = make_state(
        rules,
        {"sov-azov": H, "sov-train": H, "ger-454": "0101", "ger-hq": "0102", "brand": "0103", "sov-pg": "0104"},
        ger_454={"step": 1, "disorganized": True},
    )
    assert take_step(rules, st, "sov-azov") == "removed"
    assert take_step(rules, st, "sov-train") == "removed"
    assert take_step(rules, st, "ger-454") == "removed"
    assert st["units"]["ger-454"]["disorganized"] is False
    assert take_step(rules, st, "ger-hq") == "hq_return"
    assert take_step(rules, st, "brand") == "cadre"  # 15.2: rebuilt only with a Special replacement
    assert take_step(rules, st, "sov-pg") == "cadre"
    assert elimination_box(rules, "sov-gcc") == "removed"


def test_the_cavalry_corps_marker_never_absorbs_a_loss(rules):
    st = make_state(rules, {"sov-gcc": H, "sov-cav": H})
    assert loss_candidates(rules, st, ["sov-gcc", "sov-cav"]) == ["sov-cav"]
    with pytest.raises(IllegalOrder) as exc:
        take_step(rules, st, "sov-gcc")
    assert exc.value.rule == "15.7"
    with pytest.raises(IllegalOrder) as exc:
        check_loss(rules, st, ["sov-gcc", "sov-cav"], "sov-gcc")
    assert exc.value.rule == "15.7"


def test_steps_available(rules):
    st = make_state(rules, {"sov-corps": H, "sov-bde": H, "sov-gcc": H}, sov_corps={"step": 1})
    assert steps_left(rules, st, "sov-corps") == 2
    assert steps_available(rules, st, ["sov-corps", "sov-bde", "sov-gcc"]) == 3
