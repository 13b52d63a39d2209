"""Ordered stacks and what each viewer sees of them, written once for every game.

A stack is the ordered list of counters in one location (a hex or a box), top first, kept in
the state as ``state["stacks"][location] = [unit_id, ...]``. The counters' records are the
game's own plain data (``units``: unit id -> attributes); this module reads them only through
the predicates the game gives it.

A game states its rule once, as one ``StackPolicy``::

    POLICY = StackPolicy(
        default=StackRule(                                 # every hex
            rule="S 3.5",
            enemy_depth=1,                                 # the top military unit only
            transparent=lambda u: u["kind"] == "marker",   # markers on top do not count
            rank=lambda u: 0 if u["move_class"] == "mot" else 1,
            order_reason=t("A motorised unit must be on top of a stack that holds one."),
        ),
        places={"admin-1": StackRule(rule="S 3.5", enemy_depth=0)},  # owner only, count public
        attributes={"name": Visibility.PUBLIC, "strength": Visibility.OWNER},
    )

Who sees what (``project_stack``):

- the referee and a counter's owner see it whole, with every attribute;
- any other viewer (an enemy, or ``public``, who sees as an enemy of every side) sees from the
  top the transparent counters (markers) and ``enemy_depth`` other counters, one more under
  each counter that ``looks_under`` names (an HQ), and a blank for every counter below;
- a ``reveal`` shows the counters of a stack whole to the roles named until the game ends it
  by its tag (``end_reveals``); it follows those counters if they move (a retreat);
- a counter shown to a non-owner carries only the attributes declared ``Visibility.PUBLIC``,
  even when revealed; an attribute not declared is never shown to a non-owner (``undeclared``
  lists them, for a game's tests);
- a blank carries its slot (``"<location>/<index>"``, by position alone) and side, never a unit
  id; the height of every stack is public.

Order: the owner chooses the top with ``set_top`` within the rule's ``rank`` (refused, citing
the rule, when broken; where the whole stack is sorted by rank, the chosen unit goes above the
others of its rank, e.g. first under the HQ). The referee operations ``place``, ``remove`` and
``reorder`` are written here once: ``place`` and ``remove`` settle the stacks they touch back
into the rule (the highest counter of the best rank comes up), ``reorder`` refuses an order that
breaks it. All of them change ``state`` in place and keep it plain JSON; ``check`` states the
invariants for a game's ``check_invariants``, and ``sees`` / ``slot_of`` let a text name a
counter by id to those who see it and by slot to the others.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.errors import IllegalOrder, InvalidOrder, InvariantViolation
from engine.game import EVERYONE, REFEREE, Role, State
from engine.state import clone
from engine.text import Secret, Text, t

STACKS_KEY = "stacks"
REVEALS_KEY = "reveals"

Unit = Mapping[str, Any]
Position = int | str


class Visibility(Enum):
    """Who sees an attribute of a counter that is shown."""

    PUBLIC = "public"  # everyone the counter is shown to
    OWNER = "owner"  # its owner (and the referee) only, even when the stack is revealed


class RankScope(Enum):
    """Which part of a stack its ``rank`` orders."""

    TOP = "top"  # the top counter (below markers) has the best rank in the stack
    STACK = "stack"  # the whole stack runs from the best rank down


def _never(unit: Unit) -> bool:
    return False


def side_of(unit: Unit) -> Role | None:
    """The default owner of a counter: its ``side`` attribute (``None``: nobody's)."""
    side = unit.get("side")
    return None if side is None else str(side)


@dataclass(frozen=True)
class StackRule:
    """How stacks of one kind of location are seen and ordered; ``rule`` is the rule cited."""

    rule: str
    enemy_depth: int | None = 1  # counters a non-owner sees from the top; None: all of them
    transparent: Callable[[Unit], bool] = _never  # markers: seen from the top, never counted
    looks_under: Callable[[Unit], bool] = _never  # one more counter is seen under such a one
    rank: Callable[[Unit], int] | None = None  # lower ranks above higher ones; None: any order
    rank_scope: RankScope = RankScope.TOP
    order_reason: Text = field(default_factory=lambda: t("That order breaks the stacking rule."))

    def __post_init__(self) -> None:
        if self.enemy_depth is not None and self.enemy_depth < 0:
            raise ValueError("enemy_depth must be 0 or more, or None")


@dataclass(frozen=True)
class StackPolicy:
    """A game's whole stack rule: a ``StackRule`` per location, owners and attribute sight."""

    default: StackRule
    places: Mapping[str, StackRule] = field(default_factory=dict)
    attributes: Mapping[str, Visibility] = field(default_factory=dict)
    owner: Callable[[Unit], Role | None] = side_of

    def at(self, location: str) -> StackRule:
        """The rule of ``location``."""
        return self.places.get(location, self.default)


@dataclass(frozen=True)
class Shown:
    """One counter of a stack as a viewer sees it: a unit with its attributes, or a blank."""

    slot: str
    side: Role | None
    unit: str | None = None  # None for a blank
    attributes: Mapping[str, Any] = field(default_factory=dict)

    @property
    def blank(self) -> bool:
        return self.unit is None

    def to_json(self) -> dict[str, Any]:
        if self.unit is None:
            return {"slot": self.slot, "side": self.side, "blank": True}
        return {
            "slot": self.slot,
            "side": self.side,
            "blank": False,
            "unit": self.unit,
            "attributes": clone(dict(self.attributes)),
        }


@dataclass(frozen=True)
class StackView:
    """A stack as one viewer sees it, top first; its height is public."""

    location: str
    counters: tuple[Shown, ...]

    @property
    def height(self) -> int:
        return len(self.counters)

    def to_json(self) -> dict[str, Any]:
        return {
            "location": self.location,
            "height": self.height,
            "counters": [c.to_json() for c in self.counters],
        }


def slot(location: str, index: int) -> str:
    """The id of the ``index``-th place (0 = top) of ``location``: position only, never a unit."""
    return f"{location}/{index}"


# Reading stacks.


def stack(state: State, location: str) -> tuple[str, ...]:
    """The counters at ``location``, top first."""
    return tuple(state.get(STACKS_KEY, {}).get(location, ()))


def location_of(state: State, unit: str) -> str | None:
    """Where ``unit`` is stacked, or ``None``."""
    for location, order in state.get(STACKS_KEY, {}).items():
        if unit in order:
            return str(location)
    return None


def slot_of(state: State, unit: str) -> str | None:
    """The slot ``unit`` fills, or ``None``: how a text names a counter a viewer may not see."""
    location = location_of(state, unit)
    if location is None:
        return None
    return slot(location, stack(state, location).index(unit))


# Seeing stacks.


def _seen_from_top(rule: StackRule, order: Sequence[str], units: Mapping[str, Unit]) -> int:
    """How many counters from the top a non-owner sees; reads only the counters it shows."""
    if rule.enemy_depth is None:
        return len(order)
    budget = rule.enemy_depth
    seen = 0
    for unit_id in order:
        if budget == 0:
            break
        unit = units[unit_id]
        seen += 1
        if rule.transparent(unit):
            continue
        budget -= 1
        if rule.looks_under(unit):
            budget += 1
    return seen


def _revealed_to(state: State, unit: str, viewer: Role) -> bool:
    return any(
        unit in record["units"] and (record["to"] == EVERYONE or viewer in record["to"])
        for record in state.get(REVEALS_KEY, ())
    )


def _sees_whole(policy: StackPolicy, unit: Unit, viewer: Role) -> bool:
    owner = policy.owner(unit)
    return viewer == REFEREE or (owner is not None and owner == viewer)


def project_stack(
    policy: StackPolicy, state: State, units: Mapping[str, Unit], location: str, viewer: Role
) -> StackView:
    """The stack at ``location`` as ``viewer`` (a role, ``public`` or ``referee``) sees it."""
    order = stack(state, location)
    depth = _seen_from_top(policy.at(location), order, units)
    shown: list[Shown] = []
    for index, unit_id in enumerate(order):
        unit = units[unit_id]
        where = slot(location, index)
        side = policy.owner(unit)
        if _sees_whole(policy, unit, viewer):
            shown.append(Shown(where, side, unit_id, clone(dict(unit))))
        elif index < depth or _revealed_to(state, unit_id, viewer):
            public = {
                k: clone(v) for k, v in unit.items() if policy.attributes.get(k) is Visibility.PUBLIC
            }
            shown.append(Shown(where, side, unit_id, public))
        else:
            shown.append(Shown(where, side))
    return StackView(location, tuple(shown))


def project_stacks(
    policy: StackPolicy, state: State, units: Mapping[str, Unit], viewer: Role
) -> dict[str, StackView]:
    """Every stack as ``viewer`` sees it, by location in sorted order."""
    return {
        location: project_stack(policy, state, units, location, viewer)
        for location in sorted(state.get(STACKS_KEY, {}))
    }


def sees(policy: StackPolicy, state: State, units: Mapping[str, Unit], unit: str, viewer: Role) -> bool:
    """Whether ``viewer`` may know ``unit`` by name where it stands (else name it by its slot)."""
    location = location_of(state, unit)
    if location is None:
        return _sees_whole(policy, units[unit], viewer) or _revealed_to(state, unit, viewer)
    index = stack(state, location).index(unit)
    return not project_stack(policy, state, units, location, viewer).counters[index].blank


def unit_ref(
    policy: StackPolicy, state: State, units: Mapping[str, Unit], unit: str, label: str, viewers: Sequence[Role]
) -> str | Secret:
    """How a text names ``unit`` (printed as ``label``) so that each viewer reads only what it may
    see now: the label for the ``viewers`` that see the counter (its owner, those it is revealed
    to, everybody when it is on top of its stack), and for the others a blank naming its side
    and location ("a German counter in 2811"), never the unit. A plain label when all see it."""
    seeing = tuple(v for v in viewers if sees(policy, state, units, unit, v))
    if len(seeing) == len(viewers):
        return label
    side = policy.owner(units[unit]) or ""
    where = location_of(state, unit) or ""
    return Secret(label, seeing, t("a {side} counter in {place}", side=side, place=where))


def undeclared(policy: StackPolicy, units: Mapping[str, Unit]) -> set[str]:
    """Attributes of ``units`` the policy does not declare (never shown to non-owners)."""
    return {name for unit in units.values() for name in unit} - set(policy.attributes)


# Reveals.


def reveal(state: State, location: str, to: Role | Sequence[Role], until: str) -> int:
    """Show the counters now at ``location`` whole to ``to`` (``*``: everyone) until ``until``.

    ``until`` is the game's tag of what ends the reveal (e.g. ``"combat:3"``); the reveal
    follows these counters wherever they go. Returns how many counters were revealed.
    """
    if not until:
        raise ValueError("a reveal needs the tag that ends it")
    order = stack(state, location)
    if not order:
        return 0
    whom: str | list[str]
    if to == EVERYONE:
        whom = EVERYONE
    else:
        whom = sorted({to} if isinstance(to, str) else set(to))
    state.setdefault(REVEALS_KEY, []).append(
        {"location": location, "units": list(order), "to": whom, "until": until}
    )
    return len(order)


def end_reveals(state: State, until: str) -> int:
    """End every reveal tagged ``until``; returns how many ended."""
    records = state.get(REVEALS_KEY, [])
    kept = [r for r in records if r["until"] != until]
    if kept:
        state[REVEALS_KEY] = kept
    else:
        state.pop(REVEALS_KEY, None)
    return len(records) - len(kept)


# Ordering.


def _settled(rule: StackRule, order: Sequence[str], units: Mapping[str, Unit]) -> list[str]:
    """``order`` brought into the rule with the fewest moves (stable among equal ranks)."""
    out = list(order)
    rank = rule.rank
    if rank is None:
        return out
    if rule.rank_scope is RankScope.STACK:
        return sorted(out, key=lambda u: rank(units[u]))
    counted = [i for i, u in enumerate(out) if not rule.transparent(units[u])]
    if not counted:
        return out
    best = min(rank(units[out[i]]) for i in counted)
    first = next(i for i in counted if rank(units[out[i]]) == best)
    out.insert(counted[0], out.pop(first))
    return out


def _store(state: State, location: str, order: list[str]) -> None:
    stacks = state.setdefault(STACKS_KEY, {})
    if order:
        stacks[location] = order
    else:
        stacks.pop(location, None)


def settle(policy: StackPolicy, state: State, units: Mapping[str, Unit], location: str) -> tuple[str, ...]:
    """Bring the stack at ``location`` back into its rule (after a unit changed or left)."""
    order = _settled(policy.at(location), stack(state, location), units)
    _store(state, location, order)
    return tuple(order)


def _known(units: Mapping[str, Unit], unit: str) -> Unit:
    if unit not in units:
        raise InvalidOrder(t("There is no unit '{unit}'.", unit=unit))
    return units[unit]


def _check_rule(policy: StackPolicy, units: Mapping[str, Unit], location: str, order: Sequence[str]) -> None:
    rule = policy.at(location)
    if _settled(rule, order, units) != list(order):
        raise IllegalOrder(rule.order_reason, rule.rule)


def _top_for(rule: StackRule, order: Sequence[str], units: Mapping[str, Unit], unit: Unit) -> int:
    """Where a counter chosen for the top goes: under the markers or, in a stack sorted by rank
    (an HQ always on top), above every counter of its rank (the first combat unit under the HQ)."""
    rank = rule.rank
    if rank is not None and rule.rank_scope is RankScope.STACK:
        mine = rank(unit)
        return next((i for i, u in enumerate(order) if rank(units[u]) >= mine), len(order))
    if rule.transparent(unit):
        return 0
    return next((i for i, u in enumerate(order) if not rule.transparent(units[u])), len(order))


def set_top(
    policy: StackPolicy, state: State, units: Mapping[str, Unit], location: str, unit: str, role: Role
) -> tuple[str, ...]:
    """``role`` puts its ``unit`` on top of its stack, within the rule (see ``_top_for``)."""
    rule = policy.at(location)
    if not _sees_whole(policy, _known(units, unit), role):
        raise IllegalOrder(t("Only the owner of {unit} may choose the top of its stack.", unit=unit), rule.rule)
    order = list(stack(state, location))
    if unit not in order:
        mine = [u for u in order if _sees_whole(policy, units[u], role)]
        raise InvalidOrder(
            t("{unit} is not in {location}.", unit=unit, location=location),
            t("Your units there: {units}.", units=", ".join(mine) or "-"),
        )
    order.remove(unit)
    order.insert(_top_for(rule, order, units, units[unit]), unit)
    _check_rule(policy, units, location, order)
    _store(state, location, order)
    return tuple(order)


def _index(position: Position, height: int) -> int:
    if position == "top":
        return 0
    if position == "bottom":
        return height
    if isinstance(position, str) and position.isdigit():
        position = int(position)
    if isinstance(position, int) and 0 <= position <= height:
        return position
    raise InvalidOrder(
        t("'{position}' is not a place in a stack of {height}.", position=position, height=height),
        t("Say top, bottom or a number from 0 (the top) to {last}.", last=height),
    )


def place(
    policy: StackPolicy,
    state: State,
    units: Mapping[str, Unit],
    unit: str,
    location: str,
    position: Position = "top",
) -> tuple[str, ...]:
    """Put ``unit`` into ``location`` at ``position`` (from wherever it was), then settle both."""
    _known(units, unit)
    origin = location_of(state, unit)
    order = [u for u in stack(state, location) if u != unit]
    index = _index(position, len(order))
    if origin is not None and origin != location:
        _store(state, origin, [u for u in stack(state, origin) if u != unit])
        settle(policy, state, units, origin)
    order.insert(index, unit)
    _store(state, location, order)
    return settle(policy, state, units, location)


def remove(policy: StackPolicy, state: State, units: Mapping[str, Unit], unit: str) -> str:
    """Take ``unit`` off its stack (the game says where it goes); returns where it was."""
    _known(units, unit)
    origin = location_of(state, unit)
    if origin is None:
        raise InvalidOrder(t("{unit} is not on the map or in a box.", unit=unit))
    _store(state, origin, [u for u in stack(state, origin) if u != unit])
    settle(policy, state, units, origin)
    return origin


def reorder(
    policy: StackPolicy, state: State, units: Mapping[str, Unit], location: str, order: Sequence[str]
) -> tuple[str, ...]:
    """Set the whole order of ``location`` (top first): each of its counters once, within the rule."""
    current = stack(state, location)
    if not current:
        raise InvalidOrder(
            t("No stack stands in {location}.", location=location),
            t("Name a hex or box that holds counters ('show stacks' lists them), then its whole new order, top first."),
        )
    if sorted(order) != sorted(current):
        raise InvalidOrder(
            t("The new order of {location} must name each of its {height} counters once.", location=location, height=len(current)),
            t("Now, top first: {units}.", units=", ".join(current) or "-"),
        )
    _check_rule(policy, units, location, order)
    _store(state, location, list(order))
    return tuple(order)


def check(policy: StackPolicy, state: State, units: Mapping[str, Unit]) -> None:
    """The stack invariants: known counters, each in one place once, no empty stack, in rule."""
    where: dict[str, str] = {}
    for location, order in state.get(STACKS_KEY, {}).items():
        if not order:
            raise InvariantViolation(t("The stack at {location} is stored empty.", location=location))
        for unit in order:
            if unit not in units:
                raise InvariantViolation(t("{location} holds an unknown unit {unit}.", location=location, unit=unit))
            if unit in where:
                raise InvariantViolation(
                    t("{unit} is stacked twice ({first}, {second}).", unit=unit, first=where[unit], second=location)
                )
            where[unit] = location
        if _settled(policy.at(location), order, units) != list(order):
            raise InvariantViolation(t("The stack at {location} breaks its order rule.", location=location))


def with_shown_attributes(stack: Mapping[str, Any], extra: Callable[[str, Mapping[str, Any]], Mapping[str, Any]]) -> dict[str, Any]:
    """A stack's JSON view (``ProjectedStack.to_json``) with ``extra(unit, attributes)`` added to the
    attributes of each counter shown to its viewer; blanks are left as they are."""
    counters = []
    for c in stack.get("counters") or ():
        attributes = c.get("attributes")
        if c.get("blank") or not isinstance(attributes, Mapping):
            counters.append(c)
            continue
        counters.append({**c, "attributes": {**attributes, **extra(str(c.get("unit", "")), attributes)}})
    return {**stack, "counters": counters}
