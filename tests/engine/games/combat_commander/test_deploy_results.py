"""E52.2: a Squad that deploys into two Teams in the middle of a Fire attack passes the result
meant for it to both Teams (ruling R59)."""

from __future__ import annotations

from engine.kernel import Match
from tests.engine.games.combat_commander.helpers import (
    deploy_after,
    find,
    hold,
    new_match,
    only_units,
    play,
    play_only,
    settle,
    stack,
    top,
)


def moving_squad_under_fire(m: Match) -> None:
    """g-s1 moves from A7 to A8 in sight of a-s1 in C7 (A33)."""
    only_units(m, {"g-s1": "A7", "g-s4": "N1", "a-s1": "C7", "a-s3": "N9"})
    cid = hold(m, "axis", "move")
    play(m, "axis", "move", cid, "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "opfire"


def test_a_squad_deploying_on_its_own_defense_roll_passes_the_hit_to_both_teams() -> None:
    """E52.2: the defense roll's Event! deploys the Squad; the roll still fails, and both Teams take the hit."""
    m = new_match()
    moving_squad_under_fire(m)
    stack(m, "allies", [find("allies", white=6, red=6, trigger="")])
    stack(m, "axis", deploy_after("axis", high=False))
    cid = hold(m, "allies", "fire")
    play_only(m, "allies", "fire", cid, "a-s1")
    settle(m)
    assert top(m) == "choice" and m.state["choices"][0]["kind"] == "deploy"
    play(m, "axis", "choose", "g-s1")
    assert m.state["units"]["g-s1"]["hex"] is None
    assert m.state["units"]["g-s1a"]["broken"] and m.state["units"]["g-s1b"]["broken"]


def test_a_squad_deploying_on_the_attack_roll_still_rolls_once_for_both_teams() -> None:
    """E52.2, O20.3.4: deployed after the attack roll, the Squad's one defense roll decides for both Teams."""
    m = new_match()
    moving_squad_under_fire(m)
    stack(m, "allies", deploy_after("allies", high=True))
    stack(m, "axis", [find("axis", white=1, red=1, trigger="")])
    cid = hold(m, "allies", "fire")
    play_only(m, "allies", "fire", cid, "a-s1")
    settle(m)
    assert top(m) == "choice" and m.state["choices"][0]["role"] == "axis"
    before = len(m.state["sides"]["axis"]["discard"])
    play(m, "axis", "choose", "g-s1")
    assert len(m.state["sides"]["axis"]["discard"]) == before + 1  # one defense roll, not one per Team
    assert m.state["units"]["g-s1a"]["broken"] and m.state["units"]["g-s1b"]["broken"]
