"""Limited knowledge (5.3.4): the enemy sees the top counter, under an HQ the first combat unit, never a current strength."""

from bot.i18n import render
from engine import stacks
from engine.game import Action
from engine.games.across_the_bug_river.game import POLICY
from tests.engine.games.across_the_bug_river.helpers import GAME, activating, empty, fresh, put


def shown(state, label, viewer):
    return stacks.project_stack(POLICY, state, state["units"], label, viewer).counters


def test_the_enemy_sees_only_the_top_counter():
    """5.3.4: a stack of two shows the Soviet its top unit and a blank."""
    state = empty()
    put(state, "I/103", "1305")
    put(state, "I/36", "1305")
    seen = shown(state, "1305", "soviet")
    assert [c.blank for c in seen] == [False, True]


def test_the_enemy_looks_under_an_hq():
    """5.3.4: an HQ on top can be looked under: the first combat unit beneath is seen, the next is not."""
    state = empty()
    put(state, "I/103", "1408")
    put(state, "I/36", "1408")
    put(state, "HQ-14pz", "1408")
    seen = shown(state, "1408", "public")
    assert seen[0].unit == "HQ-14pz" and not seen[1].blank and seen[2].blank


def test_the_owner_sees_the_whole_stack_with_strengths():
    """The owner's own picture draws every counter and its current strength."""
    state = empty()
    put(state, "I/103", "1305")
    put(state, "I/36", "1305")
    seen = shown(state, "1305", "german")
    assert all(not c.blank and "strength" in c.attributes for c in seen)


def test_a_current_strength_is_never_shown_to_the_enemy_even_revealed():
    """3.4 / digest 6.1: strength-loss markers may never be inspected, not even once a stack is revealed."""
    state = empty()
    put(state, "I/103", "1305")
    put(state, "I/36", "1305")
    stacks.reveal(state, "1305", "soviet", until="combat:1")
    for viewer in ("soviet", "public"):
        for c in shown(state, "1305", viewer):
            assert "strength" not in c.attributes and "assigned" not in c.attributes


def test_an_order_naming_a_hidden_unit_names_a_blank_to_the_others():
    """A move of a counter below the top is read by the enemy as 'a german counter in 1305'."""
    state = empty()
    put(state, "I/103", "1305")
    put(state, "I/36", "1305")
    activating(state, "german", "14pz", 3)
    hidden = stacks.stack(state, "1305")[1]
    said = GAME.order_said(state, "german", Action("move", (hidden, "1405")))
    assert hidden not in render(said, viewer="soviet") and "1305" in render(said, viewer="soviet")
    assert hidden in render(said, viewer="german")


def test_the_secrets_are_the_counters_no_enemy_has_seen():
    """secrets(): a unit below the top that was never shown is a secret of its side."""
    state = empty()
    put(state, "I/103", "1305")
    put(state, "I/36", "1305")
    GAME.note_shown(state)
    top, below = stacks.stack(state, "1305")
    assert GAME.secrets(state)["german"] == {below}
    stacks.set_top(POLICY, state, state["units"], "1305", below, "german")
    GAME.note_shown(state)
    assert GAME.secrets(state)["german"] == set()  # both have now been seen on top
    assert {top, below} <= set(state["shown"])


def test_the_view_carries_no_unit_record_outside_the_stacks():
    """The view hands out stacks only through their projection: no raw unit table."""
    state = fresh()
    view = GAME.view(state, "public")
    assert "units" not in view and "stacks" in view


def test_the_log_of_a_move_names_a_hidden_mover_by_a_blank():
    """A counter moved from below the top of its stack is not named to the enemy (5.3.4)."""
    from bot.i18n import render as say
    from tests.engine.games.across_the_bug_river.helpers import play

    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "I/103", "1407")
    put(state, "I/36", "1407")
    activating(state, "german", "14pz", 3)
    hidden = stacks.stack(state, "1407")[1]
    log = play(state, "german", f"move {hidden} 1406")
    for viewer in ("soviet", "public"):
        assert all(hidden not in say(e.text, viewer=viewer) for e in log.entries)
    assert any(hidden in say(e.text, viewer="german") for e in log.entries)


def test_the_pictures_print_values_for_the_owner_only():
    """The owner's picture prints strength-efficiency-movement on his counters; the enemy's and the
    channel's pictures print none, even on a revealed stack (3.4)."""
    state = empty()
    put(state, "I/36", "1305")
    state["units"]["I/36"]["strength"] = 3
    stacks.reveal(state, "1305", "soviet", until="combat:1")
    printed = GAME.rules.units["I/36"]
    mine = GAME.view(state, "german")["stacks"]["1305"]["counters"][0]["attributes"]
    assert mine["values"] == f"3-{printed.eff}-{printed.ma}" and mine["type"] == "tank"
    for viewer in ("soviet", "public"):
        theirs = GAME.view(state, viewer)["stacks"]["1305"]["counters"][0]["attributes"]
        assert "values" not in theirs and theirs["type"] == "tank"
