"""The hand-corrections layer (``corrections.txt``), applied over the generated map.

One edit per line; ``#`` starts a comment (say why!). Hexes are printed labels.

    terrain HEX TERRAIN            set the terrain (a name or a one-character code)
    side+ HEX HEX FEATURE...       add hexside features
    side- HEX HEX [FEATURE...]     remove those features (all of them if none are named)
    line+ KIND[:FLAGS] HEX HEX...  add a road or railway through adjacent hexes
    line- KIND HEX HEX...          remove the KIND segments between consecutive hexes
    place HEX NAME                 move the named place to HEX
    zone+ ZONE HEX...              add hexes to a zone
    zone- ZONE HEX...              remove hexes from a zone

Terrain edits apply before the derived layers (coasts, river sides at the sea, pass checks),
everything else last. Parsing and applying are pure.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.mapgen.model import Line, MapModel
from engine.hexgrid import hexside

VERBS = ("terrain", "side+", "side-", "line+", "line-", "place", "zone+", "zone-")


@dataclass(frozen=True)
class Edit:
    verb: str
    args: tuple[str, ...]
    line_no: int


class CorrectionError(ValueError):
    pass


def parse_corrections(text: str) -> list[Edit]:
    edits: list[Edit] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        verb, *rest = body.split()
        if verb not in VERBS:
            raise CorrectionError(f"corrections.txt:{n}: unknown edit {verb!r} (known: {', '.join(VERBS)})")
        if verb == "place":
            parts = body.split(None, 2)
            if len(parts) != 3:
                raise CorrectionError(f"corrections.txt:{n}: expected 'place HEX NAME'")
            rest = parts[1:]
        minimum = {"terrain": 2, "side+": 3, "side-": 2, "line+": 3, "line-": 3, "zone+": 2, "zone-": 2, "place": 2}[verb]
        if len(rest) < minimum:
            raise CorrectionError(f"corrections.txt:{n}: {verb} needs at least {minimum} arguments")
        edits.append(Edit(verb, tuple(rest), n))
    return edits


def _check_hexes(model: MapModel, edit: Edit, hexes: tuple[str, ...]) -> None:
    for h in hexes:
        if h not in model.grid:
            raise CorrectionError(f"corrections.txt:{edit.line_no}: {h} is not a hex of this map")


def apply_terrain_edits(model: MapModel, edits: list[Edit], codes: dict[str, str]) -> None:
    """Apply the ``terrain`` edits; ``codes`` maps one-character codes to terrain names."""
    names = set(codes.values())
    for edit in edits:
        if edit.verb != "terrain":
            continue
        label, value = edit.args[0], edit.args[1]
        _check_hexes(model, edit, (label,))
        terrain = codes.get(value, value)
        if terrain not in names:
            raise CorrectionError(f"corrections.txt:{edit.line_no}: unknown terrain {value!r}")
        model.terrain[label] = terrain


def apply_other_edits(model: MapModel, edits: list[Edit]) -> None:
    """Apply every edit except ``terrain``, in file order."""
    for edit in edits:
        verb, args = edit.verb, edit.args
        if verb == "terrain":
            continue
        if verb in ("side+", "side-"):
            _check_hexes(model, edit, args[:2])
            if not model.grid.adjacent(args[0], args[1]):
                raise CorrectionError(f"corrections.txt:{edit.line_no}: {args[0]} and {args[1]} are not adjacent")
            if verb == "side+":
                model.add_side(args[0], args[1], *args[2:])
            else:
                model.remove_side(args[0], args[1], *args[2:])
        elif verb == "line+":
            kind, _, flagtext = args[0].partition(":")
            hexes = args[1:]
            _check_hexes(model, edit, hexes)
            for a, b in zip(hexes, hexes[1:], strict=False):
                if not model.grid.adjacent(a, b):
                    raise CorrectionError(f"corrections.txt:{edit.line_no}: {a} and {b} are not adjacent")
            flags = tuple(f for f in flagtext.split(",") if f)
            model.lines.append(Line(kind, flags, list(hexes), f"corrections.txt:{edit.line_no}"))
        elif verb == "line-":
            kind, hexes = args[0], args[1:]
            _check_hexes(model, edit, hexes)
            remove_segments(model, kind, {hexside(a, b) for a, b in zip(hexes, hexes[1:], strict=False)})
        elif verb == "place":
            label, name = args[0], args[1]
            _check_hexes(model, edit, (label,))
            old = model.place_named(name)
            if old is None:
                raise CorrectionError(f"corrections.txt:{edit.line_no}: no place named {name!r}")
            if label != old and label in model.places:
                raise CorrectionError(f"corrections.txt:{edit.line_no}: {label} already holds {model.places[label].name}")
            model.places[label] = model.places.pop(old)
        elif verb in ("zone+", "zone-"):
            zone, hexes = args[0], args[1:]
            _check_hexes(model, edit, hexes)
            if verb == "zone+":
                model.zones.setdefault(zone, set()).update(hexes)
            else:
                model.zones.get(zone, set()).difference_update(hexes)


def remove_segments(model: MapModel, kind: str, segments: set[tuple[str, str]]) -> None:
    """Cut the given segments out of every ``kind`` line, splitting lines where needed."""
    out: list[Line] = []
    for line in model.lines:
        if line.kind != kind:
            out.append(line)
            continue
        run = [line.hexes[0]]
        for a, b in zip(line.hexes, line.hexes[1:], strict=False):
            if hexside(a, b) in segments:
                if len(run) > 1:
                    out.append(Line(line.kind, line.flags, run, line.why))
                run = [b]
            else:
                run.append(b)
        if len(run) > 1:
            out.append(Line(line.kind, line.flags, run, line.why))
    model.lines = out
