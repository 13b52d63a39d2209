"""Stalin's War supply (13.0): range, rail, port hop, blocking, sources, limited supply."""

from __future__ import annotations

from collections import deque

from engine.games.stalins_war import supply, terrain
from tests.engine.games.stalins_war.test_terrain import RULES, blank_state, put

DATA = terrain.static(RULES)


def soviet_network_distance() -> dict[str, int]:
    """Hexes from the Soviet rail net joined to the east-edge sources, on an empty map."""
    sources = sorted(RULES.zone("soviet_supply_edge"))
    net = set(sources)
    queue = deque(sources)
    while queue:
        a = queue.popleft()
        for b in DATA.rail_adj[a]:
            if b not in net:
                net.add(b)
                queue.append(b)
    dist = {h: 0 for h in net}
    queue = deque(sorted(net))
    while queue:
        a = queue.popleft()
        for b in DATA.adj[a]:
            if b not in dist:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def test_four_hexes_in_range_five_out_13_1_2():
    """13.1.2 (and the example): 4 hexes from the rail line is in supply, 5 is out."""
    state = blank_state()
    dist = soviet_network_distance()
    far = next(h for h, d in sorted(dist.items()) if d == 5)
    near = next(n for n in DATA.adj[far] if dist.get(n) == 4)
    assert supply.hex_traces(RULES, state, near, "soviet") == "full"
    assert supply.hex_traces(RULES, state, far, "soviet") == "none"
    put(state, "su-13r", far)
    put(state, "su-20r", near)
    supply.update_supply(RULES, state, "soviet")
    assert state["units"]["su-13r"]["oos"] is True
    assert state["units"]["su-20r"]["oos"] is False


def test_trace_runs_along_the_rail_and_enemy_units_cut_it_13_1_2_13_1_3():
    """The Murmansk line (2913, far from every source) is supplied along the rail; an Axis unit on the
    line at 2717 cuts it."""
    state = blank_state()
    assert all(RULES.board.grid.distance("2913", s) > 4 for s in RULES.zone("soviet_supply_edge"))
    assert supply.hex_traces(RULES, state, "2913", "soviet") == "full"
    put(state, "ge-43c", "2717")
    assert supply.hex_traces(RULES, state, "2913", "soviet") == "none"


def seal_crimea(state: dict, uids: tuple[str, ...]) -> None:
    """Units in every hex joining the Crimea (2029, 2129) and across the Kerch Strait (2331, 2232)."""
    for uid, label in zip(uids, ("2029", "2129", "2331", "2232"), strict=True):
        put(state, uid, label)


def test_port_hop_needs_another_friendly_port_that_traces_13_1_2():
    """An Axis unit in Sevastopol, cut off overland, traces by sea while Constanta (Axis) traces."""
    state = blank_state()
    seal_crimea(state, ("su-13r", "su-20r", "su-21r", "su-22r"))
    state["control"]["1931"] = "axis"
    put(state, "ge-43c", "1931")
    assert supply.hex_traces(RULES, state, "1630", "axis") == "full"
    assert supply.supply_status(RULES, state, "ge-43c") == "full"
    state["control"]["1630"] = "soviet"
    assert supply.supply_status(RULES, state, "ge-43c") == "none"


def test_port_hop_only_on_baltic_and_black_sea_13_1_2():
    assert set(supply.HOP_SEAS) == {"baltic", "black"}


def test_blocking_hexes_13_1_3():
    """Enemy units, enemy-controlled city/oil/VP/fortress hexes and entrenchments, Festung (for the
    Soviet), active Partisans block; an enemy-controlled plain town and inactive Partisans do not."""
    state = blank_state()
    kiev, ploesti, simferopol = "2025", "1428", "2031"
    state["control"][kiev] = "axis"
    state["control"][simferopol] = "axis"
    state["markers"]["entrench"]["2424"] = "axis"
    state["markers"]["festung"].append("2626")
    blocked = supply.blocked_hexes(RULES, state, "soviet")
    assert {kiev, "2424", "2626"} <= blocked
    assert simferopol not in blocked
    assert ploesti in supply.blocked_hexes(RULES, state, "soviet")  # Axis-controlled oil
    put(state, "su-partisan-1", "2323")
    state["units"]["su-partisan-1"]["active"] = False
    assert "2323" not in supply.blocked_hexes(RULES, state, "axis")
    state["units"]["su-partisan-1"]["active"] = True
    assert "2323" in supply.blocked_hexes(RULES, state, "axis")


def test_unnegated_enemy_zoc_blocks_supply_13_1_3():
    state = blank_state()
    put(state, "su-west-front", "2424")
    blocked = supply.blocked_hexes(RULES, state, "axis")
    zone = set(DATA.adj["2424"])
    assert zone <= blocked
    target = sorted(zone)[0]
    put(state, "ge-43c", target)
    assert target not in supply.blocked_hexes(RULES, state, "axis")


def surround_odessa(state: dict) -> None:
    for uid, label in zip(("ge-6a", "ge-11a", "ge-17a"), DATA.adj["1829"], strict=False):
        put(state, uid, label)
    for port in DATA.ports["black"]:
        if port != "1829":
            state["control"][port] = "axis"


def test_fortress_gives_limited_supply_to_its_owner_13_2_4():
    """Odessa (a Soviet fortress) surrounded, no other Soviet Black Sea port: limited (defence and
    attrition); once the fortress is destroyed: none."""
    state = blank_state()
    surround_odessa(state)
    put(state, "su-13r", "1829")
    assert supply.supply_status(RULES, state, "su-13r") == "limited"
    supply.update_supply(RULES, state, "soviet")
    assert state["units"]["su-13r"]["oos"] is False and state["units"]["su-13r"]["limited"] is True
    state["markers"]["fortress_destroyed"].append("1829")
    assert supply.supply_status(RULES, state, "su-13r") == "none"


def test_romanians_trace_to_bucharest_13_2_1():
    state = blank_state()
    here = next(n for n in DATA.adj["1429"] if terrain.in_region(RULES, n, "romania"))
    put(state, "ro-3c", here)
    put(state, "ge-43c", here)
    assert supply.supply_status(RULES, state, "ro-3c") == "full"
    state["control"]["1429"] = "soviet"
    assert supply.supply_status(RULES, state, "ro-3c") == "none"
    assert supply.group_of(RULES, "ge-43c") == "german"


def test_baku_alone_gives_limited_supply_13_2_3():
    """With every east-edge source held by the Axis and no other Caspian port tracing, Baku supplies
    for defence and attrition only — also to hexes tracing to it along the rail (Moscow)."""
    state = blank_state()
    for uid, label in zip(("ge-6a", "ge-11a", "ge-17a", "ge-4a"), sorted(RULES.zone("soviet_supply_edge")), strict=True):
        put(state, uid, label)
    put(state, "su-13r", "3138")
    put(state, "su-20r", RULES.hex_of("Moscow"))
    assert supply.supply_status(RULES, state, "su-13r") == "limited"
    assert supply.supply_status(RULES, state, "su-20r") == "limited"
    assert not supply.reach_of(RULES, state, "soviet").full
    state["control"]["3138"] = "axis"
    assert supply.supply_status(RULES, state, "su-20r") == "none"


def test_hedgehogs_supplies_german_units_in_cities_for_attrition_ax16():
    state = blank_state()
    city = "3923"  # Sverdlovsk, far beyond any Axis trace
    put(state, "ge-43c", city)
    put(state, "ro-3c", city)
    assert supply.supply_status(RULES, state, "ge-43c") == "none"
    state["effects"]["hedgehogs_supply"] = state["turn"]
    # Ruling 9: "per l'attrito (solamente)": it saves the unit in Attrition, and does nothing else.
    assert supply.supply_status(RULES, state, "ge-43c") == "none"
    assert supply.attrition_supply(RULES, state, "ge-43c")
    assert not supply.attrition_supply(RULES, state, "ro-3c")


def test_partisans_are_always_supplied_16_1_6():
    state = blank_state()
    put(state, "su-partisan-1", "3923")
    state["control"]["3923"] = "axis"
    state["units"]["su-partisan-1"]["active"] = True
    assert supply.supply_status(RULES, state, "su-partisan-1") == "full"


def test_marine_army_on_the_black_sea_coast_13_1_4():
    """Black Sea, Black Death: the Marine army is supplied on a Black Sea coast while the Soviet holds a port."""
    state = blank_state()
    seal_crimea(state, ("ge-6a", "ge-11a", "ge-17a", "ge-4a"))
    for port in DATA.ports["black"]:
        state["control"][port] = "axis"
    state["control"]["2530"] = "soviet"  # Rostov, far from the Crimea
    put(state, "su-maritime-army", "2131")
    assert supply.supply_status(RULES, state, "su-maritime-army") == "none"
    state["effects"]["black_sea_marine"] = state["turn"]
    assert supply.supply_status(RULES, state, "su-maritime-army") == "full"
    state["control"]["2530"] = "axis"
    assert supply.supply_status(RULES, state, "su-maritime-army") == "none"


def test_port_hop_trace_may_run_along_a_rail_line_to_the_port_13_1_2_ex():
    """13.1.2 and the example of play (Axis attrition, turn 2): the 11th Army, 5 hexes from any rail
    line that reaches a source, "può tracciare lungo la ferrovia a Sevastopoli (controllata dall'Asse)
    e poi al porto di Odessa (o Constanta)". An Axis unit in 2431 is 5 hexes from Sevastopol (1931)
    and from every other Axis port, but within 4 of the Crimean rail line running to Sevastopol."""
    state = blank_state()
    state["control"]["1931"] = "axis"
    put(state, "ge-43c", "2431")
    ports = [p for p in DATA.ports["black"] if state["control"].get(p) == "axis"]
    assert "1630" in ports and all(RULES.board.grid.distance("2431", p) > 4 for p in ports)
    assert supply.supply_status(RULES, state, "ge-43c") == "full"
    state["control"]["1630"] = "soviet"  # Constanta lost: no other Axis port traces, no hop
    assert supply.supply_status(RULES, state, "ge-43c") == "none"
