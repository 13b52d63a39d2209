"""Private standing orders (digest 6.2, 4.4): they answer reactions (6.4), combat losses (7.5.2) and
Schlachtenglück rolls (5.2) without a round-trip, and nobody else reads them."""

import pytest

from engine.errors import InvalidOrder
from engine.game import PUBLIC, Action
from engine.kernel import Match
from tests.engine.games.across_the_bug_river.helpers import (
    GAME,
    activating,
    empty,
    ground,
    play,
    put,
)
from tests.harness import channels, check_secrets

RULES = GAME.rules


def window(monkeypatch):
    """I/36 moving 1405 -> 1305 next to the Soviet II/16 (1506): the Soviet reaction window is open."""
    ground(monkeypatch, {"1408": "village", "1610": "village", "1405": "clear", "1506": "clear", "1305": "clear", "1304": "clear"})
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-87rd", "1610")
    put(state, "I/36", "1405")
    put(state, "II/16", "1506")
    activating(state, "german", "14pz", 5)
    return state


def test_noreact_declines_every_window_of_this_ops_cycle(monkeypatch):
    """6.4 (digest 6.2): 'standing noreact' answers 'noreact' in this Ops Cycle only."""
    state = window(monkeypatch)
    play(state, "soviet", "standing noreact")
    play(state, "german", "move I/36 1305 1304")
    assert GAME.auto_action(state, "soviet") == Action("noreact")
    state["cycle"] += 1
    assert GAME.auto_action(state, "soviet") is None


def test_react_when_a_hex_is_approached(monkeypatch):
    """6.4.1: 'standing react FORMATION HEX' attempts the reaction when the mover stands next to HEX."""
    state = window(monkeypatch)
    play(state, "soviet", "standing react 87rd 1506")
    play(state, "german", "move I/36 1305 1304")
    assert GAME.auto_action(state, "soviet") == Action("react", ("87rd",))


def test_react_names_a_unit_whose_approach_triggers_it(monkeypatch):
    """6.4.1: the trigger may be a unit: the mover next to II/16 wherever it stands."""
    state = window(monkeypatch)
    play(state, "soviet", "standing react 87rd II/16")
    play(state, "german", "move I/36 1305 1304")
    assert GAME.auto_action(state, "soviet") == Action("react", ("87rd",))


def test_a_reaction_order_elsewhere_leaves_the_window_asked(monkeypatch):
    """6.4.1: an order for another hex does not answer this window: the player is asked."""
    state = window(monkeypatch)
    play(state, "soviet", "standing react 87rd 2510")
    play(state, "german", "move I/36 1305 1304")
    assert GAME.auto_action(state, "soviet") is None


def test_a_formation_that_may_not_react_there_is_never_sent(monkeypatch):
    """6.4.1: the order answers only with a formation the window offers."""
    state = window(monkeypatch)
    play(state, "soviet", "standing react 41td 1506")
    play(state, "german", "move I/36 1305 1304")
    assert GAME.auto_action(state, "soviet") is None


def test_hold_answers_the_second_hit(monkeypatch):
    """7.5.2: 'standing hold' holds on a second hit."""
    state = window(monkeypatch)
    play(state, "german", "standing hold")
    state["flow"].append({"proc": "losses", "mode": "second", "who": "attacker", "owner": "german"})
    assert GAME.auto_action(state, "german") == Action("hold")
    assert GAME.auto_action(state, "soviet") is None


def test_hit_gives_the_free_first_hit_to_the_strongest_unit(monkeypatch):
    """7.5.2: 'standing hit' answers the first-hit choice with the published default, the strongest unit."""
    state = window(monkeypatch)
    put(state, "I/108", "1405")
    state["units"]["I/108"]["strength"] = 2
    play(state, "german", "standing hit")
    state["flow"].append({"proc": "combat", "units": {"attacker": ["I/36", "I/108"], "defender": []}, "forced": []})
    state["flow"].append({"proc": "losses", "mode": "first", "who": "attacker", "owner": "german"})
    assert GAME.auto_action(state, "german") == Action("hit", ("I/36",))


def test_luck_never_accepts_every_held_roll(monkeypatch):
    """5.2: 'standing luck never' accepts the roll; without it the holder is asked."""
    state = window(monkeypatch)
    state["flow"].append({"proc": "luck_roll", "waiting": True, "holder": "german", "roller": "german", "purpose": "combat", "roll": 1})
    assert GAME.auto_action(state, "german") is None
    play(state, "german", "standing luck never", held=True)
    assert GAME.auto_action(state, "german") == Action("accept")


def test_luck_rerolls_a_roll_in_the_range_named(monkeypatch):
    """5.2: 'standing luck combat 1-4' re-rolls a combat die of 1 to 4 and accepts a higher one."""
    state = window(monkeypatch)
    play(state, "german", "standing luck combat 1-4")
    held = {"proc": "luck_roll", "waiting": True, "holder": "german", "roller": "german", "purpose": "combat", "roll": 3}
    state["flow"].append(held)
    assert GAME.auto_action(state, "german") == Action("reroll")
    held["roll"] = 8
    assert GAME.auto_action(state, "german") == Action("accept")
    held["purpose"] = "ap"
    assert GAME.auto_action(state, "german") is None


def test_a_malformed_standing_order_is_refused():
    """A standing order outside its grammar is refused with the orders possible."""
    state = empty()
    with pytest.raises(InvalidOrder):
        GAME.parse(state, "german", "standing luck combat 0-12")


def test_nobody_else_reads_a_standing_order():
    """Digest 6.2: the echo, the log and the history show the other side and the channel only that one was given."""
    match = Match.new(GAME, "scenario1", {}, "standing")
    before = len(match.records)
    match.play("soviet", GAME.parse(match.state, "soviet", "standing react 87rd 1506"))
    match.play("soviet", GAME.parse(match.state, "soviet", "standing luck combat 1-3"))
    new = match.records[before:]
    for viewer in ("german", PUBLIC):
        said = [text for channel, text in channels(GAME, match, viewer, new) if channel in ("echo", "history") or channel.startswith("log")]
        assert said and not any("1506" in s or "87rd" in s or "1-3" in s for s in said), said
    check_secrets(GAME, match, new)
