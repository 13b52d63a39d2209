"""Every non-CC Soviet event (card lists; 5.1.5, 6.1, 6.3 item 5, 7.5, 16.1, 18.3; digest 8.1 #15-17, 21, 26-28, 32-33, 35, 44-47, 51)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import EVERYONE, Action
from engine.games.stalins_war import events_soviet
from engine.games.stalins_war.model import AXIS, SOVIET, load_rules
from tests.engine.games.stalins_war.test_events import answer, lines, make, play, supplied, top

RULES = load_rules()


def empty_hexes(state, zone: str, n: int) -> list[str]:
    from engine.games.stalins_war import terrain

    used = {u["hex"] for u in state["units"].values() if u.get("hex")}
    return [h for h in sorted(RULES.zone(zone)) if h not in used and not terrain.impassable(RULES, h)][:n]


def put_partisan(state, uid: str, label: str, active: bool = False) -> None:
    state["units"][uid].update(hex=label, box=None, level=0)
    if active:
        state["units"][uid]["active"] = True


# Reinforcements -------------------------------------------------------------------------------------
def expected_units(card: str, with_su8: bool) -> set[str]:
    out = set()
    for uid, spec in RULES.units.items():
        tokens = spec.arrives.split()
        if tokens and tokens[0] == f"card:{card}" and (with_su8 or len(tokens) == 1):
            out.add(uid)
    return out


@pytest.mark.parametrize("card", events_soviet.REINFORCEMENT_CARDS)
def test_reinforcement_card_opens_placement_with_its_units_7_5_2(card):
    game, state, ctx = make(turn=7, ar=2)
    state["events"].update(SU7=3, SU8=3)
    assert play(game, state, SOVIET, card, ctx) == 0
    frame = top(state)
    assert frame["proc"] == "place_units" and frame["side"] == SOVIET
    assert set(frame["units"]) == expected_units(card, True)


def test_su6_tank_armies_only_after_industrial_evacuation():
    game, state, ctx = make(turn=6)
    play(game, state, SOVIET, "SU6", ctx)
    assert set(top(state)["units"]) == {"su-66r", "su-1ga"}
    assert any("do not arrive" in x for x in lines(ctx))
    assert state["units"]["su-1t"]["box"] == "setaside"


def test_su1_mobilisation_place_auto_places_everything(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=2, ar=1)
    play(game, state, SOVIET, "SU1", ctx)
    answer(game, state, SOVIET, Action("place", ("auto",)), ctx)
    assert state["flow"] == []
    for uid in expected_units("SU1", False):
        assert state["units"][uid]["hex"] and state["units"][uid]["box"] is None


# Simple lasting effects -------------------------------------------------------------------------------
def test_su7_sorge_enables_su3():
    game, state, ctx = make(turn=4)
    play(game, state, SOVIET, "SU7", ctx)
    from engine.games.stalins_war import events

    events.check_event(game, state, SOVIET, "SU3", ())


def test_su8_industrial_evacuation_vp_and_hand_schedule():
    game, state, ctx = make(turn=3)
    play(game, state, SOVIET, "SU8", ctx)
    assert state["vp"] == 5
    assert state["effects"]["industrial_evacuation_draw"] == 0


def test_su9_zhukov_lasts_the_turn():
    game, state, ctx = make(turn=3)
    play(game, state, SOVIET, "SU9", ctx)
    assert state["effects"]["zhukov"] == 3


def test_su11_strategic_withdrawal():
    game, state, ctx = make(turn=3)
    play(game, state, SOVIET, "SU11", ctx)
    assert state["effects"]["strategic_withdrawal"] == 3


def test_su16_lend_lease_from_next_turn_18_3_2():
    game, state, ctx = make(turn=3)
    play(game, state, SOVIET, "SU16", ctx)
    assert state["effects"]["lend_lease_from"] == 4


def test_su21_partisan_formation_is_recorded():
    game, state, ctx = make(turn=3)
    play(game, state, SOVIET, "SU21", ctx)
    assert "SU21" in state["events"]


def test_su33_hitler_opposes_after_hedgehogs():
    game, state, ctx = make(turn=9)
    with pytest.raises(IllegalOrder):
        play(game, state, SOVIET, "SU33", ctx)
    state["events"]["AX16"] = 5
    play(game, state, SOVIET, "SU33", ctx)
    assert state["effects"]["hitler_opposes"] is True


def test_su44_stavka_banks_three_ops_18_3_4():
    game, state, ctx = make(turn=10)
    state["banked"][SOVIET] = 2
    play(game, state, SOVIET, "SU44", ctx)
    assert state["banked"][SOVIET] == 5 and state["effects"]["stavka"] == 10


@pytest.mark.parametrize("card", ["SU46", "SU49", "SU50"])
def test_vp_events_finland_teheran_yalta(card):
    game, state, ctx = make(turn=12)
    play(game, state, SOVIET, card, ctx)
    assert state["vp"] == 6


def test_su51_thunderclap_only_1945():
    game, state, ctx = make(turn=16)
    play(game, state, SOVIET, "SU51", ctx)
    assert state["effects"]["thunderclap"] == 16


def test_su52_battle_of_the_bulge():
    game, state, ctx = make(turn=14)
    state["events"]["SU38"] = 13
    play(game, state, SOVIET, "SU52", ctx)
    assert state["vp"] == 6 and state["effects"]["bulge"] is True


def test_su55_allied_bomber_offensive_next_draw_phase():
    game, state, ctx = make(turn=11)
    play(game, state, SOVIET, "SU55", ctx)
    assert state["effects"]["bomber_offensive_draw"] == 11


# SU10 Black Sea, Black Death ----------------------------------------------------------------------------
def test_su10_marine_lands_east_of_every_axis_port_7_5_4():
    game, state, ctx = make(turn=5)
    state["control"]["1931"] = AXIS  # Sevastopol: Axis ports now reach column 19
    legal = events_soviet.marine_destinations(RULES, state)
    assert legal and all(int(h[:2]) > 19 for h in legal)
    with pytest.raises(IllegalOrder):
        play(game, state, SOVIET, "SU10", ctx, "1928")
    play(game, state, SOVIET, "SU10", ctx, legal[0])
    assert state["units"]["su-maritime-army"]["hex"] == legal[0]
    assert state["effects"]["black_sea_marine"] == 5


def test_su10_marine_may_land_in_an_unoccupied_axis_controlled_hex_7_5_4():
    """SU10 "esagono costiero non occupato ... ad est di tutti i porti dell'Asse", 7.5.4 "qualsiasi
    esagono costiero non occupato": only occupation bars a landing, not Axis control (that limit is
    10.2.6's naval movement, not this invasion card); the landing takes the hex (3.0)."""
    game, state, ctx = make(turn=5)
    state["control"]["2433"] = AXIS  # an empty coastal VP town, not a port, east of every Axis port
    vp = state["vp"]
    assert "2433" in events_soviet.marine_destinations(RULES, state)
    play(game, state, SOVIET, "SU10", ctx, "2433")
    assert state["units"]["su-maritime-army"]["hex"] == "2433"
    assert state["control"]["2433"] == SOVIET and state["vp"] == vp - 1


def test_su10_move_is_optional_and_needs_a_friendly_port():
    game, state, ctx = make(turn=5)
    play(game, state, SOVIET, "SU10", ctx)
    assert state["units"]["su-maritime-army"]["hex"] == "1829"
    state["control"]["1829"] = AXIS
    assert events_soviet.marine_destinations(RULES, state) == []


# SU13 The Volga Has Only One Bank ------------------------------------------------------------------------
def test_su13_builds_a_fortress_in_a_supplied_volga_city(monkeypatch):
    supplied(monkeypatch, bad_hexes=frozenset({"2830"}))
    game, state, ctx = make(turn=5)
    with pytest.raises(IllegalOrder) as err:
        play(game, state, SOVIET, "SU13", ctx)
    assert "3023" in str(err.value.hint)
    with pytest.raises(IllegalOrder):
        play(game, state, SOVIET, "SU13", ctx, "2830")
    play(game, state, SOVIET, "SU13", ctx, "3027")
    assert state["markers"]["fortress_built"] == ["3027"]


# SU17 Soviet Mice --------------------------------------------------------------------------------------
def test_su17_axis_chooses_which_panzer_flips_6_3():
    game, state, ctx = make(turn=3)
    a, b = empty_hexes(state, "ussr", 2)
    state["units"]["ge-46pz"]["hex"] = a
    state["units"]["ge-3pz"]["hex"] = b
    state["units"]["ge-14pz"].update(hex=b, level=1)  # reduced: not eligible
    play(game, state, SOVIET, "SU17", ctx)
    frame = top(state)
    assert frame["role"] == AXIS and frame["window"] == "soviet_mice"
    with pytest.raises(IllegalOrder):
        answer(game, state, AXIS, Action("choose", ("ge-14pz",)), ctx)
    answer(game, state, AXIS, Action("choose", ("ge-3pz",)), ctx)
    assert state["units"]["ge-3pz"]["level"] == 1 and state["units"]["ge-46pz"]["level"] == 0
    assert state["flow"] == []


def test_su17_no_panzer_in_the_ussr_no_effect():
    game, state, ctx = make(turn=3)
    play(game, state, SOVIET, "SU17", ctx)
    assert state["flow"] == []


# Partisans: SU18, SU20, SU36, SU53 ------------------------------------------------------------------------
@pytest.mark.parametrize("card", ["SU18", "SU53"])
def test_activate_one_inactive_partisan_16_1_6(card):
    game, state, ctx = make(turn=9)
    state["events"]["SU21"] = 3
    a, b = empty_hexes(state, "ussr", 2)
    put_partisan(state, "su-partisan-1", a)
    put_partisan(state, "su-partisan-2", b)
    state["units"]["ge-46pz"]["hex"] = b  # 16.1.6: not with an Axis unit
    with pytest.raises(IllegalOrder):
        play(game, state, SOVIET, card, ctx, b)
    play(game, state, SOVIET, card, ctx, a)
    assert state["units"]["su-partisan-1"]["active"] is True
    assert not state["units"]["su-partisan-2"].get("active")


def test_su18_needs_partisan_formation():
    game, state, ctx = make(turn=9)
    with pytest.raises(IllegalOrder) as err:
        play(game, state, SOVIET, "SU18", ctx)
    assert "SU21" in str(err.value.message)


def test_su20_airborne_corps_places_an_active_partisan_near_a_front(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=9)
    state["events"]["SU21"] = 3
    legal = events_soviet.airborne_hexes(RULES, state)
    assert legal
    grid = RULES.board.grid
    fronts = [u["hex"] for uid, u in state["units"].items() if u.get("hex") and RULES.units[uid].type == "front"]
    assert all(min(grid.distance(h, f) for f in fronts) <= 4 for h in legal)
    play(game, state, SOVIET, "SU20", ctx, legal[0])
    placed = [uid for uid in events_soviet.partisans_on_map(RULES, state)]
    assert len(placed) == 1 and state["units"][placed[0]]["active"] is True
    assert state["units"][placed[0]]["hex"] == legal[0]


def test_su20_airborne_partisan_takes_an_axis_controlled_city_3_0(monkeypatch):
    """SU20 "Piazzate ed Attivate 1 qualsiasi unità di Partigiani"; 3.0: control passes "nel momento in cui
    un'unità nemica vi entra", and an active Partisan is a normal Soviet combat unit (16.1.6): dropped
    into an empty Axis-controlled VP city it takes it (VP -1, 5.1.1), as Warsaw Rising's Partisan does."""
    supplied(monkeypatch)
    game, state, ctx = make(turn=9)
    state["events"]["SU21"] = 3
    state["control"]["2025"] = AXIS
    vp = state["vp"]
    assert "2025" in events_soviet.airborne_hexes(RULES, state)
    play(game, state, SOVIET, "SU20", ctx, "2025")
    assert state["control"]["2025"] == SOVIET and state["vp"] == vp - 1


def test_su36_bagration_activates_up_to_two_and_gives_ops():
    game, state, ctx = make(turn=14, ar=2)
    a, b, c = empty_hexes(state, "ussr", 3)
    for uid, label in (("su-partisan-1", a), ("su-partisan-2", b), ("su-partisan-3", c)):
        put_partisan(state, uid, label)
    with pytest.raises(IllegalOrder):
        play(game, state, SOVIET, "SU36", ctx, a, b, c)
    assert play(game, state, SOVIET, "SU36", ctx, a, c) == 4
    assert state["units"]["su-partisan-1"]["active"] and state["units"]["su-partisan-3"]["active"]
    assert not state["units"]["su-partisan-2"].get("active")
    assert state["effects"]["bagration"] == [14, 2]


# SU22 Where a German Soldier Stands ---------------------------------------------------------------------
def test_su22_axis_may_cancel_for_one_vp():
    game, state, ctx = make(turn=6)
    state["events"]["AX24"] = 5
    play(game, state, SOVIET, "SU22", ctx)
    assert state["effects"]["german_soldier_stands"] == 6
    assert top(state)["role"] == AXIS
    answer(game, state, AXIS, Action("cancel"), ctx)
    assert "german_soldier_stands" not in state["effects"] and state["vp"] == 6


def test_su22_not_cancellable_after_bomb_plot():
    game, state, ctx = make(turn=14)
    state["events"].update(AX24=5, SU42=13)
    play(game, state, SOVIET, "SU22", ctx)
    assert state["flow"] == [] and state["effects"]["german_soldier_stands"] == 14


# SU23 People's Militia ---------------------------------------------------------------------------------
def test_su23_places_one_entrenchment():
    game, state, ctx = make(turn=3)
    with pytest.raises(IllegalOrder):
        play(game, state, SOVIET, "SU23", ctx, "1621")  # Axis hex
    play(game, state, SOVIET, "SU23", ctx, "2722")
    assert state["markers"]["entrench"] == {"2722": SOVIET}


def test_su23_no_entrenchment_beyond_the_marker_supply_10_3_2():
    """SU23 "Piazzare un segnalino di Trincea"; 10.3.2 "Il numero di segnalini di trincea nel gioco è un
    limite assoluto": with every Soviet marker on the map the event enables entrenching but places none."""
    from engine.games.stalins_war.entrench import entrench_limit

    game, state, ctx = make(turn=3)
    spare = [h for h in sorted(RULES.zone("ussr")) if h != "2722"][: entrench_limit(RULES)]
    state["markers"]["entrench"] = {h: SOVIET for h in spare}
    with pytest.raises(IllegalOrder):
        play(game, state, SOVIET, "SU23", ctx, "2722")
    play(game, state, SOVIET, "SU23", ctx)
    assert "2722" not in state["markers"]["entrench"] and len(state["markers"]["entrench"]) == entrench_limit(RULES)
    assert "SU23" in state["events"]


# SU32 Balkan Defections -----------------------------------------------------------------------------------
def test_su32_balkan_defections():
    game, state, ctx = make(turn=14)
    state["units"]["su-west-front"]["hex"] = "1429"
    state["units"]["su-south-front"]["hex"] = "1428"
    state["units"]["ro-4a"]["hex"] = "1630"
    play(game, state, SOVIET, "SU32", ctx)
    for uid, spec in RULES.units.items():
        if spec.side == AXIS and spec.nationality == "RO":
            assert state["units"][uid]["box"] == "removed"
    assert state["control"]["1429"] == SOVIET and state["control"]["1630"] == SOVIET
    assert state["vp"] == 6  # Bucharest is a VP hex
    assert set(top(state)["units"]) == {"su-bg-1a", "su-ro-1a", "su-ro-4a"}


# SU34 Red Choir, SU42 Bomb Plot ---------------------------------------------------------------------------
def test_su34_red_choir_reveals_exactly_the_non_cc_cards_to_the_soviet_only_6_1():
    game, state, ctx = make(turn=10)
    state["cards"][AXIS]["hand"] = ["AX6", "AX9", "AX10", "AX11"]  # AX9, AX11 are Combat Cards
    play(game, state, SOVIET, "SU34", ctx)
    soviet = [str(e.text) for e in ctx.entries if e.to == SOVIET]
    assert any("AX6" in x and "AX10" in x for x in soviet)
    assert not any("AX9" in x or "AX11" in x for x in soviet)
    for e in ctx.entries:
        if e.to == EVERYONE:
            assert not any(c in str(e.text) for c in ("AX6", "AX9", "AX10", "AX11"))
    told = [str(e.text) for e in ctx.entries if e.to == AXIS]  # the owner learns exactly what was shown
    assert len(told) == 1 and "AX6" in told[0] and "AX10" in told[0]
    assert "AX9" not in told[0] and "AX11" not in told[0]
    assert state["revealed"][SOVIET] == ["AX6", "AX10"]


def test_su34_red_choir_on_a_hand_of_combat_cards_tells_the_owner_nothing_was_shown_6_1():
    """SU34: with only Combat Cards in the Axis hand, the Axis owner is told privately that no card was shown."""
    game, state, ctx = make(turn=10)
    state["cards"][AXIS]["hand"] = ["AX9", "AX11"]  # Combat Cards only
    play(game, state, SOVIET, "SU34", ctx)
    told = [str(e.text) for e in ctx.entries if e.to == AXIS]
    assert told == ["Red Choir: the Soviet was shown that your hand holds no non-Combat card."]
    assert not any(c in str(e.text) for e in ctx.entries for c in ("AX9", "AX11"))


def test_su42_bomb_plot_discards_a_random_axis_card_publicly():
    game, state, ctx = make(turn=12)
    state["cards"][AXIS]["hand"] = ["AX6", "AX7"]
    play(game, state, SOVIET, "SU42", ctx)
    pile = state["cards"][AXIS]
    assert len(pile["hand"]) == 1 and len(pile["discard"]) == 1
    gone = pile["discard"][0]
    assert any(gone in x for x in lines(ctx, EVERYONE))


# SU37 / SU38 / SU39 ------------------------------------------------------------------------------------
def test_su37_duce_falls_italians_out_axis_picks_8_factors_5_panzer(monkeypatch):
    supplied(monkeypatch, unsupplied=frozenset({"ge-46pz"}))
    game, state, ctx = make(turn=10)
    state["events"]["AX23"] = 1
    state["units"]["it-8a"].update(hex="1429", box=None)
    play(game, state, SOVIET, "SU37", ctx)
    assert state["units"]["it-8a"]["box"] == "removed" and state["units"]["it-csir"]["box"] == "removed"
    assert state["vp"] == 6  # 8.1#51: the Steppe Fox penalty once
    frame = top(state)
    assert frame["role"] == AXIS and frame["window"] == "german_transfer"
    answer(game, state, AXIS, Action("choose", ("ge-4a",)), ctx)  # 5 factors, no Panzer
    answer(game, state, AXIS, Action("choose", ("ge-3pz",)), ctx)  # 9 total, 4 Panzer: more Panzer needed
    eligible = events_soviet.transfer_eligible(RULES, state, top(state))
    assert eligible and all(RULES.units[u].panzer for u in eligible)
    assert "ge-46pz" not in eligible  # fully supplied units first
    with pytest.raises(IllegalOrder):
        answer(game, state, AXIS, Action("choose", ("ge-6a",)), ctx)
    answer(game, state, AXIS, Action("choose", ("ge-24pz",)), ctx)
    assert state["flow"] == []
    for uid in ("ge-4a", "ge-3pz", "ge-24pz"):
        assert state["units"][uid]["box"] == "other_fronts" and state["units"][uid]["hex"] is None
    assert state["units"]["ge-4a"]["level"] == 0


def test_su38_overlord_removes_nine_panzer_factors(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=13)
    play(game, state, SOVIET, "SU38", ctx)
    assert state["effects"]["no_emergency_transfer"] is True
    assert all(RULES.units[u].panzer for u in events_soviet.transfer_eligible(RULES, state, top(state)))
    for uid in ("ge-46pz", "ge-3pz"):
        answer(game, state, AXIS, Action("choose", (uid,)), ctx)
    assert state["flow"]  # 8 factors: not yet 9
    answer(game, state, AXIS, Action("choose", ("ge-14pz",)), ctx)
    assert state["flow"] == []
    assert all(state["units"][u]["box"] == "removed" for u in ("ge-46pz", "ge-3pz", "ge-14pz"))


def test_su39_second_front_six_panzer_factors_to_other_fronts(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=11)
    play(game, state, SOVIET, "SU39", ctx)
    answer(game, state, AXIS, Action("choose", ("ge-46pz",)), ctx)
    answer(game, state, AXIS, Action("choose", ("ge-24pz",)), ctx)
    assert state["flow"] == []
    assert state["units"]["ge-24pz"]["box"] == "other_fronts"


# SU41 Warsaw Rising --------------------------------------------------------------------------------------
def test_su41_warsaw_rising(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=13)
    state["events"]["SU21"] = 3
    warsaw = RULES.hex_of("Warsaw")
    play(game, state, SOVIET, "SU41", ctx)
    frame = top(state)
    assert frame["window"] == "warsaw_retreat" and frame["role"] == AXIS
    from engine.games.stalins_war.events import PROCEDURES

    proc = next(p for p in PROCEDURES if p.name == "event_window")
    while top(state)["proc"] == "event_window":
        actions = proc.prompt(game, state, top(state), AXIS).actions
        answer(game, state, AXIS, actions[0], ctx)
    axis_left = [u for u, x in state["units"].items() if x.get("hex") == warsaw and RULES.units[u].side == AXIS]
    assert axis_left == []
    partisans = [u for u in events_soviet.partisans_on_map(RULES, state)]
    assert len(partisans) == 1 and state["units"][partisans[0]]["hex"] == warsaw and state["units"][partisans[0]]["active"]
    assert state["control"][warsaw] == SOVIET
    assert top(state)["proc"] == "place_units" and top(state)["units"] == ["su-pl-1a"]
