"""Retreats (11) and advance after combat (12).

A retreat path is written as the hexes the group occupies, **starting with the combat hex**:
``("1031", "1131", "1231")`` is a two-hex retreat. The evaluation is pure: it says which units
would be eliminated and why, and whether the group loses a step for entering an enemy ZOC; the
caller applies it (``losses``). ``retreat_options`` lists every path end with the priorities of
11.1 so that the game can refuse a path that ignores a better one and pick a default.

Readings taken where the rules are silent (digest §8.1 rulings):

* Distance (11.1): a retreat of N hexes must end N hexes from the combat hex, so every hex of
  the path is one hex farther from it than the previous one.
* One-hex stop (11.1): only for 2-hex retreats (never after D1-B or A1/D2, ruling 21), only if
  no retreating unit is Disorganized, and only into a town, city, swamp, forest or mountain hex.
* 11.2 (c) (ruling 23): the hexside crossed has an enemy ZOC-exerting unit in each of its two
  flanking hexes, each exerting its ZOC into both hexes of the hexside. (d): the hex entered has
  enemy ZOC-exerting units on two opposite neighbours, both exerting their ZOC into it; with the
  option ``retreat_between = "two_units"`` any hex in the ZOC of two enemy units qualifies.
  Friendly units not taking part in this retreat in the hex entered cancel (c), (d), (e) and,
  per ruling 24, the one-step loss for entering an EZOC.
* Prohibited terrain (11.2 a): sea and alpine hexes, entry hexes A-E (4.1), alpine/lake/sea
  hexsides and closed passes (2.32), swamp and mountain hexes for mechanized units except along
  a road (7.6, 7.8), and an unbridged Major River hexside except as the first hex (7.7).
* Stacking priority (11.1, rulings 14 and 22): one white-box unit per hex is free; the 4th
  Guards Cavalry Corps HQ with up to three cavalry divisions counts as one unit (15.7). A path
  one hex longer is allowed only when every path of the normal length that is best for steps
  lost and supply would overstack, and it must itself end within the limit.
* Special units: armoured trains retreat and advance only along railway usable for rail
  movement (15.6), trains ignoring the mech terrain limits because they move on the rails; the
  Azov Flotilla retreats on its own to any friendly-controlled Sea of Azov port, even in an EZOC
  (15.3), and never advances; the 454th retreats like any unit (15.9 restricts only voluntary
  movement) but advances only into Rostov (15.9, ruling 42). The 4th Guards Cavalry Corps HQ is
  a stacking marker: its retreat is refused with ``NotImplementedRule``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.errors import IllegalOrder, NotImplementedRule
from engine.games.caucasus.losses import steps_left
from engine.games.caucasus.model import Rules, UnitType, enemy, stacks, units_at, values
from engine.games.caucasus.terrain import (
    bridged,
    impassable_side,
    is_land,
    is_north_entry,
    natural,
    one_hex_retreat,
    port,
    rail,
    road,
    side_features,
)
from engine.games.caucasus.zoc import exerts_zoc, zoc_sources
from engine.text import Text, t

SupplyOf = Callable[[str], str]
#: Ruling 23 (11.2 d): the readings of "between two enemy units"; option ``retreat_between``.
BETWEEN_READINGS = ("opposite", "two_units")


def check_between(options: Mapping[str, Any]) -> None:
    """Refuse (11.2 d, ruling 23) a ``retreat_between`` option that is neither reading."""
    given = options.get("retreat_between", BETWEEN_READINGS[0])
    if given not in BETWEEN_READINGS:
        raise IllegalOrder(
            t(
                "A retreat between two enemy units (11.2 d, ruling 23) is read as opposite or two_units, e.g. retreat_between=two_units; {given} is neither.",
                given=str(given),
            ),
            rule="11.2",
        )
SUPPLY_RANK = {"full": 0, "limited": 1, "out": 2}
STACK_LIMIT = 3
MECH_PROHIBITED = frozenset({"swamp", "mountain"})


# Stacking (5.1, 15.7, ruling 14) --------------------------------------------------------------
def stack_count(rules: Rules, uids: Iterable[str]) -> int:
    """How many units ``uids`` count for stacking: one white-box unit is free (5.1, ruling 14);
    the 4th Guards Cavalry Corps HQ and up to three cavalry divisions count as one (15.7)."""
    units = sorted(set(uids))
    count = len(units)
    if any(rules.units[u].white_box for u in units):
        count -= 1
    if any("cav_corps_hq" in rules.units[u].flags for u in units):
        cavalry = sum(1 for u in units if rules.units[u].type == UnitType.CAVALRY)
        count -= min(3, cavalry)
    return max(count, 0)


def stacking_ok(rules: Rules, uids: Iterable[str]) -> bool:
    return stack_count(rules, uids) <= STACK_LIMIT


# Outcomes --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RetreatOutcome:
    """What a retreat along ``path`` (combat hex first) does to the retreating units (11.2).

    ``eliminated``: the units eliminated, with ``reasons`` (each citing its rule); ``reason``
    is the first of them for the log. ``step_loss``: steps the surviving group loses in total
    (0 or 1, the owner choosing the unit per 10.2). ``steps_lost``: every step lost, eliminated
    units' remaining steps included (the first priority of 11.1).
    """

    path: tuple[str, ...]
    survivors: tuple[str, ...]
    eliminated: tuple[str, ...] = ()
    reasons: Mapping[str, Text] = field(default_factory=dict)
    step_loss: int = 0
    steps_lost: int = 0
    clauses: Mapping[str, str] = field(default_factory=dict)

    @property
    def end(self) -> str:
        return self.path[-1]

    @property
    def reason(self) -> Text | None:
        return self.reasons[self.eliminated[0]] if self.eliminated else None

    @property
    def clause(self) -> str | None:
        """The specific rule that eliminated the first unit (11.2 a to e, or the terrain's rule)."""
        return self.clauses.get(self.eliminated[0]) if self.eliminated else None


@dataclass(frozen=True)
class RetreatOption:
    """One retreat path with its 11.1 priority key: (steps lost, supply, overstacked, extra)."""

    path: tuple[str, ...]
    outcome: RetreatOutcome
    supply: str | None
    stacking_ok: bool
    extra: bool
    best: bool = False

    @property
    def end(self) -> str:
        return self.path[-1]

    @property
    def key(self) -> tuple[int, int, int, int]:
        return (
            self.outcome.steps_lost,
            SUPPLY_RANK.get(self.supply or "full", 0),
            0 if self.stacking_ok else 1,
            1 if self.extra else 0,
        )


@dataclass(frozen=True)
class _Bar:
    """Why a retreat eliminates a unit: the text, and the specific rule (the clause of 11.2)."""

    text: Text
    rule: str


def _why(text: Text, rule: str) -> _Bar:
    return _Bar(t("{why} ({rule})", why=text, rule=rule), rule)


# 11.2 a: a retreat may not cross a hexside no unit may cross in the Movement Phase; the rule that
# forbids each kind of hexside is the specific one (2.32 closed passes, 7.8 alpine, the TEC lakes and seas).
_CROSSING = {
    "closed_pass": (t("across a pass closed by snow, which no unit may cross"), "2.32, 11.2 a"),
    "alpine": (t("across an alpine hexside, which no unit may cross"), "7.8, 11.2 a"),
    "lake": (t("across a lake hexside, which no unit may cross"), "TEC, 11.2 a"),
    "sea": (t("across an all-sea hexside, which no unit may cross"), "TEC, 11.2 a"),
}


class _Walk:
    """The evaluation context of one retreat: side, ZOC sources, who takes part."""

    def __init__(
        self,
        rules: Rules,
        state: Mapping[str, Any],
        uids: Sequence[str],
        group: Iterable[str] | None,
        mobile_assault: bool,
    ) -> None:
        self.rules = rules
        self.state = state
        self.uids = list(uids)
        self.side = rules.units[self.uids[0]].side
        self.group = set(group or ()) | set(self.uids)
        self.mobile_assault = mobile_assault
        self.turn = int(state["turn"])
        self.sources = zoc_sources(rules, state, enemy(self.side))
        self.broad_d = state.get("options", {}).get("retreat_between") == "two_units"
        self._walked: dict[tuple[str, ...], RetreatOutcome] = {}
        self.at: dict[str, list[str]] = {}
        for uid, u in state["units"].items():
            if u.get("hex"):
                self.at.setdefault(u["hex"], []).append(uid)

    def friendly_staying(self, label: str) -> bool:
        return any(self.rules.units[u].side == self.side and u not in self.group for u in self.at.get(label, ()))

    def enemy_in(self, label: str) -> bool:
        return any(self.rules.units[u].side != self.side for u in self.at.get(label, ()))

    def zoc_units(self, hexes: Iterable[str]) -> int:
        foe = enemy(self.side)
        return sum(
            1
            for h in hexes
            for u in self.at.get(h, ())
            if self.rules.units[u].side == foe and exerts_zoc(self.rules, u)
        )

    def pinched_side(self, a: str, b: str) -> bool:
        """11.2 (c): the hexside a-b lies directly between two enemy ZOC-exerting units."""
        flank = self.rules.board.grid.flanking(a, b)
        src_a, src_b = self.sources.get(a, set()), self.sources.get(b, set())
        return len(flank) == 2 and all(f in src_a and f in src_b for f in flank)

    def pinched_hex(self, b: str) -> bool:
        """11.2 (d): the hex b lies directly between two enemy ZOC-exerting units."""
        src = self.sources.get(b, set())
        if self.broad_d:
            return self.zoc_units(src) >= 2
        grid = self.rules.board.grid
        for d in range(3):
            n1, n2 = grid.neighbour(b, d), grid.neighbour(b, d + 3)
            if n1 in src and n2 in src:
                return True
        return False

    def blocked(self, a: str, b: str, first: bool) -> _Bar | None:
        """Why no unit may retreat from a into b (11.2 a, b), or ``None``."""
        rules = self.rules
        if b not in rules.board.grid:
            return _why(t("off the map"), "11.2 a")
        if not is_land(rules, b):
            return _why(t("into a hex no unit may enter"), "11.2 a")
        if natural(rules, b, self.turn) == "alpine":
            return _why(t("into an Alpine hex, which no unit may enter"), "7.8, 11.2 a")
        if is_north_entry(rules, b):
            return _why(t("into entry hexes A to E, which no unit may enter"), "4.1, 11.2 a")
        side_block = impassable_side(rules, a, b, self.turn)
        if side_block is not None:
            text, rule = _CROSSING.get(side_block, (t("across a hexside no unit may cross"), "11.2 a"))
            return _why(text, rule)
        feats = side_features(rules, a, b, self.turn)
        if "major_river" in feats and not first and not bridged(rules, a, b, self.state.get("options", {})):
            return _why(t("across an unbridged Major River after the first hex"), "7.7, 11.2 a")
        if self.enemy_in(b):
            return _why(t("into an enemy-occupied hex"), "11.2 b")
        return None

    def unit_blocked(self, uid: str, a: str, b: str) -> _Bar | None:
        """Why this unit (only) cannot retreat from a into b, or ``None``."""
        spec = self.rules.units[uid]
        if spec.type == UnitType.ARMORED_TRAIN:
            if not rail(self.rules, a, b, self.turn, for_supply=False):
                return _why(t("an armoured train leaving the railway"), "15.6, 11.2 a")
            return None
        if spec.mech and natural(self.rules, b, self.turn) in MECH_PROHIBITED and not road(self.rules, a, b):
            return _why(t("mechanized into swamp or mountain off the road"), "7.6, 11.2 a")
        return None

    def walk(self, path: Sequence[str]) -> RetreatOutcome:
        """What retreating along ``path`` does (each path walked once: the path search and the
        ranking ask again for the same ones)."""
        key = tuple(path)
        found = self._walked.get(key)
        if found is None:
            found = self._walked[key] = self._walk(key)
        return found

    def _walk(self, path: Sequence[str]) -> RetreatOutcome:
        rules, state = self.rules, self.state
        alive = list(self.uids)
        reasons: dict[str, Text] = {}
        clauses: dict[str, str] = {}

        def kill(uids: Iterable[str], why: _Bar) -> None:
            for u in list(uids):
                if u in alive:
                    alive.remove(u)
                    reasons[u] = why.text
                    clauses[u] = why.rule

        for uid in self.uids:
            if values(rules, state, uid).move == 0:
                kill([uid], _why(t("a unit with a movement allowance of 0 cannot retreat"), "11.2"))
            elif state["units"][uid].get("retreated") and not self.mobile_assault:
                kill([uid], _why(t("it had already retreated in this Combat Phase"), "11.4"))
        step_loss = 0
        for i in range(1, len(path)):
            if not alive:
                break
            a, b = path[i - 1], path[i]
            why = self.blocked(a, b, first=i == 1)
            if why is not None:
                kill(alive, why)
                break
            for uid in list(alive):
                own = self.unit_blocked(uid, a, b)
                if own is not None:
                    kill([uid], own)
            if not alive or self.friendly_staying(b):
                continue
            if self.pinched_side(a, b):
                kill(alive, _why(t("across a hexside between two enemy units"), "11.2 c"))
                break
            if self.pinched_hex(b):
                kill(alive, _why(t("into a hex between two enemy units"), "11.2 d"))
                break
            if b in self.sources:
                if i > 1:
                    kill(alive, _why(t("into an enemy zone of control after the first hex"), "11.2 e"))
                    break
                step_loss = 1
        eliminated = tuple(u for u in self.uids if u in reasons)
        lost = sum(steps_left(rules, state, u) for u in eliminated)
        if alive and step_loss:
            lost += 1
        return RetreatOutcome(
            path=tuple(path),
            survivors=tuple(alive),
            eliminated=eliminated,
            reasons=reasons,
            step_loss=step_loss if alive else 0,
            steps_lost=lost,
            clauses=clauses,
        )


def _check_group(rules: Rules, state: Mapping[str, Any], uids: Sequence[str], origin: str) -> None:
    if not uids:
        raise IllegalOrder(t("No unit is retreating."), "11.1")
    sides = {rules.units[u].side for u in uids}
    if len(sides) != 1:
        raise IllegalOrder(t("A retreating group belongs to one side."), "11.1")
    for uid in uids:
        if state["units"][uid].get("hex") != origin:
            raise IllegalOrder(
                t("{unit} is not in {hex}, the hex it retreats from.", unit=rules.units[uid].name, hex=origin), "11.1"
            )
        if "cav_corps_hq" in rules.units[uid].flags:
            raise NotImplementedRule(
                t("The retreat of the 4th Guards Cavalry Corps HQ marker with its cavalry is not implemented."), "15.7"
            )
    if len(uids) > 1 and any(rules.units[u].type == UnitType.AZOV_FLOTILLA for u in uids):
        raise IllegalOrder(t("The Azov Flotilla retreats on its own, to a friendly Sea of Azov port."), "15.3")


def _one_hex_allowed(rules: Rules, state: Mapping[str, Any], uids: Sequence[str], length: int, disorganized_result: bool) -> bool:
    """The 1-hex retreat into qualifying terrain (11.1); after D1-B and A1/D2 only with the
    ``one_hex_after_rout`` option (ruling 21: by default those retreats are always 4 hexes)."""
    if disorganized_result and not state.get("options", {}).get("one_hex_after_rout", False):
        return False
    if length not in (2, 4):
        return False
    return not any(state["units"][u].get("disorganized") for u in uids)


def azov_ports(rules: Rules, state: Mapping[str, Any], side: str, origin: str) -> list[str]:
    """Friendly-controlled Sea of Azov ports free of enemy units, other than ``origin`` (15.3)."""
    out = []
    for label in sorted(rules.board.places):
        info = port(rules, label)
        if info is None or info[1] != "azov" or label == origin:
            continue
        if state.get("control", {}).get(label) != side:
            continue
        if any(rules.units[u].side != side for u in units_at(state, label)):
            continue
        out.append(label)
    return out


def _azov_outcome(uid: str, path: Sequence[str]) -> RetreatOutcome:
    """The Flotilla sails to the port: no EZOC effect on the way (15.3)."""
    return RetreatOutcome(path=tuple(path), survivors=(uid,))


def _paths(walk: _Walk, origin: str, lengths: set[int]) -> list[tuple[str, ...]]:
    """Every path moving one hex farther from ``origin`` at each step, of the given lengths,
    plus shorter ones cut off where every unit is eliminated."""
    grid = walk.rules.board.grid
    out: list[tuple[str, ...]] = []
    top = max(lengths)

    def extend(path: tuple[str, ...]) -> None:
        n = len(path) - 1
        if n in lengths:
            out.append(path)
        if n == top:
            return
        for nb in grid.neighbours(path[-1]):
            if grid.distance(origin, nb) != n + 1:
                continue
            nxt = (*path, nb)
            if not walk.walk(nxt).survivors:
                out.append(nxt)  # everyone is eliminated here: the path ends
                continue
            extend(nxt)

    extend((origin,))
    return out


def retreat_options(
    rules: Rules,
    state: Mapping[str, Any],
    uids: Sequence[str],
    origin: str,
    length: int,
    *,
    disorganized_result: bool = False,
    supply_of: SupplyOf | None = None,
    mobile_assault: bool = False,
    group: Iterable[str] | None = None,
) -> list[RetreatOption]:
    """Every retreat of ``uids`` from ``origin`` (best path per end hex), best first (11.1).

    The options marked ``best`` are the ones the owner may choose among: fewest steps lost,
    then the best supply of the end hex (``supply_of(hex)`` gives "full", "limited" or "out";
    without it this priority is not applied), then within the stacking limit, a path one hex
    longer being allowed only to respect the limit (ruling 22), then any. If the best option
    eliminates everyone, the units are eliminated whatever path is chosen.
    ``group``: every unit retreating from this combat (default ``uids``), whose presence in a
    hex does not protect the others (11.2). ``disorganized_result``: D1-B or A1/D2 (ruling 21).
    """
    uids = list(dict.fromkeys(uids))
    _check_group(rules, state, uids, origin)
    side = rules.units[uids[0]].side
    if rules.units[uids[0]].type == UnitType.AZOV_FLOTILLA:
        return _rank(
            rules,
            state,
            [
                (path, _azov_outcome(uids[0], path), False)
                for path in ((origin, p) for p in azov_ports(rules, state, side, origin))
            ],
            uids,
            supply_of,
        )
    walk = _Walk(rules, state, uids, group, mobile_assault)
    lengths = {length, length + 1}
    if _one_hex_allowed(rules, state, uids, length, disorganized_result):
        lengths.add(1)
    found: list[tuple[tuple[str, ...], RetreatOutcome, bool]] = []
    for path in _paths(walk, origin, lengths):
        n = len(path) - 1
        if n == 1 and length != 1 and walk.walk(path).survivors and not one_hex_retreat(rules, path[1], walk.turn):
            continue  # a one-hex stop only into town, city, swamp, forest or mountain (11.1)
        found.append((path, walk.walk(path), n == length + 1))
    return _rank(rules, state, found, uids, supply_of)


def _rank(
    rules: Rules,
    state: Mapping[str, Any],
    found: list[tuple[tuple[str, ...], RetreatOutcome, bool]],
    uids: Sequence[str],
    supply_of: SupplyOf | None,
) -> list[RetreatOption]:
    side = rules.units[uids[0]].side
    best_per_end: dict[tuple[str, bool], RetreatOption] = {}
    mine = stacks(rules, state, side)
    for path, outcome, extra in found:
        end = path[-1]
        here = [u for u in mine.get(end, ()) if u not in uids]
        ok = stacking_ok(rules, [*here, *outcome.survivors])
        if extra and (not ok or not outcome.survivors):
            continue  # the extra hex only serves to respect the stacking limit (11.1)
        option = RetreatOption(path, outcome, supply_of(end) if supply_of else None, ok, extra)
        key = (end, extra)
        if key not in best_per_end or option.key < best_per_end[key].key:
            best_per_end[key] = option
    normal = sorted((o for o in best_per_end.values() if not o.extra), key=lambda o: (o.key, o.path))
    extra_opts = sorted((o for o in best_per_end.values() if o.extra), key=lambda o: (o.key, o.path))
    if not normal and not extra_opts:
        return []
    chosen: list[RetreatOption]
    if normal and normal[0].stacking_ok:
        top = normal[0].key
        chosen = [o for o in normal if o.key == top]
    else:
        limit = normal[0].key[:2] if normal else (10**9, 9)
        usable = [o for o in extra_opts if o.key[:2] <= limit]
        if usable:
            top2 = usable[0].key[:2]
            chosen = [o for o in usable if o.key[:2] == top2]
        else:
            top = normal[0].key
            chosen = [o for o in normal if o.key == top]
    chosen_paths = {o.path for o in chosen}
    ranked = [RetreatOption(o.path, o.outcome, o.supply, o.stacking_ok, o.extra, True) for o in chosen]
    rest = [o for o in normal if o.path not in chosen_paths]  # extra hexes only when chosen
    rest.sort(key=lambda o: (o.key, o.path))
    return ranked + rest


def check_retreat(
    rules: Rules,
    state: Mapping[str, Any],
    uids: Sequence[str],
    path: Sequence[str],
    length: int,
    *,
    disorganized_result: bool = False,
    supply_of: SupplyOf | None = None,
    mobile_assault: bool = False,
    group: Iterable[str] | None = None,
    enforce_priorities: bool = True,
) -> RetreatOutcome:
    """Check a typed retreat ``path`` (combat hex first) for ``uids`` and say what it does.

    Refuses (``IllegalOrder`` 11.1) a path of the wrong shape or length, and, with
    ``enforce_priorities``, a path that ignores a better 11.1 priority. A legal path may still
    eliminate units (see ``RetreatOutcome``) when nothing better exists.
    """
    uids = list(dict.fromkeys(uids))
    path = tuple(path)
    if not path:
        raise IllegalOrder(t("A retreat path starts in the combat hex."), "11.1")
    origin = path[0]
    _check_group(rules, state, uids, origin)
    grid = rules.board.grid
    spec = rules.units[uids[0]]
    side = spec.side
    if spec.type == UnitType.AZOV_FLOTILLA:
        ports = azov_ports(rules, state, side, origin)
        if len(path) != 2 or path[1] not in ports:
            raise IllegalOrder(
                t("The Azov Flotilla retreats to a friendly Sea of Azov port: {ports}.", ports=", ".join(ports) or "-"),
                "15.3",
            )
        outcome = _azov_outcome(uids[0], path)
    else:
        one_hex = _one_hex_allowed(rules, state, uids, length, disorganized_result)
        n = len(path) - 1
        for i in range(1, len(path)):
            if path[i] not in grid or path[i - 1] not in grid or not grid.adjacent(path[i - 1], path[i]):
                raise IllegalOrder(t("Each hex of a retreat must be next to the previous one."), "11.1")
            if grid.distance(origin, path[i]) != i:
                raise IllegalOrder(
                    t("A retreat of {n} hexes must end {n} hexes from {hex}, moving away at every hex.", n=length, hex=origin),
                    "11.1",
                )
        walk = _Walk(rules, state, uids, group, mobile_assault)
        outcome = walk.walk(path)
        if n == 1 and length != 1:
            if not one_hex:
                raise IllegalOrder(
                    t("This retreat must be {n} hexes long: no one-hex stop for Disorganized units or after D1-B or A1/D2.", n=length),
                    "11.1",
                )
            if outcome.survivors and not one_hex_retreat(rules, path[1], walk.turn):
                raise IllegalOrder(
                    t("A retreat may stop after one hex only in a town, city, swamp, forest or mountain hex."), "11.1"
                )
        elif n not in (length, length + 1) and outcome.survivors:
            raise IllegalOrder(t("This retreat must be {n} hexes long.", n=length), "11.1")
    if not enforce_priorities:
        return outcome
    options = retreat_options(
        rules,
        state,
        uids,
        origin,
        length,
        disorganized_result=disorganized_result,
        supply_of=supply_of,
        mobile_assault=mobile_assault,
        group=group,
    )
    best = [o for o in options if o.best]
    if not best or any(o.path == path for o in best):
        return outcome
    target = best[0]
    if outcome.survivors == () and target.outcome.survivors == ():
        return outcome  # eliminated whichever way (11.1)
    mine = RetreatOption(
        path,
        outcome,
        supply_of(path[-1]) if supply_of else None,
        stacking_ok(
            rules,
            [*(u for u in units_at(state, path[-1]) if rules.units[u].side == side and u not in uids), *outcome.survivors],
        ),
        len(path) - 1 == length + 1,
    )
    if mine.key == target.key:
        return outcome  # as good as the best (another path to an end hex already listed)
    raise IllegalOrder(_priority_reason(mine, target), "11.1")


def barred_exits(
    rules: Rules,
    state: Mapping[str, Any],
    uids: Sequence[str],
    origin: str,
    length: int,
    *,
    disorganized_result: bool = False,
    mobile_assault: bool = False,
    group: Iterable[str] | None = None,
) -> Text:
    """Each hex next to ``origin`` and why every retreat through it eliminates the units (11.2 a
    to e, or the rule of the terrain; "then" when the bar lies beyond the first hex), for the log
    when the engine eliminates a group that has no retreat it survives. Every path is read, not
    only the one option per end hex that ``retreat_options`` ranks, so that an exit whose paths
    all end where another exit's paths end is named too."""
    uids = list(dict.fromkeys(uids))
    walk = _Walk(rules, state, uids, group, mobile_assault)
    lengths = {length, length + 1}
    if _one_hex_allowed(rules, state, uids, length, disorganized_result):
        lengths.add(1)
    found: dict[str, list[Text]] = {}
    for path in sorted(_paths(walk, origin, lengths)):
        reasons = found.setdefault(path[1], [])
        why = walk.walk(path).reason
        if why is None:
            continue
        said = t("{hex} {why}", hex=path[1], why=why) if len(path) == 2 else t("{hex} then {why}", hex=path[1], why=why)
        if said not in reasons:
            reasons.append(said)
    grid = rules.board.grid
    parts: list[Text] = []
    for first in sorted(grid.neighbours(origin)):
        if found.get(first):
            parts += found[first]
        elif length > 1 and not any(grid.distance(origin, h) == 2 for h in grid.neighbours(first)):
            parts.append(t("{hex} then {why}", hex=first, why=_why(t("off the map"), "11.2 a").text))  # the map's edge
    if not parts:
        return t("no hex to retreat into (11.2)")
    text = parts[0]
    for more in parts[1:]:
        text = t("{text}; {more}", text=text, more=more)
    return text


def _priority_reason(mine: RetreatOption, best: RetreatOption) -> Text:
    ends = t("for example {path}", path=" ".join(best.path[1:]))
    if mine.key[0] != best.key[0]:
        return t(
            "A retreat must lose as few steps as possible: this path loses {mine}, another loses {best} ({example}).",
            mine=mine.key[0],
            best=best.key[0],
            example=ends,
        )
    if mine.key[1] != best.key[1]:
        return t(
            "A retreat must end in the best supply possible ({supply} is reachable, {example}).",
            supply=best.supply,
            example=ends,
        )
    if mine.key[3] and not best.key[3]:
        return t("An extra retreat hex is allowed only when the stacking limit cannot be kept ({example}).", example=ends)
    return t("A retreat must end within the stacking limit if possible ({example}).", example=ends)


# Advance after combat (12) ---------------------------------------------------------------------
AdvanceKind = Literal["full", "enter_and_stop", "none"]


def rostov(rules: Rules) -> str | None:
    place = rules.board.place_named("Rostov")
    return place.hex if place is not None else None


def advance_check(
    rules: Rules,
    state: Mapping[str, Any],
    uid: str,
    path: Sequence[str],
    target: str,
    kind: AdvanceKind = "full",
) -> None:
    """Refuse (``IllegalOrder``) an illegal advance of ``uid`` along ``path`` (its hex first)
    after a combat against ``target``; ``kind`` is what the result allows (10.1, 10.4, 11.3)."""
    spec = rules.units[uid]
    u = state["units"][uid]
    grid = rules.board.grid
    turn = int(state["turn"])
    path = tuple(path)
    if kind == "none":
        raise IllegalOrder(t("This combat result gives no advance after combat."), "10.1")
    if spec.type == UnitType.AZOV_FLOTILLA:
        raise IllegalOrder(t("The Azov Flotilla never advances after combat."), "15.3")
    if values(rules, state, uid).move == 0:
        raise IllegalOrder(t("{unit} has a movement allowance of 0 and cannot advance.", unit=spec.name), "12.1")
    if not path or path[0] != u.get("hex"):
        raise IllegalOrder(t("An advance starts in the advancing unit's hex."), "12.1")
    if len(path) < 2:
        raise IllegalOrder(t("Name at least one hex to advance into."), "12.1")
    if kind == "enter_and_stop" and path != (path[0], target):
        raise IllegalOrder(t("After this result the attacker may only enter {hex} and stop there.", hex=target), "10.1")
    allowance = 2 if spec.mech or spec.cavalry else 1
    if u.get("supply") == "out":
        if len(path) - 1 > 1:
            raise IllegalOrder(t("{unit} is out of supply and may advance only one hex.", unit=spec.name), "12.4")
    if len(path) - 1 > allowance:
        raise IllegalOrder(t("{unit} may advance at most {n} hexes.", unit=spec.name, n=allowance), "12.1")
    if "restricted" in spec.flags:
        home = rostov(rules)
        if home is None:
            raise NotImplementedRule(t("Rostov is not on this map: the 454th's advance cannot be checked."), "15.9")
        if path[0] == home or path[-1] != home:
            raise IllegalOrder(t("The 454th Security Division stays in Rostov and may only move to re-enter it."), "15.9")
    sources = zoc_sources(rules, state, enemy(spec.side))
    options = state.get("options", {})
    entered_target = False
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        if b not in grid or not grid.adjacent(a, b):
            raise IllegalOrder(t("Each hex of an advance must be next to the previous one."), "12.1")
        if not is_land(rules, b) or natural(rules, b, turn) == "alpine":
            raise IllegalOrder(t("No unit may enter {hex}.", hex=b), "12.3")
        if is_north_entry(rules, b):
            raise IllegalOrder(t("Entry hexes A to E can never be entered."), "4.1")
        blocked = impassable_side(rules, a, b, turn)
        if blocked is not None:
            raise IllegalOrder(t("No unit may cross the hexside between {a} and {b}.", a=a, b=b), "12.3")
        if any(rules.units[o].side != spec.side for o in units_at(state, b)):
            raise IllegalOrder(t("{hex} holds enemy units.", hex=b), "12.3")
        on_road = road(rules, a, b)
        nat = natural(rules, b, turn)
        if spec.type == UnitType.ARMORED_TRAIN:
            if not rail(rules, a, b, turn, for_supply=False):
                raise IllegalOrder(t("An armoured train advances only along the railway."), "15.6")
        elif spec.mech and nat in MECH_PROHIBITED and not on_road:
            raise IllegalOrder(t("Mechanized units enter swamp or mountain only along a road."), "12.3")
        feats = side_features(rules, a, b, turn)
        if "major_river" in feats and i > 1 and not bridged(rules, a, b, options):
            raise IllegalOrder(t("An unbridged Major River may be crossed only as the first hex of an advance."), "12.3")
        into_target = b == target
        if a in sources and b in sources and sources[a] & sources[b] and not (into_target or entered_target):
            raise IllegalOrder(
                t("An advance may not go from an enemy zone of control into another of the same enemy unit, except into or from the vacated hex."),
                "12.2",
            )
        entered_target = entered_target or into_target
        last = i == len(path) - 1
        if not last and not on_road and spec.type != UnitType.ARMORED_TRAIN:
            if spec.cavalry and nat in MECH_PROHIBITED:
                raise IllegalOrder(t("Cavalry must stop on entering swamp or mountain off the road."), "12.3")
            if spec.mech and nat == "forest":
                raise IllegalOrder(t("Mechanized units must stop on entering forest off the road."), "12.3")
    end = path[-1]
    here = [o for o in units_at(state, end) if o != uid and rules.units[o].side == spec.side]
    if not stacking_ok(rules, [*here, uid]):
        raise IllegalOrder(t("{hex} would hold more than three units.", hex=end), "5.2")
