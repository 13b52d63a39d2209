"""What each viewer sees (6.1) and the referee's overrides."""

from __future__ import annotations

import pytest

from bot.i18n import render
from engine.errors import IllegalOrder, InvalidOrder, InvariantViolation
from engine.game import Override
from engine.kernel import KernelContext
from engine.mapview import HexMarker, map_view
from tests.engine.games.combat_commander.helpers import GAME, find, new_match


def test_a_hand_is_seen_by_its_owner_only() -> None:
    """The view gives a seat its own hand and only the size of the other (1.2, 6.1)."""
    m = new_match()
    axis = GAME.view(m.state, "axis")
    public = GAME.view(m.state, "public")
    assert axis["hand"] == m.state["sides"]["axis"]["hand"]
    assert public["hand"] == [] and public["sides"]["axis"]["hand_count"] == 6


def test_discards_are_public_by_their_face() -> None:
    """Discard piles are public (1.2), shown by the cards' faces, never by hand ids."""
    m = new_match()
    side = m.state["sides"]["axis"]
    side["discard"].append(side["deck"].pop())
    shown = GAME.view(m.state, "public")["sides"]["axis"]["discard"]
    assert len(shown) == 1 and side["discard"][0] not in shown[0] and "dice" in shown[0]


def test_units_show_broken_and_suppressed_markers() -> None:
    """A broken or suppressed unit carries the marker in the view the pictures are drawn from."""
    m = new_match()
    m.state["units"]["g-s1"]["broken"] = True
    assert GAME.view(m.state, "public")["units"]["g-s1"]["markers"] == ["broken"]


def test_los_query_names_what_blocks() -> None:
    """'los A B' answers whether the line is clear and what blocks it (10.1: either player, any time)."""
    m = new_match()
    answer = GAME.query(m.state, "axis", "los B7 D7")
    assert answer is not None and "clear" in str(answer)
    blocked = GAME.query(m.state, "axis", "los D9 F9")
    assert blocked is not None and "blocked" in str(blocked) and "woods" in str(blocked)


def test_referee_places_breaks_and_suppresses() -> None:
    """The referee sets up a position: place, break, suppress (issue 15, referee powers)."""
    m = new_match()
    for kind, args in (("place", ("g-s1", "H5")), ("break", ("g-s1",)), ("suppress", ("g-s1",))):
        m.override(Override(kind, args, "test"))
    u = m.state["units"]["g-s1"]
    assert (u["hex"], u["broken"], u["suppressed"]) == ("H5", True, True)


def test_referee_sets_time_vp_and_initiative() -> None:
    """The referee sets the Time marker, VP and the Initiative holder."""
    m = new_match()
    for kind, args in (("time", ("4",)), ("vp", ("-3",)), ("initiative", ("axis",))):
        m.override(Override(kind, args, "test"))
    assert (m.state["time"], m.state["vp"], m.state["initiative"]) == (4, -3, "axis")


def test_a_malformed_override_says_what_is_possible() -> None:
    """An override the game does not know is refused with the list of kinds."""
    m = new_match()
    with pytest.raises(InvalidOrder):
        GAME.override(m.state, Override("teleport", ("g-s1",), "test"), None)  # type: ignore[arg-type]


def test_fp_preview_gives_a_planned_attack_s_fp() -> None:
    """'fp HEX UNIT...' previews a planned attack's FP, or says why it cannot be made (O20.3)."""
    from tests.engine.games.combat_commander.helpers import only_units

    m = new_match()
    only_units(m, {"g-l1": "C7", "g-s1": "C7", "g-s2": "C8", "a-s1": "D7"})
    assert "9 FP" in str(GAME.query(m.state, "axis", "fp D7 g-s1 g-l1 g-s2"))
    assert "No attack" in str(GAME.query(m.state, "axis", "fp N1 g-s1"))


def test_referee_places_and_removes_smoke_with_its_value() -> None:
    """'smoke HEX N' sets a Smoke marker of hindrance N; 'smoke HEX 0' removes it (T94)."""
    m = new_match()
    m.override(Override("smoke", ("B7", "6"), "test"))
    assert m.state["smoke"] == {"B7": 6}
    m.override(Override("smoke", ("B7", "0"), "test"))
    assert m.state["smoke"] == {}


def test_referee_places_and_removes_a_blaze() -> None:
    """'blaze HEX' and 'unblaze HEX' (T79)."""
    m = new_match()
    m.override(Override("blaze", ("B7",), "test"))
    assert m.state["blaze"] == ["B7"]
    m.override(Override("unblaze", ("B7",), "test"))
    assert m.state["blaze"] == []


def test_referee_fortifies_and_unfortifies() -> None:
    """'fortify HEX KIND' and 'unfortify HEX' (F100)."""
    m = new_match()
    m.override(Override("fortify", ("B7", "wire"), "test"))
    assert m.state["forts"] == {"B7": "wire"}
    m.override(Override("unfortify", ("B7",), "test"))
    assert m.state["forts"] == {}


def test_referee_marker_refused_by_its_rule() -> None:
    """A marker the rules forbid is refused with the rule: Smoke in the Stream K10 (T95)."""
    m = new_match()
    with pytest.raises(IllegalOrder) as exc:
        m.override(Override("smoke", ("K10", "3"), "test"))
    assert exc.value.rule == "T95"


def test_referee_cannot_place_a_unit_in_a_blaze() -> None:
    """No unit may share a Blaze hex (8.1.5)."""
    m = new_match()
    m.state["blaze"] = ["B7"]
    with pytest.raises(IllegalOrder) as exc:
        m.override(Override("place", ("g-s1", "B7"), "test"))
    assert exc.value.rule == "8.1.5"


def test_malformed_marker_override_says_what_is_accepted() -> None:
    """A fortification kind the game does not know is refused with the accepted forms."""
    m = new_match()
    with pytest.raises(InvalidOrder) as exc:
        m.override(Override("fortify", ("B7", "moat"), "test"))
    assert "fortify HEX" in str(exc.value.hint)


def test_markers_are_drawn_on_the_map_view() -> None:
    """Smoke with its value, Blaze and fortifications are hex markers of the public view."""
    m = new_match()
    m.state["smoke"]["B7"] = 4
    m.state["blaze"] = ["C7"]
    m.state["forts"]["D7"] = "pillbox"
    shown = {(x["hex"], x["text"]) for x in GAME.view(m.state, "public")["hex_markers"]}
    assert {("B7", "Smoke 4"), ("C7", "Blaze"), ("D7", "Pillbox")} <= shown


def test_map_view_carries_the_markers_to_the_picture() -> None:
    """The picture's hex markers include Smoke with its value and the fortifications (T94, F100)."""
    m = new_match()
    m.state["smoke"]["B7"] = 4
    m.state["forts"]["D7"] = "wire"
    shown = map_view(GAME.view(m.state, "public")).markers
    assert HexMarker("B7", "Smoke 4") in shown and HexMarker("D7", "Wire") in shown


def test_a_fortification_in_water_breaks_the_invariants() -> None:
    """No fortification occupies a Water hex (F100.3): the engine's invariants catch it."""
    m = new_match()
    m.state["forts"]["K10"] = "foxholes"
    with pytest.raises(InvariantViolation):
        GAME.check_invariants(m.state)


def test_referee_arms_breaks_and_eliminates_a_weapon() -> None:
    """The referee gives a new weapon to a unit, breaks it and eliminates it (11.2, 11.4)."""
    m = new_match()
    m.override(Override("weapon", ("g-w9", "g-s1", "ger_lmg"), "test"))
    assert m.state["weapons"]["g-w9"] == {"type": "ger_lmg", "side": "axis", "unit": "g-s1", "broken": False}
    m.override(Override("weapon", ("g-w9", "broken"), "test"))
    assert m.state["weapons"]["g-w9"]["broken"]
    m.override(Override("weapon", ("g-w9", "eliminated"), "test"))
    assert m.state["weapons"]["g-w9"]["unit"] is None


def test_referee_cannot_give_a_unit_two_weapons() -> None:
    """One weapon per unit, even by override (11.2)."""
    m = new_match()
    with pytest.raises(InvalidOrder):
        m.override(Override("weapon", ("g-w1", "g-s4"), "test"))


def test_referee_sets_the_artillery_boxes() -> None:
    """The referee puts a radio in a box, breaks it and empties the box (12, 8.1.2)."""
    m = new_match()
    m.override(Override("radio", ("allies", "usa_radio_155"), "test"))
    assert m.state["artillery"]["allies"]["type"] == "usa_radio_155"
    m.override(Override("radio", ("allies", "broken"), "test"))
    assert m.state["artillery"]["allies"]["broken"]
    m.override(Override("radio", ("allies", "none"), "test"))
    assert m.state["artillery"]["allies"] is None


def test_a_weapon_shows_on_its_carrier_in_the_map_view() -> None:
    """A weapon sits on its carrier (11.2): its tag, 'broken' when it is (11.4), is one of the counter's markers."""
    from engine.mapview import map_view

    m = new_match()
    m.override(Override("weapon", ("g-w1", "broken"), "test"))
    shown = {u.id: u for u in map_view(GAME.view(m.state, "allies")).units}
    assert "HMG broken" in shown["g-s3"].markers and "Mtr" in shown["g-s4"].markers


def test_a_radio_shows_in_its_owner_s_artillery_box_corner() -> None:
    """Each radio is shown in the map corner nearest its owner's edge, its tag naming the owner (2.2.3, 12; ruling R45)."""
    m = new_match()
    m.override(Override("radio", ("allies", "broken"), "test"))
    markers = {(h["hex"], h["text"], h["side"]) for h in GAME.view(m.state, "axis")["hex_markers"]}
    assert ("A1", "AX Radio 10", "axis") in markers and ("O10", "AL Radio 10 broken", "allies") in markers


def test_an_eliminated_weapon_is_listed_in_the_weapons_box() -> None:
    """An eliminated weapon leaves its carrier for the Casualty track's Weapons box (4.2, 11.4)."""
    m = new_match()
    m.override(Override("weapon", ("g-w1", "eliminated"), "test"))
    view = GAME.view(m.state, "axis")
    assert view["weapons_box"] == ["g-w1"] and view["units"]["g-s3"]["weapon"] == ""


def test_a_hand_shown_by_interrogation_is_not_dealt_again() -> None:
    """While the drawer's Interrogation choice waits on the hand it was shown (E61), that hand is not a hidden holding to redeal."""
    m = new_match()
    m.state["choices"] = [{"kind": "interrogation", "role": "axis", "rule": "E61", "optional": True, "hand": list(m.state["sides"]["allies"]["hand"])}]
    assert GAME.redeal(m.state, "allies", KernelContext("t", 0)) is None
    assert GAME.redeal(m.state, "axis", KernelContext("t", 0)) is not None


def test_a_hand_reads_its_cards_in_the_reader_s_language() -> None:
    """The hand names each card's order, action and event as the Italian rulebook does (digest 2.2)."""
    m = new_match()
    hand = m.state["sides"]["axis"]["hand"]
    hand[:] = [find("axis", order="fire", trigger="")]
    text = render(GAME.holdings(m.state, "axis"), "it", "axis")
    assert "[Fuoco / " in text and "esagono" in text and "fire" not in text.split("[")[1]
