"""Line of sight (engine/los.py) on small hand-built maps, one rule of digest 3.6 per test.

Coordinates are axial (q, r) as in engine/hexgrid.py. The straight line (0,0)-(0,4) runs
south through the centres of (0,1), (0,2), (0,3). The line (0,0)-(2,-1) runs exactly along the
hexside between (1,-1) and (1,0), touching both and crossing neither.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.los import (
    Axial,
    HexLos,
    PathLos,
    SideLos,
    contact,
    hexes_between,
    line_of_sight,
)

WOODS = HexLos("woods", obstacle=True, blind=True)
BUILDING = HexLos("building", obstacle=True, blind=True)
BRUSH = HexLos("brush", hindrance=3)
ORCHARD = HexLos("orchard", hindrance=2)
WALL = SideLos("wall", obstacle=True)
HEDGE = SideLos("hedge", obstacle=True)
FENCE = SideLos("fence", hindrance=1)
A, B = (0, 0), (0, 4)
SPINE_END = (2, -1)
SPINE_X, SPINE_Y = (1, -1), (1, 0)


@dataclass
class Board:
    """A hand-built map: open ground at level 0 wherever nothing else is said."""

    hexes: dict[Axial, HexLos] = field(default_factory=dict)
    sides: dict[tuple[Axial, Axial], SideLos] = field(default_factory=dict)
    off_map: set[Axial] = field(default_factory=set)

    def hex_los(self, at: Axial) -> HexLos | None:
        if at in self.off_map:
            return None
        return self.hexes.get(at, HexLos())

    def side_los(self, a: Axial, b: Axial) -> SideLos | None:
        return self.sides.get((a, b)) or self.sides.get((b, a))

    def level(self, at: Axial, level: int, base: HexLos | None = None) -> None:
        info = base or self.hexes.get(at, HexLos())
        self.hexes[at] = HexLos(
            info.name, level, info.obstacle, info.hindrance, info.blind, info.gully, info.paths, info.smoke, info.blaze
        )


def los(board: Board, a: Axial = A, b: Axial = B, **kw: bool) -> tuple[bool, int]:
    sight = line_of_sight(board, a, b, **kw)
    return sight.blocked, sight.hindrance


# Geometry ---------------------------------------------------------------------------------


def test_straight_line_crosses_the_hexes_between_centres() -> None:
    """A line along a hex direction crosses exactly the hexes between the two ends."""
    assert hexes_between(A, B) == {(0, 1): "cross", (0, 2): "cross", (0, 3): "cross"}


def test_line_along_a_hexside_touches_both_hexes() -> None:
    """A line running exactly along a hexside touches the hexes on both sides, crossing neither."""
    assert hexes_between(A, SPINE_END) == {SPINE_X: "touch", SPINE_Y: "touch"}


def test_oblique_line_crosses_its_hexes() -> None:
    """An oblique line crosses hexes on its way and leaves the others alone."""
    between = hexes_between((0, 0), (3, 1))
    assert between and all(c == "cross" for c in between.values())
    assert contact((0, 3), (0, 0), (3, 1)) == "none"


def test_open_ground_is_clear() -> None:
    """Open ground between the ends neither blocks nor hinders (T90)."""
    assert los(Board()) == (False, 0)


def test_off_map_hexes_are_ignored() -> None:
    """A hex the terrain says is off the map contributes nothing."""
    board = Board(hexes={SPINE_X: WOODS}, off_map={SPINE_X})
    assert los(board, A, SPINE_END) == (False, 0)


# 10.1 / 10.2 obstacles --------------------------------------------------------------------


def test_same_level_woods_between_blocks() -> None:
    """An obstacle in an intervening hex at the same level blocks (10.2)."""
    sight = line_of_sight(Board(hexes={(0, 2): WOODS}), A, B)
    assert sight.blocked and sight.blocks[0].rule == "10.2" and sight.blocks[0].at == ((0, 2),)


def test_obstacle_in_firing_or_target_hex_is_ignored() -> None:
    """Terrain in the sighting or the target hex never affects LOS (10.1)."""
    assert los(Board(hexes={A: WOODS, B: BUILDING})) == (False, 0)


def test_hindrance_in_firing_or_target_hex_is_ignored() -> None:
    """A printed hindrance in the sighting or target hex does not hinder (10.1)."""
    assert los(Board(hexes={A: BRUSH, B: ORCHARD})) == (False, 0)


def test_wall_on_target_hexside_is_ignored() -> None:
    """A wall forming one of the target hex's sides does not affect LOS (10.1)."""
    assert los(Board(sides={((0, 3), B): WALL})) == (False, 0)


def test_wall_on_firing_hexside_is_ignored() -> None:
    """A hedge forming one of the sighting hex's sides does not affect LOS (10.1)."""
    assert los(Board(sides={(A, (0, 1)): HEDGE})) == (False, 0)


def test_wall_on_intervening_hexside_blocks() -> None:
    """A wall on a hexside between two intervening hexes blocks (10.1, T97)."""
    sight = line_of_sight(Board(sides={((0, 1), (0, 2)): WALL}), A, B)
    assert sight.blocked and sight.blocks[0].rule == "10.1" and sight.blocks[0].what == "wall"


def test_wall_grazed_along_its_length_blocks() -> None:
    """A wall along the hexside the line runs on blocks even though the line only grazes it (10.1)."""
    assert los(Board(sides={(SPINE_X, SPINE_Y): WALL}), A, SPINE_END)[0]


def test_wall_grazed_blocks_even_without_edge_contact() -> None:
    """Hexside features count when grazed whatever the edge-contact option (10.1)."""
    assert los(Board(sides={(SPINE_X, SPINE_Y): WALL}), A, SPINE_END, edge_contact=False)[0]


def test_fence_on_intervening_hexside_hinders_one() -> None:
    """A fence between intervening hexes is a hindrance 1 (T84)."""
    assert los(Board(sides={((0, 2), (0, 3)): FENCE})) == (False, 1)


def test_units_never_block() -> None:
    """LOS reads only terrain: units are not part of the protocol at all (10.1.1)."""
    assert los(Board(hexes={(0, 2): HexLos("open")})) == (False, 0)


# The line along a hexside -------------------------------------------------------------------


def test_woods_on_one_side_of_hexside_line_blocks_by_default() -> None:
    """A line along a hexside touches the woods filling one of the two hexes, and is blocked."""
    assert los(Board(hexes={SPINE_X: WOODS}), A, SPINE_END)[0]


def test_woods_on_one_side_of_hexside_line_without_edge_contact() -> None:
    """With edge contact off, printed terrain only touched along its hexside does not count."""
    assert los(Board(hexes={SPINE_X: WOODS}), A, SPINE_END, edge_contact=False) == (False, 0)


def test_hindrances_on_both_sides_of_hexside_line_take_the_largest() -> None:
    """Brush on one side and an orchard on the other: only the largest, 3, applies (10.3.3)."""
    assert los(Board(hexes={SPINE_X: BRUSH, SPINE_Y: ORCHARD}), A, SPINE_END) == (False, 3)


def test_blaze_along_hexside_blocks_even_without_edge_contact() -> None:
    """A Blaze fills its hex, sides included: a line along one of its sides is blocked (10.2.1)."""
    sight = line_of_sight(Board(hexes={SPINE_Y: HexLos(blaze=True)}), A, SPINE_END, edge_contact=False)
    assert sight.blocked and sight.blocks[0].rule == "10.2.1"


def test_smoke_along_hexside_hinders_even_without_edge_contact() -> None:
    """Smoke fills its hex, sides included: a line along one of its sides is hindered (10.3.4)."""
    assert los(Board(hexes={SPINE_X: HexLos(smoke=6)}), A, SPINE_END, edge_contact=False) == (False, 6)


# 10.3 hindrances -------------------------------------------------------------------------


def test_two_brush_hexes_hinder_three_not_six() -> None:
    """Hindrances are never cumulative: two Brush hexes give 3 (10.3.3)."""
    assert los(Board(hexes={(0, 1): BRUSH, (0, 2): BRUSH})) == (False, 3)


def test_brush_and_smoke_four_hinder_four() -> None:
    """Brush 3 and Smoke 4 on one line: only the Smoke's 4 (10.3.3)."""
    assert los(Board(hexes={(0, 1): BRUSH, (0, 2): HexLos(smoke=4)})) == (False, 4)


def test_two_smoke_fours_hinder_four() -> None:
    """Two Smoke 4 markers on one line hinder 4, not 8 (10.3.3)."""
    assert los(Board(hexes={(0, 1): HexLos(smoke=4), (0, 3): HexLos(smoke=4)})) == (False, 4)


def test_smoke_seven_and_orchard_hinder_seven() -> None:
    """Smoke 7 plus an orchard: -7 only, not -9 (the rulebook's LOS example)."""
    assert los(Board(hexes={(0, 1): ORCHARD, (0, 2): HexLos(smoke=7)})) == (False, 7)


def test_smoke_in_firing_hex_hinders() -> None:
    """Smoke hinders out of its own hex: Smoke 5 in the firer's hex gives -5 (10.3.4)."""
    sight = line_of_sight(Board(hexes={A: HexLos(smoke=5)}), A, B)
    assert sight.hindrance == 5 and sight.hindrances[0].rule == "10.3.4"


def test_smoke_in_target_hex_hinders() -> None:
    """Smoke hinders into its own hex (10.3.4)."""
    assert los(Board(hexes={B: HexLos(smoke=2)})) == (False, 2)


def test_orchard_between_hinders_two() -> None:
    """An orchard between the ends hinders 2 (T91, rulebook LOS example)."""
    assert los(Board(hexes={(0, 2): ORCHARD})) == (False, 2)


def test_blaze_blocks_at_every_level() -> None:
    """A level-0 Blaze blocks a LOS between two level-2 hexes (T88.4)."""
    board = Board(hexes={(0, 2): HexLos(blaze=True)})
    board.level(A, 2)
    board.level(B, 2)
    assert los(board)[0]


def test_smoke_hinders_at_every_level() -> None:
    """A level-0 Smoke hinders a LOS between two level-2 hexes (T88.5)."""
    board = Board(hexes={(0, 2): HexLos(smoke=3)})
    board.level(A, 2)
    board.level(B, 2)
    assert los(board) == (False, 3)


# Hills -------------------------------------------------------------------------------------


def test_same_level_hill_between_ground_hexes_blocks() -> None:
    """A hill blocks LOS between two lower hexes (T88.3.3)."""
    board = Board()
    board.level((0, 2), 1)
    sight = line_of_sight(board, A, B)
    assert sight.blocked and sight.blocks[0].rule == "T88.3.3"


def test_higher_observer_sees_over_lower_hill() -> None:
    """A level-2 observer sees a level-0 hex over a level-1 hill (T88.3.3)."""
    board = Board()
    board.level(A, 2)
    board.level((0, 2), 1)
    assert los(board) == (False, 0)


def test_level_two_across_level_two_sees_only_level_two_or_more() -> None:
    """Across level-2 hill hexes a level-2 unit sees level 2, not level 1 (T88.3.3)."""
    board = Board()
    board.level(A, 2)
    board.level((0, 2), 2)
    board.level(B, 1)
    assert los(board)[0]
    board.level(B, 2)
    assert not los(board)[0]


def test_level_three_between_level_two_and_three_blocks_but_not_four() -> None:
    """With a level 3 between, a level-2 unit sees only a level-4 hex (T88.3.3)."""
    board = Board()
    board.level(A, 2)
    board.level((0, 2), 3)
    board.level(B, 3)
    assert los(board)[0]
    board.level(B, 4)
    assert not los(board)[0]


def test_upward_only_into_first_crest_hex() -> None:
    """From level 0 one sees the first level-1 hex of a hill, not the one behind it (T88.3.2)."""
    board = Board()
    for h in ((0, 2), (0, 3), (0, 4)):
        board.level(h, 1)
    assert not los(board, A, (0, 2))[0]
    sight = line_of_sight(board, A, (0, 3))
    assert sight.blocked and sight.blocks[0].rule == "T88.3.2"


def test_downward_blocked_by_plateau_of_own_level() -> None:
    """From a hill one sees a lower hex only if no intervening hex is at one's own level (T88.3.2)."""
    board = Board()
    board.level(A, 1)
    board.level((0, 1), 1)
    assert los(board)[0]
    board.level((0, 1), 0)
    assert not los(board)[0]


def test_hill_touched_along_hexside_blocks_with_edge_contact() -> None:
    """A line along a hill hex's side touches the hill and is blocked; without edge contact it is not."""
    board = Board()
    board.level(SPINE_X, 1)
    assert los(board, A, SPINE_END)[0]
    assert not los(board, A, SPINE_END, edge_contact=False)[0]


def test_lower_building_does_not_block_between_hills() -> None:
    """A level-1 unit sees another level-1 unit over a level-0 building (T88.4)."""
    board = Board(hexes={(0, 2): BUILDING})
    board.level(A, 1)
    board.level(B, 1)
    assert los(board) == (False, 0)


def test_same_level_building_blocks_between_hills() -> None:
    """A level-1 building between two level-1 hexes blocks (T88.4)."""
    board = Board()
    board.level(A, 1)
    board.level(B, 1)
    board.level((0, 2), 1, BUILDING)
    sight = line_of_sight(board, A, B)
    assert sight.blocked and sight.blocks[0].rule == "T88.4"


def test_observer_on_hill_sees_into_lower_woods() -> None:
    """A hill observer sees into a lower Woods hex itself (T88.4.1)."""
    board = Board(hexes={(0, 3): WOODS})
    board.level(A, 1)
    assert not los(board, A, (0, 3))[0]


def test_woods_creates_blind_hex_right_behind() -> None:
    """A lower Woods hides the same-level hex right behind it from a hill (T88.4.1)."""
    board = Board(hexes={(0, 2): WOODS})
    board.level(A, 1)
    sight = line_of_sight(board, A, (0, 3))
    assert sight.blocked and sight.blocks[0].rule == "T88.4.1"


def test_hexes_beyond_the_blind_hex_are_visible() -> None:
    """The hex two behind a lower Woods is visible from the hill (T88.4.1)."""
    board = Board(hexes={(0, 2): WOODS})
    board.level(A, 1)
    assert not los(board, A, B)[0]


def test_blind_hex_is_reciprocal() -> None:
    """The unit in the blind hex cannot see the hill observer either (10.1 reciprocity)."""
    board = Board(hexes={(0, 2): WOODS})
    board.level(A, 1)
    assert los(board, (0, 3), A)[0]


def test_level_one_building_blocks_level_two_target_only_if_adjacent_to_observer() -> None:
    """Past a level-1 building a level-1 unit sees level 2, unless the building is adjacent (T88.4.1)."""
    board = Board()
    board.level(A, 1)
    board.level(B, 2)
    board.level((0, 2), 1, BUILDING)
    assert not los(board)[0]
    board.hexes[(0, 2)] = HexLos()
    board.level((0, 1), 1, BUILDING)
    assert los(board)[0]


def test_lower_hindrance_does_not_affect_hill_los() -> None:
    """A level-0 orchard does not hinder LOS from a level-1 hill down to level 0 (T88.5)."""
    board = Board(hexes={(0, 2): ORCHARD})
    board.level(A, 1)
    assert los(board) == (False, 0)


def test_hindrance_on_hill_hinders_between_hill_hexes_of_its_level() -> None:
    """An orchard at level 1 hinders LOS between two level-1 hexes (T88.5)."""
    board = Board()
    board.level(A, 1)
    board.level(B, 1)
    board.level((0, 2), 1, ORCHARD)
    assert los(board) == (False, 2)


def test_lower_wall_does_not_block_between_hills() -> None:
    """A wall between two level-0 hexes does not block LOS between level-1 hexes (T88.4)."""
    board = Board(sides={((0, 1), (0, 2)): WALL})
    board.level(A, 1)
    board.level(B, 1)
    assert los(board) == (False, 0)


# Paths and special terrain ------------------------------------------------------------------


def test_los_along_a_road_through_woods_is_clear() -> None:
    """A LOS that follows a road through a Woods hex is clear (10.2, T93)."""
    road = PathLos("road", frozenset({2, 5}))
    board = Board(hexes={(0, 2): HexLos("woods", obstacle=True, blind=True, paths=(road,))})
    assert los(board) == (False, 0)


def test_los_across_a_road_in_woods_is_blocked() -> None:
    """A road the LOS does not follow leaves the Woods blocking (T93)."""
    road = PathLos("road", frozenset({0, 3}))
    board = Board(hexes={(0, 2): HexLos("woods", obstacle=True, blind=True, paths=(road,))})
    assert los(board)[0]


def test_railway_crossed_hinders_one_followed_is_clear() -> None:
    """A railway hinders 1 across it and is clear along it (T92)."""
    across = PathLos("railway", frozenset({0, 3}), across=1)
    along = PathLos("railway", frozenset({2, 5}), across=1)
    assert los(Board(hexes={(0, 2): HexLos("field", hindrance=1, paths=(across,))})) == (False, 1)
    assert los(Board(hexes={(0, 2): HexLos("field", hindrance=1, paths=(along,))})) == (False, 0)


def test_gully_unit_seen_only_from_adjacent_or_higher() -> None:
    """A unit in a Gully is seen from an adjacent hex or a higher one, not otherwise (T86)."""
    board = Board(hexes={B: HexLos("gully", gully=True)})
    sight = line_of_sight(board, A, B)
    assert sight.blocked and sight.blocks[0].rule == "T86"
    assert not los(board, (0, 3), B)[0]
    board.level(A, 1)
    assert not los(board)[0]


def test_gully_unit_sees_only_the_same_hexes() -> None:
    """The Gully rule works both ways: the unit in it sees nothing else either (T86)."""
    board = Board(hexes={A: HexLos("gully", gully=True)})
    assert los(board)[0]


def test_same_hex_is_visible() -> None:
    """A hex sees itself; only its own Smoke hinders."""
    assert los(Board(hexes={A: HexLos(smoke=3)}), A, A) == (False, 3)


def test_los_is_reciprocal_on_random_maps() -> None:
    """LOS from a to b equals LOS from b to a on random small maps (10.1)."""
    rng = random.Random(15)
    kinds = [HexLos(), WOODS, BRUSH, ORCHARD, HexLos(smoke=4), HexLos(blaze=True), HexLos("gully", gully=True)]
    cells = [(q, r) for q in range(6) for r in range(-3, 4)]
    for _ in range(40):
        board = Board()
        for cell in cells:
            board.hexes[cell] = rng.choice(kinds)
            board.level(cell, rng.choice([0, 0, 1, 2]))
        for _ in range(5):
            a, b = rng.sample(cells, 2)
            assert los(board, a, b) == los(board, b, a)
