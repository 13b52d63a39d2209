"""Counter values per unit: a referee's override of a counter's printed values for this campaign.

The state part ``counter_values`` (absent while every counter is as printed) holds, per unit,
per step (the side of the counter showing, as the game counts its steps: ``"0"`` full
strength), the printed values changed and their new values::

    {"ger_3pz": {"0": {"attack": 12, "move": 8}}}

A game names the values a referee may change (``Game.counter_fields``: name -> ``int`` or
``bool``) and the unit key of its step count (``Game.counter_step_key``), and its accessor of a
unit's values reads ``face``. Being state, it replays, is exported in position files and goes
back with undo and rewind. The referee command is ``counter UNIT FIELD VALUE [FIELD VALUE...]``
(the values of the step the counter shows now) and ``counter UNIT reset``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.errors import InvalidOrder, InvariantViolation
from engine.text import Text, t

COUNTERS_KEY = "counter_values"
_TRUE, _FALSE = ("yes", "true", "on", "1"), ("no", "false", "off", "0")


def face(state: Mapping[str, Any], uid: str, step: int) -> Mapping[str, Any]:
    """The printed values the referee changed on ``uid``'s step ``step`` (empty: none)."""
    found = (state.get(COUNTERS_KEY) or {}).get(uid, {}).get(str(step))
    return found if isinstance(found, Mapping) else {}


def changed(state: Mapping[str, Any], uid: str) -> bool:
    """Whether the referee changed any printed value of ``uid``."""
    return bool((state.get(COUNTERS_KEY) or {}).get(uid))


def usage(fields: Mapping[str, str]) -> Text:
    return t(
        "Usage: counter UNIT FIELD VALUE [FIELD VALUE...] (fields: {fields}) or counter UNIT reset; each followed by 'because REASON'.",
        fields=", ".join(fields) or "-",
    )


def apply(
    state: dict[str, Any],
    args: Sequence[str],
    fields: Mapping[str, str],
    step_key: str,
    unit_of: Callable[[str], str],
) -> str:
    """Change ``state``'s counter values as ``counter ARGS`` says; returns the unit's id.

    ``unit_of`` resolves the typed unit (id or name) or raises ``InvalidOrder``."""
    if not fields:
        raise InvalidOrder(t("This game has no printed counter values a referee may change."))
    if len(args) < 2:
        raise InvalidOrder(t("Which unit, and which values?"), usage(fields))
    uid = unit_of(args[0])
    unit = state.get("units", {}).get(uid)
    if not isinstance(unit, Mapping):
        raise InvalidOrder(t("No unit {unit}.", unit=args[0]), usage(fields))
    table: dict[str, Any] = state.get(COUNTERS_KEY) or {}
    if [a.casefold() for a in args[1:]] == ["reset"]:
        table.pop(uid, None)
    else:
        pairs = list(args[1:])
        if len(pairs) % 2:
            raise InvalidOrder(t("Give each value as FIELD VALUE."), usage(fields))
        step = str(int(unit.get(step_key) or 0))
        mine = table.setdefault(uid, {}).setdefault(step, {})
        for name, text in zip(pairs[::2], pairs[1::2], strict=True):
            key = name.casefold()
            if key not in fields:
                raise InvalidOrder(t("Unknown counter value '{name}'; values: {fields}.", name=name, fields=", ".join(fields)))
            mine[key] = _value(key, fields[key], text)
    if table:
        state[COUNTERS_KEY] = table
    else:
        state.pop(COUNTERS_KEY, None)
    return uid


def _value(name: str, kind: str, text: str) -> int | bool:
    if kind == "bool":
        if text.casefold() in _TRUE:
            return True
        if text.casefold() in _FALSE:
            return False
        raise InvalidOrder(t("'{name}' is yes or no.", name=name))
    try:
        value = int(text)
    except ValueError:
        raise InvalidOrder(t("'{name}' is a whole number, e.g. {name} 5.", name=name)) from None
    if not 0 <= value <= 99:
        raise InvalidOrder(t("'{name}' is a whole number from 0 to 99.", name=name))
    return value


def check(state: Mapping[str, Any], fields: Mapping[str, str]) -> None:
    """Raise ``InvariantViolation`` if the counter values are not of the game's units and fields."""
    table = state.get(COUNTERS_KEY)
    if table is None:
        return
    units = state.get("units", {})
    if not isinstance(table, dict):
        raise InvariantViolation(t("The counter values are an object of units."))
    for uid, steps in table.items():
        if uid not in units or not isinstance(steps, dict):
            raise InvariantViolation(t("The counter values name {unit}, which is not a unit of the game.", unit=uid))
        for step, values in steps.items():
            if not str(step).isdigit() or not isinstance(values, dict):
                raise InvariantViolation(t("The counter values of {unit} are given by step number (0 is full strength).", unit=uid))
            for key, value in values.items():
                kind = fields.get(key)
                ok = isinstance(value, bool) if kind == "bool" else (kind == "int" and isinstance(value, int) and not isinstance(value, bool))
                if not ok:
                    raise InvariantViolation(t("The counter value {name} of {unit} is not one a referee may set.", name=key, unit=uid))
