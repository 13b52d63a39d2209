"""A picture unchanged since it was drawn comes back with its description, drawn once; any other reader or language is drawn for them."""

import pytest

import bot.pictures as pictures
from engine import registry
from engine.game import PUBLIC
from engine.kernel import Match
from render import drawn


@pytest.fixture
def drawn_for(monkeypatch):
    """The viewers whose pictures were drawn (not taken from the kept ones)."""
    drawn.forget()
    calls: list[str] = []
    real = pictures.render_view

    def spy(game, shown, role, full, translate=None):
        calls.append(role)
        return real(game, shown, role, full, translate=translate)

    monkeypatch.setattr(pictures, "render_view", spy)
    yield calls
    drawn.forget()


def _match() -> Match:
    game = registry.get("schwerpunkt")
    return Match.new(game, next(iter(game.scenarios)), game.options, "kept")


def test_the_same_observation_is_drawn_and_described_once(drawn_for):
    """Twice the same viewer's same map: the same picture and description, drawn once."""
    match = _match()
    first = pictures.render_with_description(match.game, match.observe(PUBLIC), False, "en")
    assert pictures.render_with_description(match.game, match.observe(PUBLIC), False, "en") == first
    assert drawn_for == [PUBLIC]


def test_another_language_is_drawn_and_described_in_it(drawn_for):
    """An Italian reader of the same map gets a picture and a description drawn in Italian."""
    match = _match()
    english = pictures.render_with_description(match.game, match.observe(PUBLIC), False, "en")
    italian = pictures.render_with_description(match.game, match.observe(PUBLIC), False, "it")
    assert english is not None and italian is not None and english[1] != italian[1]
    assert drawn_for == [PUBLIC, PUBLIC]


def test_each_seat_gets_its_own_picture(drawn_for):
    """Each seat's picture is drawn from its own observation, never handed another viewer's."""
    match = _match()
    for role in (PUBLIC, *match.game.roles):
        pictures.render_with_description(match.game, match.observe(role), False, "en")
    assert drawn_for == [PUBLIC, *match.game.roles]
