"""Combat through the game's procedures: declaration, CRT, losses, DD, retreat, advance."""

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from tests.engine.games.caucasus.position import empty_board, plain_hexes, referee, unit_of


@pytest.fixture
def fight():
    """Two German infantry divisions next to one Soviet rifle division in open country."""
    m = empty_board(seed="battle", phase="axis primary combat")
    rules = m.game.rules
    hexes = plain_hexes(m)
    target = hexes[0]
    ns = rules.board.neighbours(target)
    a1 = unit_of(m, "axis", "INF")
    a2 = unit_of(m, "axis", "INF", exclude=(a1,))
    d = unit_of(m, "soviet", "INF")
    referee(m, f"place {a1} {ns[0]}")
    referee(m, f"place {a2} {ns[1]}")
    referee(m, f"place {d} {target}")
    return m, a1, a2, d, target


def test_attack_resolves_and_logs_the_roll(fight):
    m, a1, a2, d, target = fight
    recs = m.submit("axis", f"attack {a1} {a2} -> {target}")
    texts = [str(e.text) for r in recs for e in r.entries]
    assert any("rolled" in x for x in texts)
    assert any(x.startswith("Result:") for x in texts)
    assert m.state["units"][a1]["attacked"] and m.state["units"][d]["defended"]


def test_attack_is_a_barrier(fight):
    m, a1, a2, d, target = fight
    m.submit("axis", f"attack {a1} {a2} -> {target}")
    with pytest.raises(IllegalOrder):
        m.undo("axis")


def test_no_unit_attacks_twice_in_a_phase(fight):
    m, a1, a2, d, target = fight
    m.submit("axis", f"attack {a1} -> {target}")
    # Finish whatever the result asks for with standing orders, then try again.
    m.state["standing"]["soviet"] = {"dd": "never", "loss": "auto", "retreat": "auto"}
    m.state["standing"]["axis"] = {"loss": "auto", "advance": "never"}
    while m.active() != {"axis"} or m.state["flow"][-1]["proc"] != "combat":
        role = sorted(m.active())[0]
        m.play(role, m.prompt(role).actions[0])
    if m.state["units"][a1].get("hex") and m.state["units"][d].get("hex") == target:
        with pytest.raises(IllegalOrder) as exc:
            m.submit("axis", f"attack {a1} -> {target}")
        assert "(8.1)" in str(exc.value)


def test_attack_needs_adjacency(fight):
    m, a1, a2, d, target = fight
    rules = m.game.rules
    far = next(h for h in rules.board.grid.labels() if rules.board.grid.distance(h, target) == 3 and h in plain_hexes(m))
    referee(m, f"place {a1} {far}")
    with pytest.raises(IllegalOrder):
        m.submit("axis", f"attack {a1} -> {target}")


def test_preview_changes_nothing(fight):
    m, a1, a2, d, target = fight
    before = m.hash()
    text = m.game.query(m.state, "axis", f"odds {a1} {a2} -> {target}")
    assert "Final column" in str(text) and m.hash() == before


def test_standing_orders_let_the_battle_finish_without_waiting(fight):
    m, a1, a2, d, target = fight
    m.state["standing"]["soviet"] = {"dd": "never", "loss": "auto", "retreat": "auto"}
    m.state["standing"]["axis"] = {"loss": "auto", "advance": "never"}
    m.submit("axis", f"attack {a1} {a2} -> {target}")
    assert m.active() == {"axis"} and m.state["flow"][-1]["proc"] == "combat"


def test_standing_loss_order_picks_the_listed_unit(fight, monkeypatch):
    """'standing loss UNIT UNIT' makes the first listed unit the priority allows take the step."""
    from tests.engine.games.caucasus.helpers import fixed_dice

    m, a1, a2, d, target = fight
    more = [unit_of(m, "soviet", "INF", exclude=(d,))]
    more.append(unit_of(m, "soviet", "INF", exclude=(d, *more)))
    for uid in more:
        referee(m, f"place {uid} {target}")  # three defenders: low odds, so a 1 gives A1
    m.submit("axis", f"standing loss {a2} {a1}")
    assert m.state["standing"]["axis"]["loss"] == f"order:{a2},{a1}"
    fixed_dice(monkeypatch, 1)
    m.submit("axis", f"attack {a1} {a2} -> {target}")
    result = m.state["last"]["attacks"][-1]["result"]
    assert result.startswith("A1")
    assert m.state["units"][a2]["step"] == 1 and m.state["units"][a1]["step"] == 0


def test_standing_loss_order_rejects_unknown_units(fight):
    m, *_ = fight
    with pytest.raises(InvalidOrder):
        m.submit("axis", "standing loss nosuchunit")


@pytest.mark.parametrize("die", [1, 6])
def test_a_die_fixed_by_the_referee_reads_the_crt(fight, die):
    """The kernel's 'dice N' (every game): the CRT is read on the fixed die, announced as fixed,
    and the draw counter does not move (8.5)."""
    from engine.games.caucasus import tables

    m, a1, a2, d, target = fight
    referee(m, f"dice {die}")
    counter = m.state["rng"]
    recs = m.submit("axis", f"attack {a1} {a2} -> {target}")
    roll = next(str(e.text) for r in recs for e in r.entries if e.kind == "roll")
    assert f"rolled {die} (d6, fixed by the referee" in roll
    column = roll.removeprefix("Combat at ").split(" on ")[0]
    assert m.state["last"]["attacks"][-1]["result"] == tables.crt(tables.COLUMNS.index(column), die)
    assert m.state["rng"] == counter


@pytest.fixture
def two_defenders():
    """Two German infantry divisions next to two Soviet units; an A1/D1 fixed on the die (6)."""
    m = empty_board(seed="battle", phase="axis primary combat")
    hexes = plain_hexes(m)
    target = hexes[0]
    ns = m.game.rules.board.neighbours(target)
    a1 = unit_of(m, "axis", "INF")
    a2 = unit_of(m, "axis", "INF", exclude=(a1,))
    d1 = unit_of(m, "soviet", "INF")
    d2 = unit_of(m, "soviet", "INF", exclude=(d1,))
    for uid, label in ((a1, ns[0]), (a2, ns[1]), (d1, target), (d2, target)):
        referee(m, f"place {uid} {label}")
    referee(m, "dice 6")
    recs = m.submit("axis", f"attack {a1} {a2} -> {target}")
    assert m.state["last"]["attacks"][-1]["result"] == "A1/D1"
    return m, a1, d1, [str(e.text) for r in recs for e in r.entries]


def test_the_opponent_named_as_chooser_of_a_forced_a1_d1_loss_10_2(two_defenders):
    """On A1/D1 the attacker picks the defender's loss (10.2): the log names him as the chooser."""
    m, _, _, lines = two_defenders
    assert any(x.startswith("Axis does not choose:") and "may lose the defender's step (10.2)" in x for x in lines)


def test_losses_come_before_the_determined_defence_decision_10_4(two_defenders):
    """The step losses are taken before the defender decides on Determined Defence (10.4)."""
    m, a1, d1, _ = two_defenders
    assert m.state["flow"][-1]["proc"] == "loss" and "dd_choice" not in [f["proc"] for f in m.state["flow"]]
    with pytest.raises(IllegalOrder) as exc:
        m.submit("soviet", f"dd {d1}")
    assert "(10.2)" in str(exc.value)
    m.submit("soviet", f"loss {a1}")
    assert m.state["flow"][-1]["proc"] == "dd_choice"


def test_a_dd_after_an_a1_d2_cites_10_4_and_the_result():
    """A 'dd' after an A1/D2 is refused: Determined Defence cannot cancel that retreat (10.4)."""
    m = empty_board(seed="battle", phase="axis primary combat")
    target = plain_hexes(m)[0]
    attackers: list[str] = []
    for label in m.game.rules.board.neighbours(target):
        attackers.append(unit_of(m, "axis", "INF", exclude=tuple(attackers)))
        referee(m, f"place {attackers[-1]} {label}")
    defenders: list[str] = []
    for _ in range(3):
        defenders.append(unit_of(m, "soviet", "INF", steps=2, exclude=tuple(defenders)))
        referee(m, f"place {defenders[-1]} {target}")
    referee(m, "dice 6")
    m.submit("axis", f"attack {' '.join(attackers)} -> {target}")
    assert m.state["last"]["attacks"][-1]["result"] == "A1/D2"
    while m.state["flow"][-1]["proc"] == "loss":
        role = sorted(m.active())[0]
        m.play(role, m.prompt(role).actions[0])
    # Surrounded, the survivors have no retreat and the engine eliminates them (11.2).
    assert m.state["flow"][-1]["proc"] == "advance_choice"
    survivor = next(u for u in defenders if m.state["units"][u].get("retreated") or m.state["units"][u].get("hex") is None)
    with pytest.raises(IllegalOrder) as exc:
        m.submit("soviet", f"dd {survivor}")
    assert exc.value.rule == "10.4"
    assert "Determined Defence cannot cancel the retreat of the result A1/D2 (10.4)." in str(exc.value)


def test_an_advance_after_a_result_without_one_cites_the_rule_that_denied_it():
    """An 'advance' after an A1 against a hex still held is refused: the defenders hold it (12.1)."""
    m = empty_board(seed="battle", phase="axis primary combat")
    target = plain_hexes(m)[0]
    attacker = unit_of(m, "axis", "INF")
    referee(m, f"place {attacker} {m.game.rules.board.neighbours(target)[0]}")
    d1 = unit_of(m, "soviet", "INF", steps=2)
    d2 = unit_of(m, "soviet", "INF", steps=2, exclude=(d1,))
    referee(m, f"place {d1} {target}")
    referee(m, f"place {d2} {target}")
    referee(m, "dice 1")
    m.submit("axis", f"attack {attacker} -> {target}")
    assert m.state["last"]["attacks"][-1]["result"] == "A1"
    with pytest.raises(IllegalOrder) as exc:
        m.submit("axis", f"advance {attacker} {target}")
    assert exc.value.rule == "12.1"
    assert "The advance after combat of the attacker is over: defending units still hold the hex (12.1)." in str(exc.value)
