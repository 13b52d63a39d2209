"""The kernel's map overrides and counter values (``engine.mapoverlay``, ``engine.printed``)."""

from __future__ import annotations

import json

import pytest

from engine import mapoverlay, registry
from engine.errors import InvalidOrder
from engine.game import Override
from engine.kernel import Match
from engine.position import PositionError


def caucasus() -> Match:
    game = registry.get("caucasus")
    return Match.new(game, "campaign", game.options, "overlay")


def some_hex(m: Match) -> str:
    return next(h for h in sorted(m.game.board.terrain) if m.game.board.terrain[h] == "open")


def test_the_shipped_map_is_never_changed():
    """An override builds another map: the game's own board keeps its printed terrain."""
    m = caucasus()
    label = some_hex(m)
    m.override(Override("map", ("terrain", label, "swamp"), "errata"))
    assert m.game.board.terrain[label] == "open"
    assert mapoverlay.effective(m.game.board, m.state[mapoverlay.MAP_KEY]).terrain[label] == "swamp"


def test_the_rules_read_the_overlay_only_inside_the_campaign_s_block():
    """Outside ``Match.on_map`` the game's rules read the shipped map; inside it, the campaign's."""
    m = caucasus()
    label = some_hex(m)
    m.override(Override("map", ("terrain", label, "swamp"), "errata"))
    with m.on_map():
        assert m.game.rules.board.terrain[label] == "swamp"
        with caucasus().on_map():  # another campaign's call inside reads its own map
            assert m.game.rules.board.terrain[label] == "open"
    assert m.game.rules.board.terrain[label] == "open"


def test_map_reset_returns_the_shipped_map_and_the_state_hash():
    """'map reset' removes the overlay: the state is as before the first override."""
    m = caucasus()
    before = m.hash()
    m.override(Override("map", ("terrain", some_hex(m), "swamp"), "errata"))
    m.override(Override("map", ("reset",), "back to the printed map"))
    assert m.hash() == before


def test_a_place_attribute_is_set_and_removed():
    """'map attr HEX KEY VALUE' sets a place's attribute and 'none' removes it."""
    m = caucasus()
    label = next(iter(sorted(m.game.board.places)))
    m.override(Override("map", ("attr", label, "vp", "3"), "house rule"))
    with m.on_map():
        assert m.game.rules.board.places[label].get("vp") == "3"
    m.override(Override("map", ("attr", label, "vp", "none"), "house rule"))
    with m.on_map():
        assert m.game.rules.board.places[label].get("vp") is None


def test_a_position_file_with_a_bad_overlay_is_refused():
    """A hand-written position naming a hex the map lacks in its overrides is refused, not loaded."""
    m = caucasus()
    doc = json.loads(m.export_position())
    doc["state"]["map_overrides"] = {"terrain": {"9999": "open"}}
    other = caucasus()
    with pytest.raises(PositionError) as info:
        other.load_position(json.dumps(doc), "test")
    assert "9999" in str(info.value.text())


def test_a_position_file_with_counter_values_of_an_unknown_field_is_refused():
    """Counter values may hold only the game's fields with values of their kind."""
    m = caucasus()
    uid = next(iter(sorted(m.state["units"])))
    doc = json.loads(m.export_position())
    doc["state"]["counter_values"] = {uid: {"0": {"charisma": 3}}}
    with pytest.raises(PositionError):
        caucasus().load_position(json.dumps(doc), "test")


def test_a_game_without_a_map_refuses_map_overrides():
    """The duel has no map: 'map' is refused saying its rules read no map overrides."""
    game = registry.get("duel")
    m = Match.new(game, next(iter(game.scenarios)), game.options, "s")
    with pytest.raises(InvalidOrder) as info:
        m.override(Override("map", ("terrain", "0101", "open"), "test"))
    assert "no map overrides" in str(info.value.text())


def test_a_game_whose_rules_do_not_read_overrides_refuses_them():
    """Combat Commander has maps but its rules read them directly: 'map' is refused, not silently ignored."""
    game = registry.get("combat_commander")
    m = Match.new(game, next(iter(game.scenarios)), game.options, "s")
    label = next(iter(sorted(game.board.terrain)))
    with pytest.raises(InvalidOrder) as info:
        m.override(Override("map", ("terrain", label, "open"), "test"))
    assert "no map overrides" in str(info.value.text())
