"""Game.observe: one projection per viewer bundles the map, the status and a seat's holdings."""

from engine.game import PUBLIC, REFEREE
from engine.games.duel.game import Duel
from engine.kernel import Match
from engine.mapview import map_view


class SecretHands(Duel):
    hidden_holdings = True


class HiddenCounters(Duel):
    def view(self, state, role):
        view = super().view(state, role)
        view["units"] = {uid: {**u, "hidden": u["side"] != role} for uid, u in view["units"].items()}
        return view


def test_a_seat_of_a_game_with_hidden_holdings_observes_its_hand():
    """Only a seat of a game whose seats hold secrets gets holdings, and only its own."""
    match = Match.new(SecretHands(), "basic", {}, "seed")
    red = match.observe("red")
    assert red.holdings is not None
    assert all(card in red.holdings.format() for card in match.state["hands"]["red"])
    assert match.observe(PUBLIC).holdings is None and match.observe(REFEREE).holdings is None


def test_no_holdings_are_observed_when_seats_hold_no_secret():
    """The template game's hands are not hidden holdings: nobody's observation carries them."""
    match = Match.new(Duel(), "basic", {}, "seed")
    assert match.observe("red").holdings is None


def test_the_observed_map_is_the_typed_reading_of_the_view():
    """The map is read from the viewer's own view: its counters, panel and last action."""
    match = Match.new(Duel(), "basic", {}, "seed")
    seen = match.observe("blue")
    assert seen.map == map_view(match.game.view(match.state, "blue"))
    assert {u.id for u in seen.map.units} == {"r1", "r2", "b1", "b2"}


def test_a_seat_whose_counters_are_hidden_from_the_public_observes_a_different_map():
    """differs_from says when a seat needs its own picture: its counters are blanks to the public."""
    match = Match.new(HiddenCounters(), "basic", {}, "seed")
    public = match.observe(PUBLIC)
    assert match.observe("red").differs_from(public)
    assert not match.observe(PUBLIC).differs_from(public)
    assert not Match.new(Duel(), "basic", {}, "seed").observe("red").differs_from(Match.new(Duel(), "basic", {}, "seed").observe(PUBLIC))


def test_the_observed_view_carries_the_seed_commitment():
    """The kernel adds the seed commitment to every observation, never the seed before the end."""
    seen = Match.new(Duel(), "basic", {}, "seed").observe(PUBLIC)
    assert seen.view["seed_commitment"] and "seed" not in seen.view


def test_map_view_keeps_only_counters_on_the_board_when_asked():
    """Counters in boxes off the map are not drawn, so they do not make two maps differ."""
    view = {"units": [{"id": "a", "hex": "0101"}, {"id": "b", "hex": "reserve"}]}
    assert [u.id for u in map_view(view, lambda label: label == "0101").units] == ["a"]
    assert [u.id for u in map_view(view).units] == ["a", "b"]
