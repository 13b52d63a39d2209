"""Mobile Assault (13) inside a Secondary Movement Phase, on the real map with referee positions."""

import pytest

from engine.errors import IllegalOrder
from tests.engine.games.caucasus.helpers import fixed_dice, open_line, place, settle, texts, top
from tests.engine.games.caucasus.position import empty_board, referee


@pytest.fixture
def line():
    """Two Panzer divisions two hexes from a lone Soviet rifle brigade in open country."""
    m = empty_board(seed="mobile", phase="axis secondary movement")
    target, near, start = open_line(m)
    place(m, ("13pz", start), ("14pz", start), ("s16rb", target))
    return m, target, near, start


def refused(m, role, order, rule):
    with pytest.raises(IllegalOrder) as exc:
        m.submit(role, order)
    assert f"({rule})" in str(exc.value), str(exc.value)
    return str(exc.value)


def test_a_group_moves_pays_three_mp_and_assaults(line, monkeypatch):
    m, target, near, start = line
    fixed_dice(monkeypatch, 3)
    recs = m.submit("axis", f"mobile 13pz 14pz {near} -> {target}")
    log = texts(recs)
    assert any(x.startswith("Mobile Assault on") for x in log)
    assert any("uses 9-1" in x for x in log), "20 to 2 and shifts: capped at 9-1, no AE (13.1)"
    for uid in ("13pz", "14pz"):
        u = m.state["units"][uid]
        assert u["hex"] == near and u["mp_spent"] == 4 and u["moved"]
        assert not u["attacked"], "a Mobile Assault is movement, not an attack (13.2)"
    assert m.state["units"]["s16rb"]["box"] == "cadre"
    assert top(m) == "mobile_advance"


def test_the_group_enters_the_emptied_hex_free_then_moves_on_together(line, monkeypatch):
    m, target, near, start = line
    fixed_dice(monkeypatch, 3)
    m.submit("axis", f"mobile 13pz 14pz {near} -> {target}")
    refused(m, "axis", f"advance 13pz {target}", "13.1")
    m.submit("axis", f"advance 13pz 14pz {target}")
    assert top(m) == "movement"
    assert all(m.state["units"][u]["hex"] == target and m.state["units"][u]["mp_spent"] == 4 for u in ("13pz", "14pz"))
    beyond = next(h for h in m.game.rules.board.neighbours(target) if h not in (near,))
    refused(m, "axis", f"move 13pz {beyond}", "13.1")
    m.submit("axis", f"move 13pz 14pz {beyond}")
    assert all(m.state["units"][u]["hex"] == beyond and m.state["units"][u]["mp_spent"] == 5 for u in ("13pz", "14pz"))
    further = next(h for h in m.game.rules.board.neighbours(beyond) if h not in (target,))
    refused(m, "axis", f"move 13pz 14pz {further} {next(iter(m.game.rules.board.neighbours(further)))}", "7.1")


def test_declining_the_entry_leaves_the_group_where_it_attacked(line, monkeypatch):
    m, target, near, start = line
    fixed_dice(monkeypatch, 3)
    m.submit("axis", f"mobile 13pz 14pz {near} -> {target}")
    m.submit("axis", "done")
    assert top(m) == "movement" and m.state["units"]["13pz"]["hex"] == near


def test_only_in_a_secondary_movement_phase(line):
    m, target, near, start = line
    referee(m, "phase axis primary movement")
    place(m, ("13pz", start), ("14pz", start))
    refused(m, "axis", f"mobile 13pz {near} -> {target}", "13.1")


def test_only_mechanized_or_cavalry_units(line):
    m, target, near, start = line
    place(m, ("73inf", near))
    refused(m, "axis", f"mobile 73inf -> {target}", "13.1")


def test_needs_three_mp_left_after_the_path_and_each_new_assault(monkeypatch):
    m = empty_board(seed="mobile", phase="axis secondary movement")
    referee(m, "turn 2")
    referee(m, "phase soviet secondary movement")
    target, near, start = open_line(m)
    place(m, ("s12cd", near), ("73inf", target))
    fixed_dice(monkeypatch, 1)  # 1-1: A1, the target is not emptied
    m.submit("soviet", f"mobile s12cd -> {target}")
    settle(m)
    assert m.state["units"]["s12cd"]["mp_spent"] == 3 and m.state["units"]["s12cd"]["step"] == 1
    refused(m, "soviet", f"mobile s12cd -> {target}", "13.1")
    refused(m, "soviet", "assault s12cd", "13.1")


def test_a_group_that_did_not_empty_the_hex_may_assault_again_and_buy_a_tied_marker(line, monkeypatch):
    m, target, near, start = line
    referee(m, "remove s16rb")
    place(m, ("s102rd", target), ("s395rd", target), ("s383rd", target), ("13pz", near))
    referee(m, "remove 14pz")
    fixed_dice(monkeypatch, 1, 1)  # 10 against 15: 1-2 and shifts; A1 twice
    m.submit("axis", f"mobile 13pz -> {target}")
    settle(m)
    assert m.state["units"]["13pz"]["mp_spent"] == 3
    m.submit("axis", f"mobile 13pz -> {target}")
    settle(m)
    assert m.state["units"]["13pz"]["mp_spent"] == 6
    refused(m, "axis", "assault 13pz", "13.1")


def test_the_assault_marker_after_a_mobile_assault_is_tied_to_its_hex(line, monkeypatch):
    m, target, near, start = line
    referee(m, "remove s16rb")
    place(m, ("s102rd", target), ("s395rd", target), ("s383rd", target), ("13pz", near))
    referee(m, "remove 14pz")
    fixed_dice(monkeypatch, 1)
    m.submit("axis", f"mobile 13pz -> {target}")
    settle(m)
    m.submit("axis", "assault 13pz")
    assert m.state["units"]["13pz"]["assault"] == target
    refused(m, "axis", f"mobile 13pz -> {target}", "7.3")


def test_the_soviet_uses_neither_air_nor_fleet(monkeypatch):
    m = empty_board(seed="mobile", phase="axis secondary movement")
    referee(m, "turn 3")
    referee(m, "phase soviet secondary movement")
    target, near, start = open_line(m)
    place(m, ("s12cd", near), ("73inf", target), ("s-ncf-hq", start))
    referee(m, "air s-4aa available")
    referee(m, "air s-4aa ready")
    refused(m, "soviet", f"mobile s12cd -> {target} air s-4aa", "13.1")
    referee(m, "fleet bsf-1 available")
    refused(m, "soviet", f"mobile s12cd -> {target} fleet bsf-1", "13.1")


def test_the_axis_may_use_air(line, monkeypatch):
    m, target, near, start = line
    place(m, ("17a-hq", start))
    fixed_dice(monkeypatch, 3)
    m.submit("axis", f"mobile 13pz 14pz {near} -> {target} air iv-fk")
    assert not m.state["air"]["iv-fk"]["ready"]


def test_stacking_must_be_legal_at_the_assault_hex(line):
    m, target, near, start = line
    place(m, ("3pz", start), ("73inf", near))
    refused(m, "axis", f"mobile 13pz 14pz 3pz {near} -> {target}", "5.2")


def test_units_on_the_path_are_picked_up_with_the_mp_spent_so_far(line, monkeypatch):
    m, target, near, start = line
    referee(m, "remove 14pz")
    place(m, ("14pz", near))
    fixed_dice(monkeypatch, 3)
    m.submit("axis", f"mobile 13pz 14pz {near} -> {target}")
    assert m.state["units"]["14pz"]["mp_spent"] == 4 == m.state["units"]["13pz"]["mp_spent"]


def test_moved_units_are_not_picked_up_and_others_must_be_on_the_path(line):
    m, target, near, start = line
    rules = m.game.rules
    referee(m, "remove 14pz")
    aside = next(h for h in rules.board.neighbours(near) if h not in (start, target) and m.game.rules.board.grid.distance(h, target) == 1)
    place(m, ("14pz", aside), ("3pz", start))
    refused(m, "axis", f"mobile 13pz 14pz {near} -> {target}", "13.1")
    m.submit("axis", f"move 14pz {near}")
    m.submit("axis", f"move 3pz {aside}")
    refused(m, "axis", f"mobile 13pz 14pz {near} -> {target}", "13.1")


def test_only_the_group_that_moved_last_may_assault_after_moving(line, monkeypatch):
    m, target, near, start = line
    fixed_dice(monkeypatch, 3)
    m.submit("axis", f"move 13pz 14pz {near}")
    m.submit("axis", f"mobile 13pz 14pz -> {target}")
    assert m.state["units"]["13pz"]["mp_spent"] == 4


def test_a_finished_group_may_not_assault_later(line):
    m, target, near, start = line
    rules = m.game.rules
    m.submit("axis", f"move 13pz 14pz {near}")
    far = next(h for h in rules.board.neighbours(start) if h != near and rules.board.grid.distance(h, target) == 3)
    place(m, ("3pz", start))
    m.submit("axis", f"move 3pz {far}")
    refused(m, "axis", f"mobile 13pz 14pz -> {target}", "7.1")


def test_across_a_major_river_only_from_where_the_group_started(monkeypatch):
    m = empty_board(seed="mobile", phase="axis secondary movement")
    rules = m.game.rules
    from engine.games.caucasus.terrain import natural

    found = None
    for a in sorted(rules.board.grid.labels()):
        for b in rules.board.neighbours(a):
            if "major_river" not in rules.board.side(a, b) or rules.board.line("road", a, b) is not None or rules.board.line("rail", a, b) is not None:
                continue
            if natural(rules, a, 1) != "open" or natural(rules, b, 1) != "open" or a in rules.board.places or b in rules.board.places:
                continue
            for c in rules.board.neighbours(a):
                if c != b and not rules.board.grid.adjacent(c, b) and not rules.board.side(a, c) and natural(rules, c, 1) == "open" and c not in rules.board.places:
                    found = (a, b, c)
                    break
            if found:
                break
        if found:
            break
    assert found, "the map has a major river between open hexes"
    a, b, c = found
    place(m, ("13pz", c), ("s16rb", b), ("14pz", a))
    refused(m, "axis", f"mobile 13pz {a} -> {b}", "13.1")
    fixed_dice(monkeypatch, 3)
    m.submit("axis", f"mobile 14pz -> {b}")
    assert m.state["units"]["14pz"]["mp_spent"] == 3


def test_retreated_units_defend_again_and_survive_a_second_retreat(line, monkeypatch):
    m, target, near, start = line
    referee(m, "remove s16rb")
    place(m, ("s110cd", target))
    referee(m, "mark s110cd retreated on")
    m.state["standing"]["soviet"] = {"dd": "never", "loss": "auto", "retreat": "auto"}
    fixed_dice(monkeypatch, 1)  # 9-1: D1
    m.submit("axis", f"mobile 13pz 14pz {near} -> {target}")
    settle(m)
    u = m.state["units"]["s110cd"]
    assert u["hex"] and u["hex"] != target and u["step"] == 1, "not eliminated for a second retreat (13.2)"


def test_not_one_step_back_holds_units_in_an_enemy_zoc():
    m = empty_board(seed="mobile", phase="soviet secondary movement")
    target, near, start = open_line(m)
    place(m, ("s12cd", near), ("73inf", target))
    refused(m, "soviet", f"mobile s12cd -> {target}", "18.2")


def test_a_disorganized_unit_may_not_assault_from_an_enemy_zoc(line):
    m, target, near, start = line
    referee(m, "mark 13pz disorganized on")
    refused(m, "axis", f"mobile 13pz 14pz {near} -> {target}", "11.5")


def test_the_flotilla_makes_no_mobile_assault():
    m = empty_board(seed="mobile", phase="axis secondary movement")
    referee(m, "turn 2")
    referee(m, "phase soviet secondary movement")
    rules = m.game.rules
    temryuk = rules.by_name["temryuk"]
    enemy_hex = rules.board.neighbours(temryuk)[0]
    place(m, ("s-azov", temryuk), ("73inf", enemy_hex))
    refused(m, "soviet", f"mobile s-azov -> {enemy_hex}", "15.3")


def test_listed_mobile_assaults_are_accepted(line, monkeypatch):
    m, target, near, start = line
    place(m, ("13pz", near), ("14pz", near))
    listed = [a for a in m.prompt("axis").actions if a.verb == "mobile" and "14pz" in a.args and "13pz" in a.args]
    assert listed
    fixed_dice(monkeypatch, 3)
    m.play("axis", listed[0])
    assert top(m) == "mobile_advance"
    listed = m.prompt("axis").actions
    assert [a.verb for a in listed] == ["done", "advance"]
    m.play("axis", listed[1])
    moves = [a for a in m.prompt("axis").actions if a.verb == "move" and "13pz" in a.args]
    assert moves and all("14pz" in a.args for a in moves), "the group moves on together"
    m.play("axis", moves[0])
