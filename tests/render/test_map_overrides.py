"""The pictures draw a campaign's map overrides and mark its changed counters (issue 14)."""

from __future__ import annotations

import pytest

from engine import registry
from engine.game import Override
from engine.kernel import Match
from render.images import describe, render_view

GAMES = ("caucasus", "stalins-war")


def a_unit_on_the_map(match: Match) -> tuple[str, str]:
    uid, u = next((uid, u) for uid, u in sorted(match.state["units"].items()) if u.get("hex") and not uid.startswith("su-partisan"))
    return uid, str(u["hex"])


@pytest.mark.parametrize("name", GAMES)
def test_the_overridden_terrain_is_drawn(name: str) -> None:
    """The picture around a hex changes when the referee changes the hex's terrain."""
    game = registry.get(name)
    match = Match.new(game, next(iter(game.scenarios)), game.options, "draw")
    uid, label = a_unit_on_the_map(match)
    plain = render_view(game, match.observe("public").map.focused(label), "public", False)
    terrain = "mountain" if match.game.board.terrain[label] != "mountain" else "swamp"
    match.override(Override("map", ("terrain", label, terrain), "errata"))
    changed = render_view(game, match.observe("public").map.focused(label), "public", False)
    assert plain is not None and changed is not None and plain != changed


@pytest.mark.parametrize("name", GAMES)
def test_a_changed_counter_is_marked_in_the_picture(name: str) -> None:
    """A counter whose values the referee changed carries the VAL marker and is drawn differently."""
    game = registry.get(name)
    match = Match.new(game, next(iter(game.scenarios)), game.options, "draw")
    uid, label = a_unit_on_the_map(match)
    plain = render_view(game, match.observe("public").map.focused(label), "public", False)
    match.override(Override("counter", (uid, "attack", "19"), "house rule"))
    shown = match.observe("public").map
    assert "VAL" in next(u for u in shown.units if u.id == uid).markers
    assert render_view(game, shown.focused(label), "public", False) != plain


def test_the_description_names_a_place_the_referee_added() -> None:
    """The text beside the picture reads the campaign's places: a hex made a town is named."""
    game = registry.get("caucasus")
    match = Match.new(game, "campaign", game.options, "draw")
    uid, label = a_unit_on_the_map(match)
    match.override(Override("map", ("place", label, "town", "Errataville"), "errata"))
    assert "Errataville" in describe(game, match.observe("public").map.focused(label), False)
