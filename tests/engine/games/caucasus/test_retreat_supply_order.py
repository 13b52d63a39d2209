"""A retreat whose normal paths keep a unit alive with fewer steps lost is offered without ranking supply (11.1)."""

import random

from engine import mapoverlay, registry
from engine.errors import OrderError
from engine.games.caucasus import retreat, supply
from engine.games.caucasus.model import units_at
from tests.engine.games.caucasus.supply_positions import played


def test_the_shortcut_never_asks_where_the_supply_ranking_eliminates():
    """Over stacks of random play, whenever the battle asks the owner without the supply ranking, the ranked best paths keep a unit alive."""
    game = registry.get("caucasus")
    rules = game.rules
    rnd = random.Random("retreat-order")
    asked = 0
    for state in played("retreat-order", 260, 20):
        with mapoverlay.bound(game.board, state):
            stacks = sorted({u["hex"] for u in state["units"].values() if u.get("hex")})
            for origin in rnd.sample(stacks, min(12, len(stacks))):
                here = units_at(state, origin)
                side = rules.units[here[0]].side
                left = [u for u in here if rules.units[u].side == side]
                for length in (1, 2):
                    disorganize = rnd.random() < 0.5
                    terms = {"disorganized_result": disorganize, "mobile_assault": False}
                    try:
                        plain = retreat.retreat_options(rules, state, left, origin, length, **terms)
                        ranked = retreat.retreat_options(rules, state, left, origin, length, supply_of=supply.hex_supply(rules, state, side), **terms)
                    except OrderError:
                        continue
                    alive = [o.outcome.steps_lost for o in plain if not o.extra and o.outcome.survivors]
                    dead = [o.outcome.steps_lost for o in plain if not o.extra and not o.outcome.survivors]
                    if alive and (not dead or min(alive) < min(dead)):
                        asked += 1
                        assert any(o.outcome.survivors for o in ranked if o.best), (origin, length, left)
    assert asked > 20
