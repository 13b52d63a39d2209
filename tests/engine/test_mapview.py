"""The renderer reads ordered stacks from the projection only: blanks stay blanks."""

from engine import stacks
from engine.mapview import units_on_map
from engine.stacks import StackPolicy, StackRule, Visibility

POLICY = StackPolicy(default=StackRule(rule="T.1", enemy_depth=1), attributes={"name": Visibility.PUBLIC})
UNITS = {
    "g-1": {"side": "german", "name": "1st Panzer"},
    "g-2": {"side": "german", "name": "2nd Panzer"},
    "g-3": {"side": "german", "name": "3rd Panzer"},
}


def view_for(viewer):
    state = {"stacks": {"0101": ["g-1", "g-2", "g-3"]}}
    return {"stacks": {k: v.to_json() for k, v in stacks.project_stacks(POLICY, state, UNITS, viewer).items()}}


def test_an_enemy_picture_draws_the_top_counter_and_blanks_for_the_rest():
    """The height is drawn (three counters), the top by name, the others as blanks of their side."""
    units = units_on_map(view_for("soviet"))
    assert [u.hidden for u in units] == [False, True, True]
    assert units[0].name == "1st Panzer" and all(u.hex == "0101" and u.side == "german" for u in units)
    assert not any("g-2" in repr(u) or "g-3" in repr(u) or "2nd" in repr(u) for u in units[1:])


def test_the_owner_picture_draws_the_whole_stack():
    """The owner's own picture shows every counter by name."""
    assert [u.name for u in units_on_map(view_for("german"))] == ["1st Panzer", "2nd Panzer", "3rd Panzer"]
