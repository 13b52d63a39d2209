"""Set-up after a referee put an enemy unit in a set-up hex: the legal list and apply agree (20.2)."""

from __future__ import annotations

import random

from engine import registry
from engine.errors import OrderError
from engine.game import Action, Override
from engine.games.caucasus.initial import check_setup_complete, setup_targets, units_at
from engine.kernel import Match
from tests.harness import play_random, refused_listed_actions

REASON = "test"


def hold_a_setup_hex(match: Match, rnd: random.Random) -> bool:
    """Referee: move the setting-up side's units out of one of its set-up hexes and put an enemy unit there."""
    game = match.game
    rules = game.rules
    active = sorted(match.active())
    if not active:
        return False
    role = active[0]
    hexes = sorted({a.args[1] for a in match.prompt(role).actions if a.verb == "setup"})
    enemies = sorted(u for u, s in rules.units.items() if s.side != role and s.type.name != "HQ")
    if not hexes or not enemies:
        return False
    label = rnd.choice(hexes)
    try:
        for uid in units_at(match.state, label):
            # Only to a hex with room (20.2: at most two units), so the side can still finish its set-up.
            elsewhere = [h for h in setup_targets(rules, match.state, uid) if h != label and len(units_at(match.state, h)) < 2]
            if not elsewhere:
                return False
            match.override(Override("place", (uid, rnd.choice(elsewhere)), REASON))
        match.override(Override("place", (rnd.choice(enemies), label), REASON))
    except OrderError:
        return False
    return True


def soviet_setup() -> Match:
    game = registry.get("caucasus")
    match = Match.new(game, "tournament", game.options, "setup-held")
    match.play("axis", Action("ready"))
    return match


def test_no_setup_order_is_offered_into_a_hex_the_enemy_holds():
    """After the referee puts an Axis unit in a Soviet set-up hex, no listed 'setup' goes there."""
    match = soviet_setup()
    assert hold_a_setup_hex(match, random.Random(1))
    held = match.records[-1].override.args[1]
    offered = [a.text for a in match.prompt("soviet").actions if a.verb == "setup" and a.args[1] == held]
    assert offered == []


def test_every_listed_setup_order_is_accepted_after_the_override():
    """Every action listed to the Soviet player after the override is one apply accepts."""
    match = soviet_setup()
    assert hold_a_setup_hex(match, random.Random(2))
    assert refused_listed_actions(match, "soviet") == []


def test_a_zone_hex_held_by_the_enemy_needs_no_soviet_unit():
    """The 'every zone hex holds a unit' check of 20.2 skips a hex an enemy unit holds."""
    match = soviet_setup()
    assert hold_a_setup_hex(match, random.Random(3))
    held = match.records[-1].override.args[1]
    rules = match.game.rules
    try:
        check_setup_complete(match.game, match.state, "soviet")
    except OrderError as exc:
        assert held not in str(exc), str(exc)
    assert all(rules.units[u].side == "axis" for u in units_at(match.state, held))


def test_random_play_with_referee_placements_keeps_the_legal_list_honest():
    """Random set-up play, with a referee now and then putting an enemy unit in a set-up hex."""
    game = registry.get("caucasus")
    for seed in ("held-1", "held-2", "held-3"):
        play_random(game, "tournament", seed, max_steps=40, undo_rate=0.0, done_bias=0.1, disturb=hold_a_setup_hex, disturb_rate=0.3)
