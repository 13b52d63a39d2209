"""Rolls as the top card of one's own Fate deck, their triggers, and the Time track (1.9, 6.1, 6.2)."""

from __future__ import annotations

from engine.games.combat_commander import cards
from engine.text import t
from tests.engine.games.combat_commander.helpers import (
    DATA,
    FakeContext,
    find,
    new_match,
    open_and_settle,
    stack,
)

WHY = t("test")


def test_a_roll_is_the_sum_of_the_top_cards_dice() -> None:
    """A roll reveals one's own top card and adds its white and red dice (1.9)."""
    m = new_match()
    cid = find("axis", white=4, red=5, trigger="")
    stack(m, "axis", [cid])
    assert cards.roll(DATA, m.state, "axis", FakeContext(), WHY) == 9


def test_a_revealed_card_goes_face_up_on_the_discard() -> None:
    """Revealed cards go on top of their owner's discard pile (1.3)."""
    m = new_match()
    cid = find("axis", white=4, red=5, trigger="")
    stack(m, "axis", [cid])
    cards.roll(DATA, m.state, "axis", FakeContext(), WHY)
    assert m.state["sides"]["axis"]["discard"][-1] == cid


def test_the_reveal_is_public_by_its_face_not_its_id() -> None:
    """The log shows the card's face; its id, a hand's private handle, never appears (1.2)."""
    m = new_match()
    cid = find("axis", white=4, red=5, trigger="")
    stack(m, "axis", [cid])
    ctx = FakeContext()
    cards.roll(DATA, m.state, "axis", ctx, WHY)
    assert ctx.lines and all(cid not in line for line in ctx.lines) and "4+5" in ctx.lines[0]


def test_time_trigger_advances_time_and_reshuffles() -> None:
    """Time! advances the Time marker; the causing player shuffles discard and deck together (1.9.1.4, 6.1.2)."""
    m = new_match()
    stack(m, "axis", [find("axis", trigger="time")])
    cards.roll(DATA, m.state, "axis", FakeContext(), WHY)
    assert m.state["time"] == 1 and m.state["sides"]["axis"]["discard"] == []


def test_only_the_causing_player_reshuffles() -> None:
    """The other player's discard pile stays (1.4)."""
    m = new_match()
    m.state["sides"]["allies"]["discard"].append(m.state["sides"]["allies"]["deck"].pop())
    stack(m, "axis", [find("axis", trigger="time")])
    cards.roll(DATA, m.state, "axis", FakeContext(), WHY)
    assert len(m.state["sides"]["allies"]["discard"]) == 1


def test_the_deck_s_last_card_advances_time() -> None:
    """Revealing the last card of one's deck counts as Time! (6.1.2)."""
    m = new_match()
    side = m.state["sides"]["axis"]
    last = find("axis", trigger="", white=3, red=3)
    stack(m, "axis", [last])
    side["discard"] += side["deck"][1:]
    side["deck"] = side["deck"][:1]
    cards.roll(DATA, m.state, "axis", FakeContext(), WHY)
    assert m.state["time"] == 1 and len(side["deck"]) == 72 - len(side["hand"])


def test_time_on_the_last_card_advances_once() -> None:
    """A Time! on the deck's last card advances Time once, not twice (digest 4.5)."""
    m = new_match()
    side = m.state["sides"]["axis"]
    stack(m, "axis", [find("axis", trigger="time")])
    side["discard"] += side["deck"][1:]
    side["deck"] = side["deck"][:1]
    cards.roll(DATA, m.state, "axis", FakeContext(), WHY)
    assert m.state["time"] == 1


def test_event_trigger_reveals_the_next_card_and_carries_out_its_event() -> None:
    """Event! reveals the next card and carries out its event (1.9.1.1): Elan moves the Surrender marker."""
    m = new_match()
    ev = find("axis", trigger="event")
    nxt = next(c.id for c in DATA.decks["germany"] if not c.trigger and c.event == "elan")
    stack(m, "axis", [ev, nxt])
    before = m.state["sides"]["axis"]["surrender"]
    cards.roll(DATA, m.state, "axis", FakeContext(), WHY)
    assert m.state["sides"]["axis"]["discard"][-2:] == [ev, nxt]
    assert m.state["sides"]["axis"]["surrender"] == before + 1


def test_sniper_trigger_names_the_random_hex() -> None:
    """Sniper! reveals the next card's random hex (1.9.1.3) and asks the roller for a victim there."""
    m = new_match()
    sn = find("axis", trigger="sniper")
    nxt = find("axis", trigger="", exclude=(sn,))
    stack(m, "axis", [sn, nxt])
    ctx = FakeContext()
    cards.roll(DATA, m.state, "axis", ctx, WHY)
    assert any(cards.card(nxt).hex in line and "Sniper" in line for line in ctx.lines)
    assert m.state["choices"][0]["kind"] == "sniper" and m.state["choices"][0]["hex"] == cards.card(nxt).hex


def test_rolls_made_for_a_trigger_do_not_trigger() -> None:
    """A roll with triggers off ignores its printed trigger (1.9.1)."""
    m = new_match()
    stack(m, "axis", [find("axis", trigger="time")])
    cards.roll(DATA, m.state, "axis", FakeContext(), WHY, triggers=False)
    assert m.state["time"] == 0


def test_sudden_death_roll_below_time_ends_the_game() -> None:
    """Sudden Death: a roll less than the Time space ends the game (6.2.2)."""
    m = new_match()
    m.state["time"] = 5
    m.state["sudden_death"] = 6
    low = find("axis", white=1, red=2)
    stack(m, "axis", [find("axis", trigger="time", exclude=(low,)), low])
    ctx = FakeContext()
    cards.roll(DATA, m.state, "axis", ctx, WHY)
    open_and_settle(m, ctx)
    assert m.state["time"] == 6 and m.state["over"]["why"] == "sudden_death"


def test_sudden_death_roll_at_or_above_time_goes_on() -> None:
    """A Sudden Death roll not less than the Time space lets play go on (6.2.2)."""
    m = new_match()
    m.state["time"] = 5
    m.state["sudden_death"] = 6
    high = find("axis", white=6, red=6)
    stack(m, "axis", [find("axis", trigger="time", exclude=(high,)), high])
    ctx = FakeContext()
    cards.roll(DATA, m.state, "axis", ctx, WHY)
    open_and_settle(m, ctx)
    assert m.state["over"] is None and m.state["time"] == 6


def test_ties_at_the_end_go_to_the_initiative_holder() -> None:
    """VP exactly 0 at the end: the Initiative card's holder wins (9.2)."""
    from engine.games.combat_commander import model

    m = new_match()
    assert model.final_winner(m.state) == m.state["initiative"] == "allies"


def test_defense_posture_scores_one_per_time_advance() -> None:
    """Each Time advance gives the Defense-posture player 1 VP (6.1.2 step 3)."""
    m = new_match()
    stack(m, "axis", [find("axis", trigger="time")])
    cards.roll(DATA, m.state, "axis", FakeContext(), WHY)
    assert m.state["vp"] == -1


def test_drawing_the_last_card_advances_time_and_finishes_the_refill() -> None:
    """Drawing the last card advances Time; the refill then goes on from the new deck (5.4)."""
    m = new_match()
    side = m.state["sides"]["axis"]
    side["discard"] += side["hand"][:3] + side["deck"][1:]
    side["hand"] = side["hand"][3:]
    side["deck"] = side["deck"][:1]
    cards.draw_to_hand(DATA, m.state, "axis", FakeContext(), 6)
    assert len(side["hand"]) == 6 and m.state["time"] == 1
