"""Positions: a game's whole situation as a readable file, written out and read back.

A position file is JSON, written by ``write`` with a stable key order (the header first, then
every object's keys sorted) and one unit (one entry of a part of the state) per line, so a
referee can read it, edit it by hand and compare two of them line by line::

    {
      "format": "adjutant-position/1",
      "game": "duel",
      "scenario": "basic",
      "options": {"hand_size": 2},
      "draws": 11,
      "fixed_rolls": [{"reason": "rules question", "value": 6}],
      "state": {
        "turn": 1,
        "units": {
          "b1": {"hex": "0505", "side": "blue"},
          ...
        }
      }
    }

``state`` holds the game's own parts under the names ``show`` and ``set`` use (turn and step,
units with hexes and values, markers, tracks, hands and decks, map overrides); the header holds
what the kernel keeps: ``draws`` (the random-number counter), ``fixed_rolls`` (the referee's
queue) and ``undo_grants``. Loading checks the file against the scenario's set-up state: a part
left out keeps its set-up value, and so does a unit left out of ``units`` (a unit written
``null`` is out of play; a unit written replaces its whole record, as ``export`` writes it),
an unknown key or a value of the wrong type is refused naming
what is accepted, a unit on a hex the map does not have is refused, and the game's
``check_invariants`` has the last word. Every refusal is a ``PositionError`` (never a
traceback). The engine reads and writes text only; files are the application's business.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import mapoverlay, printed
from engine.errors import InvalidOrder, InvariantViolation
from engine.flow import CLOSED_KEY
from engine.game import Game, State
from engine.state import clone, json_kind
from engine.text import Text, t

FORMAT = "adjutant-position/1"
#: The header's keys, in the order they are written.
HEADER = ("format", "game", "scenario", "options", "draws", "fixed_rolls", "undo_grants", "state")
#: A line longer than this is broken up (except an entry of a part of the state: one per line).
WIDTH = 100
MAX_CHARS = 4_000_000
#: How deeply a position file's lists and objects may nest (an exported one nests about 5).
MAX_DEPTH = 64
#: Where every key is an id the set-up state already has (the counter mix is fixed).
UNITS = "units"


class PositionError(InvalidOrder):
    """A position file that cannot be loaded: what is wrong, and what would be accepted."""


@dataclass(frozen=True)
class Header:
    """What a position file says it is: its game, scenario and campaign options."""

    game: str
    scenario: str | None
    options: dict[str, Any]


@dataclass
class Position:
    """A loaded position: the game's state and the kernel's values, all checked."""

    state: State
    draws: int
    fixed_rolls: list[dict[str, Any]] = field(default_factory=list)
    undo_grants: dict[str, int] = field(default_factory=dict)


# Writing -----------------------------------------------------------------------------------
def write(doc: Mapping[str, Any]) -> str:
    """``doc`` as position-file text: header keys in ``HEADER`` order, all other keys sorted,
    containers on one line when they fit in ``WIDTH`` and always for an entry of a state part."""
    keys = [k for k in HEADER if k in doc] + sorted(k for k in doc if k not in HEADER)
    lines = ["{"]
    for i, key in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        lines.append(f"  {_key(key)}: {_dump(doc[key], 2, 1)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _key(key: str) -> str:
    return json.dumps(key, ensure_ascii=False)


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))


def _dump(value: Any, indent: int, depth: int) -> str:
    """``value`` at ``indent`` spaces; ``depth`` 1 is the header, 2 the state, 3 a part's entries.

    A short container stays on one line, and so does an entry of a part whose values are all
    plain (a unit: one per line); a long one of plain values is packed several to a line.
    """
    text = _compact(value)
    if not isinstance(value, (dict, list)) or not value or indent + len(text) <= WIDTH:
        return text
    items = list(value.values()) if isinstance(value, dict) else value
    flat = all(not isinstance(v, (dict, list)) for v in items)
    if depth >= 3 and flat and isinstance(value, dict):
        return text
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        pieces = [f"{_key(k)}: {_dump(value[k], indent + 2, depth + 1)}" for k in sorted(value)]
        open_, close = "{", "}"
    else:
        pieces = [_dump(v, indent + 2, depth + 1) for v in value]
        open_, close = "[", "]"
    rows = _packed(pieces, WIDTH - len(pad)) if flat else pieces
    return open_ + "\n" + ",\n".join(pad + r for r in rows) + "\n" + " " * indent + close


def _packed(pieces: list[str], width: int) -> list[str]:
    """``pieces`` joined by commas into rows of at most ``width`` characters (a long one alone)."""
    rows, row = [], ""
    for piece in pieces:
        if row and len(row) + len(piece) + 2 > width:
            rows.append(row)
            row = ""
        row = f"{row}, {piece}" if row else piece
    rows.append(row)
    return rows


def export(
    game: Game,
    scenario: str,
    options: Mapping[str, Any],
    state: State,
    draws: int,
    fixed_rolls: list[dict[str, Any]],
    undo_grants: Mapping[str, int],
    setup_units: Iterable[str] = (),
) -> str:
    """The position file of ``state`` (the game's own parts; the kernel's values come apart).

    A unit of the set-up (``setup_units``) that the state no longer holds is written as
    ``null``, so that loading the file does not bring it back from the set-up.
    """
    doc: dict[str, Any] = {
        "format": FORMAT,
        "game": game.name,
        "scenario": scenario,
        "options": dict(options),
        "draws": draws,
    }
    if fixed_rolls:
        doc["fixed_rolls"] = fixed_rolls
    if any(undo_grants.values()):
        doc["undo_grants"] = dict(undo_grants)
    sections = game.position_sections(clone(state))
    units = sections.get(UNITS)
    if isinstance(units, dict):
        units.update({uid: None for uid in setup_units if uid not in units})
    doc["state"] = sections
    return write(doc)


# Reading -----------------------------------------------------------------------------------
def parse(text: str) -> dict[str, Any]:
    """The JSON object of a position file, or a ``PositionError`` naming the line and column."""
    if len(text) > MAX_CHARS:
        raise PositionError(t("The position file is too long ({n} characters; at most {most}).", n=len(text), most=MAX_CHARS))
    try:
        # A byte order mark is no part of the text (Windows Notepad writes one before a UTF-8 file).
        doc = json.loads(text.removeprefix("\ufeff"), object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise PositionError(
            t("The position file is not valid JSON: {why} at line {line}, column {col}.", why=_json_error(exc.msg), line=exc.lineno, col=exc.colno),
            t("A position file is one JSON object; 'export position' writes one to start from."),
        ) from None
    except _Refused as exc:
        raise PositionError(exc.text) from None
    except RecursionError:
        raise PositionError(_too_deep()) from None
    except ValueError:  # what is left: a number beyond the digits Python converts
        raise PositionError(
            t("The position file holds a number with far too many digits."),
            t("Numbers in a position are turns, steps, points and counts."),
        ) from None
    if not isinstance(doc, dict):
        raise PositionError(t("A position file is one JSON object, not a list or a single value."))
    if _depth(doc) > MAX_DEPTH:
        raise PositionError(_too_deep())
    return doc


def _too_deep() -> Text:
    return t(
        "The position file nests lists and objects too deeply (more than {most} levels; an exported position nests a few).",
        most=MAX_DEPTH,
    )


def _json_error(message: str) -> Text:
    """What the JSON reader found wrong (``json.JSONDecodeError.msg``, Python's English), as a catalogue text."""
    if message.startswith("Expecting value"):
        return t("a value is missing")
    if message.startswith("Expecting property name"):
        return t("a key is missing or not in double quotes")
    if message.startswith("Expecting ':'"):
        return t("a ':' is missing after a key")
    if message.startswith("Expecting ','"):
        return t("a ',' is missing between two items")
    if message.startswith("Unterminated string"):
        return t("a text in quotes is not closed")
    if message.startswith("Invalid control character"):
        return t("a text in quotes holds a control character (a line break or a tab must be written \\n or \\t)")
    if message.startswith("Invalid \\"):
        return t("a backslash in a text starts no valid escape")
    if message.startswith("Extra data"):
        return t("more text follows the end of the object")
    if message.startswith("Illegal trailing comma"):
        return t("a ',' is followed by no item")
    return t("the text is not JSON here")


def _depth(doc: Any) -> int:
    """How deeply ``doc``'s lists and objects nest (walked without recursion)."""
    deepest, stack = 0, [(doc, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                stack += [(child, level + 1) for child in (node.values() if isinstance(node, dict) else node)]
    return deepest


class _Refused(ValueError):
    def __init__(self, text: Text) -> None:
        super().__init__(str(text))
        self.text = text


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(t("The key '{key}' appears twice in one object of the position file; keep one.", key=key))
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise _Refused(t("'{name}' is not a number a position may hold; give a finite number.", name=name))


def header(text: str) -> Header:
    """The game, scenario and options a position file names (checked later by ``load``)."""
    return _header(parse(text))


def _header(doc: Mapping[str, Any]) -> Header:
    _check_header_keys(doc)
    game = doc.get("game")
    if not isinstance(game, str):
        raise PositionError(t("'game' must name the game in double quotes, e.g. \"game\": \"caucasus\"."))
    scenario = doc.get("scenario")
    if scenario is not None and not isinstance(scenario, str):
        raise PositionError(t("'scenario' must be a scenario's name in double quotes."))
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise PositionError(t("'options' must be an object of option names and values, e.g. {example}.", example='{"hand_size": 2}'))
    return Header(game, scenario, dict(options))


def _check_header_keys(doc: Mapping[str, Any]) -> None:
    unknown = [k for k in doc if k not in HEADER]
    if unknown:
        raise PositionError(
            t("Unknown key '{key}' in the position file.", key=unknown[0]),
            t("A position file holds: {keys}.", keys=", ".join(HEADER)),
        )
    if doc.get("format") != FORMAT:
        raise PositionError(
            t("The position file's 'format' must be \"{format}\".", format=FORMAT),
            t("Its first key is \"format\": \"{format}\".", format=FORMAT),
        )
    if "state" not in doc:
        raise PositionError(t("The position file has no 'state': the game's parts (units, turn, ...) go there."))


def load(
    game: Game,
    text: str,
    scenario: str,
    options: Mapping[str, Any],
    setup: Callable[[], tuple[State, int]],
    max_fixed: int,
) -> Position:
    """Read and check a position of ``game`` for a campaign of ``scenario`` with ``options``.

    ``setup`` gives the scenario's set-up state and its draw count: the template the file is
    checked against, and the value of every part the file leaves out.
    """
    doc = parse(text)
    head = _header(doc)
    if head.game != game.name:
        raise PositionError(
            t("This position is of the game '{given}', not of {game}.", given=head.game, game=game.name),
            t("Load it into a campaign of {given}, or set \"game\": \"{game}\".", given=head.game, game=game.name),
        )
    if head.scenario is not None and head.scenario != scenario:
        raise PositionError(
            t("This position is of scenario '{given}'; the campaign plays scenario '{scenario}'.", given=head.scenario, scenario=scenario),
            t("Scenarios of {game}: {names}. Start a campaign of that scenario from the file instead.", game=game.name, names=", ".join(game.scenarios)),
        )
    _check_options(game, head.options, options)
    template, setup_draws = setup()
    sections = doc["state"]
    if not isinstance(sections, dict):
        raise PositionError(t("'state' must be an object of the game's parts, e.g. {example}.", example='{"turn": 3, "units": {...}}'))
    _check_sections(game, template, sections)
    _check_hexes(game, sections)
    state = game.position_state(_with_units(clone(sections), template), clone(template))
    try:
        if game.board is not None and game.reads_map_overrides:
            mapoverlay.check(game.board, state.get(mapoverlay.MAP_KEY))
        elif state.get(mapoverlay.MAP_KEY):
            raise InvariantViolation(mapoverlay.NOT_READ)
        printed.check(state, game.counter_fields)
        with mapoverlay.bound(game.board, state):
            game.check_invariants(state)
    except InvariantViolation as exc:
        raise PositionError(
            t("The position is impossible: {why}", why=exc.message),
            t("Correct that part of the file; a position written by 'export position' always loads."),
        ) from exc
    return Position(
        state=state,
        draws=_whole(doc.get("draws", setup_draws), "draws", 0),
        fixed_rolls=_fixed_rolls(doc.get("fixed_rolls", []), max(game.dice), max_fixed),
        undo_grants=_grants(game, doc.get("undo_grants", {})),
    )


def _with_units(sections: dict[str, Any], template: State) -> dict[str, Any]:
    """``sections`` with their units completed from the set-up: a unit the file leaves out keeps
    its set-up record, a unit given as ``null`` is out of play, a unit given replaces its record."""
    units, known = sections.get(UNITS), template.get(UNITS)
    if isinstance(units, dict) and isinstance(known, dict):
        merged = {uid: clone(record) for uid, record in known.items() if uid not in units}
        merged.update({uid: record for uid, record in units.items() if record is not None})
        sections[UNITS] = merged
    return sections


def _check_options(game: Game, given: Mapping[str, Any], options: Mapping[str, Any]) -> None:
    for key, value in given.items():
        if key not in game.options:
            raise PositionError(
                t("Unknown option '{name}' in the position file.", name=key),
                t("Options of {game}: {names}.", game=game.name, names=", ".join(game.options) or "none"),
            )
        if json_kind(value) != json_kind(game.options[key]):
            raise PositionError(
                t("Option '{name}' holds {expected}.", name=key, expected=_described(game.options[key])),
                t("For example: \"{name}\": {example}", name=key, example=_compact(game.options[key])),
            )
        if value != options.get(key):
            raise PositionError(
                t("The position is for {name} = {given}; this campaign has {name} = {value}.", name=key, given=_compact(value), value=_compact(options.get(key))),
                t("Start a campaign with that option from the file instead, or change it in the file."),
            )


def _check_sections(game: Game, template: State, sections: Mapping[str, Any]) -> None:
    # The sequence's memory of the steps it closed (engine.flow) may be there in any game.
    extra = {k for k in game.position_keys if "." not in k} | {CLOSED_KEY, mapoverlay.MAP_KEY, printed.COUNTERS_KEY}
    accepted = sorted(set(template) | extra)
    for name, value in sections.items():
        if name not in template and name not in extra:
            raise PositionError(
                t("Unknown part '{name}' in the position's state.", name=name),
                t("The parts of {game}'s state: {names}.", game=game.name, names=", ".join(accepted)),
            )
        if name == UNITS and isinstance(template.get(UNITS), dict):
            _check_units(game, template[UNITS], value)
        elif name in template:
            _check_shape(name, template[name], value)


def _check_units(game: Game, known: Mapping[str, Any], units: Any) -> None:
    if not isinstance(units, dict):
        raise PositionError(t("'units' must be an object with one unit per line, e.g. {example}.", example='"ID": {...}'))
    fields: dict[str, Any] = {}
    for record in known.values():
        if isinstance(record, dict):
            for key, value in record.items():
                if fields.get(key) is None:
                    fields[key] = value
    for key in game.position_keys:
        if key.startswith("units.*."):
            fields.setdefault(key.removeprefix("units.*."), None)
    for uid, record in units.items():
        if uid not in known:
            raise PositionError(
                t("Unknown unit '{unit}' in the position.", unit=uid),
                t("Units of {game} are named by their ids, e.g. {examples}.", game=game.name, examples=", ".join(list(known)[:6])),
            )
        if record is None:
            continue  # out of play
        if not isinstance(record, dict):
            raise PositionError(t("Unit '{unit}' must be an object of its values, e.g. {example}.", unit=uid, example=_example(known[uid])))
        for key, value in record.items():
            if key not in fields:
                raise PositionError(
                    t("Unit '{unit}' has an unknown value '{key}'.", unit=uid, key=key),
                    t("A unit of {game} may hold: {keys}.", game=game.name, keys=", ".join(sorted(fields))),
                )
            _check_shape(f"units.{uid}.{key}", fields[key], value)


def _check_shape(path: str, old: Any, new: Any) -> None:
    """Refuse ``new`` where it cannot stand in place of the set-up value ``old``.

    Objects are checked key by key where both have the key (others may hold keys the set-up
    state lacks: markers, per-round notes); lists item by item against the set-up items' kinds.
    """
    if not _fits(json_kind(old), json_kind(new)):
        raise PositionError(
            t("'{path}' holds {expected}; the position gives {given}.", path=path, expected=_described(old), given=_described(new)),
            t("For example: {example}", example=_example(old)),
        )
    if isinstance(new, dict) and isinstance(old, dict):
        for key, value in new.items():
            if key in old:
                _check_shape(f"{path}.{key}", old[key], value)
    if isinstance(new, list) and isinstance(old, list) and old:
        kinds = {json_kind(x) for x in old}
        for i, item in enumerate(new):
            if not any(_fits(k, json_kind(item)) for k in kinds):
                raise PositionError(
                    t("'{path}' holds {expected}; item {n} does not fit there.", path=path, expected=_described(old), n=i + 1),
                    t("For example: {example}", example=_example(old)),
                )


def _check_hexes(game: Game, sections: Mapping[str, Any]) -> None:
    hexes = game.hexes()
    if hexes is None:
        return
    for path, label in _hex_values(sections, ""):
        if label not in hexes:
            first, last = min(hexes), max(hexes)
            raise PositionError(
                t("'{path}' is hex {hex}, which is not on the map of {game}.", path=path, hex=label, game=game.name),
                t("Hexes are printed labels from {first} to {last}, or null for a unit off the map.", first=first, last=last),
            )


def _hex_values(node: Any, path: str) -> Iterator[tuple[str, str]]:
    """Every text value held under a key named ``hex`` anywhere in ``node``, with its path."""
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{path}.{key}" if path else str(key)
            if key == "hex" and isinstance(value, str):
                yield here, value
            else:
                yield from _hex_values(value, here)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _hex_values(value, f"{path}.{i}")


def _whole(value: Any, name: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise PositionError(t("'{name}' must be a whole number of at least {low}.", name=name, low=low))
    return value


def _fixed_rolls(value: Any, top: int, most: int) -> list[dict[str, Any]]:
    usage = t("'fixed_rolls' is a list of the next rolls, each a number from 1 to {top} or {example}.", top=top, example='{"value": 4, "reason": "..."}')
    if not isinstance(value, list):
        raise PositionError(usage)
    if len(value) > most:
        raise PositionError(t("At most {n} fixed rolls may wait at once.", n=most))
    out = []
    for item in value:
        roll, reason = (item, "") if not isinstance(item, dict) else (item.get("value"), item.get("reason", ""))
        if isinstance(item, dict) and set(item) - {"value", "reason"}:
            raise PositionError(usage)
        if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= top or not isinstance(reason, str):
            raise PositionError(usage)
        out.append({"value": roll, "reason": reason})
    return out


def _grants(game: Game, value: Any) -> dict[str, int]:
    usage = t("'undo_grants' gives each side's extra undos, e.g. {example}; sides: {roles}.", example='{"' + game.roles[0] + '": 1}', roles=", ".join(game.roles))
    if not isinstance(value, dict):
        raise PositionError(usage)
    for role, count in value.items():
        if role not in game.roles or isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise PositionError(usage)
    return {str(k): int(v) for k, v in value.items() if v}


# Shapes ------------------------------------------------------------------------------------
def _fits(old: str, new: str) -> bool:
    """Whether a value of kind ``new`` may stand where the set-up state has one of kind ``old``
    (null stands for an absent value of any type: a unit's hex when it is in a box; a whole
    number and a fraction are both numbers: movement points spent may be 1.5)."""
    return old == "null" or new == "null" or old == new or {old, new} == {"float", "int"}


def _described(value: Any) -> Text:
    kind = json_kind(value)
    if kind == "bool":
        return t("true or false")
    if kind in ("int", "float"):
        return t("a number")
    if kind == "str":
        return t("text (in double quotes)")
    if kind == "list":
        return t("a list")
    if kind == "dict":
        return t("an object")
    return t("null")


def _example(value: Any) -> str:
    text = _compact(value)
    return text if len(text) <= 80 else text[:77] + "..."
