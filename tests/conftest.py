import pytest

from engine import registry
from tests.fixtures import duel


@pytest.fixture(autouse=True, scope="session")
def _register_fixture_game():
    registry.register("duel", duel.make_game)
    yield
