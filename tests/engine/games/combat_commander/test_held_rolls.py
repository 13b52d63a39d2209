"""The Initiative card's re-roll (9.1) of the rolls outside orders' Fire, melee, Recover and Rout:
ordnance's Targeting roll (O20.2.3), the artillery's accuracy and Impact rolls (O18.2.2, O18.2.3),
the Sudden Death roll (6.2.2) and the rolls made inside events (E42)."""

from __future__ import annotations

from engine.game import Action
from engine.games.combat_commander import cards, events
from engine.text import t
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    FakeContext,
    find,
    hold,
    new_match,
    only_units,
    play,
    play_only,
    stack,
    texts,
    top,
)


def mortar_fires(m, rolls: list[tuple[int, int]]):  # type: ignore[no-untyped-def]
    """Axis's mortar g-w2 (carried by g-s4 in B7) fires at E7; ``rolls`` fixes Axis's next cards; stops at the first decision."""
    cid = hold(m, "axis", "fire")
    mine: list[str] = []
    for w, r in rolls:
        mine.append(find("axis", white=w, red=r, trigger="", exclude=(cid, *mine)))
    stack(m, "axis", mine)
    play(m, "axis", "fire", cid, "g-s4")
    recs = play_only(m, "axis", "attack", "E7", "g-w2")
    return [*recs, *play_only(m, "axis", "pass")]


def test_the_targeting_roll_waits_for_the_initiative_holder() -> None:
    """9.1: ordnance's Targeting roll (O20.2.3) is held; the holder is asked before its hit or miss applies."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-t1": "E7"})
    recs = mortar_fires(m, [(1, 1), (6, 6)])
    assert top(m) == "cc_roll" and m.active() == {"allies"}
    assert not any("Targeting roll 1 - hindrance" in line for line in texts(recs))
    assert GAME.prompt(m.state, "allies").default == Action("accept")


def test_a_cancelled_targeting_roll_is_made_again() -> None:
    """9.1: 'reroll' on a missed Targeting roll (1x1) passes the card; the new roll (6x6) hits and the attack follows (O20.2.3)."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-t1": "E7"})
    mortar_fires(m, [(1, 1), (6, 6), (2, 1)])
    recs = play_only(m, "allies", "reroll")
    assert m.state["initiative"] == "axis"
    recs += play(m, "axis", "accept")
    lines = texts(recs)
    assert not any("Targeting roll 1 - hindrance" in line for line in lines)
    assert any("Targeting roll 36 - hindrance 0 against range 3" in line for line in lines)


def test_upto_reads_the_targeting_roll_s_product() -> None:
    """Ruling R52: a standing 'react initiative upto 6' accepts a Targeting roll of 2x3 = 6 by itself (its value is the product)."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-t1": "E7"})
    play_only(m, "allies", "react", "initiative", "upto", "6")
    recs = mortar_fires(m, [(2, 3), (1, 1)])
    assert any("Targeting roll 6 - hindrance 0 against range 3" in line for line in texts(recs))


def fire_for_effect(m, rolls: list[tuple[int, int]], trigger: str = ""):  # type: ignore[no-untyped-def]
    """Axis's g-l1 in G3 observes a barrage on G8; ``rolls`` fixes Axis's next cards (accuracy, drift, Impact...),
    the first Impact roll (third card) showing ``trigger``; stops at the first decision."""
    cid = hold(m, "axis", "artillery_request")
    mine: list[str] = []
    for i, (w, r) in enumerate(rolls):
        mine.append(find("axis", white=w, red=r, trigger=trigger if i == 2 else ("" if i != 1 else None), exclude=(cid, *mine)))
    stack(m, "axis", mine)
    return play_only(m, "axis", "artillery-request", cid, "g-l1", "G8")


def test_the_accuracy_roll_waits_for_the_initiative_holder() -> None:
    """9.1: the artillery's accuracy roll (O18.2.2) is held: no drift before the holder decides."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    recs = fire_for_effect(m, [(3, 3), (2, 1), (5, 5)])
    assert top(m) == "cc_roll" and m.active() == {"allies"}
    assert not any("drifts" in line or "Accuracy roll 9" in line for line in texts(recs))


def test_a_cancelled_accuracy_roll_is_made_again() -> None:
    """9.1: an inaccurate accuracy roll (1x1) cancelled by the holder is made again (3x3, accurate, O18.2.2)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    fire_for_effect(m, [(1, 1), (3, 3), (2, 1), (5, 4)])
    recs = play_only(m, "allies", "reroll")
    recs += play(m, "axis", "accept")
    lines = texts(recs)
    assert m.state["initiative"] == "axis"
    assert not any("Accuracy roll 1 -" in line for line in lines)
    assert any("Accuracy roll 9 - hindrance 0 against range 5: accurate" in line for line in lines)


def test_the_impact_roll_waits_and_its_cancelled_event_never_happens() -> None:
    """9.1: each Impact roll (O18.2.3.2) is held; cancelling one showing Event! cancels the event, and the new roll hits."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    fire_for_effect(m, [(3, 3), (2, 1), (2, 2), (5, 4)], trigger="event")
    play_only(m, "allies", "accept")  # the accuracy roll
    assert top(m) == "cc_roll" and m.state["flow"][-1]["purpose"] == "impact"
    recs = play_only(m, "allies", "reroll")
    recs += play(m, "axis", "accept")
    lines = texts(recs)
    assert not any("Event!" in line for line in lines)
    assert any("Artillery impact on G8: 10 FP + 9 = 19" in line for line in lines)


def test_the_barrage_s_defense_rolls_are_held_too() -> None:
    """9.1: a defense roll against the barrage (O18.2.3.2, O20.3.4) waits for the Initiative holder before its result."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    m.state["initiative"] = "axis"
    fire_for_effect(m, [(3, 3), (2, 1), (5, 4)])
    play_only(m, "axis", "accept")  # accuracy
    play_only(m, "axis", "accept")  # impact
    play_only(m, "allies", "pass")  # the window before the defense roll (A29, A35.1: the Allies are in Defense posture)
    assert top(m) == "cc_roll" and m.state["flow"][-1]["purpose"] == "defense" and m.active() == {"axis"}
    assert not m.state["units"]["a-s1"]["broken"]


def sudden_death_due(m, cards_on_top: list[str]):  # type: ignore[no-untyped-def]
    """Time 5 of Sudden Death 6: Axis causes a Time advance by hand (the reshuffle keeps ``cards_on_top`` first),
    and the flow goes on until the Sudden Death roll waits."""
    m.state["time"], m.state["sudden_death"] = 5, 6
    stack(m, "axis", cards_on_top)
    ctx = FakeContext()
    cards.time_advance(DATA, m.state, "axis", ctx)
    events.open_choices(DATA, m.state, ctx)
    GAME.run_automatic(m.state, ctx)


def test_the_sudden_death_roll_waits_for_the_initiative_holder() -> None:
    """9.1, 6.2.2: the Sudden Death roll is held; a roll of 3 below Time 6 ends nothing before the holder decides."""
    m = new_match()
    sudden_death_due(m, [find("axis", white=1, red=2, trigger="event")])
    assert top(m) == "cc_roll" and m.state["flow"][-1]["purpose"] == "sudden_death" and m.active() == {"allies"}
    assert m.state["over"] is None


def test_a_cancelled_sudden_death_roll_is_made_again_and_the_game_goes_on() -> None:
    """9.1: the holder cancels a Sudden Death roll of 3 (< Time 6); the new roll of 12 lets play go on (6.2.2),
    then the advance's Defense VP follow (6.1.2 step 3)."""
    m = new_match()
    sudden_death_due(m, [find("axis", white=1, red=2, trigger="event"), find("axis", white=6, red=6, trigger="")])
    vp = m.state["vp"]
    recs = play_only(m, "allies", "reroll")
    recs += play(m, "axis", "accept")
    assert m.state["over"] is None and m.state["initiative"] == "axis"
    assert any("Sudden Death: 12 is not less than 6" in line for line in texts(recs))
    assert m.state["vp"] == vp - 1  # the Allies are in Defense posture in the farm scenario


def test_an_accepted_low_sudden_death_roll_ends_the_game() -> None:
    """6.2.2: once accepted, a Sudden Death roll less than the Time space ends the game (6.3.2)."""
    m = new_match()
    sudden_death_due(m, [find("axis", white=1, red=2, trigger="event")])
    play(m, "allies", "accept")
    assert m.state["over"]["why"] == "sudden_death"


def test_play_stops_for_the_sudden_death_roll_before_the_attack_s_result() -> None:
    """6.1.2: a Fire attack roll showing Time! at the Sudden Death space stops play: the Sudden Death roll waits
    for the holder before the attack's total or any defense is rolled (1.9.1)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    m.state["time"], m.state["sudden_death"] = 5, 6
    cid = hold(m, "axis", "fire")
    stack(m, "axis", [find("axis", white=1, red=3, trigger="time", exclude=(cid,))])
    play(m, "axis", "fire", cid, "g-s1")
    recs = play_only(m, "axis", "attack", "D7", "g-s1")
    recs += play_only(m, "axis", "pass")
    recs += play_only(m, "allies", "accept")  # the attack roll
    assert top(m) == "cc_roll" and m.state["flow"][-1]["purpose"] == "sudden_death"
    assert m.state["time"] == 6 and not any("fire at D7" in line for line in texts(recs))


def commissar_chosen(m):  # type: ignore[no-untyped-def]
    """E50 for a Russian Allied player with a-s1 broken: the Commissar choice is answered, its roll made (held)."""
    m.state["sides"]["allies"]["nation"] = "russia"
    only_units(m, {"a-s1": "H5", "a-s2": "H6", "g-s1": "A1"})
    m.state["units"]["a-s1"]["broken"] = True
    m.state["units"]["a-s2"]["broken"] = True
    ctx = FakeContext()
    events.commissar(DATA, m.state, "axis", ctx, cards.card("ger01"))
    m.state["sides"]["allies"]["nation"] = "america"  # the Russian deck is not the one in play here
    events.open_choices(DATA, m.state, ctx)
    return play_only(m, "allies", "choose", "a-s1")


def test_the_commissar_roll_waits_for_the_initiative_holder() -> None:
    """9.1, E50: the roll inside the event is held; the unit is neither rallied nor eliminated before the decision."""
    m = new_match()
    m.state["initiative"] = "axis"
    stack(m, "allies", [find("allies", total=12)])
    commissar_chosen(m)
    assert top(m) == "cc_roll" and m.state["flow"][-1]["purpose"] == "commissar" and m.active() == {"axis"}
    assert m.state["units"]["a-s1"]["broken"] and m.state["units"]["a-s1"]["hex"] == "H5"


def test_a_cancelled_commissar_roll_is_made_again() -> None:
    """9.1, E50: the holder cancels a roll of 12 (above Morale: elimination); the new roll of 2 rallies the unit."""
    m = new_match()
    m.state["initiative"] = "axis"
    stack(m, "allies", [find("allies", total=12), find("allies", total=2)])
    commissar_chosen(m)
    play_only(m, "axis", "reroll")
    play(m, "allies", "accept")
    assert m.state["initiative"] == "allies"
    assert m.state["units"]["a-s1"]["hex"] == "H5" and not m.state["units"]["a-s1"]["broken"]


def test_the_support_table_roll_is_held_and_ignores_its_trigger() -> None:
    """9.1, E68, E42: the Support-table roll waits for the holder; once accepted its column is offered, its Event! ignored."""
    m = new_match()
    deck = DATA.decks["germany"]
    target = next(c.id for c in sorted(deck, key=lambda c: c.trigger != "") if c.event == "reinforcements")
    trigger = next(c.id for c in deck if c.trigger == "event" and c.id != target)
    event_roll = next(c.id for c in deck if c.trigger == "event" and c.id not in (target, trigger))
    nxt = find("axis", white=4, red=6, trigger="", exclude=(target, trigger))
    stack(m, "axis", [trigger, target, event_roll, nxt])
    ctx = FakeContext()
    cards.roll(DATA, m.state, "axis", ctx, t("test"))
    events.open_choices(DATA, m.state, ctx)
    GAME.run_automatic(m.state, ctx)  # type: ignore[arg-type]
    assert top(m) == "cc_roll" and m.state["flow"][-1]["purpose"] == "support" and not m.state.get("choices")
    play_only(m, "allies", "accept")
    assert m.state["choices"][0]["kind"] == "support_pick" and top(m) == "choice"
    assert m.state["sides"]["axis"]["deck"][0] == nxt  # the Event! of the roll revealed nothing more (E42)


def test_a_standing_never_answers_every_roll_of_a_barrage_by_itself() -> None:
    """Digest 6.4: 'react initiative never' accepts the accuracy, Impact and defense rolls of a barrage without asking (9.1);
    'react windows pass' passes the window before the defense roll."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    play_only(m, "allies", "react", "initiative", "never")
    play_only(m, "allies", "react", "windows", "pass")
    stack(m, "allies", [find("allies", white=1, red=1, trigger="")])
    fire_for_effect(m, [(3, 3), (2, 1), (5, 4)])
    assert top(m) == "turn" and m.state["units"]["a-s1"]["broken"]

