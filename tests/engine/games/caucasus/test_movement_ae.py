"""Automatic Elimination during the Primary Movement Phase (8.5) and the advance that follows it."""

import pytest

from engine.errors import IllegalOrder
from tests.engine.games.caucasus.helpers import open_line, place, top
from tests.engine.games.caucasus.position import empty_board, referee


@pytest.fixture
def line():
    m = empty_board(seed="ae", phase="axis primary movement")
    target, near, start = open_line(m)
    place(m, ("13pz", near), ("14pz", near), ("s16rb", target))
    return m, target, near, start


def refused(m, role, order, rule):
    with pytest.raises(IllegalOrder) as exc:
        m.submit(role, order)
    assert f"({rule})" in str(exc.value), str(exc.value)


def test_defenders_are_removed_at_once_and_participants_marked(line):
    m, target, near, start = line
    m.submit("axis", f"ae {target} with 13pz 14pz")
    assert m.state["units"]["s16rb"]["box"] == "cadre"
    assert m.state["units"]["13pz"]["ae"] == target == m.state["units"]["14pz"]["ae"]
    assert top(m) == "movement"


def test_the_log_names_each_defender_the_automatic_elimination_removes_and_8_5(line):
    """The engine removes the defenders itself: the log names each one and the rule, 8.5."""
    m, target, near, start = line
    m.submit("axis", f"ae {target} with 13pz 14pz")
    texts = [str(e.text) for e in m.records[-1].entries]
    assert any(x.startswith("s16rb is eliminated by the Automatic Elimination (") and x.endswith(") (8.5).") for x in texts)


def test_the_listed_automatic_elimination_is_accepted(line):
    m, target, near, start = line
    listed = [a for a in m.prompt("axis").actions if a.verb == "ae"]
    assert [a.args for a in listed] == [(target, "with", "13pz", "14pz")]
    m.play("axis", listed[0])
    assert not m.state["units"]["s16rb"]["hex"]


def test_only_in_the_primary_movement_phase(line):
    m, target, near, start = line
    referee(m, "phase axis secondary movement")
    place(m, ("13pz", near), ("14pz", near))
    refused(m, "axis", f"ae {target} with 13pz 14pz", "8.5")


def test_the_units_must_guarantee_ten_to_one(line):
    m, target, near, start = line
    refused(m, "axis", f"ae {target} with 13pz", "8.5")


def test_participants_do_not_move_again_but_others_move_through(line):
    m, target, near, start = line
    rules = m.game.rules
    m.submit("axis", f"ae {target} with 13pz 14pz")
    refused(m, "axis", f"move 13pz {start}", "8.5")
    place(m, ("3pz", start))
    beyond = next(h for h in rules.board.neighbours(target) if rules.board.grid.distance(h, start) == 3)
    m.submit("axis", f"move 3pz {start} {near} {target} {beyond}")
    assert m.state["units"]["3pz"]["hex"] == beyond


def test_air_support_counts_and_is_spent(line):
    m, target, near, start = line
    place(m, ("17a-hq", start))
    m.submit("axis", f"ae {target} with 13pz 14pz air viii-fk")
    assert not m.state["air"]["viii-fk"]["ready"]


def test_in_the_following_combat_phase_they_advance_but_never_attack(line):
    m, target, near, start = line
    rules = m.game.rules
    m.submit("axis", f"ae {target} with 13pz 14pz")
    other = next(h for h in rules.board.neighbours(near) if h not in (target, start))
    place(m, ("s102rd", other))
    m.submit("axis", "done")
    assert top(m) == "combat"
    refused(m, "axis", f"attack 13pz -> {other}", "8.5")
    listed = [a for a in m.prompt("axis").actions if a.verb == "advance"]
    assert {a.args for a in listed} == {("13pz", target), ("14pz", target)}
    m.submit("axis", f"advance 13pz {target}")
    u = m.state["units"]["13pz"]
    assert u["hex"] == target and not u["ae"]
    refused(m, "axis", f"attack 13pz -> {other}", "8.1")
    m.submit("axis", "done")
    assert not m.state["units"]["14pz"]["ae"], "the marker has no use after the Combat Phase"


def test_a_unit_without_an_ae_marker_cannot_advance_in_the_combat_phase(line):
    m, target, near, start = line
    referee(m, "phase axis primary combat")
    refused(m, "axis", f"advance 13pz {start}", "8.5")


def test_a_combat_at_ten_to_one_logs_each_defender_removed_with_8_5():
    """In the Combat Phase 10-1 eliminates the defenders without a roll: the log says so, citing 8.5."""
    m = empty_board(seed="ae", phase="axis primary combat")
    target, near, start = open_line(m)
    place(m, ("13pz", near), ("14pz", near), ("s16rb", target))
    texts = [str(e.text) for r in m.submit("axis", f"attack 13pz 14pz -> {target}") for e in r.entries]
    assert "Automatic Elimination: odds of 10-1 or more after shifts, the defenders are eliminated without a die roll (8.5)." in texts
    assert any(x.startswith("s16rb is eliminated by the Automatic Elimination (") and x.endswith(") (8.5).") for x in texts)
