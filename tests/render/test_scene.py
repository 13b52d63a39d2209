"""Pictures centred on each viewer's own units (no last action) are still one scene: they share the public palette."""

from engine.mapview import map_view
from render.compose import compose
from render.style import load_style
from tests.render.fakes import medium_map, unit


def test_viewers_centred_on_their_own_units_share_a_scene() -> None:
    """The public window and a seat's window over other hexes of the same map are one scene."""
    board, style = medium_map(), load_style("caucasus")
    view = {"units": [unit("a", "0505", side="axis"), unit("s", "2618", side="soviet")]}
    public = compose(board, map_view(view), style, "public", full=False)
    axis = compose(board, map_view(view), style, "axis", full=False)
    assert public.box != axis.box
    assert public.scene == axis.scene


def test_a_new_last_action_is_another_scene() -> None:
    """The same windows after a move are another scene (its arrow's colours are not in the older palette)."""
    board, style = medium_map(), load_style("caucasus")
    view = {"units": [unit("a", "0505", side="axis"), unit("s", "2618", side="soviet")]}
    moved = {**view, "last": {"moves": [["0505", "0506"]]}}
    assert compose(board, map_view(view), style, "axis", full=False).scene != compose(board, map_view(moved), style, "axis", full=False).scene
