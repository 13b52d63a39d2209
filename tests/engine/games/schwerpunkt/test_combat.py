"""Combat (S 12, E 16) with the combat chits chosen as a sealed simultaneous choice."""

import pytest

from bot.i18n import render
from engine.errors import IllegalOrder
from engine.game import PUBLIC
from engine.games.schwerpunkt import combat, terrain
from tests.engine.games.schwerpunkt.helpers import new_match, position, to_movement
from tests.harness import words_of


def german_combat(stacks, dice=(6, 6)):
    """The German's first activity phase, Combat segment first, with ``stacks`` on the map."""
    match = new_match()
    to_movement(match, "german", c3i=1, dice=dice)
    position(match, stacks)
    match.state["flow"][-1]["step"] = "combat"
    return match


def public_text(match, records):
    return " ".join(render(e.text, viewer=PUBLIC) for r in records for e in r.entries if e.to == "*")


def test_attack_costs_three_ap():
    """S 12.2: an attack costs 3 AP of the phase."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    ap = match.state["ap"]["german"]
    match.submit("german", "attack 2021 with gd-pz")
    assert match.state["ap"]["german"] == ap - 3


def test_only_adjacent_units_attack():
    """S 12.3: only units next to the target hex may attack it."""
    match = german_combat({"2018": ["gd-pz"], "2021": ["s-100"]})
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "attack 2021 with gd-pz")
    assert "S 12.3" in str(err.value)


def test_superiority_gives_three_chits_against_one():
    """S 12.52: the higher TV has superiority: up to 3 chits against 1; equal TVs: 2 each."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    c = match.state["combat"]
    assert c["tv"] == {"german": 4, "soviet": 2} and c["limit"] == {"german": 3, "soviet": 1}
    assert len(c["drawn"]["german"]) == 4 and len(c["drawn"]["soviet"]) == 2


def test_both_sides_choose_at_once():
    """S 12.5: after the declaration both sides choose their chits; the game waits for both."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    assert match.active() == frozenset({"german", "soviet"})


def test_first_choice_is_sealed_and_never_echoed():
    """S 12.81: the first choice is announced with a commitment only; the drawn and chosen chits stay hidden."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    drawn = match.state["combat"]["drawn"]["german"]
    match.submit("german", f"chits {drawn[0]}")
    record = match.records[-1]
    assert match.order_text(record, "soviet") == "chits (sealed)"
    text = public_text(match, [record])
    assert "German has chosen" in text and not set(drawn) & words_of(text)
    assert drawn[0] not in str(match.view("soviet")) and drawn[0] not in str(match.view(PUBLIC))


def test_choices_are_revealed_together_and_unchosen_never():
    """S 12.81: once both have chosen, both choices are revealed; drawn chits not chosen never are."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    german, soviet = match.state["combat"]["drawn"]["german"], match.state["combat"]["drawn"]["soviet"]
    before = len(match.records)
    match.submit("german", f"chits {german[0]}")
    match.submit("soviet", "chits none")
    text = public_text(match, match.records[before:])
    assert german[0] in words_of(text)
    assert not (set(german[1:]) | set(soviet)) & words_of(text)


def test_more_chits_than_the_limit_are_refused():
    """S 12.5: a side selects at most its limit."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    soviet = match.state["combat"]["drawn"]["soviet"]
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", f"chits {soviet[0]} {soviet[1]}")
    assert "S 12.5" in str(err.value)


@pytest.mark.parametrize("att,dfn,col", [(29, 13, "2:1"), (3, 4, "2:3"), (1, 3, None), (20, 1, None), (19, 1, "19:1"), (4, 4, "1:1")])
def test_odds_round_down_for_the_defender(att, dfn, col):
    """S 12.7: 29 to 13 is 2:1, 3 to 4 is 2:3; below 1:2 and above 19:1 leave the table."""
    assert combat.column(att, dfn) == col


def test_concentric_attack_from_opposite_hexes():
    """S 12.82: attackers on two opposite neighbours attack concentrically (+1 TV)."""
    match = german_combat({})
    board = match.game.board
    target = "2021"
    grid = board.grid
    first = grid.neighbour(target, 0)
    opposite = grid.neighbour(target, 3)
    position(match, {first: ["gd-pz"], opposite: ["gd-gre"], target: ["s-100"]})
    match.submit("german", f"attack {target} with gd-pz gd-gre")
    assert match.state["combat"]["tv"]["german"] == 4 + 1


def test_stacks_in_combat_are_revealed_to_both():
    """S 3.5: once an attack is declared, both stacks are shown whole to the other side."""
    match = german_combat({"2020": ["gd-pz", "168-417"], "2021": ["s-100", "s-183"]})
    match.submit("german", "attack 2021 with gd-pz")
    soviet_view = match.view("soviet")["stacks"]["2020"]["counters"]
    assert [c["unit"] for c in soviet_view] == ["gd-pz", "168-417"]


def play_out(match):
    """Answer every step of the combat with the first listed order until it is over."""
    while "combat" in match.state:
        role = sorted(match.active())[0]
        match.play(role, match.prompt(role).actions[0])


def test_reveal_ends_with_the_combat():
    """S 3.5: the stacks are hidden again when the combat is over."""
    match = german_combat({"2020": ["gd-pz", "168-417"], "2021": ["s-100", "s-183"]})
    match.submit("german", "attack 2021 with gd-pz")
    play_out(match)
    counters = match.view("soviet")["stacks"].get("2020", {}).get("counters", [])
    assert all(c["blank"] for c in counters[1:])


def test_forced_retreat_when_hits_exceed_units():
    """S 12.10: more hits than defending units force a retreat (outside a city) when one is possible."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    match.state["combat"]["hits"] = {"german": 0, "soviet": 2}
    options = combat.retreat_options(match.state)
    assert options and () not in options


def test_attacker_advances_into_the_vacated_hex():
    """S 12.11: when the defender's hex is vacated (3 hits on a 2-step unit: forced retreat), the attackers may enter it."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    c = match.state["combat"]
    match.state.pop("sealed", None)
    c.update(stage="defender", hits={"german": 0, "soviet": 3}, mot_first={"german": False, "soviet": False}, drawn={})
    match.state["flow"][-1] = {"proc": "combat"}
    retreat = next(a for a in match.prompt("soviet").actions if "retreat" in a.args)
    match.play("soviet", retreat)
    assert terrain.hex_of(match.state, "s-100") != "2021"
    match.submit("german", "advance gd-pz")
    assert terrain.hex_of(match.state, "gd-pz") == "2021"
