"""German reorganisation (E 13): Frontnahe Auffrischung (E 13.1) and Personalersatz (E 13.2)."""

import pytest

from engine.errors import IllegalOrder
from engine.games.schwerpunkt import reorg, terrain
from tests.engine.games.schwerpunkt.helpers import new_match, position, to_movement


def fa_step(stacks, turn=7):
    """Administrative step D of ``turn`` with ``stacks``, the German to place the markers."""
    match = new_match("scenario2")
    match.state["turn"] = turn
    position(match, stacks)
    match.state["flow"] = [{"proc": "turn", "i": 4}, {"proc": "fa"}]
    return match


def test_grey_marker_on_a_heer_motorised_unit_locks_its_formation():
    """E 13.1: the marker goes on a motorised unit; the formation's units with it do not move or attack this turn."""
    match = fa_step({"2030": ["gd-pz", "gd-gre", "168-417"]})
    match.submit("german", "fa grey gd-pz")
    assert reorg.locked(match.state) == {"gd-pz", "gd-gre"}
    assert match.state["units"]["gd-gre"]["admin"] and not match.state["units"]["168-417"]["moved"]


def test_marker_colour_must_match_the_branch():
    """E 13.1: the grey marker is for Heer formations, the black for Waffen-SS ones."""
    match = fa_step({"2030": ["gd-pz"], "2035": ["w-ger"]})
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "fa black gd-pz")
    assert "E 13.1" in str(err.value)
    match.submit("german", "fa black w-ger")
    assert match.state["fa"]["black"]["formation"] == "wiking"


def test_no_marker_next_to_an_enemy_unit():
    """E 13.1: the units may not be adjacent to enemy units."""
    match = fa_step({"2030": ["gd-pz"], "2031": ["s-100"], "2040": ["7-25"]})
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "fa grey gd-pz")
    assert "E 13.1" in str(err.value)


def test_no_marker_on_an_out_of_supply_unit():
    """E 13.1: the units must be in supply."""
    match = fa_step({"2030": ["gd-pz"], "2040": ["7-25"]})
    match.state["units"]["gd-pz"]["oos"] = True
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "fa grey gd-pz")
    assert "E 13.1" in str(err.value)


def test_no_marker_on_a_non_motorised_unit():
    """E 13.1: Frontnahe Auffrischung is for motorised formations."""
    match = fa_step({"2030": ["168-417"], "2040": ["7-25"]})
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "fa grey 168-417")
    assert "E 13.1" in str(err.value)


def test_not_before_turn_seven():
    """E 13.1: the markers are received on turn 7."""
    match = fa_step({"2030": ["gd-pz"]}, turn=6)
    assert reorg.fa_candidates(match.state, "grey") == []


def test_a_locked_unit_cannot_move():
    """E 13.1: units under Frontnahe Auffrischung do not move in the turn."""
    match = new_match("scenario2")
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"2030": ["gd-pz", "gd-gre"]})
    match.state["turn"] = 7
    match.state["fa"] = {"grey": {"unit": "gd-pz", "formation": "gd", "units": ["gd-gre", "gd-pz"], "turn": 7}}
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "move gd-pz 2031")
    assert "E 13.1" in str(err.value)


def test_next_administrative_phase_restores_two_steps_and_rebuilds():
    """E 13.1: next turn each unit of the formation with the marker regains up to two steps; eliminated ones are rebuilt there."""
    match = fa_step({"2030": ["gd-pz", "gd-gre"], "2040": ["7-25"]}, turn=8)
    match.state["units"]["gd-pz"]["step"] = 1
    match.state["out_of_play"].remove("gd-fus")
    match.state["eliminated"].append("gd-fus")
    match.state["fa"] = {"grey": {"unit": "gd-pz", "formation": "gd", "units": ["gd-gre", "gd-pz"], "turn": 7}}
    match.state["flow"] = [{"proc": "turn", "i": 3}, {"proc": "fa"}]
    match.submit("german", "fa done")
    assert match.state["units"]["gd-pz"]["step"] == 0
    assert terrain.hex_of(match.state, "gd-fus") == "2030" and "gd-fus" not in match.state["eliminated"]
    assert not match.state["units"]["gd-pz"]["moved"]




def test_personalersatz_restores_a_non_motorised_unit_with_a_gvr():
    """E 13.2: a damaged non-motorised unit returns to full strength by consuming a GVR stacked with it."""
    match = new_match("scenario2")
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"2030": ["168-417", "gvr-01"]})
    match.state["units"]["168-417"]["step"] = 1
    vp = match.state["vp"]
    match.submit("german", "end")
    match.submit("german", "end")
    match.submit("german", "personalersatz 168-417 with gvr-01")
    assert match.state["units"]["168-417"]["step"] == 0 and "gvr-01" in match.state["out_of_play"]
    assert match.state["vp"] == vp


def test_personalersatz_needs_the_gvr_in_the_same_hex():
    """E 13.2: the unit and the GVR are stacked together (or in the same Admin Box)."""
    match = new_match("scenario2")
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"2030": ["168-417", "gvr-02"], "2031": ["gvr-01"]})
    match.state["units"]["168-417"]["step"] = 1
    match.submit("german", "end")
    match.submit("german", "end")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "personalersatz 168-417 with gvr-01")
    assert "E 13.2" in str(err.value)


def test_personalersatz_not_for_an_out_of_supply_unit():
    """E 13.2: neither unit may be isolated (OOS)."""
    match = new_match("scenario2")
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"2030": ["168-417", "gvr-01"]})
    match.state["units"]["168-417"]["step"] = 1
    match.state["units"]["gvr-01"]["oos"] = True
    match.state["units"]["168-417"]["oos"] = True
    match.submit("german", "end")
    match.submit("german", "end")
    assert match.state["phase"]["side"] != "german" or match.state["flow"][-1].get("step") != "personalersatz"


def test_personalersatz_in_the_same_admin_box():
    """E 13.2 note: the unit may be in an Admin Box, with the GVR in the same box."""
    match = new_match("scenario2")
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"box2-german": ["168-417", "gvr-01"], "2030": ["gd-pz"]})
    match.state["units"]["168-417"]["step"] = 1
    match.submit("german", "end")
    match.submit("german", "end")
    match.submit("german", "personalersatz 168-417 with gvr-01")
    assert match.state["units"]["168-417"]["step"] == 0


def test_personalersatz_never_for_a_motorised_unit():
    """E 13.2: Personalersatz is for non-motorised units."""
    match = new_match("scenario2")
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"2030": ["gd-pz", "gvr-01", "168-417"]})
    match.state["units"]["gd-pz"]["step"] = 1
    match.state["units"]["168-417"]["step"] = 1
    match.submit("german", "end")
    match.submit("german", "end")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "personalersatz gd-pz with gvr-01")
    assert "E 13.2" in str(err.value)


def test_the_echo_hides_the_units():
    """The other side reads Personalersatz without the units (they may be hidden in the stack)."""
    match = new_match("scenario2")
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"2030": ["168-417", "gvr-01"]})
    match.state["units"]["168-417"]["step"] = 1
    match.submit("german", "end")
    match.submit("german", "end")
    match.submit("german", "personalersatz 168-417 with gvr-01")
    assert match.order_text(match.records[-1], "soviet") == "personalersatz ?"


def test_the_published_default_is_done():
    """E 13.1: the placement window's published default (applied at the deadline) is 'fa done'."""
    match = fa_step({"2030": ["gd-pz"], "2040": ["7-25"]})
    assert match.game.default_action(match.state, "german").text == "fa done"


def test_personalersatz_at_the_end_of_the_german_general_phase():
    """E 13.2: "in any German phase": the General Phase, played like the others (E 4.2 VIII), offers it too."""
    match = new_match("scenario2")
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"2030": ["168-417", "gvr-01"]})
    match.state["flow"][-1]["general"] = True
    match.state["units"]["168-417"]["step"] = 1
    match.submit("german", "end")
    match.submit("german", "end")
    match.submit("german", "personalersatz 168-417 with gvr-01")
    assert match.state["units"]["168-417"]["step"] == 0
