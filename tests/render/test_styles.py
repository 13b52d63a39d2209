"""Every game's picture tells the sides apart: each side of each game has its own counter colour."""

import pytest

from engine import registry
from render.style import load_style


@pytest.mark.parametrize("name", registry.names(include_unlisted=True))
def test_each_side_of_a_game_has_its_own_counter_colour(name):
    """The game's style names a colour for every role, and no two roles share one."""
    game = registry.get(name)
    if game.board is None:
        pytest.skip("no map to draw")
    sides = load_style(game.name or "default").tables["sides"]
    colours = [sides.get(role, {}).get("fill") for role in game.roles]
    assert None not in colours, (name, game.roles, sorted(sides))
    assert len(set(colours)) == len(colours), (name, colours)
