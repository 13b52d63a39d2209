"""A referee's deadline is within what it says it accepts: a deadline of a millionth of an hour
(which would apply every decision's default at once) is refused with the accepted range, and a
short deadline keeps only the default reminders that come before it."""

from bot.deadlines import MIN_DEADLINE_HOURS, Policy, parse_policy
from engine.text import Text


def test_a_deadline_of_seconds_is_refused():
    """'deadline 1e-9' and 'deadline 0.01' are refused naming the range (a few minutes to 90 days)."""
    for hours in ("1e-9", "0.01"):
        refused = parse_policy([hours])
        assert isinstance(refused, Text) and "90 days" in str(refused), refused


def test_the_shortest_deadline_accepted_is_the_minimum():
    """A deadline of exactly the minimum is accepted."""
    policy = parse_policy([str(MIN_DEADLINE_HOURS)])
    assert isinstance(policy, Policy) and policy.hours == MIN_DEADLINE_HOURS


def test_a_short_deadline_keeps_only_the_default_reminders_before_it():
    """'deadline 3' reminds 2 hours before (not 24 hours before a 3-hour deadline); 'deadline 1' reminds not at all."""
    assert parse_policy(["3"]) == Policy(3.0, (2.0,), "default")
    assert parse_policy(["1"]) == Policy(1.0, (), "default")
