"""Private standing reactions of opportunity fire (A33, digest 6.4): 'react fire HEX PIECE...'
answers the window at that hex once, only when legal; 'react windows pass' passes the
opportunity-fire windows too; 'react list' is a private reading."""

from __future__ import annotations

import pytest

from bot.i18n import render
from engine.errors import InvalidOrder
from engine.game import Action
from engine.kernel import Match
from tests.engine.games.combat_commander.helpers import (
    GAME,
    hand_without,
    hold,
    new_match,
    only_units,
    play,
    texts,
    top,
)


def ready(react: tuple[str, ...] | None = ("fire", "A8", "a-w1")) -> Match:
    """g-s1 about to move from A7; a-s3 with its BAR (a-w1) at C7 sees A8 and A9 (A33.1)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s3": "C7"})
    m.state["sides"]["allies"]["posture"] = "attack"  # no Hidden Mines or Wire pause (A35)
    hold(m, "allies", "fire")
    if react is not None:
        m.play("allies", Action("react", react))
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    return m


def test_a_fire_reaction_fires_at_the_first_unit_entering_its_hex() -> None:
    """The window at the reaction's hex is answered by the reaction's fire, with a Fire card (A33.2)."""
    m = ready()
    records = m.play("axis", Action("step", ("g-s1", "A8")))
    said = " ".join(texts(records))
    assert "as opportunity fire, activating a-s3" in said and top(m) != "opfire"


def test_a_fire_reaction_is_spent_once_used() -> None:
    """'The first unit that enters': once it has fired the reaction is gone."""
    m = ready()
    m.play("axis", Action("step", ("g-s1", "A8")))
    assert m.state["reactions"]["allies"]["fire"] == []


def test_a_fire_reaction_leaves_other_hexes_asked() -> None:
    """A unit entering another hex opens the window as usual (A33.1)."""
    m = ready(("fire", "A9", "a-w1"))
    m.play("axis", Action("step", ("g-s1", "A8")))
    assert top(m) == "opfire" and m.active() == frozenset({"allies"})


def test_a_fire_reaction_without_a_fire_card_asks_instead() -> None:
    """Without a Fire card the reaction cannot activate its units (A33.2): the window is asked, the move is not refused."""
    m = ready()
    hand_without(m, "allies", "fire")
    m.play("axis", Action("step", ("g-s1", "A8")))
    assert top(m) == "opfire" and m.state["units"]["g-s1"]["hex"] == "A8"


def test_a_fire_reaction_is_private() -> None:
    """The opponent reads only that a reaction was given; its author reads it whole (digest 6.4)."""
    m = ready(None)
    m.play("allies", Action("react", ("fire", "A8", "a-w1")))
    assert GAME.order_text(Action("react", ("fire", "A8", "a-w1")), "axis") == "react (private)"
    assert "A8" not in render(GAME.holdings(m.state, "axis"))
    assert "a-s3, a-w1" in render(GAME.holdings(m.state, "allies"))


def test_a_fire_reaction_with_an_enemy_piece_is_refused() -> None:
    """Only one's own units and weapons fire (A33)."""
    m = new_match()
    with pytest.raises(InvalidOrder, match="not a unit or weapon of yours"):
        m.play("allies", Action("react", ("fire", "A8", "g-s1")))


def test_a_fire_reaction_without_pieces_gives_its_syntax() -> None:
    """'react fire HEX' alone is refused with the syntax."""
    with pytest.raises(InvalidOrder, match="react fire HEX"):
        GAME.parse(new_match().state, "allies", "react fire A8")


def test_windows_pass_passes_opportunity_fire_windows() -> None:
    """'react windows pass' lets every enemy unit entering a hex go on this turn (A33, digest 6.4)."""
    m = ready(("windows", "pass"))
    m.play("axis", Action("step", ("g-s1", "A8")))
    assert top(m) == "move_order" and m.state["units"]["g-s1"]["hex"] == "A8"


def test_react_list_is_a_private_reading() -> None:
    """'react list' is answered to its author without an order in the log."""
    m = ready()
    answer = GAME.query(m.state, "allies", "react list")
    assert answer is not None and "A8" in render(answer)
