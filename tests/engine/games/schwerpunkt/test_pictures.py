"""What the pictures print (S 2.42, S 3.5): each counter the viewer sees with its values, blanks blank."""

from engine.game import PUBLIC
from engine.games.schwerpunkt.faces import label
from engine.games.schwerpunkt.model import rules
from engine.text import Text
from tests.engine.games.schwerpunkt.combat_helpers import german_combat
from tests.engine.games.schwerpunkt.helpers import new_match, position, to_movement


def stack_seen(viewer: str, label: str) -> list[dict]:
    match = new_match("scenario2")
    position(match, {"2020": ["gd-pz", "gd-gre", "168-417"], "2021": ["s-100"]})
    match.state["units"]["gd-gre"]["step"] = 1
    return match.game.view(match.state, viewer)["stacks"][label]["counters"]


def test_printed_values_of_a_full_counter():
    """S 2.42: CS-TV-MA with the integrity asterisk after the TV."""
    assert label(rules(), "gd-pz", 0) == "8-4*-8"


def test_printed_values_of_a_reduced_face():
    """S 2.48: the reduced face prints its own values."""
    assert label(rules(), "gd-pz", 1) == "4-3*-8"


def test_printed_values_of_a_defend_only_unit():
    """S 2.41: a unit that only defends prints its CS in brackets."""
    assert label(rules(), "vk-cha", 0) == "(2)-1-0"


def test_the_top_counter_shows_its_values_to_everybody():
    """S 3.5: the enemy sees the top unit of a stack, values included."""
    assert stack_seen(PUBLIC, "2020")[0]["attributes"]["values"] == "8-4*-8"


def test_counters_below_the_top_stay_blank_publicly():
    """S 3.5: below the top the public sees blanks: no unit, no values, the height only."""
    below = stack_seen(PUBLIC, "2020")[1:]
    assert len(below) == 2 and all(c["blank"] and "attributes" not in c for c in below)


def test_the_owner_sees_every_counter_of_his_stack_with_its_face():
    """S 3.5: the owner sees his whole stack, each counter on its face (a reduced one reduced)."""
    values = [c["attributes"]["values"] for c in stack_seen("german", "2020")]
    assert values == ["8-4*-8", "3-2*-7", "6-2*-2"]


def test_the_status_panel_shows_the_public_tracks():
    """S 7.1, E 18.2: the picture's panel gives the turn, weather, C3I, AP and VP with the turn's range."""
    match = new_match("scenario2")
    panel = {k: v.format() if isinstance(v, Text) else v for k, v in match.observe(PUBLIC).map.panel}
    assert (panel["turn"], panel["weather"], panel["C3I"], panel["VP"]) == ("1 / 17", "Frozen", "soviet 5, german 2", "0 (-20 .. 12)")



def test_the_picture_after_a_move_draws_its_path():
    """S 11.4: the picture after a move draws it (the hexes are public) and centres on it."""
    match = new_match("scenario2")
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"2020": ["gd-pz"]})
    match.submit("german", "move gd-pz 2021")
    last = match.observe(PUBLIC).map.last
    assert last.moves == (("2020", "2021"),) and set(last.focus) == {"2020", "2021"}


def test_the_picture_after_an_attack_draws_it():
    """S 12.4 A: once declared, the attack is drawn from its origins to its target."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    attacks = match.observe(PUBLIC).map.last.attacks
    assert [(a.sources, a.target) for a in attacks] == [(("2020",), "2021")]
