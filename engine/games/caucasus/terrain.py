"""Terrain Effects Chart (TEC) and the map questions every rule asks.

Natural terrain per hex: open, desert, rough, swamp, seasonal_swamp, forest, mountain, alpine,
sea. Man-made terrain (town, minor or major city) comes from the places list and adds to the
natural terrain. Hexside features: minor_river, major_river, alpine, pass (krestovy for the
Krestovy Pass), lake, sea. Lines: road and rail (rail flags supply_only, unfinished).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.caucasus.model import Rules
from engine.mapdata import MapData

CITY_KINDS = ("town", "minor_city", "major_city")
CONTROL_KINDS = (*CITY_KINDS, "entry")
NORTH_ENTRIES = frozenset("ABCDE")

# TEC: movement cost for non-mech and mech units (None = prohibited except along a road,
# "stop" = must stop on entering unless along a road), defence terrain bonus (DTB),
# whether the armour shift is allowed, whether a retreat may end after one hex (7.x, 9.x, 11.1).
MOVE_COST = {
    "open": (1, 1),
    "desert": (1, 1),
    "rough": (1, 2),
    "swamp": (2, None),
    "forest": (2, 2),
    "mountain": (2, None),
}
DTB = {"rough": 2, "swamp": 2, "forest": 2, "mountain": 5, "town": 2, "minor_city": 3, "major_city": 5}
NO_ARMOUR_TERRAIN = frozenset({"forest", "swamp", "minor_city", "major_city", "mountain"})
ONE_HEX_RETREAT_TERRAIN = frozenset({"town", "minor_city", "major_city", "swamp", "forest", "mountain"})
SEASONAL_SWAMP_FROM_TURN = 10
PASSES_CLOSE_FROM_TURN = SEASONAL_SWAMP_FROM_TURN  # the memo below keys both on one threshold
UNFINISHED_RAIL_FROM_TURN = 8  # unfinished rail lines are usable from turn 8


def natural(rules: Rules, label: str, turn: int) -> str:
    """The hex's natural terrain this turn (seasonal swamp is rough until turn 9) (2.31)."""
    kind = rules.board.terrain.get(label, "sea")
    if kind == "seasonal_swamp":
        return "swamp" if turn >= SEASONAL_SWAMP_FROM_TURN else "rough"
    return kind


def settlement(rules: Rules, label: str) -> str | None:
    place = rules.board.places.get(label)
    if place is not None and place.kind in CITY_KINDS:
        return place.kind
    return None


def entry_letter(rules: Rules, label: str) -> str | None:
    place = rules.board.places.get(label)
    if place is None:
        return None
    return place.get("entry")


def is_north_entry(rules: Rules, label: str) -> bool:
    """Entry hexes A-E on the north edge: never entered, never attacked (4.1)."""
    return label in _memo(rules).north


def _north_entries(board: MapData) -> frozenset[str]:
    out = set()
    for label, place in board.places.items():
        letter = place.get("entry")
        if letter is not None and letter in NORTH_ENTRIES:
            out.add(label)
    return frozenset(out)


class _Memo:
    """What the map answers the same way every time, kept per map (the shipped one, or a
    campaign's with its referee overlay: each is its own immutable ``MapData``)."""

    def __init__(self, board: MapData) -> None:
        self.board = board
        self.land = frozenset(h for h, kind in board.terrain.items() if kind != "sea" and h in board.grid)
        self.north = _north_entries(board)
        self.sides: dict[tuple[str, str, bool], frozenset[str]] = {}
        self.impassable: dict[tuple[str, str, bool], str | None] = {}
        self.open: dict[tuple[str, bool], tuple[str, ...]] = {}
        self.zoc: dict[tuple[str, bool], tuple[str, ...]] = {}


_MEMOS: dict[int, _Memo] = {}
_LAST: list[_Memo] = []  # the memo of the map asked last (nearly always the one asked next)


def _memo(rules: Rules) -> _Memo:
    board = rules.board
    if _LAST and _LAST[0].board is board:
        return _LAST[0]
    found = _MEMOS.get(id(board))
    if found is None or found.board is not board:
        if len(_MEMOS) >= 16:
            _MEMOS.clear()
        found = _MEMOS[id(board)] = _Memo(board)
    _LAST[:] = [found]
    return found


def late(turn: int) -> bool:
    """The one turn threshold the terrain and hexside answers depend on: seasonal swamps and
    closed passes (2.31, 2.32); a memo of them keys on it, not on the turn."""
    return turn >= SEASONAL_SWAMP_FROM_TURN


_late = late


def is_land(rules: Rules, label: str) -> bool:
    return label in _memo(rules).land


def side_features(rules: Rules, a: str, b: str, turn: int) -> frozenset[str]:
    """The hexside's features this turn (memoised per map: a movement or supply search asks for
    the same hexsides again and again)."""
    memo = _memo(rules).sides
    key = (a, b, _late(turn))
    feats = memo.get(key)
    if feats is None:
        feats = memo[key] = _side_features(rules, a, b, turn)
    return feats


def _side_features(rules: Rules, a: str, b: str, turn: int) -> frozenset[str]:
    feats = rules.board.side(a, b)
    if turn >= SEASONAL_SWAMP_FROM_TURN and "minor_river" in feats:
        # From turn 10, minor rivers bordering seasonal-swamp hexes are ignored (2.31).
        if "seasonal_swamp" in (rules.board.terrain.get(a), rules.board.terrain.get(b)):
            feats = feats - {"minor_river"}
    # A river running through a swamp or major-city hex is ignored (2.35).
    for h in (a, b):
        if natural(rules, h, turn) == "swamp" or settlement(rules, h) == "major_city":
            feats = feats - {"minor_river", "major_river"}
    return feats


def pass_open(feats: frozenset[str], turn: int) -> bool:
    """A pass is open before turn 10; from turn 10 only Krestovy stays open (2.32)."""
    return "pass" in feats and (turn < PASSES_CLOSE_FROM_TURN or "krestovy" in feats)


def impassable_side(rules: Rules, a: str, b: str, turn: int) -> str | None:
    """Why the hexside a-b cannot be crossed by any unit (or ``None``): alpine, lake, sea, closed pass."""
    memo = _memo(rules).impassable
    key = (a, b, _late(turn))
    if key not in memo:
        memo[key] = _impassable_side(rules, a, b, turn)
    return memo[key]


def _impassable_side(rules: Rules, a: str, b: str, turn: int) -> str | None:
    feats = side_features(rules, a, b, turn)
    if "pass" in feats and not pass_open(feats, turn):
        return "closed_pass"
    if "alpine" in feats and "pass" not in feats:
        return "alpine"
    if "lake" in feats:
        return "lake"
    if "sea" in feats:
        return "sea"
    return None


def open_neighbours(rules: Rules, label: str, turn: int) -> tuple[str, ...]:
    """The neighbours of ``label`` across a hexside some unit may cross this turn (no
    ``impassable_side``), in the map's neighbour order; memoised per map, for the searches that
    ask every hex's neighbours again and again (supply traces)."""
    memo = _memo(rules)
    key = (label, _late(turn))
    found = memo.open.get(key)
    if found is None:
        found = memo.open[key] = tuple(
            n for n in rules.board.neighbours(label) if impassable_side(rules, label, n, turn) is None
        )
    return found


def zoc_crosses(rules: Rules, a: str, b: str, turn: int) -> bool:
    """ZOC extends across every hexside passable to some unit (6.4)."""
    return is_land(rules, a) and is_land(rules, b) and impassable_side(rules, a, b, turn) is None


def zoc_neighbours(rules: Rules, label: str, turn: int) -> tuple[str, ...]:
    """The neighbours a unit in ``label`` exerts its ZOC into (``zoc_crosses``), in the map's
    neighbour order; memoised per map and per turn threshold."""
    memo = _memo(rules)
    key = (label, _late(turn))
    found = memo.zoc.get(key)
    if found is None:
        found = memo.zoc[key] = tuple(n for n in rules.board.neighbours(label) if zoc_crosses(rules, label, n, turn))
    return found


def road(rules: Rules, a: str, b: str) -> bool:
    return rules.board.line("road", a, b) is not None


def rail(rules: Rules, a: str, b: str, turn: int, for_supply: bool) -> bool:
    flags = rules.board.line("rail", a, b)
    if flags is None:
        return False
    if "unfinished" in flags and turn < UNFINISHED_RAIL_FROM_TURN:
        return False
    return for_supply or "supply_only" not in flags


def bridged(rules: Rules, a: str, b: str, options: Mapping[str, Any]) -> bool:
    """A road (or, by option, a railway) crossing a river is bridged (7.1, TEC note 2)."""
    if road(rules, a, b):
        return True
    return bool(options.get("rail_bridges", True)) and rules.board.line("rail", a, b) is not None


def dtb(rules: Rules, label: str, turn: int) -> int:
    """The best defence terrain bonus of the hex (9.2): natural or man-made, never both."""
    best = DTB.get(natural(rules, label, turn), 0)
    s = settlement(rules, label)
    if s is not None:
        best = max(best, DTB[s])
    return best


def armour_allowed(rules: Rules, label: str, turn: int) -> bool:
    """Nobody gets the armour shift against a hex of forest, swamp, city or mountain (9.5)."""
    s = settlement(rules, label)
    if s in ("minor_city", "major_city"):
        return False
    return natural(rules, label, turn) not in NO_ARMOUR_TERRAIN


def dd_column(rules: Rules, label: str, turn: int) -> str:
    """The Determined Defence column of the hex, the best one for the defender (10.4)."""
    nat = natural(rules, label, turn)
    s = settlement(rules, label)
    if nat == "mountain" or s in ("minor_city", "major_city"):
        return "mountain_city"
    if nat in ("rough", "forest", "swamp") or s == "town":
        return "rough"
    if nat == "desert":
        return "desert"
    return "open"


def one_hex_retreat(rules: Rules, label: str, turn: int) -> bool:
    s = settlement(rules, label)
    return s is not None or natural(rules, label, turn) in ONE_HEX_RETREAT_TERRAIN


def black_sea_coastal(rules: Rules, label: str) -> bool:
    return label in rules.board.zone("black_sea_coast")


def port(rules: Rules, label: str) -> tuple[str, str] | None:
    """(size, sea) of a port hex, or ``None``."""
    place = rules.board.places.get(label)
    if place is None or place.get("port") is None:
        return None
    return str(place.get("port")), str(place.get("sea", ""))
