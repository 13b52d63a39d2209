"""Private standing orders for the combat decisions, and every combat prompt's published default."""

import pytest

from engine.errors import InvalidOrder
from engine.game import PUBLIC, Action
from engine.games.schwerpunkt import combat, standing, terrain
from tests.engine.games.schwerpunkt.combat_helpers import german_combat, impose_hits, seen_by


def test_standing_never_refuse_answers_without_a_round_trip():
    """S 12.6: 'standing refuse never' accepts combat at once: the chits are drawn with no Soviet order."""
    match = german_combat({"2020": ["168-417"], "2021": ["s-12tc"]})
    match.submit("soviet", "standing refuse never")
    match.submit("german", "attack 2021 with 168-417")
    assert match.state["combat"]["stage"] == "chits" and match.records[-1].kind == "auto"


def test_standing_always_refuse_retreats_toward_supply():
    """S 12.6 with S 12.10: 'standing refuse always' refuses along the refusal nearest to a Soviet source."""
    match = german_combat({"2020": ["168-417"], "2021": ["s-12tc"]})
    match.submit("soviet", "standing refuse always")
    match.submit("german", "attack 2021 with 168-417")
    dist = combat.supply_distance("soviet")
    where = terrain.hex_of(match.state, "s-12tc")
    assert where != "2021" and dist[where] <= dist["2021"]


def test_standing_orders_are_never_shown_to_the_opponent():
    """Digest 6.1: a standing order is its owner's alone: the German reads 'standing (private)' and no view shows it."""
    match = german_combat({"2020": ["168-417"], "2021": ["s-12tc"]})
    match.submit("soviet", "standing retreat supply")
    record = match.records[-1]
    assert match.order_text(record, "german") == "standing (private)"
    token = "standing-soviet-retreat-supply"
    assert token in match.view("soviet")["standing"]
    for viewer in ("german", PUBLIC):
        assert token not in str(match.view(viewer)) and "supply" not in seen_by(match, viewer, [record])


def test_standing_loss_order_picks_the_units_listed_first():
    """S 12.9: the attacker's loss order names who takes the step loss, within the even spread."""
    match = german_combat({"2020": ["gd-pz", "gd-gre"], "2021": ["s-100"]})
    match.submit("german", "standing loss gd-gre gd-pz")
    match.submit("german", "attack 2021 with gd-pz gd-gre")
    impose_hits(match, 1, 0, stage="attacker")
    match.play("german", Action("standing", ("loss", "gd-gre", "gd-pz")))
    assert match.state["units"]["gd-gre"]["step"] == 1 and match.state["units"]["gd-pz"]["step"] == 0


def test_standing_retreat_supply_turns_hits_into_retreat():
    """S 12.10: 'standing retreat supply' retreats as far as the hits allow, toward a friendly source."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-12tc"]})
    match.submit("soviet", "standing refuse never")
    match.submit("soviet", "standing retreat supply")
    match.submit("german", "attack 2021 with gd-pz")
    impose_hits(match, 0, 2)
    match.play("soviet", Action("standing", ("retreat", "supply")))
    where = terrain.hex_of(match.state, "s-12tc")
    assert where != "2021" and match.state["units"]["s-12tc"]["step"] == 0
    assert len(match.state.get("combat", {}).get("retreat") or [None, None]) == 2


def test_standing_retreat_stand_takes_step_losses():
    """S 12.10: 'standing retreat stand' takes the hits as step losses when no retreat is forced."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-12tc"]})
    match.submit("german", "attack 2021 with gd-pz")
    impose_hits(match, 0, 1)
    match.play("soviet", Action("standing", ("retreat", "stand")))
    assert terrain.hex_of(match.state, "s-12tc") == "2021" and match.state["units"]["s-12tc"]["step"] == 1


def test_standing_chits_none_chooses_none():
    """S 12.5: 'standing chits none' answers the sealed choice with no chit."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("soviet", "standing chits none")
    match.submit("german", "attack 2021 with gd-pz")
    assert match.active() == frozenset({"german"})


def test_standing_chits_best_stays_within_the_limit():
    """S 12.5: 'standing chits best' chooses at most the limit, among the chits drawn."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    drawn = match.state["combat"]["drawn"]["soviet"]
    action = standing.chits_answer(match.state, "soviet", "best")
    picked = [a for a in action.args if a != "none"]
    assert len(picked) <= 1 and set(picked) <= set(drawn)


def test_malformed_standing_order_says_what_is_accepted():
    """A standing order that names no known kind is refused with the accepted forms."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    with pytest.raises(InvalidOrder) as err:
        match.submit("soviet", "standing refuse sometimes")
    assert "refuse never|always" in str(err.value)


def test_standing_clear_forgets_every_order():
    """'standing clear' removes the orders: the refusal window waits for the player again."""
    match = german_combat({"2020": ["168-417"], "2021": ["s-12tc"]})
    match.submit("soviet", "standing refuse never")
    match.submit("soviet", "standing clear")
    match.submit("german", "attack 2021 with 168-417")
    assert match.state["combat"]["stage"] == "refuse"


@pytest.mark.parametrize(
    "stage,want",
    [("chits", Action("chits", ("none",))), ("advance", Action("advance", ("none",))), ("second", Action("advance", ("done",)))],
)
def test_combat_prompts_publish_their_default(stage, want):
    """Every combat prompt names its default, which is the service's answer when a deadline passes."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    match.state["combat"]["stage"] = stage
    assert match.game.default_action(match.state, "german") == want
    assert f"default: {want.text}" in str(match.game.procedures["combat"].text(match.game, match.state, {}, "german"))


def test_defender_default_stands_and_takes_step_losses():
    """S 12.10: the defender's published default takes step losses and retreats only when forced."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-12tc"]})
    match.submit("german", "attack 2021 with gd-pz")
    impose_hits(match, 0, 1)
    assert match.game.default_action(match.state, "soviet") == Action("losses", ("s-12tc",))


def test_standing_orders_may_be_given_out_of_turn():
    """A standing order is given whenever its owner likes, without waiting for his turn."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    assert match.active() == frozenset({"german"})
    match.submit("soviet", "standing chits none")
    assert "standing-soviet-chits-none" in match.view("soviet")["standing"]


def test_standing_orders_count_among_the_seat_secrets():
    """The random-play harness checks every channel for them: they are among the owner's secrets."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("soviet", "standing loss s-100")
    assert "standing-soviet-loss-s-100" in match.game.secrets(match.state)["soviet"]


def test_defender_loss_order_with_a_retreat_order():
    """S 12.9: with 'standing retreat stand', the defender's loss order names who takes the step."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100", "s-183"]})
    match.submit("soviet", "standing loss s-183 s-100")
    match.submit("german", "attack 2021 with gd-pz")
    impose_hits(match, 0, 1)
    match.play("soviet", Action("standing", ("retreat", "stand")))
    assert match.state["units"]["s-183"]["step"] == 1 and match.state["units"]["s-100"]["step"] == 0
