import pytest


@pytest.fixture(scope="session")
def cache_root(tmp_path_factory):
    return tmp_path_factory.mktemp("adjutant-cache")


@pytest.fixture(autouse=True)
def _private_cache(cache_root, monkeypatch):
    """Every render test uses a throw-away disk cache, never the user's."""
    monkeypatch.setenv("ADJUTANT_CACHE", str(cache_root))
    yield
