"""Smoke rounds of weapons (O20.2.1): a weapon with a smoke indicator fires Smoke instead of a Fire attack."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from tests.engine.games.combat_commander.helpers import (
    GAME,
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
    texts,
    top,
)


def smoke_round(m, target: str, rolls: list[tuple[int, int]], piece: str = "g-w2", carrier: str = "g-s4"):  # type: ignore[no-untyped-def]
    """Axis orders Fire with ``carrier`` and fires ``piece``'s smoke round at ``target``; ``rolls`` fixes its next cards."""
    cid = hold(m, "axis", "fire")
    mine: list[str] = []
    for w, r in rolls:
        mine.append(find("axis", white=w, red=r, trigger="", exclude=(cid, *mine)))
    stack(m, "axis", mine)
    play(m, "axis", "fire", cid, carrier)
    return play(m, "axis", "attack", target, piece, "smoke")


def test_the_order_reads_a_smoke_round() -> None:
    """'attack HEX WEAPON smoke' is a smoke round (O20.2.1)."""
    m = new_match()
    assert GAME.parse(m.state, "axis", "attack E7 g-w2 smoke") == Action("attack", ("E7", "g-w2", "smoke"))


def test_a_hit_places_smoke_in_the_target_hex_even_without_an_enemy() -> None:
    """O20.2.1: at a hex with no enemy unit, a successful Targeting roll (6x6) places a Smoke marker; no attack follows."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-t1": "G7"})
    recs = smoke_round(m, "E7", [(6, 6)])
    assert "E7" in m.state.get("smoke", {})
    assert not any("fire at E7" in line for line in texts(recs))
    assert top(m) in ("fire_order", "turn")


def test_a_missed_targeting_roll_places_no_smoke() -> None:
    """O20.2.1, O20.2.3: a Targeting roll of 1x1 misses at range 3: no Smoke."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-t1": "G7"})
    recs = smoke_round(m, "E7", [(1, 1)])
    assert "E7" not in m.state.get("smoke", {})
    assert any("Targeting roll 1 - hindrance 0 against range 3" in line for line in texts(recs))


def test_a_weapon_without_a_smoke_indicator_cannot_fire_smoke() -> None:
    """O20.2.1: only a weapon showing the smoke indicator may fire a smoke round (the machine gun cannot)."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-t1": "G7"})
    with pytest.raises(IllegalOrder) as exc:
        smoke_round(m, "D7", [(6, 6)], piece="g-w1", carrier="g-s3")
    assert exc.value.rule == "O20.2.1"


def test_a_unit_cannot_fire_a_smoke_round() -> None:
    """O20.2.1: a smoke round is a weapon's, fired alone."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-t1": "G7"})
    with pytest.raises(IllegalOrder) as exc:
        smoke_round(m, "E7", [(6, 6)], piece="g-s4")
    assert exc.value.rule == "O20.2.1"


def test_a_smoke_round_keeps_the_minimum_range() -> None:
    """O20.2.2: the mortar cannot fire Smoke into the adjacent hex, inside its minimum range."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-t1": "G7"})
    with pytest.raises(IllegalOrder) as exc:
        smoke_round(m, "C7", [(6, 6)])
    assert exc.value.rule == "O20.2.2"


def test_a_smoke_round_is_held_for_the_initiative_card() -> None:
    """9.1: the smoke round's Targeting roll waits for the Initiative holder before any Smoke is placed."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-t1": "G7"})
    cid = hold(m, "axis", "fire")
    stack(m, "axis", [find("axis", white=6, red=6, trigger="", exclude=(cid,))])
    play(m, "axis", "fire", cid, "g-s4")
    m.play("axis", Action("attack", ("E7", "g-w2", "smoke")))
    assert top(m) == "cc_roll" and m.active() == {"allies"} and "E7" not in m.state.get("smoke", {})
