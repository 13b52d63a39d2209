"""Typed orders (parsing.py): card numbers per side, unit names of several words, place names for
hexes, keywords; bad input is an InvalidOrder with a hint (never a crash)."""

from __future__ import annotations

import pytest

from engine.errors import AmbiguousOrder, InvalidOrder
from engine.game import Action
from engine.games.stalins_war import parsing
from engine.games.stalins_war.model import AXIS, SOVIET
from tests.engine.games.stalins_war.flow_helpers import RULES, new_match


def parse(role: str, line: str) -> Action:
    return parsing.parse(RULES, role, line)


@pytest.mark.parametrize(
    ("role", "line", "expected"),
    [
        (AXIS, "play 7 ops", ("play", "AX7", "ops")),
        (SOVIET, "play 7 ops", ("play", "SU7", "ops")),
        (SOVIET, "play SU16 event", ("play", "SU16", "event")),
        (AXIS, "play #23 event", ("play", "AX23", "event")),
        (AXIS, "p 6 rp", ("play", "AX6", "rp")),
        (AXIS, "PLAY 6 OPS", ("play", "AX6", "ops")),
        (AXIS, "play steppe event", ("play", "AX23", "event")),
        (AXIS, "play volpe event", ("play", "AX23", "event")),
        (AXIS, "play tifone ops", ("play", "AX7", "ops")),
        (SOVIET, "play 23 event Moscow", ("play", "SU23", "event", "2722")),
        (AXIS, "play 12 event 1523", ("play", "AX12", "event", "1523")),
    ],
)
def test_play_card_numbers_are_the_players_own(role: str, line: str, expected: tuple[str, ...]) -> None:
    """7.1.4: a card is named by its number (or id, or title) in the player's own deck."""
    assert parse(role, line) == Action(expected[0], expected[1:])


@pytest.mark.parametrize(
    ("role", "line", "expected"),
    [
        (AXIS, "play 10 op", ("play", "AX10", "ops")),
        (AXIS, "play 10 evento", ("play", "AX10", "event")),
        (SOVIET, "play 8 Rimpiazzi", ("play", "SU8", "rp")),
        (AXIS, "zero pass", ("zero", "pass")),
        (AXIS, "zero move", ("zero", "move")),
        (SOVIET, "zero pass 9", ("zero", "pass", "SU9")),
        (AXIS, "discard 7 9", ("discard", "AX7", "AX9")),
        (SOVIET, "discard 7, 9", ("discard", "SU7", "SU9")),
        (AXIS, "keep", ("keep",)),
        (AXIS, "pick 24", ("pick", "AX24")),
        (SOVIET, "pick none", ("pick", "none")),
        (AXIS, "cc use 11", ("cc", "use", "AX11")),
        (SOVIET, "cc 19", ("cc", "SU19")),
        (SOVIET, "cc none", ("pass",)),
        (AXIS, "bank 2", ("bank", "2")),
        (AXIS, "done", ("done",)),
        (SOVIET, "remove 2517 Moscow", ("remove", "2517", "2722")),
    ],
)
def test_card_and_keyword_orders(role: str, line: str, expected: tuple[str, ...]) -> None:
    assert parse(role, line) == Action(expected[0], expected[1:])


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("move 4th Army 1622", ("move", "ge-4a", "1622")),
        ("move ge-4a 1622", ("move", "ge-4a", "1622")),
        ("move 46 Pz Corps 1622", ("move", "ge-46pz", "1622")),
        ("move 46th Panzer Corps 1622", ("move", "ge-46pz", "1622")),
        ("move 46pz Brest", ("move", "ge-46pz", RULES.hex_of("Brest"))),
        ("move Hungarian 3rd Army 1025", ("move", "hu-3a", "1025")),
        ("move Romanian 4th Army Kishinev", ("move", "ro-4a", RULES.hex_of("Kishinev"))),
        ("move SK Pz Corps 1527 1528", ("move", "ge-skpz", "1527", "1528")),
        ("rail 3 Pz Corps 1218", ("rail", "ge-3pz", "1218")),
        ("attack 1724 with 4th Army 46pz", ("attack", "1724", "with", "ge-4a", "ge-46pz")),
        ("attack 1724 with 4th Army cc 9 nocc", ("attack", "1724", "with", "ge-4a", "cc", "AX9", "nocc")),
        ("attack Brest from Lublin 1623", ("attack", "1722", "from", "1622", "1623")),
        ("attack 1724 cc use 9", ("attack", "1724", "cc", "use", "AX9")),
    ],
)
def test_axis_unit_names_of_several_words(line: str, expected: tuple[str, ...]) -> None:
    assert parse(AXIS, line) == Action(expected[0], expected[1:])


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("move West Front 1722", ("move", "su-west-front", "1722")),
        ("move Trans-Caucasus Front Baku", ("move", "su-transcaucasus-front", RULES.hex_of("Baku"))),
        ("move 20R Army Moscow", ("move", "su-20r", "2722")),
        ("place Bryansk Front Moscow", ("place", "su-bryansk-front", "2722")),
        ("rail stalin Gorki", ("rail", "su-stalin", RULES.hex_of("Gorki"))),
    ],
)
def test_soviet_unit_names_of_several_words(line: str, expected: tuple[str, ...]) -> None:
    assert parse(SOVIET, line) == Action(expected[0], expected[1:])


def test_place_names_of_two_words() -> None:
    """Place names stand for their hex: "Velikiye Luki" is two words."""
    luki = RULES.hex_of("Velikiye Luki")
    assert parse(SOVIET, "move West Front Velikiye Luki") == Action("move", ("su-west-front", luki))
    assert parse(SOVIET, "move West Front velikiye luki 2722") == Action("move", ("su-west-front", luki, "2722"))


def test_place_names_without_accents() -> None:
    assert parse(SOVIET, "move West Front Konigsberg") == Action("move", ("su-west-front", RULES.hex_of("Königsberg")))
    assert parse(SOVIET, "move West Front Königsberg") == Action("move", ("su-west-front", RULES.hex_of("Königsberg")))
    assert parsing.hex_arg(RULES, "kattowitz") == RULES.hex_of("USIR")


@pytest.mark.parametrize("short", ["4a", "3a", "2a"])
def test_short_id_shared_by_two_units_is_ambiguous(short: str) -> None:
    """A short id of two nations' armies names neither (German/Romanian 4th, Hungarian/Romanian 3rd ...)."""
    with pytest.raises(AmbiguousOrder):
        parse(AXIS, f"move {short} 1622")


@pytest.mark.parametrize(
    ("role", "line"),
    [
        (AXIS, "frobnicate 4th Army"),
        (AXIS, "play 99 ops"),
        (AXIS, "play nonsense ops"),
        (AXIS, "move zzz 1622"),
        (AXIS, "move 4th Army 9999"),
        (SOVIET, "discard 7 xyz"),
        (AXIS, "cc use"),
    ],
)
def test_bad_input_is_invalid_with_a_hint(role: str, line: str) -> None:
    with pytest.raises(InvalidOrder) as err:
        parse(role, line)
    assert err.value.hint is not None


def test_empty_order_is_invalid() -> None:
    with pytest.raises(InvalidOrder):
        parse(AXIS, "   ")


def test_ambiguous_names_list_the_candidates() -> None:
    with pytest.raises(AmbiguousOrder) as err:
        parse(AXIS, "move 3rd 1025")
    assert len(err.value.candidates) > 1


def test_match_parses_and_refuses_through_the_kernel() -> None:
    """Typed text reaches the procedures as canonical tokens; a refusal leaves the state unchanged."""
    m = new_match()
    before = m.hash()
    with pytest.raises(InvalidOrder):
        m.submit(AXIS, "play 99 ops")
    assert m.hash() == before
    card = m.state["cards"][AXIS]["hand"][0]
    m.submit(AXIS, f"play {card[2:]} ops")
    assert m.state["round"]["card"] == card
    assert m.state["consec"][AXIS] == 1


@pytest.mark.parametrize(
    ("line", "unit"),
    [
        ("move sw front 2327", "su-southwest-front"),
        ("move NW Front 2327", "su-northwest-front"),
        ("move w front 2327", "su-west-front"),
        ("move n caucasus front 2327", "su-north-caucasus-front"),
    ],
)
def test_compass_abbreviations_name_the_fronts(line: str, unit: str) -> None:
    assert parse(SOVIET, line).args[0] == unit


def test_a_lone_letter_is_not_taken_for_a_compass_point() -> None:
    assert parsing.norm("s") == "s" and parsing.norm("w 2327") == "w2327"


def test_an_unknown_way_to_play_a_card_lists_the_ways() -> None:
    with pytest.raises(InvalidOrder) as err:
        parsing.parse(RULES, AXIS, "play 10 opps")
    assert "'opps' is not a way to play a card" in str(err.value.text()) and "play CARD rp" in str(err.value.text())


@pytest.mark.parametrize("line", ["bank -1", "bank x", "bank two"])
def test_bank_wants_a_whole_number(line: str) -> None:
    with pytest.raises(InvalidOrder) as err:
        parsing.parse(RULES, SOVIET, line)
    assert "not a number of banked OPS" in str(err.value.text())
