"""The 454th Security Division (15.9, ruling 42), merging reduced Soviet units (18.1) and the
4th Guards Cavalry Corps HQ (15.7)."""

import pytest

from engine.errors import IllegalOrder
from engine.games.caucasus import battle, moves
from tests.engine.games.caucasus.helpers import fixed_dice, open_line, place, settle, top
from tests.engine.games.caucasus.position import empty_board, referee

ROSTOV = "1031"


def refused(m, role, order, rule):
    with pytest.raises(IllegalOrder) as exc:
        m.submit(role, order)
    assert f"({rule})" in str(exc.value), str(exc.value)


# The 454th Security Division --------------------------------------------------------------------
@pytest.fixture
def sec454():
    m = empty_board(seed="454")
    referee(m, "turn 2")
    referee(m, "phase axis primary movement")
    place(m, ("454sec", "0733"))
    return m


def test_the_454th_must_move_to_rostov_before_the_phase_ends(sec454):
    m = sec454
    acts = m.prompt("axis").actions
    assert [a for a in acts if a.args and a.args[0] == "454sec"] == [type(acts[0])("move", ("454sec", ROSTOV))]
    assert "done" not in {a.verb for a in acts}
    refused(m, "axis", "done", "15.9")
    refused(m, "axis", "move 454sec 0833", "15.9")
    m.submit("axis", f"move 454sec {ROSTOV}")
    assert m.state["units"]["454sec"]["hex"] == ROSTOV and m.state["flags"]["reached_rostov_454"]
    m.submit("axis", "done")


def test_the_454th_stays_in_rostov(sec454):
    m = sec454
    place(m, ("454sec", ROSTOV))
    refused(m, "axis", "move 454sec 0932", "15.9")
    assert not [a for a in m.prompt("axis").actions if a.args and a.args[0] == "454sec"]


def test_out_of_reach_it_moves_as_near_to_rostov_as_it_can(sec454):
    m = sec454
    grid = m.game.rules.board.grid
    far = "0823"
    place(m, ("454sec", far))
    dests = moves.destinations(m.game.rules, m.state, "454sec")
    assert dests and ROSTOV not in dests
    best = min(grid.distance(h, ROSTOV) for h in dests)
    assert all(grid.distance(h, ROSTOV) == best for h in dests) and best < grid.distance(far, ROSTOV)
    worse = next(h for h in m.game.rules.board.neighbours(far) if grid.distance(h, ROSTOV) > best)
    refused(m, "axis", f"move 454sec {worse}", "15.9")
    m.submit("axis", f"move 454sec {sorted(dests)[0]}")


def test_forced_out_of_rostov_it_may_move_only_to_re_enter_it(sec454):
    m = sec454
    m.submit("axis", f"move 454sec {ROSTOV}")
    m.submit("axis", "done")
    referee(m, "turn 3")
    referee(m, "phase axis primary movement")
    place(m, ("454sec", "0932"))
    refused(m, "axis", "move 454sec 0832", "15.9")
    assert "done" in {a.verb for a in m.prompt("axis").actions}, "no longer compelled once it has arrived"
    m.submit("axis", f"move 454sec {ROSTOV}")


def test_the_454th_takes_the_train_only_into_rostov(sec454):
    m = sec454
    rules = m.game.rules
    rail_hex = next(h for h in rules.board.neighbours(ROSTOV) if rules.board.line("rail", ROSTOV, h) is not None)
    place(m, ("454sec", ROSTOV))
    refused(m, "axis", f"rail 454sec {rail_hex}", "15.9")
    place(m, ("454sec", rail_hex))
    m.submit("axis", f"rail 454sec {ROSTOV}")


# Merging reduced Soviet units (18.1) ----------------------------------------------------------
@pytest.fixture
def soviet():
    m = empty_board(seed="merge", phase="soviet primary movement")
    return m, sorted(m.game.rules.board.grid.labels())


def test_two_reduced_rifle_divisions_merge_into_one(soviet):
    m, _ = soviet
    place(m, ("s102rd", "1532"), ("s230rd", "1532"))
    referee(m, "step s102rd 1")
    referee(m, "step s230rd 1")
    assert ("merge", ("s102rd", "s230rd")) in {(a.verb, a.args) for a in m.prompt("soviet").actions}
    m.submit("soviet", "merge s102rd s230rd")
    assert m.state["units"]["s102rd"]["step"] == 0 and m.state["units"]["s230rd"]["box"] == "cadre"


def test_only_reduced_units_in_one_hex(soviet):
    m, _ = soviet
    place(m, ("s102rd", "1532"), ("s230rd", "1532"), ("s275rd", "1733"))
    referee(m, "step s102rd 1")
    referee(m, "step s230rd 0")
    refused(m, "soviet", "merge s102rd s230rd", "18.1")
    referee(m, "step s230rd 1")
    referee(m, "step s275rd 1")
    refused(m, "soviet", "merge s102rd s275rd", "18.1")


def test_the_lower_quality_division_is_the_one_restored(soviet):
    m, _ = soviet
    place(m, ("s102rd", "1532"), ("s417rd", "1532"))
    referee(m, "step s102rd 1")  # reduced TQ Low
    referee(m, "step s417rd 1")  # reduced TQ Regular
    refused(m, "soviet", "merge s417rd s102rd", "18.1")
    m.submit("soviet", "merge s102rd s417rd")
    assert m.state["units"]["s102rd"]["step"] == 0


@pytest.mark.parametrize("other", ["s2grd", "s-nkvd-groz", "s20mrd", "s110cd"])
def test_guards_nkvd_mountain_and_cavalry_divisions_do_not_merge(soviet, other):
    m, _ = soviet
    place(m, ("s102rd", "1532"), (other, "1532"))
    referee(m, "step s102rd 1")
    referee(m, f"step {other} 1")
    refused(m, "soviet", f"merge {other} s102rd", "18.1")
    refused(m, "soviet", f"merge s102rd {other}", "18.1")


def test_a_regular_rifle_brigade_restores_a_reduced_division(soviet):
    m, _ = soviet
    place(m, ("s102rd", "1532"), ("s16rb", "1532"), ("s83nb", "1532"))
    referee(m, "step s102rd 1")
    refused(m, "soviet", "merge s102rd s83nb", "18.1")  # Naval brigades do not merge
    m.submit("soviet", "merge s16rb s102rd")
    assert m.state["units"]["s102rd"]["step"] == 0 and m.state["units"]["s16rb"]["box"] == "cadre"
    assert m.state["units"]["s102rd"]["moved"], "the merge ends its move"


def test_merging_is_soviet_and_in_a_friendly_movement_phase(soviet):
    m, _ = soviet
    place(m, ("s102rd", "1532"), ("s230rd", "1532"))
    referee(m, "step s102rd 1")
    referee(m, "step s230rd 1")
    referee(m, "phase axis primary movement")
    refused(m, "axis", "merge s102rd s230rd", "18.1")
    referee(m, "turn 2")
    referee(m, "phase soviet secondary movement")
    m.submit("soviet", "merge s102rd s230rd")


# The 4th Guards Cavalry Corps HQ (15.7) --------------------------------------------------------
def run_soviet_initial(m):
    referee(m, "phase soviet initial -")
    for _ in range(40):
        if top(m) in ("corps_choice", "movement"):
            return
        role = sorted(m.active())[0]
        acts = m.prompt(role).actions
        done = [a for a in acts if a.verb == "done"]
        m.play(role, done[0] if done else acts[0])
    raise AssertionError("the Initial Phase did not end")


def test_from_turn_7_the_corps_hq_may_be_placed_with_a_cavalry_division():
    m = empty_board(seed="corps")
    referee(m, "turn 7")
    place(m, ("s12cd", "1733"))
    run_soviet_initial(m)
    assert top(m) == "corps_choice"
    acts = {(a.verb, a.args) for a in m.prompt("soviet").actions}
    assert acts == {("done", ()), ("place", ("s4gcc", "1733"))}
    refused(m, "soviet", "place s4gcc 1532", "15.7")
    m.submit("soviet", "place s4gcc 1733")
    assert m.state["units"]["s4gcc"]["hex"] == "1733"


def test_the_corps_hq_may_be_kept_for_later_and_is_not_offered_before_turn_7():
    m = empty_board(seed="corps")
    referee(m, "turn 6")
    place(m, ("s12cd", "1733"))
    run_soviet_initial(m)
    assert top(m) == "movement"
    referee(m, "turn 7")
    run_soviet_initial(m)
    m.submit("soviet", "done")
    assert m.state["units"]["s4gcc"]["box"] == "4gcc"


def test_the_corps_and_three_cavalry_divisions_count_as_one_unit():
    m = empty_board(seed="corps", phase="soviet primary movement")
    here = "1733"
    place(m, ("s12cd", here), ("s13cd", here), ("s15cd", here), ("s102rd", here), ("s230rd", here))
    assert here in moves.over_stacked(m.game.rules, m.state, "soviet")
    place(m, ("s4gcc", here))
    assert here not in moves.over_stacked(m.game.rules, m.state, "soviet")
    m.submit("soviet", "done")


def test_the_corps_hq_moves_only_with_its_cavalry():
    m = empty_board(seed="corps", phase="soviet primary movement")
    target, near, start = open_line(m)
    place(m, ("s4gcc", start), ("s12cd", start), ("s13cd", start))
    refused(m, "soviet", f"move s4gcc {near}", "15.7")
    m.submit("soviet", f"move s4gcc s12cd {near}")
    assert m.state["units"]["s4gcc"]["hex"] == near


def test_the_corps_hq_goes_when_its_last_cavalry_division_leaves():
    m = empty_board(seed="corps", phase="soviet primary movement")
    target, near, start = open_line(m)
    place(m, ("s4gcc", start), ("s12cd", start))
    m.submit("soviet", f"move s12cd {near}")
    assert m.state["units"]["s4gcc"]["box"] == "removed"


def test_the_corps_hq_does_not_retreat_or_lead_a_dd_and_is_removed_with_its_last_cavalry(monkeypatch):
    m = empty_board(seed="corps", phase="axis primary combat")
    target, near, start = open_line(m)
    place(m, ("s4gcc", target), ("s12cd", target), ("13pz", near))
    assert battle.dd_leads(m.game.rules, m.state, ["s4gcc", "s12cd"]) == ["s12cd"]
    m.state["standing"]["soviet"] = {"dd": "never", "loss": "auto", "retreat": "auto"}
    fixed_dice(monkeypatch, 3)  # 4-1, roll 3: DR
    m.submit("axis", f"attack 13pz -> {target}")
    settle(m, until=("combat", "advance_choice"))
    assert m.state["units"]["s4gcc"]["box"] == "removed"
    assert m.state["units"]["s12cd"]["hex"] not in (None, target)
    assert top(m) == "advance_choice", "the hex is empty: the attacker may advance"
