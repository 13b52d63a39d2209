"""Referee overrides (overrides.py): every kind changes what it names, is logged with its reason,
refuses bad arguments with InvalidOrder and never breaks the invariants."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Override
from engine.games.stalins_war import sequence
from engine.games.stalins_war.model import AXIS, SOVIET
from tests.engine.games.stalins_war.flow_helpers import (
    RULES,
    at_ar,
    new_match,
    public_texts,
    ref,
    texts,
    top,
)


def test_place_puts_a_unit_on_the_map() -> None:
    m = new_match()
    ref(m, "place su-bryansk-front 2722")
    assert m.state["units"]["su-bryansk-front"]["hex"] == "2722" and m.state["units"]["su-bryansk-front"]["box"] is None


def test_place_takes_a_unit_off_the_turn_track() -> None:
    m = new_match()
    ref(m, "remove ge-4a eliminated")
    m.state["units"]["ge-4a"].update(box="track", due=5)
    ref(m, "place ge-4a 1621")
    assert "due" not in m.state["units"]["ge-4a"]


def test_place_accepts_place_names() -> None:
    m = new_match()
    ref(m, "place su-bryansk-front Kursk")
    assert m.state["units"]["su-bryansk-front"]["hex"] == RULES.hex_of("Kursk")


def test_place_refuses_what_breaks_an_invariant() -> None:
    m = new_match()
    sea = next(h for h, kind in sorted(RULES.board.terrain.items()) if kind == "sea")
    with pytest.raises(IllegalOrder):
        ref(m, f"place su-bryansk-front {sea}")
    with pytest.raises(IllegalOrder):
        ref(m, "place su-bryansk-front 1622")  # Axis units there
    assert m.state["units"]["su-bryansk-front"]["box"] == "setaside"


def test_place_refuses_unknown_units_and_hexes() -> None:
    m = new_match()
    with pytest.raises(InvalidOrder):
        ref(m, "place nobody 2722")
    with pytest.raises(InvalidOrder):
        ref(m, "place su-bryansk-front 9999")
    with pytest.raises(InvalidOrder):
        ref(m, "place su-bryansk-front")


def test_remove_to_a_box() -> None:
    m = new_match()
    ref(m, "remove su-west-front")
    assert m.state["units"]["su-west-front"] == {**m.state["units"]["su-west-front"], "hex": None, "box": "removed", "level": 0}
    ref(m, "remove su-central-front eliminated")
    assert m.state["units"]["su-central-front"]["box"] == "eliminated"
    with pytest.raises(InvalidOrder):
        ref(m, "remove su-south-front track")


def test_level_sets_strength_within_the_counter() -> None:
    m = new_match()
    ref(m, "level ge-4a 2")
    assert m.state["units"]["ge-4a"]["level"] == 2
    with pytest.raises(IllegalOrder):
        ref(m, "level ge-4a 4")
    with pytest.raises(InvalidOrder):
        ref(m, "level ge-4a two")


def test_supply_marks_a_unit() -> None:
    m = new_match()
    ref(m, "supply ge-4a out")
    assert m.state["units"]["ge-4a"]["oos"] is True
    ref(m, "supply ge-4a full")
    assert m.state["units"]["ge-4a"]["oos"] is False


def test_activate_partisans() -> None:
    m = new_match()
    ref(m, "place su-partisan-1 2020")
    ref(m, "activate su-partisan-1 on")
    assert m.state["units"]["su-partisan-1"]["active"] is True
    ref(m, "activate su-partisan-1 off")
    assert m.state["units"]["su-partisan-1"]["active"] is False


def test_control_of_a_hex() -> None:
    m = new_match()
    ref(m, "control Kiev axis")
    kiev = RULES.hex_of("Kiev")
    assert m.state["control"][kiev] == AXIS
    ref(m, f"control {kiev} none")
    assert kiev not in m.state["control"]
    with pytest.raises(InvalidOrder):
        ref(m, "control Kiev germans")


def test_vp_level() -> None:
    m = new_match()
    ref(m, "vp 12")
    assert m.state["vp"] == 12
    with pytest.raises(InvalidOrder):
        ref(m, "vp lots")


def test_turn_number_within_the_game() -> None:
    m = new_match()
    ref(m, "turn 6")
    assert m.state["turn"] == 6
    m.view(AXIS)
    for bad in ("0", "19", "x"):
        with pytest.raises(InvalidOrder):
            ref(m, f"turn {bad}")
    assert m.state["turn"] == 6


def test_turn_keeps_the_running_step() -> None:
    """After 'turn N' during the Axis AR5 the Axis attrition follows, not another turn's step."""
    m = new_match()
    ref(m, "turn 3")
    m.submit(AXIS, "zero pass")
    assert m.state["phase"] == {"name": "action", "side": SOVIET} and m.state["ar"] == 5


def test_phase_starts_an_action_round() -> None:
    m = new_match()
    ref(m, "turn 7")
    ref(m, "phase soviet 3")
    assert (m.state["ar"], m.state["phase"]["side"], top(m)) == (3, SOVIET, "action_round")
    assert m.active() == {SOVIET}
    with pytest.raises(InvalidOrder):
        ref(m, "phase soviet 6")
    with pytest.raises(InvalidOrder):
        ref(m, "phase nobody 2")


def test_phase_refuses_ar1_of_turn_1() -> None:
    m = new_match()
    with pytest.raises(InvalidOrder):
        ref(m, "phase axis 1")


def test_hand_sets_a_hand_and_tells_only_its_owner() -> None:
    m = new_match()
    old = list(m.state["cards"][AXIS]["hand"])
    rec = ref(m, "hand axis AX23 AX24", reason="fix a misdeal")
    pile = m.state["cards"][AXIS]
    assert pile["hand"] == ["AX23", "AX24"] and all(c in pile["deck"] for c in old if c not in ("AX23", "AX24"))
    private = [str(e.text) for e in rec.entries if e.to == AXIS]
    assert any("AX23" in line for line in private)
    game_public = [str(e.text) for e in rec.entries[1:] if e.to == "*"]  # entries[0] is the kernel's own line
    assert not any("AX23" in line for line in game_public)
    assert any("fix a misdeal" in line for line in public_texts([rec]))


def test_hand_takes_cards_from_any_pile() -> None:
    m = new_match()
    ref(m, "hand soviet SU1 SU36")
    pile = m.state["cards"][SOVIET]
    assert pile["hand"] == ["SU1", "SU36"] and "SU1" not in pile["setaside"] and "SU36" not in pile["total_war"]


def test_hand_refuses_cards_of_the_other_side_or_twice() -> None:
    m = new_match()
    with pytest.raises(InvalidOrder):
        ref(m, "hand axis SU8")
    with pytest.raises(InvalidOrder):
        ref(m, "hand axis AX99")
    with pytest.raises(InvalidOrder):
        ref(m, "hand axis AX6 AX6")


def test_event_marks_and_unmarks_a_played_event() -> None:
    m = new_match()
    ref(m, "event AX24")
    assert m.state["events"]["AX24"] == 1
    ref(m, "event ax24 off")
    assert "AX24" not in m.state["events"]


def test_effect_sets_json_or_text_and_refuses_non_finite_numbers() -> None:
    m = new_match()
    ref(m, "effect zhukov 3")
    ref(m, 'effect bagration [3,2]')
    ref(m, "effect luftwaffe_supply_hex 2722")
    assert m.state["effects"]["zhukov"] == 3 and m.state["effects"]["bagration"] == [3, 2]
    ref(m, "effect zhukov off")
    assert "zhukov" not in m.state["effects"]
    with pytest.raises(InvalidOrder):
        ref(m, "effect zhukov NaN")


def test_rp_pools() -> None:
    m = new_match()
    ref(m, "rp soviet 3")
    ref(m, "rp Soviet 4")
    ref(m, "rp ge 1.5")
    assert m.state["rp"]["soviet"] == 4 and m.state["rp"]["GE"] == 1.5
    with pytest.raises(InvalidOrder):
        ref(m, "rp italy 1")
    with pytest.raises(InvalidOrder):
        ref(m, "rp GE 1.x")
    with pytest.raises(InvalidOrder):
        ref(m, "rp GE 1e999.0")


def test_banked_and_consec() -> None:
    m = new_match()
    ref(m, "banked soviet 3")
    ref(m, "consec axis 2")
    assert m.state["banked"][SOVIET] == 3 and m.state["consec"][AXIS] == 2
    with pytest.raises(InvalidOrder):
        ref(m, "banked russia 3")


def test_consec_override_changes_the_next_ops_play() -> None:
    m = new_match()
    at_ar(m, 6, AXIS, 2, hand=("AX6",))
    ref(m, "consec axis 2")
    m.submit(AXIS, "play 6 ops")
    assert m.state["round"]["ops"] == 2 and m.state["consec"][AXIS] == 3


def test_entrench_and_festung_markers() -> None:
    m = new_match()
    ref(m, "entrench 2722 soviet")
    assert m.state["markers"]["entrench"]["2722"] == SOVIET
    ref(m, "entrench 2722 none")
    assert "2722" not in m.state["markers"]["entrench"]
    ref(m, "festung Warsaw on")
    ref(m, "festung Warsaw on")
    assert m.state["markers"]["festung"] == [RULES.hex_of("Warsaw")]
    ref(m, "festung Warsaw off")
    assert m.state["markers"]["festung"] == []


def test_clear_sets_aside_a_sides_units() -> None:
    m = new_match()
    ref(m, "clear soviet")
    assert not any(u.get("hex") for uid, u in m.state["units"].items() if uid.startswith("su-"))
    assert any(u.get("hex") for uid, u in m.state["units"].items() if uid.startswith("ge-"))
    ref(m, "clear")
    assert not any(u.get("hex") for u in m.state["units"].values())


def test_unknown_kind_and_wrong_arguments_are_invalid_with_usage() -> None:
    m = new_match()
    with pytest.raises(InvalidOrder) as err:
        ref(m, "teleport ge-4a 2722")
    assert err.value.hint is not None and "place UNIT HEX" in str(err.value.hint)
    with pytest.raises(InvalidOrder):
        ref(m, "vp 1 2")


def test_every_override_needs_a_reason_and_is_logged_publicly() -> None:
    m = new_match()
    with pytest.raises(InvalidOrder):
        m.override(Override("vp", ("9",), "  "))
    rec = ref(m, "vp 9", reason="scoring slip")
    assert any("scoring slip" in line for line in public_texts([rec]))
    assert any("vp 9" in line for line in texts([rec]))


def test_override_keeps_the_game_playable() -> None:
    m = new_match()
    ref(m, "vp 9")
    m.submit(AXIS, "zero pass")
    assert m.state["phase"]["side"] == SOVIET


@pytest.mark.parametrize(
    ("kind", "args", "shown"),
    [
        ("hand", ("axis", "AX6", "AX7"), "hand axis (2 cards, shown to the referee and that player only)"),
        ("set", ("cards.soviet.deck", '["SU1"]'), "set cards.\u2026 (the value is secret)"),
        ("set", ("units.su-partisan-4.hex", '"2020"'), "set units.\u2026 (the value is secret)"),
        ("place", ("su-partisan-4", "2020"), "place Partisans 2020"),
        ("level", ("su-partisan-4", "0"), "level Partisans 0"),
    ],
)
def test_overrides_that_name_a_secret_are_redacted_in_public_16_1_3(kind: str, args: tuple[str, ...], shown: str) -> None:
    """Hands (6.1), deck order and which inactive Partisan is where (16.1.3) stay secret in the public log."""
    m = new_match()
    override = Override(kind, args, "test")
    assert m.public_override(override) == shown
    assert all(a not in shown for a in args[1:] if a.startswith(("AX", "SU", "[")))


def test_public_overrides_are_shown_in_full() -> None:
    m = new_match()
    override = Override("place", ("su-bryansk-front", "2722"), "test")
    assert m.public_override(override) == override.text
    rec = m.override(override)
    assert not [e for e in rec.entries if e.to == "referee"]


def test_a_set_that_loses_cards_is_refused_without_naming_them() -> None:
    """Every one of the 110 cards is always in exactly one pile (7.1): a `set` that drops a hand is refused."""
    m = new_match()
    hand = list(m.state["cards"][AXIS]["hand"])
    with pytest.raises(IllegalOrder) as err:
        m.override(Override("set", ("cards.axis.hand", "[]"), "test"))
    assert "would be in no pile" in str(err.value.text().to_json()) and not any(c in str(err.value.text().to_json()) for c in hand)
    assert m.state["cards"][AXIS]["hand"] == hand


# Setting up positions for rules tests ---------------------------------------------------------------
def test_a_unit_placed_during_an_action_round_began_it_there_8_3() -> None:
    """A placed unit is as if it began the AR in its new hex: leaving an enemy ZOC it was placed in is
    not 'entered an enemy ZOC this Action Round' (it began in the old hex before the fix)."""
    m = new_match()
    at_ar(m, 6, AXIS, 3, hand=("AX6",))
    ref(m, "place ge-4a 1822")  # next to the Soviet 28th Rifle Corps in Brest (1722)
    assert m.state["units"]["ge-4a"]["began"] == "1822"
    m.submit(AXIS, "play 6 ops")
    m.submit(AXIS, "move ge-4a 1921")
    assert m.state["units"]["ge-4a"]["hex"] == "1921"


def test_place_forgets_old_marks_and_sets_a_level() -> None:
    m = new_match()
    u = m.state["units"]["ge-4a"]
    u.update(oos=True, limited=True, moved=True, fought=True, mp=3)
    ref(m, "place ge-4a 1822 2")
    u = m.state["units"]["ge-4a"]
    assert (u["hex"], u["level"], u["oos"]) == ("1822", 2, False)
    assert not any(k in u for k in ("limited", "moved", "fought", "mp"))
    with pytest.raises(IllegalOrder) as err:
        ref(m, "place ge-4a 1822 9")
    assert "0 (full strength) to 3" in str(err.value.text()) and "place UNIT HEX" in str(err.value.text())
    with pytest.raises(IllegalOrder) as err:
        ref(m, "place su-28r 2120 1")
    assert "single level" in str(err.value.text())


def test_place_and_level_take_several_units_and_names() -> None:
    m = new_match()
    ref(m, "place 9th Army 46pz 2019")
    assert m.state["units"]["ge-9a"]["hex"] == m.state["units"]["ge-46pz"]["hex"] == "2019"
    ref(m, "level ge-9a ge-46pz 1")
    assert m.state["units"]["ge-9a"]["level"] == m.state["units"]["ge-46pz"]["level"] == 1
    with pytest.raises(InvalidOrder):
        ref(m, "place ge-9a Kursk Kiev")


def test_supply_sets_full_limited_or_out_and_refuses_other_words_8_1_9() -> None:
    m = new_match()
    ref(m, "supply ge-4a limited")
    u = m.state["units"]["ge-4a"]
    assert u["limited"] is True and u["oos"] is False
    ref(m, "supply ge-4a ge-9a out")
    assert "limited" not in m.state["units"]["ge-4a"] and m.state["units"]["ge-9a"]["oos"] is True
    with pytest.raises(InvalidOrder) as err:
        ref(m, "supply ge-4a banana")
    assert "full, limited or out" in str(err.value.text())
    assert m.state["units"]["ge-4a"]["oos"] is True


def test_activate_refuses_other_units_and_other_words() -> None:
    m = new_match()
    with pytest.raises(InvalidOrder):
        ref(m, "activate ge-4a on")
    ref(m, "place su-partisan-1 2020")
    with pytest.raises(InvalidOrder):
        ref(m, "activate su-partisan-1 maybe")
    assert not m.state["units"]["su-partisan-1"].get("active")


def test_festung_and_event_refuse_words_other_than_on_off() -> None:
    m = new_match()
    ref(m, "festung Warsaw on")
    with pytest.raises(InvalidOrder):
        ref(m, "festung Warsaw maybe")
    assert m.state["markers"]["festung"] == [RULES.hex_of("Warsaw")]
    with pytest.raises(InvalidOrder):
        ref(m, "event AX24 of")


def test_placing_partisans_never_names_them_in_public_16_1_3() -> None:
    m = new_match()
    rec = ref(m, "place su-partisan-4 1622")
    assert not any("partisan-4" in line or "#4" in line for line in public_texts([rec]))
    rec = ref(m, "level Partisans #4 0")
    assert not any("#4" in line for line in public_texts([rec]))


def test_remove_to_the_turn_track_and_forget_the_marks() -> None:
    m = new_match()
    m.state["units"]["ge-9a"].update(oos=True, moved=True)
    ref(m, "remove ge-9a track 8")
    u = m.state["units"]["ge-9a"]
    assert (u["box"], u["due"], u["oos"], u.get("moved")) == ("track", 8, False, None)
    with pytest.raises(InvalidOrder):
        ref(m, "remove ge-9a track")
    with pytest.raises(InvalidOrder):
        ref(m, "remove ge-9a pool")


def test_hand_takes_card_numbers_and_refusals_name_no_card() -> None:
    m = new_match()
    ref(m, "hand axis 23 #5 ax6")
    assert m.state["cards"][AXIS]["hand"] == ["AX23", "AX5", "AX6"]
    for bad in ("hand axis 31 31", "hand axis SU9", "hand axis 99"):
        with pytest.raises(InvalidOrder) as err:
            ref(m, bad)
        shown = str(err.value.text())
        assert "Card " in shown and not any(c in shown for c in ("AX31", "SU9", "'99'", "'31'"))
    assert m.state["cards"][AXIS]["hand"] == ["AX23", "AX5", "AX6"]


def test_pile_puts_cards_on_top_of_the_deck_for_the_next_draw() -> None:
    m = new_match()
    rec = ref(m, "pile soviet deck 36 8")
    pile = m.state["cards"][SOVIET]
    assert pile["deck"][:2] == ["SU36", "SU8"] and "SU36" not in pile["total_war"]
    assert not any("SU36" in str(e.text) for e in rec.entries if e.to != "referee")
    assert any("pile soviet deck 36 8" in str(e.text) for e in rec.entries if e.to == "referee")
    ref(m, "pile soviet discard SU8")
    assert "SU8" in m.state["cards"][SOVIET]["discard"] and "SU8" not in m.state["cards"][SOVIET]["deck"]
    ref(m, "pile soviet setaside SU8")
    assert m.state["cards"][SOVIET]["setaside"][-1] == "SU8"
    with pytest.raises(InvalidOrder):
        ref(m, "pile soviet hand SU8")


def test_phase_reaches_every_step_of_the_turn_and_lists_them_when_refused() -> None:
    m = new_match()
    ref(m, "turn 6")
    ref(m, "phase axis ar2")
    assert (m.state["ar"], m.active()) == (2, {AXIS})
    with pytest.raises(InvalidOrder) as err:
        ref(m, "phase axis 7")
    assert "axis 5" in str(err.value.text()) and "replacement soviet" in str(err.value.text())
    ref(m, "phase draw")
    assert m.state["phase"]["name"] == "draw"
    ref(m, "turn 1")
    with pytest.raises(InvalidOrder) as err:
        ref(m, "phase replacement axis")
    assert "axis 5" in str(err.value.text())


def test_phase_resumes_a_finished_campaign() -> None:
    m = new_match()
    m.state["outcome"] = {"winner": AXIS, "reason": {"t": "test", "p": {}}}
    m.state["flow"] = []
    assert m.result() is not None
    ref(m, "phase soviet 5")
    assert m.result() is None and m.active() == {SOVIET}


def test_banked_consec_and_rp_refuse_negative_numbers() -> None:
    m = new_match()
    for bad in ("banked axis -1", "consec soviet -2", "rp GE -1", "rp GE -0.5"):
        with pytest.raises(InvalidOrder):
            ref(m, bad)


def test_option_checks_the_name_and_the_kind_of_value() -> None:
    m = new_match()
    ref(m, "option town_control on")
    ref(m, "option sleighride_scope turn")
    assert m.state["options"]["town_control"] is True and m.state["options"]["sleighride_scope"] == "turn"
    with pytest.raises(InvalidOrder) as err:
        ref(m, "option towncontrol on")
    assert "town_control" in str(err.value.text())
    with pytest.raises(InvalidOrder):
        ref(m, "option town_control 3")


def test_option_sleighride_scope_set_by_the_referee_is_one_of_its_three_values() -> None:
    """Ruling 50: 'option sleighride_scope turns' (a typo) is refused naming ar, combat and turn, as at creation; the option is unchanged."""
    m = new_match()
    with pytest.raises(IllegalOrder, match="ar, combat or turn") as err:
        ref(m, "option sleighride_scope turns")
    assert err.value.rule == "8.1#50" and m.state["options"]["sleighride_scope"] == "ar"


def test_marker_sets_fortress_markers_and_control_takes_several_hexes() -> None:
    m = new_match()
    ref(m, "marker fortress_destroyed Sevastopol on")
    assert m.state["markers"]["fortress_destroyed"] == [RULES.hex_of("Sevastopol")]
    ref(m, "marker fortress_destroyed Sevastopol off")
    assert m.state["markers"]["fortress_destroyed"] == []
    with pytest.raises(InvalidOrder):
        ref(m, "marker minefield 2722 on")
    ref(m, "control 2722 Kiev axis")
    assert m.state["control"]["2722"] == m.state["control"][RULES.hex_of("Kiev")] == AXIS


def test_control_of_a_hex_without_a_place_is_refused_3_0() -> None:
    """Control is recorded for places only (control.take ignores other hexes): a plain hex is refused, not
    silently recorded for nothing."""
    m = new_match()
    with pytest.raises(InvalidOrder) as err:
        ref(m, "control 2722 2020 axis")
    assert "2020 has no recorded control" in str(err.value.text())
    assert m.state["control"]["2722"] != AXIS and "2020" not in m.state["control"]


def test_an_unknown_effect_key_is_kept_with_a_warning() -> None:
    m = new_match()
    rec = ref(m, "effect zhukovv 3")
    assert m.state["effects"]["zhukovv"] == 3
    assert any("no rule reads an effect called 'zhukovv'" in line for line in texts([rec]))
    rec = ref(m, "effect zhukov 3")
    assert not any("no rule reads" in line for line in texts([rec]))


def test_supply_marked_before_phase_survives_its_supply_trace_13_1_1() -> None:
    """A position may be set up in any order: 'supply X out' then 'phase' keeps X out of supply,
    while the units the referee did not mark are traced as usual."""
    m = new_match()
    ref(m, "turn 6")
    ref(m, "supply ge-4a out")
    ref(m, "supply ge-9a limited")
    ref(m, "place ge-46pz 3020")  # far behind the Soviet lines: traced out of supply
    ref(m, "phase axis 3")
    units = m.state["units"]
    assert units["ge-4a"]["oos"] is True and units["ge-9a"].get("limited") is True and units["ge-9a"]["oos"] is False
    assert units["ge-46pz"]["oos"] is True
    # the marks are used once: the next Action Round traces them again
    ref(m, "phase axis 4")
    assert m.state["units"]["ge-4a"]["oos"] is False


def test_supply_of_a_unit_off_the_map_is_refused() -> None:
    m = new_match()
    with pytest.raises(InvalidOrder) as err:
        ref(m, "supply su-bryansk-front out")
    assert "not on the map" in str(err.value.text())


def test_event_takes_an_asterisked_card_out_of_the_game_2_3_3() -> None:
    """Marking an asterisked event as played removes its card as playing it would (else it could be drawn and
    played again) and counts it for Total War (7.6.4); 'off' puts it back into play."""
    m = new_match()
    ref(m, "event AX24")
    pile = m.state["cards"][AXIS]
    assert "AX24" in pile["removed"] and "AX24" not in pile["deck"] and pile["events_removed"] == 1
    ref(m, "event AX24 off")
    pile = m.state["cards"][AXIS]
    assert "AX24" in pile["discard"] and pile["events_removed"] == 0
    in_hand = m.state["cards"][SOVIET]["hand"][0]
    ref(m, f"event {in_hand}")
    assert in_hand in m.state["cards"][SOVIET]["hand"]


def test_totalwar_shuffles_the_total_war_cards_into_the_decks_7_6_4() -> None:
    m = new_match()
    ref(m, "turn 9")
    hand = list(m.state["cards"][AXIS]["hand"])
    ref(m, "totalwar on")
    pile = m.state["cards"][AXIS]
    assert m.state["total_war"] == 9 and pile["total_war"] == [] and pile["hand"] == hand
    assert any(RULES.cards[c].deck == "total_war" for c in pile["deck"])
    for bad in ("totalwar on", "totalwar off"):
        with pytest.raises(InvalidOrder):
            ref(m, bad)


def test_phase_during_the_optional_pick_deals_the_opening_hands_23_1_1() -> None:
    m = new_match(pick_card=True)
    assert m.state["flow"][0]["proc"] == "setup" and not m.state["cards"][AXIS]["hand"]
    ref(m, "turn 6")
    ref(m, "phase axis 3")
    assert len(m.state["cards"][AXIS]["hand"]) == len(m.state["cards"][SOVIET]["hand"]) == 6
    assert m.active() == {AXIS} and m.state["flow"][0]["proc"] == "turn"


def test_turn_1_during_another_ar_keeps_the_side_s_ar5_4_4_1() -> None:
    """Turn 1 has only AR5 (4.4.1): 'turn 1' in the Axis AR3 makes it the Axis AR5, the Soviet AR5 follows."""
    m = new_match()
    ref(m, "turn 6")
    ref(m, "phase axis 3")
    ref(m, "turn 1")
    assert m.state["ar"] == 5
    m.submit(AXIS, "zero pass")
    assert (m.state["turn"], m.state["phase"], m.state["ar"]) == (1, {"name": "action", "side": SOVIET}, 5)


def test_turn_1_during_a_replacement_phase_goes_on_to_the_draw() -> None:
    m = new_match()
    ref(m, "turn 6")
    ref(m, "rp soviet 6")
    ref(m, "level su-west-front 1")
    ref(m, "phase replacement soviet")
    assert m.state["phase"]["name"] == "replacement" and m.active() == {SOVIET}
    ref(m, "turn 1")
    state = m.state
    assert sequence.steps(1)[int(state["flow"][0]["i"])] == ("draw",)


def test_phase_start_runs_the_start_of_the_turn_then_the_axis_ar1() -> None:
    m = new_match()
    ref(m, "turn 6")
    ref(m, "effect lend_lease_from 6")
    ref(m, "banked soviet 0")
    ref(m, "phase start")
    assert (m.state["ar"], m.state["phase"], m.active()) == (1, {"name": "action", "side": AXIS}, {AXIS})
    assert m.state["banked"][SOVIET] > 0  # Lend-Lease OPS banked at the start of the turn (18.3.3)


def test_effect_values_survive_the_console_splitting_at_commas() -> None:
    """The console and Discord split an order at commas: '[3, 2]' arrives as '[3' '2]'."""
    m = new_match()
    ref(m, "effect bagration [3 2]")
    ref(m, 'effect defend_motherland {"turn": 6 "cancelled_from_round": 3}')
    ref(m, 'effect luftwaffe_supply_hex hex="2722" turn=6')
    ref(m, "effect zhukov_used 1721 1822")
    effects = m.state["effects"]
    assert effects["bagration"] == [3, 2] and effects["defend_motherland"] == {"turn": 6, "cancelled_from_round": 3}
    assert effects["luftwaffe_supply_hex"] == {"hex": "2722", "turn": 6} and effects["zhukov_used"] == [1721, 1822]
    with pytest.raises(InvalidOrder):
        ref(m, "effect bagration [3 2")


def test_a_bad_hex_is_called_a_hex_not_a_unit() -> None:
    m = new_match()
    for line in ("control Moskva axis", "festung Moskva on", "entrench Moskva soviet"):
        with pytest.raises(InvalidOrder) as err:
            ref(m, line)
        assert "'Moskva' is not a hex of the map" in str(err.value.text()), line


def test_referee_supply_reports_a_mark_of_the_current_round_only() -> None:
    from engine.games.stalins_war.overrides import referee_supply

    m = new_match()
    at_ar(m, 6, AXIS, 3)
    ref(m, "supply su-28r out")
    assert referee_supply(m.state, "su-28r") == "none" and referee_supply(m.state, "su-west-front") is None
    ref(m, "phase axis 4")  # a mark given before 'phase' is carried into that round once (13.1.1)
    assert referee_supply(m.state, "su-28r") == "none"
    ref(m, "phase axis 5")
    assert referee_supply(m.state, "su-28r") is None


def test_activate_off_names_no_partisan_counter_in_public_16_1_3() -> None:
    """Deactivating a Partisan by its id would tell both players the strength of an inactive counter."""
    from engine.game import Override
    from engine.games.stalins_war.overrides import public_text

    shown = public_text(RULES, Override("activate", ("su-partisan-2", "off"), "test"))
    assert shown is not None and "su-partisan-2" not in shown and "Partisans" in shown
