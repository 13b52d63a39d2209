"""Referee overrides (overrides.py): every kind changes what it names, is logged with its reason,
refuses bad arguments with InvalidOrder and never breaks the invariants."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Override
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
    with pytest.raises(IllegalOrder):
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
