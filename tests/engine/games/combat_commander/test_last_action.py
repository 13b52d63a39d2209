"""The picture after an Artillery Request shows the Observer's line to the Spotting Round, its
drift and the barrage's hexes (the issue: the last action's line of fire), not the last move."""

from __future__ import annotations

from engine.games.combat_commander import artillery
from engine.mapview import last_action
from tests.engine.games.combat_commander.helpers import (
    GAME,
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
)


def requested(spot: str, accuracy: tuple[int, int], drift: tuple[int, int]):  # type: ignore[no-untyped-def]
    """g-l1 in G3 observes ``spot``; the accuracy and drift cards fixed, the Allied defenses 2."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G6"})
    m.state["last"] = {"moves": [["A1", "A2"]]}  # an earlier move, which the picture must no longer show
    cid = hold(m, "axis", "artillery_request")
    mine = [find("axis", white=accuracy[0], red=accuracy[1], trigger="", exclude=(cid,))]
    mine.append(find("axis", white=drift[0], red=drift[1], exclude=(cid, *mine)))
    mine.append(find("axis", white=5, red=5, trigger="", exclude=(cid, *mine)))
    stack(m, "axis", mine)
    stack(m, "allies", [find("allies", white=1, red=1, trigger="")])
    play(m, "axis", "artillery-request", cid, "g-l1", spot)
    return m


def test_the_picture_shows_the_observer_s_line_and_the_drift() -> None:
    """Inaccurate fire on G8 drifting to G6: the line G3-G8, the drift G8-G6, the seven hexes around G6 (O18.2.2)."""
    m = requested("G8", (1, 1), (1, 2))
    last = last_action(GAME.view(m.state, "public"))
    assert [(a.sources, a.target) for a in last.attacks] == [(("G3",), "G8")]
    assert last.moves == (("G8", "G6"),)
    assert set(last.focus) == set(artillery.impact_hexes(GAME, m.state, "G6"))


def routed(totals: list[int]):  # type: ignore[no-untyped-def]
    """The Axis orders a Rout of the broken a-s1 in D7 (broken Morale 8), its rolls fixed (O23.2)."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": "D7"})
    m.state["units"]["a-s1"]["broken"] = True
    m.state["last"] = {"moves": [["A1", "A2"]]}
    cid = hold(m, "axis", "rout")
    ids: list[str] = []
    for total in totals:
        ids.append(find("axis", total=total, trigger="", exclude=(*ids, cid)))
    stack(m, "axis", ids)
    play(m, "axis", "rout", cid, "allies")
    return m


def test_the_picture_of_a_rout_shows_the_units_rolling() -> None:
    """A Rout order's picture centres on the broken units that roll (O23.2), not on the move before it."""
    last = last_action(GAME.view(routed([5]).state, "public"))
    assert last.focus == ("D7",) and last.moves == ()


def test_the_picture_of_a_retreat_shows_its_path() -> None:
    """Each hex of a retreat is drawn (O23.3)."""
    m = routed([10])
    play(m, "allies", "step", "a-s1", "D8")
    play(m, "allies", "step", "a-s1", "D9")
    assert last_action(GAME.view(m.state, "public")).retreats == (("D7", "D8"), ("D8", "D9"))


def test_the_picture_of_a_recover_shows_the_units_rolling() -> None:
    """A Recover order's picture centres on the broken units that roll to rally (O22.2)."""
    m = new_match()
    only_units(m, {"g-s1": "C3", "a-s1": "N9"})
    m.state["units"]["g-s1"]["broken"] = True
    m.state["last"] = {"moves": [["A1", "A2"]]}
    play(m, "axis", "recover", hold(m, "axis", "recover"))
    assert last_action(GAME.view(m.state, "public")).focus == ("C3",)


def test_every_picture_carries_the_tracks_in_its_panel() -> None:
    """The panel over the map reads Time, Sudden Death, the VP lead, the Initiative's holder and the turn (4.1, 5, 6.1, 6.2, 9)."""
    from engine.mapview import map_view

    m = new_match()
    m.state["vp"] = -3
    items = dict(map_view(GAME.view(m.state, "public")).panel_items())
    assert items["Time"] == "0" and items["Sudden Death"] == str(m.state["sudden_death"])
    assert items["VP"] == "allies 3" and items["Initiative"] == m.state["initiative"]
    assert items["turn"] == f"axis 0/{m.state['sides']['axis']['capacity']}"
