"""Movement (7) on the provisional map, positions built with referee overrides."""

import pytest

from engine.errors import IllegalOrder
from tests.engine.games.caucasus.position import empty_board, plain_hexes, referee, unit_of


@pytest.fixture
def board():
    m = empty_board()
    hexes = plain_hexes(m)
    assert len(hexes) > 10, "the map needs some plain open country"
    return m, hexes


def far_apart(m, hexes, n, dist):
    grid = m.game.rules.board.grid
    chosen = []
    for h in hexes:
        if all(grid.distance(h, c) >= dist for c in chosen):
            chosen.append(h)
        if len(chosen) == n:
            return chosen
    raise LookupError("not enough separate open hexes")


def test_move_one_hex_in_open(board):
    m, hexes = board
    inf = unit_of(m, "axis", "INF")
    start = hexes[0]
    dest = m.game.rules.board.neighbours(start)[0]
    referee(m, f"place {inf} {start}")
    m.submit("axis", f"move {inf} {dest}")
    assert m.state["units"][inf]["hex"] == dest


def test_cannot_move_twice(board):
    m, hexes = board
    inf = unit_of(m, "axis", "INF")
    start = hexes[0]
    a = m.game.rules.board.neighbours(start)[0]
    referee(m, f"place {inf} {start}")
    m.submit("axis", f"move {inf} {a}")
    with pytest.raises(IllegalOrder) as exc:
        m.submit("axis", f"move {inf} {start}")
    assert "(7.1)" in str(exc.value)


def test_move_beyond_allowance_is_refused(board):
    m, hexes = board
    inf = unit_of(m, "axis", "INF")
    grid = m.game.rules.board.grid
    start = hexes[0]
    ma = m.game.rules.units[inf].steps[0].move
    far = next(h for h in grid.labels() if grid.distance(start, h) == ma + 3)
    referee(m, f"place {inf} {start}")
    with pytest.raises(IllegalOrder):
        m.submit("axis", f"move {inf} {far}")


def test_leaving_enemy_zoc_costs_two(board):
    """Leaving an enemy ZOC costs +2 MP (6.3): a 3-MP unit leaving it can go only one more hex."""
    m, hexes = board
    rules = m.game.rules
    inf = unit_of(m, "axis", "INF")
    sov = unit_of(m, "soviet", "INF")
    start = hexes[0]
    ns = rules.board.neighbours(start)
    referee(m, f"place {inf} {start}")
    referee(m, f"place {sov} {ns[0]}")
    opposite = ns[3]
    beyond = rules.board.grid.neighbour(opposite, rules.board.grid.direction(start, opposite))
    ma = rules.units[inf].steps[0].move
    if ma <= 3:
        with pytest.raises(IllegalOrder) as exc:
            m.submit("axis", f"move {inf} {start} {opposite} {beyond}")
        assert "allowance" in str(exc.value)
    m.submit("axis", f"move {inf} {start} {opposite}")


def test_cannot_enter_enemy_hex(board):
    m, hexes = board
    rules = m.game.rules
    inf = unit_of(m, "axis", "INF")
    sov = unit_of(m, "soviet", "INF")
    referee(m, f"place {inf} {hexes[0]}")
    target = rules.board.neighbours(hexes[0])[1]
    referee(m, f"place {sov} {target}")
    with pytest.raises(IllegalOrder) as exc:
        m.submit("axis", f"move {inf} {hexes[0]} {target}")
    assert "(7.1)" in str(exc.value)


def test_not_my_phase(board):
    m, hexes = board
    sov = unit_of(m, "soviet", "INF")
    referee(m, f"place {sov} {hexes[0]}")
    with pytest.raises(IllegalOrder) as exc:
        m.submit("soviet", f"move {sov} {m.game.rules.board.neighbours(hexes[0])[0]}")
    assert "not your turn" in str(exc.value)


def test_secondary_foot_moves_exactly_one_hex(board):
    m, hexes = board
    rules = m.game.rules
    referee(m, "phase axis secondary movement")
    inf = unit_of(m, "axis", "INF")
    start = hexes[0]
    a = rules.board.neighbours(start)[0]
    b = rules.board.grid.neighbour(a, rules.board.grid.direction(start, a))
    referee(m, f"place {inf} {start}")
    with pytest.raises(IllegalOrder) as exc:
        m.submit("axis", f"move {inf} {start} {a} {b}")
    assert "(7.3)" in str(exc.value)
    m.submit("axis", f"move {inf} {a}")


def test_extended_only_in_primary(board):
    m, hexes = board
    referee(m, "phase axis secondary movement")
    pz = unit_of(m, "axis", "PANZER")
    start = hexes[0]
    referee(m, f"place {pz} {start}")
    a = m.game.rules.board.neighbours(start)[0]
    with pytest.raises(IllegalOrder) as exc:
        m.submit("axis", f"move {pz} {start} {a} ext")
    assert "(7.21)" in str(exc.value)


def test_over_stacking_blocks_done(board):
    m, hexes = board
    rules = m.game.rules
    used = []
    for _ in range(4):
        used.append(unit_of(m, "axis", "INF", exclude=tuple(used)))
    for uid in used:
        referee(m, f"place {uid} {hexes[0]}")
    with pytest.raises(IllegalOrder) as exc:
        m.submit("axis", "done")
    assert "(5.2)" in str(exc.value)
    m.submit("axis", f"eliminate {used[0]}")
    m.submit("axis", "done")
    assert rules.units  # reached the combat phase
    assert m.state["phase"]["step"] == "combat"


def test_options_list_moves(board):
    m, hexes = board
    inf = unit_of(m, "axis", "INF")
    referee(m, f"place {inf} {hexes[0]}")
    acts = [a.text for a in m.prompt("axis").actions]
    assert "done" in acts and any(a.startswith(f"move {inf} ") for a in acts)


def test_prompt_text_is_the_prompts_question(board):
    m, hexes = board
    for role in ("axis", "soviet"):
        assert str(m.prompt_text(role)) == str(m.prompt(role).text)
