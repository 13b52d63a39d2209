"""The movement search's hoisted cost lookup answers as ``enter_cost`` does (Terrain Effects Chart, E 15.41-42)."""

from __future__ import annotations

from engine.games.schwerpunkt import terrain
from engine.games.schwerpunkt.model import WEATHERS, rules


def test_every_step_of_the_map_costs_the_same_in_every_weather_and_class() -> None:
    """E 15.41-42: every hex-to-neighbour step, each movement class and weather, costs as enter_cost says."""
    board = rules().board
    kinds: set[float] = set()
    for weather in WEATHERS:
        state = {"weather": weather}
        for move in rules().tables["terrain"]["cost"]:
            cost_of = terrain._enter_costs(state, move)
            for a in sorted(board.terrain):
                for b in board.neighbours(a):
                    if board.terrain.get(b) == "sea":
                        continue  # the search never prices a step into the sea (S 11.5)
                    want = terrain.enter_cost(state, move, a, b)
                    assert cost_of(a, b) == want, (weather, move, a, b)
                    kinds.add(want)
    assert terrain.ALL in kinds and len(kinds) > 3  # roads, rivers and "all MP" were all met
