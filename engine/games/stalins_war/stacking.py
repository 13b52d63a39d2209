"""Stalin's War: stacking (9.0).

9.1.1 at most 4 combat units in a hex; 9.1.2 at most one LCU; 9.1.3 Stalin, the Bunker, the Soviet
Fortified Zone and Partisans do not count, but at most one of each type per hex; 9.2.1 Hungarian
and Romanian units never together; 9.2.2 Partisans never with other Soviet units. Axis units may
share a hex with inactive Partisans (10.1.6, 16.1.4): only the units of one side are counted,
inactive Partisans apart.

9.1.4: stacking is ignored during movement, exploitation and retreat but must hold at the end of
each. The movement code checks the destination of each move order (see ``moves.py``).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.game import State
from engine.games.stalins_war.model import AXIS, Rules, units_in
from engine.text import Text, t


def problem(rules: Rules, state: State, label: str, adding: Iterable[str] = ()) -> Text | None:
    """What is wrong with the stack in ``label`` once ``adding`` are moved there (None if legal)."""
    return stack_problem(rules, label, set(units_in(state, label)) | set(adding))


def stack_problem(rules: Rules, label: str, present: Iterable[str]) -> Text | None:
    """What is wrong with a stack of ``present`` in ``label`` (None if legal): ``problem`` for a
    caller that already holds the units of the hex (``model.occupancy``)."""
    tables = rules.tables["stacking"]
    max_units, max_lcu = int(tables["max_units"]), int(tables["max_lcu"])
    by_side: dict[str, list[str]] = {}
    for uid in sorted(present):
        by_side.setdefault(rules.units[uid].side, []).append(uid)
    for _side, uids in sorted(by_side.items()):
        counted = [u for u in uids if not rules.units[u].non_stacking]
        if len(counted) > max_units:
            return t("No more than {n} combat units may stack in {hex}.", n=max_units, hex=label)
        if sum(1 for u in counted if rules.units[u].lcu) > max_lcu:
            return t("Only one LCU may stand in {hex}.", hex=label)
        kinds: dict[str, int] = {}
        for u in uids:
            spec = rules.units[u]
            if spec.non_stacking:
                kinds[spec.type] = kinds.get(spec.type, 0) + 1
        for kind, n in sorted(kinds.items()):
            if n > 1:
                return t("Only one {kind} may stand in {hex} (9.1.3).", kind=kind.replace("_", " "), hex=label)
        nations = {rules.units[u].nationality for u in uids}
        if {"HU", "RO"} <= nations:
            return t("Hungarian and Romanian units may never stack together (9.2.1), as in {hex}.", hex=label)
        partisans = [u for u in uids if rules.units[u].partisan]
        if partisans and len(partisans) < len(uids) and rules.units[partisans[0]].side != AXIS:
            return t("Partisans may never stack with other Soviet units (9.2.2), as in {hex}.", hex=label)
    return None


def check_hex(rules: Rules, state: State, label: str) -> Text | None:
    """What is wrong with the stacking in ``label`` now (None if legal)."""
    return problem(rules, state, label)


def fits(rules: Rules, state: State, label: str, adding: Iterable[str] = ()) -> bool:
    """Whether ``label`` would stack legally with ``adding`` moved in."""
    return problem(rules, state, label, adding) is None


def rule_of(message: Text) -> str:
    """The rule number a stacking refusal cites (for IllegalOrder)."""
    text = str(message)
    for rule in ("9.1.3", "9.2.1", "9.2.2"):
        if rule in text:
            return rule
    return "9.1.2" if "LCU" in text else "9.1.1"
