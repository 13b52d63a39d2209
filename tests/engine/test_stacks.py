"""Ordered stacks with a per-viewer visibility policy (engine.stacks)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import IllegalOrder, InvalidOrder, InvariantViolation
from engine.stacks import (
    RankScope,
    StackPolicy,
    StackRule,
    Visibility,
    check,
    end_reveals,
    location_of,
    place,
    project_stack,
    project_stacks,
    remove,
    reorder,
    reveal,
    sees,
    set_top,
    settle,
    slot_of,
    stack,
    undeclared,
    unit_ref,
)
from engine.state import clone
from engine.text import t

PUBLIC = "public"
REFEREE = "referee"

# Schwerpunkt [S 3.5]: the enemy sees the top military unit; markers on top do not count;
# a motorised unit must be on top when one is present; admin boxes are owner-only.
SCHWERPUNKT = StackPolicy(
    default=StackRule(
        rule="S 3.5",
        enemy_depth=1,
        transparent=lambda u: u["kind"] == "marker",
        rank=lambda u: 0 if u.get("move") == "mot" else 1,
        order_reason=t("A motorised unit must be on top of a stack that holds one."),
    ),
    places={"admin-1": StackRule(rule="S 3.5", enemy_depth=0)},
    attributes={"kind": Visibility.PUBLIC, "name": Visibility.PUBLIC, "move": Visibility.PUBLIC,
                "cs": Visibility.PUBLIC, "side": Visibility.PUBLIC},
)
SCHWERPUNKT_UNITS = {
    "ge-11pz": {"side": "german", "kind": "unit", "name": "11 Pz", "move": "mot", "cs": 8},
    "ge-6pz": {"side": "german", "kind": "unit", "name": "6 Pz", "move": "mot", "cs": 9},
    "ge-320inf": {"side": "german", "kind": "unit", "name": "320 Inf", "move": "nonmot", "cs": 6},
    "ge-oos": {"side": "german", "kind": "marker", "name": "OOS"},
    "so-25tk": {"side": "soviet", "kind": "unit", "name": "25 Tk", "move": "mot", "cs": 7},
    "so-4cav": {"side": "soviet", "kind": "unit", "name": "4 Gd Cav", "move": "nonmot", "cs": 5},
}

# Across the Bug River [5.3.4, 5.3]: markers and HQs on top; under an HQ the first combat unit
# is seen too; current strength is never seen by the enemy.
BUG_RIVER = StackPolicy(
    default=StackRule(
        rule="5.3.4",
        enemy_depth=1,
        transparent=lambda u: u["kind"] == "marker",
        looks_under=lambda u: u["kind"] == "hq",
        rank=lambda u: {"marker": 0, "hq": 1}.get(u["kind"], 2),
        rank_scope=RankScope.STACK,
        order_reason=t("An HQ must always be the top counter of its stack."),
    ),
    attributes={"side": Visibility.PUBLIC, "kind": Visibility.PUBLIC, "name": Visibility.PUBLIC,
                "face": Visibility.PUBLIC, "strength": Visibility.OWNER},
)
BUG_UNITS = {
    "so-hq": {"side": "soviet", "kind": "hq", "name": "87 Div HQ", "face": "front"},
    "so-hq2": {"side": "soviet", "kind": "hq", "name": "124 Div HQ", "face": "front"},
    "so-rifle": {"side": "soviet", "kind": "inf", "name": "96 Rifle", "face": "front", "strength": 5},
    "so-at": {"side": "soviet", "kind": "at", "name": "AT Bn", "face": "back", "strength": 3},
    "so-tank": {"side": "soviet", "kind": "afv", "name": "Tank Bn", "face": "front", "strength": 4},
    "ge-inf": {"side": "german", "kind": "inf", "name": "I/IR 3", "face": "front", "strength": 6},
    "ge-dg": {"side": "german", "kind": "marker", "name": "Improved defence", "face": "front"},
}

# Combat Commander: no hidden stacks, but ordered ones (both sides may share a hex).
COMBAT_COMMANDER = StackPolicy(
    default=StackRule(rule="A76", enemy_depth=None),
    attributes={"side": Visibility.PUBLIC, "name": Visibility.PUBLIC},
)
CC_UNITS = {
    "us-sq1": {"side": "allies", "name": "Squad 1"},
    "us-ldr": {"side": "allies", "name": "Sgt Kelly"},
    "ge-sq1": {"side": "axis", "name": "Squad 1"},
}


def state_with(**stacks):
    return {"stacks": {loc: list(order) for loc, order in stacks.items()}}


def ids(view):
    return [c.unit for c in view.counters]


def test_owner_sees_the_whole_stack_with_every_attribute():
    """The owner sees every counter of its stack, top first, with every attribute."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf", "ge-6pz"]})
    view = project_stack(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "german")
    assert ids(view) == ["ge-11pz", "ge-320inf", "ge-6pz"]
    assert view.counters[1].attributes == SCHWERPUNKT_UNITS["ge-320inf"]


def test_enemy_sees_only_the_top_unit():
    """An enemy sees the top unit and a blank for each counter below it."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf", "ge-6pz"]})
    view = project_stack(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "soviet")
    assert ids(view) == ["ge-11pz", None, None] and view.height == 3


def test_public_sees_like_an_enemy_of_every_side():
    """The public viewer sees the top unit of each side's stacks, no more."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf"], "2415": ["so-25tk", "so-4cav"]})
    views = project_stacks(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, PUBLIC)
    assert ids(views["2314"]) == ["ge-11pz", None] and ids(views["2415"]) == ["so-25tk", None]


def test_referee_sees_everything():
    """The referee sees every counter of every side with every attribute."""
    state = state_with(**{"p1": ["so-hq", "so-rifle", "so-at"]})
    view = project_stack(BUG_RIVER, state, BUG_UNITS, "p1", REFEREE)
    assert ids(view) == ["so-hq", "so-rifle", "so-at"] and view.counters[1].attributes["strength"] == 5


def test_markers_on_top_are_seen_and_do_not_count():
    """Markers on top are seen and the top military unit below them is still seen [S 3.5]."""
    state = state_with(**{"2314": ["ge-oos", "ge-11pz", "ge-320inf"]})
    view = project_stack(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "soviet")
    assert ids(view) == ["ge-oos", "ge-11pz", None]


def test_a_marker_under_a_hidden_unit_is_a_blank():
    """A marker below the last unit seen is not seen: sight stops at the first hidden counter."""
    state = state_with(**{"2314": ["ge-11pz", "ge-oos", "ge-320inf"]})
    view = project_stack(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "soviet")
    assert ids(view) == ["ge-11pz", None, None]


def test_enemy_sees_one_more_under_an_hq():
    """Under an HQ on top the enemy also sees the first combat unit, and no more [5.3.4]."""
    state = state_with(**{"p1": ["so-hq", "so-rifle", "so-at"]})
    view = project_stack(BUG_RIVER, state, BUG_UNITS, "p1", "german")
    assert ids(view) == ["so-hq", "so-rifle", None]


def test_two_hqs_on_top_show_both_and_the_first_combat_unit():
    """Each HQ seen lets the enemy look under it, so two HQs show the combat unit under them."""
    state = state_with(**{"p1": ["so-hq", "so-hq2", "so-rifle", "so-at"]})
    view = project_stack(BUG_RIVER, state, BUG_UNITS, "p1", "german")
    assert ids(view) == ["so-hq", "so-hq2", "so-rifle", None]


def test_a_stack_without_hq_shows_its_top_only():
    """Without an HQ on top the enemy sees the top counter only [5.3.4]."""
    state = state_with(**{"p1": ["so-rifle", "so-at"]})
    assert ids(project_stack(BUG_RIVER, state, BUG_UNITS, "p1", "german")) == ["so-rifle", None]


def test_markers_and_the_top_counter_with_its_face_are_seen():
    """The enemy sees the markers on top, then the top counter and the face it shows."""
    state = state_with(**{"p2": ["ge-dg", "ge-inf"]})
    view = project_stack(BUG_RIVER, state, BUG_UNITS, "p2", "soviet")
    assert ids(view) == ["ge-dg", "ge-inf"] and view.counters[1].attributes["face"] == "front"


def test_an_owner_only_box_shows_blanks_and_its_count():
    """An admin box is seen only by its owner; the enemy sees as many blanks as counters."""
    state = state_with(**{"admin-1": ["ge-11pz", "ge-320inf"]})
    enemy = project_stack(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "admin-1", "soviet")
    owner = project_stack(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "admin-1", "german")
    assert ids(enemy) == [None, None] and enemy.height == 2 and ids(owner) == ["ge-11pz", "ge-320inf"]


def test_open_stacks_show_every_counter_of_both_sides_in_order():
    """With no hidden stacks every viewer sees every counter, in the stack's order."""
    state = state_with(**{"B4": ["ge-sq1", "us-ldr", "us-sq1"]})
    for viewer in ("axis", "allies", PUBLIC):
        assert ids(project_stack(COMBAT_COMMANDER, state, CC_UNITS, "B4", viewer)) == ["ge-sq1", "us-ldr", "us-sq1"]


def test_current_strength_is_never_shown_to_the_enemy():
    """Current strength stays owner-only on a counter the enemy sees on top [5.3.4]."""
    state = state_with(**{"p1": ["so-rifle", "so-at"]})
    top = project_stack(BUG_RIVER, state, BUG_UNITS, "p1", "german").counters[0]
    assert top.unit == "so-rifle" and "strength" not in top.attributes and top.attributes["face"] == "front"


def test_current_strength_stays_hidden_when_the_stack_is_revealed():
    """A revealed stack shows every unit but never the enemy's current strength."""
    state = state_with(**{"p1": ["so-hq", "so-rifle", "so-at", "so-tank"]})
    reveal(state, "p1", ["german", "soviet"], "combat:1")
    view = project_stack(BUG_RIVER, state, BUG_UNITS, "p1", "german")
    assert ids(view) == ["so-hq", "so-rifle", "so-at", "so-tank"]
    assert all("strength" not in c.attributes for c in view.counters)
    own = project_stack(BUG_RIVER, state, BUG_UNITS, "p1", "soviet")
    assert own.counters[1].attributes["strength"] == 5


def test_undeclared_attributes_are_never_shown_to_a_non_owner():
    """An attribute the policy does not declare reaches the owner only, and is listed."""
    units = {**SCHWERPUNKT_UNITS, "ge-11pz": {**SCHWERPUNKT_UNITS["ge-11pz"], "secret_plan": "x"}}
    state = state_with(**{"2314": ["ge-11pz"]})
    enemy = project_stack(SCHWERPUNKT, state, units, "2314", "soviet").counters[0]
    owner = project_stack(SCHWERPUNKT, state, units, "2314", "german").counters[0]
    assert "secret_plan" not in enemy.attributes and owner.attributes["secret_plan"] == "x"
    assert undeclared(SCHWERPUNKT, units) == {"secret_plan"}
    assert undeclared(SCHWERPUNKT, SCHWERPUNKT_UNITS) == set()


def test_both_stacks_of_a_declared_attack_are_revealed_to_both_until_the_combat_ends():
    """Reveals show both stacks to both players until their tag ends them [S 3.5 default]."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf"], "2415": ["so-25tk", "so-4cav"], "2515": ["ge-6pz", "ge-oos"]})
    both = ["german", "soviet"]
    assert reveal(state, "2314", both, "combat:7") == 2
    reveal(state, "2415", both, "combat:7")
    reveal(state, "2515", both, "combat:8")

    def seen(location, viewer):
        return ids(project_stack(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, location, viewer))

    assert seen("2314", "soviet") == ["ge-11pz", "ge-320inf"] and seen("2415", "german") == ["so-25tk", "so-4cav"]
    assert end_reveals(state, "combat:7") == 2
    assert seen("2314", "soviet") == ["ge-11pz", None] and seen("2415", "german") == ["so-25tk", None]
    assert seen("2515", "soviet") == ["ge-6pz", "ge-oos"]


def test_a_reveal_to_the_players_is_not_shown_to_the_public():
    """A reveal to named roles does not reach the public viewer; one to everyone does."""
    state = state_with(**{"p1": ["so-rifle", "so-at"]})
    reveal(state, "p1", "german", "combat:1")
    assert ids(project_stack(BUG_RIVER, state, BUG_UNITS, "p1", PUBLIC)) == ["so-rifle", None]
    reveal(state, "p1", "*", "combat:2")
    assert ids(project_stack(BUG_RIVER, state, BUG_UNITS, "p1", PUBLIC)) == ["so-rifle", "so-at"]


def test_a_reveal_follows_its_units_when_they_retreat():
    """Revealed units stay revealed after they move; units not involved stay hidden."""
    state = state_with(**{"p1": ["so-rifle", "so-at"], "p2": ["so-tank"]})
    reveal(state, "p1", ["german", "soviet"], "combat:1")
    place(BUG_RIVER, state, BUG_UNITS, "so-at", "p2", "bottom")
    assert ids(project_stack(BUG_RIVER, state, BUG_UNITS, "p2", "german")) == ["so-tank", "so-at"]
    place(BUG_RIVER, state, BUG_UNITS, "so-tank", "p2", "bottom")
    assert ids(project_stack(BUG_RIVER, state, BUG_UNITS, "p2", "german")) == ["so-at", None]


def test_ending_an_unknown_tag_ends_nothing_and_leaves_state_clean():
    """Ending a tag with no reveal changes nothing; ending the last leaves no reveals key."""
    state = state_with(**{"p1": ["so-rifle"]})
    assert end_reveals(state, "combat:9") == 0 and "reveals" not in state
    reveal(state, "p1", "*", "combat:1")
    assert end_reveals(state, "combat:1") == 1 and "reveals" not in state


def test_revealing_an_empty_place_records_nothing():
    """A reveal of an empty location reveals nothing and stores nothing."""
    state = state_with()
    assert reveal(state, "p9", "*", "combat:1") == 0 and "reveals" not in state


def test_no_unit_id_appears_in_an_enemy_projection_of_hidden_units():
    """An enemy's projection of a stack of 3 names only the top unit: blanks carry slot ids."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf", "ge-6pz"]})
    view = project_stack(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "soviet")
    for text in (json.dumps(view.to_json()), repr(view)):
        assert "ge-11pz" in text
        for hidden in ("ge-320inf", "ge-6pz", "320 Inf", "6 Pz"):
            assert hidden not in text


def test_an_admin_box_projection_names_no_unit_at_all():
    """No unit id or name of an owner-only box reaches the enemy, only slots and sides."""
    state = state_with(**{"admin-1": ["ge-11pz", "ge-320inf", "ge-6pz"]})
    data = project_stack(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "admin-1", "soviet").to_json()
    assert data["counters"] == [
        {"slot": "admin-1/0", "side": "german", "blank": True},
        {"slot": "admin-1/1", "side": "german", "blank": True},
        {"slot": "admin-1/2", "side": "german", "blank": True},
    ]
    assert data["height"] == 3


def test_blanks_depend_only_on_their_position():
    """Swapping hidden units changes nothing an enemy sees (slots are positions, not units)."""
    a = state_with(**{"2314": ["ge-11pz", "ge-320inf", "ge-6pz"]})
    b = state_with(**{"2314": ["ge-11pz", "ge-6pz", "ge-320inf"]})
    seen_a = project_stack(SCHWERPUNKT, a, SCHWERPUNKT_UNITS, "2314", "soviet").to_json()
    seen_b = project_stack(SCHWERPUNKT, b, SCHWERPUNKT_UNITS, "2314", "soviet").to_json()
    assert seen_a == seen_b


@given(
    order=st.permutations(["so-hq", "so-rifle", "so-at", "so-tank", "so-hq2"]).map(list),
    height=st.integers(1, 5),
)
def test_an_enemy_never_sees_an_id_it_was_not_shown(order, height):
    """For any stack, an enemy's projection holds exactly the ids of the counters shown to it."""
    state = state_with(**{"p1": order[:height]})
    view = project_stack(BUG_RIVER, state, BUG_UNITS, "p1", "german")
    shown = {c.unit for c in view.counters if not c.blank}
    assert view.height == height
    for text in (json.dumps(view.to_json()), repr(view)):
        for unit in order[:height]:
            assert (f"{unit}'" in text or f'{unit}"' in text) == (unit in shown)
    assert [c.slot for c in view.counters] == [f"p1/{i}" for i in range(height)]


def test_sees_and_slot_of_name_a_unit_as_each_viewer_may():
    """A text names the top unit to the enemy but only the slot of a unit hidden under it."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf"]})
    assert sees(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "ge-11pz", "soviet")
    assert not sees(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "ge-320inf", "soviet")
    assert sees(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "ge-320inf", "german")
    assert slot_of(state, "ge-320inf") == "2314/1" and slot_of(state, "ge-6pz") is None


def test_owner_chooses_the_top_among_units_of_the_same_type():
    """The owner may put any motorised unit on top of a stack of motorised units [S 3.5]."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf", "ge-6pz"]})
    assert set_top(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "ge-6pz", "german") == ("ge-6pz", "ge-11pz", "ge-320inf")
    assert stack(state, "2314") == ("ge-6pz", "ge-11pz", "ge-320inf")


def test_set_top_refuses_a_non_motorised_top_over_a_motorised_unit():
    """A non-motorised unit cannot go on top when the stack holds a motorised one (S 3.5)."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf"]})
    with pytest.raises(IllegalOrder) as err:
        set_top(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "ge-320inf", "german")
    assert err.value.rule == "S 3.5" and str(err.value).endswith("(S 3.5)")
    assert "motorised" in str(err.value)
    assert stack(state, "2314") == ("ge-11pz", "ge-320inf")


def test_set_top_keeps_markers_above():
    """The chosen top goes under the markers on top of the stack."""
    state = state_with(**{"2314": ["ge-oos", "ge-11pz", "ge-6pz"]})
    set_top(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "ge-6pz", "german")
    assert stack(state, "2314") == ("ge-oos", "ge-6pz", "ge-11pz")


def test_under_an_hq_the_owner_chooses_the_first_combat_unit():
    """Where HQs are always on top, the chosen unit goes first under the HQ, seen by the enemy."""
    state = state_with(**{"p1": ["so-hq", "so-rifle", "so-at"]})
    assert set_top(BUG_RIVER, state, BUG_UNITS, "p1", "so-at", "soviet") == ("so-hq", "so-at", "so-rifle")
    assert ids(project_stack(BUG_RIVER, state, BUG_UNITS, "p1", "german")) == ["so-hq", "so-at", None]


def test_set_top_is_for_the_owner_only_and_tells_no_location():
    """An enemy cannot order a stack, and the refusal does not say where the unit is."""
    state = state_with(**{"2314": ["ge-11pz", "ge-6pz"]})
    with pytest.raises(IllegalOrder) as err:
        set_top(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "ge-6pz", "soviet")
    assert "2314" not in str(err.value.text())
    assert stack(state, "2314") == ("ge-11pz", "ge-6pz")


def test_set_top_refuses_a_unit_not_in_that_stack_listing_the_owners_units_there():
    """Naming a unit that is elsewhere says so and lists the role's own units in that stack."""
    state = state_with(**{"2314": ["ge-11pz", "ge-6pz"], "2415": ["ge-320inf"]})
    with pytest.raises(InvalidOrder) as err:
        set_top(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "ge-320inf", "german")
    assert "ge-11pz, ge-6pz" in str(err.value.text())


def test_set_top_refusal_lists_no_enemy_unit_of_a_shared_stack():
    """In a stack both sides share, the refusal's list holds only the asking role's units."""
    state = state_with(**{"2314": ["ge-11pz", "so-4cav"], "2415": ["so-25tk"]})
    with pytest.raises(InvalidOrder) as err:
        set_top(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "so-25tk", "soviet")
    assert "so-4cav" in str(err.value.text()) and "ge-11pz" not in str(err.value.text())


def test_set_top_refuses_an_unknown_unit():
    """An unknown unit id is refused as invalid."""
    state = state_with(**{"2314": ["ge-11pz"]})
    with pytest.raises(InvalidOrder):
        set_top(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "ge-99", "german")


def test_the_referee_may_choose_the_top_within_the_rule():
    """The referee may choose the top of any stack, but not against the rule."""
    state = state_with(**{"2314": ["ge-11pz", "ge-6pz", "ge-320inf"]})
    set_top(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "ge-6pz", REFEREE)
    assert stack(state, "2314")[0] == "ge-6pz"
    with pytest.raises(IllegalOrder):
        set_top(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "2314", "ge-320inf", REFEREE)


def test_place_puts_a_unit_at_the_top_bottom_or_a_given_place():
    """Place accepts top, bottom, a number and a number typed as text."""
    state = state_with()
    place(COMBAT_COMMANDER, state, CC_UNITS, "us-sq1", "B4")
    place(COMBAT_COMMANDER, state, CC_UNITS, "us-ldr", "B4", "top")
    place(COMBAT_COMMANDER, state, CC_UNITS, "ge-sq1", "B4", "1")
    assert stack(state, "B4") == ("us-ldr", "ge-sq1", "us-sq1")
    place(COMBAT_COMMANDER, state, CC_UNITS, "us-ldr", "B4", "bottom")
    assert stack(state, "B4") == ("ge-sq1", "us-sq1", "us-ldr")
    place(COMBAT_COMMANDER, state, CC_UNITS, "us-ldr", "B4", 0)
    assert stack(state, "B4") == ("us-ldr", "ge-sq1", "us-sq1")


def test_place_moves_a_unit_from_its_old_stack_and_drops_emptied_stacks():
    """A placed unit leaves its old stack; an emptied stack disappears from the state."""
    state = state_with(**{"B4": ["us-sq1"], "C5": ["ge-sq1"]})
    place(COMBAT_COMMANDER, state, CC_UNITS, "us-sq1", "C5", "bottom")
    assert state["stacks"] == {"C5": ["ge-sq1", "us-sq1"]} and location_of(state, "us-sq1") == "C5"


def test_place_keeps_a_motorised_unit_on_top():
    """A non-motorised unit placed on top settles under the motorised unit [S 3.5]."""
    state = state_with(**{"2314": ["ge-11pz"]})
    assert place(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "ge-320inf", "2314", "top") == ("ge-11pz", "ge-320inf")
    assert place(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "ge-6pz", "2314", "bottom") == ("ge-11pz", "ge-320inf", "ge-6pz")


def test_leaving_the_top_brings_the_next_motorised_unit_up():
    """When the motorised top leaves, the highest other motorised unit comes up [S 3.5]."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf", "ge-6pz"]})
    place(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "ge-11pz", "2415")
    assert stack(state, "2314") == ("ge-6pz", "ge-320inf")
    assert remove(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "ge-6pz") == "2314"
    assert stack(state, "2314") == ("ge-320inf",)


def test_hqs_settle_under_markers_and_over_combat_units():
    """An HQ placed at the bottom rises above combat units, below markers [5.3]."""
    state = state_with(**{"p2": ["ge-dg", "ge-inf"]})
    state["stacks"]["p1"] = ["so-rifle", "so-at"]
    place(BUG_RIVER, state, BUG_UNITS, "so-hq", "p1", "bottom")
    assert stack(state, "p1") == ("so-hq", "so-rifle", "so-at")
    place(BUG_RIVER, state, BUG_UNITS, "so-hq2", "p1", 2)
    assert stack(state, "p1") == ("so-hq", "so-hq2", "so-rifle", "so-at")


def test_settle_restores_the_rule_after_a_unit_changes():
    """Settling a stack whose unit changed type brings a motorised unit back on top."""
    units = {**SCHWERPUNKT_UNITS, "ge-320inf": {**SCHWERPUNKT_UNITS["ge-320inf"], "move": "mot"}}
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf"]})
    units_later = {**units, "ge-11pz": {**units["ge-11pz"], "move": "nonmot"}}
    assert settle(SCHWERPUNKT, state, units_later, "2314") == ("ge-320inf", "ge-11pz")


def test_place_refuses_an_unknown_unit():
    """Placing a unit that does not exist is refused and changes nothing."""
    state = state_with(**{"B4": ["us-sq1"]})
    with pytest.raises(InvalidOrder) as err:
        place(COMBAT_COMMANDER, state, CC_UNITS, "us-ghost", "B4")
    assert "us-ghost" in str(err.value) and state == state_with(**{"B4": ["us-sq1"]})


@pytest.mark.parametrize("position", ["middle", 3, -1, "9"])
def test_place_refuses_a_position_outside_the_stack_and_says_what_is_accepted(position):
    """A position that is not top, bottom or 0..height is refused with the accepted range."""
    state = state_with(**{"B4": ["us-sq1", "ge-sq1"]})
    with pytest.raises(InvalidOrder) as err:
        place(COMBAT_COMMANDER, state, CC_UNITS, "us-ldr", "B4", position)
    assert "0 (the top) to 2" in str(err.value.text())
    assert state == state_with(**{"B4": ["us-sq1", "ge-sq1"]})


def test_remove_refuses_a_unit_that_is_not_stacked():
    """Removing a known unit that is in no stack, or an unknown one, is refused."""
    state = state_with(**{"B4": ["us-sq1"]})
    with pytest.raises(InvalidOrder):
        remove(COMBAT_COMMANDER, state, CC_UNITS, "us-ldr")
    with pytest.raises(InvalidOrder):
        remove(COMBAT_COMMANDER, state, CC_UNITS, "nobody")
    assert remove(COMBAT_COMMANDER, state, CC_UNITS, "us-sq1") == "B4" and state == {"stacks": {}}


def test_reorder_sets_a_whole_new_order():
    """The referee may set the whole order of a stack."""
    state = state_with(**{"B4": ["us-sq1", "us-ldr", "ge-sq1"]})
    assert reorder(COMBAT_COMMANDER, state, CC_UNITS, "B4", ["ge-sq1", "us-sq1", "us-ldr"]) == ("ge-sq1", "us-sq1", "us-ldr")


@pytest.mark.parametrize("order", [["us-sq1", "us-ldr"], ["us-sq1", "us-ldr", "ge-sq1", "ge-sq1"], ["us-sq1", "us-ldr", "x"]])
def test_reorder_refuses_anything_but_a_permutation_of_the_stack(order):
    """A new order must name each counter of the stack once; the refusal lists them."""
    state = state_with(**{"B4": ["us-sq1", "us-ldr", "ge-sq1"]})
    with pytest.raises(InvalidOrder) as err:
        reorder(COMBAT_COMMANDER, state, CC_UNITS, "B4", order)
    assert "us-sq1, us-ldr, ge-sq1" in str(err.value.text())
    assert stack(state, "B4") == ("us-sq1", "us-ldr", "ge-sq1")


def test_reorder_refuses_an_order_that_breaks_the_rule_citing_it():
    """A new order with a combat unit above an HQ is refused, citing the rule (5.3.4)."""
    state = state_with(**{"p1": ["so-hq", "so-rifle"]})
    with pytest.raises(IllegalOrder) as err:
        reorder(BUG_RIVER, state, BUG_UNITS, "p1", ["so-rifle", "so-hq"])
    assert err.value.rule == "5.3.4" and "HQ" in str(err.value)


def test_check_accepts_good_stacks_and_names_each_broken_invariant():
    """The invariants: known units, each stacked once, no empty stack, order within the rule."""
    check(SCHWERPUNKT, state_with(**{"2314": ["ge-11pz", "ge-320inf"]}), SCHWERPUNKT_UNITS)
    broken = [
        state_with(**{"2314": ["ge-11pz"], "2415": ["ge-11pz"]}),
        state_with(**{"2314": ["ge-99"]}),
        state_with(**{"2314": []}),
        state_with(**{"2314": ["ge-320inf", "ge-11pz"]}),
    ]
    for state in broken:
        with pytest.raises(InvariantViolation):
            check(SCHWERPUNKT, state, SCHWERPUNKT_UNITS)


def test_state_and_projections_stay_plain_json():
    """After every operation the state and each viewer's projection round-trip through JSON."""
    state = state_with(**{"p1": ["so-rifle", "so-at"]})
    place(BUG_RIVER, state, BUG_UNITS, "so-hq", "p1", "bottom")
    reveal(state, "p1", ("german", "soviet"), "combat:1")
    set_top(BUG_RIVER, state, BUG_UNITS, "p1", "so-hq", "soviet")
    reorder(BUG_RIVER, state, BUG_UNITS, "p1", ["so-hq", "so-at", "so-rifle"])
    remove(BUG_RIVER, state, BUG_UNITS, "so-at")
    assert clone(state) == state
    assert state["reveals"] == [{"location": "p1", "units": ["so-hq", "so-rifle", "so-at"], "to": ["german", "soviet"], "until": "combat:1"}]
    for viewer in ("german", "soviet", PUBLIC, REFEREE):
        data = {k: v.to_json() for k, v in project_stacks(BUG_RIVER, state, BUG_UNITS, viewer).items()}
        assert json.loads(json.dumps(data)) == data


def test_a_projection_does_not_share_data_with_the_state():
    """Changing a projected counter's attributes leaves the units untouched."""
    units = clone(BUG_UNITS)
    state = state_with(**{"p1": ["so-rifle"]})
    view = project_stack(BUG_RIVER, state, units, "p1", "soviet")
    view.to_json()["counters"][0]["attributes"]["strength"] = 0
    view.counters[0].attributes["strength"] = 0
    assert units["so-rifle"]["strength"] == 5


def test_a_negative_depth_is_refused():
    """A rule cannot be stated with a negative depth."""
    with pytest.raises(ValueError):
        StackRule(rule="x", enemy_depth=-1)


@given(
    order=st.permutations(["so-hq", "so-rifle", "so-at", "so-tank", "so-hq2"]).map(list),
    data=st.data(),
)
def test_what_is_hidden_can_be_reshuffled_without_the_enemy_seeing_a_change(order, data):
    """Permuting the counters below what the enemy sees changes nothing in its projection."""
    state = state_with(**{"p1": order})
    before = project_stack(BUG_RIVER, state, BUG_UNITS, "p1", "german")
    seen = sum(1 for c in before.counters if not c.blank)
    state["stacks"]["p1"] = order[:seen] + data.draw(st.permutations(order[seen:]))
    assert project_stack(BUG_RIVER, state, BUG_UNITS, "p1", "german") == before


@given(
    moves=st.lists(
        st.tuples(
            st.sampled_from(sorted(SCHWERPUNKT_UNITS)),
            st.sampled_from(["2314", "2415", "admin-1", None]),
            st.sampled_from(["top", "bottom", 0, 1]),
        ),
        max_size=20,
    )
)
def test_any_sequence_of_places_and_removals_keeps_the_invariants(moves):
    """Whatever the referee places or removes, every stack stays within its rule."""
    state = state_with()
    for unit, location, position in moves:
        try:
            if location is None:
                remove(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, unit)
            else:
                place(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, unit, location, position)
        except InvalidOrder:
            pass
        check(SCHWERPUNKT, state, SCHWERPUNKT_UNITS)
        assert clone(state) == state


def test_unit_ref_names_a_hidden_counter_by_side_and_place_to_those_who_cannot_see_it():
    """A text naming a unit below the top of a hidden stack: its owner reads the name, the
    enemy and the public a blank of its side in its hex, never the unit."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf"]})
    ref = unit_ref(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "ge-320inf", "320 Inf", ("german", "soviet", PUBLIC))
    text = t("{unit} moves.", unit=ref)
    assert text.format(viewer="german") == "320 Inf moves."
    assert text.format(viewer=REFEREE) == "320 Inf moves."
    assert text.format(viewer="soviet") == text.format(viewer=PUBLIC) == "a german counter in 2314 moves."


def test_unit_ref_is_the_plain_name_when_every_viewer_sees_the_counter():
    """The top unit is seen by all: no secret is made of it."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf"]})
    assert unit_ref(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "ge-11pz", "11 Pz", ("german", "soviet", PUBLIC)) == "11 Pz"


def test_unit_ref_follows_a_reveal():
    """A counter revealed to the enemy is named to it; the public still reads a blank."""
    state = state_with(**{"2314": ["ge-11pz", "ge-320inf"]})
    reveal(state, "2314", "soviet", until="combat:1")
    text = t("{unit}", unit=unit_ref(SCHWERPUNKT, state, SCHWERPUNKT_UNITS, "ge-320inf", "320 Inf", ("german", "soviet", PUBLIC)))
    assert text.format(viewer="soviet") == "320 Inf" and "320" not in text.format(viewer=PUBLIC)


def test_with_shown_attributes_adds_to_shown_counters_and_leaves_blanks_alone():
    """A stack view's shown counters get the extra attributes for their unit; a blank gets none and is not asked about."""
    from engine.stacks import with_shown_attributes

    view = {"counters": [{"slot": "a", "blank": False, "unit": "u1", "attributes": {"step": 1}}, {"slot": "b", "blank": True}]}
    asked: list[str] = []
    got = with_shown_attributes(view, lambda uid, attributes: asked.append(uid) or {"values": f"{uid}:{attributes['step']}"})
    assert got["counters"] == [{"slot": "a", "blank": False, "unit": "u1", "attributes": {"step": 1, "values": "u1:1"}}, {"slot": "b", "blank": True}]
    assert asked == ["u1"] and "values" not in view["counters"][0]["attributes"]
