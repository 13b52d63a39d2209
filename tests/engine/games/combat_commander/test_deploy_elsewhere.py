"""E52.2 beyond the Fire attack: a Squad deployed by the Event! of a roll made against it during an
artillery barrage (O18.2.3.2), a mine attack (F103.2) or a Rout (O23.2) passes that roll's result
to both Teams (rulings R59, R61)."""

from __future__ import annotations

from tests.engine.games.combat_commander.helpers import (
    GAME,
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


def test_a_squad_deploying_on_its_mine_defense_roll_passes_the_hit_to_both_teams() -> None:
    """E52.2, F103.2: the defense roll's Event! deploys the Squad in the mined hex; the roll fails and both Teams break."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "g-s4": "N1", "a-s1": "N9"})
    m.state["forts"]["A8"] = "mines"
    cid = hold(m, "axis", "move")
    play(m, "axis", "move", cid, "g-s1")
    stack(m, "allies", [find("allies", white=6, red=6, trigger="")])
    stack(m, "axis", deploy_after("axis", high=False))
    play(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "choice" and m.state["choices"][0]["kind"] == "deploy"
    play(m, "axis", "choose", "g-s1")
    units = m.state["units"]
    assert units["g-s1"]["hex"] is None and units["g-s1a"]["broken"] and units["g-s1b"]["broken"]


def test_a_squad_deploying_on_its_barrage_defense_roll_passes_the_hit_to_both_teams() -> None:
    """E52.2, O18.2.3.2: a Squad under its own side's barrage deploys on its defense roll's Event!; both Teams take the hit."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "g-s1": "G8", "a-s1": "N9"})
    cid = hold(m, "axis", "artillery_request")
    rolls: list[str] = []
    for w, r in ((3, 3), (2, 1), (5, 4)):
        rolls.append(find("axis", white=w, red=r, trigger="" if len(rolls) != 1 else None, exclude=(cid, *rolls)))
    stack(m, "axis", [*rolls, *deploy_after("axis", high=False)])
    play(m, "axis", "artillery-request", cid, "g-l1", "G8")
    assert top(m) == "choice" and m.state["choices"][0]["kind"] == "deploy"
    play(m, "axis", "choose", "g-s1")
    units = m.state["units"]
    assert units["g-s1"]["hex"] is None and units["g-s1a"]["broken"] and units["g-s1b"]["broken"]


def test_both_teams_of_a_squad_deployed_by_its_rout_roll_retreat() -> None:
    """E52.2, O23.2 (R61): the Rout roll's Event! deploys the routed Squad; each Team then retreats the hexes the roll gave."""
    m = new_match()
    only_units(m, {"g-s1": "D8", "g-s4": "N1", "a-s1": "N9"})
    m.state["units"]["g-s1"]["broken"] = True
    cid = hold(m, "axis", "rout")
    stack(m, "axis", deploy_after("axis", high=True))
    play(m, "axis", "rout", cid, "axis")
    assert top(m) == "choice" and m.state["choices"][0]["kind"] == "deploy"
    play(m, "axis", "choose", "g-s1")
    retreated: list[str] = []
    while top(m) == "rout" and m.state["flow"][-1]["retreating"]:
        uid = m.state["flow"][-1]["retreating"]
        if uid not in retreated:
            retreated.append(uid)
        step = GAME.prompt(m.state, "axis").actions[0]
        play_only(m, "axis", step.verb, *step.args)
        settle(m)
    assert retreated == ["g-s1a", "g-s1b"]
    assert m.state["units"]["g-s1a"]["hex"] == m.state["units"]["g-s1b"]["hex"] != "D8"
