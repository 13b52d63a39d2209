from engine.hexgrid import Grid
from engine.movement import Refusal, Step, connected, reachable, walk
from engine.text import t

G = Grid(8, 8)
SWAMP = {"0403", "0404"}
WALL = {("0302", "0303")}


def step(frm, to, spent):
    if (frm, to) in WALL or (to, frm) in WALL:
        return Refusal(t("wall"), "1.1")
    return Step(2 if to in SWAMP else 1, stop=to in SWAMP)


def test_reachable_respects_costs_and_stops():
    found = reachable("0303", 4, G.neighbours, step)
    assert found["0403"].cost == 2 and found["0402"].cost == 1
    for reach in found.values():
        assert not set(reach.path[1:-1]) & SWAMP, "a path ran on through a hex that stops movement"
        assert ("0303", "0302") not in zip(reach.path, reach.path[1:], strict=False), "a path crossed the wall"
    assert found["0302"].cost == 2  # around the wall


def test_minimum_move_allows_one_expensive_step():
    assert "0403" not in reachable("0303", 1, G.neighbours, step)
    assert "0403" in reachable("0303", 1, G.neighbours, step, minimum_move=True)


def test_a_search_for_one_goal_finds_the_whole_search_path_with_less_work():
    """With a goal the search gives the goal the whole search's cheapest path, and steps fewer times."""
    calls: list[int] = []

    def counted(frm, to, spent):
        calls.append(1)
        return step(frm, to, spent)

    whole = reachable("0303", 6, G.neighbours, counted)
    stepped = len(calls)
    calls.clear()
    for goal in ("0302", "0403", "0305", "0101"):
        assert reachable("0303", 6, G.neighbours, step, goal=goal)[goal] == whole[goal]
    assert reachable("0303", 6, G.neighbours, counted, goal="0302")["0302"] == whole["0302"]
    assert len(calls) < stepped


def test_walk_reports_the_failing_step():
    w = walk(["0303", "0302"], 5, step)
    assert w.failed_at == 1 and w.refusal is not None and w.refusal.rule == "1.1"
    ok = walk(["0101", "0102", "0103"], 5, step)
    assert ok.failed_at is None and ok.cost == 2


def test_walk_refuses_moving_on_after_a_stop():
    w = walk(["0303", "0403", "0503"], 9, step)
    assert w.failed_at == 2


def test_connected_flood_with_limit():
    d = connected(["0101"], G.neighbours, lambda a, b: True, limit=2)
    assert max(d.values()) == 2 and d["0101"] == 0
