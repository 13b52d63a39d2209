"""Discrepancies the audit against the Italian rulebook found, each fixed and tested with its rule."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import fire
from engine.games.combat_commander.board import Board
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    find,
    hold,
    new_match,
    only_units,
    play,
    play_only,
    stack,
    texts,
    top,
)


@pytest.fixture
def cliff_a7_a8(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Cliff (T83) on the hexside between A7 and A8."""
    real = Board.side_feature

    def side_feature(self: Board, a: str, b: str):  # type: ignore[no-untyped-def]
        return DATA.sides["cliff"] if {a, b} == {"A7", "A8"} else real(self, a, b)

    monkeypatch.setattr(Board, "side_feature", side_feature)


@pytest.mark.usefixtures("cliff_a7_a8")
def test_a_unit_with_a_weapon_cannot_advance_across_a_cliff() -> None:
    """O16.2, T83: only a unit without a weapon may Advance across a Cliff: the HMG's carrier is refused."""
    m = new_match()
    only_units(m, {"g-s3": "A7", "a-s1": "N9"})
    play(m, "axis", "advance", hold(m, "axis", "advance"), "g-s3")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s3", "A8")
    assert exc.value.rule == "O16.2" and m.state["units"]["g-s3"]["hex"] == "A7"


@pytest.mark.usefixtures("cliff_a7_a8")
def test_a_unit_without_a_weapon_advances_across_a_cliff() -> None:
    """O16.2, T83: a unit without a weapon climbs the Cliff by Advance."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N9"})
    play(m, "axis", "advance", hold(m, "axis", "advance"), "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    assert m.state["units"]["g-s1"]["hex"] == "A8"


def barrage_on_g8_and_g7(m):  # type: ignore[no-untyped-def]
    """Axis's g-l1 in G3 calls an accurate barrage landing on G8, with a-s1 in G8 and a-s2 in G7; stops at the first question."""
    only_units(m, {"g-l1": "G3", "a-s1": "G8", "a-s2": "G7"})
    cid = hold(m, "axis", "artillery_request")
    rolls: list[str] = []
    for w, r in ((3, 3), (2, 1), (5, 4), (4, 5)):
        rolls.append(find("axis", white=w, red=r, trigger="" if len(rolls) != 1 else None, exclude=(cid, *rolls)))
    stack(m, "axis", rolls)
    play_only(m, "axis", "artillery-request", cid, "g-l1", "G8")
    while top(m) == "cc_roll":
        play_only(m, sorted(m.active())[0], "accept")


def test_the_active_player_chooses_the_order_of_the_impact_rolls() -> None:
    """O18.2.3: the active player determines the order in which the hexes are attacked: G7 chosen, G7's Impact roll comes first."""
    m = new_match()
    barrage_on_g8_and_g7(m)
    assert top(m) == "impact_order" and m.active() == {"axis"}
    lines = texts(play_only(m, "axis", "choose", "G7"))
    assert any("(Impact roll on G7)" in line for line in lines) and not any("(Impact roll on G8)" in line for line in lines)


def test_a_hex_without_units_or_fortification_cannot_be_chosen() -> None:
    """O18.2.3, O18.2.3.2: only the hexes holding a unit or a fortification are attacked."""
    m = new_match()
    barrage_on_g8_and_g7(m)
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "choose", "H8")
    assert exc.value.rule == "O18.2.3"


def test_a_lone_firer_out_of_range_is_refused_citing_the_range_rule() -> None:
    """O20.2.2: a target farther than the firer's Range cannot be attacked; the refusal cites O20.2.2."""
    m = new_match()
    only_units(m, {"g-s1": "A1", "a-s1": "O10"})
    with pytest.raises(IllegalOrder) as exc:
        fire.attack_fp(DATA, GAME.board_for(m.state), m.state, ["g-s1"], "O10")
    assert exc.value.rule == "O20.2.2"


def test_a_group_member_out_of_range_is_refused_citing_the_group_rule() -> None:
    """O20.3.1: every piece of a fire group needs Range and LOS to the target."""
    m = new_match()
    only_units(m, {"g-s1": "N9", "g-s2": "A1", "a-s1": "O10"})
    with pytest.raises(IllegalOrder) as exc:
        fire.attack_fp(DATA, GAME.board_for(m.state), m.state, ["g-s1", "g-s2"], "O10")
    assert exc.value.rule == "O20.3.1"
