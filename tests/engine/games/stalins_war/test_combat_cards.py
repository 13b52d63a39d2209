"""Stalin's War Combat Cards (7.5.5, card lists): who may play them, their effects, keeping and
discarding, and the secrecy of hands."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.stalins_war import battle, combat_cards
from tests.engine.games.stalins_war.flow_helpers import new_match
from tests.engine.games.stalins_war.test_battle import (
    CENTRE,
    RULES,
    FakeCtx,
    board,
    give,
    mark,
    near,
    order,
    patch_supply,
    put,
    start,
    top,
)


@pytest.fixture
def supplied(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    return patch_supply(monkeypatch)



def combat_for(state, side, target, attackers, zhukov=False):
    return battle.new_combat(RULES, state, side, target, attackers, zhukov)


def soviet_vs_german(turn=10):
    state = board(turn=turn, side="soviet")
    a = near(CENTRE)
    put(state, "su-13r", a)
    put(state, "ge-43c", CENTRE)
    mark(state, a)
    return state, combat_for(state, "soviet", CENTRE, ["su-13r"])


def refusal(state, combat, side, cid, *args, faceup=False):
    with pytest.raises(IllegalOrder) as err:
        combat_cards.check(RULES, state, combat, side, cid, list(args), faceup=faceup)
    return err.value


def test_card_not_held_is_refused_without_revealing_a_hand_7_5_5a(supplied):
    state, combat = soviet_vs_german()
    give(state, "soviet", "SU7", "SU40")
    give(state, "axis", "AX35")
    err = refusal(state, combat, "soviet", "SU25")
    text = str(err.text())
    assert "You do not hold that card." in text
    assert "SU7" not in text and "SU40" not in text and "AX35" not in text


def test_opponents_card_and_non_cc_refused(supplied):
    state, combat = soviet_vs_german()
    assert "not one of your cards" in str(refusal(state, combat, "soviet", "AX35").message)
    give(state, "soviet", "SU7")
    assert "not a Combat Card" in str(refusal(state, combat, "soviet", "SU7").message)


def test_attack_and_defence_cards_7_5_5a(supplied):
    state, combat = soviet_vs_german()
    give(state, "soviet", "SU12", "SU25")
    assert "defend" in str(refusal(state, combat, "soviet", "SU12").message)
    combat_cards.check(RULES, state, combat, "soviet", "SU25", [], faceup=False)
    give(state, "axis", "AX35", "AX46")
    assert "attack" in str(refusal(state, combat, "axis", "AX35").message)
    combat_cards.check(RULES, state, combat, "axis", "AX46", [], faceup=False)


def test_all_oos_side_may_not_use_ccs_13_3_4(supplied):
    state, combat = soviet_vs_german()
    give(state, "axis", "AX46")
    combat["oos"] = ["ge-43c"]
    assert "13.3.4" in str(refusal(state, combat, "axis", "AX46").message)


def test_shift_cards_give_1r(supplied):
    state, combat = soviet_vs_german()
    give(state, "soviet", "SU25")
    ctx = FakeCtx()
    combat_cards.play(RULES, state, combat, "soviet", "SU25", [], ctx, faceup=False)
    shifts = combat_cards.fire_shifts(RULES, state, combat, "soviet")
    assert [s.value for s in shifts] == [1]
    assert "SU25" not in state["cards"]["soviet"]["hand"]
    assert state["events"]["SU25"] == 10


def test_katukov_takes_a_level_from_an_attacking_two_level_panzer_before_fire_su24(supplied):
    state = board(side="axis")
    a = near(CENTRE)
    put(state, "ge-46pz", a)
    put(state, "ge-3pz", a)
    put(state, "su-13r", CENTRE)
    mark(state, a)
    give(state, "soviet", "SU24")
    game, ctx = start(state, FakeCtx([1, 1]))
    order(game, state, "axis", "attack", CENTRE, "nocc", ctx=ctx)
    with pytest.raises(IllegalOrder) as err:
        order(game, state, "soviet", "cc", "SU24", ctx=ctx)
    assert "Name the unit" in str(err.value.message)
    order(game, state, "soviet", "cc", "SU24", "ge-46pz", ctx=ctx)
    assert state["units"]["ge-46pz"]["level"] == 1
    assert "SU24" in state["cards"]["soviet"]["removed"] and state["cards"]["soviet"]["events_removed"] == 1
    order(game, state, "soviet", "pass", ctx=ctx)
    assert "strength 6" in ctx.text  # 2 (reduced 46 Pz) + 4 (3 Pz): recomputed after the CC loss


def test_rudel_hits_an_attacking_tank_army_ax45(supplied):
    state = board(side="soviet")
    a = near(CENTRE)
    put(state, "su-1t", a)
    put(state, "su-13r", a)
    put(state, "ge-43c", CENTRE)
    combat = combat_for(state, "soviet", CENTRE, ["su-1t", "su-13r"])
    give(state, "axis", "AX45")
    combat_cards.check(RULES, state, combat, "axis", "AX45", [], faceup=False)
    combat_cards.play(RULES, state, combat, "axis", "AX45", [], FakeCtx(), faceup=False)
    assert state["units"]["su-1t"]["level"] == 1
    assert combat["hits"] == {"su-1t": 1}


def test_sturmovik_helps_every_soviet_attack_and_cancels_luftwaffe_support_su35(supplied):
    state, combat = soviet_vs_german()
    state["effects"]["luftwaffe_support"] = 10
    give(state, "soviet", "SU35")
    combat_cards.play(RULES, state, combat, "soviet", "SU35", [], FakeCtx(), faceup=False)
    assert "luftwaffe_support" not in state["effects"] and state["effects"]["sturmovik"] == 10
    assert "SU35" in state["cards"]["soviet"]["discard"]
    other = combat_for(state, "soviet", CENTRE, ["su-13r"])
    assert [s.value for s in combat_cards.fire_shifts(RULES, state, other, "soviet")] == [1]


def test_luftwaffe_support_event_honoured_for_german_attacks_ax10(supplied):
    state = board()
    put(state, "ge-43c", near(CENTRE))
    put(state, "su-13r", CENTRE)
    combat = combat_for(state, "axis", CENTRE, ["ge-43c"])
    assert combat_cards.fire_shifts(RULES, state, combat, "axis") == []
    state["effects"]["luftwaffe_support"] = 10
    assert [s.value for s in combat_cards.fire_shifts(RULES, state, combat, "axis")] == [1]
    state["effects"]["sturmovik"] = 10
    assert combat_cards.fire_shifts(RULES, state, combat, "axis") == []


def test_operation_uranus_su15(supplied):
    state = board(side="soviet")
    put(state, "su-13r", near(CENTRE))
    put(state, "ge-43c", CENTRE)
    combat = combat_for(state, "soviet", CENTRE, ["su-13r"])
    give(state, "soviet", "SU15")
    assert "Uranus" in str(refusal(state, combat, "soviet", "SU15").message)
    state["units"]["ge-43c"]["hex"] = None
    put(state, "ro-3c", CENTRE)
    combat = combat_for(state, "soviet", CENTRE, ["su-13r"])
    combat_cards.play(RULES, state, combat, "soviet", "SU15", [], FakeCtx(), faceup=False)
    assert state["effects"]["uranus_exploit"] is True
    assert "SU15" in state["cards"]["soviet"]["removed"]
    assert [s.value for s in combat_cards.fire_shifts(RULES, state, combat, "soviet")] == [1]


def test_terrain_cancelling_cards_need_their_terrain(supplied):
    state, combat = soviet_vs_german()
    give(state, "soviet", "SU43", "SU45")
    assert "SU43" in str(refusal(state, combat, "soviet", "SU43").message)
    assert "SU45" in str(refusal(state, combat, "soviet", "SU45").message)
    river = board(side="soviet")
    put(river, "su-13r", "1623")
    put(river, "ge-43c", "1722")
    give(river, "soviet", "SU43")
    combat_cards.check(RULES, river, combat_for(river, "soviet", "1722", ["su-13r"]), "soviet", "SU43", [], faceup=False)
    axis = board()
    put(axis, "ge-4a", near(CENTRE))
    put(axis, "su-13r", CENTRE)
    give(axis, "axis", "AX13")
    assert "AX13" in str(refusal(axis, combat_for(axis, "axis", CENTRE, ["ge-4a"]), "axis", "AX13").message)


def test_dora_treats_a_soviet_fortress_as_clear_ax13(supplied):
    from engine.games.stalins_war import fire

    odessa = RULES.hex_of("Odessa")
    origin = next(h for h in RULES.board.neighbours(odessa) if battle.retreat.land(RULES, h) and battle.terrain.passable(RULES, h, odessa))
    state = board()
    put(state, "ge-4a", origin)
    put(state, "su-13r", odessa)
    combat = combat_for(state, "axis", odessa, ["ge-4a"])
    before, _ = fire.evaluate(RULES, state, battle.battlefield(RULES, state, combat))
    give(state, "axis", "AX13")
    combat_cards.check(RULES, state, combat, "axis", "AX13", [], faceup=False)
    combat_cards.play(RULES, state, combat, "axis", "AX13", [], FakeCtx(), faceup=False)
    after, _ = fire.evaluate(RULES, state, battle.battlefield(RULES, state, combat))
    assert after.net > before.net
    assert "Dora" in str(fire.describe(RULES, after))


def test_operation_mars_needs_zhukov_ax14(supplied):
    state, combat = soviet_vs_german()
    give(state, "axis", "AX14")
    assert "AX14" in str(refusal(state, combat, "axis", "AX14").message)
    combat["zhukov"] = True
    combat_cards.play(RULES, state, combat, "axis", "AX14", [], FakeCtx(), faceup=False)
    assert [n for _, n in combat_cards.loss_reductions(RULES, combat, "axis")] == [1]
    extras = combat_cards.extra_losses(RULES, combat, "soviet")
    assert sum(n for _, n, _ in extras) == 2  # Mars + Zhukov's own extra loss


def test_flak_corps_within_3_hexes_of_berlin_ax51(supplied):
    state, combat = soviet_vs_german()
    give(state, "axis", "AX51")
    assert "AX51" in str(refusal(state, combat, "axis", "AX51").message)
    berlin = RULES.hex_of("Berlin")
    near_berlin = next(h for h in sorted(RULES.board.grid.within(berlin, 2)) if battle.retreat.land(RULES, h) and h != berlin)
    state2 = board(side="soviet")
    put(state2, "ge-43c", near_berlin)
    combat2 = combat_for(state2, "soviet", near_berlin, [])
    give(state2, "axis", "AX51")
    combat_cards.check(RULES, state2, combat2, "axis", "AX51", [], faceup=False)


def test_volkssturm_in_greater_germany_ax42(supplied):
    state, combat = soviet_vs_german()
    give(state, "axis", "AX42")
    assert "AX42" in str(refusal(state, combat, "axis", "AX42").message)


def test_guderian_not_in_winter_1942_or_1943_ax9(supplied):
    state = board(turn=4)
    put(state, "ge-46pz", near(CENTRE))
    put(state, "su-13r", CENTRE)
    give(state, "axis", "AX9")
    combat = combat_for(state, "axis", CENTRE, ["ge-46pz"])
    assert "AX9" in str(refusal(state, combat, "axis", "AX9").message)
    state["turn"] = 6
    combat_cards.play(RULES, state, combat, "axis", "AX9", [], FakeCtx(), faceup=False)
    assert state["round"]["guderian"] == ["ge-46pz"]


def test_fuehrers_fireman_ax36(supplied):
    state, combat = soviet_vs_german()
    give(state, "axis", "AX36")
    state["events"]["SU52"] = 14
    assert "AX36" in str(refusal(state, combat, "axis", "AX36").message)
    del state["events"]["SU52"]
    combat_cards.play(RULES, state, combat, "axis", "AX36", [], FakeCtx(), faceup=False)
    assert state["round"]["no_soviet_exploit"] is True


def test_heinrici_and_tiger_change_losses_after_the_winner(supplied):
    """Soviet 2 on SCU 2, roll 6 -> 1*; German corps 2 on SCU 2, roll 6 -> 1*. Heinrici removes the
    German loss; Tiger adds an asterisked loss to the Soviet army; nobody wins (1* = 1*)."""
    state, _ = soviet_vs_german()
    give(state, "axis", "AX39", "AX34")
    game, ctx = start(state, FakeCtx([6, 6]))
    order(game, state, "soviet", "attack", CENTRE, "nocc", ctx=ctx)
    order(game, state, "axis", "cc", "AX39", ctx=ctx)
    order(game, state, "axis", "cc", "AX34", ctx=ctx)
    order(game, state, "axis", "pass", ctx=ctx)
    assert state["last"]["result"] == "1*/1*"
    assert state["units"]["ge-43c"]["level"] == 0
    assert state["units"]["su-13r"]["hex"] is None  # 1* + Tiger's 1*: both levels
    assert "Nobody wins" in ctx.text
    assert "AX34" in state["cards"]["axis"]["discard"]  # not won: discarded (7.5.5c)


def test_kampfgruppe_last_level_survives_and_germans_stand_ax11(supplied):
    state = board(side="soviet")
    a = near(CENTRE)
    put(state, "su-1-ukrainian-front", a)
    put(state, "ge-43c", CENTRE)
    mark(state, a)
    give(state, "axis", "AX11")
    game, ctx = start(state, FakeCtx([5, 1]))
    order(game, state, "soviet", "attack", CENTRE, "nocc", ctx=ctx)
    order(game, state, "axis", "cc", "AX11", ctx=ctx)
    order(game, state, "axis", "pass", ctx=ctx)
    # 6 on LCU 6-7, roll 5 -> 2: the corps would lose both levels; the last survives, no retreat.
    assert state["units"]["ge-43c"]["hex"] == CENTRE and state["units"]["ge-43c"]["level"] == 1
    assert "Soviet wins" in ctx.text and "AX11" in ctx.text
    assert top(state) == "combat_step"


def test_sleighride_cancels_the_attack_and_lasts_the_round_ax50(supplied):
    state = board(side="soviet")
    a, b = near(CENTRE, 0), near(CENTRE, 3)
    put(state, "su-13r", a)
    put(state, "ge-43c", CENTRE)
    mark(state, a)
    give(state, "axis", "AX50")
    game, ctx = start(state)
    order(game, state, "soviet", "attack", CENTRE, "nocc", ctx=ctx)
    order(game, state, "axis", "cc", "AX50", ctx=ctx)
    if top(state) == "battle_retreat":
        order(game, state, "axis", "retreat", "auto", ctx=ctx)
    assert state["units"]["ge-43c"]["hex"] not in (None, CENTRE)
    assert state["last"]["result"] == "cancelled" and not ctx.rolled
    assert state["effects"]["sleighride"] == [10, 2]
    # A second Soviet attack this round: the Axis may use it again.
    target = state["units"]["ge-43c"]["hex"]
    assert target is not None
    combat = combat_for(state, "soviet", target, ["su-13r"])
    assert combat_cards.cancel_option(RULES, state, combat) == "sleighride"
    assert b


def test_backhand_blow_retreat_then_soviet_advance_and_obligation_ax33(supplied):
    state = board(side="soviet")
    a = near(CENTRE)
    put(state, "su-1t", a)
    put(state, "ge-43c", CENTRE)
    mark(state, a)
    give(state, "axis", "AX33")
    game, ctx = start(state)
    order(game, state, "soviet", "attack", CENTRE, "nocc", ctx=ctx)
    order(game, state, "axis", "cc", "AX33", ctx=ctx)
    if top(state) == "battle_retreat":
        order(game, state, "axis", "retreat", "auto", ctx=ctx)
    assert top(state) == "battle_advance"
    seconds = state["flow"][-1]["seconds"]
    assert seconds
    order(game, state, "soviet", "advance", "su-1t", seconds[0], ctx=ctx)
    assert state["units"]["su-1t"]["hex"] == seconds[0]
    assert state["effects"]["backhand_obligation"]["due"] == [10, 3]
    assert state["round"]["backhand_blow"]
    # The next Axis round ends without attacking those units: VP -1.
    state["ar"] = 3
    vp = state["vp"]
    battle.settle_backhand(RULES, state, "axis", FakeCtx())
    assert state["vp"] == vp - 1


def test_face_up_card_reused_in_a_later_round_only_7_5_5b(supplied):
    state, combat = soviet_vs_german()
    state["cards"]["soviet"]["faceup"].append("SU25")
    state["round"]["won_cc"] = ["SU25"]
    assert "7.5.5b" in str(refusal(state, combat, "soviet", "SU25", faceup=True).message)
    state["round"]["won_cc"] = []
    combat_cards.check(RULES, state, combat, "soviet", "SU25", [], faceup=True)
    combat_cards.play(RULES, state, combat, "soviet", "SU25", [], FakeCtx(), faceup=True)
    other = combat_for(state, "soviet", CENTRE, ["su-13r"])
    assert "7.5.5e" in str(refusal(state, other, "soviet", "SU25", faceup=True).message)


def test_maskirovka_brings_units_and_is_once_per_turn_su48(supplied):
    state, combat = soviet_vs_german()
    far = sorted(h for h in RULES.board.grid.within(CENTRE, 3) if RULES.board.grid.distance(h, CENTRE) == 3)[0]
    put(state, "su-21r", far)
    give(state, "soviet", "SU48")
    attack_hex = combat["from"][0]
    combat_cards.check(RULES, state, combat, "soviet", "SU48", ["su-21r", attack_hex], faceup=False)
    combat_cards.play(RULES, state, combat, "soviet", "SU48", ["su-21r", attack_hex], FakeCtx(), faceup=False)
    assert state["units"]["su-21r"]["hex"] == attack_hex and "su-21r" in combat["attackers"]
    assert "SU48" in state["cards"]["soviet"]["discard"]
    give(state, "soviet", "SU48")
    put(state, "su-22r", far)
    fresh = combat_for(state, "soviet", CENTRE, ["su-13r"])
    assert "this turn" in str(refusal(state, fresh, "soviet", "SU48", "su-22r", attack_hex).message)


def test_panzer_hara_kiri_places_the_fortified_zone_su54(supplied):
    state = board()
    put(state, "ge-4a", near(CENTRE))
    put(state, "su-13r", CENTRE)
    combat = combat_for(state, "axis", CENTRE, ["ge-4a"])
    give(state, "soviet", "SU54")
    combat_cards.play(RULES, state, combat, "soviet", "SU54", [], FakeCtx(), faceup=False)
    assert state["units"]["su-fortified-zone"]["hex"] == CENTRE
    assert "su-fortified-zone" in combat["defenders"]


def test_every_cc_of_both_decks_is_known():
    ccs = {cid for cid, card in RULES.cards.items() if card.cc}
    assert ccs == set(combat_cards.ALL_CCS)


@pytest.mark.parametrize(("scope", "same_ar", "later_ar", "next_turn"), [("ar", True, False, False), ("combat", False, False, False), ("turn", True, True, False)])
def test_sleighride_scope_option_ruling_8_1_50(supplied, scope, same_ar, later_ar, next_turn):
    state, combat = soviet_vs_german()
    state["options"]["sleighride_scope"] = scope
    state["effects"]["sleighride"] = [10, 2]
    assert (combat_cards.cancel_option(RULES, state, combat) == "sleighride") is same_ar
    state["ar"] = 3
    assert (combat_cards.cancel_option(RULES, state, combat) == "sleighride") is later_ar
    state["turn"], state["ar"] = 11, 2
    assert (combat_cards.cancel_option(RULES, state, combat) == "sleighride") is next_turn


def test_sturmovik_and_uranus_do_not_help_an_all_oos_attack_su35_su15_13_3_4(supplied):
    """SU35 / SU15 act on every Soviet attack of the round (7.5.5b), but 13.3.4: "Se tutte le unità
    di un giocatore coinvolto in un combattimento sono OOS; quelle unità non possono ricevere il
    beneficio di alcuna carta evento CC" (also 11.2.1(3)). A later attack of the round made only by
    out-of-supply units gets neither shift; one with a supplied attacker still gets both."""
    state = board(side="soviet")
    put(state, "su-13r", near(CENTRE, 0))
    put(state, "su-21r", near(CENTRE, 1), oos=True)
    put(state, "su-22r", near(CENTRE, 2))
    put(state, "ro-3c", CENTRE)
    first = combat_for(state, "soviet", CENTRE, ["su-13r"])
    give(state, "soviet", "SU35", "SU15")
    for cid in ("SU35", "SU15"):
        combat_cards.check(RULES, state, first, "soviet", cid, [], faceup=False)
        combat_cards.play(RULES, state, first, "soviet", cid, [], FakeCtx(), faceup=False)
    assert [s.value for s in combat_cards.fire_shifts(RULES, state, first, "soviet")] == [1, 1]
    all_oos = combat_for(state, "soviet", CENTRE, ["su-21r"])
    assert all_oos["oos"] == ["su-21r"]
    assert combat_cards.fire_shifts(RULES, state, all_oos, "soviet") == []
    mixed = combat_for(state, "soviet", CENTRE, ["su-21r", "su-22r"])
    assert [s.value for s in combat_cards.fire_shifts(RULES, state, mixed, "soviet")] == [1, 1]


def test_maskirovka_may_not_overstack_the_attacking_hex_su48_9_1_4(supplied):
    """SU48 moves the SCUs "con le solite restrizioni al movimento": stacking (9.1.1, at most 4
    combat units) must hold at the end of the move (9.1.4), as for any move order (ruling M2)."""
    state, combat = soviet_vs_german()
    attack_hex = combat["from"][0]
    put(state, "su-21r", attack_hex)
    put(state, "su-22r", attack_hex)
    far = sorted(h for h in RULES.board.grid.within(CENTRE, 3) if RULES.board.grid.distance(h, CENTRE) == 3)[0]
    put(state, "su-20r", far)
    put(state, "su-5r", far)
    give(state, "soviet", "SU48")
    combat_cards.check(RULES, state, combat, "soviet", "SU48", ["su-20r", attack_hex], faceup=False)
    err = refusal(state, combat, "soviet", "SU48", "su-20r", attack_hex, "su-5r", attack_hex)
    assert err.rule == "9.1.1"
    put(state, "su-28r", attack_hex)
    assert refusal(state, combat, "soviet", "SU48", "su-20r", attack_hex).rule == "9.1.1"


def test_sturmovik_may_be_played_in_defence_to_cancel_luftwaffe_support_su35(supplied):
    """SU35: "... Impedisce il futuro gioco di Rifornimento della Luftwaffe e Supporto della
    Luftwaffe, ed immediatamente ne annulla gli effetti se già giocate nel turno". The card names no
    Soviet attack for that effect, and 11.2.1(3) lets a side play any CC "le cui condizioni possano
    essere applicate a questo Combattimento": against a German attack helped by Luftwaffe Support
    the Soviet defender may play it, and the attack loses the shift at once. Without Luftwaffe
    Support in force nothing of it applies to a Soviet defence, so it stays refused."""
    state = board(side="axis")
    put(state, "ge-43c", near(CENTRE))
    put(state, "su-13r", CENTRE)
    combat = combat_for(state, "axis", CENTRE, ["ge-43c"])
    give(state, "soviet", "SU35")
    assert "SU35" in str(refusal(state, combat, "soviet", "SU35").message)
    state["effects"]["luftwaffe_support"] = 10
    assert [s.value for s in combat_cards.fire_shifts(RULES, state, combat, "axis")] == [1]
    combat_cards.check(RULES, state, combat, "soviet", "SU35", [], faceup=False)
    combat_cards.play(RULES, state, combat, "soviet", "SU35", [], FakeCtx(), faceup=False)
    assert combat_cards.fire_shifts(RULES, state, combat, "axis") == []
    assert combat_cards.fire_shifts(RULES, state, combat, "soviet") == []  # no Soviet attack
    assert "luftwaffe_support" not in state["effects"] and "SU35" in state["cards"]["soviet"]["discard"]


def test_maskirovka_unit_named_twice_joins_once_su48(supplied):
    """SU48 moves "sino a 3 SCU": each unit once. Naming a unit twice must not let it join the
    attack twice (its strength would count double)."""
    state, combat = soviet_vs_german()
    attack_hex = combat["from"][0]
    far = sorted(h for h in RULES.board.grid.within(CENTRE, 3) if RULES.board.grid.distance(h, CENTRE) == 3)[0]
    put(state, "su-21r", far)
    give(state, "soviet", "SU48")
    assert "twice" in str(refusal(state, combat, "soviet", "SU48", "su-21r", attack_hex, "su-21r", attack_hex).message)
    assert combat["attackers"] == ["su-13r"]


class KeepingCtx(FakeCtx):
    """A FakeCtx that also keeps each revealed line as the Text it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.revealed: list[object] = []

    def reveal(self, text, to="*"):
        self.revealed.append(text)
        super().reveal(text, to)


def test_a_revealed_combat_card_reads_its_italian_rulebook_text_to_an_italian(supplied):
    """The reveal of a Combat Card shows an Italian reader the Italian rulebook's card text, an English one the English."""
    from bot.i18n import render

    state, combat = soviet_vs_german()
    give(state, "soviet", "SU25")
    ctx = KeepingCtx()
    combat_cards.play(RULES, state, combat, "soviet", "SU25", [], ctx, faceup=False)
    card = RULES.cards["SU25"]
    assert card.text_it.startswith("1 Spostamento di colonna a destra")
    assert card.text_it in render(ctx.revealed[-1], "it", "axis")
    english = render(ctx.revealed[-1], "en", "axis")
    assert card.text in english and card.text_it not in english


@pytest.mark.parametrize("scope", ["turns", "AR", "axis", ""])
def test_ruling_50_a_sleighride_scope_that_is_none_of_the_three_is_refused_at_creation(scope: str) -> None:
    """Ruling 50: sleighride_scope is ar, combat or turn; 'turns' (a typo) was accepted and played as 'combat'."""
    with pytest.raises(IllegalOrder, match="ar, combat or turn") as found:
        new_match(sleighride_scope=scope)
    assert found.value.rule == "8.1#50"


def test_ruling_50_each_sleighride_scope_named_creates_the_campaign() -> None:
    """Ruling 50: ar, combat and turn are each accepted."""
    for scope in ("ar", "combat", "turn"):
        assert combat_cards.scope(new_match(sleighride_scope=scope).state) == scope
