"""Bad input always gets a clear error: random order lines never raise anything but OrderError."""

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import OrderError
from tests.engine.games.caucasus.position import new_match, referee

MATCH = new_match("fuzz")
COMBAT = new_match("fuzz-combat")
referee(COMBAT, "phase axis primary combat")
VERBS = list(MATCH.game.verbs) + ["odds", "standing", "referee", "", "->", "all", "none"]
WORDS = st.one_of(
    st.sampled_from(VERBS),
    st.sampled_from(sorted(MATCH.game.rules.units)[:40]),
    st.sampled_from(["1231", "1331", "1031", "0000", "9999", "Rostov", "Atlantis", "air", "fleet", "viii-fk", "ext", "strat"]),
    st.text(alphabet=string.printable, max_size=12),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(WORDS, min_size=0, max_size=7), st.sampled_from(["axis", "soviet"]), st.sampled_from(["movement", "combat"]))
def test_random_lines_are_refused_cleanly_or_applied(words, role, where):
    match = MATCH if where == "movement" else COMBAT
    line = " ".join(words)
    before = match.hash()
    try:
        records = match.submit(role, line)
    except OrderError as exc:
        assert str(exc.text())
        assert match.hash() == before
        return
    # An accepted line is a legal order: take it back where the kernel allows, to keep exploring.
    for rec in reversed(records):
        if match.can_undo(rec.role):
            match.undo(rec.role)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.sampled_from(["axis", "soviet"]))
def test_queries_never_crash(line, role):
    try:
        MATCH.game.query(MATCH.state, role, "odds " + line)
    except OrderError:
        pass
