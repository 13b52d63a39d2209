"""Supply (S 6.1, S 6.5): the Administrative Phase's check is simultaneous for every unit."""

from engine.games.schwerpunkt import sequence
from engine.kernel import KernelContext
from tests.engine.games.schwerpunkt.helpers import new_match, position


def test_supply_check_is_simultaneous():
    """S 6.1: a Soviet unit lost to attrition still cuts, in that same check, the German supply its ZOC blocked."""
    match = new_match("scenario2")
    # 2021 German - 2022 Soviet (OOS, last step) - 2023 German - 2024 Soviet, in a north-south line:
    # the Soviet in 2022 is cut off by the Germans either side, the German in 2023 by the Soviets.
    position(match, {"2021": ["168-429"], "2022": ["s-100"], "2023": ["168-417"], "2024": ["s-309"]})
    units = match.state["units"]
    units["s-100"].update(oos=True, step=1)
    sequence.supply_check(match.state, KernelContext("t", 0, [{"value": 6, "reason": "test"}]))
    assert "s-100" in match.state["eliminated"] and units["168-417"]["oos"]


def test_unit_out_of_supply_twice_is_attrited():
    """S 6.1, S 6.5: an OOS-marked unit still unable to trace rolls for attrition and loses a step on the target."""
    match = new_match("scenario2")
    position(match, {"2021": ["168-429"], "2022": ["s-100"], "2023": ["168-417"]})
    match.state["units"]["s-100"]["oos"] = True
    sequence.supply_check(match.state, KernelContext("t", 0, [{"value": 4, "reason": "test"}]))
    assert match.state["units"]["s-100"]["step"] == 1
